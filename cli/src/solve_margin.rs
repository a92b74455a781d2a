//! `tabula solve` for a game solved by score margin (Kalah): build or load
//! its margin table, report the start's margin, answer queries with every
//! move's exact margin.

use std::path::Path;
use std::time::Instant;

use serde_json::{json, Map, Value};
use tabula::solve::margin::{AnyMarginAnalysis, MarginSolver, MarginTable};
use tabula::AnyGame;

use crate::solve_report::{megabytes, peak_memory, print_answers, thousands, threads};

/// What `solve` was asked, as far as a margin table needs.
pub struct MarginArgs<'a> {
    pub db: Option<&'a Path>,
    pub query: &'a [String],
}

/// One query answer: the position, the final margin its side to move
/// secures, and each move's.
pub fn analysis_json(position: &str, analysis: &AnyMarginAnalysis) -> Value {
    let mut moves = Map::new();
    for (mv, margin) in &analysis.moves {
        moves.insert(mv.clone(), json!(margin));
    }
    json!({"position": position, "margin": analysis.margin, "moves": moves})
}

pub fn run(solver: &dyn MarginSolver, game: &dyn AnyGame, args: MarginArgs) -> Result<(), String> {
    // Every query is checked before anything is built or printed.
    let positions = args
        .query
        .iter()
        .map(|text| game.with_position(text).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let report = |line: String| match args.query.is_empty() {
        true => println!("{line}"),
        false => eprintln!("{line}"),
    };
    let table = match args.db {
        Some(path) if path.exists() => {
            let started = Instant::now();
            let table = solver.load(path, game)?;
            report(format!(
                "loaded {} ({}) in {:.1} s",
                path.display(),
                megabytes(std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)),
                started.elapsed().as_secs_f64()
            ));
            table
        }
        path => build(solver, game, path, &report)?,
    };
    report(format!(
        "{}({}): {} positions in {} layers of seeds on the board",
        table.game(),
        table.variant(),
        thousands(table.len()),
        table.layers()
    ));
    let start = solver.analyse(&table, game)?;
    report(format!(
        "start {} ({}): {} to move secures a margin of {:+} (its store minus the other's at the end)",
        game.spec(),
        game.position(),
        game.seat_name(game.to_move()),
        start.margin
    ));
    print_answers(&positions, |p| {
        Ok(analysis_json(&p.position(), &solver.analyse(&table, p)?))
    })
}

/// Solves `game`'s table, saving it to `path` when given.
fn build(
    solver: &dyn MarginSolver,
    game: &dyn AnyGame,
    path: Option<&Path>,
    report: &dyn Fn(String),
) -> Result<MarginTable, String> {
    if let Some(parent) = path.and_then(Path::parent) {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
    }
    report(format!(
        "solving {} by margin on {} threads",
        solver.describe(game)?,
        threads()
    ));
    let started = Instant::now();
    let table = solver.solve(game, None)?;
    let seconds = started.elapsed().as_secs_f64();
    let peak = peak_memory().map_or("unknown".to_string(), megabytes);
    let saved = match path {
        Some(path) => {
            let bytes = table.save(path).map_err(|e| e.to_string())?;
            format!(", database {} ({})", megabytes(bytes), path.display())
        }
        None => String::new(),
    };
    report(format!(
        "solved in {seconds:.1} s, peak memory {peak}{saved}"
    ));
    Ok(table)
}
