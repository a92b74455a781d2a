//! The board as an SVG picture: the hexagon of hexagonal cells, the row
//! letters on both sides, the diagonal numbers at both ends of the
//! diagonals (as on the text board), the goals tinted, the last move as a
//! ringed arrow, whose turn it is or the result.

use tabula_core::svg::{colour, Svg};
use tabula_core::View;

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::notation::format_move;
use crate::render::result;
use crate::state::{seat_name, Differo, GOAL, WHITE};

/// A cell's radius (centre to corner).
const RADIUS: f64 = 20.0;
/// Centre of E5, the middle cell.
const CENTRE: (f64, f64) = (250.0, 200.0);

/// The centre of row `r` (0 = A; −1 and 9 for the numbers), number `d`.
fn centre(r: f64, d: f64) -> (f64, f64) {
    let width = RADIUS * 3f64.sqrt();
    (
        CENTRE.0 + (d - 5.0 - (r - 4.0) / 2.0) * width,
        CENTRE.1 - (r - 4.0) * 1.5 * RADIUS,
    )
}

/// The corners of a pointy-topped hexagon around `(x, y)`.
fn hexagon((x, y): (f64, f64), radius: f64) -> Vec<(f64, f64)> {
    (0..6)
        .map(|k| {
            let angle = (60.0 * k as f64 - 90.0).to_radians();
            (x + radius * angle.cos(), y + radius * angle.sin())
        })
        .collect()
}

pub(crate) fn svg(state: &Differo, view: &View<'_, Differo>) -> String {
    let mut svg = Svg::new(500.0, 450.0);
    svg.text(
        16.0,
        24.0,
        "Differo",
        r#"font-size="16" font-weight="bold""#,
    );
    let at = |cell: Cell| centre(cell.row() as f64, cell.number() as f64);
    let last = view.last.map(|(_, mv)| mv);
    for r in 0..ROWS {
        for d in row_low(r)..=row_high(r) {
            let Some(cell) = Cell::at(r, d) else { continue };
            let fill = if GOAL.contains(&cell) {
                format!(r#"fill="{}" fill-opacity="0.55""#, colour::GOAL)
            } else {
                format!(r#"fill="{}""#, colour::BOARD)
            };
            svg.polygon(
                &hexagon(at(cell), RADIUS),
                &format!(r#"{fill} stroke="{}""#, colour::INK),
            );
            if let Some(seat) = state.piece_at(cell) {
                let (x, y) = at(cell);
                let fill = if seat == WHITE {
                    colour::LIGHT_PIECE
                } else {
                    colour::DARK_PIECE
                };
                svg.circle(
                    x,
                    y,
                    RADIUS * 0.62,
                    &format!(
                        r#"fill="{fill}" stroke="{}" stroke-width="1.5""#,
                        colour::INK
                    ),
                );
            }
        }
    }
    if let Some(mv) = last {
        let ring = format!(
            r#"fill="none" stroke="{}" stroke-width="3.5""#,
            colour::LAST_MOVE
        );
        svg.polygon(&hexagon(at(mv.from), RADIUS - 2.0), &ring);
        svg.polygon(&hexagon(at(mv.to), RADIUS - 2.0), &ring);
        svg.line(
            at(mv.from),
            at(mv.to),
            &format!(
                r#"stroke="{}" stroke-width="3" stroke-opacity="0.7""#,
                colour::LAST_MOVE
            ),
        );
    }
    let label = format!(r#"text-anchor="middle" fill="{}""#, colour::MUTED);
    for r in 0..ROWS {
        let name = char::from(b'A' + r as u8).to_string();
        for d in [row_low(r) as f64 - 1.0, row_high(r) as f64 + 1.0] {
            let (x, y) = centre(r as f64, d);
            svg.text(x, y + 5.0, &name, &label);
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
            svg.text(x, y + 5.0, &d.to_string(), &label);
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
    let mut caption = vec![format!(
        "White ○ to {} (top), Black ● to {} (bottom); goals green",
        GOAL[WHITE],
        GOAL[WHITE ^ 1]
    )];
    if let Some((before, mv)) = view.last {
        caption.push(format!(
            "Last move: {} {}",
            seat_name(before.to_move as usize),
            format_move(mv)
        ));
    }
    caption.push(match result(state) {
        Some(result) => format!("Game over: {result}"),
        None => format!("{} to move", seat_name(state.to_move as usize)),
    });
    for (i, line) in caption.iter().enumerate() {
        svg.text(16.0, 386.0 + 20.0 * i as f64, line, "");
    }
    svg.finish()
}
