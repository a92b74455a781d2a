//! The Oware state and its rules: sowing, captures, feeding, the end and
//! the repetition history.

use std::fmt;
use std::sync::Arc;

use tabula_core::{Game, Outcome, Seat};
use tabula_sowing::{TwoRows, Words};

use crate::variant::OwareVariant;

/// The most houses a side can have: the board fits one `[u8; 16]`.
pub const MAX_HOUSES: usize = 8;

/// How a seat is called: South (seat 0, the lower row, OpenSpiel's player
/// 0) moves first, North (the upper row) second.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    ["South", "North"][seat.min(1)]
}

/// A move: the mover's own house, counted from the mover's left (0 is the
/// house written `A` for South, `a` for North), which is also the order
/// the mover sows in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct House(pub u8);

/// Positions a history keeps inline before it freezes them into a shared
/// chunk: one allocation per this many plies without a capture, none in
/// most random playouts (which capture far more often).
const INLINE: usize = 32;

/// A full chunk of earlier positions' keys, shared by every clone.
struct Chunk {
    keys: [u64; INLINE],
    earlier: Option<Arc<Chunk>>,
}

/// The positions since the last capture (the start, or the position read,
/// counts as one), each as the 64-bit key of its board and side to move:
/// the latest inline, the rest in shared chunks, so that a clone, which
/// MCTS makes every iteration, copies a few hundred bytes and one pointer,
/// and a ply allocates nothing. Two different positions with the same key
/// (odds about n²/2⁶⁵ for n positions) would end a game early; that risk
/// is accepted, as in every engine that keeps a repetition history.
#[derive(Clone, Default)]
struct History {
    recent: [u64; INLINE],
    len: usize,
    frozen: Option<Arc<Chunk>>,
    /// An order-free fingerprint of the positions, for the game's key.
    fingerprint: u64,
}

impl History {
    fn contains(&self, key: u64) -> bool {
        if self.recent[..self.len].contains(&key) {
            return true;
        }
        let mut chunk = self.frozen.as_deref();
        while let Some(full) = chunk {
            if full.keys.contains(&key) {
                return true;
            }
            chunk = full.earlier.as_deref();
        }
        false
    }

    fn push(&mut self, key: u64) {
        if self.len == INLINE {
            let earlier = self.frozen.take();
            self.frozen = Some(Arc::new(Chunk {
                keys: self.recent,
                earlier,
            }));
            self.len = 0;
        }
        self.recent[self.len] = key;
        self.len += 1;
        self.fingerprint ^= key;
    }

    fn clear(&mut self) {
        *self = History::default();
    }

    fn len(&self) -> usize {
        let mut len = self.len;
        let mut chunk = self.frozen.as_deref();
        while let Some(full) = chunk {
            len += INLINE;
            chunk = full.earlier.as_deref();
        }
        len
    }
}

impl Drop for History {
    /// Unlinks the chunks one at a time: a long history dropped
    /// recursively could overflow the stack.
    fn drop(&mut self) {
        let mut chunk = self.frozen.take();
        while let Some(full) = chunk {
            chunk = Arc::try_unwrap(full)
                .ok()
                .and_then(|mut full| full.earlier.take());
        }
    }
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "History({} positions, {:#x})",
            self.len(),
            self.fingerprint
        )
    }
}

fn position_key(board: &[u8; 2 * MAX_HOUSES], to_move: u8) -> u64 {
    let word = |bytes: &[u8]| bytes.iter().fold(0u64, |w, &b| w << 8 | u64::from(b));
    tabula_core::key::of(&[word(&board[..8]), word(&board[8..]), u64::from(to_move)])
}

/// Why a game ended, for the board to say (the rows are collected in
/// every case, so the board alone cannot tell).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// Not ended by a move: the game runs, or the position was read as text.
    None,
    /// A side captured more than half the seeds, or both exactly half.
    Decided,
    /// The side to move could not feed its starved opponent.
    CannotFeed,
    /// The move repeated a position seen since the last capture.
    Repetition,
}

/// An Oware position with its repetition history.
#[derive(Clone, Debug)]
pub struct Oware {
    /// Seeds per house in sowing order: South's houses `0..houses` from
    /// South's left, then North's from North's left; the rest stay 0.
    board: [u8; 2 * MAX_HOUSES],
    /// Seeds South and North have captured.
    scores: [u8; 2],
    variant: OwareVariant,
    to_move: u8,
    ending: Ending,
    history: History,
}

impl Oware {
    /// An empty board of `variant`, South to move: a template for
    /// [`Oware::with_board`].
    pub(crate) fn blank(variant: OwareVariant) -> Oware {
        Oware {
            board: [0; 2 * MAX_HOUSES],
            scores: [0; 2],
            variant,
            to_move: 0,
            ending: Ending::None,
            history: History::default(),
        }
    }

    /// The same variant with `board` (South's houses then North's, each
    /// from its owner's left), `scores` (South's, North's) and `to_move`,
    /// its history holding just that position; or why no game can be in
    /// that position: the wrong number of houses, more than 255 seeds, or
    /// seeds on the board of a decided game, or a side to move with no
    /// legal move (the game would have ended, each side taking its own row).
    pub fn with_board(
        &self,
        board: &[u8],
        scores: [u8; 2],
        to_move: Seat,
    ) -> Result<Oware, String> {
        let houses = self.houses();
        if board.len() != 2 * houses {
            return Err(format!(
                "expected {} houses, found {}",
                2 * houses,
                board.len()
            ));
        }
        let total: u32 = board.iter().chain(&scores).map(|&s| u32::from(s)).sum();
        if total > 255 {
            return Err(format!("{total} seeds in all; at most 255"));
        }
        if to_move > 1 {
            return Err(format!("seat {to_move} is not South (0) or North (1)"));
        }
        let mut state = Oware::blank(self.variant);
        state.scores = scores;
        state.to_move = to_move as u8;
        state.board[..2 * houses].copy_from_slice(board);
        if state.outcome().is_none() && state.decided() {
            return Err(
                "seeds are left on the board although the game is decided (more than \
                        half captured): each side would have collected its row"
                    .into(),
            );
        }
        if state.outcome().is_none() && !(0..houses).any(|h| state.is_legal(House(h as u8))) {
            return Err(
                "the side to move has no legal move (no seeds, or none that reach an \
                        empty opponent): the game would have ended"
                    .into(),
            );
        }
        state
            .history
            .push(position_key(&state.board, state.to_move));
        Ok(state)
    }

    /// Houses per side.
    pub fn houses(&self) -> usize {
        self.variant.houses()
    }

    /// The houses in sowing order: South's from South's left, then North's
    /// from North's left (`2 × houses` counts).
    pub fn board(&self) -> &[u8] {
        &self.board[..2 * self.houses()]
    }

    /// `seat`'s houses from its own left.
    pub fn side(&self, seat: Seat) -> &[u8] {
        let n = self.houses();
        &self.board[seat.min(1) * n..(seat.min(1) + 1) * n]
    }

    /// The seeds South and North have captured.
    pub fn scores(&self) -> [u8; 2] {
        self.scores
    }

    /// Every seed: on the board and captured.
    pub fn total_seeds(&self) -> u32 {
        self.board
            .iter()
            .chain(&self.scores)
            .map(|&s| u32::from(s))
            .sum()
    }

    /// Whether a side has captured more than half the seeds, or both
    /// exactly half: the game ends.
    fn decided(&self) -> bool {
        let total = self.total_seeds();
        let [south, north] = self.scores.map(|s| 2 * u32::from(s));
        south > total || north > total || (south == total && north == total)
    }

    /// Whether `mv` is a non-empty house of the mover that, when the
    /// opponent has no seeds, gives it some (seeds enough to pass the
    /// mover's last house).
    fn feeds(&self, mv: House) -> bool {
        let seeds = self.side(self.to_move())[usize::from(mv.0)];
        let starved = self.side(1 - self.to_move()).iter().all(|&s| s == 0);
        seeds > 0 && (!starved || usize::from(seeds) >= self.houses() - usize::from(mv.0))
    }

    /// Takes what a last seed in house `last` captures: that house and the
    /// opponent's houses before it, while they hold 2 or 3 — unless that
    /// would take every seed the opponent has (a grand slam, which is
    /// allowed and captures nothing).
    fn capture(&mut self, last: usize) -> u8 {
        let n = self.houses();
        let start = (1 - self.to_move()) * n;
        let theirs = start..start + n;
        if !theirs.contains(&last) {
            return 0;
        }
        let mut first = last + 1;
        while first > start && (2..=3).contains(&self.board[first - 1]) {
            first -= 1;
        }
        let taken: u8 = self.board[first..=last].iter().sum();
        if taken == 0 || taken == self.board[theirs].iter().sum::<u8>() {
            return 0;
        }
        self.board[first..=last].fill(0);
        self.scores[self.to_move()] += taken;
        taken
    }

    /// Ends the game with each side capturing the seeds in its own row.
    fn collect(&mut self) {
        let n = self.houses();
        for seat in 0..2 {
            let row = &mut self.board[seat * n..(seat + 1) * n];
            self.scores[seat] += row.iter().sum::<u8>();
            row.fill(0);
        }
    }

    /// Why the game ended, when a move ended it.
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Positions in the repetition history (since the last capture).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }
}

impl Game for Oware {
    type Move = House;
    type Variant = OwareVariant;

    fn variant(&self) -> &OwareVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        Seat::from(self.to_move)
    }

    /// Every ending collects the rows, so the game is over exactly when the
    /// board is empty; the larger capture wins, equal captures draw.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.board != [0; 2 * MAX_HOUSES] {
            return None;
        }
        Some(match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Outcome::win(0),
            std::cmp::Ordering::Less => Outcome::win(1),
            std::cmp::Ordering::Equal => Outcome::draw(2),
        })
    }

    /// The position, the captures and the repetition history decide the future.
    fn key(&self) -> u64 {
        tabula_core::key::of(&[
            position_key(&self.board, self.to_move),
            u64::from(self.scores[0]) << 8 | u64::from(self.scores[1]),
            self.history.fingerprint,
        ])
    }

    /// The mover's legal houses, from its left; nothing once the game is over.
    fn legal_moves(&self, moves: &mut Vec<House>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(
                (0..self.houses() as u8)
                    .map(House)
                    .filter(|&h| self.feeds(h)),
            );
        }
    }

    fn is_legal(&self, mv: House) -> bool {
        usize::from(mv.0) < self.houses() && self.outcome().is_none() && self.feeds(mv)
    }

    /// Sows `mv`, captures, and ends the game where the rules say (every
    /// ending collects the rows, as OpenSpiel's does); the caller has
    /// checked that the move is legal.
    #[inline]
    fn play(&mut self, mv: House) {
        let n = self.houses();
        let me = self.to_move();
        let origin = me * n + usize::from(mv.0) % n;
        let mut seeds = std::mem::take(&mut self.board[origin]);
        let mut pos = origin;
        while seeds > 0 {
            pos = (pos + 1) % (2 * n);
            if pos != origin {
                self.board[pos] += 1;
                seeds -= 1;
            }
        }
        let captured = self.capture(pos);
        self.to_move ^= 1;
        if captured > 0 {
            self.history.clear();
        }
        self.ending = if self.decided() {
            Ending::Decided
        } else if !(0..n).any(|h| self.feeds(House(h as u8))) {
            Ending::CannotFeed
        } else if self
            .history
            .contains(position_key(&self.board, self.to_move))
        {
            Ending::Repetition
        } else {
            self.history.push(position_key(&self.board, self.to_move));
            return;
        };
        self.collect();
    }
}

/// The two rows the shared mancala code (`tabula_sowing`) reads, writes
/// and draws.
impl TwoRows for Oware {
    const WORDS: Words = Words {
        title: "Oware",
        banks: "captures",
        banks_in_full: "captured seeds",
        pit: "house",
    };

    fn board(&self) -> &[u8] {
        Oware::board(self)
    }

    fn banks(&self) -> [u8; 2] {
        self.scores()
    }

    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String> {
        Oware::with_board(self, board, banks, to_move)
    }

    /// The final captures and why the game ended, once it is over.
    fn result_text(&self) -> Option<String> {
        let score = tabula_sowing::final_score(self)?;
        let why = match self.ending() {
            Ending::None => "",
            Ending::Decided => " (more than half captured; rows collected)",
            Ending::CannotFeed => " (no move feeds the opponent; rows collected)",
            Ending::Repetition => " (a position repeated; rows collected)",
        };
        Some(format!("{score}{why}"))
    }
}
