//! Tic-tac-toe on an n×n board with k in a row to win — the worked example
//! of adding a game to Tabula (see `docs/adding-a-game.md`).
//!
//! It is laid out as every shipped game is, one module per job, each small
//! enough to read on its own: the state and its rules, the variant, and a
//! module per facet — move and position notations, an observation for
//! learned agents, an evaluation for MCTS playout cut-offs, a board drawing
//! as text and as a picture. The catalog (`tabula-games`) lists it beside
//! the other shipped games; the example's `main.rs` adds an agent kind of
//! its own ([`Opportunist`], the worked example of adding an agent; see
//! `docs/adding-an-agent.md`).
//!
//! # Layout
//! `state` (the position and its rules: [`Game`](tabula::Game)) and
//! `variant` (the parameters, the start, the test plan:
//! [`Variant`](tabula::Variant)); beside them a module per facet —
//! `notation` (move and position text, actions), `observation`, `eval`,
//! `render` (the REPL board), `svg` (the board picture with its click
//! targets) — and `tests`.

mod eval;
mod notation;
mod observation;
mod opportunist;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use opportunist::Opportunist;
pub use state::{Cell, TicTacToe};
pub use variant::{TicTacToeVariant, TEST_PLAN};
