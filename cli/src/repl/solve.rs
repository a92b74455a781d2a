//! The REPL's `solve`: exact values from a solved game's database.

use std::io::Write;
use std::path::Path;

use tabula_session::{Session, SessionError};

use super::error::CommandError;
use super::format::exact_text;

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
    let exact = session.exact().map_err(no_database)?;
    write!(out, "{}", exact_text(session, &exact))?;
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
