//! Kalah, the mancala of stores and extra turns, for Tabula.
//!
//! Two rows of pits, a store at each end. A move sows one of the mover's
//! pits counter-clockwise through the mover's store (never the opponent's);
//! a last seed in the own store gives another move, a last seed in an empty
//! own pit captures the opposite pit; when one side's pits are empty the
//! game ends and each side's remaining seeds go to its own store. The rules
//! as implemented, with every reading decision, are in `RULES.txt` (the
//! variant's [`RULES`](tabula_core::Variant::RULES), shown by the REPL's `rules`).
//! With `empty_capture=off` the game is OpenSpiel's `mancala`, which
//! `python/tests/test_openspiel.py` plays move for move against this crate.
//!
//! # Design
//! - The state is a few bytes: the pits in sowing order (South's, then
//!   North's, each from its owner's left), the two stores, the side to move
//!   and the variant. The accessors are public, so that a solver can index
//!   positions by the seeds on the board.
//! - A move ([`Pit`]) is the mover's own pit, counted from the mover's
//!   left: the same number for either side, as OpenSpiel's Oware numbers
//!   its actions, so that per-move statistics and policies serve both seats.
//! - [`key`](tabula_core::Game::key) mixes the pits, the stores and the side
//!   to move: the stores decide the result.
//!
//! # Layout
//! `state` (the position and its rules: [`Game`](tabula_core::Game)) and
//! `variant` (the parameters, the start, the test plan:
//! [`Variant`](tabula_core::Variant)); beside them a module per facet —
//! `notation` (move and position text, actions), `observation`, `eval`,
//! `render` (the REPL board), `svg` (the board picture); `solve` numbers
//! positions for the margin solver.

mod eval;
mod notation;
mod observation;
mod render;
mod solve;
mod state;
mod svg;
mod variant;

#[cfg(test)]
mod solve_tests;
#[cfg(test)]
mod tests;

pub use state::{Kalah, Pit, MAX_PITS};
pub use variant::{KalahVariant, TEST_PLAN};
