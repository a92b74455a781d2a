//! The position and its rules.

use tabula_core::{Outcome, Seat};

/// A position: the stones left, the most a move may take, and the side to
/// move (South is seat 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Takeaway {
    pub(crate) left: u32,
    pub(crate) take: u32,
    pub(crate) to_move: Seat,
}

impl Takeaway {
    /// The stones left on the pile.
    pub fn left(&self) -> u32 {
        self.left
    }

    /// The most stones a move may take.
    pub fn most(&self) -> u32 {
        self.take.min(self.left)
    }

    /// The side that took the last stone has won; otherwise the game runs.
    pub(crate) fn judge(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::win(1 - self.to_move))
    }

    /// Takes `stones` (legal: from 1 to [`most`](Takeaway::most)).
    pub(crate) fn take_stones(&mut self, stones: u32) {
        debug_assert!((1..=self.most()).contains(&stones));
        self.left -= stones;
        self.to_move = 1 - self.to_move;
    }
}

/// The seats' names, South first.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["South", "North"][seat.min(1)]
}
