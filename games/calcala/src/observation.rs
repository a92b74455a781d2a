//! What a seat observes: the pit counts, the captures and the turn, with
//! seats counted from the observer.
//!
//! Shape `[36 + 2 × players]`: the 36 pit counts row by row (A1 … F1, A2 …
//! F6); then the captures, the observer's first and the others in seat
//! order after it; then the seat to move, one-hot in the same order (the
//! first of these is 1 when the observer is to move). The board is shared
//! and its rules are the same for every seat, so it is not turned: only the
//! seats are counted from the observer, which makes the view the same for
//! every seat in its place.

use tabula_core::{Observation, Seat};

use crate::geometry::PITS;
use crate::state::Calcala;

impl Observation for Calcala {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let players = self.player_count();
        let (board, rest) = out.split_at_mut(PITS);
        let (captures, turn) = rest.split_at_mut(players);
        for (value, &stones) in board.iter_mut().zip(&self.board) {
            *value = f32::from(stones);
        }
        for (offset, value) in captures.iter_mut().enumerate() {
            *value = f32::from(self.captures[(seat + offset) % players]);
        }
        turn.fill(0.0);
        turn[(usize::from(self.to_move) + players - seat) % players] = 1.0;
    }
}
