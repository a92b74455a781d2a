//! Calcala, the 6x6 capture mancala for 2–4 players, for Tabula.
//!
//! The rules as implemented are in `RULES.txt` (the game's
//! [`RULES`](tabula_core::Variant::RULES), shown by the REPL's `rules`). In short:
//! take every stone from a non-empty pit and sow one per pit in one of
//! eight directions; orthogonal steps wrap around the board, diagonal steps
//! wrap through the corners and bounce 90° off the edges; a last stone
//! landing in an occupied pit relays, one landing in an empty pit captures
//! the next pit along. The game ends when 6 or fewer stones are left; most
//! captures wins.
//!
//! Reading decisions where the project's rules are silent:
//! - The edge rule applies only to a move's first step; relays step freely.
//! - The captured "next pit" is found with the same stepping rules, in the
//!   direction the sowing had after its last step (so after a bounce it is
//!   the bounced direction). If it is empty the move captures nothing.
//! - Endless relays are detected exactly as the rules say: the first relay
//!   moment whose state (board, pit, direction) repeats an earlier relay
//!   moment of the same turn ends the turn with the board as it is then,
//!   the pit not picked up, no capture. The turn still passes. A turn that
//!   reaches [`MAX_RELAYS`] relay moments ends the same way (the REPL says
//!   which happened): hand-made positions with hundreds of stones can
//!   otherwise relay for minutes.
//! - A finished game (≤ 6 stones on the board) where every player has the
//!   same captures is a win shared by all of them (a draw).
//! - Position text may describe any position, not just one reachable from
//!   the chosen `setup`: the stone total is free, up to 255 stones in all
//!   (board plus captures) so every count fits a byte. A position with 6 or
//!   fewer stones on the board is a finished game. The number of capture
//!   fields must equal the number of players.
//! - `evaluate` (for cut-off playouts) is a softmax over the captures whose
//!   temperature is `2 + stones on board / 4`.
//! - Inside random playouts only (MCTS), a move whose relay chain passes
//!   [`PLAYOUT_RELAYS`] relays ends the playout before it, scored by that
//!   evaluation like a playout cut off at its ply limit: relay chains have
//!   a heavy tail (from a position with all 255 stones in one pit, a chain
//!   of 85,000 relays came up within 20 playouts), and a playout is only an
//!   estimate. Real play, and the moves of the search tree itself, always
//!   follow the full rule.
//!
//! # Design
//! - The state is 43 bytes, `Copy`; sowing (module `sowing`) steps through
//!   a table of headings (pit and direction) computed at compile time
//!   (`geometry`), and finds endless relays with Brent's cycle detection.
//! - [`key`](tabula_core::Game::key) mixes the board, the captures, the player
//!   count and the side to move.
//! - Actions: `pit × 8 + direction` (pits A1 = 0 … F6 = 35 row by row,
//!   directions N = 0 clockwise to NW = 7): 288, of which the 80 that break
//!   the edge rule are no move.
//!
//! # Layout
//! `geometry` (pits, directions, stepping tables) → `sowing` → `state` (the
//! position and its rules: [`Game`](tabula_core::Game)) and `variant` (the
//! players, the setups, the start, the test plan:
//! [`Variant`](tabula_core::Variant)); beside them a module per facet —
//! `notation` (move and position text, actions), `observation`, `eval`,
//! `render` (the REPL board, the move path in words), `svg` (the board
//! picture).

mod eval;
mod geometry;
mod notation;
mod observation;
mod render;
mod sowing;
mod state;
mod svg;
mod variant;

pub use eval::FEATURES;
pub use geometry::{may_start, step_from, Direction, Pit, PITS, SIDE};
pub use notation::{parse_move, parse_pit};
pub use sowing::{Event, MAX_RELAYS, PLAYOUT_RELAYS};
pub use state::{trace, Calcala, Move, END_STONES, MAX_STONES};
pub use variant::{CalcalaVariant, Setup, TEST_PLAN};

#[cfg(test)]
mod tests;
