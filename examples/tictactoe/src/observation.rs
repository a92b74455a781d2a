//! What a seat observes: three planes over the board, from the observing
//! seat's side — its own marks, the opponent's, the empty cells
//! (`[3, size, size]`). Seat-relative, so one network plays both X and O;
//! whose turn it is follows from the counts of marks.

use tabula::{Observation, Seat};

use crate::state::TicTacToe;

/// The shape for a board of `size` × `size`.
pub(crate) fn shape(size: usize) -> Vec<usize> {
    vec![3, size, size]
}

impl Observation for TicTacToe {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let empty = self.full() & !self.occupied();
        let planes = [self.marks[seat], self.marks[1 - seat], empty];
        for (plane, bits) in out.chunks_mut(self.cells()).zip(planes) {
            for (cell, value) in plane.iter_mut().enumerate() {
                *value = f32::from(u8::from(bits & (1 << cell) != 0));
            }
        }
    }
}
