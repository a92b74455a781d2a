//! The Diffusion state and its rules: sowing a pit, the end, the moves.

use tabula_core::{Game, Outcome, Rng, Seat};

use crate::geometry::{sowing_order, width_index, Blocks, Pit, BLOCKS, ONES, RIGHT_HALF, SOWINGS};
use crate::variant::DiffusionVariant;

/// How a seat is called where people read it: South (seat 0, the lower
/// row, Steere's player A) moves first, North (the upper row, player B)
/// second. Not `A`/`B`, which read like the pits `A` and `B`
/// ("B plays A"); position texts keep the letters [`side_letter`] gives.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["South", "North"][seat.min(1)]
}

/// The side to move in a position text: `A` (South) or `B` (North), as
/// the rules fix it.
pub(crate) fn side_letter(seat: Seat) -> &'static str {
    ["A", "B"][seat.min(1)]
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
    variant: DiffusionVariant,
    to_move: u8,
}

impl Diffusion {
    /// An empty board of `variant` with South to move.
    pub fn empty(variant: &DiffusionVariant) -> Self {
        Diffusion {
            cells: 0,
            nonempty: 0,
            stores: [0; 2],
            variant: *variant,
            to_move: 0,
        }
    }

    /// Pits per row.
    pub fn width(&self) -> usize {
        self.variant.width()
    }

    /// Who owns which pits.
    pub fn blocks(&self) -> Blocks {
        self.variant.blocks()
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
    pub fn sowing_order(&self, pit: Pit) -> impl Iterator<Item = Option<Pit>> {
        sowing_order(width_index(self.width()), pit)
    }

    /// `seat`'s pits as a bit set.
    pub(crate) fn block(&self, seat: Seat) -> u32 {
        BLOCKS[width_index(self.width())][self.variant.blocks() as usize][seat]
    }

    /// The non-empty pits as a bit set.
    pub(crate) fn nonempty(&self) -> u32 {
        self.nonempty
    }

    /// Small pits on the board.
    pub(crate) fn pit_count(&self) -> usize {
        2 * self.width()
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
    type Variant = DiffusionVariant;

    fn variant(&self) -> &DiffusionVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    /// The winner once a block is empty. Play never empties both at once;
    /// South is checked first for positions set up by hand.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.nonempty & self.block(0) == 0 {
            Some(Outcome::win(0))
        } else if self.nonempty & self.block(1) == 0 {
            Some(Outcome::win(1))
        } else {
            None
        }
    }

    /// The pits and the side to move decide the future; the stores only
    /// count what left the board.
    fn key(&self) -> u64 {
        tabula_core::key::of(&[
            self.cells as u64,
            (self.cells >> 64) as u64,
            u64::from(self.to_move),
        ])
    }

    /// Every non-empty pit, in pit order; nothing once the game is over.
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

    /// Scoops `mv` and sows it; the caller has checked it is legal.
    #[inline(always)]
    fn play(&mut self, mv: Pit) {
        // Masked indices: no bounds check, so no panic path in playouts.
        let pit = mv.0 as usize & 31;
        let count = (self.cells >> (4 * pit)) as usize & 7;
        debug_assert!(
            (1..=5).contains(&count),
            "scooping {count} stones from {mv:?}"
        );
        let sowing = &SOWINGS[width_index(self.width())][pit][count];
        self.cells = self.cells.wrapping_add(sowing.delta);
        self.nonempty = self.nonempty & !(1 << pit) | sowing.filled;
        self.stores[0] += sowing.stores[0];
        self.stores[1] += sowing.stores[1];
        // A pit holds at most 5: each pit got at most one stone, so the
        // overflowing pits are exactly the nibbles that now read 6, the
        // only count with bits 1 and 2 both set. Taken whether or not a pit
        // overflowed: cheaper than a branch that random play mispredicts.
        let overflow = self.cells >> 1 & self.cells >> 2 & ONES;
        self.cells -= overflow;
        let right = (overflow & RIGHT_HALF[width_index(self.width())]).count_ones() as u8;
        self.stores[1] += right;
        self.stores[0] += overflow.count_ones() as u8 - right;
        self.to_move ^= 1;
    }

    /// A uniformly random legal move, `None` when the game is over: one
    /// random number picks among the non-empty pits, with no branch.
    #[inline(always)]
    fn random_move(&self, rng: &mut Rng, _: &mut Vec<Pit>) -> Option<Pit> {
        if self.outcome().is_some() {
            return None;
        }
        Some(Pit(
            tabula_core::rng::random_bit(rng, self.nonempty.into()) as u8
        ))
    }
}
