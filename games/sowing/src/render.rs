//! The REPL board: North's row above South's, each pit's letter beside
//! its row, the banks at the ends (North's left, South's right), the last
//! move (`^` picked up, `*` sown, `x` captured) and whose turn it is or
//! the result.

use tabula_core::draw::text::Canvas;
use tabula_core::draw::{legend, Caption, Touched};
use tabula_core::{Style, Variant, View};

use crate::{marks, pit_at, pit_letter, TwoRows, TOUCHED};

/// Columns before the first pit: room for the left bank.
const MARGIN: usize = 8;

/// ```text
///           f   e   d   c   b   a
///   [ 1]*   5*  5*  0^  4   4   4          North
///           4   4   4   4   4   4   [ 0]   South
///           A   B   C   D   E   F
/// ```
pub fn render<G: TwoRows>(state: &G, view: &View<'_, G>) -> String {
    let n = state.pits();
    let marks = marks(state, view.last);
    let column = |col: usize| MARGIN + 4 * col;
    let mut canvas = Canvas::new(view.color);
    for col in 0..n {
        canvas.write(0, column(col) + 2, &pit_letter(n, 0, col).to_string());
        canvas.write(3, column(col) + 2, &pit_letter(n, 1, col).to_string());
        for row in 0..2 {
            let pit = pit_at(n, row, col);
            let style = [Style::Magenta, Style::Cyan][row];
            let count = format!("{:>3}", state.board()[pit]);
            canvas.glyph(
                1 + row,
                column(col),
                &Touched::glyph(marks[pit], count, style),
            );
        }
    }
    let end = column(n - 1) + 4;
    for (seat, line, at) in [(1, 1, 2), (0, 2, end + 2)] {
        let bank = format!("[{:>2}]", state.banks()[seat]);
        canvas.glyph(
            line,
            at,
            &Touched::glyph(marks[2 * n + seat], bank, Style::Dim),
        );
    }
    canvas.write(1, end + 9, &state.variant().seat_name(1));
    canvas.write(2, end + 9, &state.variant().seat_name(0));
    let mut caption = Caption::new(view.color);
    caption.line(format!(
        "[n]: {} ({} left, {} right)",
        G::WORDS.banks_in_full,
        state.variant().seat_name(1),
        state.variant().seat_name(0)
    ));
    caption.last_move(view, &format!("   {}", legend(&TOUCHED, false)));
    caption.status(state, state.result_text());
    caption.under(&canvas.into_lines())
}
