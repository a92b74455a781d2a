//! The evaluation: the store difference, and a little for seeds still on
//! one's own side (they go to one's store if the other side runs dry).
//!
//! Hand-set, not fitted: stores are what the result counts, so the store
//! difference is the natural measure; the expected scores are the logistic
//! function of the strength difference ([`tabula_core::eval`]). A side whose
//! store holds more than half the seeds has won whatever follows.

use tabula_core::{Evaluation, Game, Scores, Seat};

use crate::state::Kalah;

/// Strength per seed in the own store.
const STORE: f32 = 0.3;
/// Strength per seed in the own pits.
const SIDE: f32 = 0.1;
/// The score of a side that has already secured more than half the seeds.
const DECIDED: f32 = 0.99;

impl Evaluation for Kalah {
    /// The expected scores of both sides (a finished game by its result).
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let total =
            self.seeds_on_board() + self.stores().iter().map(|&s| u32::from(s)).sum::<u32>();
        if let Some(winner) = (0..2).find(|&seat| 2 * u32::from(self.stores()[seat]) > total) {
            let mut scores = [0.0; tabula_core::MAX_PLAYERS];
            scores[winner] = DECIDED;
            scores[1 - winner] = 1.0 - DECIDED;
            return scores;
        }
        let strength = |seat: Seat| {
            let side: u32 = self.side(seat).iter().map(|&s| u32::from(s)).sum();
            STORE * f32::from(self.stores()[seat]) + SIDE * side as f32
        };
        tabula_core::eval::scores(&[strength(0), strength(1)])
    }
}
