//! The [`tabula_core::Game`] implementation: a thin layer over the state's rules.

use tabula_core::{
    legacy::Legacy, MoveError, Outcome, ParamError, ParamSpec, Params, PositionError, Scores, Seat,
    View,
};
use tabula_sowing::{TwoRows, Words};

use crate::state::{seat_name, Kalah, Pit};
use crate::{notation, params, position, render};

impl Legacy for Kalah {
    type Move = Pit;

    const NAME: &'static str = "kalah";
    const DESCRIPTION: &'static str =
        "Kalah: 2x6 mancala with stores; a last seed in your store moves again";
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

    fn play(&mut self, mv: Pit) {
        self.apply(mv);
    }

    fn evaluate(&self) -> Option<Scores> {
        Some(self.estimate())
    }

    fn action_count(&self) -> usize {
        self.pits()
    }

    fn action(&self, mv: Pit) -> usize {
        usize::from(mv.0)
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

impl TwoRows for Kalah {
    const WORDS: Words = Words {
        title: "Kalah",
        banks: "stores",
        banks_in_full: "stores",
    };

    fn board(&self) -> &[u8] {
        Kalah::board(self)
    }

    fn banks(&self) -> [u8; 2] {
        self.stores()
    }

    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String> {
        Kalah::with_board(self, board, banks, to_move)
    }

    fn result_text(&self) -> Option<String> {
        render::result(self)
    }
}
