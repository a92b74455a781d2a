//! `tabula solve` for a game solved by score margin (Kalah): build or load
//! its margin table, report the start's margin, answer queries with every
//! move's exact margin.

use std::path::Path;

use serde_json::{json, Map, Value};
use tabula::solve::margin::{AnyMarginAnalysis, MarginSolver};
use tabula::AnyGame;

use crate::solve_report::{load_or_build, print_answers, queried, reporter, thousands, Plan};

/// What `solve` was asked, as far as a margin table needs.
pub struct MarginArgs<'a> {
    pub db: Option<&'a Path>,
    pub query: &'a [String],
    pub no_save: bool,
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
    let positions = queried(game, args.query)?;
    let report = reporter(!args.query.is_empty());
    let table = load_or_build(
        args.db,
        &report,
        |path| solver.load(path, game),
        Plan {
            what: format!("{} by margin", solver.describe(game)?),
            estimate: solver.estimate(game)?,
            no_save: args.no_save,
        },
        || solver.solve(game, None),
        |table, path| table.save(path).map_err(|e| e.to_string()),
    )?;
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
