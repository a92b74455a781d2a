//! The board as an SVG picture: two rows of pits between the stores, each
//! pit tinted by the block that owns it, the pit letters above and below,
//! the last move ringed (thick: scooped, thin: sown), whose turn it is or
//! the result.

use tabula_core::notation::letter;
use tabula_core::svg::{colour, Svg};
use tabula_core::View;

use crate::geometry::{Blocks, Pit};
use crate::notation::format_move;
use crate::render::{marks, Mark};
use crate::state::{seat_name, Diffusion};

/// Distance between pit centres.
const PITCH: f64 = 48.0;
const PIT_RADIUS: f64 = 19.0;
const STORE_WIDTH: f64 = 40.0;
/// Left of the left store.
const LEFT: f64 = 16.0;
const TOP: f64 = 40.0;

pub(crate) fn svg(state: &Diffusion, view: &View<'_, Diffusion>) -> String {
    let width = state.width();
    let marks = marks(state, view.last);
    let first_pit = LEFT + STORE_WIDTH + 12.0 + PITCH / 2.0;
    let pit_x = |col: usize| first_pit + col as f64 * PITCH;
    let row_y = |row: usize| TOP + 40.0 + row as f64 * PITCH;
    let right_store = pit_x(width - 1) + PITCH / 2.0 + 12.0;
    let board_right = right_store + STORE_WIDTH + 8.0;
    let caption_top = TOP + 2.0 * PITCH + 84.0;
    let mut svg = Svg::new(board_right + 70.0, caption_top + 56.0);
    let ring = |mark: Mark| match mark {
        Mark::None => format!(r#"stroke="{}" stroke-width="1""#, colour::INK),
        Mark::Scooped => format!(r#"stroke="{}" stroke-width="5""#, colour::LAST_MOVE),
        Mark::Sown => format!(r#"stroke="{}" stroke-width="2""#, colour::LAST_MOVE),
    };

    svg.text(
        LEFT,
        24.0,
        "Diffusion",
        r#"font-size="16" font-weight="bold""#,
    );
    svg.rect(
        LEFT - 8.0,
        TOP + 8.0,
        board_right - LEFT,
        2.0 * PITCH + 16.0,
        &format!(
            r#"rx="14" fill="{}" stroke="{}""#,
            colour::BOARD,
            colour::INK
        ),
    );
    if state.blocks() == Blocks::Halves {
        let x = pit_x(width / 2) - PITCH / 2.0;
        svg.line(
            (x, TOP + 12.0),
            (x, TOP + 20.0 + 2.0 * PITCH),
            &format!(r#"stroke="{}" stroke-dasharray="4 3""#, colour::INK),
        );
    }
    for (side, x) in [(0, LEFT), (1, right_store)] {
        svg.rect(
            x,
            TOP + 16.0,
            STORE_WIDTH,
            2.0 * PITCH,
            &format!(
                r#"rx="18" fill="{}" fill-opacity="0.25" {}"#,
                colour::MUTED,
                ring(marks[state.pit_count() + side])
            ),
        );
        svg.text(
            x + STORE_WIDTH / 2.0,
            TOP + 21.0 + PITCH,
            &state.stores()[side].to_string(),
            &format!(
                r#"text-anchor="middle" font-size="16" fill="{}""#,
                colour::INK
            ),
        );
    }
    for row in 0..2 {
        for col in 0..width {
            let pit = Pit((row * width + col) as u8);
            let owner = usize::from(!state.in_block(0, pit));
            let (x, y) = (pit_x(col), row_y(row));
            svg.circle(
                x,
                y,
                PIT_RADIUS,
                &format!(
                    r#"fill="{}" fill-opacity="0.45" {}"#,
                    colour::SEATS[owner],
                    ring(marks[pit.0 as usize])
                ),
            );
            svg.text(
                x,
                y + 6.0,
                &state.stones(pit).to_string(),
                &format!(
                    r#"text-anchor="middle" font-size="17" fill="{}""#,
                    colour::INK
                ),
            );
        }
    }
    let label = format!(r#"text-anchor="middle" fill="{}""#, colour::MUTED);
    for col in 0..width {
        svg.text(
            pit_x(col),
            TOP + 2.0,
            &letter(col, false).to_string(),
            &label,
        );
        svg.text(
            pit_x(col),
            TOP + 2.0 * PITCH + 48.0,
            &letter(col, true).to_string(),
            &label,
        );
    }
    for (seat, row) in [(1, 0), (0, 1)] {
        svg.text(
            board_right + 10.0,
            row_y(row) + 5.0,
            seat_name(seat),
            &format!(r#"fill="{}" font-weight="bold""#, colour::SEATS[seat]),
        );
    }
    let mut caption = vec![crate::render::owners(state)];
    if let Some((before, mv)) = view.last {
        caption.push(format!(
            "Last move: {} {} (thick ring: scooped, thin: sown)",
            seat_name(before.mover()),
            format_move(before, mv)
        ));
    }
    caption.push(crate::render::status(state, &View::plain()));
    for (i, line) in caption.iter().enumerate() {
        svg.text(LEFT, caption_top + 20.0 * i as f64, line, "");
    }
    svg.finish()
}
