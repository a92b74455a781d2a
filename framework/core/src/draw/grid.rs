//! The square grid: files named by letters, ranks by numbers from 1, drawn
//! as text and as a picture with the same coordinate frame.

use super::picture::{colour, label, Svg};
use super::text::{Canvas, Glyph};
use crate::notation::letter;

/// A square grid of `files` × `ranks` cells, and how its coordinates are
/// named: files by letters from `a` on the left, ranks by numbers from 1.
/// Cells are addressed `(file, rank)` from 0, so rank 0 is named `1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// Columns, named `a`, `b`, ... from the left.
    pub files: usize,
    /// Rows, named `1`, `2`, ...
    pub ranks: usize,
    /// Rank 1 on top (Calcala's rows) rather than at the bottom (chess, Go).
    pub rank_one_at_top: bool,
    /// File letters in upper case (`A B C`) rather than lower case.
    pub upper_case: bool,
}

impl Grid {
    /// A `files` × `ranks` grid with rank 1 at the bottom and the files in
    /// lower case, as chess and Go name their boards.
    pub const fn new(files: usize, ranks: usize) -> Grid {
        Grid {
            files,
            ranks,
            rank_one_at_top: false,
            upper_case: false,
        }
    }

    /// The same grid with rank 1 on top.
    pub const fn rank_one_at_top(self) -> Grid {
        Grid {
            rank_one_at_top: true,
            ..self
        }
    }

    /// The same grid with upper-case file letters.
    pub const fn upper_case(self) -> Grid {
        Grid {
            upper_case: true,
            ..self
        }
    }

    /// The rank drawn in row `row`, counting rows from the top; also the
    /// row where `rank` is drawn (the mapping is its own inverse).
    ///
    /// # Panics
    ///
    /// If `row` is not on the grid (`row >= ranks`), naming both.
    pub fn rank_in_row(&self, row: usize) -> usize {
        assert!(
            row < self.ranks,
            "row {row} is off the {}×{} grid (files × ranks, counted from 0)",
            self.files,
            self.ranks
        );
        if self.rank_one_at_top {
            row
        } else {
            self.ranks - 1 - row
        }
    }

    /// The letter of `file`.
    pub fn file_name(&self, file: usize) -> char {
        letter(file, self.upper_case)
    }

    /// The board as text lines, with no colour unless `color`: the file
    /// letters, each rank with its number on both sides, the letters again.
    /// Each cell is the glyph `cell(file, rank)`, right-aligned in `width`
    /// columns under its letter, with one column between cells for the
    /// last move's marks:
    ///
    /// ```text
    ///     a b c
    ///  2  . .[X] 2
    ///  1  X O .  1
    ///     a b c
    /// ```
    pub fn text(
        &self,
        width: usize,
        color: bool,
        mut cell: impl FnMut(usize, usize) -> Glyph,
    ) -> Vec<String> {
        // Two columns for the rank number, a space, then for each cell a
        // column for marks and the cell; one more column for marks after
        // the last cell, a space and the number again.
        let column = |file: usize| 4 + file * (width + 1);
        let mut canvas = Canvas::new(color);
        let last_line = self.ranks + 1;
        for file in 0..self.files {
            let name = self.file_name(file).to_string();
            for line in [0, last_line] {
                canvas.write(line, column(file) + width - 1, &name);
            }
        }
        for row in 0..self.ranks {
            let (line, rank) = (row + 1, self.rank_in_row(row));
            let number = (rank + 1).to_string();
            canvas.write(line, 0, &format!("{number:>2}"));
            for file in 0..self.files {
                let mut glyph = cell(file, rank);
                glyph.text = format!("{:>width$}", glyph.text);
                canvas.glyph(line, column(file), &glyph);
            }
            canvas.write(line, column(self.files) + 1, &number);
        }
        canvas.into_lines()
    }

    /// The grid on a picture: cells of `cell` pixels a side, the top left
    /// corner of the cells at `corner`.
    pub fn picture(self, cell: f64, corner: (f64, f64)) -> GridPicture {
        GridPicture {
            grid: self,
            cell,
            corner,
        }
    }
}

/// A [`Grid`] placed on a picture: where its cells are, and its board,
/// lines and coordinates drawn the same way in every game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridPicture {
    /// The grid and its coordinate names.
    pub grid: Grid,
    /// A cell's side (the distance between neighbouring centres).
    pub cell: f64,
    /// The top left corner of the cells.
    pub corner: (f64, f64),
}

impl GridPicture {
    /// The width of the cells together.
    pub fn width(&self) -> f64 {
        self.grid.files as f64 * self.cell
    }

    /// The height of the cells together.
    pub fn height(&self) -> f64 {
        self.grid.ranks as f64 * self.cell
    }

    /// The centre of cell (`file`, `rank`).
    ///
    /// # Panics
    ///
    /// If the cell is off the grid: a picture asking for it has a bug, and
    /// the message names the cell and the grid's size.
    pub fn centre(&self, file: usize, rank: usize) -> (f64, f64) {
        let (files, ranks) = (self.grid.files, self.grid.ranks);
        assert!(
            file < files && rank < ranks,
            "cell (file {file}, rank {rank}) is off the {files}×{ranks} grid \
             (files × ranks, counted from 0)"
        );
        let row = self.grid.rank_in_row(rank);
        (
            self.corner.0 + (file as f64 + 0.5) * self.cell,
            self.corner.1 + (row as f64 + 0.5) * self.cell,
        )
    }

    /// The board's surface: a rectangle `pad` pixels beyond the cells on
    /// every side (room for pits drawn as circles), its corners rounded by
    /// `round` pixels.
    pub fn surface(&self, svg: &mut Svg, pad: f64, round: f64) {
        let rounded = if round > 0.0 {
            format!(r#"rx="{round}" "#)
        } else {
            String::new()
        };
        svg.rect(
            self.corner.0 - pad,
            self.corner.1 - pad,
            self.width() + 2.0 * pad,
            self.height() + 2.0 * pad,
            &format!(
                r#"{rounded}fill="{}" stroke="{}""#,
                colour::BOARD,
                colour::INK
            ),
        );
    }

    /// Faint lines between the cells.
    pub fn lines(&self, svg: &mut Svg) {
        let (x, y) = self.corner;
        let attrs = format!(r#"stroke="{}" stroke-opacity="0.4""#, colour::INK);
        for file in 1..self.grid.files {
            let at = x + file as f64 * self.cell;
            svg.line((at, y), (at, y + self.height()), &attrs);
        }
        for row in 1..self.grid.ranks {
            let at = y + row as f64 * self.cell;
            svg.line((x, at), (x + self.width(), at), &attrs);
        }
    }

    /// The coordinates around a board whose surface reaches `pad` pixels
    /// beyond the cells: the file letters above and below, the rank
    /// numbers on both sides.
    pub fn frame(&self, svg: &mut Svg, pad: f64) {
        let (top, bottom) = (self.corner.1 - pad, self.corner.1 + self.height() + pad);
        let (left, right) = (self.corner.0 - pad, self.corner.0 + self.width() + pad);
        for file in 0..self.grid.files {
            let (x, _) = self.centre(file, 0);
            let name = self.grid.file_name(file).to_string();
            label(svg, (x, top - 15.0), &name);
            label(svg, (x, bottom + 15.0), &name);
        }
        for rank in 0..self.grid.ranks {
            let (_, y) = self.centre(0, rank);
            let number = (rank + 1).to_string();
            label(svg, (left - 18.0, y), &number);
            label(svg, (right + 18.0, y), &number);
        }
    }
}
