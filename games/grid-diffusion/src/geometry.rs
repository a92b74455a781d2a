//! The R×C grid: cell names, board masks and orthogonal steps as bit shifts.
//!
//! Cell index = rank × C + file, with rank 0 = rank 1 (bottom) and file 0 =
//! `a` (left), so a step east is +1 and a step north is +C.

use tabula_core::notation;

use crate::bits::Bits;

/// Directions, numbered so that `d ^ 1` is the opposite of `d`.
pub(crate) const EAST: usize = 0;
pub(crate) const WEST: usize = 1;
pub(crate) const NORTH: usize = 2;
pub(crate) const SOUTH: usize = 3;
pub(crate) const DIRECTIONS: [usize; 4] = [EAST, WEST, NORTH, SOUTH];

/// The smallest and largest side the `size` parameter allows.
pub(crate) const MIN_SIDE: usize = 3;
pub(crate) const MAX_SIDE: usize = 19;

/// A cell of the board, by index (rank × files + file, `a1` = 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell(pub(crate) u16);

impl Cell {
    /// The cell's index: rank × files + file, counting from `a1` = 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn at(index: usize) -> Cell {
        Cell(index as u16)
    }
}

/// A board's shape with the masks the shifts need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    rows: u8,
    cols: u8,
    /// Every cell of the board.
    pub(crate) board: Bits,
    /// Cells not on file `a`, which can step west.
    not_first_file: Bits,
    /// Cells not on the last file, which can step east.
    not_last_file: Bits,
}

impl Geometry {
    /// A `rows`×`cols` board; both sides must be in `MIN_SIDE..=MAX_SIDE`.
    pub(crate) fn new(rows: usize, cols: usize) -> Geometry {
        assert!((MIN_SIDE..=MAX_SIDE).contains(&rows) && (MIN_SIDE..=MAX_SIDE).contains(&cols));
        let mut board = Bits::EMPTY;
        let mut not_first_file = Bits::EMPTY;
        let mut not_last_file = Bits::EMPTY;
        for cell in 0..rows * cols {
            board.set(cell);
            if cell % cols != 0 {
                not_first_file.set(cell);
            }
            if cell % cols != cols - 1 {
                not_last_file.set(cell);
            }
        }
        Geometry {
            rows: rows as u8,
            cols: cols as u8,
            board,
            not_first_file,
            not_last_file,
        }
    }

    /// Reads `RxC` (ranks × files), e.g. `8x8`.
    pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
        let side = |s: &str| -> Option<usize> {
            let n: usize = s
                .parse()
                .ok()
                .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))?;
            (MIN_SIDE..=MAX_SIDE).contains(&n).then_some(n)
        };
        let (rows, cols) = text
            .trim()
            .to_ascii_lowercase()
            .split_once('x')
            .map_or((None, None), |(r, c)| (side(r), side(c)));
        match (rows, cols) {
            (Some(rows), Some(cols)) => Ok((rows, cols)),
            _ => Err(format!(
                "RxC with rows and columns each {MIN_SIDE} to {MAX_SIDE}, e.g. 8x8"
            )),
        }
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows as usize
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Every cell of `set` moved one step in `dir`; cells that would leave
    /// the board are dropped.
    #[inline(always)]
    pub(crate) fn step(&self, dir: usize, set: Bits) -> Bits {
        match dir {
            EAST => (set & self.not_last_file).shl(1),
            WEST => (set & self.not_first_file).shr(1),
            NORTH => set.shl(self.cols as u32) & self.board,
            _ => set.shr(self.cols as u32),
        }
    }

    /// The cells orthogonally adjacent to some cell of `set`.
    #[inline(always)]
    pub(crate) fn neighbours(&self, set: Bits) -> Bits {
        self.step(EAST, set) | self.step(WEST, set) | self.step(NORTH, set) | self.step(SOUTH, set)
    }

    /// The cell one step from `cell` in `dir`; the caller knows it exists.
    #[inline(always)]
    pub(crate) fn neighbour(&self, cell: usize, dir: usize) -> usize {
        match dir {
            EAST => cell + 1,
            WEST => cell - 1,
            NORTH => cell + self.cols(),
            _ => cell - self.cols(),
        }
    }

    /// The cell one step from `cell` in `dir`, if it is on the board.
    pub(crate) fn neighbour_on_board(&self, cell: usize, dir: usize) -> Option<usize> {
        let (rank, file) = (cell / self.cols(), cell % self.cols());
        let exists = match dir {
            EAST => file + 1 < self.cols(),
            WEST => file > 0,
            NORTH => rank + 1 < self.rows(),
            _ => rank > 0,
        };
        exists.then(|| self.neighbour(cell, dir))
    }

    /// The direction of the step from `cell` to its neighbour `next`.
    pub(crate) fn direction(&self, cell: usize, next: usize) -> Option<usize> {
        DIRECTIONS
            .into_iter()
            .find(|&dir| self.neighbour_on_board(cell, dir) == Some(next))
    }

    /// The number of cells.
    pub(crate) fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The name of `cell`, e.g. `d4`.
    pub(crate) fn cell_name(&self, cell: usize) -> String {
        notation::cell_name(cell % self.cols(), cell / self.cols() + 1, false)
    }

    /// Reads a cell name on this board (either case).
    pub(crate) fn parse_cell(&self, text: &str) -> Option<usize> {
        let (col, rank) = notation::parse_cell(text)?;
        (col < self.cols() && rank <= self.rows()).then(|| (rank - 1) * self.cols() + col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_on_the_board() {
        let g = Geometry::new(3, 4);
        let corner = Bits::single(0); // a1
        let n: Vec<usize> = g.neighbours(corner).iter().collect();
        assert_eq!(n, vec![1, 4]);
        let top_right = Bits::single(11); // d3
        assert_eq!(
            g.neighbours(top_right).iter().collect::<Vec<_>>(),
            vec![7, 10]
        );
        assert_eq!(g.cell_name(11), "d3");
        assert_eq!(g.parse_cell("d3"), Some(11));
        assert_eq!(g.parse_cell("e1"), None);
        assert_eq!(g.parse_cell("a4"), None);
        assert_eq!(g.parse_cell("a01"), None);
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Geometry::parse_size("8x8"), Ok((8, 8)));
        assert_eq!(Geometry::parse_size("5X19"), Ok((5, 19)));
        for bad in ["2x8", "8x20", "8", "x", "8x", "+8x8", "8x8x8"] {
            assert!(Geometry::parse_size(bad).is_err(), "{bad}");
        }
    }
}
