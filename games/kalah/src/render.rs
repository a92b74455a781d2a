//! The REPL board, drawn by `tabula_sowing` (North's row above South's,
//! each pit's letter beside its row, the stores at the ends, the last move
//! and whose turn it is).

use tabula_core::{Drawing, View};

use crate::state::Kalah;

impl Drawing for Kalah {
    fn render(&self, view: &View<'_, Kalah>) -> String {
        tabula_sowing::render(self, view)
    }
}
