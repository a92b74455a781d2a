//! Moves as text, `C3-NE` (a pit, a dash, a direction), and as action
//! numbers; the position text, `r1/r2/…/r6 P c1,c2,…` (counts A→F per row,
//! the player to move from 1, each player's captures).

use std::fmt;

use tabula_core::notation::{self, parse_count, split_fields, split_rows};
use tabula_core::{Actions, Game, MoveError, Notation, PositionError, Variant};

use crate::geometry::{may_start, Direction, Pit, PITS, SIDE};
use crate::state::{Calcala, Move, MAX_STONES};
use crate::variant::CalcalaVariant;

impl Notation for Calcala {
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// The rows A→F from row 1 down, the player to move (from 1) and every
    /// player's captures.
    fn position(&self) -> String {
        let rows: Vec<String> = self
            .board
            .chunks(SIDE)
            .map(|row| join(row.iter()))
            .collect();
        let captures = join(self.captures[..self.players()].iter());
        format!("{} {} {}", rows.join("/"), self.to_move + 1, captures)
    }

    /// Any stone counts up to [`MAX_STONES`] in all, captures for each of
    /// `variant`'s players: a position need not be reachable from the setup.
    fn read_position(variant: &CalcalaVariant, text: &str) -> Result<Calcala, PositionError> {
        let players = variant.players();
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
            captures[seat] = parse_count(count)
                .ok_or_else(|| err(format!("`{count}` is not a capture count")))?;
        }
        let total: u32 = board.iter().chain(&captures).map(|&n| u32::from(n)).sum();
        if total > MAX_STONES {
            return Err(err(format!(
                "{total} stones in all (board and captures); at most {MAX_STONES} are supported"
            )));
        }
        Ok(Calcala::from_parts(board, captures, *variant, seat - 1))
    }
}

fn join<'a>(counts: impl Iterator<Item = &'a u8>) -> String {
    counts.map(u8::to_string).collect::<Vec<_>>().join(",")
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.pit, self.dir)
    }
}

const EXPECTED: &str =
    "a pit A1-F6, a dash and a direction N, NE, E, SE, S, SW, W or NW (e.g. C3-NE)";

/// Reads `C3-NE`, any case, surrounding spaces allowed.
pub fn parse_move(text: &str) -> Result<Move, MoveError> {
    let bad = || MoveError::syntax(text, EXPECTED);
    let (pit, dir) = text.trim().split_once('-').ok_or_else(bad)?;
    let pit = parse_pit(pit).ok_or_else(bad)?;
    let dir = Direction::from_name(dir).ok_or_else(bad)?;
    Ok(Move { pit, dir })
}

/// Reads a pit name such as `c3`.
pub fn parse_pit(text: &str) -> Option<Pit> {
    let (col, row) = notation::parse_cell(text)?;
    Pit::new(col, row - 1)
}

/// Actions: `pit × 8 + direction`, pits A1 = 0 … F6 = 35 row by row,
/// directions clockwise from N = 0 to NW = 7: 288 actions, of which the 80
/// that break the edge rule are no move.
pub(crate) const ACTIONS: usize = PITS * 8;

/// `pit × 8 + direction` (see [`ACTIONS`]).
impl Actions for Calcala {
    fn action(&self, mv: Move) -> usize {
        mv.pit.index() * 8 + mv.dir as usize
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        if action >= ACTIONS {
            return None;
        }
        let (pit, dir) = (Pit::from_index(action / 8), Direction::ALL[action % 8]);
        may_start(pit, dir).then_some(Move { pit, dir })
    }
}
