//! What a seat observes: four 9×9 planes over the hexagon, from its own
//! side.
//!
//! Shape `[4, 9, 9]`: the hexagon in axial coordinates, plane row `r` being
//! board row `r` (A = 0 … I = 8) and column `d − 1` its number `d`, so
//! White's view puts A1 at `[0][0]` and the 20 cells off the hexagon stay 0.
//! The planes: 0. my pieces, 1. the opponent's pieces, 2. the cells of the
//! board (always the same: where a piece can be), 3. all 1 when I am to
//! move, else all 0. Black sees the board turned half a turn (row `r`,
//! number `d` seen at row `8 − r`, number `10 − d`), which maps the start
//! and the goals onto White's: every seat races from the bottom to I7.

use tabula_core::{Observation, Seat};

use crate::geometry::{Cell, BOARD, ROWS};
use crate::state::Differo;

/// Planes per observation.
const PLANES: usize = 4;
/// Cells per plane: the hexagon's 9×9 axial square.
const SQUARE: usize = ROWS * ROWS;

/// `[planes, rows, numbers]`.
pub(crate) fn shape() -> Vec<usize> {
    vec![PLANES, ROWS, ROWS]
}

impl Observation for Differo {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        // A cell's place in a plane, turned half a turn for Black.
        let place = |cell: Cell| {
            let (r, d) = (cell.row(), cell.number() - 1);
            if seat == 0 {
                r * ROWS + d
            } else {
                (ROWS - 1 - r) * ROWS + (ROWS - 1 - d)
            }
        };
        out.fill(0.0);
        let (pieces, rest) = out.split_at_mut(2 * SQUARE);
        for (plane, bits) in pieces
            .chunks_mut(SQUARE)
            .zip([self.pieces[seat], self.pieces[seat ^ 1]])
        {
            Cell::all_in(bits).for_each(|cell| plane[place(cell)] = 1.0);
        }
        let (board, turn) = rest.split_at_mut(SQUARE);
        Cell::all_in(BOARD).for_each(|cell| board[place(cell)] = 1.0);
        turn.fill(f32::from(u8::from(usize::from(self.to_move) == seat)));
    }
}
