//! The REPL board: live stones upper case, dead stones lower case and dim,
//! the last move highlighted, then the stage, counts and ko-forbidden moves.

use tabula::notation::letter;
use tabula::{Style, View};

use crate::notation;
use crate::state::{seat_name, GridDiffusion, Move, BLACK, WHITE};

/// Ko-forbidden moves shown before the list is cut short.
const KO_SHOWN: usize = 24;

impl GridDiffusion {
    pub(crate) fn draw(&self, view: &View<'_, Self>) -> String {
        let (rows, cols) = (self.geo.rows(), self.geo.cols());
        let touched: Vec<usize> = match view.last.map(|(_, mv)| mv) {
            Some(Move::Drop(c)) => vec![c.index()],
            Some(Move::Relocate { from, to }) => vec![from.index(), to.index()],
            Some(Move::Attack { from, target, to }) => {
                vec![from.index(), target.index(), to.index()]
            }
            Some(Move::Pass) | None => vec![],
        };
        let files: String = (0..cols)
            .map(|f| format!(" {}", letter(f, false)))
            .collect();
        let mut out = format!("   {files}\n");
        let live = [self.live(BLACK), self.live(WHITE)];
        for rank in (0..rows).rev() {
            out += &format!("{:>2} ", rank + 1);
            for file in 0..cols {
                let cell = rank * cols + file;
                let (glyph, style) = if self.stones[BLACK].has(cell) {
                    if live[BLACK].has(cell) {
                        ("B", Style::Bold)
                    } else {
                        ("b", Style::Dim)
                    }
                } else if self.stones[WHITE].has(cell) {
                    if live[WHITE].has(cell) {
                        ("W", Style::Cyan)
                    } else {
                        ("w", Style::Dim)
                    }
                } else {
                    (".", Style::Dim)
                };
                let style = if touched.contains(&cell) {
                    Style::Highlight
                } else {
                    style
                };
                out += " ";
                out += &view.paint(glyph, style);
            }
            out += &format!("  {}\n", rank + 1);
        }
        out += &format!("   {files}\n");
        out += "B/W live stone, b/w dead stone\n";
        if let Some((before, mv)) = view.last {
            out += &format!("Last move: {}\n", notation::format(&before.geo, mv));
        }
        if self.stage() == 1 {
            out += &format!(
                "Stage 1 (drop): stones left to drop Black {}, White {}\n",
                self.to_drop[BLACK], self.to_drop[WHITE]
            );
        } else {
            out += &format!(
                "Stage 2 (relocate, attack, pass): consecutive passes {}{}\n",
                self.passes,
                if self.passes >= 2 {
                    " (no pass allowed)"
                } else {
                    ""
                }
            );
            let forbidden = self.ko_forbidden();
            let shown: Vec<String> = forbidden
                .iter()
                .take(KO_SHOWN)
                .map(|&mv| notation::format(&self.geo, mv))
                .collect();
            let more = forbidden.len().saturating_sub(KO_SHOWN);
            out += &match (shown.is_empty(), more) {
                (true, _) => "Ko forbids: nothing\n".to_string(),
                (false, 0) => format!("Ko forbids: {}\n", shown.join(" ")),
                (false, more) => format!("Ko forbids: {} and {more} more\n", shown.join(" ")),
            };
        }
        out += &match self.outcome {
            Some(outcome) => {
                format!(
                    "Game over: {}\n",
                    outcome.describe(2, |seat| seat_name(seat).to_string())
                )
            }
            None => format!("{} to move\n", seat_name(self.to_move)),
        };
        out
    }
}
