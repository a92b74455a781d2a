//! Position text: rows I down to A, one character per cell from the lowest
//! number up (`.` empty, `w` White, `b` Black), rows joined by `/`, a space,
//! then the side to move `w` or `b`.

use tabula_core::notation::{letter, row_cells, split_fields, split_rows};
use tabula_core::PositionError;

use crate::geometry::{row_high, row_low, Cell, ROWS};
use crate::state::{seat_name, Differo, BLACK, GOAL, WHITE};

/// The start position text (RULES.txt).
pub const START: &str = "...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./..... w";

/// The most pieces a side owns; pieces are never removed from the board.
pub const PIECES: u32 = 13;

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
