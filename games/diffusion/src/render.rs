//! The REPL board: pits with their letters above and below, the stores,
//! who sits where and owns which block, the last move (`^` scooped, `*`
//! sown) and whose turn it is or the result.

use std::fmt::Write as _;

use tabula_core::notation::letter;
use tabula_core::{Style, View};

use crate::geometry::{Blocks, Pit};
use crate::notation::format_move;
use crate::state::{seat_name, Diffusion};

/// What the last move did to a pit or a store.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    None,
    Scooped,
    Sown,
}

/// The last move's marks: the scooped pit, and every pit and store
/// (index `pits`, `pits + 1`) that gained a stone. Overflow stones do
/// not land in their pit, so a pit marks only what it really received.
pub(crate) fn marks(state: &Diffusion, last: Option<(&Diffusion, Pit)>) -> Vec<Mark> {
    let pits = state.pit_count();
    let mut marks = vec![Mark::None; pits + 2];
    let Some((before, mv)) = last else {
        return marks;
    };
    for (i, mark) in marks.iter_mut().enumerate().take(pits) {
        let pit = Pit(i as u8);
        if pit == mv {
            *mark = Mark::Scooped;
        } else if state.stones(pit) > before.stones(pit) {
            *mark = Mark::Sown;
        }
    }
    for side in 0..2 {
        if state.stores()[side] > before.stores()[side] {
            marks[pits + side] = Mark::Sown;
        }
    }
    marks
}

/// Columns before the first pit: room for the left store.
const MARGIN: usize = 8;

/// ```text
///          a   b   c |   d   e   f
///   [ 0]   4   4   4 |   5   0^  4     [ 0]  North
///          4   4   4 |   5*  5*  5*          South
///          A   B   C |   D   E   F
/// ```
pub(crate) fn render(state: &Diffusion, view: &View<'_, Diffusion>) -> String {
    let width = state.width();
    let marks = marks(state, view.last);
    let divider = |col: usize| {
        if state.blocks() == Blocks::Halves && col == width / 2 {
            " |"
        } else {
            ""
        }
    };
    let cell = |text: String, mark: Mark, style: Style| -> String {
        match mark {
            Mark::None => format!("{} ", view.paint(&text, style)),
            Mark::Scooped => format!("{}^", view.paint(&text, Style::Highlight)),
            Mark::Sown => format!("{}*", view.paint(&text, Style::Bold)),
        }
    };
    let letters = |upper: bool| -> String {
        let mut line = " ".repeat(MARGIN);
        for col in 0..width {
            let _ = write!(line, "{}{:>3} ", divider(col), letter(col, upper));
        }
        line.trim_end().to_string()
    };
    let row = |r: usize| -> String {
        let mut line = String::new();
        for col in 0..width {
            let pit = Pit((r * width + col) as u8);
            let style = if state.in_block(0, pit) {
                Style::Cyan
            } else {
                Style::Magenta
            };
            let count = format!("{:>3}", state.stones(pit));
            let _ = write!(
                line,
                "{}{}",
                divider(col),
                cell(count, marks[pit.0 as usize], style)
            );
        }
        line
    };
    let store = |side: usize| {
        let text = format!("[{:>2}]", state.stores()[side]);
        cell(text, marks[state.pit_count() + side], Style::Dim)
    };
    let mut lines = vec![
        letters(false),
        format!("  {} {}  {}  {}", store(0), row(0), store(1), seat_name(1)),
        format!(
            "{}{}{}{}",
            " ".repeat(MARGIN),
            row(1),
            " ".repeat(9),
            seat_name(0)
        ),
        letters(true),
    ];
    lines.push(format!("{}; [n]: stones in a store", owners(state)));
    if let Some((before, mv)) = view.last {
        lines.push(format!(
            "Last move: {} {}   (^ scooped, * sown)",
            seat_name(before.mover()),
            format_move(before, mv)
        ));
    }
    lines.push(status(state, view));
    let lines: Vec<String> = lines
        .into_iter()
        .map(|line| line.trim_end().to_string())
        .collect();
    lines.join("\n")
}

/// Who owns which pits.
pub(crate) fn owners(state: &Diffusion) -> String {
    let (south, north) = match state.blocks() {
        Blocks::Halves => ("left block", "right block"),
        Blocks::Rows => ("lower row", "upper row"),
    };
    format!(
        "{} owns the {south}, {} the {north}",
        seat_name(0),
        seat_name(1)
    )
}

/// Whose turn it is, or who won and why.
pub(crate) fn status(state: &Diffusion, view: &View<'_, Diffusion>) -> String {
    match state.result() {
        Some(outcome) => {
            let winner = outcome.winners().next().unwrap_or(0);
            let result = format!("{} wins (its block is empty)", seat_name(winner));
            format!("Game over: {}", view.paint(&result, Style::Bold))
        }
        None => format!("{} to move", seat_name(state.mover())),
    }
}
