//! What Tabula's two-row mancalas (Kalah, Oware) share: the REPL board and
//! the board picture with the last move's marks, the pits' letters, and the
//! position text `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`.
//!
//! A game implements [`TwoRows`] (its pits, its board, the seeds each side
//! has banked, and the [`Words`] it calls them by); its facets then call
//! [`render`], [`svg`], [`format_position`], [`parse_position`],
//! [`format_move`], [`parse_move`] and [`observe`]. Rules, parameters,
//! evaluation and the result text stay in each game.
//!
//! # Layout
//! `lib` (the trait, the words, the marks, pit letters) → `render` (the
//! REPL board), `svg` (the picture), `position` (the position text),
//! `moves` (the move text, the observation).

mod moves;
mod position;
mod render;
mod svg;

#[cfg(test)]
mod tests;

pub use moves::{format_move, observation_shape, observe, parse_move};
pub use position::{format_position, parse_position};
pub use render::render;
pub use svg::svg;

use tabula_core::draw::Touched;
use tabula_core::notation::letter;
use tabula_core::{Actions, Game, Notation, Seat, Variant};

/// A mancala of two rows of pits, South's (seat 0, below) and North's
/// (seat 1, above), sown counter-clockwise, with what each side has banked
/// (a store, or the seeds captured) kept off the board.
///
/// A move's [`action`](Actions::action) is the mover's pit counted from the
/// mover's left: the marks find the pit sown from by it.
pub trait TwoRows: Game + Actions + Notation {
    /// What the game calls things on its board and in its position text.
    const WORDS: Words;

    /// The pits in sowing order: South's from South's left, then North's
    /// from North's left (`2 × pits` counts).
    fn board(&self) -> &[u8];

    /// Pits per side.
    fn pits(&self) -> usize {
        self.board().len() / 2
    }

    /// The seeds South and North have banked (stores or captures).
    fn banks(&self) -> [u8; 2];

    /// The same variant with `board`, `banks` and `to_move`, or why no game
    /// can be in that position: the position text's way in.
    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String>;

    /// The result as the board's last line says it, once the game is over
    /// (the game's own words, or [`final_score`]).
    fn result_text(&self) -> Option<String>;
}

/// The banks once the game is over: `North wins 22-21`, `draw 24-24`.
pub fn final_score<G: TwoRows>(state: &G) -> Option<String> {
    let outcome = state.outcome()?;
    let [south, north] = state.banks();
    Some(match outcome.winners().collect::<Vec<_>>()[..] {
        [winner] => format!(
            "{} wins {}-{}",
            state.variant().seat_name(winner),
            south.max(north),
            south.min(north)
        ),
        _ => format!("draw {south}-{north}"),
    })
}

/// The words that differ between two-row mancalas.
pub struct Words {
    /// The picture's title: `Kalah`.
    pub title: &'static str,
    /// What the seeds kept off the board are, short, lower case (the
    /// picture's caption, the position text): `stores`, `captures`.
    pub banks: &'static str,
    /// The same in full (the REPL board's caption): `captured seeds`.
    pub banks_in_full: &'static str,
    /// What one pit is called in move errors: `pit`, `house`.
    pub pit: &'static str,
}

/// What the last move did to a pit or a bank, if anything.
pub type Mark = Option<Touched>;

/// The marks the boards use: the pit sown from, those sown into, those
/// captured.
pub const TOUCHED: [Touched; 3] = [Touched::PickedUp, Touched::Sown, Touched::Captured];

/// The last move's marks by board index (South's pits, North's pits), then
/// South's and North's banks.
pub fn marks<G: TwoRows>(state: &G, last: Option<(&G, G::Move)>) -> Vec<Mark> {
    let n = state.pits();
    let mut marks: Vec<Mark> = vec![None; 2 * n + 2];
    let Some((before, mv)) = last else {
        return marks;
    };
    let moved = before.to_move() * n + before.action(mv);
    let (now, then) = (state.banks(), before.banks());
    let pairs = state
        .board()
        .iter()
        .chain(&now)
        .zip(before.board().iter().chain(&then));
    for (i, (mark, (&now, &then))) in marks.iter_mut().zip(pairs).enumerate() {
        *mark = if i == moved {
            Some(Touched::PickedUp)
        } else if now > then {
            Some(Touched::Sown)
        } else if now < then {
            Some(Touched::Captured)
        } else {
            None
        };
    }
    marks
}

/// Where column `col` (as South sees the board) of `row` (0 North, 1
/// South) is on a board of `n` pits a side: its board index.
pub fn pit_at(n: usize, row: usize, col: usize) -> usize {
    if row == 1 {
        col
    } else {
        n + n - 1 - col
    }
}

/// The letter a move names the pit at `col` of `row` by, `n` pits a side.
pub fn pit_letter(n: usize, row: usize, col: usize) -> char {
    if row == 1 {
        letter(col, true)
    } else {
        letter(n - 1 - col, false)
    }
}
