//! The evaluation MCTS playouts and alpha-beta stop at: exact here, since
//! the side to move loses exactly when the stones left are a multiple of
//! `take + 1` (whatever it takes, the other side restores the multiple).
//! A real game's evaluation is a heuristic in the same shape.

use tabula_core::{Evaluation, Game, Scores};

use crate::state::Takeaway;

impl Evaluation for Takeaway {
    /// The scores of a finished game are its outcome's.
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let mover_wins = !self.left.is_multiple_of(self.variant.take + 1);
        let mover = if mover_wins { 0.9 } else { 0.1 };
        let mut scores = tabula_core::even_scores(2);
        scores[self.to_move] = mover;
        scores[1 - self.to_move] = 1.0 - mover;
        scores
    }
}
