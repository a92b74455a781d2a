//! The board as an SVG picture: the grid of cells, the file letters above
//! and below and the rank numbers on both sides, stones (dead ones faded
//! with a dashed rim), the last move's cells ringed with arrows for a
//! relocation or an attack, the stage, whose turn it is or the result.

use tabula_core::notation::letter;
use tabula_core::svg::{colour, Svg};
use tabula_core::View;

use crate::notation;
use crate::state::{seat_name, GridDiffusion, Move, BLACK, WHITE};

/// A cell's side.
const CELL: f64 = 36.0;
/// The board's top-left corner.
const ORIGIN: (f64, f64) = (44.0, 64.0);

impl GridDiffusion {
    pub(crate) fn picture(&self, view: &View<'_, Self>) -> String {
        let (rows, cols) = (self.geo.rows(), self.geo.cols());
        let (board_w, board_h) = (cols as f64 * CELL, rows as f64 * CELL);
        // Rank 1 at the bottom, as on the text board.
        let centre = |cell: usize| {
            let (rank, file) = (cell / cols, cell % cols);
            (
                ORIGIN.0 + (file as f64 + 0.5) * CELL,
                ORIGIN.1 + (rows - 1 - rank) as f64 * CELL + CELL / 2.0,
            )
        };
        let width = (ORIGIN.0 * 2.0 + board_w).max(520.0);
        let mut svg = Svg::new(width, ORIGIN.1 + board_h + 110.0);
        svg.text(
            16.0,
            24.0,
            "Grid Diffusion",
            r#"font-size="16" font-weight="bold""#,
        );
        svg.rect(
            ORIGIN.0,
            ORIGIN.1,
            board_w,
            board_h,
            &format!(r#"fill="{}" stroke="{}""#, colour::BOARD, colour::INK),
        );
        let grid = format!(r#"stroke="{}" stroke-opacity="0.4""#, colour::INK);
        for file in 1..cols {
            let x = ORIGIN.0 + file as f64 * CELL;
            svg.line((x, ORIGIN.1), (x, ORIGIN.1 + board_h), &grid);
        }
        for rank in 1..rows {
            let y = ORIGIN.1 + rank as f64 * CELL;
            svg.line((ORIGIN.0, y), (ORIGIN.0 + board_w, y), &grid);
        }
        let live = [self.live(BLACK), self.live(WHITE)];
        for seat in [BLACK, WHITE] {
            for cell in self.stones[seat].iter() {
                let (x, y) = centre(cell);
                let fill = if seat == BLACK {
                    colour::DARK_PIECE
                } else {
                    colour::LIGHT_PIECE
                };
                let dead = if live[seat].has(cell) {
                    ""
                } else {
                    r#" fill-opacity="0.45" stroke-dasharray="3 2""#
                };
                svg.circle(
                    x,
                    y,
                    CELL * 0.4,
                    &format!(
                        r#"fill="{fill}" stroke="{}" stroke-width="1.5"{dead}"#,
                        colour::INK
                    ),
                );
            }
        }
        let last = view.last.map(|(_, mv)| mv);
        let ring = format!(
            r#"fill="none" stroke="{}" stroke-width="3.5""#,
            colour::LAST_MOVE
        );
        for cell in Self::touched(last) {
            let (x, y) = centre(cell);
            svg.rect(
                x - CELL / 2.0 + 2.0,
                y - CELL / 2.0 + 2.0,
                CELL - 4.0,
                CELL - 4.0,
                &ring,
            );
        }
        let arrow = format!(
            r#"stroke="{}" stroke-width="3" stroke-opacity="0.7""#,
            colour::LAST_MOVE
        );
        match last {
            Some(Move::Relocate { from, to }) => {
                svg.line(centre(from.index()), centre(to.index()), &arrow);
            }
            Some(Move::Attack { from, target, to }) => {
                svg.line(centre(from.index()), centre(target.index()), &arrow);
                svg.line(centre(target.index()), centre(to.index()), &arrow);
            }
            _ => {}
        }
        let label = format!(r#"text-anchor="middle" fill="{}""#, colour::MUTED);
        for file in 0..cols {
            let x = ORIGIN.0 + (file as f64 + 0.5) * CELL;
            let name = letter(file, false).to_string();
            svg.text(x, ORIGIN.1 - 10.0, &name, &label);
            svg.text(x, ORIGIN.1 + board_h + 20.0, &name, &label);
        }
        for rank in 0..rows {
            let y = ORIGIN.1 + (rows - 1 - rank) as f64 * CELL + CELL / 2.0 + 5.0;
            let number = (rank + 1).to_string();
            svg.text(ORIGIN.0 - 18.0, y, &number, &label);
            svg.text(ORIGIN.0 + board_w + 18.0, y, &number, &label);
        }
        let mut caption = vec!["● Black ○ White; faded, dashed: dead stones".to_string()];
        if let Some((before, mv)) = view.last {
            caption.push(format!(
                "Last move: {} {}",
                seat_name(before.to_move),
                notation::format(&before.geo, mv)
            ));
        }
        caption.push(match self.result_text() {
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
        for (i, line) in caption.iter().enumerate() {
            svg.text(16.0, ORIGIN.1 + board_h + 48.0 + 20.0 * i as f64, line, "");
        }
        svg.finish()
    }
}
