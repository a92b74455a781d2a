//! Random playouts and perft: the raw speed and correctness probes of a game.

use tabula_core::game::Game;
use tabula_core::outcome::{even_scores, Scores};
use tabula_core::rng::Rng;

/// How a random playout ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutEnd {
    /// Each seat's score: the outcome's, or the evaluation's if cut off.
    pub scores: Scores,
    /// Plies played.
    pub plies: usize,
    /// Whether the playout was stopped (at `max_plies`, or before a move
    /// the game would not finish in a playout) rather than finished.
    pub cut_off: bool,
}

/// Plays uniformly random moves from `state` until the game ends or
/// `max_plies` moves were made. `buffer` is reused scratch space. Moves are
/// applied with [`Game::play_in_playout`], so a game may also stop the
/// playout before a move too costly to finish; a stopped playout is scored
/// by the evaluation, like one cut off at `max_plies`.
///
/// The loop runs on this CPU's fast path ([`tabula_core::isa`]): the game's
/// move choice and rules are compiled into it for both paths.
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut Rng,
    max_plies: usize,
    buffer: &mut Vec<G::Move>,
) -> PlayoutEnd {
    // The generator is copied into a local and back, so that the compiler
    // may keep its state in registers through the loop instead of storing
    // it to `*rng` at every ply.
    let mut local = rng.clone();
    let end = tabula_core::dispatch!(play_out(state, &mut local, max_plies, buffer));
    *rng = local;
    end
}

#[inline(always)]
fn play_out<G: Game>(
    state: &mut G,
    rng: &mut Rng,
    max_plies: usize,
    buffer: &mut Vec<G::Move>,
) -> PlayoutEnd {
    for plies in 0..max_plies {
        match state.random_move(rng, buffer) {
            Some(mv) => {
                if !state.play_in_playout(mv) {
                    return cut_off(state, plies);
                }
            }
            None => return finished(state, plies),
        }
    }
    match state.outcome() {
        Some(outcome) => PlayoutEnd {
            scores: outcome.scores(),
            plies: max_plies,
            cut_off: false,
        },
        None => cut_off(state, max_plies),
    }
}

fn cut_off<G: Game>(state: &G, plies: usize) -> PlayoutEnd {
    PlayoutEnd {
        scores: state
            .evaluate()
            .unwrap_or_else(|| even_scores(state.players())),
        plies,
        cut_off: true,
    }
}

fn finished<G: Game>(state: &G, plies: usize) -> PlayoutEnd {
    let outcome = state
        .outcome()
        .expect("random_move returned None although the game is not over");
    PlayoutEnd {
        scores: outcome.scores(),
        plies,
        cut_off: false,
    }
}

/// The number of positions reached after exactly `depth` plies; finished
/// games are not expanded. The standard check of a move generator.
pub fn perft<G: Game>(state: &G, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
