//! The heuristic for playouts cut off before the end: a race estimate.

use tabula::Scores;

use crate::geometry::{distance, Cell};
use crate::state::{Differo, BLACK, GOAL, WHITE};

/// A side with no piece left counts as this far from its goal.
const FAR: usize = 16;
/// How much one cell of race lead is worth before squashing.
const LEAD_WEIGHT: f32 = 0.6;
/// How much one extra legal move is worth.
const MOBILITY_WEIGHT: f32 = 0.03;
/// The value of having the move in a race.
const TEMPO: f32 = 0.3;
/// The score of a side to move that can reach its goal at once.
const WINNING: f32 = 0.95;

/// Scores for an unfinished position: the side whose most advanced piece is
/// nearer its goal is ahead, adjusted by mobility and the move; a side to
/// move that can reach its goal right now is all but won.
pub fn evaluate(state: &Differo) -> Scores {
    let mover = state.to_move as usize;
    let mut scores = [0.0; tabula::MAX_PLAYERS];
    let white = if state.can_win_now() {
        if mover == WHITE {
            WINNING
        } else {
            1.0 - WINNING
        }
    } else {
        let lead = nearest(state, BLACK) as f32 - nearest(state, WHITE) as f32;
        let mobility = state.count_moves(WHITE) as f32 - state.count_moves(BLACK) as f32;
        let tempo = if mover == WHITE { TEMPO } else { -TEMPO };
        let x = LEAD_WEIGHT * lead + MOBILITY_WEIGHT * mobility + tempo;
        (1.0 / (1.0 + (-x).exp())).clamp(1.0 - WINNING, WINNING)
    };
    scores[WHITE] = white;
    scores[BLACK] = 1.0 - white;
    scores
}

/// The distance from `seat`'s most advanced piece to its goal.
fn nearest(state: &Differo, seat: usize) -> usize {
    Cell::all_in(state.pieces(seat))
        .map(|cell| distance(cell, GOAL[seat]))
        .min()
        .unwrap_or(FAR)
}
