//! Experiment files: a tournament written down (TOML or JSON) instead of
//! as one long command line. Every option of `tabula arena` has a field;
//! the options given on the command line override the file's. A results
//! folder's own `arena.json` is such a file, so a finished tournament
//! reruns exactly from it (`tabula arena --config results/arena.json
//! --out again`).
//!
//! ```toml
//! games = ["diffusion(width=4)", { game = "calcala", players = 3 }]
//! agents = [
//!     "random",
//!     { kind = "mcts", iterations = 1000, name = "mcts-1k" },
//!     "alphabeta(depth=3)",
//! ]
//! rounds = 4
//! seed = 7
//! ```
//!
//! An agent written as a table is read as its kind's settings (a
//! `tabula::agents::AgentConfig`, found by its `kind` tag among every kind
//! linked into the program), and a spec string is checked the same way, so
//! a misspelt parameter or a value out of range is refused while the file
//! is read, with its line. Games and the rest are checked against the
//! registry before any game is played.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use tabula::agents::settings::Value;
use tabula::agents::{AgentConfig, LABEL};
use tabula::files::{read_small, MAX_SETTINGS_BYTES};
use tabula::{Registry, Spec};

use super::{Config, OpeningsOrder, Shard, SprtSpec};

/// A tournament as a file describes it: `tabula arena`'s options, each
/// optional (the command line or the defaults fill the rest).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// The games: specs or tables (`{ game = "calcala", players = 3 }`).
    #[serde(default)]
    pub games: Vec<GameEntry>,
    /// The agents: specs or tables (`{ kind = "mcts", iterations = 1000 }`).
    #[serde(default)]
    pub agents: Vec<AgentEntry>,
    /// See [`Config::rounds`].
    pub rounds: Option<usize>,
    /// See [`Config::seed`].
    pub seed: Option<u64>,
    /// See [`Config::threads`].
    pub threads: Option<usize>,
    /// See [`Config::max_plies`].
    pub max_plies: Option<usize>,
    /// See [`Config::opening_plies`].
    pub opening_plies: Option<usize>,
    /// See [`Config::out`]; relative to the folder the program runs in.
    pub out: Option<PathBuf>,
    /// See [`Config::shard`]: `"3/16"`, or `{ index = 3, count = 16 }` as
    /// `arena.json` writes it.
    pub shard: Option<ShardEntry>,
    /// See [`Config::sprt`]: `{ elo0 = 0, elo1 = 10 }` (the rest default).
    pub sprt: Option<SprtSpec>,
    /// See [`Config::gauntlet`]: the agent's spec or name, or its index
    /// (as `arena.json` writes it).
    pub gauntlet: Option<GauntletEntry>,
    /// See [`Config::anchor`]: an agent's spec or name, or `"mean"`.
    pub anchor: Option<String>,
    /// See [`Config::openings`]; relative to the folder the program runs in.
    pub openings: Option<PathBuf>,
    /// See [`Config::openings_order`]: `"sequential"` or `"random"`.
    pub openings_order: Option<OpeningsOrder>,
    /// What `arena.json` records of the suite's contents; a resume checks
    /// it, and a new run from the file reads the suite afresh.
    pub openings_hash: Option<String>,
}

/// The gauntlet's agent: by spec or name, or by index into the agents.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum GauntletEntry {
    Index(usize),
    Agent(String),
}

/// A game of an experiment, as its spec text.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEntry(pub String);

/// An agent of an experiment, as its spec text, checked as its kind's
/// settings when read.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentEntry(pub String);

/// A shard, as `arena.json` writes it or as `--shard` does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShardEntry(pub Shard);

impl Experiment {
    /// Reads an experiment file: JSON when it ends in `.json` (or its text
    /// starts with `{`), TOML otherwise. Errors name the file, and where
    /// the format can tell, the line and the field.
    pub fn read(path: &Path) -> Result<Experiment, String> {
        read_settings_file(path)
    }

    /// `base` (the command line's settings) with every field this file
    /// gives and `base` does not; the games and agents are read by
    /// `registry`, so that their canonical specs are what is played.
    /// `given` says which of `base`'s fields the command line set.
    pub fn apply(
        &self,
        registry: &Registry,
        mut base: Config,
        given: &Given,
    ) -> Result<Config, String> {
        if !given.games && !self.games.is_empty() {
            let specs = self.games.iter().map(|GameEntry(spec)| spec);
            base.games = canonical("games", specs, |spec| {
                registry.create(spec).map(|game| game.spec())
            })?;
        }
        if !given.agents && !self.agents.is_empty() {
            let specs = self.agents.iter().map(|AgentEntry(spec)| spec);
            base.agents = canonical("agents", specs, |spec| {
                registry.parse_agent(spec).map(|agent| agent.to_string())
            })?;
            let mut seen = HashSet::new();
            if let Some(twice) = base.agents.iter().find(|a| !seen.insert(*a)) {
                return Err(format!("agents: `{twice}` is given twice"));
            }
        }
        let pick = |given: bool, file: Option<usize>, base: usize| match (given, file) {
            (false, Some(value)) => value,
            _ => base,
        };
        base.rounds = pick(given.rounds, self.rounds, base.rounds);
        base.max_plies = pick(given.max_plies, self.max_plies, base.max_plies);
        base.opening_plies = pick(given.opening_plies, self.opening_plies, base.opening_plies);
        if !given.seed {
            base.seed = self.seed.unwrap_or(base.seed);
        }
        if !given.threads && self.threads.is_some() {
            base.threads = self.threads;
        }
        if !given.out {
            base.out = self.out.clone().unwrap_or(base.out);
        }
        if !given.shard && self.shard.is_some() {
            base.shard = self.shard.map(|s| s.0);
        }
        if !given.openings && self.openings.is_some() {
            base.openings = self.openings.clone();
        }
        if !given.openings_order {
            base.openings_order = self.openings_order.unwrap_or(base.openings_order);
        }
        if !given.sprt && self.sprt.is_some() {
            base.sprt = self.sprt;
        }
        if !given.anchor && self.anchor.is_some() {
            base.anchor = self.anchor.clone();
        }
        if !given.gauntlet {
            match &self.gauntlet {
                Some(GauntletEntry::Agent(agent)) => base.gauntlet = Some(agent.clone()),
                Some(GauntletEntry::Index(i)) => {
                    let agent = base
                        .agents
                        .iter()
                        .flat_map(|a| tabula::split_specs(a))
                        .nth(*i)
                        .ok_or_else(|| format!("gauntlet: {i} is not the index of an agent"))?;
                    base.gauntlet = Some(agent);
                }
                None => {}
            }
        }
        Ok(base)
    }
}

/// Reads a settings file into `T`: JSON when it ends in `.json` (or its
/// text starts with `{`), TOML otherwise, at most
/// [`MAX_SETTINGS_BYTES`](tabula::files::MAX_SETTINGS_BYTES). Errors name
/// the file, and where the format can tell, the line and the field. The
/// arena's experiment files and `tabula study`'s study files are read so.
pub fn read_settings_file<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = read_small(path, MAX_SETTINGS_BYTES)?
        .ok_or_else(|| format!("{}: no such file", path.display()))?;
    let json = path.extension().is_some_and(|e| e == "json") || text.trim_start().starts_with('{');
    let parsed = if json {
        serde_json::from_str(&text).map_err(|e| e.to_string())
    } else {
        toml::from_str(&text).map_err(|e| e.to_string())
    };
    parsed.map_err(|e| format!("{}: {}", path.display(), e.trim_end()))
}

/// The canonical specs `read` makes of a field's entries; an error names
/// the field, the entry and its text.
fn canonical<'a, E: fmt::Display>(
    field: &str,
    specs: impl Iterator<Item = &'a String>,
    read: impl Fn(&str) -> Result<String, E>,
) -> Result<Vec<String>, String> {
    specs
        .enumerate()
        .map(|(i, spec)| read(spec).map_err(|e| format!("{field}[{i}] `{spec}`: {e}")))
        .collect()
}

/// Which options the command line set itself (they override the file):
/// one flag per option of the same name.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Given {
    pub games: bool,
    pub agents: bool,
    pub rounds: bool,
    pub seed: bool,
    pub threads: bool,
    pub max_plies: bool,
    pub opening_plies: bool,
    pub out: bool,
    pub shard: bool,
    pub sprt: bool,
    pub gauntlet: bool,
    pub anchor: bool,
    pub openings: bool,
    pub openings_order: bool,
}

/// A string, or a table whose `tag` field names the spec's kind: the two
/// ways a game or an agent is written. The table's other fields become
/// the spec's arguments.
fn spec_of<'de, M: MapAccess<'de>>(mut map: M, tag: &'static str) -> Result<Spec, M::Error> {
    let mut name = None;
    let mut args = Vec::new();
    while let Some(key) = map.next_key::<String>()? {
        let value: Value = map.next_value()?;
        if key == tag {
            match value {
                Value::Text(text) => name = Some(text),
                other => {
                    return Err(de::Error::custom(format!(
                        "`{tag}` must be a name, not {}",
                        other.to_text()
                    )))
                }
            }
        } else {
            args.push((key, value.to_text()));
        }
    }
    let name = name.ok_or_else(|| de::Error::missing_field(tag))?;
    Ok(Spec { name, args })
}

/// Reads a string or a table tagged with `tag`, as a spec.
struct SpecVisitor(&'static str);

impl<'de> Visitor<'de> for SpecVisitor {
    type Value = Spec;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a spec such as \"name(key=value)\" or a table with `{}`",
            self.0
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Spec, E> {
        Spec::parse(text).map_err(E::custom)
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Spec, M::Error> {
        spec_of(map, self.0)
    }
}

impl<'de> Deserialize<'de> for GameEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spec = deserializer.deserialize_any(SpecVisitor("game"))?;
        Ok(GameEntry(spec.to_string()))
    }
}

impl<'de> Deserialize<'de> for AgentEntry {
    /// Checks the agent as its kind's settings while the file is read, so
    /// that an error carries the file's line.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spec = deserializer.deserialize_any(SpecVisitor("kind"))?;
        // The display name is any agent's, not a setting of its kind.
        let table: BTreeMap<String, serde_json::Value> = spec
            .args
            .iter()
            .filter(|(k, _)| k != LABEL)
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .chain([(
                "kind".to_string(),
                serde_json::Value::String(spec.name.clone()),
            )])
            .collect();
        let table = serde_json::to_value(table).map_err(de::Error::custom)?;
        let config: Box<dyn AgentConfig> = serde_json::from_value(table)
            .map_err(|e| de::Error::custom(format!("agent `{spec}`: {e}")))?;
        let checked = Spec {
            name: config.kind().to_string(),
            args: spec.args,
        };
        Ok(AgentEntry(checked.to_string()))
    }
}

impl<'de> Deserialize<'de> for ShardEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Text(String),
            Pair(Shard),
        }
        match Written::deserialize(deserializer)? {
            Written::Text(text) => text.parse().map(ShardEntry).map_err(de::Error::custom),
            Written::Pair(shard) if shard.index < shard.count => Ok(ShardEntry(shard)),
            Written::Pair(shard) => Err(de::Error::custom(format!(
                "shard {shard}: the index must be below the count"
            ))),
        }
    }
}
