//! The REPL board, drawn by `tabula_sowing`: North's row above South's,
//! each house's letter beside its row, the captures at the ends, the last
//! move, and whose turn it is or the result and why the game ended.

use tabula_core::{Drawing, View};

use crate::state::Oware;

impl Drawing for Oware {
    fn render(&self, view: &View<'_, Oware>) -> String {
        tabula_sowing::render(self, view)
    }
}
