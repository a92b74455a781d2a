//! The board as an SVG picture, drawn by `tabula_sowing`: North's row
//! above South's between the captures (North's left, South's right), the house
//! letters, the last move ringed, whose turn it is or the result, and a
//! click target on every house.

use tabula_core::View;

use crate::state::Oware;

pub(crate) fn svg(state: &Oware, view: &View<'_, Oware>) -> String {
    tabula_sowing::svg(state, view)
}
