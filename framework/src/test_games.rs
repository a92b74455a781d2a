//! Small games with known answers, for the framework's own tests.

use crate::error::{MoveError, PositionError};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::params::{ParamError, ParamSpec, Params};

/// Nim for `players` seats in turn: take 1–3 stones, whoever takes the
/// last stone wins. With two players a count that is a multiple of 4 is
/// lost for the seat to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    pub left: u8,
    pub to_move: usize,
    pub players: usize,
}

impl Nim {
    /// `left` stones, `to_move` (from 0) to move, `players` seats.
    pub fn at(left: u8, to_move: usize, players: usize) -> Self {
        Nim {
            left,
            to_move,
            players,
        }
    }
}

impl Game for Nim {
    type Move = u8;
    const NAME: &'static str = "nim";
    const DESCRIPTION: &'static str = "take 1-3 stones, last stone wins";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Nim::at(10, 0, 2))
    }
    fn players(&self) -> usize {
        self.players
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        let last = (self.to_move + self.players - 1) % self.players;
        (self.left == 0).then(|| Outcome::win(last))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.left > 0 {
            moves.extend((1..=3).filter(|&n| n <= self.left));
        }
    }
    fn play(&mut self, mv: u8) {
        self.left -= mv;
        self.to_move = (self.to_move + 1) % self.players;
    }
    fn key(&self) -> u64 {
        crate::key::of(&[self.left.into(), self.to_move as u64, self.players as u64])
    }
    fn action_count(&self) -> usize {
        3
    }
    fn action(&self, mv: u8) -> usize {
        usize::from(mv) - 1
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 3).then(|| action as u8 + 1)
    }
    /// The stones left, then the seat to move counted from the observer.
    fn observation_shape(&self) -> Vec<usize> {
        vec![1 + self.players]
    }
    fn observe(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        out[0] = self.left.into();
        out[1 + (self.to_move + self.players - seat) % self.players] = 1.0;
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.trim()
            .parse()
            .map_err(|_| MoveError::syntax(text, "1-3"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    /// `LEFT SEAT`, seats from 1 (the same players as this state).
    fn position(&self) -> String {
        format!("{} {}", self.left, self.to_move + 1)
    }
    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        let bad = || PositionError::new(text, "expected `LEFT SEAT`");
        let (left, seat) = text.trim().split_once(' ').ok_or_else(bad)?;
        let seat: usize = seat.parse().map_err(|_| bad())?;
        if !(1..=self.players).contains(&seat) {
            return Err(bad());
        }
        Ok(Nim::at(
            left.parse().map_err(|_| bad())?,
            seat - 1,
            self.players,
        ))
    }
}
