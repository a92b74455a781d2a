//! Listing moves, counting them, and the fast uniform random move used by
//! playouts.

use tabula_core::rng::{below, pick};
use tabula_core::Rng;

use crate::geometry::{Cell, BOARD, FAMILIES};
use crate::state::{Differo, Move, GOAL};

/// Random (piece, direction) draws tried before listing every move.
const RANDOM_TRIES: usize = 12;

impl Differo {
    /// The empty cells `seat` may land on: not the opponent's goal.
    #[inline]
    pub(crate) fn landing(&self, seat: usize) -> u64 {
        !(self.pieces[0] | self.pieces[1]) & BOARD & !GOAL[seat ^ 1].bit()
    }

    /// Where `seat`'s piece on `from` lands moving in direction `dir`
    /// (0–5), if that move is legal.
    #[inline]
    fn target(&self, seat: usize, from: Cell, dir: usize, landing: u64) -> Option<Cell> {
        let step = self.step(seat, from, dir / 2);
        if step <= 0 {
            return None;
        }
        from.jump(dir, step as usize)
            .filter(|to| landing & to.bit() != 0)
    }

    /// Appends every legal move of the side to move (game not over).
    pub(crate) fn generate(&self, moves: &mut Vec<Move>) {
        let seat = self.to_move as usize;
        let landing = self.landing(seat);
        for from in Cell::all_in(self.pieces[seat]) {
            for dir in 0..2 * FAMILIES {
                if let Some(to) = self.target(seat, from, dir, landing) {
                    moves.push(Move { from, to });
                }
            }
        }
    }

    /// How many legal moves `seat` would have if it were to move.
    pub(crate) fn count_moves(&self, seat: usize) -> usize {
        let landing = self.landing(seat);
        Cell::all_in(self.pieces[seat])
            .map(|from| {
                (0..2 * FAMILIES)
                    .filter(|&dir| self.target(seat, from, dir, landing).is_some())
                    .count()
            })
            .sum()
    }

    /// The same list with every step count found by scanning its line: the
    /// slow reference for tests and the speed comparison in the benchmark.
    pub fn legal_moves_by_scan(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.goal_reached().is_some() {
            return moves;
        }
        let seat = self.to_move as usize;
        let landing = self.landing(seat);
        for from in Cell::all_in(self.pieces[seat]) {
            for dir in 0..2 * FAMILIES {
                let step = self.step_by_scan(seat, from, dir / 2);
                if step <= 0 {
                    continue;
                }
                if let Some(to) = from.jump(dir, step as usize) {
                    if landing & to.bit() != 0 {
                        moves.push(Move { from, to });
                    }
                }
            }
        }
        moves
    }

    /// Whether the side to move has any legal move (stops at the first).
    pub(crate) fn has_move(&self) -> bool {
        let seat = self.to_move as usize;
        let landing = self.landing(seat);
        Cell::all_in(self.pieces[seat]).any(|from| {
            (0..2 * FAMILIES).any(|dir| self.target(seat, from, dir, landing).is_some())
        })
    }

    /// A uniformly random legal move, or `None` if there is none.
    ///
    /// Each (piece, direction) pair yields at most one move and each move
    /// comes from exactly one pair, so drawing pairs uniformly and keeping the
    /// first legal one is uniform over moves; after a few misses it lists all
    /// moves instead, which is uniform too, so the mixture stays uniform.
    pub(crate) fn random_legal(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        let seat = self.to_move as usize;
        let own = self.pieces[seat];
        let count = own.count_ones() as usize;
        if count == 0 {
            return None;
        }
        let landing = self.landing(seat);
        for _ in 0..RANDOM_TRIES {
            let pick = below(rng, (count * 2 * FAMILIES) as u32) as usize;
            let from = nth_cell(own, pick / (2 * FAMILIES));
            if let Some(to) = self.target(seat, from, pick % (2 * FAMILIES), landing) {
                return Some(Move { from, to });
            }
        }
        buffer.clear();
        self.generate(buffer);
        pick(rng, buffer)
    }

    /// Whether the side to move can reach its goal with one move: only the
    /// three lines through the goal need looking at.
    pub fn can_win_now(&self) -> bool {
        self.can_reach_goal(self.to_move as usize)
    }

    /// Whether `seat` could reach its goal with one move if it were to
    /// move (a threat when it is not).
    pub(crate) fn can_reach_goal(&self, seat: usize) -> bool {
        let goal = GOAL[seat];
        (0..FAMILIES).any(|family| {
            let step = self.step(seat, goal, family);
            // A piece on the goal's line sees the same count as the goal.
            step > 0
                && [2 * family, 2 * family + 1].into_iter().any(|dir| {
                    goal.jump(dir, step as usize)
                        .is_some_and(|from| self.pieces[seat] & from.bit() != 0)
                })
        })
    }
}

/// The `n`-th lowest cell of a bitboard (`n` < its count).
#[inline]
fn nth_cell(mut bits: u64, n: usize) -> Cell {
    for _ in 0..n {
        bits &= bits - 1;
    }
    Cell::from_index(bits.trailing_zeros() as usize)
}
