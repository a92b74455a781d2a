//! The board as an SVG picture: the grid of cells, the file letters above
//! and below and the rank numbers on both sides, stones (dead ones faded
//! with a dashed rim), the last move's cells ringed with arrows for a
//! relocation or an attack, the stage, whose turn it is or the result.

use tabula_core::draw::picture::{self, colour};
use tabula_core::draw::{Caption, Grid};
use tabula_core::{Picture, View};

use crate::state::{seat_name, GridDiffusion, Move, BLACK, WHITE};

/// A cell's side.
const CELL: f64 = 36.0;
/// The board's top-left corner.
const ORIGIN: (f64, f64) = (44.0, 64.0);

impl Picture for GridDiffusion {
    fn svg(&self, view: &View<'_, Self>) -> String {
        let cols = self.variant.geo.cols();
        let board = Grid::new(cols, self.variant.geo.rows()).picture(CELL, ORIGIN);
        let centre = |cell: usize| board.centre(cell % cols, cell / cols);
        let width = (ORIGIN.0 * 2.0 + board.width()).max(520.0);
        let mut svg = picture::titled(width, ORIGIN.1 + board.height() + 110.0, "Grid Diffusion");
        board.surface(&mut svg, 0.0, 0.0);
        board.lines(&mut svg);
        let live = [self.live(BLACK), self.live(WHITE)];
        for seat in [BLACK, WHITE] {
            for cell in self.stones[seat].iter() {
                let fill = if seat == BLACK {
                    colour::DARK_PIECE
                } else {
                    colour::LIGHT_PIECE
                };
                let dead = if live[seat].has(cell) {
                    ""
                } else {
                    r#"fill-opacity="0.45" stroke-dasharray="3 2""#
                };
                picture::stone(&mut svg, centre(cell), CELL * 0.4, fill, dead);
            }
        }
        let last = view.last.map(|(_, mv)| mv);
        for cell in Self::touched(last) {
            picture::ring_square(&mut svg, centre(cell), CELL);
        }
        match last {
            Some(Move::Relocate { from, to }) => {
                picture::arrow(&mut svg, centre(from.index()), centre(to.index()));
            }
            Some(Move::Attack { from, target, to }) => {
                picture::arrow(&mut svg, centre(from.index()), centre(target.index()));
                picture::arrow(&mut svg, centre(target.index()), centre(to.index()));
            }
            _ => {}
        }
        board.frame(&mut svg, 0.0);
        for cell in 0..cols * self.variant.geo.rows() {
            let name = self.variant.geo.cell_name(cell);
            let stone = [BLACK, WHITE]
                .into_iter()
                .find(|&seat| self.stones[seat].has(cell))
                .map_or("empty".to_string(), |seat| {
                    let dead = if live[seat].has(cell) { "" } else { "dead " };
                    format!("{dead}{} stone", seat_name(seat))
                });
            let label = format!("cell {name}, {stone}");
            picture::target(&mut svg, centre(cell), CELL * 0.45, &name, &label);
        }
        let mut caption = Caption::new(false);
        caption.line("● Black ○ White; faded, dashed: dead stones");
        caption.last_move(view, "");
        caption.line(match self.result_text() {
            Some(result) => format!("Game over: {result}"),
            None if self.stage() == 1 => format!(
                "{} to move (stage 1: Black {} and White {} stones left to drop)",
                seat_name(self.to_move),
                self.to_drop[BLACK],
                self.to_drop[WHITE]
            ),
            None => format!(
                "{} to move (stage 2: relocate, attack or pass)",
                seat_name(self.to_move)
            ),
        });
        caption.draw(&mut svg, ORIGIN.1 + board.height() + 48.0);
        svg.finish()
    }
}
