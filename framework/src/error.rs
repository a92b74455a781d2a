//! Errors for the things a user types: moves, positions, specs.

use thiserror::Error;

/// A move that could not be read or applied; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("`{text}` is not a move: expected {expected}")]
    Syntax {
        /// The text given, trimmed.
        text: String,
        /// What the notation expects.
        expected: String,
    },
    /// Well-formed, but not legal in this position.
    #[error("{mv} is not legal here{}", reason_suffix(.reason))]
    Illegal {
        /// The move's canonical text.
        mv: String,
        /// Why it is illegal, when the game says.
        reason: Option<String>,
    },
    /// The game has ended; no move is legal.
    #[error("the game is over")]
    GameOver,
}

fn reason_suffix(reason: &Option<String>) -> String {
    reason
        .as_ref()
        .map(|r| format!(": {r}"))
        .unwrap_or_default()
}

impl MoveError {
    /// A syntax error, naming what the notation expects.
    pub fn syntax(text: &str, expected: impl Into<String>) -> Self {
        MoveError::Syntax {
            text: text.trim().to_string(),
            expected: expected.into(),
        }
    }

    /// An illegal move with the reason it is illegal.
    pub fn illegal(mv: impl Into<String>, reason: impl Into<String>) -> Self {
        MoveError::Illegal {
            mv: mv.into(),
            reason: Some(reason.into()),
        }
    }
}

/// A position text that does not describe a legal position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad position `{text}`: {reason}")]
pub struct PositionError {
    /// The position text given, trimmed.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl PositionError {
    /// A position error for `text`, saying why it was rejected.
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        PositionError {
            text: text.trim().to_string(),
            reason: reason.into(),
        }
    }
}
