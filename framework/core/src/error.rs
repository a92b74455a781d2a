//! Errors for the things a user types: moves, positions, specs.

use thiserror::Error;

/// The most characters of user or file text an error message quotes.
pub const EXCERPT_CHARS: usize = 80;

/// `text` as an error message quotes it: whole when short, else its first
/// 80 characters (`EXCERPT_CHARS`) and its length, so that a 10 MB input
/// gives a one-line message rather than 10 MB on stderr.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} bytes in all)", &text[..cut], text.len()),
    }
}

/// A move that could not be read or applied; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("`{}` is not a move: expected {expected}", excerpt(.text))]
    Syntax {
        /// The text given, trimmed.
        text: String,
        /// What the notation expects.
        expected: String,
    },
    /// Well-formed, but not legal in this position.
    #[error("{} is not legal here{}", excerpt(.mv), reason_suffix(.reason))]
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
#[error("bad position `{}`: {reason}", excerpt(.text))]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_quote_a_bounded_prefix_of_huge_input() {
        let huge = "x".repeat(10_000_000);
        for message in [
            MoveError::syntax(&huge, "a pit").to_string(),
            MoveError::illegal(huge.clone(), "no").to_string(),
            PositionError::new(&huge, "too long").to_string(),
        ] {
            assert!(message.len() < 300, "{} bytes", message.len());
            assert!(message.contains("(10000000 bytes in all)"), "{message}");
        }
        assert_eq!(excerpt("short"), "short");
        // Cut at a character boundary, never inside a multi-byte character.
        let accents = "é".repeat(100);
        assert_eq!(
            excerpt(&accents),
            format!("{}… (200 bytes in all)", "é".repeat(80))
        );
    }
}
