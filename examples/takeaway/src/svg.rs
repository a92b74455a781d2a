//! The board picture: the pile as rows of stones, the stones the last move
//! took ringed, the last move named, and whose turn it is or the result.

use tabula_core::svg::{colour, Svg};
use tabula_core::{Game, View};

use crate::state::Takeaway;

const PITCH: f64 = 26.0;
const PER_ROW: u32 = 20;
const LEFT: f64 = 20.0;
const TOP: f64 = 44.0;

pub(crate) fn svg(state: &Takeaway, view: &View<'_, Takeaway>) -> String {
    let taken = view.last.map_or(0, |(_, taken)| taken);
    let stones = state.left + taken;
    let rows = stones.div_ceil(PER_ROW).max(1);
    let width = LEFT * 2.0 + f64::from(PER_ROW) * PITCH;
    let height = TOP + f64::from(rows) * PITCH + 70.0;
    let mut svg = Svg::new(width, height);
    svg.text(
        LEFT,
        26.0,
        &format!(
            "Take-away: {} stones left, take 1 to {}",
            state.left, state.take
        ),
        r#"font-size="16" font-weight="bold""#,
    );
    for stone in 0..stones {
        let x = LEFT + PITCH / 2.0 + f64::from(stone % PER_ROW) * PITCH;
        let y = TOP + PITCH / 2.0 + f64::from(stone / PER_ROW) * PITCH;
        let attrs = if stone < state.left {
            format!(r#"fill="{}" stroke="{}""#, colour::DARK_PIECE, colour::INK)
        } else {
            // Taken by the last move: an empty ring.
            format!(
                r#"fill="{}" stroke="{}" stroke-width="3""#,
                colour::PAPER,
                colour::LAST_MOVE
            )
        };
        svg.circle(x, y, PITCH * 0.38, &attrs);
    }
    if let Some((before, mv)) = view.last {
        let seat = state.seat_name(before.to_move());
        svg.text(
            LEFT,
            height - 40.0,
            &format!("Last move: {seat} {}", state.format_move(mv)),
            &format!(r#"fill="{}""#, colour::MUTED),
        );
    }
    let status = match state.outcome() {
        Some(outcome) => format!("Game over: {}", outcome.describe(2, |s| state.seat_name(s))),
        None => format!("{} to move", state.seat_name(state.to_move())),
    };
    svg.text(
        LEFT,
        height - 20.0,
        &status,
        &format!(r#"fill="{}""#, colour::INK),
    );
    svg.finish()
}
