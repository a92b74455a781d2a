//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Rng, Scores,
    Seat, View,
};

use crate::state::{seat_name, Differo, Move};
use crate::{notation, params, position, render};

impl Legacy for Differo {
    type Move = Move;

    const NAME: &'static str = "differo";
    const DESCRIPTION: &'static str =
        "Kashio Fujii's hex race: move by the piece difference on a line, first to the far goal wins";
    const PARAMS: &'static [ParamSpec] = params::PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        params::start(params)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    fn to_move(&self) -> Seat {
        self.to_move as usize
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn key(&self) -> u64 {
        self.identity()
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
        if self.result().is_some() {
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
        Some(match self.result() {
            Some(outcome) => outcome.scores(),
            None => self.estimate(),
        })
    }

    fn action_count(&self) -> usize {
        notation::ACTIONS
    }

    fn action(&self, mv: Move) -> usize {
        notation::action(mv)
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        notation::action_move(action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.observed_shape()
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
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

    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        Some(crate::svg::svg(self, view))
    }
}
