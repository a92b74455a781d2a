//! Calcala, the 6x6 capture mancala for 2–4 players, for Tabula.
//!
//! The rules are those of the project's `RULES.md` §3 (shown in full by
//! [`Calcala::rules`](tabula::Game::rules)). In short: take every stone
//! from a non-empty pit and sow one per pit in one of eight directions;
//! orthogonal steps wrap around the board, diagonal steps wrap through the
//! corners and bounce 90° off the edges; a last stone landing in an
//! occupied pit relays, one landing in an empty pit captures the next pit
//! along. The game ends when 6 or fewer stones are left; most captures wins.
//!
//! Reading decisions where RULES.md is silent:
//! - The edge rule applies only to a move's first step; relays step freely.
//! - The captured "next pit" is found with the same stepping rules, in the
//!   direction the sowing had after its last step (so after a bounce it is
//!   the bounced direction). If it is empty the move captures nothing.
//! - Endless relays are detected exactly as RULES.md says: the first relay
//!   moment whose state (board, pit, direction) repeats an earlier relay
//!   moment of the same turn ends the turn with the board as it is then,
//!   the pit not picked up, no capture. The turn still passes. A turn that
//!   reaches [`MAX_RELAYS`] relay moments ends the same way: hand-made
//!   positions with hundreds of stones can otherwise relay for minutes.
//! - A finished game (≤ 6 stones on the board) where every player has the
//!   same captures is a win shared by all of them (a draw).
//! - Position text may describe any position, not just one reachable from
//!   the chosen `setup`: the stone total is free, up to 255 stones in all
//!   (board plus captures) so every count fits a byte. A position with 6 or
//!   fewer stones on the board is a finished game. The number of capture
//!   fields must equal the number of players.
//! - `evaluate` (for cut-off playouts) is a softmax over the captures whose
//!   temperature is `2 + stones on board / 4`.

mod game;
mod geometry;
mod notation;
mod position;
mod render;
mod sowing;

pub use game::{Calcala, Setup, END_STONES, MAX_STONES};
pub use geometry::{may_start, step_from, Direction, Pit, PITS, SIDE};
pub use notation::{parse_move, parse_pit, Move};
pub use sowing::{Event, MAX_RELAYS};

/// The events of `mv` played from `state`, in order: pick-ups, every stone
/// dropped, then the capture or the end of an endless relay. The REPL's path
/// display uses the same replay.
pub fn trace(state: &Calcala, mv: Move) -> Vec<Event> {
    let mut trace = sowing::Trace::default();
    let mut state = *state;
    state.play_observed(mv, &mut trace);
    trace.events
}

#[cfg(test)]
mod tests;
