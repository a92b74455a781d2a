//! Agents: who chooses the moves of a seat, and the plugin layer that
//! makes every agent kind as easy to add as a game.
//!
//! An agent kind ([`AgentKind`]) has a name, one line saying what it is,
//! a typed parameter table ([`ParamSpec`](tabula_core::ParamSpec)) and a builder that makes the
//! agent for any game type. Everything users see — spec parsing and
//! printing, `tabula agents`, the REPL's help and completion, the records
//! of saved games and tournaments — is derived from that table.
//!
//! Kinds are registered with a `tabula::Registry`, before the games, so
//! that every kind is compiled for every game (`tabula::agents` shows an
//! example).

#![warn(missing_docs)]

mod alphabeta;
mod any;
mod best_line;
mod engine;
mod kind;
mod mcts;
mod perfect;
mod perfect_margin;
mod play;
pub mod protocol;
mod random;
pub mod settings;
mod spec;

pub use alphabeta::{AlphaBetaKind, AlphaBetaSettings, GreedyKind, GreedySettings};
pub use any::TypedAgent;
pub use any::{AnyAgent, AnyControl, AnyDecision, SearchSummary};
pub use engine::{split_command, EngineAgent, EngineConfig, EngineKind, EngineSettings};
#[doc(hidden)]
pub use kind::Builder;
pub use kind::{AgentInfo, AgentKind, AgentSet, BuildContext, BuildError, One};
pub use mcts::{MctsKind, MctsSettings};
pub use mcts::{ITERATIONS, SEARCH_TIME};
pub use perfect::{PerfectKind, PerfectSettings};
pub use play::{play_game, play_game_watched, PlayedGame, Unplayable};
pub use random::SEED;
pub use random::{RandomAgent, RandomKind, RandomSettings};
pub use settings::{AgentConfig, ParamValue, Settings};
pub use spec::{AgentError, AgentSpec, HUMAN, LABEL, MAX_LABEL};

/// What [`agent_settings!`] expands to refers to, so that a crate declaring
/// a kind needs no dependency of its own on these.
#[doc(hidden)]
pub mod __private {
    pub use serde;
    pub use tabula_core::params::{ParamError, ParamSpec, Params};
    pub use typetag;
}

use tabula_core::game::Game;
use tabula_search::search::{Control, SearchReport};

/// A player that chooses moves for one game type.
pub trait Agent<G: Game>: Send {
    /// Chooses a move in a running game (there is at least one legal
    /// move). `control` may override the budget, ask to stop early, and
    /// take progress reports. An `Err` gives up the game (an outside
    /// engine that crashed or hung): the seat loses it, and the reason is
    /// recorded.
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit>;

    /// Told of every move made in the game, its own included, so a search
    /// can keep its tree. The default ignores it.
    fn observe(&mut self, before: &G, mv: G::Move) {
        let _ = (before, mv);
    }

    /// What the agent has to report about its game, for the records: an
    /// outside engine's stderr. Called when the game is over (the arena
    /// does after each game); an agent may stop an outside program then so
    /// that its log is complete. The default has nothing.
    fn take_log(&mut self) -> Option<String> {
        None
    }
}

/// Why an agent gave up a game: a crash, a hang past its time, an illegal
/// or unreadable move. The seat loses the game, which records the reason —
/// unless the fault is Tabula's own ([`Fault::Tabula`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Forfeit {
    /// What went wrong, for people: `timeout after 2.31 s`.
    pub reason: String,
    /// Whose failure it is.
    pub fault: Fault,
}

/// Whose failure a [`Forfeit`] is: only the agent's own loses it the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The agent's: it crashed, hung or misplayed.
    Agent,
    /// Tabula's own (no descriptors, memory, processes or threads left to
    /// run an outside engine; its own I/O failed): the game has no result,
    /// and can be played again once the cause is fixed.
    Tabula,
}

impl Forfeit {
    /// A forfeit for `reason`, the agent's fault.
    pub fn new(reason: impl Into<String>) -> Self {
        Forfeit {
            reason: reason.into(),
            fault: Fault::Agent,
        }
    }
}

/// A chosen move, with the search's statistics when there was a search.
#[derive(Debug, Clone)]
pub struct Decision<M> {
    /// The move to play.
    pub mv: M,
    /// The search's report; `None` for agents that do not search.
    pub search: Option<SearchReport<M>>,
}
