//! The [`Calcala`] state and its [`Game`] implementation.

use rand::Rng as _;
use tabula::{
    Game, MoveError, Outcome, ParamError, ParamKind, ParamSpec, Params, PositionError, Rng, Scores,
    Seat, View, MAX_PLAYERS,
};

use crate::geometry::{may_start, Direction, Pit, FIRST_STEP, PITS};
use crate::notation::{self, Move};
use crate::sowing::{sow, Board, Observer};
use crate::{position, render};

/// The game ends once this many stones or fewer are left on the board.
pub const END_STONES: u8 = 6;

/// The most stones (board plus captures) a position may hold: every count
/// then fits a byte. The largest setup (`long`) has 108.
pub const MAX_STONES: u32 = 255;

/// Most legal moves in any position: 16 inner pits × 8, 16 edge pits × 5, 4 corners × 3.
const MAX_MOVES: usize = 16 * 8 + 16 * 5 + 4 * 3;

/// The starting layouts of the `setup` parameter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setup {
    /// 2 stones in every pit.
    Standard,
    /// 1 stone in every pit.
    Short,
    /// 3 stones in every pit.
    Long,
    /// 3 stones in every other pit (column + row index even: A1, C1, …, B2, …).
    DoubleDutch,
    /// 2 stones in every other pit.
    HalfDutch,
}

impl Setup {
    const NAMES: &'static [&'static str] =
        &["standard", "short", "long", "double-dutch", "half-dutch"];

    /// The setup with this parameter value.
    pub fn from_name(name: &str) -> Option<Setup> {
        let all = [
            Setup::Standard,
            Setup::Short,
            Setup::Long,
            Setup::DoubleDutch,
            Setup::HalfDutch,
        ];
        let index = Self::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))?;
        Some(all[index])
    }

    /// The stones this setup puts in `pit`.
    pub fn stones(self, pit: Pit) -> u8 {
        let every_other = (pit.col() + pit.row()) & 1 == 0;
        match self {
            Setup::Standard => 2,
            Setup::Short => 1,
            Setup::Long => 3,
            Setup::DoubleDutch => 3 * u8::from(every_other),
            Setup::HalfDutch => 2 * u8::from(every_other),
        }
    }

    /// The stones this setup puts on the board.
    pub fn total(self) -> u32 {
        Pit::all().map(|pit| u32::from(self.stones(pit))).sum()
    }
}

static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "players",
        kind: ParamKind::Int { min: 2, max: 4 },
        default: "2",
        help: "number of players, seated 1..P in turn order",
    },
    ParamSpec {
        name: "setup",
        kind: ParamKind::Choice(Setup::NAMES),
        default: "standard",
        help: "starting stones: standard 2 per pit, short 1, long 3, \
               double-dutch 3 / half-dutch 2 in every other pit",
    },
];

/// A Calcala position: the 36 pits, each player's captures, whose turn it is.
///
/// Copy-sized (43 bytes, no heap): the search clones it freely.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Calcala {
    pub(crate) board: Board,
    pub(crate) captures: [u8; 4],
    /// The sum of `board`, kept so the end test is one compare.
    on_board: u8,
    players: u8,
    pub(crate) to_move: u8,
}

impl Calcala {
    /// The start position of `setup` for `players` (2–4) players.
    pub fn start(players: usize, setup: Setup) -> Calcala {
        let board = std::array::from_fn(|i| setup.stones(Pit::position_at(i)));
        Calcala::from_parts(board, [0; 4], players, 0)
    }

    pub(crate) fn from_parts(
        board: Board,
        captures: [u8; 4],
        players: usize,
        to_move: Seat,
    ) -> Calcala {
        debug_assert!((2..=4).contains(&players) && to_move < players);
        let on_board: u32 = board.iter().map(|&n| u32::from(n)).sum();
        Calcala {
            board,
            captures,
            on_board: on_board as u8,
            players: players as u8,
            to_move: to_move as u8,
        }
    }

    /// The stones in `pit`.
    pub fn stones(&self, pit: Pit) -> u8 {
        self.board[pit.index()]
    }

    /// The stones left on the board.
    pub fn stones_on_board(&self) -> u32 {
        u32::from(self.on_board)
    }

    /// The stones `seat` has captured.
    pub fn captures(&self, seat: Seat) -> u32 {
        u32::from(self.captures[seat])
    }

    /// Plays `mv` (which must be legal) and tells `obs` every step of it.
    pub(crate) fn play_observed(&mut self, mv: Move, obs: &mut impl Observer) {
        let captured = sow(&mut self.board, mv.pit, mv.dir, obs);
        self.captures[self.to_move as usize] += captured;
        self.on_board -= captured;
        self.to_move = if self.to_move + 1 == self.players {
            0
        } else {
            self.to_move + 1
        };
    }

    /// Calls `push` with every legal move, pit by pit, directions clockwise from N.
    fn list_moves(&self, mut push: impl FnMut(Move)) {
        for (index, &stones) in self.board.iter().enumerate() {
            if stones == 0 {
                continue;
            }
            let pit = Pit::position_at(index);
            let mut dirs = FIRST_STEP[index];
            while dirs != 0 {
                let dir = Direction::ALL[dirs.trailing_zeros() as usize];
                dirs &= dirs - 1;
                push(Move { pit, dir });
            }
        }
    }
}

impl Game for Calcala {
    type Move = Move;
    const NAME: &'static str = "calcala";
    const DESCRIPTION: &'static str =
        "6x6 capture mancala for 2-4 players: sow in 8 directions, relay, capture";

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn rules() -> &'static str {
        include_str!("../RULES.txt")
    }

    fn new(params: &Params) -> Result<Self, ParamError> {
        let players = params.int("players");
        if !(2..=4).contains(&players) {
            return Err(ParamError::new(
                "players",
                &players.to_string(),
                "2 to 4 players",
            ));
        }
        let name = params.text("setup");
        let setup = Setup::from_name(name)
            .ok_or_else(|| ParamError::new("setup", name, Setup::NAMES.join(", ")))?;
        Ok(Calcala::start(players as usize, setup))
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn to_move(&self) -> Seat {
        self.to_move as usize
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.on_board > END_STONES {
            return None;
        }
        let captures = &self.captures[..self.players()];
        let best = captures.iter().copied().max().unwrap_or(0);
        Some(Outcome::shared(
            (0..self.players()).filter(|&seat| captures[seat] == best),
        ))
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.reserve(MAX_MOVES);
            self.list_moves(|mv| moves.push(mv));
        }
    }

    fn play(&mut self, mv: Move) {
        self.play_observed(mv, &mut ());
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.on_board > END_STONES && self.stones(mv.pit) > 0 && may_start(mv.pit, mv.dir)
    }

    /// Rejection sampling over all 288 (pit, direction) pairs: uniform over
    /// the legal ones, and cheap while the board is full. After a few misses
    /// (a nearly empty board) it lists the moves instead, which keeps the
    /// choice uniform.
    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        if self.on_board <= END_STONES {
            return None;
        }
        for _ in 0..8 {
            let pair = rng.random_range(0..PITS as u32 * 8) as usize;
            let pit = pair >> 3;
            if self.board[pit] != 0 && FIRST_STEP[pit] & 1 << (pair & 7) != 0 {
                return Some(Move {
                    pit: Pit::position_at(pit),
                    dir: Direction::ALL[pair & 7],
                });
            }
        }
        self.legal_moves(buffer);
        Some(buffer[rng.random_range(0..buffer.len())])
    }

    /// Each seat's chance of finishing first, guessed by a softmax over the
    /// captures whose temperature grows with the stones still in play: a
    /// lead counts for more the fewer stones are left to catch up with.
    fn evaluate(&self) -> Option<Scores> {
        let players = self.players();
        let temperature = 2.0 + f32::from(self.on_board) / 4.0;
        let best = self.captures[..players].iter().copied().max().unwrap_or(0);
        let mut scores = [0.0; MAX_PLAYERS];
        for (score, &captured) in scores.iter_mut().zip(&self.captures[..players]) {
            *score = ((f32::from(captured) - f32::from(best)) / temperature).exp();
        }
        let sum: f32 = scores.iter().sum();
        scores.iter_mut().for_each(|s| *s /= sum);
        Some(scores)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position(&self) -> String {
        position::format(self)
    }

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        position::parse(text, self.players())
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        render::render(self, view)
    }
}
