//! The REPL board: the hexagon with row letters on the left, diagonal
//! numbers along the lower right edge, both goals marked and the last
//! move highlighted.

use tabula::notation::letter;
use tabula::{Style, View};

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::notation::format_move;
use crate::state::{seat_name, Differo, BLACK, GOAL, WHITE};

/// Columns left of the leftmost cell (E1): room for the row letter.
const MARGIN: isize = 4;

/// The screen column of a cell: numbers grow to the right, and each row up
/// shifts half a cell left, so a diagonal runs up and to the left.
fn column(r: usize, d: usize) -> usize {
    (2 * d as isize - r as isize + MARGIN) as usize
}

/// Draws `state` as text.
pub fn render(state: &Differo, view: &View<'_, Differo>) -> String {
    let last = view.last.map(|(_, mv)| [mv.from, mv.to]);
    let width = column(4, 9) + 4;
    // Rows I..A, then one line for the numbers below row A.
    let mut grid: Vec<Vec<String>> = vec![vec![" ".to_string(); width]; ROWS + 1];
    for r in 0..ROWS {
        let line = &mut grid[ROWS - 1 - r];
        line[column(r, row_low(r)) - 2] = view.paint(&letter(r, true).to_string(), Style::Dim);
        for d in row_low(r)..=row_high(r) {
            let Some(cell) = Cell::at(r, d) else { continue };
            let col = column(r, d);
            let (symbol, style) = match state.piece_at(cell) {
                Some(WHITE) => ("W", Some(Style::Bold)),
                Some(_) => ("B", Some(Style::Blue)),
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
    // Diagonal d's label sits one cell beyond its lower end.
    for d in 1..=9 {
        let (row_line, col) = if d <= 5 {
            (ROWS, 2 * d + 1 + MARGIN as usize)
        } else {
            (ROWS - 1 - (d - 6), d + 6 + MARGIN as usize)
        };
        grid[row_line][col] = view.paint(&d.to_string(), Style::Dim);
    }
    let mut out: Vec<String> = grid
        .into_iter()
        .map(|line| line.concat().trim_end().to_string())
        .collect();
    out.push(format!(
        "W White, goal * {} (top)   B Black, goal * {} (bottom)",
        GOAL[WHITE], GOAL[BLACK]
    ));
    if let Some((before, mv)) = view.last {
        out.push(format!(
            "Last move: {} {}",
            seat_name(before.to_move as usize),
            format_move(mv)
        ));
    }
    out.push(status(state));
    out.join("\n")
}

/// Puts a bracket beside a highlighted cell; two brackets meeting become `|`.
fn bracket(line: &mut [String], col: usize, mark: char) {
    line[col] = match line[col].as_str() {
        " " => mark.to_string(),
        _ => "|".to_string(),
    };
}

/// Whose turn it is, or how the game ended.
fn status(state: &Differo) -> String {
    match (state.goal_reached(), state.result()) {
        (Some(seat), _) => format!("{} wins: reached {}", seat_name(seat), GOAL[seat]),
        (None, Some(outcome)) => {
            let loser = if outcome.is_winner(WHITE) {
                BLACK
            } else {
                WHITE
            };
            format!(
                "{} wins: {} has no legal move",
                seat_name(loser ^ 1),
                seat_name(loser)
            )
        }
        (None, None) => format!("{} to move", seat_name(state.to_move as usize)),
    }
}
