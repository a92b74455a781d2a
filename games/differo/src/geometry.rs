//! The 61-cell hexagon: cell numbering, coordinates, the three line
//! families and the jump table, all computed once at compile time.
//!
//! A cell has a row `r` (A–I as 0–8, White's edge first) and a number `d`
//! (1–9); it lies on three lines: its row (`r` fixed), its diagonal (`d`
//! fixed) and its third line (`r − d` fixed). Cells are indexed row by row
//! from A1, so a set of cells fits one `u64` bitboard.

use std::fmt;

use tabula_core::notation;

/// Cells on the board.
pub const CELLS: usize = 61;
/// Rows (A–I) and lines per family.
pub const ROWS: usize = 9;
/// Line families: rows, diagonals, third lines.
pub const FAMILIES: usize = 3;
/// The largest step a piece can take: no line holds more than 9 pieces.
pub const MAX_STEP: usize = 9;
/// Every cell of the board as a bitboard.
pub const BOARD: u64 = (1 << CELLS) - 1;

/// Marks "off the board" in the jump table.
const OFF: u8 = u8::MAX;

/// The lowest number in row `r`.
pub const fn row_low(r: usize) -> usize {
    if r > 3 {
        r - 3
    } else {
        1
    }
}

/// The highest number in row `r`.
pub const fn row_high(r: usize) -> usize {
    if r + 5 < 9 {
        r + 5
    } else {
        9
    }
}

/// One cell of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at row `r` (0 = A … 8 = I) and number `d` (1–9), if on the board.
    pub const fn at(r: usize, d: usize) -> Option<Cell> {
        if r >= ROWS || d < row_low(r) || d > row_high(r) {
            return None;
        }
        Some(Cell(ROW_START[r] + (d - row_low(r)) as u8))
    }

    /// The cell with index `i` (0 = A1 … 60 = I9).
    pub(crate) const fn from_index(i: usize) -> Cell {
        Cell(i as u8)
    }

    /// 0 = A1, row by row, up to 60 = I9.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0 = A … 8 = I.
    pub const fn row(self) -> usize {
        ROW_OF[self.0 as usize] as usize
    }

    /// The number (diagonal), 1–9.
    pub const fn number(self) -> usize {
        NUMBER_OF[self.0 as usize] as usize
    }

    /// This cell as a one-bit bitboard.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The index of the line of `family` through this cell (0–8).
    #[inline]
    pub fn line(self, family: usize) -> usize {
        LINE[family][self.index()] as usize
    }

    /// The cell `step` cells away in direction `dir` (0–5: family `dir / 2`,
    /// forwards when even), or `None` off the board.
    #[inline]
    pub fn jump(self, dir: usize, step: usize) -> Option<Cell> {
        let to = JUMP[self.index()][dir][step];
        (to != OFF).then_some(Cell(to))
    }

    /// Reads `G4`-style text (letter case ignored); `None` if not a cell.
    pub fn parse(text: &str) -> Option<Cell> {
        let (r, d) = notation::parse_cell(text)?;
        Cell::at(r, d)
    }

    /// The cells of a bitboard, lowest index first.
    pub fn all_in(mut bits: u64) -> impl Iterator<Item = Cell> {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Cell(i as u8)
            })
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::cell_name(self.row(), self.number(), true))
    }
}

/// White's goal, I7: the middle of Black's edge.
pub const WHITE_GOAL: Cell = match Cell::at(8, 7) {
    Some(c) => c,
    None => panic!("I7 is on the board"),
};
/// Black's goal, A3: the middle of White's edge.
pub const BLACK_GOAL: Cell = match Cell::at(0, 3) {
    Some(c) => c,
    None => panic!("A3 is on the board"),
};

/// The index of the first cell of each row.
const ROW_START: [u8; ROWS] = {
    let mut start = [0u8; ROWS];
    let mut r = 1;
    while r < ROWS {
        start[r] = start[r - 1] + (row_high(r - 1) - row_low(r - 1) + 1) as u8;
        r += 1;
    }
    start
};

const ROW_OF: [u8; CELLS] = coordinate_table(true);
const NUMBER_OF: [u8; CELLS] = coordinate_table(false);

const fn coordinate_table(rows: bool) -> [u8; CELLS] {
    let mut table = [0u8; CELLS];
    let mut i = 0;
    let mut r = 0;
    while r < ROWS {
        let mut d = row_low(r);
        while d <= row_high(r) {
            table[i] = if rows { r as u8 } else { d as u8 };
            i += 1;
            d += 1;
        }
        r += 1;
    }
    table
}

/// The step `(row, number)` of the forward direction of each family: along
/// the row, up the diagonal, up the third line.
const FORWARD: [(isize, isize); FAMILIES] = [(0, 1), (1, 0), (1, 1)];

/// `LINE[family][cell]`: which line of the family the cell lies on (0–8).
/// Rows by letter, diagonals by number − 1, third lines by `r − d + 5`.
pub const LINE: [[u8; CELLS]; FAMILIES] = {
    let mut table = [[0u8; CELLS]; FAMILIES];
    let mut i = 0;
    while i < CELLS {
        let (r, d) = (ROW_OF[i], NUMBER_OF[i]);
        table[0][i] = r;
        table[1][i] = d - 1;
        table[2][i] = r + 5 - d;
        i += 1;
    }
    table
};

/// `LINE_MASK[family][line]`: the cells of a line, for counting by scan.
pub const LINE_MASK: [[u64; ROWS]; FAMILIES] = {
    let mut masks = [[0u64; ROWS]; FAMILIES];
    let mut f = 0;
    while f < FAMILIES {
        let mut i = 0;
        while i < CELLS {
            masks[f][LINE[f][i] as usize] |= 1 << i;
            i += 1;
        }
        f += 1;
    }
    masks
};

/// `JUMP[cell][dir][step]`: where a piece lands moving `step` cells in
/// direction `dir`, or [`OFF`]. Makes a move target one table lookup.
const JUMP: [[[u8; MAX_STEP + 1]; 6]; CELLS] = {
    let mut table = [[[OFF; MAX_STEP + 1]; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut dir = 0;
        while dir < 6 {
            let (dr, dd) = FORWARD[dir / 2];
            let sign = if dir % 2 == 0 { 1 } else { -1 };
            let mut step = 0;
            while step <= MAX_STEP {
                let r = ROW_OF[i] as isize + sign * dr * step as isize;
                let d = NUMBER_OF[i] as isize + sign * dd * step as isize;
                if r >= 0 && d >= 0 {
                    if let Some(cell) = Cell::at(r as usize, d as usize) {
                        table[i][dir][step] = cell.0;
                    }
                }
                step += 1;
            }
            dir += 1;
        }
        i += 1;
    }
    table
};

/// The number of single steps between two cells (hex distance).
pub fn distance(a: Cell, b: Cell) -> usize {
    let dr = b.row() as isize - a.row() as isize;
    let dd = b.number() as isize - a.number() as isize;
    if dr.signum() * dd.signum() >= 0 {
        dr.abs().max(dd.abs()) as usize
    } else {
        (dr.abs() + dd.abs()) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_have_the_documented_lengths_and_names() {
        let lengths: Vec<usize> = (0..ROWS).map(|r| row_high(r) - row_low(r) + 1).collect();
        assert_eq!(lengths, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
        assert_eq!(Cell::at(8, 9).map(Cell::index), Some(CELLS - 1));
        assert_eq!(Cell::parse("e9").map(|c| c.to_string()), Some("E9".into()));
        assert_eq!(Cell::parse("A6"), None);
        assert_eq!(Cell::parse("I4"), None);
        assert_eq!(Cell::parse("J1"), None);
        assert_eq!(WHITE_GOAL.to_string(), "I7");
        assert_eq!(BLACK_GOAL.to_string(), "A3");
    }

    #[test]
    fn every_line_family_partitions_the_board() {
        for masks in LINE_MASK {
            assert_eq!(masks.iter().fold(0, |all, m| all | m), BOARD);
            assert_eq!(
                masks.iter().map(|m| m.count_ones()).sum::<u32>(),
                CELLS as u32
            );
            let mut lengths: Vec<u32> = masks.iter().map(|m| m.count_ones()).collect();
            lengths.sort_unstable();
            assert_eq!(lengths, [5, 5, 6, 6, 7, 7, 8, 8, 9]);
        }
    }

    #[test]
    fn jumps_follow_the_three_lines() {
        let g4 = Cell::parse("G4").unwrap();
        let name = |dir, step| g4.jump(dir, step).map(|c| c.to_string());
        assert_eq!(name(0, 1).as_deref(), Some("G5"));
        assert_eq!(name(3, 2).as_deref(), Some("E4"));
        assert_eq!(name(4, 2).as_deref(), Some("I6"));
        assert_eq!(name(5, 3).as_deref(), Some("D1"));
        assert_eq!(name(5, 4), None);
        assert_eq!(name(0, 5).as_deref(), Some("G9"));
        assert_eq!(name(0, 6), None);
        assert_eq!(distance(g4, WHITE_GOAL), 3);
        assert_eq!(distance(BLACK_GOAL, WHITE_GOAL), 8);
    }
}
