//! The 6x6 board's pits, the eight directions, and the stepping rules,
//! precomputed into tables so sowing is one lookup per stone.

use std::fmt;

/// Pits per row and per column.
pub const SIDE: usize = 6;
/// Pits on the board.
pub const PITS: usize = SIDE * SIDE;

/// A pit, numbered row by row from A1 (0) to F6 (35).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// The pit in column `col` (0 = A) and row `row` (0 = row 1), if on the board.
    pub fn new(col: usize, row: usize) -> Option<Pit> {
        (col < SIDE && row < SIDE).then(|| Pit((row * SIDE + col) as u8))
    }

    /// The pit with this index (0..36).
    pub(crate) const fn from_index(index: usize) -> Pit {
        assert!(index < PITS);
        Pit(index as u8)
    }

    /// 0..36, row by row.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = column A.
    pub fn col(self) -> usize {
        self.index() % SIDE
    }

    /// 0 = row 1.
    pub fn row(self) -> usize {
        self.index() / SIDE
    }

    /// Every pit, A1 to F6.
    pub fn all() -> impl Iterator<Item = Pit> {
        (0..PITS).map(Pit::from_index)
    }
}

/// `C3`: the column letter, then the row number.
impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&tabula_core::notation::cell_name(
            self.col(),
            self.row() + 1,
            true,
        ))
    }
}

/// A sowing direction; N is towards row 1, E towards column F.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    /// Clockwise from N: the order moves are listed in.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The canonical name, e.g. `"NE"`.
    pub fn name(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self as usize]
    }

    /// The direction with this name, ignoring case.
    pub fn from_name(name: &str) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }

    /// (column step, row step).
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::E => (1, 0),
            Direction::SE => (1, 1),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, -1),
        }
    }

    /// The direction with this (column step, row step).
    const fn from_delta(dc: i32, dr: i32) -> Direction {
        let mut i = 0;
        while i < 8 {
            let (c, r) = Direction::ALL[i].delta();
            if c == dc && r == dr {
                return Direction::ALL[i];
            }
            i += 1;
        }
        panic!("not a direction");
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pit and the direction sowing travels in, packed as `pit * 8 + dir`:
/// the whole state of a moving hand, small enough to index a table.
pub(crate) type Heading = u16;

pub(crate) const fn heading(pit: Pit, dir: Direction) -> Heading {
    (pit.0 as u16) << 3 | dir as u16
}

pub(crate) const fn heading_pit(h: Heading) -> usize {
    (h >> 3) as usize
}

/// The heading after one step from `(pit, dir)`, by the project's rules:
/// orthogonal steps wrap around the row or column; a diagonal step off a
/// corner re-enters at the opposite corner; a diagonal step off an edge
/// bounces 90° (the offending component is reversed, the direction changes).
const fn step(pit: Pit, dir: Direction) -> (Pit, Direction) {
    let (dc, dr) = dir.delta();
    let (col, row) = (
        (pit.0 as usize % SIDE) as i32,
        (pit.0 as usize / SIDE) as i32,
    );
    let (c, r) = (col + dc, row + dr);
    let off_c = c < 0 || c >= SIDE as i32;
    let off_r = r < 0 || r >= SIDE as i32;
    let side = SIDE as i32;
    let diagonal = dc != 0 && dr != 0;
    let (c, r, dc, dr) = if !diagonal || (off_c && off_r) {
        // Wrap: orthogonally around the board, diagonally through a corner.
        ((c + side) % side, (r + side) % side, dc, dr)
    } else if off_c {
        (col - dc, r, -dc, dr)
    } else if off_r {
        (c, row - dr, dc, -dr)
    } else {
        (c, r, dc, dr)
    };
    (
        Pit::from_index((r * side + c) as usize),
        Direction::from_delta(dc, dr),
    )
}

const fn next_table() -> [Heading; PITS * 8] {
    let mut table = [0; PITS * 8];
    let mut i = 0;
    while i < PITS * 8 {
        let (pit, dir) = step(Pit::from_index(i >> 3), Direction::ALL[i & 7]);
        table[i] = heading(pit, dir);
        i += 1;
    }
    table
}

/// `NEXT[h]`: the heading one step on from heading `h`.
pub(crate) static NEXT: [Heading; PITS * 8] = next_table();

pub(crate) fn next(h: Heading) -> Heading {
    NEXT[h as usize]
}

const fn first_step_table() -> [u8; PITS] {
    let mut table = [0; PITS];
    let mut pit = 0;
    while pit < PITS {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = Direction::ALL[d].delta();
            let c = (pit % SIDE) as i32 + dc;
            let r = (pit / SIDE) as i32 + dr;
            if c >= 0 && c < SIDE as i32 && r >= 0 && r < SIDE as i32 {
                table[pit] |= 1 << d;
            }
            d += 1;
        }
        pit += 1;
    }
    table
}

/// `FIRST_STEP[pit]`: the directions (bit `dir`) a move may start in from
/// `pit` — the edge rule: the first step must stay on the board.
pub(crate) static FIRST_STEP: [u8; PITS] = first_step_table();

/// Whether a move from `pit` may start in `dir` (the edge rule).
pub fn may_start(pit: Pit, dir: Direction) -> bool {
    FIRST_STEP[pit.index()] & 1 << dir as u8 != 0
}

/// The pit and direction one step on from `pit` going `dir`.
pub fn step_from(pit: Pit, dir: Direction) -> (Pit, Direction) {
    let h = next(heading(pit, dir));
    (
        Pit::from_index(heading_pit(h)),
        Direction::ALL[(h & 7) as usize],
    )
}
