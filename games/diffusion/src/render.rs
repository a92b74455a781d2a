//! The REPL board: pits, stores, blocks, the last move and whose turn it is.

use std::fmt::Write as _;

use tabula::notation::letter;
use tabula::{Style, View};

use crate::geometry::{Blocks, Pit};
use crate::notation::format_move;
use crate::state::{seat_name, Diffusion};

/// ```text
///          a  b  c | d  e  f
///   [ 0]   4  4  4 | 4  4  4   [ 0]    B
///          4  4  4 | 4  4  4           A
///          A  B  C | D  E  F
/// ```
/// The pit scooped last is highlighted, the pits it sowed into are bold.
pub(crate) fn render(state: &Diffusion, view: &View<'_, Diffusion>) -> String {
    let width = state.width();
    let (scooped, sown) = match view.last {
        Some((before, mv)) => (
            Some(mv),
            before
                .sowing_order(mv)
                .take(before.stones(mv) as usize)
                .flatten()
                .collect(),
        ),
        None => (None, Vec::new()),
    };
    let divider = |col: usize| {
        if state.blocks() == Blocks::Halves && col == width / 2 {
            " |"
        } else {
            ""
        }
    };
    let letters = |upper_row: bool| -> String {
        let mut line = String::from("      ");
        for col in 0..width {
            let _ = write!(line, "{}  {}", divider(col), letter(col, !upper_row));
        }
        line
    };
    let row = |r: usize| -> String {
        let mut line = String::new();
        for col in 0..width {
            let pit = Pit((r * width + col) as u8);
            let count = state.stones(pit).to_string();
            let cell = if scooped == Some(pit) {
                view.paint(&count, Style::Highlight)
            } else if sown.contains(&pit) {
                view.paint(&count, Style::Bold)
            } else if state.in_block(0, pit) {
                view.paint(&count, Style::Cyan)
            } else {
                view.paint(&count, Style::Magenta)
            };
            let _ = write!(line, "{}  {cell}", divider(col));
        }
        line
    };
    let [left, right] = state.stores();
    let mut out = String::new();
    let _ = writeln!(out, "{}", letters(true));
    let _ = writeln!(out, "  [{left:>2}]{}   [{right:>2}]   B", row(0));
    let _ = writeln!(out, "      {}          A", row(1));
    let _ = writeln!(out, "{}", letters(false));
    let owners = match state.blocks() {
        Blocks::Halves => "A owns the left block, B the right block",
        Blocks::Rows => "A owns the lower row, B the upper row",
    };
    let _ = writeln!(out, "  {owners}; [n] = stones in each store");
    if let Some((before, mv)) = view.last {
        let _ = writeln!(out, "  last move: {}", format_move(before, mv));
    }
    match state.result() {
        Some(outcome) => {
            let _ = write!(out, "  {}", outcome.describe(2, |s| seat_name(s).into()));
        }
        None => {
            let _ = write!(out, "  {} to move", seat_name(state.mover()));
        }
    }
    out
}
