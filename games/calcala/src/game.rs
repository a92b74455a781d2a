//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Rng, Scores,
    Seat, View,
};

use crate::state::{Calcala, Move};
use crate::{notation, params, position, render};

impl Legacy for Calcala {
    type Move = Move;

    const NAME: &'static str = "calcala";
    const DESCRIPTION: &'static str =
        "6x6 capture mancala for 2-4 players: sow in 8 directions, relay, capture";
    const PARAMS: &'static [ParamSpec] = params::PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        params::start(params)
    }

    fn players(&self) -> usize {
        self.player_count()
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
        self.list_moves(moves);
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.allows(mv)
    }

    fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.result().is_some() {
            return Err(MoveError::GameOver);
        }
        if let Err(why) = self.check(mv) {
            return Err(MoveError::illegal(mv.to_string(), why.describe(mv)));
        }
        self.apply(mv);
        Ok(())
    }

    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        self.pick_random(rng, buffer)
    }

    /// Stops the playout before a move whose relay chain passes
    /// [`PLAYOUT_RELAYS`](crate::PLAYOUT_RELAYS).
    fn play_in_playout(&mut self, mv: Move) -> bool {
        self.apply_in_playout(mv)
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.estimate())
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
        mv.to_string()
    }

    fn position(&self) -> String {
        position::format(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        position::parse(text, self.player_count())
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        render::render(self, view)
    }

    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        Some(crate::svg::svg(self, view))
    }

    fn explain_move(&self, mv: Move) -> Option<String> {
        Some(render::describe(&crate::state::trace(self, mv)))
    }
}
