//! The Kalah state and its rules: sowing, captures, extra moves, the end.

use tabula_core::{Game, Outcome, Seat};
use tabula_sowing::{TwoRows, Words};

use crate::variant::KalahVariant;

/// The most pits a side can have: the board fits one `[u8; 16]`.
pub const MAX_PITS: usize = 8;

/// How a seat is called: South (seat 0, the lower row) moves first, North
/// (the upper row) second.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["South", "North"][seat.min(1)]
}

/// A move: the mover's own pit, counted from the mover's left (0 is the
/// pit written `A` for South, `a` for North), which is also the order the
/// mover sows in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pit(pub u8);

/// A Kalah position.
///
/// Small plain data, so that MCTS's clones are a copy; nothing but the
/// pits, the stores and the side to move decides the future.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Kalah {
    /// Seeds per pit in sowing order: South's pits `0..pits` from South's
    /// left, then North's from North's left; the rest stay 0.
    board: [u8; 2 * MAX_PITS],
    /// South's and North's stores.
    stores: [u8; 2],
    variant: KalahVariant,
    to_move: u8,
}

impl Kalah {
    /// An empty board of `variant`, South to move.
    pub(crate) fn empty(variant: KalahVariant) -> Self {
        Kalah {
            board: [0; 2 * MAX_PITS],
            stores: [0; 2],
            variant,
            to_move: 0,
        }
    }

    /// `variant`'s start: `seeds` in every pit, the stores empty, South to
    /// move (`seeds` at most 12 and `pits` at most 8 keep the total in a byte).
    pub(crate) fn start(variant: KalahVariant, seeds: u8) -> Self {
        let mut state = Kalah::empty(variant);
        state.board[..2 * variant.pits()].fill(seeds);
        state
    }

    /// The same variant with `board` (South's pits then North's, each from
    /// its owner's left), `stores` (South's, North's) and `to_move`, or why
    /// no game can be in that position: the wrong number of pits, more
    /// than 255 seeds, or one side empty while the other is not (the game
    /// would have ended, the seeds gone to their stores). The solver's and
    /// the position text's way in.
    pub fn with_board(
        &self,
        board: &[u8],
        stores: [u8; 2],
        to_move: Seat,
    ) -> Result<Kalah, String> {
        let pits = self.pits();
        if board.len() != 2 * pits {
            return Err(format!("expected {} pits, found {}", 2 * pits, board.len()));
        }
        let total: u32 = board.iter().chain(&stores).map(|&s| u32::from(s)).sum();
        if total > 255 {
            return Err(format!("{total} seeds in all; at most 255"));
        }
        if to_move > 1 {
            return Err(format!("seat {to_move} is not South (0) or North (1)"));
        }
        let mut state = Kalah::empty(self.variant);
        state.board[..2 * pits].copy_from_slice(board);
        state.stores = stores;
        state.to_move = to_move as u8;
        let empty = [0, 1].map(|seat| state.side(seat).iter().all(|&s| s == 0));
        if empty[0] != empty[1] {
            return Err(
                "one side's pits are empty but not the other's: the game would \
                        have ended, each side's seeds in its own store"
                    .into(),
            );
        }
        Ok(state)
    }

    /// Pits per side.
    pub fn pits(&self) -> usize {
        self.variant.pits()
    }

    /// The pits in sowing order: South's from South's left, then North's
    /// from North's left (`2 × pits` counts).
    pub fn board(&self) -> &[u8] {
        &self.board[..2 * self.pits()]
    }

    /// `seat`'s pits from its own left.
    pub fn side(&self, seat: Seat) -> &[u8] {
        let n = self.pits();
        &self.board[seat.min(1) * n..(seat.min(1) + 1) * n]
    }

    /// South's and North's stores.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// Seeds still on the board (not in a store).
    pub fn seeds_on_board(&self) -> u32 {
        self.board.iter().map(|&s| u32::from(s)).sum()
    }

    /// South's store minus North's: the result once the game is over.
    pub fn margin(&self) -> i32 {
        i32::from(self.stores[0]) - i32::from(self.stores[1])
    }

    /// Puts the side to move (for building positions in tests).
    #[cfg(test)]
    pub(crate) fn set_to_move(&mut self, seat: Seat) {
        self.to_move = seat as u8;
    }
}

impl Game for Kalah {
    type Move = Pit;
    type Variant = KalahVariant;

    fn variant(&self) -> &KalahVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        Seat::from(self.to_move)
    }

    /// The game is over once the board is empty (the end sweeps the seeds
    /// into the stores); the larger store wins, equal stores draw.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.board != [0; 2 * MAX_PITS] {
            return None;
        }
        Some(match self.stores[0].cmp(&self.stores[1]) {
            std::cmp::Ordering::Greater => Outcome::win(0),
            std::cmp::Ordering::Less => Outcome::win(1),
            std::cmp::Ordering::Equal => Outcome::draw(2),
        })
    }

    fn key(&self) -> u64 {
        let word = |bytes: &[u8]| bytes.iter().fold(0u64, |w, &b| w << 8 | u64::from(b));
        tabula_core::key::of(&[
            word(&self.board[..8]),
            word(&self.board[8..]),
            u64::from(self.stores[0]) << 16
                | u64::from(self.stores[1]) << 8
                | u64::from(self.to_move),
        ])
    }

    /// The mover's non-empty pits, from its left; nothing once the game is over.
    fn legal_moves(&self, moves: &mut Vec<Pit>) {
        moves.clear();
        if self.outcome().is_none() {
            let side = self.side(self.to_move());
            moves.extend(
                (0..side.len())
                    .filter(|&h| side[h] > 0)
                    .map(|h| Pit(h as u8)),
            );
        }
    }

    fn is_legal(&self, mv: Pit) -> bool {
        self.side(self.to_move())
            .get(usize::from(mv.0))
            .is_some_and(|&s| s > 0)
    }

    /// Sows `mv`; the caller has checked that it is legal.
    ///
    /// The mover's ring is its pits, its store, then the opponent's pits
    /// (positions `0..n`, `n`, `n + 1..=2n`): the opponent's store is not
    /// on it, and the emptied pit is, so a lap refills it.
    fn play(&mut self, mv: Pit) {
        let n = self.pits();
        let me = self.to_move();
        let (mine, theirs) = (me * n, (1 - me) * n);
        let mut pos = usize::from(mv.0) % n;
        let mut seeds = std::mem::take(&mut self.board[mine + pos]);
        while seeds > 0 {
            pos = (pos + 1) % (2 * n + 1);
            seeds -= 1;
            match pos {
                p if p < n => self.board[mine + p] += 1,
                p if p == n => self.stores[me] += 1,
                p => self.board[theirs + p - n - 1] += 1,
            }
        }
        // The last seed in an empty own pit: the pit faces the opponent's
        // pit `n - 1 - pos` (each side counts from its own left).
        if pos < n && self.board[mine + pos] == 1 {
            let opposite = theirs + n - 1 - pos;
            if self.board[opposite] > 0 || self.variant.empty_capture() {
                self.stores[me] += 1 + std::mem::take(&mut self.board[opposite]);
                self.board[mine + pos] = 0;
            }
        }
        if self.side(0).iter().all(|&s| s == 0) || self.side(1).iter().all(|&s| s == 0) {
            for seat in 0..2 {
                let swept: u8 = self.board[seat * n..(seat + 1) * n].iter().sum();
                self.board[seat * n..(seat + 1) * n].fill(0);
                self.stores[seat] += swept;
            }
        }
        if pos != n {
            self.to_move ^= 1;
        }
    }
}

/// The two rows the shared mancala code (`tabula_sowing`) reads, writes
/// and draws.
impl TwoRows for Kalah {
    const WORDS: Words = Words {
        title: "Kalah",
        banks: "stores",
        banks_in_full: "stores",
        pit: "pit",
    };

    fn board(&self) -> &[u8] {
        Kalah::board(self)
    }

    fn banks(&self) -> [u8; 2] {
        self.stores()
    }

    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String> {
        Kalah::with_board(self, board, banks, to_move)
    }

    fn result_text(&self) -> Option<String> {
        tabula_sowing::final_score(self)
    }
}
