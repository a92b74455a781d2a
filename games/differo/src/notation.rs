//! Moves as text, `G4-G5` (the piece's cell, a hyphen, the landing cell),
//! and as action numbers.

use tabula_core::MoveError;

use crate::geometry::{Cell, CELLS};
use crate::state::Move;

const EXPECTED: &str = "two cells joined by `-`, like `G4-G5` (rows A-I, numbers 1-9)";

/// Reads a move (case-insensitive, surrounding spaces allowed). Checks
/// syntax only: both cells exist and differ; legality is checked elsewhere.
pub fn parse_move(text: &str) -> Result<Move, MoveError> {
    let (from, to) = text
        .trim()
        .split_once('-')
        .ok_or_else(|| MoveError::syntax(text, EXPECTED))?;
    let cell = |part: &str| {
        Cell::parse(part).ok_or_else(|| {
            MoveError::syntax(
                text,
                format!("{EXPECTED}; `{part}` is not a cell of the board"),
            )
        })
    };
    let (from, to) = (cell(from)?, cell(to)?);
    if from == to {
        return Err(MoveError::syntax(
            text,
            format!("{EXPECTED}; a move must leave its cell"),
        ));
    }
    Ok(Move { from, to })
}

/// The canonical text of a move.
pub fn format_move(mv: Move) -> String {
    format!("{}-{}", mv.from, mv.to)
}

/// Actions: `from × 61 + to`, cells numbered A1 = 0 … I9 = 60 row by row:
/// 3,721 actions, of which the pairs not on one line are no move.
pub(crate) const ACTIONS: usize = CELLS * CELLS;

pub(crate) fn action(mv: Move) -> usize {
    mv.from.index() * CELLS + mv.to.index()
}

pub(crate) fn action_move(action: usize) -> Option<Move> {
    if action >= ACTIONS {
        return None;
    }
    let (from, to) = (
        Cell::from_index(action / CELLS),
        Cell::from_index(action % CELLS),
    );
    (from != to && (0..3).any(|family| from.line(family) == to.line(family)))
        .then_some(Move { from, to })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_canonical_form_in_any_case() {
        for text in ["G4-G5", "g4-g5", "  G4-g5 "] {
            assert_eq!(
                parse_move(text).map(format_move),
                Ok("G4-G5".to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_malformed_moves_with_reasons() {
        for (text, hint) in [
            ("G4G5", "`-`"),
            ("G4-", "`` is not a cell"),
            ("A6-A5", "`A6` is not a cell"),
            ("J1-A1", "`J1` is not a cell"),
            ("G4 - G5", "`G4 ` is not a cell"),
            ("G4-G5-G6", "`G5-G6` is not a cell"),
            ("E5-E5", "must leave"),
            ("é-A1", "`é` is not a cell"),
        ] {
            let err = parse_move(text).unwrap_err().to_string();
            assert!(err.contains(hint), "{text}: {err}");
        }
    }
}
