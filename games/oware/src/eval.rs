//! The evaluation: the difference of the captures.
//!
//! Hand-set, not fitted: captures are what the result counts, so their
//! difference is the natural measure; the expected scores are the logistic
//! function of the strength difference ([`tabula_core::eval`]). Seeds on
//! one's own side are left out: in Oware they are as much a target for the
//! opponent as a reserve.

use tabula_core::{Evaluation, Game, Scores};

use crate::state::Oware;

/// Strength per captured seed.
const CAPTURED: f32 = 0.3;

impl Evaluation for Oware {
    /// The expected scores of both sides (a finished game by its result).
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let [south, north] = self.scores().map(|s| CAPTURED * f32::from(s));
        tabula_core::eval::scores(&[south, north])
    }
}
