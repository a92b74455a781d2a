//! The REPL board: the hexagon with the row letters on both sides, the
//! diagonal numbers at both ends of the diagonals (1–5 below, 5–9 above,
//! each joined to its diagonal by a `\`), both goals marked, the last move
//! highlighted (bracketed without colour), whose turn it is or the result.
//!
//! ```text
//!     5 6 7 8 9
//!      \ \ \ \ \
//!     I . . * . . I
//!    H . B B B B . H
//!   G . B . B . B . G
//!  F . B B B B B B . F
//! E . . . . . . . . . E
//!  D . W W W W W W . D
//!   C . W . W . W . C
//!    B . W W W W . B
//!     A . . * . . A
//!        \ \ \ \ \
//!         1 2 3 4 5
//! ```

use tabula_core::draw::text::{Canvas, Glyph, Mark};
use tabula_core::draw::Caption;
use tabula_core::notation::letter;
use tabula_core::{Drawing, Game, Style, View};

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::state::{seat_name, Differo, BLACK, GOAL, WHITE};

/// Columns left of the leftmost cell (E1): room for the row letter, two
/// columns off the cells so that it never reads as a piece.
const MARGIN: isize = 5;

/// The screen column of row `r` (0 = A; −2 to 10 for the lines of
/// numbers and `\` below and above the board) and number `d`: numbers grow
/// to the right, and each row up shifts half a cell left, so a diagonal
/// runs up and to the left.
pub(crate) fn column(r: isize, d: usize) -> usize {
    (2 * d as isize - r + MARGIN) as usize
}

impl Drawing for Differo {
    fn render(&self, view: &View<'_, Differo>) -> String {
        render(self, view)
    }
}

/// Draws `state` as text.
fn render(state: &Differo, view: &View<'_, Differo>) -> String {
    let last = view.last.map(|(_, mv)| [mv.from, mv.to]);
    // Numbers and `\` above (virtual rows 10 and 9), rows I..A, then `\`
    // and numbers below (virtual rows -1 and -2).
    let line_of = |r: isize| (ROWS as isize + 1 - r) as usize;
    let mut canvas = Canvas::new(view.color);
    let mut dim =
        |r: isize, col: usize, text: &str| canvas.paint(line_of(r), col, text, Style::Dim);
    for d in 5..=9 {
        dim(10, column(10, d), &d.to_string());
        dim(9, column(9, d), "\\");
    }
    for d in 1..=5 {
        dim(-1, column(-1, d), "\\");
        dim(-2, column(-2, d), &d.to_string());
    }
    for r in 0..ROWS {
        let name = letter(r, true).to_string();
        dim(r as isize, column(r as isize, row_low(r)) - 3, &name);
        dim(r as isize, column(r as isize, row_high(r)) + 3, &name);
    }
    for r in 0..ROWS {
        for d in row_low(r)..=row_high(r) {
            let Some(cell) = Cell::at(r, d) else { continue };
            let glyph = match state.piece_at(cell) {
                Some(WHITE) => Glyph::new("W").style(Style::Bold),
                Some(_) => Glyph::new("B").style(Style::BrightRed),
                None if GOAL.contains(&cell) => Glyph::new("*").style(Style::Green),
                None => Glyph::new("."),
            };
            let glyph = if last.is_some_and(|cells| cells.contains(&cell)) {
                glyph.mark(Mark::Bracket)
            } else {
                glyph
            };
            canvas.glyph(line_of(r as isize), column(r as isize, d), &glyph);
        }
    }
    let mut caption = Caption::new(view.color);
    caption.line(format!(
        "W White, goal * {} (top)   B Black, goal * {} (bottom)",
        GOAL[WHITE], GOAL[BLACK]
    ));
    caption.line("Rows A-I; numbers 1-9 run along the \\ diagonals");
    caption.last_move(view, "");
    caption.status(state, result(state));
    caption.under(&canvas.into_lines())
}

/// Who won and why, once the game is over.
pub(crate) fn result(state: &Differo) -> Option<String> {
    match (state.goal_reached(), state.outcome()) {
        (Some(seat), _) => Some(format!("{} wins (reached {})", seat_name(seat), GOAL[seat])),
        (None, Some(outcome)) => {
            let winner = if outcome.is_winner(WHITE) {
                WHITE
            } else {
                BLACK
            };
            Some(format!(
                "{} wins ({} has no legal move)",
                seat_name(winner),
                seat_name(winner ^ 1)
            ))
        }
        (None, None) => None,
    }
}
