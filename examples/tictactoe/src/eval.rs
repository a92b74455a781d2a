//! The evaluation, for playouts cut off before the end (on big boards):
//! a little for each mark more than the opponent's. Not needed for 3×3,
//! shown here because it is the facet most games want.

use tabula::{Evaluation, Game, Scores};

use crate::state::TicTacToe;

impl Evaluation for TicTacToe {
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let mut scores = tabula::even_scores(2);
        let lead = self.marks[0].count_ones() as f32 - self.marks[1].count_ones() as f32;
        scores[0] = (0.5 + 0.1 * lead).clamp(0.0, 1.0);
        scores[1] = 1.0 - scores[0];
        scores
    }
}
