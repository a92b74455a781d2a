//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Scores, Seat,
    View,
};
use tabula_sowing::{TwoRows, Words};

use crate::state::{seat_name, House, Oware};
use crate::{notation, params, position, render};

impl Legacy for Oware {
    type Move = House;

    const NAME: &'static str = "oware";
    const DESCRIPTION: &'static str =
        "Oware (abapa): 2x6 mancala; capture 2s and 3s, feed an empty opponent";
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

    fn legal_moves(&self, moves: &mut Vec<House>) {
        self.list_moves(moves);
    }

    fn is_legal(&self, mv: House) -> bool {
        self.allows(mv)
    }

    #[inline]
    fn play(&mut self, mv: House) {
        self.apply(mv);
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.estimate())
    }

    fn action_count(&self) -> usize {
        self.houses()
    }

    fn action(&self, mv: House) -> usize {
        usize::from(mv.0)
    }

    fn action_move(&self, action: usize) -> Option<House> {
        notation::action_move(self, action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.observed_shape()
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.write_observation(seat, out);
    }

    fn parse_move(&self, text: &str) -> Result<House, MoveError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: House) -> String {
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

impl TwoRows for Oware {
    const WORDS: Words = Words {
        title: "Oware",
        banks: "captures",
        banks_in_full: "captured seeds",
    };

    fn board(&self) -> &[u8] {
        Oware::board(self)
    }

    fn banks(&self) -> [u8; 2] {
        self.scores()
    }

    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String> {
        Oware::with_board(self, board, banks, to_move)
    }

    fn result_text(&self) -> Option<String> {
        render::result(self)
    }
}
