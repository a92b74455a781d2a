//! The hex grid on a picture: where each cell's centre is, and the
//! hexagons drawn around them.

use super::picture::{colour, last_move_ring, Svg};

/// A grid of pointy-topped hexagons in axial coordinates, as an Abalone
/// board lays them out: `row` counts up the board, `col` along a row to the
/// right, and each row up is shifted half a cell to the left, so that a
/// line of equal `col` runs up and to the left. Coordinates are `f64` so
/// that a game may place labels on virtual cells beyond the board (a row
/// of `-1`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hex {
    /// A cell's radius, from its centre to a corner.
    pub radius: f64,
    /// The centre of the cell at row 0, column 0.
    pub origin: (f64, f64),
}

impl Hex {
    /// The distance between the centres of neighbours in a row.
    pub fn width(&self) -> f64 {
        self.radius * 3f64.sqrt()
    }

    /// The centre of the cell at `row`, `col`.
    pub fn centre(&self, row: f64, col: f64) -> (f64, f64) {
        (
            self.origin.0 + (col - row / 2.0) * self.width(),
            self.origin.1 - row * 1.5 * self.radius,
        )
    }

    /// The corners of a pointy-topped hexagon of `radius` around `at`,
    /// clockwise from the top.
    pub fn corners(at: (f64, f64), radius: f64) -> Vec<(f64, f64)> {
        (0..6)
            .map(|k| {
                let angle = (60.0 * k as f64 - 90.0).to_radians();
                (at.0 + radius * angle.cos(), at.1 + radius * angle.sin())
            })
            .collect()
    }

    /// The cell around `at`, filled as `fill` says (`fill="..."`, with any
    /// opacity) and outlined in ink.
    pub fn cell(&self, svg: &mut Svg, at: (f64, f64), fill: &str) {
        svg.polygon(
            &Hex::corners(at, self.radius),
            &format!(r#"{fill} stroke="{}""#, colour::INK),
        );
    }

    /// The ring inside the cell around `at`: a cell the last move touched.
    pub fn ring(&self, svg: &mut Svg, at: (f64, f64)) {
        svg.polygon(&Hex::corners(at, self.radius - 2.0), &last_move_ring());
    }
}
