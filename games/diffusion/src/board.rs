//! The Diffusion state and its rules.

use rand::Rng as _;
use tabula::{
    Game, MoveError, Outcome, ParamError, ParamKind, ParamSpec, Params, PositionError, Rng, Seat,
    View,
};

/// The widest board (`width` 12): 24 pits, so a `u32` holds one bit per pit.
pub(crate) const MAX_PITS: usize = 24;
const LEFT_STORE: u8 = MAX_PITS as u8;
const RIGHT_STORE: u8 = LEFT_STORE + 1;

/// A small pit, and so a move: index `row * width + column`, row 0 being
/// the upper row (B's side) and row 1 the lower row (A's side).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pit(pub u8);

/// Who owns which pits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Blocks {
    /// Steere's rule: A owns the left half, B the right half.
    Halves,
    /// Diffusion v2: A owns the lower row, B the upper row.
    Rows,
}

/// A Diffusion position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Diffusion {
    pits: [u8; MAX_PITS],
    /// Bit `p` set when pit `p` holds stones: move generation and the end
    /// test are mask operations.
    nonempty: u32,
    /// Each player's block as a pit mask, indexed by seat.
    blocks: [u32; 2],
    /// Stones sent off the board since this position began, left and right.
    stores: [u8; 2],
    width: u8,
    to_move: u8,
    kind: Blocks,
}

/// The five sowing positions of every pit, per even width 4..=12, fixed by
/// RULES.md: lower-row pits sow E, NE, N, NW, W; upper-row pits W, SW, S,
/// SE, E. A position past either end is that end's store.
static SOWING: [[[u8; 5]; MAX_PITS]; 5] = [
    sowing_table(4),
    sowing_table(6),
    sowing_table(8),
    sowing_table(10),
    sowing_table(12),
];

const fn sowing_table(width: usize) -> [[u8; 5]; MAX_PITS] {
    // (row offset, column offset) per sowing step, for each row.
    const UPPER: [(i32, i32); 5] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1)];
    const LOWER: [(i32, i32); 5] = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)];
    let mut table = [[0u8; 5]; MAX_PITS];
    let mut pit = 0;
    while pit < 2 * width {
        let (row, col) = ((pit / width) as i32, (pit % width) as i32);
        let steps = if row == 0 { UPPER } else { LOWER };
        let mut k = 0;
        while k < 5 {
            let (r, c) = (row + steps[k].0, col + steps[k].1);
            table[pit][k] = if c < 0 {
                LEFT_STORE
            } else if c >= width as i32 {
                RIGHT_STORE
            } else {
                (r * width as i32 + c) as u8
            };
            k += 1;
        }
        pit += 1;
    }
    table
}

static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "width",
        kind: ParamKind::Int { min: 4, max: 12 },
        default: "6",
        help: "pits per row (even); Steere's generalized Diffusion uses 8 or 10",
    },
    ParamSpec {
        name: "stones",
        kind: ParamKind::Int { min: 1, max: 5 },
        default: "4",
        help: "stones per pit at the start; 1-3 are learning variants",
    },
    ParamSpec {
        name: "blocks",
        kind: ParamKind::Choice(&["halves", "rows"]),
        default: "halves",
        help: "halves: A owns the left half; rows: A owns the lower row (Diffusion v2)",
    },
];

impl Diffusion {
    /// An empty board of `width` (even, 4..=12) with A to move.
    pub fn empty(width: usize, kind: Blocks) -> Self {
        assert!(
            width.is_multiple_of(2) && (4..=12).contains(&width),
            "bad width {width}"
        );
        let row = (1u32 << width) - 1;
        let left_half = (1u32 << (width / 2)) - 1;
        let blocks = match kind {
            Blocks::Halves => {
                let a = left_half | left_half << width;
                [a, (row | row << width) & !a]
            }
            Blocks::Rows => [row << width, row],
        };
        Diffusion {
            pits: [0; MAX_PITS],
            nonempty: 0,
            blocks,
            stores: [0; 2],
            width: width as u8,
            to_move: 0,
            kind,
        }
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    pub fn blocks(&self) -> Blocks {
        self.kind
    }

    /// Stones in `pit`.
    pub fn stones(&self, pit: Pit) -> u8 {
        self.pits[pit.0 as usize]
    }

    /// Stones sent to the left and right stores since this position began.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// Whether `pit` belongs to `seat`'s block.
    pub fn in_block(&self, seat: Seat, pit: Pit) -> bool {
        self.blocks[seat] & (1 << pit.0) != 0
    }

    /// The pits `pit` sows into, in order (`None` for a store).
    pub fn sowing_order(&self, pit: Pit) -> impl Iterator<Item = Option<Pit>> + '_ {
        self.targets(pit)
            .iter()
            .map(|&t| (t < LEFT_STORE).then_some(Pit(t)))
    }

    fn targets(&self, pit: Pit) -> &'static [u8; 5] {
        &SOWING[self.width as usize / 2 - 2][pit.0 as usize]
    }

    pub(crate) fn pit_count(&self) -> usize {
        2 * self.width as usize
    }

    /// Puts `count` stones in `pit` (for building positions).
    pub(crate) fn set_stones(&mut self, pit: Pit, count: u8) {
        let p = pit.0 as usize;
        self.pits[p] = count;
        if count > 0 {
            self.nonempty |= 1 << p;
        } else {
            self.nonempty &= !(1 << p);
        }
    }

    pub(crate) fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat as u8;
    }

    /// Whether both blocks are empty: impossible in play.
    pub(crate) fn both_blocks_empty(&self) -> bool {
        self.nonempty & (self.blocks[0] | self.blocks[1]) == 0
    }

    /// The store nearer to `pit`: 0 left, 1 right.
    fn nearer_store(&self, pit: usize) -> usize {
        usize::from(pit % self.width as usize >= self.width as usize / 2)
    }
}

impl Game for Diffusion {
    type Move = Pit;
    const NAME: &'static str = "diffusion";
    const DESCRIPTION: &'static str =
        "Mark Steere's 2x6 mancala: sow around the emptied pit; empty your block to win";
    /// `D` (lower row) and `d` (upper row) are different pits.
    const CASE_SENSITIVE_MOVES: bool = true;

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn rules() -> &'static str {
        include_str!("../RULES.txt")
    }

    fn new(params: &Params) -> Result<Self, ParamError> {
        let width = params.int("width");
        if width % 2 != 0 {
            return Err(ParamError::new(
                "width",
                &width.to_string(),
                "an even number",
            ));
        }
        let kind = match params.text("blocks") {
            "rows" => Blocks::Rows,
            _ => Blocks::Halves,
        };
        let mut state = Diffusion::empty(width as usize, kind);
        for pit in 0..state.pit_count() {
            state.set_stones(Pit(pit as u8), params.int("stones") as u8);
        }
        Ok(state)
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["A", "B"][seat.min(1)].to_string()
    }

    fn outcome(&self) -> Option<Outcome> {
        // Play never empties both blocks at once; A is checked first for
        // positions set up by hand.
        (0..2)
            .find(|&seat| self.nonempty & self.blocks[seat] == 0)
            .map(Outcome::win)
    }

    fn legal_moves(&self, moves: &mut Vec<Pit>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let mut bits = self.nonempty;
        while bits != 0 {
            moves.push(Pit(bits.trailing_zeros() as u8));
            bits &= bits - 1;
        }
    }

    fn is_legal(&self, mv: Pit) -> bool {
        (mv.0 as usize) < self.pit_count()
            && self.nonempty & (1 << mv.0) != 0
            && self.outcome().is_none()
    }

    fn play(&mut self, mv: Pit) {
        let pit = mv.0 as usize;
        let count = self.pits[pit] as usize;
        debug_assert!(
            (1..=5).contains(&count),
            "scooping {count} stones from {mv:?}"
        );
        self.pits[pit] = 0;
        self.nonempty &= !(1 << pit);
        for &target in &self.targets(mv)[..count] {
            if target >= LEFT_STORE {
                self.stores[(target - LEFT_STORE) as usize] += 1;
            } else if self.pits[target as usize] == 5 {
                let store = self.nearer_store(target as usize);
                self.stores[store] += 1;
            } else {
                self.pits[target as usize] += 1;
                self.nonempty |= 1 << target;
            }
        }
        self.to_move ^= 1;
    }

    fn random_move(&self, rng: &mut Rng, _: &mut Vec<Pit>) -> Option<Pit> {
        if self.outcome().is_some() {
            return None;
        }
        // The k-th set bit of the non-empty mask, k uniform.
        let mut bits = self.nonempty;
        for _ in 0..rng.random_range(0..bits.count_ones()) {
            bits &= bits - 1;
        }
        Some(Pit(bits.trailing_zeros() as u8))
    }

    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        crate::notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Pit) -> String {
        crate::notation::format_move(self, mv)
    }

    fn position(&self) -> String {
        crate::notation::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        crate::notation::parse_position(self, text)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        crate::render::render(self, view)
    }
}
