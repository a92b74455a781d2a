//! Moves as text, `G4-G5` (the piece's cell, a hyphen, the landing cell),
//! and as action numbers; the position text: rows I down to A, one
//! character per cell from the lowest number up (`.` empty, `w` White, `b`
//! Black), rows joined by `/`, a space, then the side to move `w` or `b`.

use tabula_core::notation::{letter, row_cells, split_fields, split_rows};
use tabula_core::{Actions, MoveError, Notation, PositionError};

use crate::geometry::{row_high, row_low, Cell, CELLS, ROWS};
use crate::state::{seat_name, Differo, Move, BLACK, GOAL, WHITE};
use crate::variant::DifferoVariant;

/// The start position text (RULES.txt).
pub const START: &str = "...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./..... w";

/// The most pieces a side owns; pieces are never removed from the board.
pub const PIECES: u32 = 13;

impl Notation for Differo {
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(mv)
    }

    fn position(&self) -> String {
        let rows: Vec<String> = (0..ROWS)
            .rev()
            .map(|r| {
                (row_low(r)..=row_high(r))
                    .filter_map(|d| Cell::at(r, d))
                    .map(|cell| match self.piece_at(cell) {
                        Some(WHITE) => 'w',
                        Some(_) => 'b',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let side = if self.to_move as usize == WHITE {
            'w'
        } else {
            'b'
        };
        format!("{} {side}", rows.join("/"))
    }

    /// Any number of pieces up to 13 a side is accepted (puzzles), but no
    /// piece may stand on the opponent's goal, and a side standing on its
    /// own goal has just won, so the other side must be to move.
    fn read_position(_: &DifferoVariant, text: &str) -> Result<Differo, PositionError> {
        let bad = |reason: String| PositionError::new(text, reason);
        let [board, side] = split_fields(
            text,
            "the 9 rows joined by `/`, a space, and the side to move `w` or `b`",
        )?;
        let to_move = match side {
            "w" => WHITE,
            "b" => BLACK,
            _ => {
                return Err(bad(format!(
                    "the side to move must be `w` or `b`, not `{side}`"
                )))
            }
        };
        let rows = split_rows(text, board, ROWS, "rows (I down to A)")?;
        let mut pieces = [0u64; 2];
        for (row_text, r) in rows.iter().zip((0..ROWS).rev()) {
            let name = format!("row {}", letter(r, true));
            let cells = row_cells(text, row_text, row_high(r) - row_low(r) + 1, &name)?;
            for (ch, d) in cells.zip(row_low(r)..) {
                let Some(cell) = Cell::at(r, d) else { continue };
                match ch {
                    '.' => {}
                    'w' => pieces[WHITE] |= cell.bit(),
                    'b' => pieces[BLACK] |= cell.bit(),
                    _ => return Err(bad(format!("`{ch}` on {cell}: cells are `.`, `w` or `b`"))),
                }
            }
        }
        for seat in [WHITE, BLACK] {
            let count = pieces[seat].count_ones();
            if count > PIECES {
                return Err(bad(format!(
                    "{} has {count} pieces; a side has at most {PIECES}",
                    seat_name(seat)
                )));
            }
            let other_goal = GOAL[seat ^ 1];
            if pieces[seat] & other_goal.bit() != 0 {
                return Err(bad(format!(
                    "a {} piece stands on {other_goal}, {}'s goal, where it can never move",
                    seat_name(seat),
                    seat_name(seat ^ 1)
                )));
            }
        }
        let state = Differo::from_pieces(pieces[WHITE], pieces[BLACK], to_move);
        let on_goal: Vec<usize> = [WHITE, BLACK]
            .into_iter()
            .filter(|&seat| pieces[seat] & GOAL[seat].bit() != 0)
            .collect();
        match on_goal[..] {
            [_, _] => Err(bad("both sides stand on their goals; the game ends at the first".into())),
            [winner] if winner == to_move => Err(bad(format!(
                "{} stands on its goal {} and has won with its last move, so {} must be the side to move",
                seat_name(winner),
                GOAL[winner],
                seat_name(winner ^ 1)
            ))),
            _ => Ok(state),
        }
    }
}

const EXPECTED: &str = "two cells joined by `-`, like `G4-G5` (rows A-I, numbers 1-9)";

/// Reads a move (case-insensitive, surrounding spaces allowed). Checks
/// syntax only: both cells exist and differ; legality is checked elsewhere.
fn parse_move(text: &str) -> Result<Move, MoveError> {
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
fn format_move(mv: Move) -> String {
    format!("{}-{}", mv.from, mv.to)
}

/// Actions: `from × 61 + to`, cells numbered A1 = 0 … I9 = 60 row by row:
/// 3,721 actions, of which the pairs not on one line are no move.
pub(crate) const ACTIONS: usize = CELLS * CELLS;

/// `from × 61 + to` (see [`ACTIONS`]).
impl Actions for Differo {
    fn action(&self, mv: Move) -> usize {
        mv.from.index() * CELLS + mv.to.index()
    }

    fn action_move(&self, action: usize) -> Option<Move> {
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
