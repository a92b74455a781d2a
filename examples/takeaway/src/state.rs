//! The position and its rules: the [`Game`] implementation, which every
//! search calls in its hot loop.

use tabula_core::{Game, Outcome, Seat};

use crate::variant::TakeawayVariant;

/// A position: the stones left and the side to move (South is seat 0), in
/// its variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Takeaway {
    pub(crate) variant: TakeawayVariant,
    pub(crate) left: u32,
    pub(crate) to_move: Seat,
}

impl Takeaway {
    /// The stones left on the pile.
    pub fn left(&self) -> u32 {
        self.left
    }

    /// The most stones a move may take.
    pub fn most(&self) -> u32 {
        self.variant.take.min(self.left)
    }
}

impl Game for Takeaway {
    /// The number of stones taken.
    type Move = u32;
    type Variant = TakeawayVariant;

    fn variant(&self) -> &TakeawayVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The side that took the last stone has won; otherwise the game runs.
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::win(1 - self.to_move))
    }

    fn key(&self) -> u64 {
        tabula_core::key::of(&[self.left.into(), self.to_move as u64])
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend(1..=self.most());
    }

    /// Takes `stones` (legal: from 1 to [`most`](Takeaway::most)).
    fn play(&mut self, stones: u32) {
        debug_assert!((1..=self.most()).contains(&stones));
        self.left -= stones;
        self.to_move = 1 - self.to_move;
    }
}

/// The seats' names, South first.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["South", "North"][seat.min(1)]
}
