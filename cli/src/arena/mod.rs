//! `tabula arena`: tournaments between agents across games, with scores,
//! confidence intervals, Bradley–Terry Elo ratings, records and charts.
//! See `docs/arena.md`.

mod output;
mod rating;
mod resume;
mod run;
mod schedule;
mod stats;
mod svg;

use std::fs::{self, File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
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
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a game after this many plies; such games are reported as
    /// adjudicated and not counted as results.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// The directory for games.jsonl, summary.json, summary.csv and charts.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Continue the tournament recorded in --out, skipping played games.
    #[arg(long)]
    resume: bool,
}

const GAMES_FILE: &str = "games.jsonl";
const SETTINGS_FILE: &str = "arena.json";

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
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".to_string());
    }
    Ok((starts, agents))
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
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
        write_file(&dir.join(format!("game-{index}-seat-{seat}.log")), log)?;
    }
    Ok(())
}

/// Runs `tabula arena`.
pub fn run(registry: &Registry, args: ArenaArgs) -> Result<(), String> {
    let (starts, agents) = prepare(registry, &args)?;
    let settings = Settings {
        games: starts.iter().map(|s| s.spec()).collect(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        rounds: args.rounds,
        seed: args.seed,
        max_plies: args.max_plies,
    };
    let players: Vec<usize> = starts.iter().map(|s| s.players()).collect();
    let schedule = schedule::schedule(&players, agents.len(), args.rounds, args.seed);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));

    let out = &args.out;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let games_path = out.join(GAMES_FILE);
    let settings_path = out.join(SETTINGS_FILE);
    let mut results = Vec::new();
    if args.resume {
        if let Ok(text) = fs::read_to_string(&settings_path) {
            let saved: Settings = serde_json::from_str(&text).map_err(|e| {
                format!("cannot resume: {} is damaged: {e}", settings_path.display())
            })?;
            resume::compare(&saved, &settings)?;
        }
        let previous = resume::load(&games_path, &schedule, &settings, &agents)?;
        if previous.truncated {
            // Drop the line an interruption cut short before appending.
            let mut text = previous.lines.join("\n");
            if !text.is_empty() {
                text.push('\n');
            }
            write_file(&games_path, &text)?;
        }
        results = previous.results;
    } else if fs::metadata(&games_path).is_ok_and(|m| m.len() > 0) {
        return Err(format!(
            "{} already holds games: add --resume to continue that tournament, or choose another --out",
            games_path.display()
        ));
    } else {
        File::create(&games_path)
            .map_err(|e| format!("cannot create {}: {e}", games_path.display()))?;
    }
    write_file(
        &settings_path,
        &(serde_json::to_string_pretty(&settings).expect("settings serialize") + "\n"),
    )?;

    let done: Vec<bool> = {
        let mut done = vec![false; schedule.len()];
        for r in &results {
            done[r.index] = true;
        }
        done
    };
    let jobs: Vec<schedule::Scheduled> = schedule
        .iter()
        .filter(|j| !done[j.index])
        .cloned()
        .collect();
    eprintln!(
        "arena: {} games ({} game(s), {} agents, {} rounds), {} already played, {} thread(s); results in {}",
        schedule.len(),
        starts.len(),
        agents.len(),
        args.rounds,
        results.len(),
        threads,
        out.display()
    );
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(jobs.len() as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed_precise}  ETA {eta}  {msg}",
            )
            .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let mut file = OpenOptions::new()
        .append(true)
        .create(true)
        .open(&games_path)
        .map_err(|e| format!("cannot open {}: {e}", games_path.display()))?;
    let played = run::play_all(
        registry,
        &jobs,
        &starts,
        &agents,
        args.max_plies,
        threads,
        |result, record, logs| {
            let mut line = record.to_json();
            line.push('\n');
            file.write_all(line.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write {}: {e}", games_path.display()))?;
            write_logs(out, result.index, &logs)?;
            progress.set_message(format!("{} #{}", settings.games[result.game], result.index));
            progress.inc(1);
            results.push(result);
            Ok(())
        },
    );
    progress.finish_and_clear();
    played?;
    let wall = started.elapsed().as_secs_f64();

    let summary = stats::summarize(&settings, &players, schedule.len(), &results);
    write_file(&out.join("summary.json"), &output::json(&summary))?;
    write_file(&out.join("summary.csv"), &output::csv(&summary))?;
    for section in summary.games.iter().chain([&summary.overall]) {
        let path = out.join(format!("ratings-{}.svg", svg::file_stem(&section.game)));
        write_file(&path, &svg::chart(section, &summary.anchor))?;
    }
    print!("{}", output::table(&summary));
    println!(
        "\n{} games played in {wall:.1} s on {threads} thread(s); {} in total. Files in {}",
        jobs.len(),
        results.len(),
        out.display()
    );
    Ok(())
}
