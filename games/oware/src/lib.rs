//! Oware under the abapa rules, as OpenSpiel's `oware` plays it, for Tabula.
//!
//! Two rows of houses; a move sows one of the mover's houses
//! counter-clockwise, skipping the emptied house on laps; a last seed
//! making 2 or 3 in an opponent's house captures it and the run of 2s and
//! 3s before it, unless that would take every opponent seed; a starved
//! opponent must be fed; more than half the seeds wins. The rules as
//! implemented, with every reading decision, are in `RULES.txt` (the variant's
//! [`RULES`](tabula_core::Variant::RULES), shown by the REPL's `rules`);
//! `python/tests/test_openspiel.py` plays it move for move against OpenSpiel.
//!
//! # Design
//! - The position is a few bytes: the houses in sowing order (South's,
//!   then North's, each from its owner's left), the captures, the side to
//!   move; the accessors are public.
//! - A repeated position ends the game. Positions are compared by board and
//!   side to move (the captures cannot differ between two positions with no
//!   capture between them), and the history restarts at every capture,
//!   since a capture makes every earlier position unreachable. It keeps a
//!   64-bit key per position, the latest 32 inline and older ones in shared
//!   chunks, so a clone allocates nothing and a ply allocates only after 32
//!   plies without a capture; [`key`](tabula_core::Game::key) mixes in an
//!   order-free fingerprint of it, since it decides the future.
//! - A move ([`House`]) is the mover's own house counted from the mover's
//!   left: OpenSpiel's action numbers exactly.
//!
//! # Layout
//! `state` (the position and its rules: [`Game`](tabula_core::Game)) and
//! `variant` (the parameters, the start, the test plan:
//! [`Variant`](tabula_core::Variant)); beside them a module per facet —
//! `notation` (move and position text, actions), `observation`, `eval`,
//! `render` (the REPL board), `svg` (the board picture).

mod eval;
mod notation;
mod observation;
mod render;
mod state;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use state::{Ending, House, Oware, MAX_HOUSES};
pub use variant::{OwareVariant, TEST_PLAN};
