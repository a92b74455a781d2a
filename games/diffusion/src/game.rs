//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Rng, Scores,
    Seat, View,
};

use crate::geometry::Pit;
use crate::state::{seat_name, Diffusion};
use crate::{notation, params, position, render};

impl Legacy for Diffusion {
    type Move = Pit;

    const NAME: &'static str = "diffusion";
    const DESCRIPTION: &'static str =
        "Mark Steere's 2x6 mancala: sow around the emptied pit; empty your block to win";
    const PARAMS: &'static [ParamSpec] = params::PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        params::start(params)
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.mover()
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn key(&self) -> u64 {
        self.identity()
    }

    fn legal_moves(&self, moves: &mut Vec<Pit>) {
        self.list_moves(moves);
    }

    fn is_legal(&self, mv: Pit) -> bool {
        self.allows(mv)
    }

    #[inline(always)]
    fn play(&mut self, mv: Pit) {
        self.apply(mv);
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.estimate())
    }

    #[inline(always)]
    fn random_move(&self, rng: &mut Rng, _: &mut Vec<Pit>) -> Option<Pit> {
        self.pick_random(rng)
    }

    fn action_count(&self) -> usize {
        notation::action_count(self)
    }

    fn action(&self, mv: Pit) -> usize {
        mv.0 as usize
    }

    fn action_move(&self, action: usize) -> Option<Pit> {
        notation::action_move(self, action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.observed_shape()
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: Pit) -> String {
        notation::format_move(self, mv)
    }

    fn position(&self) -> String {
        position::format_position(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        position::parse_position(self, text)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        render::render(self, view)
    }

    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        Some(crate::svg::svg(self, view))
    }
}
