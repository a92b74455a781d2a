//! The `tabula` command: the REPL, `list`, `agents`, `arena`, `study`, `engine`, `bench`, `perft`,
//! `solve`, `analyse`, `train` and `serve`, over any
//! [`Registry`]. A program with games of its own calls [`main_with`] with
//! its registry and gets the whole command line. Tournaments are the
//! `tabula-arena` library's; `arena` is its front end.

mod analyse;
mod arena;
pub mod engine;
mod out;
mod progress;
pub mod repl;
mod scaffold;
mod serve;
mod solve;
mod solve_margin;
mod solve_report;
mod study;
mod tools;
mod train;

/// The Rust examples of these pages compile as doctests (`cargo test --doc`),
/// so a page cannot show code the library no longer accepts.
#[cfg(doctest)]
mod doc_pages {
    #[doc = include_str!("../../docs/arena.md")]
    struct Arena;
    #[doc = include_str!("../../docs/session.md")]
    struct Session;
    #[doc = include_str!("../../docs/study.md")]
    struct Study;
}

use crate::out::outln;
use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};
use tabula::Registry;

#[derive(Parser)]
#[command(
    name = "tabula",
    // The version and the commit it was built from (build.rs).
    version = env!("TABULA_VERSION"),
    about = "Play abstract strategy games against MCTS, and measure AIs across games"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the games with their descriptions and parameters.
    List,
    /// List the agent kinds with their descriptions and parameters.
    Agents,
    /// Start the REPL (the default). Reads commands from stdin when it is not a terminal.
    Play {
        /// The game to start with, e.g. `diffusion(width=8)`.
        game: Option<String>,
        /// Read commands from stdin but print the session as a terminal
        /// shows it: prompts, commands and boards (for docs and bug reports).
        #[arg(long)]
        transcript: bool,
    },
    /// Measure random plies/s, MCTS iterations/s and bytes per tree node.
    Bench {
        /// Games to measure, e.g. `diffusion "calcala(players=3)"` (default: all).
        games: Vec<String>,
        /// Measure every registered game (the default when no game is named).
        #[arg(long)]
        all: bool,
        /// Seconds to measure each figure.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// Threads for the MCTS figure.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// How those threads share the MCTS search: `root` (a tree each)
        /// or `tree` (one shared tree with virtual loss).
        #[arg(long, default_value = "root", value_parser = str::parse::<tabula::mcts::Parallel>)]
        parallel: tabula::mcts::Parallel,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play a tournament between agents across games: scores, Elo
    /// ratings, records and charts.
    Arena(Box<arena::ArenaCommand>),
    /// Study a game's variants: balance, length, branching, drama, depth
    /// and exact values, each with its 95% interval (docs/study.md).
    Study(Box<study::StudyCommand>),
    /// Serve an agent over the engine protocol on stdin and stdout (see
    /// docs/protocol.md), for GUIs, scripts and other programs.
    Engine {
        /// The agent to serve, e.g. "mcts(iterations=20000)".
        #[arg(default_value = "mcts")]
        agent: String,
        /// The agent's seed, unless its spec names one.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Count the positions reached after exactly DEPTH plies.
    Perft {
        /// The game and variant, e.g. `diffusion` or `calcala(players=3)`.
        game: String,
        /// Plies to look ahead; every depth up to it is counted.
        depth: usize,
        /// Start from this position text instead of the game's start.
        #[arg(long)]
        position: Option<String>,
    },
    /// Solve a game exactly: build its database (or load it), and look up
    /// positions with the value of every move.
    Solve(solve::SolveArgs),
    /// Judge every agent's moves in a tournament's games against perfect
    /// play: the share that keeps the value, and the blunders, by phase.
    Analyse(analyse::AnalyseArgs),
    /// Train a network for the `az` agent by self-play: progress lines, a
    /// CSV and SVG training curve, checkpoints to resume (docs/az.md).
    Train(train::TrainArgs),
    /// Serve the web page: play by clicking, replay results folders,
    /// start and watch tournaments (docs/web.md).
    Serve(serve::ServeArgs),
    /// Write a new game crate from the template game, in the layout every
    /// game uses, and register it in the workspace (docs/adding-a-game.md).
    NewGame(scaffold::NewGameArgs),
    /// Print the shell completion script for this command, e.g.
    /// `tabula completions bash > ~/.local/share/bash-completion/completions/tabula`.
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
}

/// Runs the command line with the games of `registry`.
pub fn main_with(registry: Registry) -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = tools::check_cpu_setting() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None => return repl::run(registry, None, false),
        Some(Command::Play { game, transcript }) => {
            return repl::run(registry, game.as_deref(), transcript)
        }
        Some(Command::List) => {
            outln!("{}", tools::games_table(&registry));
            Ok(())
        }
        Some(Command::Agents) => {
            outln!("{}", tools::agents_table(&registry));
            Ok(())
        }
        Some(Command::Bench {
            games,
            all,
            seconds,
            threads,
            parallel,
            json,
        }) => tools::bench(
            &registry,
            if all { &[] } else { &games },
            seconds,
            threads,
            parallel,
            json,
        ),
        Some(Command::Perft {
            game,
            depth,
            position,
        }) => tools::perft(&registry, &game, depth, position.as_deref()),
        Some(Command::Arena(args)) => arena::run(&registry, *args),
        Some(Command::Study(args)) => study::run(&registry, *args),
        Some(Command::Engine { agent, seed }) => engine::run(&registry, &agent, seed),
        Some(Command::Solve(args)) => solve::run(&registry, args),
        Some(Command::Analyse(args)) => analyse::run(&registry, args),
        Some(Command::Train(args)) => train::run(&registry, args),
        Some(Command::Serve(args)) => serve::run(registry, args),
        Some(Command::NewGame(args)) => scaffold::run(&args),
        Some(Command::Completions { shell }) => {
            completions(shell);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes `shell`'s completion script to stdout, for the name this program
/// was started as (`tabula`, or a program built on [`main_with`]).
fn completions(shell: clap_complete::Shell) {
    let name = std::env::args_os()
        .next()
        .and_then(|arg0| {
            let path = std::path::PathBuf::from(arg0);
            Some(path.file_name()?.to_str()?.to_string())
        })
        .unwrap_or_else(|| "tabula".to_string());
    // Through `out::Stdout`: clap_complete panics on a failed write, and
    // `tabula completions bash | head` closes the pipe early.
    clap_complete::generate(shell, &mut Cli::command(), name, &mut out::Stdout);
}
