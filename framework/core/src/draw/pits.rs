//! Rows of pits between two stores, as a mancala board lays them out.

use super::grid::{Grid, GridPicture};
use super::picture::{colour, Svg};

/// Rows of pits between a store on the left and one on the right, on a
/// picture: the pits sit on a square [`Grid`] (row 0 on top) and each
/// store is as tall as all the rows, `gap` pixels beside them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pits {
    /// The pits: their centres, and their letters.
    pub pits: GridPicture,
    /// A store's width.
    pub store_width: f64,
    /// The room between a store and the pits.
    pub gap: f64,
}

impl Pits {
    /// `columns` × `rows` pits `pitch` pixels apart, with the left store's
    /// top left corner at `corner`.
    pub fn new(
        columns: usize,
        rows: usize,
        pitch: f64,
        corner: (f64, f64),
        store_width: f64,
        gap: f64,
    ) -> Pits {
        let grid = Grid::new(columns, rows).rank_one_at_top();
        let pits = grid.picture(pitch, (corner.0 + store_width + gap, corner.1));
        Pits {
            pits,
            store_width,
            gap,
        }
    }

    /// The centre of the pit in `column` of `row` (0 on top).
    pub fn centre(&self, column: usize, row: usize) -> (f64, f64) {
        self.pits.centre(column, row)
    }

    /// The rectangle `(x, y, width, height)` of the store on the left
    /// (`side` 0) or on the right (1).
    pub fn store(&self, side: usize) -> (f64, f64, f64, f64) {
        let (left, top) = self.pits.corner;
        let x = if side == 0 {
            left - self.gap - self.store_width
        } else {
            left + self.pits.width() + self.gap
        };
        (x, top, self.store_width, self.pits.height())
    }

    /// The board under the stores and the pits: a rounded rectangle
    /// reaching 8 pixels beyond them on the left, above and below.
    pub fn surface(&self, svg: &mut Svg) {
        let (left, top, _, height) = self.store(0);
        svg.rect(
            left - 8.0,
            top - 8.0,
            self.right() - left + 8.0,
            height + 16.0,
            &format!(
                r#"rx="14" fill="{}" stroke="{}""#,
                colour::BOARD,
                colour::INK
            ),
        );
    }

    /// The right edge of the right store.
    pub fn right(&self) -> f64 {
        let (x, _, width, _) = self.store(1);
        x + width
    }

    /// A store: its rectangle with the attributes `attrs` (its fill, rim
    /// and rounding), and the number of stones written in its middle.
    pub fn draw_store(&self, svg: &mut Svg, side: usize, stones: &str, attrs: &str) {
        let (x, y, width, height) = self.store(side);
        svg.rect(x, y, width, height, attrs);
        svg.text(
            x + width / 2.0,
            y + height / 2.0 + 5.0,
            stones,
            &format!(
                r#"text-anchor="middle" font-size="16" fill="{}""#,
                colour::INK
            ),
        );
    }
}
