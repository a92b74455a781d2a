//! Kashio Fujii's hex race game Differo for Tabula.
//!
//! Two players race one piece to the middle of the far edge (White to I7,
//! Black to A3) on a 61-cell hexagon. A piece moves along one of its three
//! lines exactly as many cells as its side has more pieces on that line
//! than the opponent, jumping over anything in between. The full rules as
//! implemented are [`Differo::rules`] (`RULES.txt`); in short, the reading
//! decisions where the original text is silent:
//!
//! - `setup` accepts any number of pieces from 0 to 13 a side (puzzles), but
//!   never a piece on the opponent's goal (no move can put it there).
//! - A side on its own goal has already won: the position is a finished game
//!   whose other side must be the one to move; both sides on their goals is
//!   rejected.
//! - A side to move without any legal move (for example without pieces) loses.
//!
//! Speed: the state is two `u64` bitboards plus (White − Black) piece counts
//! for each of the 27 lines, updated incrementally by each move, so a step
//! count is one lookup and a landing cell one table lookup.

mod board;
mod eval;
mod moves;
mod notation;
mod position;
mod render;
mod state;
#[cfg(test)]
mod tests;

use tabula::{
    Game, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Rng, Scores, Seat, View,
};

pub use board::Cell;
pub use moves::Move;
pub use state::{Differo, BLACK, WHITE};

/// The start position text from RULES.md.
pub const START: &str = "...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./..... w";

impl Game for Differo {
    type Move = Move;

    const NAME: &'static str = "differo";
    const DESCRIPTION: &'static str =
        "Kashio Fujii's hex race: move by the piece difference on a line, first to the far goal wins";

    fn param_specs() -> &'static [ParamSpec] {
        &[]
    }

    fn rules() -> &'static str {
        include_str!("../RULES.txt")
    }

    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(position::read(START).expect("the start position text is valid"))
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["White", "Black"][seat.min(1)].to_string()
    }

    fn to_move(&self) -> Seat {
        self.to_move as usize
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.goal_reached() {
            return Some(Outcome::win(seat));
        }
        (!self.has_move()).then(|| Outcome::win(self.to_move as usize ^ 1))
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.goal_reached().is_none() {
            self.generate(moves);
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.move_piece(mv.from, mv.to);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.goal_reached().is_none() && self.check(mv).is_ok()
    }

    fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if let Err(why) = self.check(mv) {
            return Err(MoveError::illegal(
                notation::format_move(mv),
                why.describe(mv),
            ));
        }
        self.play(mv);
        Ok(())
    }

    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        if self.goal_reached().is_some() {
            return None;
        }
        self.random_legal(rng, buffer)
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(match self.outcome() {
            Some(outcome) => outcome.scores(),
            None => eval::evaluate(self),
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn position(&self) -> String {
        position::write(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        position::read(text)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        render::render(self, view)
    }
}
