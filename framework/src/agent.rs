//! Agents: who chooses the moves of a seat. `random` and `mcts`, both
//! written as text specs such as `mcts(iterations=5000,c=1.4,seed=7)`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::Rng as _;

use crate::game::Game;
use crate::mcts::{Mcts, MctsConfig, SearchReport};
use crate::rng::{seeded, Rng};
use crate::spec::{Spec, SpecError};

/// A player that chooses moves for one game type.
pub trait Agent<G: Game>: Send {
    /// Chooses a move in a running game.
    fn choose(&mut self, state: &G) -> Decision<G::Move>;

    /// Told of every move made in the game, its own included, so a search
    /// can keep its tree. The default ignores it.
    fn observe(&mut self, before: &G, mv: G::Move) {
        let _ = (before, mv);
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

/// Plays uniformly random legal moves.
pub struct RandomAgent<G: Game> {
    rng: Rng,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    /// A random agent whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: seeded(seed),
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn choose(&mut self, state: &G) -> Decision<G::Move> {
        state.legal_moves(&mut self.moves);
        let mv = self.moves[self.rng.random_range(0..self.moves.len())];
        Decision { mv, search: None }
    }
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn choose(&mut self, state: &G) -> Decision<G::Move> {
        let report = self.search(state);
        Decision {
            mv: report.best,
            search: Some(report),
        }
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        Mcts::observe(self, before, mv);
    }
}

/// Who plays a seat, as written in text.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSpec {
    /// A person at the REPL.
    Human,
    /// `random(seed=N)`.
    Random {
        /// The agent's seed; `None` uses the default seed given to
        /// [`build`](AgentSpec::build).
        seed: Option<u64>,
    },
    /// `mcts(iterations=N,time=2s,c=1.4,seed=N,max_plies=N,max_nodes=N,solver=on,reuse=on,threads=N)`.
    Mcts {
        /// The search settings; their `seed` is replaced by `seed` below
        /// when the agent is built.
        config: MctsConfig,
        /// The player's seed; `None` uses the default seed given to
        /// [`build`](AgentSpec::build).
        seed: Option<u64>,
    },
}

/// The agent kinds, for error messages and completion.
pub const AGENT_KINDS: &[&str] = &["human", "random", "mcts"];

const MCTS_PARAMS: &[&str] = &[
    "iterations",
    "time",
    "c",
    "seed",
    "max_plies",
    "max_nodes",
    "solver",
    "reuse",
    "threads",
];

impl AgentSpec {
    /// The default computer player: `mcts` with its default budget.
    pub fn default_mcts() -> Self {
        AgentSpec::Mcts {
            config: MctsConfig::default(),
            seed: None,
        }
    }

    /// Builds the agent for game `G`; `None` for a human seat. A spec
    /// without its own seed uses `default_seed`.
    pub fn build<G: Game>(&self, default_seed: u64) -> Option<Box<dyn Agent<G>>> {
        match self {
            AgentSpec::Human => None,
            AgentSpec::Random { seed } => Some(Box::new(RandomAgent::<G>::new(
                seed.unwrap_or(default_seed),
            ))),
            AgentSpec::Mcts { config, seed } => Some(Box::new(Mcts::<G>::new(MctsConfig {
                seed: seed.unwrap_or(default_seed),
                ..config.clone()
            }))),
        }
    }

    /// Whether the seat is played by a person at the REPL.
    pub fn is_human(&self) -> bool {
        matches!(self, AgentSpec::Human)
    }
}

fn bad_value(key: &str, value: &str, expected: &str) -> SpecError {
    SpecError::BadValue {
        owner: "mcts".to_string(),
        key: key.to_string(),
        value: value.to_string(),
        expected: expected.to_string(),
    }
}

/// Reads `2s`, `500ms`, `1.5s` or `1m`.
fn parse_duration(value: &str) -> Option<Duration> {
    let (number, unit) = value.split_at(value.find(|c: char| c.is_ascii_alphabetic())?);
    let number: f64 = number
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite() && *n > 0.0)?;
    let seconds = match unit {
        "ms" => number / 1000.0,
        "s" => number,
        "m" => number * 60.0,
        _ => return None,
    };
    (seconds <= 24.0 * 3600.0).then(|| Duration::from_secs_f64(seconds))
}

fn parse_switch(key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(bad_value(key, value, "on or off")),
    }
}

/// Whole seconds or milliseconds when exact, otherwise decimal seconds
/// (never rounded, so the text reads back to the same duration).
fn format_duration(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{}s", d.as_secs())
    } else if d.subsec_nanos().is_multiple_of(1_000_000) {
        format!("{}ms", d.as_millis())
    } else {
        format!("{}s", d.as_secs_f64())
    }
}

fn parse_number<T: FromStr + PartialOrd>(
    key: &str,
    value: &str,
    min: T,
    max: T,
    expected: &str,
) -> Result<T, SpecError> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n >= min && *n <= max)
        .ok_or_else(|| bad_value(key, value, expected))
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let spec = Spec::parse(text)?;
        let unknown = |key: &str, choices: &[&str]| SpecError::UnknownParam {
            owner: spec.name.clone(),
            key: key.to_string(),
            choices: choices.iter().map(|c| c.to_string()).collect(),
        };
        let mut seen = Vec::new();
        for (key, _) in &spec.args {
            if seen.contains(&key) {
                return Err(SpecError::DuplicateParam {
                    owner: spec.name.clone(),
                    key: key.clone(),
                });
            }
            seen.push(key);
        }
        match spec.name.as_str() {
            "human" => match spec.args.first() {
                Some((key, _)) => Err(unknown(key, &[])),
                None => Ok(AgentSpec::Human),
            },
            "random" => {
                let mut seed = None;
                for (key, value) in &spec.args {
                    match key.as_str() {
                        "seed" => {
                            seed = Some(parse_number(key, value, 0, u64::MAX, "a whole number")?)
                        }
                        _ => return Err(unknown(key, &["seed"])),
                    }
                }
                Ok(AgentSpec::Random { seed })
            }
            "mcts" => {
                let mut config = MctsConfig::default();
                let mut seed = None;
                for (key, value) in &spec.args {
                    match key.as_str() {
                        "iterations" => {
                            config.iterations = Some(parse_number(
                                key,
                                value,
                                1,
                                1_000_000_000,
                                "a whole number from 1 to 10^9",
                            )?)
                        }
                        "time" => {
                            config.time = Some(parse_duration(value).ok_or_else(|| {
                                bad_value(key, value, "a duration such as 2s, 500ms or 1m")
                            })?)
                        }
                        "c" => {
                            config.c =
                                parse_number(key, value, 0.0, 100.0, "a number from 0 to 100")?
                        }
                        "seed" => {
                            seed = Some(parse_number(key, value, 0, u64::MAX, "a whole number")?)
                        }
                        "max_plies" => {
                            config.max_plies = parse_number(
                                key,
                                value,
                                1,
                                1_000_000,
                                "a whole number from 1 to 10^6",
                            )?
                        }
                        "max_nodes" => {
                            config.max_nodes = parse_number(
                                key,
                                value,
                                1000,
                                1_000_000_000,
                                "a whole number from 1000 to 10^9",
                            )?
                        }
                        "solver" => config.solver = parse_switch(key, value)?,
                        "reuse" => config.reuse = parse_switch(key, value)?,
                        "threads" => {
                            config.threads =
                                parse_number(key, value, 1, 64, "a whole number from 1 to 64")?
                        }
                        _ => return Err(unknown(key, MCTS_PARAMS)),
                    }
                }
                Ok(AgentSpec::Mcts { config, seed })
            }
            _ => Err(SpecError::UnknownName {
                kind: "agent",
                name: spec.name.clone(),
                choices: AGENT_KINDS.iter().map(|k| k.to_string()).collect(),
            }),
        }
    }
}

/// The canonical text: only settings that differ from the defaults.
impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut spec = Spec {
            name: String::new(),
            args: Vec::new(),
        };
        match self {
            AgentSpec::Human => spec.name.push_str("human"),
            AgentSpec::Random { seed } => {
                spec.name.push_str("random");
                if let Some(seed) = seed {
                    spec.args.push(("seed".into(), seed.to_string()));
                }
            }
            AgentSpec::Mcts { config, seed } => {
                spec.name.push_str("mcts");
                let default = MctsConfig::default();
                let mut arg = |k: &str, v: String| spec.args.push((k.to_string(), v));
                if let Some(n) = config.iterations {
                    arg("iterations", n.to_string());
                }
                if let Some(t) = config.time {
                    arg("time", format_duration(t));
                }
                if config.c != default.c {
                    arg("c", config.c.to_string());
                }
                if let Some(seed) = seed {
                    arg("seed", seed.to_string());
                }
                if config.max_plies != default.max_plies {
                    arg("max_plies", config.max_plies.to_string());
                }
                if config.max_nodes != default.max_nodes {
                    arg("max_nodes", config.max_nodes.to_string());
                }
                let switch = |on: bool| if on { "on" } else { "off" }.to_string();
                if config.solver != default.solver {
                    arg("solver", switch(config.solver));
                }
                if config.reuse != default.reuse {
                    arg("reuse", switch(config.reuse));
                }
                if config.threads != default.threads {
                    arg("threads", config.threads.to_string());
                }
            }
        }
        spec.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "human",
            "random",
            "random(seed=1)",
            "mcts",
            "mcts(iterations=5000,c=1.4,seed=7)",
            "mcts(time=2s)",
            "mcts(time=500ms,solver=off)",
            "mcts(iterations=100,reuse=off,threads=2)",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let spec: AgentSpec = "MCTS( time = 1.5s )".parse().unwrap();
        assert_eq!(spec.to_string(), "mcts(time=1500ms)");
    }

    #[test]
    fn bad_specs_name_the_choices() {
        let err = "alphazero".parse::<AgentSpec>().unwrap_err().to_string();
        assert!(err.contains("human, random, mcts"), "{err}");
        let err = "mcts(depth=3)"
            .parse::<AgentSpec>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("iterations"), "{err}");
        for bad in [
            "mcts(iterations=0)",
            "mcts(time=2)",
            "mcts(time=-1s)",
            "mcts(c=x)",
            "random(seed=-1)",
            "human(x=1)",
            "mcts(seed=1,seed=2)",
            "mcts(time=1e9s)",
        ] {
            assert!(bad.parse::<AgentSpec>().is_err(), "{bad} accepted");
        }
    }
}
