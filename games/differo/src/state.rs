//! The position (two bitboards, the per-line piece balance kept up to date
//! move by move, the side to move) and its rules: how far a piece moves,
//! which moves are legal and why not, the goals.

use tabula_core::{Game, Outcome, Rng, Seat};

use crate::geometry::{Cell, BLACK_GOAL, FAMILIES, LINE_MASK, ROWS, WHITE_GOAL};
use crate::variant::DifferoVariant;

/// White's seat (moves first).
pub const WHITE: usize = 0;
/// Black's seat.
pub const BLACK: usize = 1;

/// How a seat is called: White (seat 0) moves first, then Black.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["White", "Black"][seat.min(1)]
}

/// One move: a piece goes from `from` to `to` along one of its lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The piece's cell.
    pub from: Cell,
    /// Where it lands.
    pub to: Cell,
}

/// Each seat's goal: the cell it wins by reaching.
pub const GOAL: [Cell; 2] = [WHITE_GOAL, BLACK_GOAL];

/// A Differo position (48 bytes, `Copy`, no heap).
///
/// `balance[family][line]` is (White pieces − Black pieces) on that line,
/// so the step count of a move is one lookup (negated for Black) instead of
/// a scan of the line; a move changes at most four of these entries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Differo {
    pub(crate) pieces: [u64; 2],
    pub(crate) balance: [[i8; ROWS]; FAMILIES],
    pub(crate) to_move: u8,
    variant: DifferoVariant,
}

impl Differo {
    /// A position from the two seats' cells, recomputing the line balances.
    pub(crate) fn from_pieces(white: u64, black: u64, to_move: usize) -> Differo {
        let mut balance = [[0i8; ROWS]; FAMILIES];
        for (f, lines) in balance.iter_mut().enumerate() {
            for (l, entry) in lines.iter_mut().enumerate() {
                let mask = LINE_MASK[f][l];
                *entry = (white & mask).count_ones() as i8 - (black & mask).count_ones() as i8;
            }
        }
        Differo {
            pieces: [white, black],
            balance,
            to_move: to_move as u8,
            variant: DifferoVariant,
        }
    }

    /// The cells of `seat`'s pieces as a bitboard.
    pub fn pieces(&self, seat: usize) -> u64 {
        self.pieces[seat]
    }

    /// Who stands on `cell`, if anyone.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        [WHITE, BLACK]
            .into_iter()
            .find(|&seat| self.pieces[seat] & cell.bit() != 0)
    }

    /// How far `seat`'s piece on `cell` moves along `family`: own minus
    /// opponent pieces on that whole line (≤ 0 means it cannot move).
    #[inline]
    pub fn step(&self, seat: usize, cell: Cell, family: usize) -> i8 {
        let balance = self.balance[family][cell.line(family)];
        if seat == WHITE {
            balance
        } else {
            -balance
        }
    }

    /// The same step count found by scanning the line's cells one by one:
    /// the reference the incremental balance is tested and benchmarked against.
    pub fn step_by_scan(&self, seat: usize, cell: Cell, family: usize) -> i8 {
        let mut count = 0i8;
        let mut tally = |c: Cell| match self.piece_at(c) {
            Some(s) if s == seat => count += 1,
            Some(_) => count -= 1,
            None => {}
        };
        tally(cell);
        for dir in [2 * family, 2 * family + 1] {
            let mut at = cell;
            while let Some(next) = at.jump(dir, 1) {
                tally(next);
                at = next;
            }
        }
        count
    }

    /// The seat whose piece stands on its own goal, if any.
    pub fn goal_reached(&self) -> Option<usize> {
        [WHITE, BLACK]
            .into_iter()
            .find(|&seat| self.pieces[seat] & GOAL[seat].bit() != 0)
    }

    /// Moves the mover's piece from `from` to `to` and passes the turn; the
    /// caller has checked legality.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Cell, to: Cell) {
        let seat = self.to_move as usize;
        self.pieces[seat] ^= from.bit() | to.bit();
        let sign: i8 = if seat == WHITE { 1 } else { -1 };
        for (f, lines) in self.balance.iter_mut().enumerate() {
            // On the line of the move itself both updates cancel out.
            lines[from.line(f)] -= sign;
            lines[to.line(f)] += sign;
        }
        self.to_move ^= 1;
    }

    /// Checks `mv` for the side to move (game not over) without allocating.
    pub(crate) fn check(&self, mv: Move) -> Result<(), Illegal> {
        let seat = self.to_move as usize;
        let (from, to) = (mv.from, mv.to);
        if self.pieces[seat] & from.bit() == 0 {
            return Err(Illegal::NoPiece);
        }
        let Some(family) = (0..FAMILIES).find(|&f| from != to && from.line(f) == to.line(f)) else {
            return Err(Illegal::NotOnALine);
        };
        let step = self.step(seat, from, family);
        if step <= 0 {
            return Err(Illegal::Closed { family, step });
        }
        let reaches = [2 * family, 2 * family + 1]
            .into_iter()
            .any(|dir| from.jump(dir, step as usize) == Some(to));
        if !reaches {
            return Err(Illegal::WrongDistance { family, step });
        }
        if to == GOAL[seat ^ 1] {
            return Err(Illegal::OpponentsGoal);
        }
        if self.piece_at(to).is_some() {
            return Err(Illegal::Occupied);
        }
        Ok(())
    }
}

impl Game for Differo {
    type Move = Move;
    type Variant = DifferoVariant;

    fn variant(&self) -> &DifferoVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        usize::from(self.to_move)
    }

    /// A side on its own goal has won; a side to move without a legal move
    /// has lost.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.goal_reached() {
            return Some(Outcome::win(seat));
        }
        (!self.has_move()).then(|| Outcome::win(self.to_move as usize ^ 1))
    }

    /// The pieces and the side to move decide the future (the line
    /// balances follow from the pieces).
    fn key(&self) -> u64 {
        tabula_core::key::of(&[self.pieces[0], self.pieces[1], u64::from(self.to_move)])
    }

    /// See `movegen`.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.goal_reached().is_none() {
            self.generate(moves);
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.move_piece(mv.from, mv.to);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.goal_reached().is_none() && self.check(mv).is_ok()
    }

    /// The rule the move breaks, for `try_play`'s error.
    fn illegal_reason(&self, mv: Move) -> Option<String> {
        self.check(mv).err().map(|why| why.describe(mv))
    }

    /// Picked without listing the moves where it can (see `movegen`).
    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        if self.goal_reached().is_some() {
            return None;
        }
        self.random_legal(rng, buffer)
    }
}

/// Why a move is illegal; turned into text only when a user needs it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Illegal {
    NoPiece,
    NotOnALine,
    Closed { family: usize, step: i8 },
    WrongDistance { family: usize, step: i8 },
    OpponentsGoal,
    Occupied,
}

impl Illegal {
    /// The reason as a sentence about `mv`.
    pub(crate) fn describe(self, mv: Move) -> String {
        let (from, to) = (mv.from, mv.to);
        let line = |family: usize| ["row", "diagonal", "third line"][family];
        match self {
            Illegal::NoPiece => format!("there is no piece of the side to move on {from}"),
            Illegal::NotOnALine => format!("{from} and {to} are not on one line"),
            Illegal::Closed { family, step } => format!(
                "the {} through {from} has a count of {step} (own minus opponent pieces), so the piece cannot move along it",
                line(family)
            ),
            Illegal::WrongDistance { family, step } => format!(
                "a piece on {from} moves exactly {step} cells along this {}",
                line(family)
            ),
            Illegal::OpponentsGoal => format!("{to} is the opponent's goal"),
            Illegal::Occupied => format!("{to} is occupied"),
        }
    }
}
