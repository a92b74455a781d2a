//! The [`Evaluation`] facet, a game's estimate of an unfinished game; and
//! linear evaluations: each seat's strength is a weighted sum of its
//! features, and the seats' expected scores are the softmax of their
//! strengths. With two players that is the logistic function of the
//! strength difference, so the weights can be fitted by logistic regression
//! of game results on feature differences — how the shipped games' weights
//! were found (see their `eval` modules).
//!
//! ```
//! use tabula_core::eval::{scores, strength};
//! // Seat 0 is 1.0 stronger: it is expected to score σ(1) ≈ 0.73.
//! let s = scores(&[strength(&[2.0, 1.0], &[0.5, 0.0]), 0.0]);
//! assert!((s[0] - 0.731).abs() < 1e-3 && (s[0] + s[1] - 1.0).abs() < 1e-6);
//! ```

use crate::game::Game;
use crate::outcome::{Scores, MAX_PLAYERS};

/// A heuristic estimate of how an unfinished game will end: what MCTS
/// scores a playout cut off at its ply limit with, what its priors and
/// alpha-beta's leaves read, and what `az` blends into its leaves.
pub trait Evaluation: Game {
    /// Each seat's expected score, each in 0..=1, summing to 1 over the
    /// variant's seats (the rest 0); a finished game's are its outcome's
    /// ([`Outcome::scores`](crate::Outcome::scores)). It should tell
    /// positions apart: a constant (every seat an even share) is no
    /// evaluation, and the test kit says so. [`scores`] turns strengths
    /// into such scores.
    fn evaluate(&self) -> Scores;
}

/// A seat's strength: `weights · features`.
pub fn strength<const K: usize>(weights: &[f32; K], features: &[f32; K]) -> f32 {
    weights.iter().zip(features).map(|(w, f)| w * f).sum()
}

/// Expected scores from strengths (one per seat): `exp(sᵢ) / Σ exp(sⱼ)`.
pub fn scores(strengths: &[f32]) -> Scores {
    let players = strengths.len().min(MAX_PLAYERS);
    let top = strengths.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut scores = [0.0; MAX_PLAYERS];
    for (score, &s) in scores.iter_mut().zip(&strengths[..players]) {
        *score = (s - top).exp();
    }
    let sum: f32 = scores.iter().sum();
    scores.iter_mut().for_each(|s| *s /= sum);
    scores
}
