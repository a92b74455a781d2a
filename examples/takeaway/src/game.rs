//! The `Game` implementation: each method delegates to the module that
//! holds its rule or notation.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Scores, Seat,
    View,
};

use crate::observation::SHAPE;
use crate::state::{seat_name, Takeaway};
use crate::{params, render, svg};

impl Legacy for Takeaway {
    /// The number of stones taken.
    type Move = u32;
    const NAME: &'static str = "takeaway";
    const DESCRIPTION: &'static str =
        "take 1 to k stones from one pile, the last stone wins (the new-game template)";
    const PARAMS: &'static [ParamSpec] = params::PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        params::start(params)
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.judge()
    }

    fn key(&self) -> u64 {
        tabula_core::key::of(&[self.left.into(), self.to_move as u64])
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend(1..=self.most());
    }

    fn play(&mut self, mv: u32) {
        self.take_stones(mv);
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.scores())
    }

    fn action_count(&self) -> usize {
        self.take as usize
    }

    fn action(&self, mv: u32) -> usize {
        Takeaway::action_of(mv)
    }

    fn action_move(&self, action: usize) -> Option<u32> {
        self.take_of(action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        SHAPE.to_vec()
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.observe_into(seat, out);
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        self.parse_take(text)
    }

    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }

    fn position(&self) -> String {
        self.write_position()
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        self.read_position(text)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        render::render(self, view)
    }

    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        Some(svg::svg(self, view))
    }
}
