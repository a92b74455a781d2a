//! Greg van Patten's grid Diffusion (1995) for Tabula: drop stones, then
//! relocate and attack until one side has no live stone.
//!
//! The rules as implemented are in `RULES.txt` (the game's
//! [`RULES`](tabula::Game::RULES), shown by the REPL's `rules` command);
//! the reading decisions where the seed and the project's rules are silent:
//! - only live stones relocate or attack; the attacked stone may be live or
//!   dead; an attacked stone may be pushed onto the attacker's vacated cell
//!   when that cell is adjacent to it (the stones swap places);
//! - `stones` must leave at least one empty cell (2N − K ≤ R·C − 1) and
//!   `handicap` must be below `stones`;
//! - stage-1 arrangements are not stored in the ko history: they hold fewer
//!   stones than any stage-2 arrangement, so they can never recur;
//! - after the drop stage the opponent of the last dropper moves first
//!   (Black after a normal drop stage, White after a handicap one);
//! - a position read with `parse_position` (the REPL's `setup`) starts a new
//!   ko history holding just that position (nothing for a stage-1
//!   position, whose arrangements can never recur); its outcome, including "no legal
//!   move", is judged with that history.
//!
//! # Design
//! - The state is bit sets over at most 361 cells (module `bits`, six
//!   words), so life and death are a few shifts (`geometry`).
//! - Superko (module `ko`): a Zobrist hash updated incrementally, so a
//!   candidate move costs a few XORs and one probe. The history is an
//!   immutable table behind an `Arc`, shared by every clone, plus a small
//!   table owned by the state with the hashes added since; at 256 of those
//!   they are merged into the shared table (`Arc::make_mut`: copied only if
//!   still shared). An MCTS clone costs a reference count and at most a
//!   4 KB copy, and no playout copies the history more than once.
//! - Random moves are drawn uniformly from exact counts of the move classes
//!   without listing moves, rejecting ko-forbidden draws (`movegen`).
//! - A position with no live stone for either side, or with two passes and
//!   only ko-forbidden moves, is over; the outcome is cached after each move.
//! - [`key`](tabula::Game::key): the arrangement's Zobrist hash mixed with
//!   an order-free fingerprint of the ko history, the side to move, the
//!   passes and the stones left to drop.
//! - Actions on a board of N cells: drops `0..N` by cell; relocations
//!   `N + from × N + to`; attacks `N + N² + (from × N + target) × 4 + d`,
//!   `d` the direction (east, west, north, south) from the target to where
//!   the displaced stone goes; pass `N + 5N²` — `5N² + N + 1` in all.
//!
//! # Layout
//! `bits`, `geometry` (cells, steps) → `ko` → `state` (the position, its
//! moves and rules) → `movegen`, `eval` → `params`, `notation` (move text,
//! actions), `position` (position text), `render` (the REPL board) → `game`
//! (the `Game` implementation).

mod bits;
mod eval;
mod game;
mod geometry;
mod ko;
mod movegen;
mod notation;
mod params;
mod position;
mod render;
mod state;

#[cfg(test)]
mod tests;

pub use geometry::Cell;
pub use params::TEST_PLAN;
pub use state::{GridDiffusion, Move, BLACK, WHITE};
