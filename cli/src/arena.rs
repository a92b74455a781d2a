//! `tabula arena`: the command line over the `tabula-arena` library —
//! options, a progress bar, the table at the end — `tabula arena merge`
//! and `tabula arena summary`. See `docs/arena.md` and `docs/cluster.md`.

use crate::out::{out, outln};
use std::path::PathBuf;

use indicatif::ProgressBar;
use tabula::Registry;
use tabula_arena::{Config, Event, Experiment, Given, OpeningsOrder, Shard, SprtSpec};

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
    /// Make a results folder's summary.json, summary.csv, charts and table
    /// again from its games.jsonl, without playing.
    Summary(SummaryArgs),
}

/// `tabula arena summary`'s options.
#[derive(clap::Args, Debug)]
struct SummaryArgs {
    /// A tournament's results folder (its --out), holding games.jsonl.
    dir: PathBuf,
    /// Rate relative to this agent (its spec or name), or `mean`; kept in
    /// the folder's arena.json for later summaries [default: the folder's
    /// anchor]
    #[arg(long, value_name = "AGENT")]
    anchor: Option<String>,
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
    /// Rate relative to this agent (its spec or name), or `mean` [default:
    /// the shards' anchor]
    #[arg(long, value_name = "AGENT")]
    anchor: Option<String>,
}

/// Runs `tabula arena` or `tabula arena merge`.
pub fn run(registry: &Registry, command: ArenaCommand) -> Result<(), String> {
    match command.merge {
        Some(ArenaSubcommand::Merge(args)) => merge(registry, &args),
        Some(ArenaSubcommand::Summary(args)) => summary(registry, &args),
        None => play(registry, &command.args.config(registry)?),
    }
}

/// The `arena` subcommand's options: [`Config`]'s fields, with its
/// defaults, and an experiment file that may give any of them (the options
/// given here win).
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// An experiment file (TOML, or JSON such as a results folder's
    /// arena.json) giving any of the options below; the options given
    /// here override it. See docs/arena.md.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Games, separated by commas (`all`: every registered game with its
    /// default parameters), e.g. "diffusion,calcala(players=3)" [default: all]
    #[arg(long)]
    games: Option<String>,
    /// Two or more agents, e.g. random "mcts(iterations=1000)".
    #[arg(long, num_args = 1.., required_unless_present = "config")]
    agents: Vec<String>,
    /// Rounds: each round plays every pairing in both seat orders (2
    /// players) or puts every agent in every seat once (3 or more) [default: 10]
    #[arg(long)]
    rounds: Option<usize>,
    /// The seed every game's and agent's seed is derived from [default: 1]
    #[arg(long)]
    seed: Option<u64>,
    /// Games played at once (default: the number of cores; at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a game after this many plies; such games are reported as
    /// adjudicated and not counted as results [default: 1000]
    #[arg(long)]
    max_plies: Option<usize>,
    /// Start every game with this many random moves, drawn from the seed
    /// once per round and game, so each pairing plays each opening from
    /// both seats: agents that choose deterministically then meet in
    /// different games instead of replaying one (they count in --max-plies)
    /// [default: 0]
    #[arg(long)]
    opening_plies: Option<usize>,
    /// The directory for games.jsonl, summary.json, summary.csv and charts
    /// [default: results]
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the tournament recorded in --out, skipping played games.
    #[arg(long)]
    resume: bool,
    /// Play only shard INDEX of COUNT (from 0), e.g. `--shard 3/16`: a
    /// fixed contiguous range of the schedule; merge the shards' --out
    /// directories with `tabula arena merge`.
    #[arg(long, value_name = "INDEX/COUNT")]
    shard: Option<Shard>,
    /// Stop as soon as a sequential probability ratio test decides, e.g.
    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05` (`,model=trinomial` to count
    /// single games instead of pairs): two agents, one 2-player game; the
    /// first agent is tested against the second, and --rounds is the most
    /// pairs played [default rounds then: 100000]
    #[arg(long, value_name = "elo0=E0,elo1=E1,alpha=A,beta=B")]
    sprt: Option<SprtSpec>,
    /// Play only this agent (spec or name) against each other agent, in
    /// both seat orders; it is the ratings' anchor unless --anchor says
    /// otherwise.
    #[arg(long, value_name = "AGENT")]
    gauntlet: Option<String>,
    /// Who is rated 0: an agent (spec or name), or `mean`, the mean of the
    /// rated agents [default: mean; a gauntlet's agent; an SPRT's baseline]
    #[arg(long, value_name = "AGENT")]
    anchor: Option<String>,
    /// Print the standings (the SPRT's state, else the table) on stderr
    /// after every N finished games.
    #[arg(long, value_name = "N")]
    standings_every: Option<usize>,
    /// An opening suite: lines of moves from the start or position texts
    /// (`position:` / `moves:` mark a line; `[GAME]` headers give each game
    /// its own), each played from both seats; every line is checked against
    /// the rules first [default rounds then: the most openings of any game]
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The suite's order: `sequential`, or `random` (shuffled by --seed)
    /// [default: sequential]
    #[arg(long, value_name = "ORDER")]
    openings_order: Option<OpeningsOrder>,
}

impl ArenaArgs {
    /// The tournament these options, and the experiment file if one is
    /// given, describe.
    fn config(self, registry: &Registry) -> Result<Config, String> {
        let given = Given {
            games: self.games.is_some(),
            agents: !self.agents.is_empty(),
            rounds: self.rounds.is_some(),
            seed: self.seed.is_some(),
            threads: self.threads.is_some(),
            max_plies: self.max_plies.is_some(),
            opening_plies: self.opening_plies.is_some(),
            out: self.out.is_some(),
            shard: self.shard.is_some(),
            sprt: self.sprt.is_some(),
            gauntlet: self.gauntlet.is_some(),
            anchor: self.anchor.is_some(),
            openings: self.openings.is_some(),
            openings_order: self.openings_order.is_some(),
        };
        let defaults = Config::default();
        let config = Config {
            games: self.games.map_or(defaults.games, |games| vec![games]),
            agents: self.agents,
            rounds: self.rounds.unwrap_or(defaults.rounds),
            seed: self.seed.unwrap_or(defaults.seed),
            threads: self.threads,
            max_plies: self.max_plies.unwrap_or(defaults.max_plies),
            opening_plies: self.opening_plies.unwrap_or(defaults.opening_plies),
            out: self.out.unwrap_or(defaults.out),
            resume: self.resume,
            shard: self.shard,
            sprt: self.sprt,
            gauntlet: self.gauntlet,
            anchor: self.anchor,
            standings_every: self.standings_every,
            openings: self.openings,
            openings_order: self.openings_order.unwrap_or_default(),
        };
        let mut config = match self.config {
            Some(file) => Experiment::read(&file)?
                .apply(registry, config, &given)
                .map_err(|e| format!("{}: {e}", file.display()))?,
            None => config,
        };
        // An SPRT stops itself: its rounds are only a cap. A suite plays
        // each opening once.
        if !given.rounds && config.rounds == defaults.rounds {
            config.rounds = tabula_arena::default_rounds(registry, &config)?;
        }
        Ok(config)
    }
}

/// Plays a tournament, or one shard of it, saying so on the terminal as it
/// goes (a progress bar where stderr is one) and printing the table at the end.
fn play(registry: &Registry, config: &Config) -> Result<(), String> {
    let interrupt = crate::progress::interrupt_on_ctrl_c("arena");
    let mut progress = ProgressBar::hidden();
    let finished = tabula_arena::play_until(registry, config, interrupt, |event| match event {
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
            progress = crate::progress::games_bar((plan.range.len() - plan.already_played) as u64);
        }
        Event::GameFinished { scores, .. } => {
            // Only a bar that is drawn needs its line.
            if !progress.is_hidden() {
                progress.set_message(scores.line());
            }
            progress.inc(1);
        }
        Event::Standings(summary) => progress.suspend(|| {
            eprintln!("arena: standings after {} games", summary.played);
            match &summary.sprt {
                Some(sprt) => eprint!("{}", sprt.text()),
                None => eprint!("{}", tabula_arena::table(summary)),
            }
        }),
    });
    progress.finish_and_clear();
    let finished = finished?;
    out!("{}", tabula_arena::table(&finished.summary));
    warn_of_repeats(&finished.summary);
    // Games under way when an SPRT decided are recorded, not counted.
    let total = match &finished.summary.sprt {
        Some(sprt) if sprt.accepted.is_some() => {
            format!(
                "{} counted, up to the test's decision",
                finished.summary.played
            )
        }
        _ => format!("{} in total", finished.summary.played),
    };
    outln!(
        "\n{} games played in {:.1} s on {} thread(s); {total}. Files in {}",
        finished.played_now,
        finished.seconds,
        finished.threads,
        config.out.display()
    );
    if finished.interrupted {
        return Err(format!(
            "interrupted: the summary is of the {} games finished; the same command with \
             --resume plays the rest",
            finished.summary.played
        ));
    }
    Ok(())
}

/// Runs `tabula arena merge`.
fn merge(registry: &Registry, args: &MergeArgs) -> Result<(), String> {
    let summary = tabula_arena::merge(
        registry,
        &args.dirs,
        &args.out,
        args.anchor.as_deref(),
        |note| eprintln!("merge: {note}"),
    )?;
    out!("{}", tabula_arena::table(&summary));
    warn_of_repeats(&summary);
    outln!(
        "\nmerged {} games from {} shard directories into {}",
        summary.played,
        args.dirs.len(),
        args.out.display()
    );
    Ok(())
}

/// Runs `tabula arena summary`.
fn summary(registry: &Registry, args: &SummaryArgs) -> Result<(), String> {
    let summary = tabula_arena::rebuild(registry, &args.dir, args.anchor.as_deref(), |note| {
        eprintln!("summary: {note}")
    })?;
    out!("{}", tabula_arena::table(&summary));
    warn_of_repeats(&summary);
    outln!(
        "\n{} of {} games summarised; summary.json, summary.csv and charts written to {}",
        summary.played,
        summary.scheduled,
        args.dir.display()
    );
    Ok(())
}

/// Says on stderr when many games repeat others move for move.
fn warn_of_repeats(summary: &tabula_arena::Summary) {
    if let Some(warning) = tabula_arena::repeats_warning(summary) {
        eprintln!("arena: {warning}");
    }
}
