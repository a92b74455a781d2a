//! The REPL's `solve`: exact values from a solved game's database.

use std::io::Write;
use std::path::Path;

use super::session::{Session, Solution};

/// `solve`: the value of the current position and of every legal move;
/// `solve load FILE`: load the database for this game and variant.
pub fn command(session: &mut Session, rest: &str, out: &mut dyn Write) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let game = session.current();
    let solver = crate::solve::solver_for(&session.registry, game)?;
    match rest.split_once(char::is_whitespace) {
        Some(("load", file)) => {
            let path = Path::new(file.trim());
            let table = crate::solve::load_for(solver, game, path)?;
            writeln!(out, "loaded {}: {}", path.display(), table.identity()).map_err(io)?;
            session.solution = Some(Solution {
                path: path.to_path_buf(),
                table,
            });
            return Ok(());
        }
        None if rest.is_empty() => {}
        _ => return Err("usage: solve, or solve load FILE".to_string()),
    }
    let Some(solution) = &session.solution else {
        return Err(format!(
            "no database loaded: `solve load FILE` loads one (`tabula solve {} --db FILE` builds it)",
            game.spec()
        ));
    };
    let analysis = solver
        .analyse(&solution.table, game)
        .map_err(|e| format!("{e} (loaded from {})", solution.path.display()))?;
    let seat = game.seat_name(game.to_move());
    match game.outcome() {
        Some(outcome) => writeln!(
            out,
            "the game is over: {}",
            outcome.describe(game.players(), |s| game.seat_name(s))
        )
        .map_err(io)?,
        None => writeln!(out, "{seat} to move: {}", analysis.entry).map_err(io)?,
    }
    let mut moves = analysis.moves;
    moves.sort_by(|a, b| a.1.better(b.1));
    for (mv, entry) in moves {
        let best = if entry == analysis.entry {
            "  (best)"
        } else {
            ""
        };
        writeln!(out, "  {mv:<6} {entry}{best}").map_err(io)?;
    }
    Ok(())
}
