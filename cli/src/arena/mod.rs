//! `tabula arena`: tournaments between agents across games, with scores,
//! confidence intervals, Bradley–Terry Elo ratings, records and charts;
//! `--shard` and `tabula arena merge` spread one over many machines.
//! See `docs/arena.md` and `docs/cluster.md`.

mod merge;
mod output;
mod rating;
mod run;
mod schedule;
mod stats;
mod store;
mod svg;

use std::collections::HashSet;
use std::fmt;
use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use tabula::{AgentSpec, AnyGame, Registry};

/// The settings that fix a tournament's games; `--resume` insists on them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// `tabula arena`: play a tournament (or one shard of it), or merge shards.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ArenaCommand {
    #[command(subcommand)]
    merge: Option<ArenaSubcommand>,
    #[command(flatten)]
    args: ArenaArgs,
}

#[derive(clap::Subcommand, Debug)]
enum ArenaSubcommand {
    /// Merge the directories of a sharded tournament (`--shard I/N` runs)
    /// into one, with the summary, CSV and charts of an unsharded run.
    Merge(merge::MergeArgs),
}

/// Runs `tabula arena` or `tabula arena merge`.
pub fn run(registry: &Registry, command: ArenaCommand) -> Result<(), String> {
    match command.merge {
        Some(ArenaSubcommand::Merge(args)) => merge::run(registry, args),
        None => play(registry, command.args, true).map(|_| ()),
    }
}

/// Plays a tournament given as `tabula arena`'s options (without the
/// words `tabula arena`, e.g. `["--agents", "random", "mcts", "--out",
/// "dir"]`) without printing anything, and returns the summary it wrote
/// to `summary.json`, as that JSON text: for programs that embed Tabula,
/// such as the Python bindings.
pub fn summary(registry: &Registry, options: &[String]) -> Result<String, String> {
    #[derive(clap::Parser)]
    #[command(name = "tabula arena", no_binary_name = true)]
    struct Options {
        #[command(flatten)]
        args: ArenaArgs,
    }
    let options = <Options as clap::Parser>::try_parse_from(options)
        .map_err(|e| e.render().to_string().trim().to_string())?;
    play(registry, options.args, false).map(|summary| output::json(&summary))
}

/// The `arena` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// Games, separated by commas (`all`: every registered game with its
    /// default parameters), e.g. "diffusion,calcala(players=3)".
    #[arg(long, default_value = "all")]
    games: String,
    /// Two or more agents, e.g. random "mcts(iterations=1000)".
    #[arg(long, num_args = 1.., required = true)]
    agents: Vec<String>,
    /// Rounds: each round plays every pairing in both seat orders (2
    /// players) or puts every agent in every seat once (3 or more).
    #[arg(long, default_value_t = 10)]
    rounds: usize,
    /// The seed every game's and agent's seed is derived from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: the number of cores; at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a game after this many plies; such games are reported as
    /// adjudicated and not counted as results.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Start every game with this many random moves, drawn from the seed
    /// once per round and game, so each pairing plays each opening from
    /// both seats: agents that choose deterministically then meet in
    /// different games instead of replaying one (they count in --max-plies).
    #[arg(long, default_value_t = 0)]
    opening_plies: usize,
    /// The directory for games.jsonl, summary.json, summary.csv and charts.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Continue the tournament recorded in --out, skipping played games.
    #[arg(long)]
    resume: bool,
    /// Play only shard INDEX of COUNT (from 0), e.g. `--shard 3/16`: a
    /// fixed contiguous range of the schedule; merge the shards' --out
    /// directories with `tabula arena merge`.
    #[arg(long, value_name = "INDEX/COUNT")]
    shard: Option<Shard>,
}

/// The most games played at once: each holds its agents (an MCTS tree
/// each), so thousands of threads would only exhaust memory.
pub const MAX_THREADS: usize = 256;

/// The start state of every game, and the agents.
type Entrants = (Vec<Box<dyn AnyGame>>, Vec<AgentSpec>);

/// Reads and checks every game and agent spec before anything is played.
fn prepare(registry: &Registry, args: &ArenaArgs) -> Result<Entrants, String> {
    let mut names = tabula::split_specs(&args.games);
    if names.iter().any(|n| n.eq_ignore_ascii_case("all")) {
        names = registry.names();
    }
    if names.is_empty() {
        return Err(format!(
            "--games is empty; choose from: {}",
            registry.names().join(", ")
        ));
    }
    let mut starts: Vec<Box<dyn AnyGame>> = Vec::new();
    for name in &names {
        let start = registry.create(name).map_err(|e| format!("--games: {e}"))?;
        if starts.iter().any(|s| s.spec() == start.spec()) {
            return Err(format!("--games: `{}` is given twice", start.spec()));
        }
        starts.push(start);
    }
    let mut agents: Vec<AgentSpec> = Vec::new();
    for text in args.agents.iter().flat_map(|a| tabula::split_specs(a)) {
        let agent = registry
            .parse_agent(&text)
            .map_err(|e| format!("--agents: {e}"))?;
        if agent.is_human() {
            return Err(
                "--agents: `human` cannot play in the arena; choose random or mcts".to_string(),
            );
        }
        if agents.contains(&agent) {
            return Err(format!("--agents: `{agent}` is given twice"));
        }
        agents.push(agent);
    }
    if agents.len() < 2 {
        return Err("--agents: an arena needs at least two agents".to_string());
    }
    for start in &starts {
        for agent in &agents {
            registry
                .agent(start.as_ref(), agent, 0)
                .map_err(|e| format!("--agents: {e}"))?;
        }
    }
    if args.rounds == 0 {
        return Err("--rounds must be at least 1".to_string());
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".to_string());
    }
    if args.opening_plies >= args.max_plies {
        return Err("--opening-plies must be below --max-plies".to_string());
    }
    match args.threads {
        Some(0) => return Err("--threads must be at least 1".to_string()),
        Some(n) if n > MAX_THREADS => {
            return Err(format!(
                "--threads {n} is more than the maximum of {MAX_THREADS} games at once"
            ))
        }
        _ => {}
    }
    Ok((starts, agents))
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
        crate::files::write_atomic(
            &dir.join(format!("game-{index}-seat-{seat}.log")),
            log.as_bytes(),
        )?;
    }
    Ok(())
}

/// Plays a tournament, or one shard of it; with `report`, says so on the
/// terminal as it goes and prints the table at the end.
fn play(registry: &Registry, args: ArenaArgs, report: bool) -> Result<stats::Summary, String> {
    let (starts, agents) = prepare(registry, &args)?;
    let settings = Settings {
        games: starts.iter().map(|s| s.spec()).collect(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        rounds: args.rounds,
        seed: args.seed,
        max_plies: args.max_plies,
        opening_plies: args.opening_plies,
    };
    let players: Vec<usize> = starts.iter().map(|s| s.players()).collect();
    let schedule = schedule::Schedule::new(&players, agents.len(), args.rounds, args.seed)?;
    let range = match args.shard {
        Some(s) => schedule.shard(s.index, s.count),
        None => 0..schedule.len(),
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    });

    let out = &args.out;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let _lock = crate::files::lock_dir(out, store::LOCK_FILE, crate::files::LockMode::Write)?;
    let games_path = out.join(store::GAMES_FILE);
    for name in [store::GAMES_FILE, store::SETTINGS_FILE] {
        let path = out.join(name);
        // Before anything is written: a FIFO or device there would hang or
        // never end.
        if path.exists() && !path.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!("{} is not a regular file", path.display()));
        }
    }
    let here = store::SettingsFile {
        settings: settings.clone(),
        shard: args.shard,
    };
    let mut results = Vec::new();
    if args.resume {
        let saved = store::read_settings(out)?;
        if let Some(saved) = &saved {
            store::compare(saved, &here)?;
        }
        let expect = store::Expect {
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
            if report {
                eprintln!("arena: {note}");
            }
        }
        results = scan.results;
        if saved.is_none() {
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

    let done: HashSet<usize> = results.iter().map(|r| r.index).collect();
    let todo = range.len() - done.len();
    let part = match args.shard {
        Some(s) => format!(
            "shard {s}: games {} to {} of {}; ",
            range.start,
            range.end as i128 - 1,
            schedule.len()
        ),
        None => String::new(),
    };
    if report {
        eprintln!(
            "arena: {part}{} games ({} game(s), {} agents, {} rounds), {} already played, {} thread(s); results in {}",
            range.len(),
            starts.len(),
            agents.len(),
            args.rounds,
            done.len(),
            threads,
            out.display()
        );
    }
    let progress = if report && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(todo as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed_precise}  ETA {eta}\n{wide_msg}",
            )
            .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut running = output::RunningScores::new(&settings.agents);
    for result in &results {
        running.add(result);
    }
    progress.set_message(running.line());
    let started = Instant::now();
    let mut appender = store::Appender::open(&games_path)?;
    let work = run::Work {
        registry,
        schedule: &schedule,
        range: range.clone(),
        done: &done,
        starts: &starts,
        agents: &agents,
        settings: &settings,
    };
    let played = run::play_all(&work, threads, |result, record, logs| {
        appender.append(&record)?;
        write_logs(out, result.index, &logs)?;
        running.add(&result);
        progress.set_message(running.line());
        progress.inc(1);
        results.push(result);
        Ok(())
    });
    progress.finish_and_clear();
    let synced = appender.sync();
    played?;
    synced?;
    let wall = started.elapsed().as_secs_f64();

    let mut summary = stats::summarize(&settings, &players, range.len(), &results);
    summary.shard = args.shard;
    output::write_files(out, &summary)?;
    if report {
        print!("{}", output::table(&summary));
        println!(
            "\n{} games played in {wall:.1} s on {threads} thread(s); {} in total. Files in {}",
            results.len() - done.len(),
            results.len(),
            out.display()
        );
    }
    Ok(summary)
}
