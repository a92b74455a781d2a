//! The one-trait shape of a game from before the split into rules, a
//! variant and facets, kept while the games move to the new shape one by
//! one: a [`Legacy`] game gets [`Game`], [`Variant`] and every facet from
//! the impls here. Removed once every game has moved.

use std::fmt::Debug;
use std::hash::Hash;

use crate::draw::{Drawing, Picture};
use crate::encoding::{Actions, Observation};
use crate::error::{MoveError, PositionError};
use crate::eval::Evaluation;
use crate::game::{Game, View};
use crate::notation::Notation;
use crate::outcome::{Outcome, Scores, Seat};
use crate::params::{ParamError, ParamSpec, Params};
use crate::rng::Rng;
use crate::variant::Variant;

/// The game trait as it was: every method on the state.
#[allow(missing_docs)]
pub trait Legacy: Clone + Debug + Send + Sync + 'static {
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    const NAME: &'static str;
    const DESCRIPTION: &'static str;
    const PARAMS: &'static [ParamSpec];
    const RULES: &'static str;
    fn new(params: &Params) -> Result<Self, ParamError>;
    fn from_spec(text: &str) -> Result<Self, crate::spec::SpecError> {
        <Of<Self> as Variant>::from_spec(text).map(|variant| variant.0)
    }
    fn players(&self) -> usize;
    fn to_move(&self) -> Seat;
    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }
    fn outcome(&self) -> Option<Outcome>;
    fn key(&self) -> u64;
    fn legal_moves(&self, moves: &mut Vec<<Self as Legacy>::Move>);
    fn play(&mut self, mv: <Self as Legacy>::Move);
    fn is_legal(&self, mv: <Self as Legacy>::Move) -> bool {
        if Legacy::outcome(self).is_some() {
            return false;
        }
        let mut moves = Vec::new();
        Legacy::legal_moves(self, &mut moves);
        moves.contains(&mv)
    }
    fn try_play(&mut self, mv: <Self as Legacy>::Move) -> Result<(), MoveError> {
        if Legacy::outcome(self).is_some() {
            return Err(MoveError::GameOver);
        }
        if !Legacy::is_legal(self, mv) {
            return Err(MoveError::Illegal {
                mv: Legacy::format_move(self, mv),
                reason: None,
            });
        }
        Legacy::play(self, mv);
        Ok(())
    }
    fn random_move(
        &self,
        rng: &mut Rng,
        buffer: &mut Vec<<Self as Legacy>::Move>,
    ) -> Option<<Self as Legacy>::Move> {
        use rand::Rng as _;
        if Legacy::outcome(self).is_some() {
            return None;
        }
        Legacy::legal_moves(self, buffer);
        if buffer.is_empty() {
            return None;
        }
        Some(buffer[rng.random_range(0..buffer.len())])
    }
    fn play_in_playout(&mut self, mv: <Self as Legacy>::Move) -> bool {
        Legacy::play(self, mv);
        true
    }
    fn evaluate(&self) -> Option<Scores> {
        None
    }
    fn max_game_length(&self) -> Option<usize> {
        None
    }
    fn action_count(&self) -> usize;
    fn action(&self, mv: <Self as Legacy>::Move) -> usize;
    fn action_move(&self, action: usize) -> Option<<Self as Legacy>::Move>;
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        let mut moves = Vec::new();
        Legacy::legal_moves(self, &mut moves);
        actions.clear();
        actions.extend(moves.into_iter().map(|mv| Legacy::action(self, mv)));
    }
    fn observation_shape(&self) -> Vec<usize>;
    fn observe(&self, seat: Seat, out: &mut [f32]);
    fn parse_move(&self, text: &str) -> Result<<Self as Legacy>::Move, MoveError>;
    fn format_move(&self, mv: <Self as Legacy>::Move) -> String;
    fn position(&self) -> String;
    fn parse_position(&self, text: &str) -> Result<Self, PositionError>;
    fn render(&self, view: &View<'_, Self>) -> String
    where
        Self: Game,
    {
        let _ = view;
        Legacy::position(self)
    }
    fn svg(&self, view: &View<'_, Self>) -> Option<String>
    where
        Self: Game,
    {
        let _ = view;
        None
    }
    fn explain_move(&self, mv: <Self as Legacy>::Move) -> Option<String> {
        let _ = mv;
        None
    }
}

/// A legacy game's variant: any of its states answers for it.
#[derive(Clone, Debug)]
#[repr(transparent)]
pub struct Of<T>(T);

impl<T: Legacy> Variant for Of<T> {
    type State = T;
    const NAME: &'static str = T::NAME;
    const DESCRIPTION: &'static str = T::DESCRIPTION;
    const PARAMS: &'static [ParamSpec] = T::PARAMS;
    const RULES: &'static str = T::RULES;
    fn new(params: &Params) -> Result<Self, ParamError> {
        T::new(params).map(Of)
    }
    fn start(&self) -> T {
        self.0.clone()
    }
    fn players(&self) -> usize {
        Legacy::players(&self.0)
    }
    fn action_count(&self) -> usize {
        Legacy::action_count(&self.0)
    }
    fn observation_shape(&self) -> Vec<usize> {
        Legacy::observation_shape(&self.0)
    }
    fn seat_name(&self, seat: Seat) -> String {
        Legacy::seat_name(&self.0, seat)
    }
    fn max_game_length(&self) -> Option<usize> {
        Legacy::max_game_length(&self.0)
    }
}

impl<T: Legacy> Game for T {
    type Move = <T as Legacy>::Move;
    type Variant = Of<T>;
    fn variant(&self) -> &Of<T> {
        // SAFETY: `Of<T>` is `repr(transparent)` over `T`.
        unsafe { &*(self as *const T as *const Of<T>) }
    }
    fn to_move(&self) -> Seat {
        Legacy::to_move(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Legacy::outcome(self)
    }
    fn key(&self) -> u64 {
        Legacy::key(self)
    }
    fn legal_moves(&self, moves: &mut Vec<<T as Legacy>::Move>) {
        Legacy::legal_moves(self, moves)
    }
    fn play(&mut self, mv: <T as Legacy>::Move) {
        Legacy::play(self, mv)
    }
    fn players(&self) -> usize {
        Legacy::players(self)
    }
    fn is_legal(&self, mv: <T as Legacy>::Move) -> bool {
        Legacy::is_legal(self, mv)
    }
    fn try_play(&mut self, mv: <T as Game>::Move) -> Result<(), MoveError>
    where
        T: Notation,
    {
        // SAFETY: the two are one type (`type Move = <T as Legacy>::Move`
        // above), which the where clause hides from the compiler.
        let mv = unsafe { std::mem::transmute_copy::<_, <T as Legacy>::Move>(&mv) };
        Legacy::try_play(self, mv)
    }
    fn random_move(
        &self,
        rng: &mut Rng,
        buffer: &mut Vec<<T as Legacy>::Move>,
    ) -> Option<<T as Legacy>::Move> {
        Legacy::random_move(self, rng, buffer)
    }
    fn play_in_playout(&mut self, mv: <T as Legacy>::Move) -> bool {
        Legacy::play_in_playout(self, mv)
    }
}

impl<T: Legacy> Notation for T {
    fn parse_move(&self, text: &str) -> Result<<T as Legacy>::Move, MoveError> {
        Legacy::parse_move(self, text)
    }
    fn format_move(&self, mv: <T as Legacy>::Move) -> String {
        Legacy::format_move(self, mv)
    }
    fn position(&self) -> String {
        Legacy::position(self)
    }
    fn read_position(variant: &Of<T>, text: &str) -> Result<T, PositionError> {
        Legacy::parse_position(&variant.0, text)
    }
}

impl<T: Legacy> Actions for T {
    fn action(&self, mv: <T as Legacy>::Move) -> usize {
        Legacy::action(self, mv)
    }
    fn action_move(&self, action: usize) -> Option<<T as Legacy>::Move> {
        Legacy::action_move(self, action)
    }
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        Legacy::legal_actions(self, actions)
    }
}

impl<T: Legacy> Observation for T {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        Legacy::observe(self, seat, out)
    }
}

impl<T: Legacy> Evaluation for T {
    fn evaluate(&self) -> Scores {
        Legacy::evaluate(self).unwrap_or_else(|| match Legacy::outcome(self) {
            Some(outcome) => outcome.scores(),
            None => crate::outcome::even_scores(Legacy::players(self)),
        })
    }
}

impl<T: Legacy> Drawing for T {
    fn render(&self, view: &View<'_, T>) -> String {
        Legacy::render(self, view)
    }
    fn explain_move(&self, mv: <T as Legacy>::Move) -> Option<String> {
        Legacy::explain_move(self, mv)
    }
}

impl<T: Legacy> Picture for T {
    fn svg(&self, view: &View<'_, T>) -> String {
        Legacy::svg(self, view).unwrap_or_default()
    }
}
