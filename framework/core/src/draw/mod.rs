//! The drawing facets, [`Drawing`] (the board as text) and [`Picture`]
//! (the board as SVG), and helpers for the board shapes games share, so
//! that a game's [`render`](Drawing::render) and [`svg`](Picture::svg) say only
//! what is its own (what stands on a cell, how its last move shows) and
//! every board draws its coordinates, marks and captions alike.
//!
//! | shape | text (the REPL) | picture (SVG) |
//! | --- | --- | --- |
//! | a square grid, files `a b c` and ranks `1 2 3` | [`Grid::text`] | [`Grid::picture`] ([`GridPicture`]) |
//! | rows of pits between two stores | [`text::Canvas`] | [`Pits`] |
//! | a hex grid | [`text::Canvas`] | [`Hex`] |
//! | the lines under every board | [`Caption::under`] | [`Caption::draw`] |
//!
//! [`text`] has the glyph of one cell and its last-move [`Mark`](text::Mark)
//! (bracketed, or a sign such as `*` beside it, so that it shows without
//! colour too); [`picture`] has the pieces every picture is made of (a
//! titled canvas, coordinate labels, stones, pits, the last move's ring and
//! arrow). A tic-tac-toe board in a few lines:
//!
//! ```
//! use tabula_core::draw::text::{Glyph, Mark};
//! use tabula_core::draw::{picture, Grid};
//!
//! let marks = ["X", ".", ".", ".", "O", ".", ".", ".", "X"]; // a1 b1 c1 a2 ...
//! let grid = Grid::new(3, 3);
//! let text = grid.text(1, false, |file, rank| {
//!     let glyph = Glyph::new(marks[rank * 3 + file]);
//!     if (file, rank) == (2, 2) { glyph.mark(Mark::Bracket) } else { glyph }
//! });
//! assert_eq!(text.join("\n"), "    a b c\n 3  . .[X] 3\n 2  . O .  2\n 1  X . .  1\n    a b c");
//!
//! let board = grid.picture(40.0, (40.0, 60.0));
//! let mut svg = picture::titled(200.0, 240.0, "Tic-tac-toe");
//! board.surface(&mut svg, 0.0, 0.0);
//! board.lines(&mut svg);
//! board.frame(&mut svg, 0.0);
//! picture::stone(&mut svg, board.centre(0, 0), 15.0, picture::colour::DARK_PIECE, "");
//! assert!(svg.finish().contains(r#"<circle cx="60" cy="160" r="15""#));
//! ```

mod caption;
mod grid;
mod hex;
pub mod picture;
mod pits;
#[cfg(test)]
mod tests;
pub mod text;

pub use caption::{legend, Caption, Touched};
pub use grid::{Grid, GridPicture};
pub use hex::Hex;
pub use pits::Pits;

use crate::game::{Game, View};

/// The board as text, for the REPL (and the web page's text view).
///
/// Every board says the same things the same way (the test kit checks
/// them): coordinates on every side that needs them; the last move
/// marked so that it shows without colour too (brackets, or `^`/`*`
/// beside a pit); a line `Last move: SEAT MOVE`; the last line `SEAT to
/// move` or `Game over: RESULT`; no trailing spaces, no blank lines, no
/// final newline. [`Caption`] writes the last lines.
pub trait Drawing: Game {
    /// The board for the REPL: `view.last` is the position before the last
    /// move, and that move; `view.paint` colours only when the terminal
    /// wants it.
    fn render(&self, view: &View<'_, Self>) -> String;

    /// What `mv` does from this position, in words, when its text does not
    /// say it all (Calcala: the sowing path, its relays and the capture).
    /// The REPL prints it for moves that the next board it draws does not
    /// show. `None`, the default, where the move text says enough.
    fn explain_move(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }
}

/// The board as a standalone SVG picture: the REPL's `show --svg` (for
/// docs, issues and replays) and the web page, which enters moves by
/// clicking it.
pub trait Picture: Game {
    /// The picture, built with [`crate::svg::Svg`] and [`picture`]'s pieces:
    /// coordinates, the last move marked, whose turn it is or the result
    /// ([`Caption::draw`]), and a click target ([`picture::target`]) named
    /// by the first cell of every legal move's text, through which the web
    /// page enters moves. `view.color` does not apply. The test kit parses
    /// it as XML and looks for every target.
    fn svg(&self, view: &View<'_, Self>) -> String;
}
