//! Kashio Fujii's hex race game Differo for Tabula.
//!
//! Two players race one piece to the middle of the far edge (White to I7,
//! Black to A3) on a 61-cell hexagon. A piece moves along one of its three
//! lines exactly as many cells as its side has more pieces on that line
//! than the opponent, jumping over anything in between. The full rules as
//! implemented are `RULES.txt` (the game's [`RULES`](tabula_core::Variant::RULES),
//! shown by the REPL's `rules`); in short, the reading decisions where the
//! original text is silent:
//!
//! - `setup` accepts any number of pieces from 0 to 13 a side (puzzles), but
//!   never a piece on the opponent's goal (no move can put it there).
//! - A side on its own goal has already won: the position is a finished game
//!   whose other side must be the one to move; both sides on their goals is
//!   rejected.
//! - A side to move without any legal move (for example without pieces) loses.
//!
//! # Design
//! - The state is two `u64` bitboards plus (White − Black) piece counts for
//!   each of the 27 lines, updated incrementally by each move, so a step
//!   count is one lookup and a landing cell one table lookup (`geometry`).
//! - [`key`](tabula_core::Game::key) mixes the two bitboards and the side to
//!   move; the line counts follow from the bitboards.
//! - Actions: `from × 61 + to`, cells numbered A1 = 0 … I9 = 60 row by row:
//!   3,721, of which the pairs not on one line are no move.
//!
//! # Layout
//! `geometry` (cells, lines, jumps) → `state` (the position and its rules:
//! [`Game`](tabula_core::Game)), `movegen` (its moves) and `variant` (the
//! start, the test plan: [`Variant`](tabula_core::Variant)); beside them a
//! module per facet — `notation` (move and position text, actions),
//! `observation`, `eval`, `render` (the REPL board), `svg` (the board
//! picture).

mod eval;
mod geometry;
mod movegen;
mod notation;
mod observation;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use eval::FEATURES;
pub use geometry::Cell;
pub use notation::START;
pub use state::{Differo, Move, BLACK, WHITE};
pub use variant::{DifferoVariant, TEST_PLAN};
