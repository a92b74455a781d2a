//! `tabula train`: the self-play training loop of the `az` agent, with
//! progress lines, a CSV and an SVG training curve, and checkpoints to
//! resume from (see docs/az.md).

use crate::out::outln;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabula::az::{AnyTrainer, IterationReport, MatchScore, PuctConfig, TrainConfig};
use tabula::files::{read_small, write_atomic};
use tabula::svg::Svg;
use tabula::Registry;

/// The `train` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// The game and variant, e.g. `diffusion` or `calcala(players=3)`.
    game: String,
    /// Stop after the iteration that passes this many minutes.
    #[arg(long)]
    minutes: Option<f64>,
    /// Stop after this many iterations in all (with --minutes, whichever
    /// comes first).
    #[arg(long)]
    iterations: Option<u64>,
    /// The run's folder: checkpoint.az, model.az (the latest network),
    /// model-ITERATION.az at each evaluation, training.csv, training.svg.
    #[arg(long)]
    out: PathBuf,
    /// Threads for self-play and evaluation games (results do not depend on it).
    #[arg(long, default_value_t = 1, value_parser = ranged(1, 256))]
    threads: usize,
    /// Go on from the folder's checkpoint, exactly where it stopped (the
    /// run keeps its own settings; only --threads, --minutes and
    /// --iterations apply).
    #[arg(long)]
    resume: bool,
    /// The seed every random choice flows from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Width of the network's hidden layers.
    #[arg(long, default_value_t = 128, value_parser = ranged(1, 4096))]
    hidden: usize,
    /// Residual blocks of the network.
    #[arg(long, default_value_t = 2, value_parser = ranged(0, 64))]
    blocks: usize,
    /// PUCT simulations per self-play move.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    simulations: u32,
    /// Self-play games per iteration.
    #[arg(long, default_value_t = 32, value_parser = ranged(1, 100_000))]
    games: usize,
    /// Evaluate every this many iterations (0: never).
    #[arg(long, default_value_t = 5)]
    eval_every: u64,
    /// Games per evaluation match.
    #[arg(long, default_value_t = 20, value_parser = ranged(1, 100_000))]
    eval_games: usize,
    /// Self-play games still running after this many plies stop, scored
    /// by the game's evaluation (adjudicated): a shorter cap keeps
    /// self-play from drifting in games where pieces can go back and forth.
    #[arg(long, default_value_t = 400, value_parser = ranged(1, 1_000_000))]
    max_plies: usize,
    /// Share of the game's own evaluation in self-play's leaf values (as
    /// the agent's `mix`): steadies self-play while the value head is
    /// still learning. 0: the network alone.
    #[arg(long, default_value_t = 0.0)]
    mix: f32,
    /// Self-play scores a position that repeats an earlier one of its game
    /// as even (as the agent's `repeats=on`), so a side ahead looks for
    /// progress rather than a repetition. Off by default: in Differo it
    /// neither ended more games nor made a stronger network (docs/az.md).
    #[arg(long)]
    repeats: bool,
}

/// The CSV's columns.
const CSV_HEADER: &str = "iteration,games,positions,seconds,policy_loss,value_loss,loss,\
score_vs_previous,elo_vs_previous,score_vs_mcts,elo_vs_mcts,adjudicated";

/// Runs `tabula train`.
pub fn run(registry: &Registry, args: TrainArgs) -> Result<(), String> {
    if args.minutes.is_none() && args.iterations.is_none() {
        return Err("say how long to train: --minutes N or --iterations N".into());
    }
    if args.minutes.is_some_and(|m| !(m > 0.0 && m <= MAX_MINUTES)) {
        return Err(format!(
            "--minutes must be a positive number of at most {MAX_MINUTES} (about two years)"
        ));
    }
    let game = registry.create(&args.game).map_err(|e| e.to_string())?;
    let entry = registry.get(game.name()).expect("a registered game");
    let checkpoint = args.out.join("checkpoint.az");
    let csv = args.out.join("training.csv");
    let mut trainer: Box<dyn AnyTrainer> = if args.resume {
        entry
            .resume_trainer(game.as_ref(), &checkpoint)
            .map_err(|e| e.to_string())?
    } else {
        if checkpoint.exists() {
            return Err(format!(
                "{} already holds a training run: pass --resume to go on with it, or choose another --out",
                args.out.display()
            ));
        }
        fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
        let defaults = TrainConfig::new(&game.spec());
        let config = TrainConfig {
            seed: args.seed,
            threads: args.threads,
            hidden: args.hidden,
            blocks: args.blocks,
            simulations: args.simulations,
            games_per_iteration: args.games,
            eval_every: args.eval_every,
            eval_games: args.eval_games,
            max_plies: args.max_plies,
            puct: PuctConfig {
                mix: args.mix,
                repeats_even: args.repeats,
                ..defaults.puct
            },
            ..defaults
        };
        check(&config)?;
        write_atomic(&csv, format!("{CSV_HEADER}\n").as_bytes())?;
        entry
            .trainer(game.as_ref(), config)
            .map_err(|e| e.to_string())?
    };
    trainer.set_threads(args.threads);
    let config = trainer.config().clone();
    outln!(
        "training {} in {}: {} hidden x {} blocks, {} simulations/move, {} games/iteration, \
         adjudicated after {} plies{}{}, {} thread(s), seed {}{}",
        config.game,
        args.out.display(),
        config.hidden,
        config.blocks,
        config.simulations,
        config.games_per_iteration,
        config.max_plies,
        match config.puct.mix {
            0.0 => String::new(),
            mix => format!(", evaluation mix {mix}"),
        },
        match config.puct.repeats_even {
            true => ", repetitions even",
            false => "",
        },
        config.threads,
        config.seed,
        if args.resume {
            format!(", resumed at iteration {}", trainer.iteration())
        } else {
            String::new()
        }
    );
    let started = Instant::now();
    let budget = args.minutes.map(|m| Duration::from_secs_f64(m * 60.0));
    loop {
        if args.iterations.is_some_and(|n| trainer.iteration() >= n)
            || budget.is_some_and(|b| started.elapsed() >= b)
        {
            break;
        }
        let report = trainer.iterate();
        save(trainer.as_ref(), &args.out, &report)?;
        append(&csv, &report)?;
        let svg = args.out.join("training.svg");
        let rows = read_small(&csv, MAX_CSV_BYTES)?.unwrap_or_default();
        write_atomic(&svg, chart(&config.game, &rows).as_bytes())?;
        outln!("{}", line(&report));
    }
    outln!(
        "model: {} (play it with az(model={}))",
        args.out.join("model.az").display(),
        args.out.join("model.az").display()
    );
    Ok(())
}

/// The largest `training.csv` read back for the chart (a line an iteration).
const MAX_CSV_BYTES: u64 = 64 << 20;

/// Refuses settings that cannot train.
/// The longest run `--minutes` may ask for.
const MAX_MINUTES: f64 = 1_000_000.0;

/// The most weights a network may have: 64 M floats, 256 MB (with Adam's
/// two moments, three times that in training).
const MAX_WEIGHTS: usize = 64 << 20;

/// A whole-number option of `usize` in `min..=max`, refused with clap's
/// message (naming the option and the range) otherwise.
fn ranged(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(min..=max)
}

fn check(config: &TrainConfig) -> Result<(), String> {
    // A residual block holds two hidden × hidden layers.
    let weights = config.hidden * config.hidden * (2 * config.blocks + 1);
    if weights > MAX_WEIGHTS {
        return Err(format!(
            "--hidden {} with --blocks {} is a network of {weights} weights; \
             at most {MAX_WEIGHTS} fit (make either smaller)",
            config.hidden, config.blocks
        ));
    }
    let positive = [
        ("--hidden", config.hidden),
        ("--simulations", config.simulations as usize),
        ("--games", config.games_per_iteration),
        ("--threads", config.threads),
        ("--max-plies", config.max_plies),
    ];
    if let Some((name, _)) = positive.iter().find(|(_, v)| *v == 0) {
        return Err(format!("{name} must be at least 1"));
    }
    if config.hidden > tabula::az::MAX_HIDDEN || config.blocks > tabula::az::MAX_BLOCKS {
        return Err(format!(
            "--hidden is at most {} and --blocks at most {}: a model file holds no larger network",
            tabula::az::MAX_HIDDEN,
            tabula::az::MAX_BLOCKS
        ));
    }
    if !(0.0..=1.0).contains(&config.puct.mix) {
        return Err("--mix must be between 0 and 1".into());
    }
    Ok(())
}

/// Writes the checkpoint and the latest model (and a numbered copy at an
/// evaluation).
fn save(trainer: &dyn AnyTrainer, out: &Path, report: &IterationReport) -> Result<(), String> {
    trainer
        .save_checkpoint(&out.join("checkpoint.az"))
        .map_err(|e| e.to_string())?;
    trainer
        .save_model(&out.join("model.az"))
        .map_err(|e| e.to_string())?;
    if report.vs_mcts.is_some() {
        let numbered = out.join(format!("model-{:04}.az", report.iteration));
        trainer.save_model(&numbered).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn append(csv: &Path, r: &IterationReport) -> Result<(), String> {
    let score = |m: Option<MatchScore>| match m {
        Some(m) => (format!("{:.3}", m.score), format!("{:.0}", m.elo())),
        None => (String::new(), String::new()),
    };
    let (previous, previous_elo) = score(r.vs_previous);
    let (mcts, mcts_elo) = score(r.vs_mcts);
    let row = format!(
        "{},{},{},{:.2},{:.4},{:.4},{:.4},{previous},{previous_elo},{mcts},{mcts_elo},{}\n",
        r.iteration,
        r.games,
        r.positions,
        r.seconds,
        r.loss.policy,
        r.loss.value,
        r.loss.total(),
        r.adjudicated
    );
    fs::OpenOptions::new()
        .append(true)
        .open(csv)
        .and_then(|mut f| f.write_all(row.as_bytes()))
        .map_err(|e| format!("{}: {e}", csv.display()))
}

/// The progress line of one iteration.
fn line(r: &IterationReport) -> String {
    let mut text = format!(
        "iteration {:>4}  games {:>6} ({:>2} adjudicated)  positions {:>6}  loss {:.3} (policy {:.3}, value {:.3})  {:.1} s",
        r.iteration,
        r.games,
        r.adjudicated,
        r.positions,
        r.loss.total(),
        r.loss.policy,
        r.loss.value,
        r.seconds
    );
    if let (Some(p), Some(m)) = (r.vs_previous, r.vs_mcts) {
        text += &format!(
            "  vs previous {:.2} ({:+.0} Elo)  vs mcts {:.2} ({:+.0} Elo)",
            p.score,
            p.elo(),
            m.score,
            m.elo()
        );
    }
    text
}

/// The training curve: loss (left axis) and the score against MCTS
/// (right axis, 0..1) by self-play games, from the CSV's rows.
fn chart(game: &str, csv: &str) -> String {
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let number = |row: &Vec<&str>, i: usize| row.get(i).and_then(|v| v.parse::<f64>().ok());
    let loss: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| Some((number(r, 1)?, number(r, 6)?)))
        .collect();
    let score: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| Some((number(r, 1)?, number(r, 9)?)))
        .collect();
    let (width, height, left, right, top, bottom) = (720.0, 380.0, 60.0, 60.0, 60.0, 40.0);
    let max_games = loss.iter().map(|p| p.0).fold(1.0, f64::max);
    let max_loss = loss.iter().map(|p| p.1).fold(1e-9, f64::max);
    let x = |g: f64| left + g / max_games * (width - left - right);
    let y = |v: f64, max: f64| height - bottom - v / max * (height - top - bottom);
    let curve = |points: &[(f64, f64)], max: f64| -> Vec<(f64, f64)> {
        points.iter().map(|&(g, v)| (x(g), y(v, max))).collect()
    };
    let (b, r) = (height - bottom, width - right);
    // The picture grows to hold a long game spec; the legend has a line
    // of its own, so the title stays short.
    let mut svg = Svg::chart(width, height);
    let title = format!("{game}: training by self-play");
    svg.text(10.0, 22.0, &title, r#"font-size="15" font-weight="bold""#);
    svg.text(
        10.0,
        42.0,
        "loss (blue, left axis) and score against mcts(iterations=1000) (orange, right axis)",
        "",
    );
    let ink = r#"stroke="black""#;
    svg.line((left, b), (r, b), ink);
    svg.line((left, top), (left, b), ink);
    svg.line((r, top), (r, b), ink);
    let end = r#"text-anchor="end""#;
    svg.text(left - 6.0, top + 4.0, &format!("{max_loss:.2}"), end);
    svg.text(left - 6.0, b, "0", end);
    svg.text(r + 6.0, top + 4.0, "1", "");
    svg.text(r + 6.0, b, "0", "");
    svg.text(r, b + 20.0, &format!("{max_games:.0} games"), end);
    let line = |colour: &str| format!(r#"fill="none" stroke="{colour}" stroke-width="2""#);
    svg.polyline(&curve(&loss, max_loss), &line("steelblue"));
    svg.polyline(&curve(&score, 1.0), &line("darkorange"));
    for (cx, cy) in curve(&score, 1.0) {
        svg.circle(cx, cy, 3.0, r#"fill="darkorange""#);
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::chart;

    /// The game's spec is text in the picture, never markup: a spec with
    /// `<`, `&` or `"` (a quoted parameter value) still gives well-formed SVG.
    #[test]
    fn the_chart_escapes_the_game_spec() {
        let svg = chart("weird(name=\"<a&b>\")", "");
        assert!(
            svg.contains("weird(name=&quot;&lt;a&amp;b&gt;&quot;)"),
            "{svg}"
        );
        assert!(!svg.contains("<a&b>"), "{svg}");
    }

    /// A long game spec: the title and every label lie inside the picture.
    #[test]
    fn the_chart_holds_a_long_title() {
        let game = format!("calcala(players=4,setup=short,{})", "x".repeat(80));
        let csv = "iteration,games,a,b,c,d,loss,e,f,vs_mcts\n1,100,0,0,0,0,2.5,0,0,0.4\n2,200,0,0,0,0,1.5,0,0,0.6\n";
        let svg = chart(&game, csv);
        let outside = tabula_testkit::svg_text::outside(&svg).unwrap();
        assert!(outside.is_empty(), "{outside:?}\n{svg}");
        let (_, texts) = tabula_testkit::svg_text::texts(&svg).unwrap();
        assert!(texts.iter().any(|t| t.content.starts_with(&game)), "{svg}");
        assert!(svg.contains("<polyline"), "{svg}");
    }
}
