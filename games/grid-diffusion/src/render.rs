//! The REPL board: coordinates on all four sides, live stones upper case,
//! dead stones lower case and dim, the cells of the last move highlighted
//! (bracketed without colour), then the stage, counts, ko-forbidden moves,
//! whose turn it is or the result.

use tabula_core::draw::text::{Glyph, Mark};
use tabula_core::draw::{Caption, Grid};
use tabula_core::{Drawing, Style, View};

use crate::notation;
use crate::state::{seat_name, GridDiffusion, Move, BLACK, WHITE};

/// Ko-forbidden moves shown before the list is cut short.
const KO_SHOWN: usize = 24;

impl Drawing for GridDiffusion {
    fn render(&self, view: &View<'_, Self>) -> String {
        let cols = self.variant.geo.cols();
        let touched = Self::touched(view.last.map(|(_, mv)| mv));
        let live = [self.live(BLACK), self.live(WHITE)];
        let grid = Grid::new(cols, self.variant.geo.rows());
        let board = grid.text(1, view.color, |file, rank| {
            let cell = rank * cols + file;
            let (text, style) = if self.stones[BLACK].has(cell) {
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
            let mark = if touched.contains(&cell) {
                Mark::Bracket
            } else {
                Mark::None
            };
            Glyph::new(text).style(style).mark(mark)
        });
        let mut caption = Caption::new(view.color);
        caption.line("B/W live stone, b/w dead stone");
        caption.last_move(view, "");
        if self.stage() == 1 {
            caption.line(format!(
                "Stage 1 (drop): stones left to drop Black {}, White {}",
                self.to_drop[BLACK], self.to_drop[WHITE]
            ));
        } else if self.outcome.is_none() {
            let no_pass = if self.passes >= 2 {
                " (no pass allowed)"
            } else {
                ""
            };
            caption.line(format!(
                "Stage 2 (relocate, attack, pass): consecutive passes {}{no_pass}",
                self.passes
            ));
            caption.line(self.ko_line());
        }
        caption.status(self, self.result_text());
        caption.under(&board)
    }
}

impl GridDiffusion {
    /// The moves superko forbids now, the list cut short.
    fn ko_line(&self) -> String {
        let forbidden = self.ko_forbidden();
        let shown: Vec<String> = forbidden
            .iter()
            .take(KO_SHOWN)
            .map(|&mv| notation::format(&self.variant.geo, mv))
            .collect();
        match (shown.is_empty(), forbidden.len().saturating_sub(KO_SHOWN)) {
            (true, _) => "Ko forbids: nothing".to_string(),
            (false, 0) => format!("Ko forbids: {}", shown.join(" ")),
            (false, more) => format!("Ko forbids: {} and {more} more", shown.join(" ")),
        }
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
