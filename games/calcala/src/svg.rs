//! The board as an SVG picture: the 6×6 pits with their counts, the
//! column letters above and below and the row numbers on both sides, the
//! last move's path ringed (thick: picked up, thin: sown, red: captured),
//! the captures beside the board, whose turn it is or the result.

use tabula_core::draw::picture::{self, colour};
use tabula_core::draw::{legend, Caption, Grid, Touched};
use tabula_core::{Game, Picture, View};

use crate::geometry::{Pit, SIDE};
use crate::render::{marks, seat_name, Mark, TOUCHED};
use crate::state::{trace, Calcala};

/// Distance between pit centres.
const PITCH: f64 = 48.0;
/// The top left corner of the pits' squares.
const CORNER: (f64, f64) = (40.0, 56.0);
/// How far the board reaches beyond the pits' squares.
const PAD: f64 = 4.0;

impl Picture for Calcala {
    fn svg(&self, view: &View<'_, Calcala>) -> String {
        svg(self, view)
    }
}

fn svg(game: &Calcala, view: &View<'_, Calcala>) -> String {
    let marks = view.last.map(|(before, mv)| marks(&trace(before, mv)));
    let board = Grid::new(SIDE, SIDE)
        .rank_one_at_top()
        .upper_case()
        .picture(PITCH, CORNER);
    let (right, bottom) = (CORNER.0 + board.width(), CORNER.1 + board.height());
    let mut svg = picture::titled(right + 184.0, bottom + 108.0, "Calcala");
    board.surface(&mut svg, PAD, 12.0);
    for row in 0..SIDE {
        for col in 0..SIDE {
            let index = row * SIDE + col;
            let mark = marks.map_or(Mark::None, |marks| marks[index]);
            let ring = mark.touched().map_or_else(
                || format!(r#"stroke="{}" stroke-width="1""#, colour::INK),
                Touched::ring,
            );
            picture::pit(
                &mut svg,
                board.centre(col, row),
                19.0,
                &game.board[index].to_string(),
                &format!(r#"fill="{}" fill-opacity="0.25" {ring}"#, colour::MUTED),
            );
        }
    }
    board.frame(&mut svg, PAD);
    for index in 0..SIDE * SIDE {
        let (row, col) = (index / SIDE, index % SIDE);
        let name = Pit::new(col, row)
            .map(|p| p.to_string())
            .unwrap_or_default();
        let stones = picture::counted(game.board[index], "stone");
        let label = format!("pit {name}, {stones}");
        picture::target(&mut svg, board.centre(col, row), 19.0, &name, &label);
    }
    // The captures beside the board, from the first row's height down,
    // the seat to move pointed at.
    let panel = right + 48.0;
    let line = |n: usize| CORNER.1 + PITCH / 2.0 + 24.0 * n as f64;
    svg.text(panel, line(0), "Captures", r#"font-weight="bold""#);
    for seat in 0..game.player_count() {
        if game.outcome().is_none() && seat == game.to_move as usize {
            svg.text(panel - 16.0, line(seat + 1), "▶", "");
        }
        let text = format!("{}: {}", seat_name(seat), game.captures(seat));
        svg.text(panel, line(seat + 1), &text, "");
    }
    svg.text(
        panel,
        line(game.player_count() + 1),
        &format!("{} on the board", game.stones_on_board()),
        &format!(r#"fill="{}""#, colour::MUTED),
    );
    let mut caption = Caption::new(false);
    caption.last_move(view, "");
    if view.last.is_some() {
        caption.line(legend(&TOUCHED, true));
    }
    caption.status(game, None);
    caption.draw(&mut svg, bottom + 44.0);
    svg.finish()
}
