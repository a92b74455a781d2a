//! `tabula arena`: the command line over the `tabula-arena` library —
//! options, a progress bar, the table at the end — and `tabula arena
//! merge`. See `docs/arena.md` and `docs/cluster.md`.

use std::io::IsTerminal;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use tabula::Registry;
use tabula_arena::{Config, Event, Shard};

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
    Merge(MergeArgs),
}

/// `tabula arena merge`'s options.
#[derive(clap::Args, Debug)]
struct MergeArgs {
    /// The shards' --out directories.
    #[arg(required = true, num_args = 1..)]
    dirs: Vec<PathBuf>,
    /// The directory for the merged games.jsonl, summary and charts.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `tabula arena` or `tabula arena merge`.
pub fn run(registry: &Registry, command: ArenaCommand) -> Result<(), String> {
    match command.merge {
        Some(ArenaSubcommand::Merge(args)) => merge(registry, &args),
        None => play(registry, &command.args.into()),
    }
}

/// The `arena` subcommand's options: [`Config`]'s fields, with its defaults.
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

impl From<ArenaArgs> for Config {
    fn from(args: ArenaArgs) -> Self {
        Config {
            games: vec![args.games],
            agents: args.agents,
            rounds: args.rounds,
            seed: args.seed,
            threads: args.threads,
            max_plies: args.max_plies,
            opening_plies: args.opening_plies,
            out: args.out,
            resume: args.resume,
            shard: args.shard,
        }
    }
}

/// Plays a tournament, or one shard of it, saying so on the terminal as it
/// goes (a progress bar where stderr is one) and printing the table at the end.
fn play(registry: &Registry, config: &Config) -> Result<(), String> {
    let mut progress = ProgressBar::hidden();
    let finished = tabula_arena::play(registry, config, |event| match event {
        Event::Note(note) => eprintln!("arena: {note}"),
        Event::Started(plan) => {
            let part = match plan.shard {
                Some(s) => format!(
                    "shard {s}: games {} to {} of {}; ",
                    plan.range.start,
                    plan.range.end as i128 - 1,
                    plan.scheduled
                ),
                None => String::new(),
            };
            eprintln!(
                "arena: {part}{} games ({} game(s), {} agents, {} rounds), {} already played, {} thread(s); results in {}",
                plan.range.len(),
                plan.games,
                plan.agents,
                plan.rounds,
                plan.already_played,
                plan.threads,
                plan.out.display()
            );
            if std::io::stderr().is_terminal() {
                progress = ProgressBar::new((plan.range.len() - plan.already_played) as u64);
                progress.set_style(
                    ProgressStyle::with_template(
                        "{bar:40} {pos}/{len} games  {elapsed_precise}  ETA {eta}\n{wide_msg}",
                    )
                    .expect("a valid template"),
                );
            }
        }
        Event::GameFinished { scores, .. } => {
            progress.set_message(scores.line());
            progress.inc(1);
        }
    });
    progress.finish_and_clear();
    let finished = finished?;
    print!("{}", tabula_arena::table(&finished.summary));
    println!(
        "\n{} games played in {:.1} s on {} thread(s); {} in total. Files in {}",
        finished.played_now,
        finished.seconds,
        finished.threads,
        finished.summary.played,
        config.out.display()
    );
    Ok(())
}

/// Runs `tabula arena merge`.
fn merge(registry: &Registry, args: &MergeArgs) -> Result<(), String> {
    let summary = tabula_arena::merge(registry, &args.dirs, &args.out, |note| {
        eprintln!("merge: {note}")
    })?;
    print!("{}", tabula_arena::table(&summary));
    println!(
        "\nmerged {} games from {} shard directories into {}",
        summary.played,
        args.dirs.len(),
        args.out.display()
    );
    Ok(())
}
