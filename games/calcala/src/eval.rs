//! The evaluation: who is likely to finish with the most captures.
//!
//! Each seat's strength is a weighted sum of its captures, its captures
//! scaled by the stones still in play (a lead counts for more the fewer
//! stones are left to catch up with), and a tempo bonus for the seat to
//! move; the expected scores are the softmax of the strengths
//! ([`tabula_core::eval`]), so the same weights serve 2, 3 and 4 players.
//!
//! The weights are hand-set: `0.5 × captures × 8 / (stones left + 8)` is the
//! previous evaluation (a softmax of the captures at temperature
//! `2 + stones left / 4`) in these features. They were kept after a
//! tournament: `cargo run --release -p tabula-tests --example fit_eval --
//! calcala 1000 200 1` fits weights by logistic regression of self-play
//! results that predict those results better, but `alphabeta` searching
//! with the fit lost to the same search with these weights
//! (docs/agents.md).

use tabula_core::{Evaluation, Game, Scores, Seat};

use crate::state::Calcala;

/// What [`Calcala::features`] measures for a seat, in order.
pub const FEATURES: [&str; 3] = [
    "captured stones",
    "captured stones × 8 / (stones on the board + 8)",
    "to move",
];

/// The weights of [`FEATURES`].
const WEIGHTS: [f32; 3] = [0.0, 0.5, 0.0];

impl Calcala {
    /// `seat`'s evaluation features (see [`FEATURES`]).
    pub fn features(&self, seat: Seat) -> [f32; 3] {
        let captured = f32::from(self.captures[seat]);
        let left = self.stones_on_board() as f32;
        [
            captured,
            captured * 8.0 / (left + 8.0),
            f32::from(usize::from(self.to_move) == seat),
        ]
    }
}

impl Evaluation for Calcala {
    /// Each seat's expected score: the softmax of the strengths; a finished
    /// game's outcome.
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let players = self.player_count();
        let mut strengths = [0.0; 4];
        for (seat, s) in strengths[..players].iter_mut().enumerate() {
            *s = tabula_core::eval::strength(&WEIGHTS, &self.features(seat));
        }
        tabula_core::eval::scores(&strengths[..players])
    }
}
