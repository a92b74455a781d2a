//! What a seat observes: the board from its own side, as every two-row
//! mancala sees it ([`tabula_sowing::observe`]): the seat's pits, the
//! opponent's, the seat's store, the opponent's, and whether the seat is
//! to move; shape `[2 × pits + 3]`. The stores are in because they decide
//! the result.

use tabula_core::{Observation, Seat};

use crate::state::Kalah;

impl Observation for Kalah {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        tabula_sowing::observe(self, seat, out);
    }
}
