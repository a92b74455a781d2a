//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Rng, Scores,
    Seat, View,
};

use crate::notation;
use crate::state::{seat_name, GridDiffusion, Move};

impl Legacy for GridDiffusion {
    type Move = Move;

    const NAME: &'static str = "grid-diffusion";
    const DESCRIPTION: &'static str =
        "van Patten's grid Diffusion: drop stones, then relocate and attack; a stone needs a friend to live";

    const PARAMS: &'static [ParamSpec] = crate::params::PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        crate::params::start(params)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
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
        self.check(mv).is_ok()
    }

    fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.check(mv)
            .map_err(|reason| MoveError::illegal(notation::format(&self.geo, mv), reason))?;
        self.apply(mv);
        Ok(())
    }

    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        self.pick_random(rng, buffer)
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.estimate())
    }

    fn action_count(&self) -> usize {
        notation::action_count(&self.geo)
    }

    fn action(&self, mv: Move) -> usize {
        notation::action(&self.geo, mv)
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        notation::action_move(&self.geo, action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.observed_shape()
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(&self.geo, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format(&self.geo, mv)
    }

    fn position(&self) -> String {
        self.position_text()
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        self.read_position(text)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        self.draw(view)
    }

    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        Some(self.picture(view))
    }
}
