//! The REPL board, drawn by `tabula_sowing` (North's row above South's,
//! each pit's letter beside its row, the stores at the ends, the last move and
//! whose turn it is), and the result text its last line shows.

use tabula_core::View;

use crate::state::Kalah;

pub(crate) fn render(state: &Kalah, view: &View<'_, Kalah>) -> String {
    tabula_sowing::render(state, view)
}

/// The final stores, once the game is over.
pub(crate) fn result(state: &Kalah) -> Option<String> {
    tabula_sowing::final_score(state)
}
