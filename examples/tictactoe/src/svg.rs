//! The same board as a picture: the grid with its coordinates, X as dark
//! and O as light stones, the last move ringed, the caption, and a click
//! target on every cell for the web page.

use tabula::draw::picture::{self, colour};
use tabula::draw::{Caption, Grid};
use tabula::{Picture, View};

use crate::state::{Cell, TicTacToe};

/// Distance between cell centres.
const CELL: f64 = 48.0;
/// The top left corner of the grid.
const CORNER: (f64, f64) = (44.0, 70.0);

impl Picture for TicTacToe {
    fn svg(&self, view: &View<'_, Self>) -> String {
        let n = self.size();
        let board = Grid::new(n, n).rank_one_at_top().picture(CELL, CORNER);
        let centre = |cell: u8| board.centre(cell as usize % n, cell as usize / n);
        let height = CORNER.1 + board.height() + 110.0;
        let mut svg = picture::titled(
            CORNER.0 * 2.0 + board.width() + 200.0,
            height,
            "Tic-tac-toe",
        );
        board.surface(&mut svg, 0.0, 0.0);
        board.lines(&mut svg);
        for (seat, fill) in [(0, colour::DARK_PIECE), (1, colour::LIGHT_PIECE)] {
            for cell in (0..n * n).filter(|&c| self.marks[seat] >> c & 1 == 1) {
                picture::stone(&mut svg, centre(cell as u8), CELL * 0.38, fill, "");
            }
        }
        if let Some((_, Cell(cell))) = view.last {
            picture::ring_square(&mut svg, centre(cell), CELL);
        }
        board.frame(&mut svg, 0.0);
        let mut caption = Caption::new(false);
        caption.line("● X (seat 1) ○ O (seat 2)");
        caption.last_move(view, "").status(self, None);
        caption.draw(&mut svg, CORNER.1 + board.height() + 48.0);
        // Click targets for the web page, named as moves are.
        for cell in 0..n * n {
            let name = self.cell_name(Cell(cell as u8));
            let mark = match (0..2).find(|&seat| self.marks[seat] >> cell & 1 == 1) {
                Some(0) => "X",
                Some(_) => "O",
                None => "empty",
            };
            let label = format!("cell {name}, {mark}");
            picture::target(&mut svg, centre(cell as u8), CELL * 0.45, &name, &label);
        }
        svg.finish()
    }
}
