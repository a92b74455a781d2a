//! Why a REPL command failed: the text printed after `error: `, from
//! whichever layer refused (the session, a file, the command's own words).

use std::fmt;

use tabula_session::SessionError;

/// Why a command failed: the text printed after `error: `.
#[derive(Debug)]
pub struct CommandError(String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> Self {
        CommandError(message)
    }
}

impl From<SessionError> for CommandError {
    fn from(error: SessionError) -> Self {
        CommandError(error.to_string())
    }
}

impl From<std::io::Error> for CommandError {
    fn from(error: std::io::Error) -> Self {
        CommandError(error.to_string())
    }
}
