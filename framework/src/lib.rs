//! Tabula: one [`Game`] trait for abstract strategy games, a [`Registry`]
//! that creates games by name, and a shared MCTS player ([`mcts`]).
//!
//! A game implements [`Game`] (static dispatch, used by the search) and gets
//! the object-safe [`AnyGame`] view (text moves, boxed states) for free; the
//! REPL and tournaments see games only through the registry and that view.

#![warn(missing_docs)]

pub mod agents;
pub mod alphabeta;
mod any;
pub mod az;
pub mod bench;
pub mod bits;
pub mod conformance;
pub mod cpu;
mod error;
pub mod eval;
pub mod files;
mod game;
pub mod key;
pub mod mcts;
pub mod notation;
mod outcome;
mod params;
mod play;
pub mod playout;
pub mod protocol;
mod record;
mod registry;
pub mod render;
pub mod rng;
pub mod search;
pub mod solve;
mod spec;
pub mod stats;
pub mod svg;
#[cfg(test)]
mod test_games;

pub use agents::{
    Agent, AgentError, AgentKind, AgentSpec, AnyAgent, AnyDecision, Decision, SearchSummary,
};
pub use any::{AnyGame, Boxed};
pub use error::{excerpt, MoveError, PositionError};
pub use game::{Game, View};
pub use outcome::{even_scores, Outcome, Scores, Seat, MAX_PLAYERS};
pub use params::{format_duration, parse_duration, ParamError, ParamKind, ParamSpec, Params};
pub use play::{play_game, PlayedGame};
pub use record::{GameRecord, RecordError};
pub use registry::{GameEntry, Registry, RegistryBuilder};
pub use render::Style;
pub use rng::Rng;
pub use spec::{split_specs, Spec, SpecError};
