//! `tabula solve`: build or load a solved game's database, and look up
//! positions in it.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Map, Value};
use tabula::solve::{AnyAnalysis, Entry, SolveProgress, Solver, Table};
use tabula::{AnyGame, Registry};

use crate::solve_margin;
use crate::solve_report::{load_or_build, print_answers, queried, reporter, thousands, Plan};

/// The `solve` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game and variant, e.g. `diffusion(width=4)`.
    game: String,
    /// The database file: loaded when it exists (it must be this game's and
    /// variant's), else built and written there.
    #[arg(long)]
    db: Option<PathBuf>,
    /// Positions to look up, each one argument (`"444444/444444 A"`): one
    /// line of JSON each on stdout, with the value of every move.
    #[arg(long, num_args = 1..)]
    query: Vec<String>,
    /// Build the table without saving it, however large. Without --db, a
    /// table whose database would pass 16 MB is refused unless this is
    /// given: the build takes minutes to hours, and its result is lost.
    #[arg(long, conflicts_with = "db")]
    no_save: bool,
    /// Solve only the first LAYERS layers (Diffusion: the positions with
    /// fewer than LAYERS stones on the board); queries beyond are refused.
    #[arg(long)]
    layers: Option<usize>,
}

/// The solver of `game`'s game, or an error naming the games that have one.
fn solver_for<'a>(registry: &'a Registry, game: &dyn AnyGame) -> Result<&'a dyn Solver, String> {
    tabula_session::solver_for(registry, game).map_err(|e| {
        // `tabula solve` solves the games scored by margin too: name them.
        match registry.margin_solvable_names().join(", ") {
            scored if scored.is_empty() => e.to_string(),
            scored => format!("{e}; by score margin: {scored}"),
        }
    })
}

/// Loads the database at `path` and checks that it is `game`'s variant's.
fn load_for(solver: &dyn Solver, game: &dyn AnyGame, path: &Path) -> Result<Arc<Table>, String> {
    tabula_session::load_table(solver, game, path).map_err(|e| e.to_string())
}

/// `{"value": "win", "plies": 3}`.
pub fn entry_json(entry: Entry) -> Value {
    json!({"value": entry.value.as_str(), "plies": entry.plies})
}

/// One query answer: the position, its value, and each move's value for
/// the side to move.
pub fn analysis_json(position: &str, analysis: &AnyAnalysis) -> Value {
    let mut moves = Map::new();
    for (mv, entry) in &analysis.moves {
        moves.insert(mv.clone(), entry_json(*entry));
    }
    json!({
        "position": position,
        "value": analysis.entry.value.as_str(),
        "plies": analysis.entry.plies,
        "moves": moves,
    })
}

/// A share as a percentage of `total`.
fn percent(part: u64, total: u64) -> String {
    format!("{:.2}%", 100.0 * part as f64 / total.max(1) as f64)
}

/// Builds the table of `game`'s variant with a progress bar on a terminal.
fn build(solver: &dyn Solver, game: &dyn AnyGame, layers: Option<usize>) -> Result<Table, String> {
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(1);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {percent:>3}%  layer {msg}  {elapsed_precise}  ETA {eta}",
            )
            .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let progress = |p: &SolveProgress| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_message(format!("{}/{}", p.layer + 1, p.layers));
    };
    let table = solver
        .solve(game, layers, Some(&progress))
        .map_err(|e| e.to_string());
    bar.finish_and_clear();
    table
}

pub fn run(registry: &Registry, args: SolveArgs) -> Result<(), String> {
    let game = registry.create(&args.game).map_err(|e| e.to_string())?;
    if let Some(margins) = registry.margin_solver(game.name()) {
        if args.layers.is_some() {
            return Err(format!(
                "--layers is for win/loss tables; {} is solved by margin, every layer at once",
                game.name()
            ));
        }
        let args = solve_margin::MarginArgs {
            db: args.db.as_deref(),
            query: &args.query,
            no_save: args.no_save,
        };
        return solve_margin::run(margins, game.as_ref(), args);
    }
    let solver = solver_for(registry, game.as_ref())?;
    let identity = solver.identity(game.as_ref())?;
    let positions = queried(game.as_ref(), &args.query)?;
    let report = reporter(!args.query.is_empty());
    let plan = Plan {
        what: format!("{}({})", identity.game, identity.variant),
        estimate: solver.estimate(game.as_ref(), args.layers)?,
        no_save: args.no_save,
    };
    let table = load_or_build(
        args.db.as_deref(),
        &report,
        |path| load_for(solver, game.as_ref(), path),
        plan,
        || build(solver, game.as_ref(), args.layers).map(Arc::new),
        |table, path| table.save(path).map_err(|e| e.to_string()),
    )?;
    let stats = table.stats();
    let total = table.covered() - stats.unreachable;
    let name = match table.is_complete() {
        true => table.identity().to_string(),
        false => format!(
            "{}({}), first {} layers: {} positions",
            table.identity().game,
            table.identity().variant,
            table.layers(),
            thousands(table.covered())
        ),
    };
    report(format!(
        "{name}: wins {} ({}), losses {} ({}), draws {} ({}) for the side to move; \
         {} unreachable; the longest win or loss takes {} plies",
        thousands(stats.wins),
        percent(stats.wins, total),
        thousands(stats.losses),
        percent(stats.losses, total),
        thousands(stats.draws),
        percent(stats.draws, total),
        thousands(stats.unreachable),
        stats.max_plies
    ));
    let start = match solver.analyse(&table, game.as_ref()) {
        Ok(start) => start.entry.to_string(),
        Err(_) if !table.is_complete() => "beyond the layers solved".to_string(),
        Err(e) => return Err(e),
    };
    report(format!(
        "start {} ({}): {} to move, {start}",
        game.spec(),
        game.position(),
        game.seat_name(game.to_move()),
    ));
    print_answers(&positions, |p| {
        Ok(analysis_json(&p.position(), &solver.analyse(&table, p)?))
    })
}
