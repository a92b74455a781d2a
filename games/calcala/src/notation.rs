//! Moves as text, `C3-NE` (a pit, a dash, a direction), and as action
//! numbers.

use std::fmt;

use tabula_core::{notation, MoveError};

use crate::geometry::{may_start, Direction, Pit, PITS};
use crate::state::Move;

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

pub(crate) fn action(mv: Move) -> usize {
    mv.pit.index() * 8 + mv.dir as usize
}

pub(crate) fn action_move(action: usize) -> Option<Move> {
    if action >= ACTIONS {
        return None;
    }
    let (pit, dir) = (Pit::from_index(action / 8), Direction::ALL[action % 8]);
    may_start(pit, dir).then_some(Move { pit, dir })
}
