//! Tabula: one [`Game`] trait for abstract strategy games, a registry that
//! creates games by name, and a shared MCTS player.
//!
//! A game implements [`Game`] (static dispatch, used by the search) and gets
//! the object-safe [`AnyGame`] view (text moves, boxed states) for free; the
//! REPL and tournaments only see that view through the [`Registry`].

pub mod conformance;
mod error;
mod game;
mod outcome;
mod params;
pub mod playout;
pub mod render;
pub mod rng;
mod spec;

pub use error::{MoveError, PositionError};
pub use game::{Game, Seat, MAX_PLAYERS};
pub use outcome::{even_scores, Outcome, Scores};
pub use params::{ParamError, ParamKind, ParamSpec, Params};
pub use render::{Style, View};
pub use rng::Rng;
pub use spec::{Spec, SpecError};
