//! Tabula: one [`Game`] trait for abstract strategy games, a [`Registry`]
//! that creates games by name, and a shared MCTS player ([`mcts`]).
//!
//! A game implements [`Game`] (static dispatch, used by the search) and gets
//! the object-safe [`AnyGame`] view (text moves, boxed states) for free; the
//! REPL and tournaments see games only through the registry and that view.
//!
//! This crate is the one a program depends on. It holds the registry and
//! game records, and re-exports the layers below it, each its own crate so
//! that the compiler checks which way they depend and a change rebuilds
//! only what sits above it:
//!
//! | crate | what it holds |
//! |---|---|
//! | `tabula-core` | the [`Game`] trait, parameters, notation, outcomes, rng, drawing, [`AnyGame`] |
//! | `tabula-search` | playouts, [`mcts`], [`alphabeta`], [`bench`](mod@bench) |
//! | `tabula-solve` | exact solving by retrograde analysis ([`solve`]) |
//! | `tabula-agents` | the [`Agent`] trait, the built-in kinds, the engine [`protocol`] |
//! | `tabula-az` | the learned agent and its training ([`az`]) |
//! | `tabula` | the [`Registry`], game records, and these re-exports |
//!
//! Beside them, `tabula-arena` runs tournaments over a registry, and
//! `tabula-testkit` (tests only) holds the conformance suite.

#![warn(missing_docs)]

mod builtin;
mod record;
mod registry;
#[cfg(test)]
mod spec_tests;

pub use tabula_agents::protocol;
pub use tabula_az as az;
pub use tabula_core::{
    bits, chart, cpu, draw, eval, files, isa, key, notation, plan, render, rng, stats, svg, table,
};
pub use tabula_search::{alphabeta, bench, mcts, playout, search};
pub use tabula_solve as solve;

/// Agents: who chooses the moves of a seat, and the plugin layer that
/// makes every agent kind as easy to add as a game (see `tabula-agents`).
///
/// Kinds are registered with the games, before them, so that every kind is
/// compiled for every game (static dispatch in the search loops):
///
/// ```
/// use tabula::agents::{agent_settings, Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
/// use tabula::search::Control;
/// use tabula::{Game, Registry};
///
/// /// Always plays the first legal move.
/// struct First;
///
/// agent_settings! {
///     /// `first` takes no parameters.
///     kind "first";
///     pub struct FirstSettings {}
/// }
///
/// impl AgentKind for First {
///     type Settings = FirstSettings;
///     const DESCRIPTION: &'static str = "plays the first legal move";
///     fn build<G: Game>(_: &FirstSettings, _: &BuildContext<'_, G>) -> Result<Box<dyn Agent<G>>, BuildError> {
///         Ok(Box::new(FirstAgent))
///     }
/// }
///
/// struct FirstAgent;
/// impl<G: Game> Agent<G> for FirstAgent {
///     fn choose(&mut self, state: &G, _: &Control<'_, G::Move>) -> Result<Decision<G::Move>, Forfeit> {
///         let mut moves = Vec::new();
///         state.legal_moves(&mut moves);
///         Ok(Decision { mv: moves[0], search: None })
///     }
/// }
///
/// let registry = Registry::builder().agent::<First>().build();
/// assert!(registry.agent_kinds().any(|k| k.name == "first"));
/// ```
pub mod agents {
    pub use crate::builtin::Builtin;
    pub use tabula_agents::*;
}

pub use agents::{
    Agent, AgentError, AgentKind, AgentSpec, AnyAgent, AnyDecision, Decision, SearchSummary,
};
pub use record::{GameRecord, RecordError};
pub use registry::{EntryError, GameEntry, Reach, Registry, RegistryBuilder};
pub use tabula_agents::{play_game, play_game_watched, PlayedGame, Unplayable};
pub use tabula_core::{
    even_scores, excerpt, format_duration, parse_duration, split_specs, AnyGame, Boxed, Game,
    MoveError, Outcome, ParamError, ParamKind, ParamSpec, Params, PositionError, Rng, Scores, Seat,
    Spec, SpecError, Style, View, MAX_PLAYERS,
};
