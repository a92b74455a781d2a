//! The position text: `r1/r2/…/r6 P c1,c2,…` (counts A→F per row, the
//! player to move from 1, each player's captures).

use tabula_core::notation::{parse_count, split_fields, split_rows};
use tabula_core::PositionError;

use crate::geometry::{PITS, SIDE};
use crate::state::{Calcala, MAX_STONES};

pub(crate) fn format(game: &Calcala) -> String {
    let rows: Vec<String> = game
        .board
        .chunks(SIDE)
        .map(|row| join(row.iter()))
        .collect();
    let captures = join(game.captures[..game.player_count()].iter());
    format!("{} {} {}", rows.join("/"), game.to_move + 1, captures)
}

fn join<'a>(counts: impl Iterator<Item = &'a u8>) -> String {
    counts.map(u8::to_string).collect::<Vec<_>>().join(",")
}

/// Reads a position for a game of `players` players.
pub(crate) fn parse(text: &str, players: usize) -> Result<Calcala, PositionError> {
    let err = |reason: String| PositionError::new(text, reason);
    let [board_text, seat_text, captures_text] = split_fields(
        text,
        "three fields: the board, the player to move and the captures",
    )?;
    let rows = split_rows(text, board_text, SIDE, "rows")?;
    let mut board = [0u8; PITS];
    for (r, row) in rows.iter().enumerate() {
        let counts: Vec<&str> = row.split(',').collect();
        if counts.len() != SIDE {
            return Err(err(format!(
                "row {} needs {SIDE} counts, found {}",
                r + 1,
                counts.len()
            )));
        }
        for (c, count) in counts.iter().enumerate() {
            board[r * SIDE + c] = parse_count(count).ok_or_else(|| {
                err(format!(
                    "row {} has `{count}` where a stone count belongs",
                    r + 1
                ))
            })?;
        }
    }
    let seat = parse_count::<usize>(seat_text)
        .filter(|seat| (1..=players).contains(seat))
        .ok_or_else(|| err(format!("the player to move must be 1 to {players}")))?;
    let captures_list: Vec<&str> = captures_text.split(',').collect();
    if captures_list.len() != players {
        return Err(err(format!(
            "expected {players} capture counts (one per player), found {}",
            captures_list.len()
        )));
    }
    let mut captures = [0u8; 4];
    for (seat, count) in captures_list.iter().enumerate() {
        captures[seat] =
            parse_count(count).ok_or_else(|| err(format!("`{count}` is not a capture count")))?;
    }
    let total: u32 = board.iter().chain(&captures).map(|&n| u32::from(n)).sum();
    if total > MAX_STONES {
        return Err(err(format!(
            "{total} stones in all (board and captures); at most {MAX_STONES} are supported"
        )));
    }
    Ok(Calcala::from_parts(board, captures, players, seat - 1))
}
