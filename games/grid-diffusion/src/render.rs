//! The REPL board: coordinates on all four sides, live stones upper case,
//! dead stones lower case and dim, the cells of the last move highlighted
//! (bracketed without colour), then the stage, counts, ko-forbidden moves,
//! whose turn it is or the result.

use tabula_core::notation::letter;
use tabula_core::{Style, View};

use crate::notation;
use crate::state::{seat_name, GridDiffusion, Move, BLACK, WHITE};

/// Ko-forbidden moves shown before the list is cut short.
const KO_SHOWN: usize = 24;

impl GridDiffusion {
    pub(crate) fn draw(&self, view: &View<'_, Self>) -> String {
        let (rows, cols) = (self.geo.rows(), self.geo.cols());
        let touched = Self::touched(view.last.map(|(_, mv)| mv));
        let files: String = (0..cols)
            .map(|f| format!(" {}", letter(f, false)))
            .collect();
        let mut out = format!("   {files}\n");
        let live = [self.live(BLACK), self.live(WHITE)];
        for rank in (0..rows).rev() {
            // Gaps and stones alternate, so a gap can bracket a stone.
            let mut slots = vec![" ".to_string(); 2 * cols + 1];
            for file in 0..cols {
                let cell = rank * cols + file;
                let (glyph, style) = if self.stones[BLACK].has(cell) {
                    if live[BLACK].has(cell) {
                        ("B", Style::BrightRed)
                    } else {
                        ("b", Style::Dim)
                    }
                } else if self.stones[WHITE].has(cell) {
                    if live[WHITE].has(cell) {
                        ("W", Style::Bold)
                    } else {
                        ("w", Style::Dim)
                    }
                } else {
                    (".", Style::Dim)
                };
                let marked = touched.contains(&cell);
                let style = if marked { Style::Highlight } else { style };
                slots[2 * file + 1] = view.paint(glyph, style);
                if marked && !view.color {
                    for (gap, mark) in [(2 * file, "["), (2 * file + 2, "]")] {
                        slots[gap] = if slots[gap] == " " { mark } else { "|" }.to_string();
                    }
                }
            }
            out += &format!("{:>2} {} {}\n", rank + 1, slots.concat(), rank + 1);
        }
        out += &format!("   {files}\n");
        out += "B/W live stone, b/w dead stone\n";
        if let Some((before, mv)) = view.last {
            out += &format!(
                "Last move: {} {}\n",
                seat_name(before.to_move),
                notation::format(&before.geo, mv)
            );
        }
        if self.stage() == 1 {
            out += &format!(
                "Stage 1 (drop): stones left to drop Black {}, White {}\n",
                self.to_drop[BLACK], self.to_drop[WHITE]
            );
        } else if self.outcome.is_none() {
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
        out += &match self.result_text() {
            Some(result) => format!("Game over: {}", view.paint(&result, Style::Bold)),
            None => format!("{} to move", seat_name(self.to_move)),
        };
        out
    }

    /// Who won and why, once the game is over.
    pub(crate) fn result_text(&self) -> Option<String> {
        let winner = self.outcome?.winners().next().unwrap_or(BLACK);
        let loser = 1 - winner;
        let why = if self.live(loser).is_empty() {
            "has no live stone"
        } else {
            "has no legal move"
        };
        Some(format!(
            "{} wins ({} {why})",
            seat_name(winner),
            seat_name(loser)
        ))
    }

    /// The cells the last move touched: the drop, or from and to, or the
    /// attacker's cell, the attacked cell and where its stone went.
    pub(crate) fn touched(mv: Option<Move>) -> Vec<usize> {
        match mv {
            Some(Move::Drop(c)) => vec![c.index()],
            Some(Move::Relocate { from, to }) => vec![from.index(), to.index()],
            Some(Move::Attack { from, target, to }) => {
                vec![from.index(), target.index(), to.index()]
            }
            Some(Move::Pass) | None => vec![],
        }
    }
}
