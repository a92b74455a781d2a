//! Diffusion written for the `board-game` crate's `Board` trait, as its own
//! games are written (a plain `[u8; 12]`), so the two frameworks' random
//! playouts and MCTS can be measured on the same game and machine.

use std::fmt::{Display, Formatter};
use std::ops::Range;

use board_game::board::{
    Alternating, Board, BoardDone, BoardMoves, BruteforceMoveIterator, Outcome, PlayError, Player,
};
use board_game::util::iter::ClonableInternal;

pub mod hand;

/// Pits 0..6 are the upper row (B's side), 6..12 the lower row, columns a-f.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PeerDiffusion {
    pits: [u8; 12],
    next: Player,
}

impl Default for PeerDiffusion {
    fn default() -> Self {
        PeerDiffusion {
            pits: [4; 12],
            next: Player::A,
        }
    }
}

/// The sowing order of Tabula's Diffusion (its RULES.txt): lower pits E, NE, N, NW, W; upper pits W, SW, S, SE, E.
/// The pit the `k`-th stone sown from `pit` lands in (`None`: a store).
const fn target(pit: usize, k: usize) -> Option<usize> {
    let (row, col) = ((pit / 6) as i32, (pit % 6) as i32);
    let steps: [(i32, i32); 5] = if row == 0 {
        [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1)]
    } else {
        [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)]
    };
    let (r, c) = (row + steps[k].0, col + steps[k].1);
    if c >= 0 && c < 6 {
        Some((r * 6 + c) as usize)
    } else {
        None
    }
}

impl PeerDiffusion {
    /// The stones in each pit, upper row then lower row.
    pub fn pits(&self) -> [u8; 12] {
        self.pits
    }

    fn block_empty(&self, player: Player) -> bool {
        let cols = match player {
            Player::A => 0..3,
            Player::B => 3..6,
        };
        cols.clone()
            .all(|c| self.pits[c] == 0 && self.pits[6 + c] == 0)
    }
}

impl Board for PeerDiffusion {
    type Move = usize;

    fn next_player(&self) -> Player {
        self.next
    }

    fn is_available_move(&self, mv: usize) -> Result<bool, BoardDone> {
        self.check_done()?;
        Ok(mv < 12 && self.pits[mv] > 0)
    }

    fn play(&mut self, mv: usize) -> Result<(), PlayError> {
        self.check_can_play(mv)?;
        let count = std::mem::take(&mut self.pits[mv]) as usize;
        for k in 0..count {
            if let Some(t) = target(mv, k) {
                if self.pits[t] < 5 {
                    self.pits[t] += 1;
                }
            }
        }
        self.next = self.next.other();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        [Player::A, Player::B]
            .into_iter()
            .find(|&p| self.block_empty(p))
            .map(Outcome::WonBy)
    }

    fn can_lose_after_move() -> bool {
        true
    }
}

impl Alternating for PeerDiffusion {}

board_game::impl_unit_symmetry_board!(PeerDiffusion);

impl<'a> BoardMoves<'a, PeerDiffusion> for PeerDiffusion {
    type AllMovesIterator = ClonableInternal<Range<usize>>;
    type AvailableMovesIterator = BruteforceMoveIterator<'a, PeerDiffusion>;

    fn all_possible_moves() -> Self::AllMovesIterator {
        ClonableInternal::new(0..12)
    }

    fn available_moves(&'a self) -> Result<Self::AvailableMovesIterator, BoardDone> {
        BruteforceMoveIterator::new(self)
    }
}

impl Display for PeerDiffusion {
    fn fmt(&self, f: &mut Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {:?}", self.pits, self.next)
    }
}
