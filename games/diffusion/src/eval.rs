//! The evaluation: how close each side is to emptying its own block.
//!
//! A side wins when its block is empty. A side to move that can empty it
//! at once has all but won ([`WINNING`]); otherwise each side's strength is
//! a weighted count of what is still in its block, whether one move would
//! empty it, and a tempo bonus for the side to move. The expected scores
//! are the logistic function of the strength difference ([`tabula_core::eval`]).
//!
//! The weights are fitted to exact values: `cargo run --release -p
//! tabula-tests --example fit_eval -- diffusion 200 200 1 --db
//! diffusion-w6.db` regresses the solved value (win or loss, from the full
//! width-6 table) of the positions of 200 self-play games on the feature
//! differences. They replaced hand-set weights after a tournament in which
//! `alphabeta` searching with them beat the same search with the old ones
//! (docs/agents.md); with them the timed `alphabeta` beats plain MCTS at
//! 0.1 s a move.

use tabula_core::{Evaluation, Game, Scores, Seat};

use crate::geometry::{width_index, Pit, SOWINGS};
use crate::state::Diffusion;

/// What [`Diffusion::features`] measures for a seat, in order.
pub const FEATURES: [&str; 6] = [
    "stones in the own block",
    "non-empty pits in the own block",
    "pits of the own block holding 1",
    "share of the stones on the board that are in the own block",
    "one move (by either side) empties the own block",
    "to move",
];

/// The weights of [`FEATURES`].
const WEIGHTS: [f32; 6] = [-0.317, -0.414, 0.181, -0.138, 1.115, 0.513];

/// The score of a side to move that can empty its own block at once.
const WINNING: f32 = 0.99;

impl Diffusion {
    /// `seat`'s evaluation features (see [`FEATURES`]).
    #[inline(always)]
    pub fn features(&self, seat: Seat) -> [f32; 6] {
        let mut f = [0.0; 6];
        let mut total = 0.0;
        for pit in 0..self.pit_count() {
            let pit = Pit(pit as u8);
            let stones = f32::from(self.stones(pit));
            total += stones;
            if self.in_block(seat, pit) {
                f[0] += stones;
                f[1] += f32::from(stones > 0.0);
                f[2] += f32::from(stones == 1.0);
            }
        }
        f[3] = f[0] / total.max(1.0);
        f[4] = f32::from(self.one_move_from_empty(seat));
        f[5] = f32::from(self.to_move() == seat);
        f
    }

    /// Whether some move (anyone may scoop any pit) empties `seat`'s block:
    /// its only non-empty pit sows nothing back into the block.
    #[inline(always)]
    fn one_move_from_empty(&self, seat: Seat) -> bool {
        let block = self.block(seat);
        let left = self.nonempty() & block;
        if left.count_ones() != 1 {
            return false;
        }
        let pit = Pit(left.trailing_zeros() as u8);
        let sowing =
            &SOWINGS[width_index(self.width())][pit.0 as usize][usize::from(self.stones(pit))];
        sowing.filled & block == 0
    }
}

impl Evaluation for Diffusion {
    /// The expected scores of both sides (a finished game by its result).
    #[inline(always)]
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome() {
            return outcome.scores();
        }
        let mover = self.to_move();
        if self.one_move_from_empty(mover) {
            let mut scores = [0.0; tabula_core::MAX_PLAYERS];
            scores[mover] = WINNING;
            scores[1 - mover] = 1.0 - WINNING;
            return scores;
        }
        let strength = |seat| tabula_core::eval::strength(&WEIGHTS, &self.features(seat));
        tabula_core::eval::scores(&[strength(0), strength(1)])
    }
}
