//! Study files: a study written down (TOML or JSON) instead of as one long
//! command line. Every option of `tabula study` has a field; the options
//! given on the command line override the file's. A study's own
//! `study.json` is such a file, so a finished study reruns exactly from it
//! (`tabula study --config DIR/study.json --out again`).
//!
//! ```toml
//! game = "diffusion(width=4)"
//! vary = ["stones=1,2,3,4"]
//! agent = { kind = "mcts", iterations = 500 }
//! games = 200
//! ladder = "mcts(iterations=16..256)"
//! ladder_games = 100
//! seed = 7
//! ```
//!
//! Games and agents may be written as tables, as in the arena's experiment
//! files (`{ game = "calcala", players = 3 }`); `variants = [...]` lists
//! variants outright instead of a game and its sweeps; `ladder = "none"`
//! measures no depth.

use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer};
use serde::Deserialize;
use tabula_arena::{AgentEntry, GameEntry, ShardEntry};

use super::{Config, Ladder, Vary};

/// A study as a file describes it: `tabula study`'s options, each optional.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudyFile {
    /// See [`Config::game`].
    pub game: Option<GameEntry>,
    /// See [`Config::vary`]: `["stones=1,2,3"]`.
    #[serde(default)]
    pub vary: Vec<Vary>,
    /// See [`Config::variants`].
    #[serde(default)]
    pub variants: Vec<GameEntry>,
    /// See [`Config::agent`].
    pub agent: Option<AgentEntry>,
    /// See [`Config::games`].
    pub games: Option<usize>,
    /// See [`Config::ladder`]: a ladder, or `"none"` (or `null`).
    #[serde(default, deserialize_with = "ladder_entry")]
    pub ladder: Option<Option<Ladder>>,
    /// See [`Config::ladder_games`].
    pub ladder_games: Option<usize>,
    /// See [`Config::seed`].
    pub seed: Option<u64>,
    /// See [`Config::max_plies`].
    pub max_plies: Option<usize>,
    /// See [`Config::opening_plies`].
    pub opening_plies: Option<usize>,
    /// See [`Config::exact_positions`].
    pub exact_positions: Option<u64>,
    /// See [`Config::dbs`]; relative to the folder the program runs in.
    #[serde(default)]
    pub dbs: Vec<PathBuf>,
    /// See [`Config::threads`].
    pub threads: Option<usize>,
    /// See [`Config::out`]; relative to the folder the program runs in.
    pub out: Option<PathBuf>,
    /// See [`Config::shard`]: `"3/16"`, or `{ index = 3, count = 16 }` as
    /// `study.json` writes it.
    pub shard: Option<ShardEntry>,
}

/// A ladder field given: `Some(None)` for `"none"` or `null`.
fn ladder_entry<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<Ladder>>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(Some(None)),
        Some(text) if text.trim().eq_ignore_ascii_case("none") => Ok(Some(None)),
        Some(text) => text
            .parse()
            .map(|l| Some(Some(l)))
            .map_err(de::Error::custom),
    }
}

/// Which options the command line set itself (they override the file).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Given {
    /// The command line named the game (its sweeps then come from it too).
    pub game: bool,
    pub agent: bool,
    pub games: bool,
    pub ladder: bool,
    pub ladder_games: bool,
    pub seed: bool,
    pub max_plies: bool,
    pub opening_plies: bool,
    pub exact_positions: bool,
    pub dbs: bool,
    pub threads: bool,
    pub out: bool,
    pub shard: bool,
}

impl StudyFile {
    /// Reads a study file: JSON when it ends in `.json` (or its text starts
    /// with `{`), TOML otherwise. Errors name the file, and where the format
    /// can tell, the line and the field.
    pub fn read(path: &Path) -> Result<StudyFile, String> {
        tabula_arena::read_settings_file(path)
    }

    /// `base` (the command line's settings) with every field this file
    /// gives and `base` does not (`given` says which the command line set).
    pub fn apply(&self, mut base: Config, given: &Given) -> Config {
        if !given.game {
            base.game = self.game.as_ref().map(|GameEntry(g)| g.clone());
            base.vary = self.vary.clone();
            base.variants = self.variants.iter().map(|GameEntry(g)| g.clone()).collect();
        }
        if let (false, Some(AgentEntry(agent))) = (given.agent, &self.agent) {
            base.agent = agent.clone();
        }
        if let (false, Some(ladder)) = (given.ladder, &self.ladder) {
            base.ladder = ladder.clone();
        }
        if !given.dbs && !self.dbs.is_empty() {
            base.dbs = self.dbs.clone();
        }
        let pick = |given: bool, file: Option<usize>, base: usize| match (given, file) {
            (false, Some(value)) => value,
            _ => base,
        };
        base.games = pick(given.games, self.games, base.games);
        base.ladder_games = pick(given.ladder_games, self.ladder_games, base.ladder_games);
        base.max_plies = pick(given.max_plies, self.max_plies, base.max_plies);
        base.opening_plies = pick(given.opening_plies, self.opening_plies, base.opening_plies);
        if let (false, Some(seed)) = (given.seed, self.seed) {
            base.seed = seed;
        }
        if let (false, Some(n)) = (given.exact_positions, self.exact_positions) {
            base.exact_positions = n;
        }
        if !given.threads && self.threads.is_some() {
            base.threads = self.threads;
        }
        if let (false, Some(out)) = (given.out, &self.out) {
            base.out = out.clone();
        }
        if let (false, Some(ShardEntry(shard))) = (given.shard, self.shard) {
            base.shard = Some(shard);
        }
        base
    }
}
