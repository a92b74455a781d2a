//! The board the REPL prints: the pile, the last move, and whose turn it
//! is or the result — the caption lines every Tabula board ends with.

use tabula_core::draw::Caption;
use tabula_core::{Drawing, Style, View};

use crate::state::Takeaway;

/// Stones drawn on one line of the pile.
const PER_LINE: usize = 20;

impl Drawing for Takeaway {
    fn render(&self, view: &View<'_, Takeaway>) -> String {
        let mut board = vec![format!(
            "{} stones left (take 1 to {})",
            self.left, self.variant.take
        )];
        // The pile, then the stones the last move took, marked.
        let pile = vec!["o"; self.left as usize];
        board.extend(pile.chunks(PER_LINE).map(|line| line.join(" ")));
        let taken = view.last.map_or(0, |(_, taken)| taken as usize);
        if taken > 0 {
            board.push(view.paint(&vec!["x"; taken].join(" "), Style::Highlight));
        }
        let mut caption = Caption::new(view.color);
        caption.last_move(view, "").status(self, None);
        caption.under(&board)
    }
}
