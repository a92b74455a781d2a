//! The position: two bitboards, the per-line piece balance kept up to date
//! move by move, and the side to move.

use crate::board::{Cell, BLACK_GOAL, FAMILIES, LINE_MASK, ROWS, WHITE_GOAL};

/// White's seat (moves first).
pub const WHITE: usize = 0;
/// Black's seat.
pub const BLACK: usize = 1;

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
}
