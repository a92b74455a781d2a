//! The board as an SVG picture, drawn by `tabula_sowing`: North's row
//! above South's between the stores (North's left, South's right), the pit
//! letters, the last move ringed, whose turn it is or the result, and a
//! click target on every pit.

use tabula_core::View;

use crate::state::Kalah;

pub(crate) fn svg(state: &Kalah, view: &View<'_, Kalah>) -> String {
    tabula_sowing::svg(state, view)
}
