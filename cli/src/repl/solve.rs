//! The REPL's `solve`: exact values from a solved game's database.

use std::io::Write;
use std::path::Path;

use tabula_session::{Session, SessionError};

use super::error::CommandError;

/// `solve`: the value of the current position and of every legal move
/// (for Kalah, the best final margin); `solve load FILE`: load the
/// database for this game and variant.
pub fn command(session: &mut Session, rest: &str, out: &mut dyn Write) -> Result<(), CommandError> {
    session.solvable()?;
    match rest.split_once(char::is_whitespace) {
        Some(("load", file)) => {
            let path = Path::new(file.trim());
            let solves = session.load_database(path)?;
            writeln!(out, "loaded {}: {solves}", path.display())?;
            return Ok(());
        }
        None if rest.is_empty() => {}
        _ => return Err("usage: solve, or solve load FILE".to_string().into()),
    }
    if session.scored() {
        return margins(session, out);
    }
    let analysis = session.solve().map_err(no_database)?;
    let game = session.current();
    match session.result() {
        Some(over) => writeln!(out, "the game is over: {}", over.result)?,
        None => writeln!(
            out,
            "{} to move: {}",
            game.seat_name(game.to_move()),
            analysis.value
        )?,
    }
    for m in analysis.moves {
        let best = if m.best { "  (best)" } else { "" };
        writeln!(out, "  {:<6} {}{best}", m.mv, m.value)?;
    }
    Ok(())
}

/// `solve` for a game solved by score margin: the margin the side to move
/// secures, and each move's.
fn margins(session: &Session, out: &mut dyn Write) -> Result<(), CommandError> {
    let analysis = session.solve_margins().map_err(no_database)?;
    let game = session.current();
    match session.result() {
        Some(over) => writeln!(out, "the game is over: {}", over.result)?,
        None => writeln!(
            out,
            "{} to move secures a margin of {:+} (its store minus the other's at the end)",
            game.seat_name(game.to_move()),
            analysis.margin
        )?,
    }
    for (mv, margin) in analysis.moves {
        let best = if margin == analysis.margin {
            "  (best)"
        } else {
            ""
        };
        writeln!(out, "  {mv:<6} {margin:+}{best}")?;
    }
    Ok(())
}

/// Says how to load a database when none is.
fn no_database(error: SessionError) -> CommandError {
    match error {
        SessionError::NoDatabase { game } => format!(
            "no database loaded: `solve load FILE` loads one (`tabula solve {game} --db FILE` builds it)"
        )
        .into(),
        error => CommandError::from(error),
    }
}
