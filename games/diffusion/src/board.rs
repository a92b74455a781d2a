//! The Diffusion state and its rules.

use rand::Rng as _;
use tabula::{
    Game, MoveError, Outcome, ParamError, ParamKind, ParamSpec, Params, PositionError, Rng, Seat,
    View,
};

/// The widest board (`width` 12): 24 pits, 96 bits of nibbles.
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
///
/// The pits are packed four bits each into one `u128` (a pit never holds
/// more than 5 stones), so a move is one table look-up and one addition,
/// and the overflow and end tests are a few word operations.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Diffusion {
    /// Pit `p`'s count in bits `4p..4p + 4`.
    cells: u128,
    /// Bit `p` set when pit `p` holds stones: moves and the end test.
    nonempty: u32,
    /// Stones sent off the board since this position began, left and right.
    stores: [u8; 2],
    width: u8,
    to_move: u8,
    kind: Blocks,
}

/// Every nibble's lowest bit, and the masks the overflow test uses.
const ONES: u128 = u128::MAX / 0xF;
const SEVENS: u128 = ONES * 7;
const EIGHTS: u128 = ONES * 8;
const SIXES: u128 = ONES * 6;

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

/// What sowing `count` stones from a pit adds: one per target pit's
/// nibble, and the stones that go straight to each store.
#[derive(Clone, Copy)]
struct Sowing {
    add: u128,
    /// The pits that receive a stone (each becomes or stays non-empty).
    filled: u32,
    stores: [u8; 2],
}

/// `SOWINGS[width index][pit][count]`, built from [`SOWING`].
static SOWINGS: [[[Sowing; 6]; MAX_PITS]; 5] =
    [sowings(0), sowings(1), sowings(2), sowings(3), sowings(4)];

const fn sowings(width_index: usize) -> [[Sowing; 6]; MAX_PITS] {
    let targets = &SOWING[width_index];
    let none = Sowing {
        add: 0,
        filled: 0,
        stores: [0; 2],
    };
    let mut table = [[none; 6]; MAX_PITS];
    let mut pit = 0;
    while pit < MAX_PITS {
        let mut count = 1;
        while count <= 5 {
            let mut sowing = table[pit][count - 1];
            let target = targets[pit][count - 1];
            if target >= LEFT_STORE {
                sowing.stores[(target - LEFT_STORE) as usize] += 1;
            } else {
                sowing.add += 1 << (4 * target as u32);
                sowing.filled |= 1 << target;
            }
            table[pit][count] = sowing;
            count += 1;
        }
        pit += 1;
    }
    table
}

/// Pit masks per width index: each seat's block for both block kinds
/// (`[kind][seat]`).
static BLOCKS: [[[u32; 2]; 2]; 5] = [blocks(4), blocks(6), blocks(8), blocks(10), blocks(12)];

/// Nibble masks of the right half's pits (the right store's side).
static RIGHT_HALF: [u128; 5] = [
    right_half(4),
    right_half(6),
    right_half(8),
    right_half(10),
    right_half(12),
];

const fn right_half(width: usize) -> u128 {
    let row = (1u128 << (4 * width)) - 1;
    let left = (1u128 << (2 * width)) - 1;
    (row | row << (4 * width)) & !(left | left << (4 * width))
}

const fn blocks(width: usize) -> [[u32; 2]; 2] {
    let row = (1u32 << width) - 1;
    let left = (1u32 << (width / 2)) - 1;
    let left_half = left | left << width;
    [
        [left_half, (row | row << width) & !left_half],
        [row << width, row],
    ]
}

/// Bit 3 of each nibble that is non-zero.
#[inline]
fn nonzero_nibbles(cells: u128) -> u128 {
    (((cells & SEVENS) + SEVENS) | cells) & EIGHTS
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
        Diffusion {
            cells: 0,
            nonempty: 0,
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
        (self.cells >> (4 * pit.0 as u32)) as u8 & 0xF
    }

    /// Stones sent to the left and right stores since this position began.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// Whether `pit` belongs to `seat`'s block.
    pub fn in_block(&self, seat: Seat, pit: Pit) -> bool {
        self.block(seat) & (1 << pit.0) != 0
    }

    /// The pits `pit` sows into, in order (`None` for a store).
    pub fn sowing_order(&self, pit: Pit) -> impl Iterator<Item = Option<Pit>> + '_ {
        SOWING[self.width_index()][pit.0 as usize]
            .iter()
            .map(|&t| (t < LEFT_STORE).then_some(Pit(t)))
    }

    fn width_index(&self) -> usize {
        self.width as usize / 2 - 2
    }

    fn block(&self, seat: Seat) -> u32 {
        BLOCKS[self.width_index()][self.kind as usize][seat]
    }

    pub(crate) fn pit_count(&self) -> usize {
        2 * self.width as usize
    }

    /// Puts `count` (at most 5) stones in `pit` (for building positions).
    pub(crate) fn set_stones(&mut self, pit: Pit, count: u8) {
        let shift = 4 * pit.0 as u32;
        self.cells = self.cells & !(0xF << shift) | u128::from(count.min(5)) << shift;
        if count > 0 {
            self.nonempty |= 1 << pit.0;
        } else {
            self.nonempty &= !(1 << pit.0);
        }
    }

    pub(crate) fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat as u8;
    }

    /// Whether both blocks are empty: impossible in play.
    pub(crate) fn both_blocks_empty(&self) -> bool {
        self.nonempty == 0
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

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        // Play never empties both blocks at once; A is checked first for
        // positions set up by hand.
        if self.nonempty & self.block(0) == 0 {
            Some(Outcome::win(0))
        } else if self.nonempty & self.block(1) == 0 {
            Some(Outcome::win(1))
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Pit>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let mut nonempty = self.nonempty;
        while nonempty != 0 {
            moves.push(Pit(nonempty.trailing_zeros() as u8));
            nonempty &= nonempty - 1;
        }
    }

    fn is_legal(&self, mv: Pit) -> bool {
        (mv.0 as usize) < self.pit_count() && self.stones(mv) > 0 && self.outcome().is_none()
    }

    #[inline]
    fn play(&mut self, mv: Pit) {
        let shift = 4 * mv.0 as u32;
        let count = (self.cells >> shift) as usize & 0xF;
        debug_assert!(
            (1..=5).contains(&count),
            "scooping {count} stones from {mv:?}"
        );
        let sowing = &SOWINGS[self.width_index()][mv.0 as usize][count];
        self.cells = (self.cells & !(0xF << shift)) + sowing.add;
        self.nonempty = self.nonempty & !(1 << mv.0) | sowing.filled;
        self.stores[0] += sowing.stores[0];
        self.stores[1] += sowing.stores[1];
        // A pit holds at most 5: each pit got at most one stone, so the
        // overflowing pits are exactly the nibbles that now read 6.
        let sixes = !nonzero_nibbles(self.cells ^ SIXES) & EIGHTS;
        if sixes != 0 {
            let overflow = sixes >> 3;
            self.cells -= overflow;
            let right = (overflow & RIGHT_HALF[self.width_index()]).count_ones() as u8;
            self.stores[1] += right;
            self.stores[0] += overflow.count_ones() as u8 - right;
        }
        self.to_move ^= 1;
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng, _: &mut Vec<Pit>) -> Option<Pit> {
        if self.outcome().is_some() {
            return None;
        }
        // A few uniform draws over all pits usually hit a non-empty one;
        // otherwise take the k-th non-empty pit. Each way is uniform over
        // the legal moves, and so is their mixture.
        let pits = self.pit_count() as u8;
        for _ in 0..4 {
            let pit = rng.random_range(0..pits);
            if self.nonempty & (1 << pit) != 0 {
                return Some(Pit(pit));
            }
        }
        // Rarely: the k-th non-empty pit, k uniform (also exactly uniform).
        let mut nonempty = self.nonempty;
        for _ in 0..rng.random_range(0..nonempty.count_ones()) {
            nonempty &= nonempty - 1;
        }
        Some(Pit(nonempty.trailing_zeros() as u8))
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
