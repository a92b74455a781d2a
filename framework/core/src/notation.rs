//! The [`Notation`] facet, how a game writes and reads its moves and
//! positions; and the mechanics the games' notations share: cell names made
//! of a letter and a number (`d4`, `C3`), and position texts shaped
//! `ROW/ROW/… FIELD …` (the board's rows joined by `/`, then
//! space-separated fields).
//!
//! Each game keeps its own notation — which letters, which fields, what
//! they mean, its own words in errors; these helpers only split, count and
//! word the errors every such notation needs.
//!
//! ```
//! use tabula_core::notation::{cell_name, parse_cell, row_cells, split_fields, split_rows};
//!
//! assert_eq!(parse_cell("C3"), Some((2, 3)));
//! assert_eq!(parse_cell(" c3"), None, "the caller trims");
//! assert_eq!(cell_name(2, 3, false), "c3");
//!
//! let text = "x.o/.x./..o x";
//! let [board, side] = split_fields(text, "`ROWS SIDE`").unwrap();
//! assert_eq!(side, "x");
//! let rows = split_rows(text, board, 3, "rows").unwrap();
//! assert_eq!(row_cells(text, rows[0], 3, "row 1").unwrap().collect::<String>(), "x.o");
//! let error = split_rows(text, board, 4, "rows").unwrap_err();
//! assert_eq!(error.reason, "expected 4 rows separated by `/`, found 3");
//! ```

use std::str::{Chars, FromStr};

use crate::error::{MoveError, PositionError};
use crate::game::Game;

/// How a game writes and reads its moves and positions: what people type,
/// records keep and engines exchange.
///
/// Every move has one canonical text ([`format_move`](Notation::format_move));
/// [`parse_move`](Notation::parse_move) reads it back. A position text
/// ([`position`](Notation::position)) describes a position fully for play;
/// [`read_position`](Notation::read_position) makes a position of a variant
/// from one — the constructor behind
/// [`Variant::parse_position`](crate::Variant::parse_position). Reading is
/// two steps in the shipped games: the notation checks the *syntax* and
/// gives the parts (the board, the side to move), then the rules check that
/// a game can reach them (the state's own constructor says why not), as
/// shakmaty's FEN → setup → position does.
pub trait Notation: Game {
    /// Reads a move in this game's notation: the canonical text,
    /// case-insensitive unless case carries meaning, surrounding spaces
    /// allowed. Checks syntax only; never panics on user text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The canonical text of a move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The position text, as the rules text ([`RULES`](crate::Variant::RULES))
    /// describes it.
    fn position(&self) -> String;
    /// The position of `variant` a position text describes, or why there is
    /// none: malformed, or no game reaches it. Surrounding spaces are
    /// allowed; the outcome must follow from the text.
    fn read_position(variant: &Self::Variant, text: &str) -> Result<Self, PositionError>;
}

/// The letter with index `index` (0 is `a`), in upper or lower case.
pub fn letter(index: usize, upper: bool) -> char {
    let base = if upper { b'A' } else { b'a' };
    char::from(base + index as u8)
}

/// A cell name: the letter with index `letter` (0 is `a`) and `number`,
/// e.g. `d4` or, in upper case, `D4`.
pub fn cell_name(letter_index: usize, number: usize, upper: bool) -> String {
    format!("{}{number}", letter(letter_index, upper))
}

/// Reads a cell name of one ASCII letter (either case) and a number of one
/// or two digits without a leading zero: `(letter index, number)`, with
/// `a` = 0 and numbers from 1. Whether the cell exists is the game's check.
pub fn parse_cell(text: &str) -> Option<(usize, usize)> {
    let (&first, digits) = text.as_bytes().split_first()?;
    let ok = first.is_ascii_alphabetic()
        && (1..=2).contains(&digits.len())
        && digits[0] != b'0'
        && digits.iter().all(u8::is_ascii_digit);
    ok.then(|| {
        let number = digits
            .iter()
            .fold(0, |n, &d| 10 * n + usize::from(d - b'0'));
        (usize::from(first.to_ascii_lowercase() - b'a'), number)
    })
}

/// A count written in plain decimal digits (no sign, no spaces) that fits `T`.
pub fn parse_count<T: FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The `N` whitespace-separated fields of a position text (spaces around
/// it ignored); any other count is an error saying `expected {format}`.
pub fn split_fields<'a, const N: usize>(
    text: &'a str,
    format: &str,
) -> Result<[&'a str; N], PositionError> {
    let mut fields = text.split_whitespace();
    let mut out = [""; N];
    for slot in &mut out {
        *slot = fields
            .next()
            .ok_or_else(|| PositionError::new(text, format!("expected {format}")))?;
    }
    match fields.next() {
        Some(_) => Err(PositionError::new(text, format!("expected {format}"))),
        None => Ok(out),
    }
}

/// The rows of `board`, a field of the position `text`, joined by `/`:
/// exactly `count` of them, else an error naming them as `noun` (`"ranks"`).
pub fn split_rows<'a>(
    text: &str,
    board: &'a str,
    count: usize,
    noun: &str,
) -> Result<Vec<&'a str>, PositionError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != count {
        return Err(PositionError::new(
            text,
            format!(
                "expected {count} {noun} separated by `/`, found {}",
                rows.len()
            ),
        ));
    }
    Ok(rows)
}

/// The characters of one row of the position `text`, one per cell: exactly
/// `len` of them, else an error about the row called `name` (`"rank 3"`).
pub fn row_cells<'a>(
    text: &str,
    row: &'a str,
    len: usize,
    name: &str,
) -> Result<Chars<'a>, PositionError> {
    let found = row.chars().count();
    if found != len {
        return Err(PositionError::new(
            text,
            format!("{name} needs {len} cells, found {found} in `{row}`"),
        ));
    }
    Ok(row.chars())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_are_a_letter_and_a_number_without_leading_zero() {
        assert_eq!(parse_cell("a1"), Some((0, 1)));
        assert_eq!(parse_cell("S19"), Some((18, 19)));
        for bad in [
            "", "a", "1a", "a0", "a01", "a100", "é1", "a-1", "a1 ", "ab1",
        ] {
            assert_eq!(parse_cell(bad), None, "{bad:?}");
        }
        assert_eq!(cell_name(18, 19, true), "S19");
    }

    #[test]
    fn fields_and_rows_are_counted() {
        let err = split_fields::<2>("a b c", "`A B`").unwrap_err();
        assert_eq!(err.reason, "expected `A B`");
        assert!(split_fields::<2>("a", "`A B`").is_err());
        assert_eq!(
            split_fields::<2>("  a   b ", "`A B`").ok(),
            Some(["a", "b"])
        );
        let err = row_cells("t", "abc", 2, "row A").unwrap_err();
        assert_eq!(err.reason, "row A needs 2 cells, found 3 in `abc`");
        assert_eq!(parse_count::<u8>("255"), Some(255));
        for bad in ["256", "+1", "-1", "", " 1"] {
            assert_eq!(parse_count::<u8>(bad), None, "{bad:?}");
        }
    }
}
