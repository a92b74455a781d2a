//! The position text: `SOUTH/NORTH STORES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`.

use tabula_core::PositionError;

use crate::state::Kalah;

/// South's pits from South's left, North's from North's left (each as
/// comma-separated counts, the order they are sown in), the stores South
/// then North, and the side to move, `S` or `N`.
pub(crate) fn format_position(state: &Kalah) -> String {
    tabula_sowing::format_position(state)
}

/// Reads a position for a game with `template`'s parameters.
pub(crate) fn parse_position(template: &Kalah, text: &str) -> Result<Kalah, PositionError> {
    tabula_sowing::parse_position(template, text)
}
