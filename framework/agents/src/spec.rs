//! Agent specs: who plays a seat, as text such as `mcts(time=2s,threads=2)`.

use std::fmt;

use thiserror::Error;

use tabula_core::params::Params;

/// Who plays a seat: `human`, or an agent kind with checked parameters.
///
/// Specs are read by `tabula::Registry::parse_agent`,
/// which checks them against the kind's parameter table; they print back
/// canonically (only the parameters that differ from their defaults), so
/// the printed text reads back to an equal spec. Any agent may carry a
/// display name (`mcts(iterations=1000,name=mcts-1k)`), which tables and
/// charts show instead of the spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSpec {
    name: String,
    params: Params,
    label: Option<String>,
}

/// The spec argument that gives an agent its display name.
pub const LABEL: &str = "name";

/// The longest display name, so that tables and charts stay readable.
pub const MAX_LABEL: usize = 40;

/// The name of the seat a person plays.
pub const HUMAN: &str = "human";

impl AgentSpec {
    /// A person at the REPL.
    pub fn human() -> Self {
        AgentSpec {
            name: HUMAN.to_string(),
            params: Params::default(),
            label: None,
        }
    }

    /// A spec of kind `name` with `params` already checked against the
    /// kind's table (as [`Params::resolve`] does).
    pub fn new(name: &str, params: Params) -> Self {
        AgentSpec {
            name: name.to_string(),
            params,
            label: None,
        }
    }

    /// The same spec with display name `label` (checked: not empty, at
    /// most [`MAX_LABEL`] characters, no control characters).
    pub fn with_label(mut self, label: &str) -> Result<Self, String> {
        let label = label.trim();
        if label.is_empty()
            || label.chars().count() > MAX_LABEL
            || label.chars().any(char::is_control)
        {
            return Err(format!(
                "`{}` is not a display name: 1 to {MAX_LABEL} printable characters",
                tabula_core::excerpt(label)
            ));
        }
        self.label = Some(label.to_string());
        Ok(self)
    }

    /// The display name given with `name=...`, if any.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// What tables and charts call the agent: its display name, else its
    /// spec.
    pub fn display_name(&self) -> String {
        self.label.clone().unwrap_or_else(|| self.to_string())
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

/// The canonical text: the name, the parameters that differ from their
/// defaults, and the display name last.
impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut args: Vec<(String, String)> = self
            .params
            .non_default()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if let Some(label) = &self.label {
            args.push((LABEL.to_string(), label.clone()));
        }
        let spec = tabula_core::spec::Spec {
            name: self.name.clone(),
            args,
        };
        write!(f, "{spec}")
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
