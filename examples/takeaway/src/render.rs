//! The board the REPL prints: the pile, the last move, and whose turn it
//! is or the result — the lines every Tabula board ends with.

use tabula_core::{Game, Style, View};

use crate::state::Takeaway;

/// Stones drawn on one line of the pile.
const PER_LINE: u32 = 20;

pub(crate) fn render(state: &Takeaway, view: &View<'_, Takeaway>) -> String {
    let mut out = format!("{} stones left (take 1 to {})", state.left, state.take);
    let taken = view.last.map_or(0, |(_, taken)| taken);
    // The pile, then the stones the last move took, marked.
    let pile = "o ".repeat(state.left as usize);
    let gone = view.paint(&"x ".repeat(taken as usize), Style::Highlight);
    let line: Vec<&str> = pile.split_inclusive(' ').collect();
    for chunk in line.chunks(PER_LINE as usize) {
        out.push('\n');
        out.push_str(chunk.concat().trim_end());
    }
    if taken > 0 {
        out.push('\n');
        out.push_str(gone.trim_end());
    }
    if let Some((before, mv)) = view.last {
        let seat = state.seat_name(before.to_move());
        out.push_str(&format!("\nLast move: {seat} {}", state.format_move(mv)));
    }
    let status = match state.outcome() {
        Some(outcome) => format!("Game over: {}", outcome.describe(2, |s| state.seat_name(s))),
        None => format!("{} to move", state.seat_name(state.to_move())),
    };
    out.push_str(&format!("\n{status}"));
    out
}
