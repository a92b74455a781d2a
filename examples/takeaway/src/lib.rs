//! Take-away for Tabula: a pile of stones, take one to `take` of them in
//! turn, whoever takes the last stone wins. The full rules as implemented
//! are `RULES.txt` (the game's [`RULES`](tabula_core::Game::RULES)).
//!
//! Take-away is the template `tabula new-game NAME` copies: a complete,
//! tested game in the layout every shipped game uses, small enough to read
//! in one sitting. In a copy, replace its rules with yours, module by
//! module; its tests (and, once it is in the catalog, the workspace's
//! cross-game tests) keep checking them.
//!
//! # Layout
//! `state` (the position and its rules) → `eval` → `params` (parameters,
//! the start, the test plan), `notation` (move text, actions),
//! `observation`, `position` (position text), `render` (the REPL board),
//! `svg` (the board picture) → `game` (the `Game` implementation, which
//! only delegates) → `tests` (the rules' examples and the conformance
//! suite).

mod eval;
mod game;
mod notation;
mod observation;
mod params;
mod position;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;

pub use params::TEST_PLAN;
pub use state::Takeaway;
