//! The [`Variant`] trait: a game with its parameters set, the object that
//! knows everything that is the same in every position of it (OpenSpiel's
//! `Game`, where a [`Game`](crate::Game) is OpenSpiel's `State`).

use std::fmt::Debug;

use crate::error::PositionError;
use crate::game::Game;
use crate::notation::Notation;
use crate::outcome::Seat;
use crate::params::{ParamError, ParamSpec, Params};
use crate::spec::{Spec, SpecError};

/// A variant of a game: its name, rules and parameters, and the facts the
/// same for every position of it — how many players, how they are called,
/// how many action numbers and what shape of observation, how long a game
/// may last — and its start position.
///
/// Every state carries its variant ([`Game::variant`]): keep it small
/// (the parameters the rules read, a few bytes), since each clone of a
/// state copies it. See [`Game`] for a whole example.
pub trait Variant: Clone + Debug + Send + Sync + 'static {
    /// The positions of this variant.
    type State: Game<Variant = Self>;

    /// The registry name, e.g. `"diffusion"`.
    const NAME: &'static str;
    /// One line for `tabula list`.
    const DESCRIPTION: &'static str;
    /// The parameters this game accepts, with defaults.
    const PARAMS: &'static [ParamSpec];
    /// The rules as implemented, including every reading decision: what the
    /// REPL's `rules` command prints (the shipped games keep it in their
    /// `RULES.txt`).
    const RULES: &'static str;

    /// The variant of these (already validated against
    /// [`PARAMS`](Variant::PARAMS)) parameters, or why they do not make
    /// one (what a spec cannot say: `line` at most `size`).
    fn new(params: &Params) -> Result<Self, ParamError>;

    /// The start position.
    fn start(&self) -> Self::State;

    /// How many players a game of this variant seats (up to
    /// [`MAX_PLAYERS`](crate::MAX_PLAYERS)).
    fn players(&self) -> usize;

    /// How many action numbers this variant uses. Actions number moves
    /// stably ([`Actions`](crate::Actions)), for statistics kept per move
    /// across positions (RAVE, MAST), bindings and policy networks.
    fn action_count(&self) -> usize;

    /// The shape of an observation
    /// ([`Observation::observe`](crate::Observation::observe)), outermost
    /// dimension first (`[planes, rows, columns]` for a board, `[n]` for a
    /// flat vector), so that one network fits the variant. Its product is
    /// the length of `observe`'s output.
    fn observation_shape(&self) -> Vec<usize>;

    /// How a seat is called in this game (`"South"`, `"X"`); the default
    /// is `player N`, counting from 1.
    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }

    /// The most moves a game of this variant can last from its start
    /// position, where the rules bound it (OpenSpiel's `MaxGameLength`,
    /// which sizes buffers and training episodes; tic-tac-toe's is its
    /// cells); `None`, the default, for a game whose length has no bound
    /// worth stating. Callers then cap the length themselves, as
    /// tournaments and playouts do. The test kit plays random games
    /// against a stated bound.
    fn max_game_length(&self) -> Option<usize> {
        None
    }

    /// The variant a spec text such as `diffusion(width=8)` names.
    fn from_spec(text: &str) -> Result<Self, SpecError> {
        let spec = Spec::parse(text)?;
        if spec.name != Self::NAME {
            return Err(SpecError::UnknownName {
                kind: "game",
                name: spec.name,
                choices: vec![Self::NAME.to_string()],
            });
        }
        let params = Params::resolve(Self::NAME, Self::PARAMS, &spec.args)?;
        Self::new(&params).map_err(|e| e.in_game(Self::NAME))
    }

    /// The position of this variant that a position text describes
    /// ([`Notation::read_position`]), or why there is none.
    fn parse_position(&self, text: &str) -> Result<Self::State, PositionError>
    where
        Self::State: Notation,
    {
        Self::State::read_position(self, text)
    }
}
