//! The evaluation: a race estimate.
//!
//! A side to move that can reach its goal at once has all but won
//! ([`WINNING`]). Otherwise each side's strength is a weighted sum of how
//! near its pieces are to its goal, how many moves it has, its pieces,
//! whether it threatens to reach its goal next turn, and the move; the
//! expected scores are the logistic function of the strength difference
//! ([`tabula_core::eval`]).
//!
//! The weights are fitted: `cargo run --release -p tabula-tests --example
//! fit_eval -- differo 1000 200 1` regresses the results of 1,000 self-play
//! games on the feature differences of their positions. They replaced
//! hand-set weights (race lead, mobility, tempo) after a tournament in
//! which `alphabeta` searching with them won 51 of 55 games against the
//! same search with the old ones (docs/agents.md).

use tabula_core::{Evaluation, Game, Scores, Seat};

use crate::geometry::{distance, Cell};
use crate::state::{Differo, GOAL};

/// A side with no piece left counts as this far from its goal.
const FAR: f32 = 16.0;
/// The score of a side to move that can reach its goal at once.
const WINNING: f32 = 0.99;

/// What [`Differo::features`] measures for a seat, in order.
pub const FEATURES: [&str; 6] = [
    "distance from the nearest piece to the goal",
    "mean distance of the three nearest pieces to the goal",
    "legal moves",
    "pieces",
    "could reach the goal with one move",
    "to move",
];

/// The weights of [`FEATURES`].
const WEIGHTS: [f32; 6] = [-0.152, -0.107, 0.018, 0.0, 1.540, 0.040];

impl Differo {
    /// `seat`'s evaluation features (see [`FEATURES`]).
    pub fn features(&self, seat: Seat) -> [f32; 6] {
        let mut nearest = [FAR; 3];
        for cell in Cell::all_in(self.pieces(seat)) {
            let d = distance(cell, GOAL[seat]) as f32;
            if d < nearest[2] {
                nearest[2] = d;
                nearest.sort_by(f32::total_cmp);
            }
        }
        [
            nearest[0],
            nearest.iter().sum::<f32>() / 3.0,
            self.count_moves(seat) as f32,
            self.pieces(seat).count_ones() as f32,
            f32::from(self.can_reach_goal(seat)),
            f32::from(usize::from(self.to_move) == seat),
        ]
    }
}

impl Evaluation for Differo {
    /// Both sides' expected scores (a finished game by its result).
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let mover = usize::from(self.to_move);
        if self.can_win_now() {
            let mut scores = [0.0; tabula_core::MAX_PLAYERS];
            scores[mover] = WINNING;
            scores[1 - mover] = 1.0 - WINNING;
            return scores;
        }
        let strength = |seat| tabula_core::eval::strength(&WEIGHTS, &self.features(seat));
        tabula_core::eval::scores(&[strength(0), strength(1)])
    }
}
