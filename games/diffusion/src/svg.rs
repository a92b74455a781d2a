//! The board as an SVG picture: two rows of pits between the stores, each
//! pit tinted by the block that owns it, the pit letters above and below,
//! the last move ringed (thick: picked up, thin: sown), whose turn it is or
//! the result.

use tabula_core::draw::picture::{self, colour, MARGIN};
use tabula_core::draw::{legend, Caption, Pits, Touched};
use tabula_core::notation::letter;
use tabula_core::{Picture, View};

use crate::geometry::{Blocks, Pit};
use crate::render::{marks, owners, result, Mark, TOUCHED};
use crate::state::{seat_name, Diffusion};

/// Distance between pit centres.
const PITCH: f64 = 48.0;
const PIT_RADIUS: f64 = 19.0;
const STORE_WIDTH: f64 = 40.0;
/// The top of the stores and the pits' squares.
const TOP: f64 = 56.0;

impl Picture for Diffusion {
    fn svg(&self, view: &View<'_, Diffusion>) -> String {
        let state = self;
        let width = state.width();
        let marks = marks(state, view.last);
        let pits = Pits::new(width, 2, PITCH, (MARGIN, TOP), STORE_WIDTH, 12.0);
        let board_right = pits.right() + 8.0;
        let bottom = TOP + 2.0 * PITCH;
        let mut svg = picture::titled(board_right + 70.0, bottom + 124.0, "Diffusion");
        let ring = |mark: Mark| {
            mark.map_or_else(
                || format!(r#"stroke="{}" stroke-width="1""#, colour::INK),
                Touched::ring,
            )
        };
        pits.surface(&mut svg);
        if state.blocks() == Blocks::Halves {
            let x = pits.centre(width / 2, 0).0 - PITCH / 2.0;
            svg.line(
                (x, TOP - 4.0),
                (x, bottom + 4.0),
                &format!(r#"stroke="{}" stroke-dasharray="4 3""#, colour::INK),
            );
        }
        for side in 0..2 {
            let attrs = format!(
                r#"rx="18" fill="{}" fill-opacity="0.25" {}"#,
                colour::MUTED,
                ring(marks[state.pit_count() + side])
            );
            pits.draw_store(&mut svg, side, &state.stores()[side].to_string(), &attrs);
        }
        for row in 0..2 {
            for col in 0..width {
                let pit = Pit((row * width + col) as u8);
                let owner = usize::from(!state.in_block(0, pit));
                let attrs = format!(
                    r#"fill="{}" fill-opacity="0.45" {}"#,
                    colour::SEATS[owner],
                    ring(marks[pit.0 as usize])
                );
                let stones = state.stones(pit).to_string();
                picture::pit(&mut svg, pits.centre(col, row), PIT_RADIUS, &stones, &attrs);
            }
        }
        for col in 0..width {
            let (x, _) = pits.centre(col, 0);
            picture::label(&mut svg, (x, TOP - 19.0), &letter(col, false).to_string());
            picture::label(&mut svg, (x, bottom + 27.0), &letter(col, true).to_string());
        }
        for (seat, row) in [(1, 0), (0, 1)] {
            svg.text(
                board_right + 10.0,
                pits.centre(0, row).1 + 5.0,
                seat_name(seat),
                &format!(r#"fill="{}" font-weight="bold""#, colour::SEATS[seat]),
            );
        }
        for row in 0..2 {
            for col in 0..width {
                let name = letter(col, row == 1).to_string();
                let pit = Pit((row * width + col) as u8);
                let owner = seat_name(usize::from(!state.in_block(0, pit)));
                let stones = picture::counted(state.stones(pit), "stone");
                let label = format!("pit {name}, {owner}'s block, {stones}");
                picture::target(&mut svg, pits.centre(col, row), PIT_RADIUS, &name, &label);
            }
        }
        let mut caption = Caption::new(false);
        caption.line(owners(state));
        caption.last_move(view, &format!(" {}", legend(&TOUCHED, true)));
        caption.status(state, result(state));
        caption.draw(&mut svg, bottom + 68.0);
        svg.finish()
    }
}
