//! The board as an SVG picture: North's row above South's between the
//! banks (North's left, South's right), the pit letters above and below,
//! the last move ringed (thick: picked up, thin: sown, red: captured),
//! whose turn it is or the result, and a click target on every pit.

use tabula_core::draw::picture::{self, colour, MARGIN};
use tabula_core::draw::{legend, Caption, Pits, Touched};
use tabula_core::{Variant, View};

use crate::{marks, pit_at, pit_letter, Mark, TwoRows, TOUCHED};

/// Distance between pit centres.
const PITCH: f64 = 48.0;
const PIT_RADIUS: f64 = 19.0;
const STORE_WIDTH: f64 = 40.0;
/// The top of the banks and the pits' squares.
const TOP: f64 = 56.0;

pub fn svg<G: TwoRows>(state: &G, view: &View<'_, G>) -> String {
    let n = state.pits();
    let marks = marks(state, view.last);
    let pits = Pits::new(n, 2, PITCH, (MARGIN, TOP), STORE_WIDTH, 12.0);
    let board_right = pits.right() + 8.0;
    let bottom = TOP + 2.0 * PITCH;
    let width = (board_right + 70.0).max(360.0);
    let mut svg = picture::titled(width, bottom + 124.0, G::WORDS.title);
    let ring = |mark: Mark| {
        mark.map_or_else(
            || format!(r#"stroke="{}" stroke-width="1""#, colour::INK),
            Touched::ring,
        )
    };
    pits.surface(&mut svg);
    // North's bank on the left, South's on the right.
    for (side, seat) in [(0, 1), (1, 0)] {
        let attrs = format!(
            r#"rx="18" fill="{}" fill-opacity="0.45" {}"#,
            colour::SEATS[seat],
            ring(marks[2 * n + seat])
        );
        pits.draw_store(&mut svg, side, &state.banks()[seat].to_string(), &attrs);
    }
    for row in 0..2 {
        for col in 0..n {
            let pit = pit_at(n, row, col);
            let attrs = format!(
                r#"fill="{}" fill-opacity="0.45" {}"#,
                colour::SEATS[1 - row],
                ring(marks[pit])
            );
            let seeds = state.board()[pit].to_string();
            picture::pit(&mut svg, pits.centre(col, row), PIT_RADIUS, &seeds, &attrs);
        }
    }
    for col in 0..n {
        let (x, _) = pits.centre(col, 0);
        picture::label(
            &mut svg,
            (x, TOP - 19.0),
            &pit_letter(n, 0, col).to_string(),
        );
        picture::label(
            &mut svg,
            (x, bottom + 27.0),
            &pit_letter(n, 1, col).to_string(),
        );
    }
    for (seat, row) in [(1, 0), (0, 1)] {
        svg.text(
            board_right + 10.0,
            pits.centre(0, row).1 + 5.0,
            &state.variant().seat_name(seat),
            &format!(r#"fill="{}" font-weight="bold""#, colour::SEATS[seat]),
        );
    }
    let mut caption = Caption::new(false);
    caption.line(format!(
        "{}: {} left, {} right",
        G::WORDS.banks,
        state.variant().seat_name(1),
        state.variant().seat_name(0)
    ));
    caption.last_move(view, &format!(" {}", legend(&TOUCHED, true)));
    caption.status(state, state.result_text());
    caption.draw(&mut svg, bottom + 68.0);
    // Click targets for the web page, named as moves are (a pit's letter).
    for row in 0..2 {
        for col in 0..n {
            let name = pit_letter(n, row, col).to_string();
            let seeds = picture::counted(state.board()[pit_at(n, row, col)], "seed");
            let label = format!(
                "pit {name}, {}, {seeds}",
                state.variant().seat_name(1 - row)
            );
            picture::target(&mut svg, pits.centre(col, row), PIT_RADIUS, &name, &label);
        }
    }
    svg.finish()
}
