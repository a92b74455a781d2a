//! What a seat sees, as numbers for learned agents: the share of the
//! largest pile the rules allow that is left, the stones left modulo
//! `take + 1` (the quantity the game turns on), and whose turn it is.

use tabula_core::{Observation, Seat};

use crate::state::Takeaway;

/// Values per observation.
pub(crate) const SHAPE: [usize; 1] = [3];

impl Observation for Takeaway {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        out[0] = self.left as f32 / 1000.0;
        out[1] = (self.left % (self.variant.take + 1)) as f32 / self.variant.take as f32;
        out[2] = if seat == self.to_move { 1.0 } else { 0.0 };
    }
}
