//! The [`Calcala`] state and its rules: moves, sowing a turn, the end.

use tabula_core::rng::{below, pick};
use tabula_core::{Game, Outcome, Rng, Seat, Variant};

use crate::geometry::{may_start, Direction, Pit, FIRST_STEP, PITS};
use crate::sowing::{sow, Board, Event, Observer, Sown, Trace, MAX_RELAYS, PLAYOUT_RELAYS};
use crate::variant::CalcalaVariant;

/// The game ends once this many stones or fewer are left on the board.
pub const END_STONES: u8 = 6;

/// The most stones (board plus captures) a position may hold: every count
/// then fits a byte. The largest setup (`long`) has 108.
pub const MAX_STONES: u32 = 255;

/// Most legal moves in any position: 16 inner pits × 8, 16 edge pits × 5, 4 corners × 3.
const MAX_MOVES: usize = 16 * 8 + 16 * 5 + 4 * 3;

/// Take every stone from `pit` and sow towards `dir`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The pit emptied.
    pub pit: Pit,
    /// The direction of the first step.
    pub dir: Direction,
}

impl Move {
    /// The move from `pit` towards `dir`.
    pub fn new(pit: Pit, dir: Direction) -> Move {
        Move { pit, dir }
    }
}

/// A Calcala position: the 36 pits, each player's captures, whose turn it is.
///
/// Copy-sized (43 bytes, no heap): the search clones it freely.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Calcala {
    pub(crate) board: Board,
    pub(crate) captures: [u8; 4],
    /// The sum of `board`, kept so the end test is one compare.
    on_board: u8,
    variant: CalcalaVariant,
    pub(crate) to_move: u8,
}

impl Calcala {
    /// A position of `variant` (the caller keeps to [`MAX_STONES`] in all,
    /// and `to_move` to its seats).
    pub(crate) fn from_parts(
        board: Board,
        captures: [u8; 4],
        variant: CalcalaVariant,
        to_move: Seat,
    ) -> Calcala {
        debug_assert!(to_move < variant.players());
        let on_board: u32 = board.iter().map(|&n| u32::from(n)).sum();
        Calcala {
            board,
            captures,
            on_board: on_board as u8,
            variant,
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

    pub(crate) fn player_count(&self) -> usize {
        self.variant.players()
    }

    /// Plays `mv` (which must be legal), relaying at most `limit` times,
    /// and tells `obs` every step. Returns `false`, the board mid-move, when
    /// the limit stopped the chain; the caller then throws the state away.
    fn sow_move(&mut self, mv: Move, limit: usize, obs: &mut impl Observer) -> bool {
        let captured = match sow(&mut self.board, mv.pit, mv.dir, limit, obs) {
            Sown::Captured(stones) => stones,
            Sown::Ended => 0,
            Sown::Stopped => return false,
        };
        self.captures[self.to_move as usize] += captured;
        self.on_board -= captured;
        self.to_move = if usize::from(self.to_move) + 1 == self.player_count() {
            0
        } else {
            self.to_move + 1
        };
        true
    }

    /// Calls `push` with every legal move, pit by pit, directions clockwise from N.
    fn each_move(&self, mut push: impl FnMut(Move)) {
        for (index, &stones) in self.board.iter().enumerate() {
            if stones == 0 {
                continue;
            }
            let pit = Pit::from_index(index);
            let mut dirs = FIRST_STEP[index];
            while dirs != 0 {
                let dir = Direction::ALL[dirs.trailing_zeros() as usize];
                dirs &= dirs - 1;
                push(Move { pit, dir });
            }
        }
    }

    /// Checks `mv` for the side to move (game not over) without allocating.
    pub(crate) fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.stones(mv.pit) == 0 {
            return Err(Illegal::EmptyPit);
        }
        if !may_start(mv.pit, mv.dir) {
            return Err(Illegal::OffTheEdge);
        }
        Ok(())
    }
}

impl Game for Calcala {
    type Move = Move;
    type Variant = CalcalaVariant;

    fn variant(&self) -> &CalcalaVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        usize::from(self.to_move)
    }

    /// The winners once 6 or fewer stones are left: the most captures
    /// (tied leaders share the win).
    fn outcome(&self) -> Option<Outcome> {
        if self.on_board > END_STONES {
            return None;
        }
        let captures = &self.captures[..self.player_count()];
        let best = captures.iter().copied().max().unwrap_or(0);
        Some(Outcome::shared(
            (0..self.player_count()).filter(|&seat| captures[seat] == best),
        ))
    }

    /// The board, the captures, the player count and the side to move:
    /// everything that decides the future.
    fn key(&self) -> u64 {
        let word = |i: usize| {
            let mut bytes = [0; 8];
            let chunk = &self.board[i..(i + 8).min(PITS)];
            bytes[..chunk.len()].copy_from_slice(chunk);
            u64::from_le_bytes(bytes)
        };
        let rest = u64::from(u32::from_le_bytes(self.captures))
            | (self.player_count() as u64) << 32
            | u64::from(self.to_move) << 40;
        tabula_core::key::of(&[word(0), word(8), word(16), word(24), word(32), rest])
    }

    /// Pit by pit, directions clockwise from N.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.reserve(MAX_MOVES);
            self.each_move(|mv| moves.push(mv));
        }
    }

    /// Plays a legal move by the rules.
    #[inline]
    fn play(&mut self, mv: Move) {
        self.sow_move(mv, MAX_RELAYS, &mut ());
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.on_board > END_STONES && self.check(mv).is_ok()
    }

    /// The rule the move breaks, for `try_play`'s error.
    fn illegal_reason(&self, mv: Move) -> Option<String> {
        self.check(mv).err().map(|why| why.describe(mv))
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
            let pair = below(rng, PITS as u32 * 8) as usize;
            let pit = pair >> 3;
            if self.board[pit] != 0 && FIRST_STEP[pit] & 1 << (pair & 7) != 0 {
                return Some(Move {
                    pit: Pit::from_index(pit),
                    dir: Direction::ALL[pair & 7],
                });
            }
        }
        self.legal_moves(buffer);
        pick(rng, buffer)
    }

    /// Plays a legal move in a playout, unless its relay chain is longer
    /// than [`PLAYOUT_RELAYS`]: then the state is left as it was, and the
    /// playout ends before it.
    #[inline(always)]
    fn play_in_playout(&mut self, mv: Move) -> bool {
        let before = *self;
        let played = self.sow_move(mv, PLAYOUT_RELAYS, &mut ());
        if !played {
            *self = before;
        }
        played
    }
}

/// Why a move is illegal; turned into text only when a user needs it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Illegal {
    EmptyPit,
    OffTheEdge,
}

impl Illegal {
    /// The reason as a sentence about `mv`.
    pub(crate) fn describe(self, mv: Move) -> String {
        let pit = mv.pit;
        match self {
            Illegal::EmptyPit => {
                format!("{pit} is empty: a move sows the stones of a non-empty pit")
            }
            Illegal::OffTheEdge => {
                let allowed: Vec<&str> = Direction::ALL
                    .into_iter()
                    .filter(|&dir| may_start(pit, dir))
                    .map(Direction::name)
                    .collect();
                format!(
                    "by the edge rule a move from an edge or corner pit must take its first step onto the board (from {pit} only {})",
                    allowed.join(", ")
                )
            }
        }
    }
}

/// The events of `mv` played from `state`, in order: pick-ups, every stone
/// dropped, then the capture or the end of an endless (or capped) relay.
/// The REPL's path display uses the same replay.
pub fn trace(state: &Calcala, mv: Move) -> Vec<Event> {
    let mut trace = Trace::default();
    let mut state = *state;
    state.sow_move(mv, MAX_RELAYS, &mut trace);
    trace.events
}
