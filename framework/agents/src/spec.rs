//! Agent specs: who plays a seat, as text such as `mcts(time=2s,threads=2)`.

use std::fmt;

use thiserror::Error;

use tabula_core::params::Params;

/// Who plays a seat: `human`, or an agent kind with checked parameters.
///
/// Specs are read by `tabula::Registry::parse_agent`,
/// which checks them against the kind's parameter table; they print back
/// canonically (only the parameters that differ from their defaults), so
/// the printed text reads back to an equal spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSpec {
    name: String,
    params: Params,
}

/// The name of the seat a person plays.
pub const HUMAN: &str = "human";

impl AgentSpec {
    /// A person at the REPL.
    pub fn human() -> Self {
        AgentSpec {
            name: HUMAN.to_string(),
            params: Params::default(),
        }
    }

    /// A spec of kind `name` with `params` already checked against the
    /// kind's table (as [`Params::resolve`] does).
    pub fn new(name: &str, params: Params) -> Self {
        AgentSpec {
            name: name.to_string(),
            params,
        }
    }

    /// Whether the seat is played by a person at the REPL.
    pub fn is_human(&self) -> bool {
        self.name == HUMAN
    }

    /// The agent kind's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The checked parameters, defaults filled in.
    pub fn params(&self) -> &Params {
        &self.params
    }
}

/// The canonical text: the name and the parameters that differ from
/// their defaults.
impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.name, self.params)
    }
}

/// Why an agent could not be made for a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{agent} cannot play {game}: {reason}")]
pub struct AgentError {
    /// The agent spec.
    pub agent: String,
    /// The game spec.
    pub game: String,
    /// Why not.
    pub reason: String,
}
