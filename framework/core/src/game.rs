//! The [`Game`] trait every game implements, and the [`View`] its board
//! drawing is given.

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng as _;

use crate::error::{MoveError, PositionError};
pub use crate::outcome::Seat;
use crate::outcome::{Outcome, Scores};
use crate::params::{ParamError, ParamSpec, Params};
use crate::render::{paint, Style};
use crate::rng::Rng;
use crate::spec::{Spec, SpecError};

/// A game state: the rules of one game, seen from one position.
///
/// A value of the implementing type is a whole position, including its
/// variant parameters, so it can be cloned freely (copy-make: MCTS clones
/// the root once per iteration and then only applies moves).
///
/// The hot-path methods ([`legal_moves`](Game::legal_moves),
/// [`play`](Game::play), [`random_move`](Game::random_move)) are called
/// through static dispatch by the search; the text methods serve the REPL,
/// saved games and tests. The object-safe view used by the REPL and
/// tournaments is [`AnyGame`](crate::AnyGame), provided for every `Game`.
///
/// ```
/// use tabula_core::{Game, Outcome, Params, ParamSpec, ParamError, MoveError, PositionError};
///
/// /// Take 1–3 stones; whoever takes the last stone wins.
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Nim { left: u8, to_move: usize }
///
/// impl Game for Nim {
///     type Move = u8;
///     const NAME: &'static str = "nim";
///     const DESCRIPTION: &'static str = "take 1-3 stones, last stone wins";
///     const PARAMS: &'static [ParamSpec] = &[];
///     const RULES: &'static str = "Take 1, 2 or 3 stones; taking the last stone wins.";
///     fn new(_: &Params) -> Result<Self, ParamError> { Ok(Nim { left: 10, to_move: 0 }) }
///     fn players(&self) -> usize { 2 }
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
///     // Actions 0, 1, 2 take 1, 2, 3 stones.
///     fn action_count(&self) -> usize { 3 }
///     fn action(&self, mv: u8) -> usize { usize::from(mv) - 1 }
///     fn action_move(&self, action: usize) -> Option<u8> { (action < 3).then(|| action as u8 + 1) }
///     // Seen by a seat: the stones left, and whether it is that seat's turn.
///     fn observation_shape(&self) -> Vec<usize> { vec![2] }
///     fn observe(&self, seat: usize, out: &mut [f32]) {
///         out[0] = self.left.into();
///         out[1] = if seat == self.to_move { 1.0 } else { 0.0 };
///     }
///     fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
///         text.trim().parse().map_err(|_| MoveError::syntax(text, "a number 1-3"))
///     }
///     fn format_move(&self, mv: u8) -> String { mv.to_string() }
///     fn position(&self) -> String { format!("{} {}", self.left, self.to_move + 1) }
///     fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
///         let bad = || PositionError::new(text, "expected `LEFT SEAT`");
///         let (left, seat) = text.trim().split_once(' ').ok_or_else(bad)?;
///         let seat: usize = seat.parse().map_err(|_| bad())?;
///         if !(1..=2).contains(&seat) { return Err(bad()); }
///         Ok(Nim { left: left.parse().map_err(|_| bad())?, to_move: seat - 1 })
///     }
/// }
///
/// let mut nim = Nim::new(&Params::default()).unwrap();
/// nim.try_play(3).unwrap();
/// assert_eq!(nim.position(), "7 2");
/// assert!(nim.try_play(4).is_err());
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move; small and `Copy` so search trees store it inline.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The registry name, e.g. `"diffusion"`.
    const NAME: &'static str;
    /// One line for `tabula list`.
    const DESCRIPTION: &'static str;
    /// The variant parameters this game accepts, with defaults.
    const PARAMS: &'static [ParamSpec];
    /// The rules as implemented, including every reading decision: what the
    /// REPL's `rules` command prints (the shipped games keep it in their
    /// `RULES.txt`).
    const RULES: &'static str;

    /// The start position for these (already validated) parameters.
    fn new(params: &Params) -> Result<Self, ParamError>;

    /// The start position for a spec text such as `diffusion(width=8)`,
    /// typed: for tests, benchmarks and programs that know their game.
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

    /// How many players this position seats.
    fn players(&self) -> usize;
    /// The seat to move. Meaningless once [`outcome`](Game::outcome) is `Some`.
    fn to_move(&self) -> Seat;
    /// How a seat is called in this game (`"A"`, `"Black"`, `"player 3"`).
    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }
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

    /// Whether `mv` is legal here. The default asks [`legal_moves`](Game::legal_moves).
    fn is_legal(&self, mv: Self::Move) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Applies `mv` if it is legal, otherwise leaves the state untouched.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal {
                mv: self.format_move(mv),
                reason: None,
            });
        }
        self.play(mv);
        Ok(())
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
    /// playout before `mv`: it is then scored by [`evaluate`](Game::evaluate)
    /// exactly like a playout stopped at its ply limit, so no rule changes.
    /// Real play never calls this. The default plays `mv` and returns `true`.
    /// (Always inlined, with the game's `play` where that is inlined too,
    /// into each copy of the playout loop that `tabula_core::dispatch!`
    /// makes: called out of line, it would run the baseline code.)
    #[inline(always)]
    fn play_in_playout(&mut self, mv: Self::Move) -> bool {
        self.play(mv);
        true
    }

    /// A heuristic estimate of each seat's final score (each in 0..=1,
    /// summing to 1), used when a playout is cut off at `max_plies`.
    /// `None` (the default) counts a cut-off playout as a draw.
    fn evaluate(&self) -> Option<Scores> {
        None
    }

    /// The most moves a game of this variant can last from its start
    /// position, where the rules bound it (OpenSpiel's `MaxGameLength`,
    /// which sizes buffers and training episodes); `None`, the default, for
    /// a game whose length has no bound worth stating. Callers then cap the
    /// length themselves, as tournaments and playouts do.
    fn max_game_length(&self) -> Option<usize> {
        None
    }

    /// How many action numbers this variant uses: the same for every state
    /// of one variant. Actions number moves stably, for statistics kept per
    /// move across positions (RAVE, MAST), bindings and policy networks.
    fn action_count(&self) -> usize;
    /// The action number of `mv`: below [`action_count`](Game::action_count),
    /// distinct for distinct moves.
    fn action(&self, mv: Self::Move) -> usize;
    /// The move with this action number, the inverse of
    /// [`action`](Game::action); `None` for a number that is no move of this
    /// variant. Legality here is not checked.
    fn action_move(&self, action: usize) -> Option<Self::Move>;
    /// Clears `actions` and fills it with the legal moves' action numbers,
    /// in [`legal_moves`](Game::legal_moves) order. The default lists the
    /// moves first; a game that can number its legal moves directly may
    /// say so here, without the list (the Python bindings ask for this
    /// before every move). The conformance suite checks that both agree.
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        actions.clear();
        actions.extend(moves.into_iter().map(|mv| self.action(mv)));
    }

    /// The shape of [`observe`](Game::observe)'s output, outermost
    /// dimension first (`[planes, rows, columns]` for a board, `[n]` for a
    /// flat vector): the same for every state of one variant, so one
    /// network fits the variant. Its product is the length of `out`.
    fn observation_shape(&self) -> Vec<usize>;
    /// Writes what `seat` sees of this state into `out` (the product of
    /// [`observation_shape`](Game::observation_shape) numbers): the input
    /// of learned agents and of the Python bindings' observation tensors.
    ///
    /// Every value must be written, finite and non-negative. The view is
    /// `seat`'s own: "mine" and "the opponents'" rather than colours, the
    /// board turned so that `seat` always sits on the same side, so one
    /// network serves every seat. It must tell apart any two positions
    /// with different position texts (include the side to move, relative
    /// to `seat`); state the position text does not show (a ko history)
    /// may be left out. The conformance suite checks all of this.
    fn observe(&self, seat: Seat, out: &mut [f32]);

    /// Reads a move in this game's notation: the canonical text,
    /// case-insensitive unless case carries meaning, surrounding spaces
    /// allowed. Checks syntax only.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The canonical text of a move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The position text, as the rules text ([`RULES`](Game::RULES))
    /// describes it.
    fn position(&self) -> String;
    /// Reads a position text for a game with this state's parameters.
    fn parse_position(&self, text: &str) -> Result<Self, PositionError>;

    /// A human board for the REPL: coordinates on every side that needs
    /// them, the last move marked (also without colour), whose turn it is
    /// or the result. Lines carry no trailing spaces and the text ends
    /// without a newline. The default is the position text.
    fn render(&self, view: &View<'_, Self>) -> String {
        let _ = view;
        self.position()
    }

    /// The board as a standalone SVG picture (the REPL's `show --svg`, for
    /// docs, issues and replays): coordinates, the last move marked, whose
    /// turn it is or the result. `view.color` does not apply. `None`, the
    /// default, when the game draws no picture; [`svg`](crate::svg) has the
    /// shared writer and colours.
    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        let _ = view;
        None
    }

    /// What `mv` does from this position, in words, when its text does not
    /// say it all (Calcala: the sowing path, its relays and the capture).
    /// The REPL prints it for moves that the next board it draws does not
    /// show. `None`, the default, where the move text says enough.
    fn explain_move(&self, mv: Self::Move) -> Option<String> {
        let _ = mv;
        None
    }
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
