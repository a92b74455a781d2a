//! The REPL board, drawn by `tabula_sowing` (North's row above South's,
//! each house's letter beside its row, the captures at the ends, the last move and
//! whose turn it is), and the result text its last line shows.

use tabula_core::View;

use crate::state::{Ending, Oware};

pub(crate) fn render(state: &Oware, view: &View<'_, Oware>) -> String {
    tabula_sowing::render(state, view)
}

/// The final captures and why the game ended, once it is over.
pub(crate) fn result(state: &Oware) -> Option<String> {
    let score = tabula_sowing::final_score(state)?;
    let why = match state.ending() {
        Ending::None => "",
        Ending::Decided => " (more than half captured; rows collected)",
        Ending::CannotFeed => " (no move feeds the opponent; rows collected)",
        Ending::Repetition => " (a position repeated; rows collected)",
    };
    Some(format!("{score}{why}"))
}
