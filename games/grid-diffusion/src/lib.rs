//! Greg van Patten's grid Diffusion (1995) for Tabula: drop stones, then
//! relocate and attack until one side has no live stone.
//!
//! The rules as implemented are in `RULES.txt` (the game's
//! [`RULES`](tabula_core::Variant::RULES), shown by the REPL's `rules` command);
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
//! Game length: every game is finite (superko), but random play on a large
//! board with many stones practically never ends. A side loses only when
//! none of its stones has a friendly neighbour, and on a crowded board a
//! random walk almost never reaches such a scattered arrangement: on 19x19
//! with 100 or 180 stones none of 200 random games ended within 30,000
//! plies, on 12x12 with 40 stones they took 1,978 plies on average (8,399
//! at most, of 5,000), while 19x19 with 40 stones ends within about 120.
//! That is the rules, not a fault; tournaments and playouts cap the length.
//!
//! # Design
//! - The state is bit sets over at most 361 cells (module `bits`, six
//!   words), so life and death are a few shifts (`geometry`).
//! - Superko (module `ko`): a Zobrist hash updated incrementally, so a
//!   candidate move costs a few XORs and two probes. The history is a
//!   shared, append-only log of the line of play plus the few hashes a
//!   state added since; a clone shares the log, so a clone costs a copy of
//!   the state and an atomic load, and a game of n plies with every state
//!   kept (as the REPL keeps them) costs memory linear in n.
//! - Random moves are drawn uniformly from exact counts of the move classes
//!   without listing moves, rejecting ko-forbidden draws (`movegen`);
//!   listing considers as attack targets only the stones with somewhere to
//!   go, so a crowded 19x19 board lists its moves in microseconds.
//! - A position with no live stone for either side, or with two passes and
//!   only ko-forbidden moves, is over; the outcome is cached after each move.
//! - [`key`](tabula_core::Game::key): the arrangement's Zobrist hash mixed with
//!   an order-free fingerprint of the ko history, the side to move, the
//!   passes and the stones left to drop.
//! - Actions on a board of N cells: drops `0..N` by cell; relocations
//!   `N + from × N + to`; attacks `N + N² + (from × N + target) × 4 + d`,
//!   `d` the direction (east, west, north, south) from the target to where
//!   the displaced stone goes; pass `N + 5N²` — `5N² + N + 1` in all.
//!
//! # Layout
//! `bits`, `geometry` (cells, steps) → `ko` → `state` (the position and
//! its rules: [`Game`](tabula_core::Game)), `movegen` (listing and picking
//! moves) and `variant` (the parameters, the start, the test plan:
//! [`Variant`](tabula_core::Variant)); beside them a module per facet —
//! `notation` (move and position text, actions), `observation`, `eval`,
//! `render` (the REPL board), `svg` (the board picture).

mod bits;
mod eval;
mod geometry;
mod ko;
mod movegen;
mod notation;
mod observation;
mod render;
mod state;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use eval::FEATURES;
pub use geometry::Cell;
pub use state::{GridDiffusion, Move, BLACK, WHITE};
pub use variant::{GridDiffusionVariant, TEST_PLAN};
