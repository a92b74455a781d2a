//! What a seat observes: the board from its own side, as every two-row
//! mancala sees it ([`tabula_sowing::observe`]): the seat's houses, the
//! opponent's, the seat's captures, the opponent's, and whether the seat
//! is to move; shape `[2 × houses + 3]`.

use tabula_core::{Observation, Seat};

use crate::state::Oware;

impl Observation for Oware {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        tabula_sowing::observe(self, seat, out);
    }
}
