//! `tabula study`: the command line over the `tabula-study` library —
//! options, a progress bar, the tables at the end — `tabula study merge`
//! and `tabula study summary`. See `docs/study.md`.

use crate::out::{out, outln};
use std::path::PathBuf;

use indicatif::ProgressBar;
use tabula::Registry;
use tabula_study::{Config, Event, Given, Ladder, Shard, StudyFile, Vary};

/// `tabula study`: study a game's variants, or merge or summarise studies.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct StudyCommand {
    #[command(subcommand)]
    sub: Option<StudySubcommand>,
    #[command(flatten)]
    args: StudyArgs,
}

#[derive(clap::Subcommand, Debug)]
enum StudySubcommand {
    /// Merge the folders of a sharded study (`--shard I/N` runs) into one,
    /// with the summary, tables and charts of an unsharded run.
    Merge {
        /// The shards' --out folders.
        #[arg(required = true, num_args = 1..)]
        dirs: Vec<PathBuf>,
        /// The folder for the merged study.
        #[arg(long)]
        out: PathBuf,
    },
    /// Make a study folder's summary, tables and charts again from its
    /// records, without playing.
    Summary {
        /// A study's folder (its --out), holding study.json.
        dir: PathBuf,
    },
}

/// The `study` subcommand's options: [`Config`]'s fields, with its
/// defaults, and a study file that may give any of them (the options given
/// here win).
#[derive(clap::Args, Debug)]
pub struct StudyArgs {
    /// The game whose variants to study, e.g. "diffusion(width=4)".
    #[arg(required_unless_present_any = ["config", "variants"])]
    game: Option<String>,
    /// Sweep a parameter of the game: PARAM=V1,V2,... (repeat the option to
    /// sweep several: every combination is a variant).
    #[arg(long, value_name = "PARAM=V1,V2,...")]
    vary: Vec<Vary>,
    /// Variants listed outright instead of a game and its sweeps, separated
    /// by commas, e.g. "diffusion(width=4),kalah(pits=4)".
    #[arg(long, conflicts_with = "game")]
    variants: Option<String>,
    /// A study file (TOML, or JSON such as a study's study.json) giving any
    /// of the options; the options given here override it.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The agent of the self-play games, in every seat [default: mcts(iterations=1000)]
    #[arg(long)]
    agent: Option<String>,
    /// Self-play games per variant (rounded up to an even number); 0 plays
    /// none [default: 400]
    #[arg(long)]
    games: Option<usize>,
    /// The skill ladder: an agent with one budget a range of doublings, or
    /// `none` [default: mcts(iterations=16..1024)]
    #[arg(long, value_name = "AGENT|none")]
    ladder: Option<String>,
    /// Games per step of the ladder (rounded up to an even number) [default: 200]
    #[arg(long)]
    ladder_games: Option<usize>,
    /// The seed every game's and agent's seed is derived from [default: 1]
    #[arg(long)]
    seed: Option<u64>,
    /// Stop a game after this many plies; it is counted as adjudicated
    /// [default: 1000]
    #[arg(long)]
    max_plies: Option<usize>,
    /// Start every game with this many random moves [default: 0]
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Solve tables of up to this many positions in memory for the exact
    /// values [default: 100000000]
    #[arg(long, value_name = "N")]
    exact_positions: Option<u64>,
    /// A database (`tabula solve --db`) to read exact values from, for the
    /// variants it covers; repeat for several.
    #[arg(long = "db", value_name = "FILE")]
    dbs: Vec<PathBuf>,
    /// Games played at once (default: the number of cores; at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// The study's folder [default: study]
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue the study recorded in --out.
    #[arg(long)]
    resume: bool,
    /// Play only shard INDEX of COUNT (from 0) of every tournament, e.g.
    /// `--shard 3/16`; merge the shards' folders with `tabula study merge`.
    #[arg(long, value_name = "INDEX/COUNT")]
    shard: Option<Shard>,
}

/// Runs `tabula study`, `tabula study merge` or `tabula study summary`.
pub fn run(registry: &Registry, command: StudyCommand) -> Result<(), String> {
    match command.sub {
        Some(StudySubcommand::Merge { dirs, out }) => {
            let summary =
                tabula_study::merge(registry, &dirs, &out, |note| eprintln!("merge: {note}"))?;
            out!("{}", tabula_study::table(&summary));
            outln!(
                "\nmerged {} shard folders into {}",
                dirs.len(),
                out.display()
            );
            Ok(())
        }
        Some(StudySubcommand::Summary { dir }) => {
            let summary = tabula_study::rebuild(registry, &dir)?;
            out!("{}", tabula_study::table(&summary));
            outln!(
                "\nsummary.json, summary.csv, summary.txt and charts written to {}",
                dir.display()
            );
            Ok(())
        }
        None => play(registry, &command.args.config()?),
    }
}

impl StudyArgs {
    /// The study these options, and the study file if one is given, describe.
    fn config(self) -> Result<Config, String> {
        let given = Given {
            game: self.game.is_some() || self.variants.is_some(),
            agent: self.agent.is_some(),
            games: self.games.is_some(),
            ladder: self.ladder.is_some(),
            ladder_games: self.ladder_games.is_some(),
            seed: self.seed.is_some(),
            max_plies: self.max_plies.is_some(),
            opening_plies: self.opening_plies.is_some(),
            exact_positions: self.exact_positions.is_some(),
            dbs: !self.dbs.is_empty(),
            threads: self.threads.is_some(),
            out: self.out.is_some(),
            shard: self.shard.is_some(),
        };
        let defaults = Config::default();
        let ladder = match self.ladder.as_deref().map(str::trim) {
            None => defaults.ladder,
            Some(none) if none.eq_ignore_ascii_case("none") => None,
            Some(text) => Some(
                text.parse::<Ladder>()
                    .map_err(|e| format!("--ladder: {e}"))?,
            ),
        };
        if self.game.is_none() && !self.vary.is_empty() && self.config.is_none() {
            return Err("--vary sweeps a game: name the game".to_string());
        }
        let config = Config {
            game: self.game,
            vary: self.vary,
            variants: self
                .variants
                .map_or_else(Vec::new, |v| tabula::split_specs(&v)),
            agent: self.agent.unwrap_or(defaults.agent),
            games: self.games.unwrap_or(defaults.games),
            ladder,
            ladder_games: self.ladder_games.unwrap_or(defaults.ladder_games),
            seed: self.seed.unwrap_or(defaults.seed),
            max_plies: self.max_plies.unwrap_or(defaults.max_plies),
            opening_plies: self.opening_plies.unwrap_or(defaults.opening_plies),
            exact_positions: self.exact_positions.unwrap_or(defaults.exact_positions),
            dbs: self.dbs,
            threads: self.threads,
            out: self.out.unwrap_or(defaults.out),
            resume: self.resume,
            shard: self.shard,
        };
        match self.config {
            Some(file) => Ok(StudyFile::read(&file)?.apply(config, &given)),
            None => Ok(config),
        }
    }
}

/// Plays a study, or one shard of it, saying so on the terminal as it goes
/// (a progress bar where stderr is one) and printing the tables at the end.
fn play(registry: &Registry, config: &Config) -> Result<(), String> {
    let interrupt = crate::progress::interrupt_on_ctrl_c("study");
    let mut progress = ProgressBar::hidden();
    let finished = tabula_study::run_until(registry, config, interrupt, |event| match event {
        Event::Started(plan) => {
            let shard = plan.shard.map_or(String::new(), |s| {
                format!("shard {s} of every tournament; ")
            });
            eprintln!(
                "study: {shard}{} variant(s), {} tournament(s) each, at most {} games, {} already played; results in {}",
                plan.variants,
                plan.parts,
                plan.games,
                plan.already_played,
                plan.out.display()
            );
            progress = crate::progress::games_bar(
                (plan.games - plan.already_played.min(plan.games)) as u64,
            );
        }
        Event::PartStarted { label, part, .. } => progress.set_message(format!("{label}: {part}")),
        Event::GameFinished { .. } => progress.inc(1),
        Event::LadderStopped {
            label,
            step,
            skipped_games,
            ..
        } => {
            progress.suspend(|| {
                let score = step
                    .score
                    .map_or("no score".to_string(), |s| format!("{:.1}%", s.value * 100.0));
                eprintln!(
                    "study: {label}: {} scored {score} against {}, not significantly above 50%: the ladder stops there",
                    step.strong, step.weak
                )
            });
            progress.set_length(
                progress
                    .length()
                    .unwrap_or(0)
                    .saturating_sub(skipped_games as u64),
            );
        }
        Event::Exact { label, result, .. } => progress.suspend(|| match result {
            Ok(exact) => eprintln!(
                "study: {label}: the start is a {} ({})",
                exact.text(),
                exact.source
            ),
            Err(why) => eprintln!("study: {label}: no exact values: {why}"),
        }),
        Event::Note(note) => progress.suspend(|| eprintln!("study: {note}")),
    });
    progress.finish_and_clear();
    let finished = finished?;
    out!("{}", tabula_study::table(&finished.summary));
    outln!(
        "\n{} games played in {:.1} s. Files in {}",
        finished.played_now,
        finished.seconds,
        config.out.display()
    );
    if finished.interrupted {
        return Err(
            "interrupted: the summary is of the games finished; the same command with --resume plays the rest"
                .to_string(),
        );
    }
    Ok(())
}
