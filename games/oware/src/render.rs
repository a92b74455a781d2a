//! The REPL board: North's row above South's, each house's letter beside
//! its row, the captures at the ends (North's left, South's right), the
//! last move (`^` sown from, `*` gained, `x` taken) and whose turn it is or
//! the result.

use tabula_core::draw::text::{Canvas, Glyph, Mark::Sign};
use tabula_core::draw::Caption;
use tabula_core::notation::letter;
use tabula_core::{Style, View};

use crate::state::{seat_name, Ending, House, Oware};

/// What the last move did to a house or a capture count.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    None,
    Sown,
    Gained,
    Taken,
}

/// The last move's marks by board index (South's houses, North's), then
/// South's and North's captures.
pub(crate) fn marks(state: &Oware, last: Option<(&Oware, House)>) -> Vec<Mark> {
    let n = state.houses();
    let mut marks = vec![Mark::None; 2 * n + 2];
    let Some((before, mv)) = last else {
        return marks;
    };
    let moved = before.mover() * n + usize::from(mv.0);
    let (now, then) = (state.scores(), before.scores());
    let pairs = state
        .board()
        .iter()
        .chain(&now)
        .zip(before.board().iter().chain(&then));
    for (i, (mark, (&now, &then))) in marks.iter_mut().zip(pairs).enumerate() {
        *mark = if i == moved {
            Mark::Sown
        } else if now > then {
            Mark::Gained
        } else if now < then {
            Mark::Taken
        } else {
            Mark::None
        };
    }
    marks
}

/// Where column `col` (as South sees the board) of `row` (0 North, 1
/// South) is on the board: its board index.
pub(crate) fn pit_at(state: &Oware, row: usize, col: usize) -> usize {
    let n = state.houses();
    if row == 1 {
        col
    } else {
        n + n - 1 - col
    }
}

/// The letter a move names the pit at `col` of `row` by.
pub(crate) fn pit_letter(state: &Oware, row: usize, col: usize) -> char {
    let n = state.houses();
    if row == 1 {
        letter(col, true)
    } else {
        letter(n - 1 - col, false)
    }
}

/// Columns before the first house: room for North's captures.
const MARGIN: usize = 8;

/// ```text
///           f   e   d   c   b   a
///   [ 1]*   5*  5*  0^  4   4   4          North
///           4   4   4   4   4   4   [ 0]   South
///           A   B   C   D   E   F
/// ```
pub(crate) fn render(state: &Oware, view: &View<'_, Oware>) -> String {
    let n = state.houses();
    let marks = marks(state, view.last);
    let column = |col: usize| MARGIN + 4 * col;
    let glyph = |text: String, mark: Mark, style: Style| match mark {
        Mark::None => Glyph::new(text).style(style),
        Mark::Sown => Glyph::new(text).style(Style::Highlight).mark(Sign('^')),
        Mark::Gained => Glyph::new(text).style(Style::Bold).mark(Sign('*')),
        Mark::Taken => Glyph::new(text).style(Style::Bold).mark(Sign('x')),
    };
    let mut canvas = Canvas::new(view.color);
    for col in 0..n {
        canvas.write(0, column(col) + 2, &pit_letter(state, 0, col).to_string());
        canvas.write(3, column(col) + 2, &pit_letter(state, 1, col).to_string());
        for row in 0..2 {
            let pit = pit_at(state, row, col);
            let style = [Style::Magenta, Style::Cyan][row];
            let count = format!("{:>3}", state.board()[pit]);
            canvas.glyph(1 + row, column(col), &glyph(count, marks[pit], style));
        }
    }
    let end = column(n - 1) + 4;
    for (seat, line, at) in [(1, 1, 2), (0, 2, end + 2)] {
        let store = format!("[{:>2}]", state.scores()[seat]);
        canvas.glyph(line, at, &glyph(store, marks[2 * n + seat], Style::Dim));
    }
    canvas.write(1, end + 9, seat_name(1));
    canvas.write(2, end + 9, seat_name(0));
    let mut caption = Caption::new(view.color);
    caption.line(format!(
        "[n]: captured seeds ({} left, {} right)",
        seat_name(1),
        seat_name(0)
    ));
    caption.last_move(view, "   (^ sown, * gained, x taken)");
    caption.status(state, result(state));
    caption.under(&canvas.into_lines())
}

/// The final captures and why the game ended, once it is over.
pub(crate) fn result(state: &Oware) -> Option<String> {
    let outcome = state.result()?;
    let [south, north] = state.scores();
    let score = match outcome.winners().collect::<Vec<_>>()[..] {
        [winner] => format!(
            "{} wins {}-{}",
            seat_name(winner),
            south.max(north),
            south.min(north)
        ),
        _ => format!("draw {south}-{north}"),
    };
    let why = match state.ending() {
        Ending::None => "",
        Ending::Decided => " (more than half captured; rows collected)",
        Ending::CannotFeed => " (no move feeds the opponent; rows collected)",
        Ending::Repetition => " (a position repeated; rows collected)",
    };
    Some(format!("{score}{why}"))
}
