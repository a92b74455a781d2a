//! The board as an SVG picture, drawn by `tabula_sowing`: North's row
//! above South's between the stores (North's left, South's right), the pit
//! letters, the last move ringed, whose turn it is or the result, and a
//! click target on every pit.

use tabula_core::{Picture, View};

use crate::state::Kalah;

impl Picture for Kalah {
    fn svg(&self, view: &View<'_, Kalah>) -> String {
        tabula_sowing::svg(self, view)
    }
}
