//! The position and its rules: the [`Game`] implementation, which every
//! search calls in its hot loop.

use tabula::{Game, Outcome, Seat};

use crate::variant::TicTacToeVariant;

/// A position: one bit set of cells per player (X is seat 0, O seat 1);
/// the largest board, 5×5, fits a `u32`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    pub(crate) variant: TicTacToeVariant,
    pub(crate) marks: [u32; 2],
    pub(crate) to_move: u8,
    /// The outcome of these marks, kept up to date by `play` (as OpenSpiel's
    /// tic-tac-toe does): only the mover can have made a line, and
    /// `outcome`, asked by every `legal_moves` and checked move, reads it.
    pub(crate) outcome: Option<Outcome>,
}

/// A cell, numbered row by row from the top left: `a1` is the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl TicTacToe {
    /// The empty board of `variant`, X to move.
    pub(crate) fn empty(variant: TicTacToeVariant) -> TicTacToe {
        TicTacToe {
            variant,
            marks: [0; 2],
            to_move: 0,
            outcome: None,
        }
    }

    /// Cells per side.
    #[inline(always)]
    pub(crate) fn size(&self) -> usize {
        self.variant.size()
    }

    #[inline(always)]
    pub(crate) fn cells(&self) -> usize {
        self.size() * self.size()
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> u32 {
        self.marks[0] | self.marks[1]
    }

    #[inline(always)]
    pub(crate) fn full(&self) -> u32 {
        (1 << self.cells()) - 1
    }

    /// Whether `seat` has `line` marks in a row, column or diagonal. Cell
    /// `r·n + c` is bit `r·n + c`, so a step along a line is a shift: for
    /// each direction, the marks that start a line are the starts (cells
    /// with room for the line, so no shift wraps past an edge) whose next
    /// `line − 1` cells along it are marked too. Checked after every move,
    /// so it is kept to a few bit operations.
    #[inline(always)]
    pub(crate) fn has_line(&self, seat: Seat) -> bool {
        let (n, k) = (self.size() as u32, self.variant.line() as u32);
        let marks = self.marks[seat];
        if marks.count_ones() < k {
            return false;
        }
        // Starts with room to the right (or to the left), in every row.
        let (mut right, mut left) = (0u32, 0u32);
        for r in 0..n {
            right |= ((1 << (n - k + 1)) - 1) << (r * n);
            left |= ((1 << (n - k + 1)) - 1) << (r * n + k - 1);
        }
        // Starts with room upwards: the lowest n − k + 1 rows.
        let low = (1u32 << ((n - k + 1) * n)) - 1;
        [
            (1, right),
            (n, low),
            (n + 1, right & low),
            (n - 1, left & low),
        ]
        .into_iter()
        .any(|(step, starts)| {
            (1..k).fold(marks & starts, |line, i| line & (marks >> (i * step))) != 0
        })
    }

    /// The empty cells, lowest first, while the game runs (none once it
    /// is over): the legal moves, one step per move, not per cell.
    #[inline(always)]
    pub(crate) fn empty_cells(&self) -> impl Iterator<Item = u8> {
        let mut empty = match self.outcome {
            None => self.full() & !self.occupied(),
            Some(_) => 0,
        };
        std::iter::from_fn(move || {
            let cell = (empty != 0).then(|| empty.trailing_zeros() as u8);
            empty &= empty.wrapping_sub(1);
            cell
        })
    }

    /// The outcome of the marks on the board, from scratch: for a position
    /// read from text (`play` only checks the mover).
    pub(crate) fn judge(&self) -> Option<Outcome> {
        match (self.has_line(0), self.has_line(1)) {
            (true, _) => Some(Outcome::win(0)),
            (_, true) => Some(Outcome::win(1)),
            _ if self.occupied() == self.full() => Some(Outcome::draw(2)),
            _ => None,
        }
    }
}

impl Game for TicTacToe {
    type Move = Cell;
    type Variant = TicTacToeVariant;

    fn variant(&self) -> &TicTacToeVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The marks and the side to move are the whole state (the size and
    /// line are the variant, the same for every state of a game).
    fn key(&self) -> u64 {
        tabula::key::of(&[
            u64::from(self.marks[0]),
            u64::from(self.marks[1]),
            u64::from(self.to_move),
        ])
    }

    #[inline(always)]
    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        moves.extend(self.empty_cells().map(Cell));
    }

    /// A legal move is played in a running game, so the opponent has no
    /// line: the mover's new line or a full board ends it. (Like every
    /// method a playout calls at every ply, always inlined, so that it is
    /// compiled into the searches' fast copies: `tabula::isa`.)
    #[inline(always)]
    fn play(&mut self, mv: Cell) {
        let seat = self.to_move as Seat;
        self.marks[seat] |= 1 << mv.0;
        self.to_move ^= 1;
        self.outcome = if self.has_line(seat) {
            Some(Outcome::win(seat))
        } else if self.occupied() == self.full() {
            Some(Outcome::draw(2))
        } else {
            None
        };
    }

    /// Without listing the moves (the default does): every checked move
    /// (`try_play`, the Python bindings' `apply_action`) asks.
    fn is_legal(&self, mv: Cell) -> bool {
        usize::from(mv.0) < self.cells()
            && self.occupied() & (1 << mv.0) == 0
            && self.outcome.is_none()
    }
}
