//! Mark Steere's mancala Diffusion (2006) for Tabula.
//!
//! Two rows of pits; a move scoops one pit and sows its stones into the five
//! positions around it (never lapping, since a pit holds at most 5 stones).
//! The player whose block empties first wins — even when the opponent emptied
//! it. The rules as implemented are in `RULES.txt` (the variant's
//! [`RULES`](tabula_core::Variant::RULES), shown by the REPL's `rules`), with the
//! decisions made where the sources are silent: stores count the stones
//! since the position began, overflow goes to the nearer store, and a
//! position with both blocks empty is rejected.
//!
//! # Design
//! - The state packs the pits into nibbles of one `u128` beside a bit set
//!   of non-empty pits (module `geometry` holds the per-width tables): a ply
//!   is one table look-up and an addition, a random move usually one random
//!   number.
//! - [`key`](tabula_core::Game::key) mixes the pits and the side to move; the
//!   stores are left out, since they do not change the future.
//! - Actions: a move's action number is its pit's index — the upper row's
//!   pits `a`, `b`, … are `0..width`, the lower row's `A`, `B`, … follow —
//!   `2 × width` actions in all.
//!
//! # Layout
//! `geometry` (pits, tables) → `state` (the position and its rules:
//! [`Game`](tabula_core::Game)) and `variant` (the parameters, the start,
//! the test plan: [`Variant`](tabula_core::Variant)); beside them a module
//! per facet — `notation` (move and position text, actions),
//! `observation`, `eval`, `render` (the REPL board), `svg` (the board
//! picture); `index` numbers positions for the solver.

mod eval;
mod geometry;
mod index;
mod notation;
mod observation;
mod render;
mod state;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use eval::FEATURES;
pub use geometry::{Blocks, Pit};
pub use state::Diffusion;
pub use variant::{DiffusionVariant, TEST_PLAN};
