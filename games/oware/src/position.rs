//! The position text: `SOUTH/NORTH CAPTURES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`.

use tabula_core::PositionError;

use crate::state::Oware;

/// South's houses from South's left, North's from North's left (each as
/// comma-separated counts, the order they are sown in), the captures South
/// then North, and the side to move, `S` or `N`. The repetition history is
/// not part of it: a position read starts a history of its own.
pub(crate) fn format_position(state: &Oware) -> String {
    tabula_sowing::format_position(state)
}

/// Reads a position for a game with `template`'s parameters.
pub(crate) fn parse_position(template: &Oware, text: &str) -> Result<Oware, PositionError> {
    tabula_sowing::parse_position(template, text)
}
