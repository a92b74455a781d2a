//! Game studies, as a library: what a game designer asks of a game and
//! its variants — is it balanced, how long does it run, how many moves are
//! there to choose from, does it end decisively, is there depth (does a
//! stronger player win more), and what is the truth under perfect play —
//! answered for every variant of a sweep, each estimate with its 95%
//! interval.
//!
//! A study is played as arena tournaments ([`tabula_arena`]), so its
//! records, resume, shards and merge are the arena's: for each variant,
//! one self-play tournament (the agent against itself, in every seat) and
//! one tournament per step of a skill ladder (the same agent at doubling
//! budgets). The metrics are read back from the records ([`metrics`]),
//! the exact values from a solver's table ([`exact`]). `tabula study`,
//! Python's `tabula.study` and the web page's Study tab are front ends;
//! `docs/study.md` defines every metric.
//!
//! ```no_run
//! use tabula_study::{Config, Event};
//!
//! let registry = tabula_games::registry();
//! let config = Config {
//!     game: Some("diffusion(width=4)".into()),
//!     vary: vec!["stones=1,2".parse().unwrap()],
//!     games: 40,
//!     ladder: Some("mcts(iterations=16..64)".parse().unwrap()),
//!     ladder_games: 40,
//!     out: "results/study".into(),
//!     ..Config::default()
//! };
//! match tabula_study::run(&registry, &config, |event| {
//!     if let Event::PartStarted { label, part, .. } = event {
//!         eprintln!("{label}: {part}");
//!     }
//! }) {
//!     Ok(finished) => print!("{}", tabula_study::table(&finished.summary)),
//!     Err(message) => eprintln!("study: {message}"),
//! }
//! ```

mod chart;
pub mod exact;
mod experiment;
mod ladder;
mod layout;
mod merge;
pub mod metrics;
mod output;
mod play;
mod settings;
mod summary;
mod sweep;

use std::path::PathBuf;

pub use experiment::{Given, StudyFile};
pub use ladder::Ladder;
pub use merge::merge;
pub use output::{chart_files, json, table, write_files};
pub use play::{rebuild, run, run_until, standings};
pub use settings::{Settings, SETTINGS_FILE};
pub use summary::{Summary, VariantSummary};
pub use sweep::{Vary, MAX_VARIANTS};
pub use tabula_arena::Shard;

/// A study as a program asks for it: what `tabula study`'s options say,
/// with the same defaults. Errors name the option (`--games ...`).
#[derive(Debug, Clone)]
pub struct Config {
    /// The game whose parameters are swept (`diffusion(width=6)`).
    pub game: Option<String>,
    /// The sweeps: every combination of their values is a variant.
    pub vary: Vec<Vary>,
    /// Variants listed outright, instead of (or as well as, when they are
    /// the same) a game and its sweeps.
    pub variants: Vec<String>,
    /// The agent of the self-play games, in every seat.
    pub agent: String,
    /// Self-play games per variant (rounded up to an even number: each
    /// round seats the agent's two copies both ways); 0 plays none.
    pub games: usize,
    /// The skill ladder; `None` measures no depth.
    pub ladder: Option<Ladder>,
    /// Games per step of the ladder (rounded up to an even number).
    pub ladder_games: usize,
    /// The seed every tournament's seed is derived from.
    pub seed: u64,
    /// A game is stopped after this many plies and counted as adjudicated.
    pub max_plies: usize,
    /// Random moves at the start of every game (see the arena's option).
    pub opening_plies: usize,
    /// The largest table solved in memory for the exact values, in
    /// positions (about a byte and a half each while solving).
    pub exact_positions: u64,
    /// Databases (`tabula solve --db`) the exact values may be read from.
    pub dbs: Vec<PathBuf>,
    /// Games played at once (default: the number of cores).
    pub threads: Option<usize>,
    /// The study's folder.
    pub out: PathBuf,
    /// Continue the study recorded in `out`.
    pub resume: bool,
    /// Play only this shard of every tournament (the whole ladder is then
    /// played: no shard can tell where it would stop).
    pub shard: Option<Shard>,
}

/// The self-play agent when none is given.
pub const DEFAULT_AGENT: &str = "mcts(iterations=1000)";
/// The skill ladder when none is given.
pub const DEFAULT_LADDER: &str = "mcts(iterations=16..1024)";

impl Default for Config {
    fn default() -> Self {
        Config {
            game: None,
            vary: Vec::new(),
            variants: Vec::new(),
            agent: DEFAULT_AGENT.to_string(),
            games: 400,
            ladder: Some(DEFAULT_LADDER.parse().expect("the default ladder parses")),
            ladder_games: 200,
            seed: 1,
            max_plies: 1000,
            opening_plies: 0,
            exact_positions: 100_000_000,
            dbs: Vec::new(),
            threads: None,
            out: PathBuf::from("study"),
            resume: false,
            shard: None,
        }
    }
}

/// What a study is about to play, told before its first game.
#[derive(Debug, Clone)]
pub struct Plan {
    pub variants: usize,
    /// Tournaments per variant: self-play and the ladder's steps.
    pub parts: usize,
    /// The most games this run plays (the ladder may stop sooner), and of
    /// those the games already recorded (on resume).
    pub games: usize,
    pub already_played: usize,
    pub shard: Option<Shard>,
    pub out: PathBuf,
}

/// What a study tells as it goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// Everything checked, the folder ready: play starts.
    Started(&'a Plan),
    /// A tournament of variant `variant` starts.
    PartStarted {
        variant: usize,
        label: &'a str,
        part: &'a str,
        games: usize,
    },
    /// A game ended and is recorded.
    GameFinished { variant: usize, part: &'a str },
    /// A ladder stopped at a step that is not significant; the games its
    /// later steps would have played are not played.
    LadderStopped {
        variant: usize,
        label: &'a str,
        step: &'a metrics::depth::Step,
        skipped_games: usize,
    },
    /// A variant's exact values were computed (or could not be).
    Exact {
        variant: usize,
        label: &'a str,
        result: Result<&'a exact::Exact, &'a str>,
    },
    /// A repair or remark, said in words.
    Note(&'a str),
}

/// A played study: its summary (also written to its folder) and what this
/// run did.
#[derive(Debug, Clone)]
pub struct Finished {
    pub summary: Summary,
    /// Games this run played.
    pub played_now: usize,
    /// Whether the run was interrupted: `resume` plays the rest.
    pub interrupted: bool,
    pub seconds: f64,
}

#[cfg(test)]
mod tests;
