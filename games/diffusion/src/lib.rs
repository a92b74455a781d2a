//! Mark Steere's mancala Diffusion (2006), as `../shared/RULES.md` §1 fixes it.
//!
//! Two rows of pits; a move scoops one pit and sows its stones into the five
//! positions around it (never lapping, since a pit holds at most 5 stones).
//! The player whose block empties first wins — even when the opponent emptied
//! it. The rules text (`RULES.txt`, returned by `Game::rules` and shown by
//! the REPL's `rules`) states the decisions made where the sources are silent:
//! stores count the stones since the position began, overflow goes to the
//! nearer store, and a position with both blocks empty is rejected.
//!
//! The state packs the pits into nibbles of one `u128` beside a bit set of
//! non-empty pits: a ply is one table look-up and an addition, a random
//! move usually one random number.

mod board;
mod index;
mod notation;
mod render;

pub use board::{Blocks, Diffusion, Pit};

#[cfg(test)]
mod tests;
