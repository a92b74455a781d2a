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

use tabula_core::notation::letter;
use tabula_core::{Style, View};

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::notation::format_move;
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

/// Draws `state` as text.
pub fn render(state: &Differo, view: &View<'_, Differo>) -> String {
    let last = view.last.map(|(_, mv)| [mv.from, mv.to]);
    let width = column(4, 9) + 4;
    // Numbers and `\` above (virtual rows 10 and 9), rows I..A, then `\`
    // and numbers below (virtual rows -1 and -2).
    let mut grid: Vec<Vec<String>> = vec![vec![" ".to_string(); width]; ROWS + 4];
    let line_of = |r: isize| (ROWS as isize + 1 - r) as usize;
    let dim = |text: &str| view.paint(text, Style::Dim);
    for d in 5..=9 {
        grid[line_of(10)][column(10, d)] = dim(&d.to_string());
        grid[line_of(9)][column(9, d)] = dim("\\");
    }
    for d in 1..=5 {
        grid[line_of(-1)][column(-1, d)] = dim("\\");
        grid[line_of(-2)][column(-2, d)] = dim(&d.to_string());
    }
    for r in 0..ROWS {
        let line = &mut grid[line_of(r as isize)];
        let name = letter(r, true).to_string();
        line[column(r as isize, row_low(r)) - 3] = dim(&name);
        line[column(r as isize, row_high(r)) + 3] = dim(&name);
        for d in row_low(r)..=row_high(r) {
            let Some(cell) = Cell::at(r, d) else { continue };
            let col = column(r as isize, d);
            let (symbol, style) = match state.piece_at(cell) {
                Some(WHITE) => ("W", Some(Style::Bold)),
                Some(_) => ("B", Some(Style::BrightRed)),
                None if GOAL.contains(&cell) => ("*", Some(Style::Green)),
                None => (".", None),
            };
            let marked = last.is_some_and(|cells| cells.contains(&cell));
            line[col] = match (marked, style) {
                (true, _) => view.paint(symbol, Style::Highlight),
                (false, Some(style)) => view.paint(symbol, style),
                (false, None) => symbol.to_string(),
            };
            if marked && !view.color {
                bracket(line, col - 1, '[');
                bracket(line, col + 1, ']');
            }
        }
    }
    let mut out: Vec<String> = grid
        .into_iter()
        .map(|line| line.concat().trim_end().to_string())
        .collect();
    out.push(format!(
        "W White, goal * {} (top)   B Black, goal * {} (bottom)",
        GOAL[WHITE], GOAL[BLACK]
    ));
    out.push("Rows A-I; numbers 1-9 run along the \\ diagonals".to_string());
    if let Some((before, mv)) = view.last {
        out.push(format!(
            "Last move: {} {}",
            seat_name(before.to_move as usize),
            format_move(mv)
        ));
    }
    out.push(match result(state) {
        Some(result) => format!("Game over: {}", view.paint(&result, Style::Bold)),
        None => format!("{} to move", seat_name(state.to_move as usize)),
    });
    out.join("\n")
}

/// Puts a bracket beside a highlighted cell; two brackets meeting become `|`.
fn bracket(line: &mut [String], col: usize, mark: char) {
    line[col] = match line[col].as_str() {
        " " => mark.to_string(),
        _ => "|".to_string(),
    };
}

/// Who won and why, once the game is over.
pub(crate) fn result(state: &Differo) -> Option<String> {
    match (state.goal_reached(), state.result()) {
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
