//! The REPL board: the grid with rank 1 on top, as the cells are named,
//! the last move bracketed, and the lines every Tabula board ends with.

use tabula::draw::text::{Glyph, Mark};
use tabula::draw::{Caption, Grid};
use tabula::{Drawing, Style, View};

use crate::state::{Cell, TicTacToe};

impl Drawing for TicTacToe {
    fn render(&self, view: &View<'_, Self>) -> String {
        let n = self.size();
        let last = view.last.map(|(_, mv)| mv);
        // Rank 1 on top, as the cells are named; the last move bracketed.
        let grid = Grid::new(n, n).rank_one_at_top();
        let board = grid.text(1, view.color, |file, rank| {
            let cell = Cell((rank * n + file) as u8);
            let glyph = match (self.marks[0] >> cell.0 & 1, self.marks[1] >> cell.0 & 1) {
                (1, _) => Glyph::new("X").style(Style::Bold),
                (_, 1) => Glyph::new("O").style(Style::BrightRed),
                _ => Glyph::new("."),
            };
            if last == Some(cell) {
                glyph.mark(Mark::Bracket)
            } else {
                glyph
            }
        });
        // The lines every Tabula board ends with.
        let mut caption = Caption::new(view.color);
        caption.last_move(view, "").status(self, None);
        caption.under(&board)
    }
}
