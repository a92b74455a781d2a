//! The move type and its text, `C3-NE`: a pit, a dash, a direction.

use std::fmt;

use tabula::MoveError;

use crate::geometry::{Direction, Pit};

/// Take every stone from `pit` and sow towards `dir`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub pit: Pit,
    pub dir: Direction,
}

impl Move {
    pub fn new(pit: Pit, dir: Direction) -> Move {
        Move { pit, dir }
    }
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
    match text.as_bytes() {
        &[col, row] => {
            let col = col.to_ascii_uppercase().checked_sub(b'A')?;
            let row = row.checked_sub(b'1')?;
            Pit::new(col.into(), row.into())
        }
        _ => None,
    }
}
