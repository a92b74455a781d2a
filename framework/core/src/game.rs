//! The [`Game`] trait, the rules of a position; [`FullGame`], a game with
//! every facet the registry asks for; and the [`View`] a board drawing is
//! given.
//!
//! A game is two types: its **variant** (a [`Variant`]: the parameters,
//! the names, the rules text, how many players and actions, the start) and
//! its **state** (a [`Game`]: one position of a variant, the hot path of
//! every search). Beside the rules stand the **facets**, each a trait of
//! its own that a game implements in the module that owns it:
//!
//! | facet | what it does | who asks for it |
//! | --- | --- | --- |
//! | [`Notation`] | move and position texts | the REPL, records, engines, agents' reports |
//! | [`Actions`] | moves as numbers | RAVE and MAST statistics, alpha-beta's move ordering, policies, Python |
//! | [`Observation`] | what a seat sees, as numbers | learned agents, Python |
//! | [`Evaluation`] | expected scores of an unfinished game | MCTS cut-offs and priors, alpha-beta, `az` |
//! | [`Drawing`] | the REPL's board, moves explained | the REPL, the web page |
//! | [`Picture`] | the board as SVG with click targets | `show --svg`, the web page |
//!
//! A search names only the facets it uses (MCTS: the rules, [`Actions`] and
//! [`Evaluation`]; solving: the rules alone); the registry, and so the
//! REPL, tournaments, the web page and Python, take a [`FullGame`]: every
//! facet.
//!
//! [`Notation`]: crate::Notation
//! [`Actions`]: crate::Actions
//! [`Observation`]: crate::Observation
//! [`Evaluation`]: crate::Evaluation
//! [`Drawing`]: crate::Drawing
//! [`Picture`]: crate::Picture

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng as _;

use crate::draw::{Drawing, Picture};
use crate::encoding::{Actions, Observation};
use crate::error::MoveError;
use crate::eval::Evaluation;
use crate::notation::Notation;
use crate::outcome::Outcome;
pub use crate::outcome::Seat;
use crate::render::{paint, Style};
use crate::rng::Rng;
use crate::spec::SpecError;
use crate::variant::Variant;

/// The rules of one position of a game: whose turn it is, the legal moves,
/// what a move does, and when the game is over.
///
/// A value of the implementing type is a whole position of one
/// [`Variant`], which it carries ([`variant`](Game::variant)), so it can be
/// cloned freely (copy-make: MCTS clones the root once per iteration and
/// then only applies moves). These are the hot-path methods, called
/// through static dispatch by every search; six are required, and the
/// provided ones may be overridden where a game does better (a direct
/// legality test, a random move without the list).
///
/// The facets beside it ([`Notation`](crate::Notation),
/// [`Actions`](crate::Actions), [`Observation`](crate::Observation),
/// [`Evaluation`](crate::Evaluation), [`Drawing`](crate::Drawing),
/// [`Picture`](crate::Picture)) are traits of their own; see the
/// [module](self) for which part of Tabula asks for which.
///
/// ```
/// use tabula_core::prelude::*;
/// use tabula_core::{MoveError, ParamError, ParamSpec, Params, PositionError};
///
/// /// Take 1–3 stones; whoever takes the last stone wins.
/// #[derive(Clone, Debug)]
/// struct Nim { variant: Piles, left: u8, to_move: usize }
///
/// /// The variant: how many stones there are at the start.
/// #[derive(Clone, Debug)]
/// struct Piles { stones: u8 }
///
/// impl Variant for Piles {
///     type State = Nim;
///     const NAME: &'static str = "nim";
///     const DESCRIPTION: &'static str = "take 1-3 stones, last stone wins";
///     const PARAMS: &'static [ParamSpec] = &[];
///     const RULES: &'static str = "Take 1, 2 or 3 stones; taking the last stone wins.";
///     fn new(_: &Params) -> Result<Self, ParamError> { Ok(Piles { stones: 10 }) }
///     fn start(&self) -> Nim { Nim { variant: self.clone(), left: self.stones, to_move: 0 } }
///     fn players(&self) -> usize { 2 }
///     // Actions 0, 1, 2 take 1, 2, 3 stones.
///     fn action_count(&self) -> usize { 3 }
///     // Seen by a seat: the stones left, and whether it is that seat's turn.
///     fn observation_shape(&self) -> Vec<usize> { vec![2] }
/// }
///
/// impl Game for Nim {
///     type Move = u8;
///     type Variant = Piles;
///     fn variant(&self) -> &Piles { &self.variant }
///     fn to_move(&self) -> usize { self.to_move }
///     fn outcome(&self) -> Option<Outcome> {
///         // The player who just moved took the last stone.
///         (self.left == 0).then(|| Outcome::win(1 - self.to_move))
///     }
///     fn key(&self) -> u64 { tabula_core::key::of(&[self.left.into(), self.to_move as u64]) }
///     fn legal_moves(&self, moves: &mut Vec<u8>) {
///         moves.clear();
///         moves.extend((1..=3).filter(|&n| n <= self.left));
///     }
///     fn play(&mut self, mv: u8) { self.left -= mv; self.to_move = 1 - self.to_move; }
/// }
///
/// impl Notation for Nim {
///     fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
///         text.trim().parse().map_err(|_| MoveError::syntax(text, "a number 1-3"))
///     }
///     fn format_move(&self, mv: u8) -> String { mv.to_string() }
///     fn position(&self) -> String { format!("{} {}", self.left, self.to_move + 1) }
///     fn read_position(variant: &Piles, text: &str) -> Result<Nim, PositionError> {
///         let bad = || PositionError::new(text, "expected `LEFT SEAT`");
///         let (left, seat) = text.trim().split_once(' ').ok_or_else(bad)?;
///         let seat: usize = seat.parse().map_err(|_| bad())?;
///         if !(1..=2).contains(&seat) { return Err(bad()); }
///         let left = left.parse().map_err(|_| bad())?;
///         Ok(Nim { variant: variant.clone(), left, to_move: seat - 1 })
///     }
/// }
///
/// let mut nim = Nim::from_spec("nim").unwrap();
/// nim.try_play(3).unwrap();
/// assert_eq!(nim.position(), "7 2");
/// assert!(nim.try_play(4).is_err());
/// assert_eq!(nim.variant().parse_position("7 2").unwrap().position(), "7 2");
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move; small and `Copy` so search trees store it inline.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The variant this is a position of: its parameters, names and start.
    type Variant: Variant<State = Self>;

    /// The variant this position belongs to.
    fn variant(&self) -> &Self::Variant;
    /// The seat to move. Meaningless once [`outcome`](Game::outcome) is `Some`.
    fn to_move(&self) -> Seat;
    /// `Some` exactly when the game is over. While it is `None` there is at
    /// least one legal move.
    fn outcome(&self) -> Option<Outcome>;

    /// A cheap 64-bit identity of the whole state, hidden parts included
    /// (a ko history, the side to move, pass counts): equal for states with
    /// the same future, different otherwise except by hash collision. Tree
    /// reuse and the conformance suite compare keys instead of position
    /// texts. [`key::of`](crate::key::of) mixes a few words into one.
    fn key(&self) -> u64;

    /// Clears `moves` and fills it with every legal move, each once, in a
    /// fixed order. The caller keeps the buffer, so there is no allocation
    /// once it has grown.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Applies a legal move. The fast path: legality is the caller's job.
    fn play(&mut self, mv: Self::Move);

    /// How many players the variant seats ([`Variant::players`]).
    #[inline]
    fn players(&self) -> usize {
        self.variant().players()
    }

    /// The start position for a spec text such as `diffusion(width=8)`,
    /// typed: for tests, benchmarks and programs that know their game
    /// ([`Variant::from_spec`], then [`Variant::start`]).
    fn from_spec(text: &str) -> Result<Self, SpecError> {
        Ok(Self::Variant::from_spec(text)?.start())
    }

    /// Whether `mv` is legal here. The default asks [`legal_moves`](Game::legal_moves).
    fn is_legal(&self, mv: Self::Move) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Applies `mv` if it is legal, otherwise leaves the state untouched;
    /// the error names the move in the game's [`Notation`].
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError>
    where
        Self: Notation,
    {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal {
                mv: self.format_move(mv),
                reason: self.illegal_reason(mv),
            });
        }
        self.play(mv);
        Ok(())
    }

    /// Why `mv`, which [`is_legal`](Game::is_legal) refuses, is illegal: the
    /// rule it breaks, in words, which [`try_play`](Game::try_play)'s error
    /// carries to the user. The default gives no reason.
    fn illegal_reason(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }

    /// A uniformly random legal move, `None` when the game is over. Playouts
    /// call this; override it when a game can pick a move faster than it can
    /// list them all (the choice must stay uniform).
    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Self::Move>) -> Option<Self::Move> {
        if self.outcome().is_some() {
            return None;
        }
        self.legal_moves(buffer);
        if buffer.is_empty() {
            return None;
        }
        Some(buffer[rng.random_range(0..buffer.len())])
    }

    /// Applies a legal move inside a random playout, where one move may be
    /// too costly to finish (Calcala's relay chains can run for a million
    /// relays). Returns `false`, with the state untouched, to end the
    /// playout before `mv`: it is then scored by
    /// [`evaluate`](crate::Evaluation::evaluate) exactly like a playout
    /// stopped at its ply limit, so no rule changes. Real play never calls
    /// this. The default plays `mv` and returns `true`.
    /// (Always inlined, with the game's `play` where that is inlined too,
    /// into both copies of the playout loop (`tabula_core::fast_copy!`):
    /// called out of line, it would run the baseline code.)
    #[inline(always)]
    fn play_in_playout(&mut self, mv: Self::Move) -> bool {
        self.play(mv);
        true
    }
}

/// A game with every facet: what the registry, and through it the REPL,
/// tournaments, the web page, the engine protocol and Python, ask of a
/// game. Implemented for every type that has them all; a game never
/// implements it by hand.
pub trait FullGame:
    Game + Notation + Actions + Observation + Evaluation + Drawing + Picture
{
}

impl<G> FullGame for G where
    G: Game + Notation + Actions + Observation + Evaluation + Drawing + Picture
{
}

/// The context of one board drawing.
#[derive(Debug, Clone, Copy)]
pub struct View<'a, G: Game> {
    /// The position before the last move, and that move, so the board can
    /// mark what just happened (sowing paths, the moved piece).
    pub last: Option<(&'a G, G::Move)>,
    /// Whether ANSI colour may be used (off when output is not a terminal).
    pub color: bool,
}

impl<G: Game> View<'_, G> {
    /// A view with no last move and no colour.
    pub fn plain() -> Self {
        View {
            last: None,
            color: false,
        }
    }

    /// `text` in the given style when colour is on, unchanged otherwise.
    pub fn paint(&self, text: &str, style: Style) -> String {
        paint(text, style, self.color)
    }
}
