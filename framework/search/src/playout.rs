//! Random playouts and perft: the raw speed and correctness probes of a game.

use tabula_core::game::Game;
use tabula_core::outcome::Scores;
use tabula_core::rng::Rng;
use tabula_core::Evaluation;

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
pub fn random_playout<G: Game + Evaluation>(
    state: &mut G,
    rng: &mut Rng,
    max_plies: usize,
    buffer: &mut Vec<G::Move>,
) -> PlayoutEnd {
    if tabula_core::isa::fast() {
        // SAFETY: `fast` is true only on a CPU with the fast path's features.
        unsafe { play_out_fast(state, rng, max_plies, buffer) }
    } else {
        play_out(state, rng, max_plies, buffer)
    }
}

tabula_core::fast_copy! {
    /// [`play_out`] compiled for the fast path.
    fn play_out_fast<G: Game + Evaluation>(
        state: &mut G,
        rng: &mut Rng,
        max_plies: usize,
        buffer: &mut Vec<G::Move>,
    ) -> PlayoutEnd {
        play_out(state, rng, max_plies, buffer)
    }
}

#[inline(always)]
fn play_out<G: Game + Evaluation>(
    state: &mut G,
    rng: &mut Rng,
    max_plies: usize,
    buffer: &mut Vec<G::Move>,
) -> PlayoutEnd {
    // The position and the generator are copied into locals and back (a
    // copy per playout, not per ply), so that the compiler may keep them in
    // registers through the loop instead of storing them to `*state` and
    // `*rng` at every ply.
    let (mut position, mut local) = (state.clone(), rng.clone());
    let end = play_out_with(&mut position, &mut local, max_plies, buffer);
    (*state, *rng) = (position, local);
    end
}

#[inline(always)]
fn play_out_with<G: Game + Evaluation>(
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

fn cut_off<G: Game + Evaluation>(state: &G, plies: usize) -> PlayoutEnd {
    PlayoutEnd {
        scores: state.evaluate(),
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

/// The number of positions reached after exactly `depth` plies (the
/// rules core's, re-exported here beside the playouts it is used with).
pub use tabula_core::perft;
