//! The REPL board: pits with their letters above and below, the stores,
//! who sits where and owns which block, the last move (`^` picked up,
//! `*` sown) and whose turn it is or the result.

use tabula_core::draw::text::Canvas;
use tabula_core::draw::{legend, Caption, Touched};
use tabula_core::notation::letter;
use tabula_core::{Drawing, Game, Style, View};

use crate::geometry::{Blocks, Pit};
use crate::state::{seat_name, Diffusion};

/// What the last move did to a pit or a store, if anything.
pub(crate) type Mark = Option<Touched>;

/// The marks Diffusion's boards use (it captures nothing).
pub(crate) const TOUCHED: [Touched; 2] = [Touched::PickedUp, Touched::Sown];

/// The last move's marks: the pit picked up, and every pit and store
/// (index `pits`, `pits + 1`) that gained a stone. Overflow stones do
/// not land in their pit, so a pit marks only what it really received.
pub(crate) fn marks(state: &Diffusion, last: Option<(&Diffusion, Pit)>) -> Vec<Mark> {
    let pits = state.pit_count();
    let mut marks: Vec<Mark> = vec![None; pits + 2];
    let Some((before, mv)) = last else {
        return marks;
    };
    for (i, mark) in marks.iter_mut().enumerate().take(pits) {
        let pit = Pit(i as u8);
        if pit == mv {
            *mark = Some(Touched::PickedUp);
        } else if state.stones(pit) > before.stones(pit) {
            *mark = Some(Touched::Sown);
        }
    }
    for side in 0..2 {
        if state.stores()[side] > before.stores()[side] {
            marks[pits + side] = Some(Touched::Sown);
        }
    }
    marks
}

/// Columns before the first pit: room for the left store.
const MARGIN: usize = 8;

impl Drawing for Diffusion {
    /// ```text
    ///           a   b   c  |  d   e   f
    ///   [ 0]    4   4   5  |  5   5   0^  [ 3]*  North
    ///           4   4   4  |  0   5   5*         South
    ///           A   B   C  |  D   E   F
    /// ```
    fn render(&self, view: &View<'_, Diffusion>) -> String {
        let state = self;
        let width = state.width();
        let marks = marks(state, view.last);
        let halves = state.blocks() == Blocks::Halves;
        // Where a pit's three columns start: four apart, two more past the
        // divider between the blocks.
        let column = |col: usize| MARGIN + 4 * col + if halves && col >= width / 2 { 2 } else { 0 };
        let mut canvas = Canvas::new(view.color);
        for col in 0..width {
            canvas.write(0, column(col) + 2, &letter(col, false).to_string());
            canvas.write(3, column(col) + 2, &letter(col, true).to_string());
            for row in 0..2 {
                let pit = Pit((row * width + col) as u8);
                let style = if state.in_block(0, pit) {
                    Style::Cyan
                } else {
                    Style::Magenta
                };
                let count = format!("{:>3}", state.stones(pit));
                canvas.glyph(
                    1 + row,
                    column(col),
                    &Touched::glyph(marks[pit.0 as usize], count, style),
                );
            }
        }
        if halves {
            for line in 0..4 {
                canvas.write(line, column(width / 2) - 1, "|");
            }
        }
        let end = column(width - 1) + 4;
        for (side, at) in [(0, 2), (1, end + 2)] {
            let store = format!("[{:>2}]", state.stores()[side]);
            let mark = marks[state.pit_count() + side];
            canvas.glyph(1, at, &Touched::glyph(mark, store, Style::Dim));
        }
        canvas.write(1, end + 9, seat_name(1));
        canvas.write(2, end + 9, seat_name(0));
        let mut caption = Caption::new(view.color);
        caption.line(format!("{}; [n]: stones in a store", owners(state)));
        caption.last_move(view, &format!("   {}", legend(&TOUCHED, false)));
        caption.status(state, result(state));
        caption.under(&canvas.into_lines())
    }
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

/// Who won and why, once the game is over.
pub(crate) fn result(state: &Diffusion) -> Option<String> {
    let winner = state.outcome()?.winners().next().unwrap_or(0);
    Some(format!("{} wins (its block is empty)", seat_name(winner)))
}
