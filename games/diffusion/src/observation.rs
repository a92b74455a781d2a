//! What a seat observes: the pit counts from its own side of the board.
//!
//! Shape `[2 × width + 1]`: the far row's counts left to right, then the
//! near row's, as the observing seat sees the board from its own side;
//! then 1 when that seat is to move, else 0. Seen from A (the lower row)
//! that is the pit order `a…` then `A…`; B's view is the board turned half
//! a turn. Turning the board swaps the two rows' sowing orders exactly, and
//! each seat's block lands where A's block lies in A's view, so every seat
//! sees its own block in the same place. The stores are left out: they only
//! count stones that left play (the position text leaves them out too).

use tabula_core::{Game, Observation, Seat};

use crate::geometry::Pit;
use crate::state::Diffusion;

/// The observation's shape for rows of `width` pits.
pub(crate) fn shape(width: usize) -> Vec<usize> {
    vec![2 * width + 1]
}

impl Observation for Diffusion {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let pits = self.pit_count();
        for (i, value) in out[..pits].iter_mut().enumerate() {
            // Half a turn maps pit `p` to pit `pits − 1 − p`.
            let pit = if seat == 0 { i } else { pits - 1 - i };
            *value = f32::from(self.stones(Pit(pit as u8)));
        }
        out[pits] = f32::from(u8::from(self.to_move() == seat));
    }
}
