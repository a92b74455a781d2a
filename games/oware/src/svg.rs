//! The board as an SVG picture, drawn by `tabula_sowing`: North's row
//! above South's between the captures (North's left, South's right), the house
//! letters, the last move ringed, whose turn it is or the result, and a
//! click target on every house.

use tabula_core::{Picture, View};

use crate::state::Oware;

impl Picture for Oware {
    fn svg(&self, view: &View<'_, Oware>) -> String {
        tabula_sowing::svg(self, view)
    }
}
