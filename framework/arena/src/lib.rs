//! Tournaments between agents across games, as a library: a [`Config`]
//! becomes a tournament played on many threads, whose progress arrives as
//! [`Event`]s and whose end is a [`Summary`] — scores with Wilson
//! intervals, Bradley–Terry Elo ratings, records in `games.jsonl`, and
//! `summary.json`, `summary.csv` and charts in the results folder. Resume,
//! shards ([`Shard`]) and [`merge`] spread one tournament over many runs and
//! machines. `tabula arena` and Python's `tabula.arena` are front ends over
//! this crate; see `docs/arena.md` and `docs/cluster.md`.
//!
//! ```no_run
//! use tabula_arena::{Config, Event};
//!
//! let registry = tabula_games::registry();
//! let config = Config {
//!     games: vec!["diffusion".into(), "differo".into()],
//!     agents: vec!["random".into(), "mcts(iterations=1000)".into()],
//!     rounds: 5,
//!     out: "results/from-rust".into(),
//!     ..Config::default()
//! };
//! match tabula_arena::play(&registry, &config, |event| {
//!     if let Event::GameFinished { scores, .. } = event {
//!         eprintln!("{}", scores.line());
//!     }
//! }) {
//!     Ok(finished) => print!("{}", tabula_arena::table(&finished.summary)),
//!     Err(message) => eprintln!("arena: {message}"),
//! }
//! ```
//!
//! (The same example is in `docs/arena.md`; this copy is compiled.)

mod chart;
mod experiment;
mod live;
mod merge;
mod names;
mod openings;
mod output;
mod pairs;
mod rating;
mod rebuild;
mod records;
mod run;
mod schedule;
mod sprt;
mod stats;
mod store;
mod under_way;

use std::collections::HashSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use tabula::{AgentSpec, AnyGame, Registry};

pub use chart::file_stem;
pub use experiment::{
    read_settings_file, AgentEntry, Experiment, GameEntry, GauntletEntry, Given, ShardEntry,
};
pub use live::{playing, standings};
pub use merge::merge;
pub use openings::OpeningsOrder;
pub use output::{json, repeats_warning, table, RunningScores};
pub use pairs::Pairing;
pub use rating::{Anchor, Standing, Swept, EXACT_LIMIT, PRIOR_DRAWS};
pub use rebuild::rebuild;
pub use records::each_record;
pub use run::{GameResult, VALUES_FIELD};
pub use sprt::{Estimate, Hypothesis, Model, PairTally, SprtReport, SprtSpec};
pub use stats::{AgentRow, Section, Summary};
pub use store::{GAMES_FILE, SETTINGS_FILE};
pub use under_way::{in_progress, in_progress_first, GameInProgress, PLAYING_DIR};

/// The settings that fix a tournament's games; `resume` insists on them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Settings {
    /// Canonical game specs.
    pub games: Vec<String>,
    /// Canonical agent specs.
    pub agents: Vec<String>,
    pub rounds: usize,
    pub seed: u64,
    pub max_plies: usize,
    /// Random plies before the agents play (0 in tournaments from before
    /// the option).
    #[serde(default)]
    pub opening_plies: usize,
    /// The sequential test that stops the tournament, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtSpec>,
    /// The agent (index) every other agent plays, alone, in a gauntlet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gauntlet: Option<usize>,
    /// The opening suite's file, its order, and its contents' hash (a
    /// resume insists on the same lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings_order: Option<OpeningsOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings_hash: Option<String>,
}

/// Shard `index` of `count` (from 0), written `INDEX/COUNT`: the games
/// `⌊index·T/count⌋ ..< ⌊(index+1)·T/count⌋` of a schedule of `T` games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "`{}` is not a shard: expected INDEX/COUNT with 0 <= INDEX < COUNT, e.g. 0/8",
                tabula::excerpt(text)
            )
        };
        let (index, count) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = index.trim().parse().map_err(|_| bad())?;
        let count: usize = count.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A tournament as a program asks for it: what `tabula arena`'s options
/// say, with the same defaults. Errors name the option (`--rounds ...`),
/// which is how both front ends present them.
#[derive(Debug, Clone)]
pub struct Config {
    /// Game specs; `all` stands for every registered game with its
    /// default parameters.
    pub games: Vec<String>,
    /// Two or more agent specs.
    pub agents: Vec<String>,
    /// Each round plays every pairing in both seat orders (2 players) or
    /// puts every agent in every seat once (3 or more).
    pub rounds: usize,
    /// The seed every game's and agent's seed is derived from.
    pub seed: u64,
    /// Games played at once (default: the number of cores; at most
    /// [`MAX_THREADS`]).
    pub threads: Option<usize>,
    /// A game is stopped after this many plies, reported as adjudicated and
    /// not counted as a result.
    pub max_plies: usize,
    /// Random moves at the start of every game, drawn once per round and
    /// game, so each pairing plays each opening from both seats.
    pub opening_plies: usize,
    /// The results folder.
    pub out: PathBuf,
    /// Continue the tournament recorded in `out`, skipping played games.
    pub resume: bool,
    /// Play only this shard of the schedule.
    pub shard: Option<Shard>,
    /// Stop once this sequential test decides (two agents, one 2-player
    /// game); `rounds` is then the most pairs it may play.
    pub sprt: Option<SprtSpec>,
    /// Play only this agent's pairings (its spec or display name); it is
    /// the ratings' anchor unless `anchor` says otherwise.
    pub gauntlet: Option<String>,
    /// Who is rated 0: an agent (its spec or display name) or `mean`, the
    /// mean of the rated agents. `None`: the default, [`default_anchor`]
    /// (on resume, the anchor the tournament was started with).
    pub anchor: Option<String>,
    /// Tell [`Event::Standings`] after every this many finished games.
    pub standings_every: Option<usize>,
    /// An opening suite: round `r` of each game starts from one of its
    /// lines, in both seat orders (see `docs/arena.md`). `rounds` rounds
    /// play `rounds` openings; a round past the last line starts over.
    pub openings: Option<PathBuf>,
    pub openings_order: OpeningsOrder,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: vec!["all".to_string()],
            agents: Vec::new(),
            rounds: 10,
            seed: 1,
            threads: None,
            max_plies: 1000,
            opening_plies: 0,
            out: PathBuf::from("results"),
            resume: false,
            shard: None,
            sprt: None,
            gauntlet: None,
            anchor: None,
            standings_every: None,
            openings: None,
            openings_order: OpeningsOrder::Sequential,
        }
    }
}

/// The longest game a tournament plays before adjudicating it: far beyond
/// any game's length, short of what a game's history may hold in memory.
pub const MAX_PLIES: usize = 1_000_000;

/// The most games played at once: each holds its agents (an MCTS tree
/// each), so thousands of threads would only exhaust memory.
pub const MAX_THREADS: usize = 256;

/// What a tournament is about to play, told before its first game.
#[derive(Debug, Clone)]
pub struct Plan {
    /// This run's games of the schedule, by index: all of it, or a shard's.
    pub range: std::ops::Range<usize>,
    /// The schedule's length.
    pub scheduled: usize,
    /// Games of the range already recorded (on resume).
    pub already_played: usize,
    /// Games, agents and rounds of the tournament.
    pub games: usize,
    pub agents: usize,
    pub rounds: usize,
    /// Games played at once.
    pub threads: usize,
    pub shard: Option<Shard>,
    pub out: PathBuf,
}

/// What a tournament tells as it goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// Everything checked, the results folder ready: play starts.
    Started(&'a Plan),
    /// A repair of the results folder on resume, said in words.
    Note(&'a str),
    /// A game ended and is recorded, with every agent's score so far.
    GameFinished {
        result: &'a GameResult,
        scores: &'a RunningScores,
    },
    /// The standings so far (crosstable, ratings, the SPRT), every
    /// [`Config::standings_every`] games.
    Standings(&'a Summary),
}

/// A played tournament: its summary (also written to the results folder)
/// and what this run did.
#[derive(Debug, Clone)]
pub struct Finished {
    pub summary: Summary,
    /// Games this run played (the rest were recorded before).
    pub played_now: usize,
    /// Whether the run was interrupted before its last game: the summary
    /// is of the games finished, and `resume` plays the rest.
    pub interrupted: bool,
    pub threads: usize,
    pub seconds: f64,
}

/// The start state of every game, the agents, the gauntlet's agent, the
/// anchor asked for and the opening suite.
type Entrants = (
    Vec<Box<dyn AnyGame>>,
    Vec<AgentSpec>,
    Option<usize>,
    Option<Anchor>,
    Option<openings::Suite>,
);

/// The agent `text` names among `agents`: by spec, else by display name.
fn find_agent(registry: &Registry, text: &str, agents: &[AgentSpec]) -> Option<usize> {
    let by_spec = registry
        .parse_agent(text)
        .ok()
        .and_then(|spec| agents.iter().position(|a| *a == spec));
    by_spec.or_else(|| agents.iter().position(|a| a.display_name() == text.trim()))
}

/// The anchor `text` names: an agent (by spec or display name), else
/// `mean`; `option` names the option for errors.
fn read_anchor(
    registry: &Registry,
    text: &str,
    agents: &[AgentSpec],
    option: &str,
) -> Result<Anchor, String> {
    match find_agent(registry, text, agents) {
        Some(a) => Ok(Anchor::Agent(a)),
        None if text.trim() == stats::MEAN => Ok(Anchor::Mean),
        None => Err(format!(
            "{option}: `{}` is none of the agents; name one (its spec or name) or `mean`",
            tabula::excerpt(text)
        )),
    }
}

/// Refuses an anchor an SPRT cannot report by: its one Elo is the
/// candidate's over the baseline, so one of them is 0.
fn check_anchor(sprt: bool, anchor: Anchor) -> Result<(), String> {
    if sprt && anchor == Anchor::Mean {
        return Err(
            "--anchor: an SPRT rates the candidate against the baseline; anchor one of \
             them (the default is the baseline)"
                .to_string(),
        );
    }
    Ok(())
}

/// The anchor a results folder's summary uses: its `arena.json`'s, else
/// the default.
pub(crate) fn saved_anchor(
    registry: &Registry,
    file: &store::SettingsFile,
) -> Result<Anchor, String> {
    let settings = &file.settings;
    let Some(text) = &file.anchor else {
        return Ok(stats::default_anchor(settings));
    };
    let agents: Vec<AgentSpec> = settings
        .agents
        .iter()
        .map(|a| registry.parse_agent(a).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let anchor = read_anchor(registry, text, &agents, "the anchor in arena.json")?;
    check_anchor(settings.sprt.is_some(), anchor)?;
    Ok(anchor)
}

/// `file` with the anchor `text` names (checked against its agents).
pub(crate) fn with_anchor(
    registry: &Registry,
    file: store::SettingsFile,
    text: &str,
    option: &str,
) -> Result<store::SettingsFile, String> {
    let agents: Vec<AgentSpec> = file
        .settings
        .agents
        .iter()
        .map(|a| registry.parse_agent(a).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let anchor = read_anchor(registry, text, &agents, option)?;
    check_anchor(file.settings.sprt.is_some(), anchor)?;
    Ok(store::SettingsFile {
        anchor: Some(stats::anchor_name(anchor, &file.settings.agents)),
        ..file
    })
}

pub use stats::default_anchor;

/// Reads and checks every game and agent spec before anything is played.
fn prepare(registry: &Registry, config: &Config) -> Result<Entrants, String> {
    let mut names: Vec<String> = config
        .games
        .iter()
        .flat_map(|g| tabula::split_specs(g))
        .collect();
    if names.iter().any(|n| n.eq_ignore_ascii_case("all")) {
        names = registry.names();
    }
    if names.is_empty() {
        return Err(format!(
            "--games is empty; choose from: {}",
            registry.names().join(", ")
        ));
    }
    // Every check of names below is a set lookup: an experiment file may
    // list tens of thousands of agents.
    let mut starts: Vec<Box<dyn AnyGame>> = Vec::new();
    let mut specs = HashSet::new();
    for name in &names {
        let start = registry.create(name).map_err(|e| format!("--games: {e}"))?;
        if !specs.insert(start.spec()) {
            return Err(format!("--games: `{}` is given twice", start.spec()));
        }
        starts.push(start);
    }
    let mut agents: Vec<AgentSpec> = Vec::new();
    // Tables and charts tell the agents apart by their display names.
    let (mut given, mut called) = (HashSet::new(), HashSet::new());
    for text in config.agents.iter().flat_map(|a| tabula::split_specs(a)) {
        let agent = registry
            .parse_agent(&text)
            .map_err(|e| format!("--agents: {e}"))?;
        if agent.is_human() {
            return Err(format!(
                "--agents: `human` cannot play in the arena; choose one of {}",
                registry
                    .agent_kinds()
                    .map(|kind| kind.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !given.insert(agent.to_string()) {
            return Err(format!("--agents: `{agent}` is given twice"));
        }
        agents.push(agent);
    }
    if agents.len() < 2 {
        return Err("--agents: an arena needs at least two agents".to_string());
    }
    for agent in &agents {
        if !called.insert(agent.display_name()) {
            return Err(format!(
                "--agents: two agents are called `{}`",
                agent.display_name()
            ));
        }
    }
    for start in &starts {
        for agent in &agents {
            registry
                .agent(start.as_ref(), agent, 0)
                .map_err(|e| format!("--agents: {e}"))?;
        }
    }
    if config.rounds == 0 {
        return Err("--rounds must be at least 1".to_string());
    }
    if !(1..=MAX_PLIES).contains(&config.max_plies) {
        return Err(format!("--max-plies must be from 1 to {MAX_PLIES}"));
    }
    if config.opening_plies >= config.max_plies {
        return Err("--opening-plies must be below --max-plies".to_string());
    }
    match config.threads {
        Some(0) => return Err("--threads must be at least 1".to_string()),
        Some(n) if n > MAX_THREADS => {
            return Err(format!(
                "--threads {n} is more than the maximum of {MAX_THREADS} games at once"
            ))
        }
        _ => {}
    }
    check_memory(registry, &starts, &agents, threads_of(config))?;
    let two_player = starts.iter().all(|s| s.players() == 2);
    let gauntlet = match &config.gauntlet {
        None => None,
        Some(text) => {
            let g = find_agent(registry, text, &agents).ok_or_else(|| {
                format!(
                    "--gauntlet: `{}` is none of --agents",
                    tabula::excerpt(text)
                )
            })?;
            if !two_player {
                return Err("--gauntlet: a gauntlet plays 2-player games only".to_string());
            }
            Some(g)
        }
    };
    if let Some(spec) = &config.sprt {
        spec.check()?;
        if agents.len() != 2 || starts.len() != 1 || !two_player {
            return Err(
                "--sprt tests two agents on one 2-player game: give exactly two --agents and one --games"
                    .to_string(),
            );
        }
        if config.shard.is_some() {
            return Err("--sprt cannot be sharded: the test decides when to stop".to_string());
        }
    }
    let anchor = match &config.anchor {
        Some(text) => Some(read_anchor(registry, text, &agents, "--anchor")?),
        None => None,
    };
    if let Some(anchor) = anchor {
        check_anchor(config.sprt.is_some(), anchor)?;
    }
    if config.standings_every == Some(0) {
        return Err("--standings-every must be at least 1".to_string());
    }
    let suite = match &config.openings {
        Some(_) if config.opening_plies > 0 => {
            return Err("--openings and --opening-plies cannot both be given".to_string())
        }
        Some(path) => Some(openings::Suite::read(
            registry,
            path,
            &starts,
            config.openings_order,
            config.seed,
        )?),
        None => None,
    };
    Ok((starts, agents, gauntlet, anchor, suite))
}

/// Refuses a tournament whose games at once would hold more memory in
/// their agents' fixed tables than the machine has available: each game
/// holds one agent a seat, at worst the largest ones.
fn check_memory(
    registry: &Registry,
    starts: &[Box<dyn AnyGame>],
    agents: &[AgentSpec],
    threads: usize,
) -> Result<(), String> {
    let Some(available) = available_memory() else {
        return Ok(());
    };
    let mut sizes: Vec<u64> = agents.iter().map(|a| registry.agent_memory(a)).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let seats = starts.iter().map(|s| s.players()).max().unwrap_or(2);
    let per_game: u64 = sizes.iter().take(seats).sum();
    let needed = per_game.saturating_mul(threads as u64);
    if needed > available {
        return Err(format!(
            "{threads} game(s) at once would hold {} MB in the agents' tables \
             ({} MB a game), more than the {} MB this machine has available: \
             give fewer --threads or smaller tables (alphabeta(table=MB))",
            needed >> 20,
            per_game >> 20,
            available >> 20
        ));
    }
    Ok(())
}

/// Games played at once: `--threads`, else the number of cores (at most
/// [`MAX_THREADS`]).
fn threads_of(config: &Config) -> usize {
    config.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    })
}

/// The memory the system can give without swapping (`MemAvailable` on
/// Linux); `None` where it cannot tell.
fn available_memory() -> Option<u64> {
    let text = fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// Keeps the agents' logs of game `index` (outside engines' stderr) as
/// `engines/game-INDEX-seat-SEAT.log` (both from 0, as in games.jsonl).
fn write_logs(out: &Path, index: usize, logs: &run::Logs) -> Result<(), String> {
    if logs.is_empty() {
        return Ok(());
    }
    let dir = out.join("engines");
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (seat, log) in logs {
        tabula::files::write_atomic(
            &dir.join(format!("game-{index}-seat-{seat}.log")),
            log.as_bytes(),
        )?;
    }
    Ok(())
}

/// The most pairs an SPRT plays when no rounds are given: it stops itself.
pub const SPRT_ROUNDS: usize = 100_000;

/// The rounds a front end plays when none are given: [`SPRT_ROUNDS`] for
/// an SPRT, one per opening of a suite, else the default 10.
pub fn default_rounds(registry: &Registry, config: &Config) -> Result<usize, String> {
    match (&config.sprt, &config.openings) {
        (Some(_), _) => Ok(SPRT_ROUNDS),
        (None, Some(path)) => suite_length(registry, config, path),
        (None, None) => Ok(Config::default().rounds),
    }
}

/// The most openings any game of `config` has in the suite `path`: the
/// rounds that play each opening once (checking everything [`play`]
/// would).
pub fn suite_length(registry: &Registry, config: &Config, path: &Path) -> Result<usize, String> {
    let config = Config {
        openings: Some(path.to_path_buf()),
        rounds: 1,
        ..config.clone()
    };
    let (.., suite) = prepare(registry, &config)?;
    Ok(suite.map_or(1, |s| s.longest()))
}

/// Plays the tournament `config` describes (or one shard of it), telling
/// `on_event` as it goes, and writes its records, summary and charts to
/// `config.out`. Every spec and option is checked before a game is played.
pub fn play(
    registry: &Registry,
    config: &Config,
    on_event: impl FnMut(Event<'_>),
) -> Result<Finished, String> {
    play_until(registry, config, &AtomicBool::new(false), on_event)
}

/// [`play`], stopping early when `interrupt` is set (by a Ctrl-C handler,
/// say): no new game starts, the games under way finish and are recorded,
/// and the summary, CSV and charts are written for the games finished, so
/// nothing finished is lost and `resume` plays the rest.
pub fn play_until(
    registry: &Registry,
    config: &Config,
    interrupt: &AtomicBool,
    mut on_event: impl FnMut(Event<'_>),
) -> Result<Finished, String> {
    let (starts, agents, gauntlet, anchor, suite) = prepare(registry, config)?;
    let settings = Settings {
        games: starts.iter().map(|s| s.spec()).collect(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        rounds: config.rounds,
        seed: config.seed,
        max_plies: config.max_plies,
        opening_plies: config.opening_plies,
        sprt: config.sprt,
        gauntlet,
        openings: config.openings.clone(),
        openings_order: suite.as_ref().map(|_| config.openings_order),
        openings_hash: suite.as_ref().map(|s| s.fingerprint.clone()),
    };
    let players: Vec<usize> = starts.iter().map(|s| s.players()).collect();
    let schedule = schedule::Schedule::with_gauntlet(
        &players,
        agents.len(),
        config.rounds,
        config.seed,
        gauntlet,
    )?;
    let range = match config.shard {
        Some(s) => schedule.shard(s.index, s.count),
        None => 0..schedule.len(),
    };
    let threads = threads_of(config);

    let out = &config.out;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let _lock = tabula::files::lock_dir(out, store::LOCK_FILE, tabula::files::LockMode::Write)?;
    let games_path = out.join(store::GAMES_FILE);
    for name in [store::GAMES_FILE, store::SETTINGS_FILE] {
        let path = out.join(name);
        // Before anything is written: a FIFO or device there would hang or
        // never end.
        if path.exists() && !path.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!("{} is not a regular file", path.display()));
        }
    }
    let mut here = store::SettingsFile {
        settings: settings.clone(),
        shard: config.shard,
        anchor: anchor.map(|a| stats::anchor_name(a, &settings.agents)),
    };
    // The anchor asked for; on resume without one, the tournament's own.
    let saved = match config.resume {
        true => store::read_settings(out)?,
        false => None,
    };
    if let (Some(saved), None) = (&saved, &here.anchor) {
        here.anchor = saved.anchor.clone();
    }
    let anchor = saved_anchor(registry, &here)?;
    let mut totals = stats::Totals::new(&players, &settings, anchor);
    let mut done: HashSet<usize> = HashSet::new();
    let mut running = RunningScores::new(&settings.agents);
    if config.resume {
        if let Some(saved) = &saved {
            store::compare(saved, &here)?;
        }
        let expect = store::Expect {
            registry,
            schedule: &schedule,
            settings: &settings,
            range: range.clone(),
        };
        let scan = store::scan(&games_path, &expect).map_err(|e| format!("cannot resume: {e}"))?;
        if saved.is_none() && !scan.results.is_empty() && !scan.tagged {
            return Err(format!(
                "cannot resume: {} is missing and the records (written by an older tabula) \
                 do not say the tournament's settings; restore the file or use another --out",
                out.join(store::SETTINGS_FILE).display()
            ));
        }
        for note in store::repair(&scan)? {
            on_event(Event::Note(&note));
        }
        // Counted and dropped: only the totals stay in memory.
        for result in scan.results {
            done.insert(result.index);
            running.add(&result);
            totals.add(&result);
        }
        // Written when missing, or to keep another anchor asked for.
        if saved.as_ref() != Some(&here) {
            store::write_settings(out, &here)?;
        }
    } else if fs::metadata(&games_path).is_ok_and(|m| m.len() > 0) {
        return Err(format!(
            "{} already holds games: add --resume to continue that tournament, or choose another --out",
            games_path.display()
        ));
    } else {
        store::write_settings(out, &here)?;
    }

    let plan = Plan {
        range: range.clone(),
        scheduled: schedule.len(),
        already_played: done.len(),
        games: starts.len(),
        agents: agents.len(),
        rounds: config.rounds,
        threads,
        shard: config.shard,
        out: out.clone(),
    };
    on_event(Event::Started(&plan));
    let started = Instant::now();
    let mut appender = store::Appender::open(&games_path)?;
    // Set once the SPRT decides: no new game starts.
    let decided = AtomicBool::new(totals.decided());
    let work = run::Work {
        registry,
        schedule: &schedule,
        range: range.clone(),
        done: &done,
        starts: &starts,
        agents: &agents,
        settings: &settings,
        interrupt,
        decided: &decided,
        openings: suite.as_ref(),
        out: Some(out),
    };
    // What a run stopped short left of its games under way is stale.
    under_way::clear(out);
    let played = run::play_all(&work, threads, |result, record, logs| {
        appender.append(&record)?;
        write_logs(out, result.index, &logs)?;
        running.add(&result);
        on_event(Event::GameFinished {
            result: &result,
            scores: &running,
        });
        totals.add(&result);
        if totals.decided() {
            decided.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if let Some(every) = config.standings_every {
            if (totals.received() - done.len()).is_multiple_of(every) {
                let summary = totals.summary(&settings, &players, range.len());
                on_event(Event::Standings(&summary));
            }
        }
        Ok(())
    });
    let synced = appender.sync();
    under_way::clear(out);
    played?;
    synced?;
    let seconds = started.elapsed().as_secs_f64();

    let mut summary = totals.summary(&settings, &players, range.len());
    summary.shard = config.shard;
    output::write_files(out, &summary)?;
    Ok(Finished {
        summary,
        played_now: totals.received() - done.len(),
        interrupted: !totals.decided() && totals.received() < range.len(),
        threads,
        seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_tells_every_game_and_a_resume_plays_none_again() {
        let registry = tabula_games::registry();
        let out = std::env::temp_dir().join(format!("tabula-arena-lib-{}", std::process::id()));
        let _ = fs::remove_dir_all(&out);
        let config = Config {
            games: vec!["diffusion(width=4,stones=2)".into()],
            agents: vec!["random".into(), "mcts(iterations=10)".into()],
            rounds: 2,
            threads: Some(2),
            out: out.clone(),
            ..Config::default()
        };
        let (mut plan, mut finished) = (None, 0);
        let first = play(&registry, &config, |event| match event {
            Event::Started(p) => plan = Some(p.clone()),
            Event::GameFinished { .. } => finished += 1,
            Event::Note(note) => panic!("a note on a new tournament: {note}"),
            Event::Standings(_) => panic!("standings that were not asked for"),
        })
        .unwrap();
        // Two rounds of one pairing in both seat orders.
        let plan = plan.expect("a Started event");
        assert_eq!((plan.range.len(), plan.already_played), (4, 0));
        assert_eq!(finished, 4);
        assert_eq!((first.played_now, first.summary.played), (4, 4));
        assert_eq!(first.threads, 2);
        for file in ["games.jsonl", "arena.json", "summary.json", "summary.csv"] {
            assert!(out.join(file).is_file(), "no {file}");
        }
        // The games under way were shown only while they were.
        assert!(!out.join(PLAYING_DIR).exists());

        let resumed = Config {
            resume: true,
            ..config.clone()
        };
        let again = play(&registry, &resumed, |event| {
            if let Event::GameFinished { .. } = event {
                panic!("a game played twice");
            }
        })
        .unwrap();
        assert_eq!((again.played_now, again.summary.played), (0, 4));
        assert_eq!(json(&again.summary), json(&first.summary));

        // Without --resume the folder's games are not overwritten.
        let refused = play(&registry, &config, |_| {}).unwrap_err();
        assert!(refused.contains("already holds games"), "{refused}");
        let _ = fs::remove_dir_all(&out);
    }

    fn folder(name: &str) -> PathBuf {
        let out = std::env::temp_dir().join(format!("tabula-arena-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&out);
        out
    }

    fn sprt_config(out: PathBuf, threads: usize) -> Config {
        Config {
            games: vec!["diffusion(width=4)".into()],
            agents: vec!["mcts(iterations=300)".into(), "mcts(iterations=10)".into()],
            rounds: 10_000,
            opening_plies: 2,
            threads: Some(threads),
            sprt: Some(SprtSpec::default()),
            out,
            ..Config::default()
        }
    }

    #[test]
    fn an_sprt_stops_at_its_decision_whatever_the_threads_and_resumes_exactly() {
        let registry = tabula_games::registry();
        let one = folder("sprt-one");
        let alone = play(&registry, &sprt_config(one.clone(), 1), |_| {}).unwrap();
        let report = alone.summary.sprt.clone().expect("an SPRT report");
        assert_eq!(report.accepted, Some(Hypothesis::H1), "{}", report.text());
        assert!(!alone.interrupted);
        // It stopped: far fewer games than the 20,000 scheduled.
        assert!(alone.summary.played < 400, "{} games", alone.summary.played);
        eprintln!("{}", report.text());

        let two = folder("sprt-two");
        let both = play(&registry, &sprt_config(two.clone(), 2), |_| {}).unwrap();
        assert_eq!(both.summary.sprt, Some(report.clone()));
        // The tables end at the decision too, whatever the threads.
        assert_eq!(both.summary.played, alone.summary.played);
        assert_eq!(
            both.summary.games[0].crosstable,
            alone.summary.games[0].crosstable
        );

        // Interrupted after 30 games, then resumed: the same test.
        let cut = folder("sprt-cut");
        let stop = AtomicBool::new(false);
        let mut seen = 0;
        let first = play_until(&registry, &sprt_config(cut.clone(), 2), &stop, |event| {
            if let Event::GameFinished { .. } = event {
                seen += 1;
                if seen == 30 {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        })
        .unwrap();
        assert!(first.interrupted);
        assert_eq!(first.summary.sprt.as_ref().unwrap().accepted, None);
        let resumed = Config {
            resume: true,
            ..sprt_config(cut.clone(), 2)
        };
        let again = play(&registry, &resumed, |_| {}).unwrap();
        assert_eq!(again.summary.sprt, Some(report));
        // A decided test plays nothing more on resume.
        let more = play(&registry, &resumed, |_| {}).unwrap();
        assert_eq!(more.played_now, 0);
        for dir in [one, two, cut] {
            let _ = fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn a_gauntlet_plays_one_agent_against_the_rest_and_the_pairs_add_up() {
        let registry = tabula_games::registry();
        let out = folder("gauntlet");
        let config = Config {
            games: vec!["diffusion(width=4,stones=2)".into()],
            agents: vec![
                "random".into(),
                "greedy".into(),
                "mcts(iterations=20)".into(),
            ],
            gauntlet: Some("mcts(iterations=20)".into()),
            rounds: 3,
            threads: Some(2),
            out: out.clone(),
            ..Config::default()
        };
        let finished = play(&registry, &config, |_| {}).unwrap();
        let section = &finished.summary.games[0];
        // Two pairings, three rounds, both seat orders.
        assert_eq!(finished.summary.played, 12);
        assert_eq!(finished.summary.anchor, "mcts(iterations=20)");
        assert_eq!(section.crosstable.len(), 2);
        for pairing in &section.crosstable {
            assert_eq!(pairing.second, "mcts(iterations=20)");
            assert_eq!((pairing.tally.games(), pairing.tally.pairs()), (6, 3));
        }
        let csv = fs::read_to_string(out.join("crosstable.csv")).unwrap();
        assert_eq!(csv.lines().count(), 1 + 2 + 2, "{csv}");
        // Only the gauntlet's own agent can be named.
        let refused = play(
            &registry,
            &Config {
                gauntlet: Some("alphabeta".into()),
                ..config.clone()
            },
            |_| {},
        )
        .unwrap_err();
        assert!(
            refused.contains("--gauntlet: `alphabeta` is none of --agents"),
            "{refused}"
        );
        let _ = fs::remove_dir_all(out);
    }

    /// `count` distinct openings of 2 and 3 plies of `game`, one a line.
    fn openings_file(game: &str, count: usize, path: &Path) {
        let start = tabula_games::registry().create(game).unwrap();
        let mut lines = Vec::new();
        'outer: for a in start.legal_moves() {
            let mut one = start.clone_box();
            one.play(&a).unwrap();
            for b in one.legal_moves() {
                lines.push(format!("{a} {b}"));
                let mut two = one.clone_box();
                two.play(&b).unwrap();
                if let Some(c) = two.legal_moves().first() {
                    lines.push(format!("{a} {b} {c}"));
                }
                if lines.len() >= count {
                    break 'outer;
                }
            }
        }
        lines.truncate(count);
        assert_eq!(lines.len(), count);
        fs::write(path, lines.join("\n") + "\n").unwrap();
    }

    #[test]
    fn fifty_openings_give_a_hundred_games_a_pairing_and_the_pairs_add_up() {
        let registry = tabula_games::registry();
        let out = folder("suite");
        fs::create_dir_all(&out).unwrap();
        let suite = out.with_extension("openings");
        openings_file("diffusion", 50, &suite);
        let config = Config {
            games: vec!["diffusion".into()],
            agents: vec![
                "random".into(),
                "greedy".into(),
                "mcts(iterations=5)".into(),
            ],
            rounds: 50,
            threads: Some(2),
            openings: Some(suite.clone()),
            openings_order: OpeningsOrder::Random,
            out: out.join("run"),
            ..Config::default()
        };
        assert_eq!(suite_length(&registry, &config, &suite), Ok(50));
        let finished = play(&registry, &config, |_| {}).unwrap();
        let section = &finished.summary.games[0];
        assert_eq!(section.finished + section.adjudicated, 300);
        assert_eq!(section.crosstable.len(), 3);
        for pairing in &section.crosstable {
            let t = &pairing.tally;
            assert_eq!((t.games(), t.pairs()), (100, 50), "{pairing:?}");
            // The pairs' points are the games' points.
            let pair_points: u64 = t.ptnml.iter().enumerate().map(|(k, &c)| k as u64 * c).sum();
            assert_eq!(pair_points, 2 * t.wins + t.draws, "{pairing:?}");
        }
        // Every game starts with a line of the suite; the six games of a
        // round (three pairings, both seat orders) with the same one.
        let lines: Vec<String> = fs::read_to_string(&suite)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let mut rounds: std::collections::HashMap<u64, Vec<String>> = Default::default();
        for record in fs::read_to_string(out.join("run/games.jsonl"))
            .unwrap()
            .lines()
        {
            let value: serde_json::Value = serde_json::from_str(record).unwrap();
            let moves: Vec<&str> = value["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            let text = moves.join(" ") + " ";
            assert!(
                lines.iter().any(|l| text.starts_with(&format!("{l} "))),
                "{text}"
            );
            rounds
                .entry(value["round"].as_u64().unwrap())
                .or_default()
                .push(moves[..2].join(" "));
        }
        assert_eq!(rounds.len(), 50);
        for starts in rounds.values() {
            assert_eq!(starts.len(), 6);
            assert!(starts.iter().all(|s| *s == starts[0]), "{starts:?}");
        }
        let _ = fs::remove_dir_all(&out);
        let _ = fs::remove_file(&suite);
    }

    /// A suite of positions and moves: a position's games start there (the
    /// record keeps it as its `start`), both seat orders of a round start
    /// alike, and a resume checks the records from their start.
    #[test]
    fn a_suite_of_positions_starts_games_there_in_both_seat_orders() {
        let registry = tabula_games::registry();
        let out = folder("positions");
        fs::create_dir_all(&out).unwrap();
        let suite = out.with_extension("openings");
        let game = "diffusion(width=4)";
        let position = |moves: &[&str]| {
            let mut state = registry.create(game).unwrap();
            for mv in moves {
                state.play(mv).unwrap();
            }
            state.position()
        };
        let (first, second) = (position(&["A", "a"]), position(&["B", "c", "C"]));
        fs::write(
            &suite,
            format!("[{game}]\n{first}\nposition: {second}\nmoves: D\n"),
        )
        .unwrap();
        let config = Config {
            games: vec![game.into()],
            agents: vec!["random".into(), "greedy".into()],
            rounds: 3,
            threads: Some(2),
            openings: Some(suite.clone()),
            out: out.join("run"),
            ..Config::default()
        };
        let finished = play(&registry, &config, |_| {}).unwrap();
        assert_eq!(finished.summary.played, 6);
        let records: Vec<serde_json::Value> = fs::read_to_string(out.join("run/games.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for record in &records {
            let (start, moves) = (&record["start"], record["moves"].as_array().unwrap());
            let seats = record["seats"].clone();
            match record["round"].as_u64().unwrap() {
                0 => assert_eq!(start, &serde_json::json!(first)),
                1 => assert_eq!(start, &serde_json::json!(second)),
                _ => assert!(start.is_null() && moves[0] == "D", "{record}"),
            }
            // The round's other game: the same start, the seats swapped.
            let other = records
                .iter()
                .find(|r| r["round"] == record["round"] && r["seats"] != seats)
                .expect("both seat orders");
            assert_eq!(&other["start"], start);
        }
        let again = play(
            &registry,
            &Config {
                resume: true,
                ..config
            },
            |event| {
                if let Event::GameFinished { .. } = event {
                    panic!("a game played again");
                }
            },
        )
        .unwrap();
        assert_eq!(json(&again.summary), json(&finished.summary));
        let _ = fs::remove_dir_all(&out);
        let _ = fs::remove_file(&suite);
    }

    /// Twenty thousand agents from an experiment file (whose name checks
    /// were once pairwise: a minute before the first game) are read and
    /// checked, and a spec given twice or a display name used twice is
    /// still found when it is the last of them. No game is played.
    #[test]
    fn twenty_thousand_agents_are_checked_by_name() {
        let registry = tabula_games::registry();
        let dir = folder("many-agents");
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("many.toml");
        let listed = |agents: &[String]| {
            let quoted: Vec<String> = agents.iter().map(|a| format!("{a:?}")).collect();
            format!(
                "games = [\"diffusion(width=4)\"]\nagents = [{}]\n",
                quoted.join(", ")
            )
        };
        let mut agents: Vec<String> = (0..20_000).map(|i| format!("random(name=a{i})")).collect();
        let read = |agents: &[String]| {
            fs::write(&file, listed(agents)).unwrap();
            let experiment = Experiment::read(&file)?;
            let config = experiment.apply(&registry, Config::default(), &Given::default())?;
            prepare(&registry, &config).map(|(_, agents, ..)| agents.len())
        };
        assert_eq!(read(&agents), Ok(20_000));
        agents.push("random(name=a0)".into());
        let twice = read(&agents).unwrap_err();
        assert_eq!(twice, "agents: `random(name=a0)` is given twice");
        agents.pop();
        agents.push("random(seed=3,name=a19999)".into());
        let called = read(&agents).unwrap_err();
        assert_eq!(called, "--agents: two agents are called `a19999`");
        // The charts' labels, counted once per pass, stay different.
        let labels = names::chart_names(&agents);
        let distinct: HashSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), agents.len() - 1, "only the one clash");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_opening_is_refused_by_its_line_before_any_game() {
        let registry = tabula_games::registry();
        let out = folder("bad-suite");
        let suite = out.with_extension("openings");
        fs::write(&suite, "D f\n# fine so far\nD f Z\n").unwrap();
        let config = Config {
            games: vec!["diffusion".into()],
            agents: vec!["random".into(), "greedy".into()],
            openings: Some(suite.clone()),
            out: out.clone(),
            ..Config::default()
        };
        let error = play(&registry, &config, |_| panic!("an event")).unwrap_err();
        assert!(
            error.contains(":3: neither moves from the start (move 3 `Z` is not legal"),
            "{error}"
        );
        assert!(!out.exists());
        let _ = fs::remove_file(&suite);
    }

    #[test]
    fn bad_settings_name_their_option_before_any_game() {
        let registry = tabula_games::registry();
        let out = std::env::temp_dir().join(format!("tabula-arena-bad-{}", std::process::id()));
        let good = Config {
            games: vec!["diffusion".into()],
            agents: vec!["random".into(), "greedy".into()],
            out: out.clone(),
            ..Config::default()
        };
        for (config, expected) in [
            (
                Config {
                    rounds: 0,
                    ..good.clone()
                },
                "--rounds must be at least 1",
            ),
            (
                Config {
                    agents: vec!["random".into()],
                    ..good.clone()
                },
                "--agents: an arena needs at least two agents",
            ),
            (
                Config {
                    games: vec!["go".into()],
                    ..good.clone()
                },
                "--games: unknown game `go`",
            ),
            (
                Config {
                    threads: Some(MAX_THREADS + 1),
                    ..good.clone()
                },
                "--threads 257",
            ),
            (
                Config {
                    sprt: Some(SprtSpec::default()),
                    agents: vec!["random".into(), "greedy".into(), "mcts".into()],
                    ..good.clone()
                },
                "--sprt tests two agents on one 2-player game",
            ),
            (
                Config {
                    games: vec!["calcala(players=3)".into()],
                    gauntlet: Some("random".into()),
                    ..good.clone()
                },
                "--gauntlet: a gauntlet plays 2-player games only",
            ),
        ] {
            let error = play(&registry, &config, |_| panic!("an event")).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
        assert!(!out.exists(), "a refused tournament wrote its folder");
    }
}
