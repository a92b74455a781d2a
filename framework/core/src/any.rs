//! The object-safe view of a game (text moves, boxed states) that the REPL
//! and tournaments use, provided for every [`FullGame`] by [`Boxed`].

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use crate::error::{MoveError, PositionError};
use crate::game::{FullGame, Seat, View};
use crate::outcome::Outcome;
use crate::params::Params;
use crate::variant::Variant;

/// A game state of any registered game, driven by text.
pub trait AnyGame: Send + Sync + Debug {
    /// The registry name, e.g. `"diffusion"`.
    fn name(&self) -> &'static str;
    /// The game's parameters, defaults filled in.
    fn params(&self) -> &Params;
    /// The game's spec text, showing non-default parameters: `diffusion(width=8)`.
    fn spec(&self) -> String {
        format!("{}{}", self.name(), self.params())
    }
    /// How many players this position seats.
    fn players(&self) -> usize;
    /// The seat to move; meaningless once the game is over.
    fn to_move(&self) -> Seat;
    /// How the game calls a seat (`"A"`, `"Black"`, `"player 3"`).
    fn seat_name(&self, seat: Seat) -> String;
    /// `Some` exactly when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Canonical texts of the legal moves, in the game's order.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given as text; returns its canonical text. On error the
    /// state is unchanged.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// The variant's bound on a game's length (see [`Variant::max_game_length`]).
    fn max_game_length(&self) -> Option<usize>;
    /// How many action numbers the variant uses (see [`Variant::action_count`]).
    fn action_count(&self) -> usize;
    /// The legal moves' action numbers, in the game's move order.
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }
    /// [`legal_actions`](AnyGame::legal_actions) into a buffer the caller
    /// keeps (cleared first): no allocation once it has grown, for games
    /// that number their moves directly (see [`Actions::legal_actions`]).
    fn legal_actions_into(&self, actions: &mut Vec<usize>);
    /// Plays the move numbered `action`. On error (a number that is no
    /// move, an illegal move, a finished game) the state is unchanged.
    fn play_action(&mut self, action: usize) -> Result<(), MoveError>;
    /// The canonical text of the move numbered `action`, legal here or not.
    fn action_text(&self, action: usize) -> Result<String, MoveError>;
    /// The action number of a move text (its syntax checked, not its legality).
    fn parse_action(&self, text: &str) -> Result<usize, MoveError>;
    /// The shape of an observation (see [`Variant::observation_shape`]).
    fn observation_shape(&self) -> Vec<usize>;
    /// Replaces `out` with what `seat` (below [`players`](AnyGame::players))
    /// observes (see [`Observation::observe`]).
    fn observe(&self, seat: Seat, out: &mut Vec<f32>);
    /// The position text (see [`Notation::position`]).
    fn position(&self) -> String;
    /// A state of the same game and parameters at the position `text`.
    fn with_position(&self, text: &str) -> Result<Box<dyn AnyGame>, PositionError>;
    /// The board; `last` is the state before the last move and its text.
    fn render(&self, last: Option<(&dyn AnyGame, &str)>, color: bool) -> String;
    /// The board as an SVG picture, if the game draws one (see [`Picture::svg`]).
    fn svg(&self, last: Option<(&dyn AnyGame, &str)>) -> Option<String>;
    /// What the move `text` does from here, in words, if the game says more
    /// than the move text (see [`Drawing::explain_move`]); `None` for an
    /// unreadable move too.
    fn explain_move(&self, text: &str) -> Option<String>;
    /// The rules as implemented (see [`Variant::RULES`]).
    fn rules(&self) -> &'static str;
    /// A boxed copy of this state; what `Clone` for `Box<dyn AnyGame>` uses.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// For downcasting back to the concrete [`Boxed`] game, e.g. to give a
    /// typed agent its state.
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A [`FullGame`] with its parameters: the implementation of [`AnyGame`].
#[derive(Debug, Clone)]
pub struct Boxed<G: FullGame> {
    /// The game state.
    pub state: G,
    /// The parameters `state` was created with, shared by every state of
    /// the variant: a copy of a state (`clone_box`, each new game from
    /// Python) then costs no allocations for them.
    pub params: Arc<Params>,
}

impl<G: FullGame> Boxed<G> {
    /// The move numbered `action`, or why there is none.
    fn action_move(&self, action: usize) -> Result<G::Move, MoveError> {
        self.state.action_move(action).ok_or_else(|| {
            MoveError::syntax(
                &action.to_string(),
                format!(
                    "the action number of a move of {} (0 to {})",
                    G::Variant::NAME,
                    self.state.variant().action_count().saturating_sub(1)
                ),
            )
        })
    }
}

impl<G: FullGame> AnyGame for Boxed<G> {
    fn name(&self) -> &'static str {
        G::Variant::NAME
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn players(&self) -> usize {
        self.state.players()
    }

    fn to_move(&self) -> Seat {
        self.state.to_move()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.state.variant().seat_name(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.state.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| self.state.format_move(mv))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.state.parse_move(text)?;
        let canonical = self.state.format_move(mv);
        self.state.try_play(mv)?;
        Ok(canonical)
    }

    fn max_game_length(&self) -> Option<usize> {
        self.state.variant().max_game_length()
    }

    fn action_count(&self) -> usize {
        self.state.variant().action_count()
    }

    fn legal_actions_into(&self, actions: &mut Vec<usize>) {
        self.state.legal_actions(actions);
    }

    fn play_action(&mut self, action: usize) -> Result<(), MoveError> {
        let mv = self.action_move(action)?;
        self.state.try_play(mv)
    }

    fn action_text(&self, action: usize) -> Result<String, MoveError> {
        Ok(self.state.format_move(self.action_move(action)?))
    }

    fn parse_action(&self, text: &str) -> Result<usize, MoveError> {
        Ok(self.state.action(self.state.parse_move(text)?))
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.state.variant().observation_shape()
    }

    fn observe(&self, seat: Seat, out: &mut Vec<f32>) {
        out.clear();
        out.resize(
            self.state.variant().observation_shape().iter().product(),
            0.0,
        );
        self.state.observe(seat, out);
    }

    fn position(&self) -> String {
        self.state.position()
    }

    fn with_position(&self, text: &str) -> Result<Box<dyn AnyGame>, PositionError> {
        Ok(Box::new(Boxed {
            state: self.state.variant().parse_position(text)?,
            params: self.params.clone(),
        }))
    }

    fn render(&self, last: Option<(&dyn AnyGame, &str)>, color: bool) -> String {
        self.state.render(&View {
            last: typed_last(last),
            color,
        })
    }

    fn svg(&self, last: Option<(&dyn AnyGame, &str)>) -> Option<String> {
        Some(self.state.svg(&View {
            last: typed_last(last),
            color: false,
        }))
    }

    fn explain_move(&self, text: &str) -> Option<String> {
        self.state.explain_move(self.state.parse_move(text).ok()?)
    }

    fn rules(&self) -> &'static str {
        G::Variant::RULES
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The last move of a text view as the typed game sees it: `None` when the
/// state before it is another game or the move does not read.
fn typed_last<'a, G: FullGame>(last: Option<(&'a dyn AnyGame, &str)>) -> Option<(&'a G, G::Move)> {
    let (before, text) = last?;
    let before = &before.as_any().downcast_ref::<Boxed<G>>()?.state;
    Some((before, before.parse_move(text).ok()?))
}
