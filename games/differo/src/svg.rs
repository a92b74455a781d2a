//! The board as an SVG picture: the hexagon of hexagonal cells, the row
//! letters on both sides, the diagonal numbers at both ends of the
//! diagonals (as on the text board), the goals tinted, the last move as a
//! ringed arrow, whose turn it is or the result.

use tabula_core::draw::picture::{self, colour};
use tabula_core::draw::{Caption, Hex};
use tabula_core::{Picture, View};

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::render::result;
use crate::state::{Differo, GOAL, WHITE};

/// The cells, around E5 (row 4, number 5), the middle cell.
const HEX: Hex = Hex {
    radius: 20.0,
    origin: (250.0, 200.0),
};

/// The centre of row `r` (0 = A; −1 and 9 for the numbers), number `d`.
fn centre(r: f64, d: f64) -> (f64, f64) {
    HEX.centre(r - 4.0, d - 5.0)
}

impl Picture for Differo {
    fn svg(&self, view: &View<'_, Differo>) -> String {
        svg(self, view)
    }
}

fn svg(state: &Differo, view: &View<'_, Differo>) -> String {
    let mut svg = picture::titled(500.0, 450.0, "Differo");
    let at = |cell: Cell| centre(cell.row() as f64, cell.number() as f64);
    for r in 0..ROWS {
        for d in row_low(r)..=row_high(r) {
            let Some(cell) = Cell::at(r, d) else { continue };
            let fill = if GOAL.contains(&cell) {
                format!(r#"fill="{}" fill-opacity="0.55""#, colour::GOAL)
            } else {
                format!(r#"fill="{}""#, colour::BOARD)
            };
            HEX.cell(&mut svg, at(cell), &fill);
            if let Some(seat) = state.piece_at(cell) {
                let fill = if seat == WHITE {
                    colour::LIGHT_PIECE
                } else {
                    colour::DARK_PIECE
                };
                picture::stone(&mut svg, at(cell), HEX.radius * 0.62, fill, "");
            }
        }
    }
    if let Some((_, mv)) = view.last {
        HEX.ring(&mut svg, at(mv.from));
        HEX.ring(&mut svg, at(mv.to));
        picture::arrow(&mut svg, at(mv.from), at(mv.to));
    }
    for r in 0..ROWS {
        let name = char::from(b'A' + r as u8).to_string();
        for d in [row_low(r) as f64 - 1.0, row_high(r) as f64 + 1.0] {
            picture::label(&mut svg, centre(r as f64, d), &name);
        }
    }
    for d in 1..=9 {
        // Beyond the diagonal's ends: below A (1-5), above I (5-9).
        let ends: &[f64] = match d {
            1..=4 => &[-1.0],
            5 => &[-1.0, 9.0],
            _ => &[9.0],
        };
        for &r in ends {
            let (x, y) = centre(r, d as f64);
            picture::label(&mut svg, (x, y), &d.to_string());
            // A short stroke along the diagonal, towards its end cell.
            let inward = if r < 0.0 { 1.0 } else { -1.0 };
            let (cx, cy) = centre(r + inward, d as f64);
            let along = |t: f64| (x + t * (cx - x), y + t * (cy - y));
            svg.line(
                along(0.3),
                along(0.5),
                &format!(r#"stroke="{}" stroke-width="1.5""#, colour::MUTED),
            );
        }
    }
    for r in 0..ROWS {
        for d in row_low(r)..=row_high(r) {
            if let Some(cell) = Cell::at(r, d) {
                let name = cell.to_string();
                let piece = match state.piece_at(cell) {
                    Some(WHITE) => "White piece",
                    Some(_) => "Black piece",
                    None => "empty",
                };
                let goal = if GOAL.contains(&cell) { ", goal" } else { "" };
                let label = format!("cell {name}, {piece}{goal}");
                picture::target(&mut svg, at(cell), HEX.radius * 0.85, &name, &label);
            }
        }
    }
    let mut caption = Caption::new(false);
    caption.line(format!(
        "White ○ to {} (top), Black ● to {} (bottom); goals green",
        GOAL[WHITE],
        GOAL[WHITE ^ 1]
    ));
    caption.last_move(view, "");
    caption.status(state, result(state));
    caption.draw(&mut svg, 386.0);
    svg.finish()
}
