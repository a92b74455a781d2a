//! The board as an SVG picture: the 6×6 pits with their counts, the
//! column letters above and below and the row numbers on both sides, the
//! last move's path ringed (thick: picked up, thin: sown, red: captured),
//! the captures beside the board, whose turn it is or the result.

use tabula_core::notation::letter;
use tabula_core::svg::{colour, Svg};
use tabula_core::View;

use crate::geometry::SIDE;
use crate::render::{marks, seat_name, Mark};
use crate::state::{trace, Calcala};

/// Distance between pit centres.
const PITCH: f64 = 48.0;
/// Centre of A1.
const ORIGIN: (f64, f64) = (64.0, 80.0);
/// A capture stands out from the path.
const CAPTURE: &str = "#c92a2a";

pub(crate) fn svg(game: &Calcala, view: &View<'_, Calcala>) -> String {
    let marks = view.last.map(|(before, mv)| marks(&trace(before, mv)));
    let centre =
        |col: usize, row: usize| (ORIGIN.0 + col as f64 * PITCH, ORIGIN.1 + row as f64 * PITCH);
    let board = PITCH * SIDE as f64;
    let mut svg = Svg::new(ORIGIN.0 + board + 160.0, ORIGIN.1 + board + 84.0);
    svg.text(
        16.0,
        24.0,
        "Calcala",
        r#"font-size="16" font-weight="bold""#,
    );
    svg.rect(
        ORIGIN.0 - PITCH / 2.0 - 4.0,
        ORIGIN.1 - PITCH / 2.0 - 4.0,
        board + 8.0,
        board + 8.0,
        &format!(
            r#"rx="12" fill="{}" stroke="{}""#,
            colour::BOARD,
            colour::INK
        ),
    );
    for row in 0..SIDE {
        for col in 0..SIDE {
            let index = row * SIDE + col;
            let (x, y) = centre(col, row);
            let mark = marks.map_or(Mark::None, |marks| marks[index]);
            let ring = match mark {
                Mark::None => format!(r#"stroke="{}" stroke-width="1""#, colour::INK),
                Mark::Sown => format!(r#"stroke="{}" stroke-width="2.5""#, colour::LAST_MOVE),
                Mark::PickedUp => format!(r#"stroke="{}" stroke-width="4.5""#, colour::LAST_MOVE),
                Mark::Captured => format!(r#"stroke="{CAPTURE}" stroke-width="4.5""#),
            };
            svg.circle(
                x,
                y,
                19.0,
                &format!(r#"fill="{}" fill-opacity="0.25" {ring}"#, colour::MUTED),
            );
            svg.text(
                x,
                y + 6.0,
                &game.board[index].to_string(),
                &format!(
                    r#"text-anchor="middle" font-size="17" fill="{}""#,
                    colour::INK
                ),
            );
        }
    }
    let label = format!(r#"text-anchor="middle" fill="{}""#, colour::MUTED);
    let far = SIDE as f64 * PITCH;
    for i in 0..SIDE {
        let (x, y) = centre(i, i);
        let name = letter(i, true).to_string();
        svg.text(x, ORIGIN.1 - PITCH + 10.0, &name, &label);
        svg.text(x, ORIGIN.1 + far - 4.0, &name, &label);
        let number = (i + 1).to_string();
        svg.text(ORIGIN.0 - PITCH + 4.0, y + 5.0, &number, &label);
        svg.text(ORIGIN.0 + far - 4.0, y + 5.0, &number, &label);
    }
    // The captures beside the board, the seat to move pointed at.
    let panel = ORIGIN.0 + far + 24.0;
    svg.text(panel, ORIGIN.1, "Captures", r#"font-weight="bold""#);
    for seat in 0..game.player_count() {
        let turn = game.result().is_none() && seat == game.to_move as usize;
        let y = ORIGIN.1 + 24.0 * (seat + 1) as f64;
        if turn {
            svg.text(panel - 16.0, y, "▶", "");
        }
        let text = format!("{}: {}", seat_name(seat), game.captures(seat));
        svg.text(panel, y, &text, "");
    }
    svg.text(
        panel,
        ORIGIN.1 + 24.0 * (game.player_count() + 1) as f64,
        &format!("{} on the board", game.stones_on_board()),
        &format!(r#"fill="{}""#, colour::MUTED),
    );
    let mut caption = Vec::new();
    if let Some((before, mv)) = view.last {
        caption.push(format!(
            "Last move: {} {mv}",
            seat_name(before.to_move as usize)
        ));
        caption.push("Rings: thick picked up, thin sown, red captured".to_string());
    }
    caption.push(match game.result() {
        Some(outcome) => format!(
            "Game over: {}",
            outcome.describe(game.player_count(), seat_name)
        ),
        None => format!("Player {} to move", game.to_move + 1),
    });
    for (i, line) in caption.iter().enumerate() {
        svg.text(16.0, ORIGIN.1 + far + 20.0 + 20.0 * i as f64, line, "");
    }
    svg.finish()
}
