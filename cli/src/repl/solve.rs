//! The REPL's `solve`: exact values from a solved game's database.

use std::io::Write;
use std::path::Path;

use tabula_session::{Session, SessionError};

use super::error::CommandError;

/// `solve`: the value of the current position and of every legal move;
/// `solve load FILE`: load the database for this game and variant.
pub fn command(session: &mut Session, rest: &str, out: &mut dyn Write) -> Result<(), CommandError> {
    session.solvable()?;
    match rest.split_once(char::is_whitespace) {
        Some(("load", file)) => {
            let path = Path::new(file.trim());
            let identity = session.load_table(path)?;
            writeln!(out, "loaded {}: {identity}", path.display())?;
            return Ok(());
        }
        None if rest.is_empty() => {}
        _ => return Err("usage: solve, or solve load FILE".to_string().into()),
    }
    let analysis = session.solve().map_err(|error| match error {
        SessionError::NoDatabase { game } => format!(
            "no database loaded: `solve load FILE` loads one (`tabula solve {game} --db FILE` builds it)"
        )
        .into(),
        error => CommandError::from(error),
    })?;
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
