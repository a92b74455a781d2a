//! Position text: rows I down to A, one character per cell from the lowest
//! number up (`.` empty, `w` White, `b` Black), rows joined by `/`, a space,
//! then the side to move `w` or `b`.

use tabula::PositionError;

use crate::board::{row_high, row_low, Cell, ROWS};
use crate::state::{Differo, BLACK, GOAL, WHITE};

/// The most pieces a side owns; pieces are never removed from the board.
pub const PIECES: u32 = 13;

const SIDE_NAMES: [&str; 2] = ["White", "Black"];

/// The position text of `state`.
pub fn write(state: &Differo) -> String {
    let rows: Vec<String> = (0..ROWS)
        .rev()
        .map(|r| {
            (row_low(r)..=row_high(r))
                .filter_map(|d| Cell::at(r, d))
                .map(|cell| match state.piece_at(cell) {
                    Some(WHITE) => 'w',
                    Some(_) => 'b',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let side = if state.to_move as usize == WHITE {
        'w'
    } else {
        'b'
    };
    format!("{} {side}", rows.join("/"))
}

/// Reads a position text. Any number of pieces up to 13 a side is accepted
/// (puzzles), but no piece may stand on the opponent's goal, and a side
/// standing on its own goal has just won, so the other side must be to move.
pub fn read(text: &str) -> Result<Differo, PositionError> {
    let bad = |reason: String| PositionError::new(text, reason);
    let mut parts = text.split_whitespace();
    let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad(
            "expected the 9 rows joined by `/`, a space, and the side to move `w` or `b`".into(),
        ));
    };
    let to_move = match side {
        "w" => WHITE,
        "b" => BLACK,
        _ => {
            return Err(bad(format!(
                "the side to move must be `w` or `b`, not `{side}`"
            )))
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROWS {
        return Err(bad(format!(
            "expected 9 rows (I down to A) joined by `/`, found {}",
            rows.len()
        )));
    }
    let mut pieces = [0u64; 2];
    for (row_text, r) in rows.iter().zip((0..ROWS).rev()) {
        let letter = (b'A' + r as u8) as char;
        let cells = row_high(r) - row_low(r) + 1;
        if row_text.chars().count() != cells {
            return Err(bad(format!(
                "row {letter} needs {cells} cells, found {} in `{row_text}`",
                row_text.chars().count()
            )));
        }
        for (ch, d) in row_text.chars().zip(row_low(r)..) {
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
                SIDE_NAMES[seat]
            )));
        }
        let other_goal = GOAL[seat ^ 1];
        if pieces[seat] & other_goal.bit() != 0 {
            return Err(bad(format!(
                "a {} piece stands on {other_goal}, {}'s goal, where it can never move",
                SIDE_NAMES[seat],
                SIDE_NAMES[seat ^ 1]
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
            SIDE_NAMES[winner],
            GOAL[winner],
            SIDE_NAMES[winner ^ 1]
        ))),
        _ => Ok(state),
    }
}
