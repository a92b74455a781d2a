//! The game state and the rules: legality, applying a turn, the end.

use tabula_core::{Game, Outcome, Rng, Seat};

use crate::bits::Bits;
use crate::geometry::Cell;
use crate::ko::{KoHistory, ZOBRIST};
use crate::variant::GridDiffusionVariant;

/// Seat of Black, who moves first.
pub const BLACK: Seat = 0;
/// Seat of White.
pub const WHITE: Seat = 1;

/// How a seat is called: Black (seat 0) moves first, then White.
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    if seat == BLACK {
        "Black"
    } else {
        "White"
    }
}

/// One turn of grid Diffusion.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Stage 1: put a new stone on an empty cell.
    Drop(Cell),
    /// Stage 2: move a live stone of one's own to an empty cell.
    Relocate {
        /// The live stone's cell.
        from: Cell,
        /// The empty cell it moves to.
        to: Cell,
    },
    /// Stage 2: move a live stone of one's own onto an opponent stone at
    /// `target`, which goes to `to`, an empty cell (or the attacker's
    /// vacated cell) orthogonally adjacent to `target`.
    Attack {
        /// The live stone's cell.
        from: Cell,
        /// The opponent stone it lands on.
        target: Cell,
        /// Where the displaced opponent stone goes.
        to: Cell,
    },
    /// Stage 2: do nothing (never the third pass in a row).
    Pass,
}

/// A position of grid Diffusion with its variant and its ko history.
///
/// About 300 bytes of plain data plus the shared ko history (see the `ko`
/// module), so clones are cheap.
#[derive(Clone, Debug)]
pub struct GridDiffusion {
    pub(crate) variant: GridDiffusionVariant,
    /// Stones per seat.
    pub(crate) stones: [Bits; 2],
    /// Stones each seat still has to drop in stage 1.
    pub(crate) to_drop: [u16; 2],
    /// Consecutive passes just made (0–2).
    pub(crate) passes: u8,
    pub(crate) to_move: Seat,
    /// Zobrist hash of the arrangement.
    pub(crate) hash: u64,
    /// Cached result of [`GridDiffusion::compute_outcome`].
    pub(crate) outcome: Option<Outcome>,
    pub(crate) ko: KoHistory,
}

impl GridDiffusion {
    /// A position from its parts; the ko history starts with just this
    /// arrangement (left empty in stage 1, whose arrangements can never
    /// recur). The caller has checked the parts are consistent.
    pub(crate) fn from_parts(
        variant: GridDiffusionVariant,
        stones: [Bits; 2],
        to_drop: [u16; 2],
        to_move: Seat,
        passes: u8,
    ) -> GridDiffusion {
        let hash = (0..2)
            .flat_map(|seat| stones[seat].iter().map(move |cell| ZOBRIST[seat][cell]))
            .fold(0, |h, key| h ^ key);
        let mut state = GridDiffusion {
            variant,
            stones,
            to_drop,
            passes,
            to_move,
            hash,
            outcome: None,
            ko: KoHistory::default(),
        };
        if to_drop == [0, 0] {
            state.ko.insert(hash);
        }
        state.outcome = state.compute_outcome();
        state
    }

    /// 1 while stones are still being dropped, then 2.
    #[inline(always)]
    pub fn stage(&self) -> u8 {
        if self.to_drop == [0, 0] {
            2
        } else {
            1
        }
    }

    /// Stones Black and White still have to drop.
    pub fn stones_to_drop(&self) -> [u16; 2] {
        self.to_drop
    }

    /// Consecutive passes just made (0–2).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether the stone on `cell` (of either colour) is alive.
    pub fn is_alive(&self, cell: Cell) -> bool {
        (0..2).any(|seat| self.live(seat).has(cell.index()))
    }

    /// Arrangements in the ko history.
    pub fn ko_history_len(&self) -> usize {
        self.ko.len()
    }

    /// `seat`'s live stones: those with a friendly orthogonal neighbour.
    #[inline(always)]
    pub(crate) fn live(&self, seat: Seat) -> Bits {
        let own = self.stones[seat];
        own & self.variant.geo.neighbours(own)
    }

    #[inline(always)]
    pub(crate) fn empty(&self) -> Bits {
        self.variant.geo.board & !(self.stones[0] | self.stones[1])
    }

    /// Who drops next in stage 1: alternately, Black first; once White
    /// (the handicapped side) has none left, Black drops the rest.
    pub(crate) fn drop_turn(to_drop: [u16; 2], per_player: u16, handicap: u16) -> Seat {
        let dropped_black = per_player - to_drop[0];
        let dropped_white = per_player - handicap - to_drop[1];
        if to_drop[1] > 0 && dropped_black > dropped_white {
            WHITE
        } else {
            BLACK
        }
    }

    /// The hash of the arrangement after a relocation.
    #[inline(always)]
    pub(crate) fn hash_relocate(&self, from: usize, to: usize) -> u64 {
        let keys = &ZOBRIST[self.to_move];
        self.hash ^ keys[from] ^ keys[to]
    }

    /// The hash of the arrangement after an attack.
    #[inline(always)]
    pub(crate) fn hash_attack(&self, from: usize, target: usize, to: usize) -> u64 {
        let mine = &ZOBRIST[self.to_move];
        let theirs = &ZOBRIST[1 - self.to_move];
        self.hash ^ mine[from] ^ mine[target] ^ theirs[target] ^ theirs[to]
    }

    /// Why `mv` is illegal here, or `Ok` if it is legal.
    pub(crate) fn check(&self, mv: Move) -> Result<(), &'static str> {
        if self.outcome.is_some() {
            return Err("the game is over");
        }
        let me = self.to_move;
        let empty = self.empty();
        if self.stage() == 1 {
            return match mv {
                Move::Drop(cell) if empty.has(cell.index()) => Ok(()),
                Move::Drop(_) => Err("that cell is occupied"),
                _ => Err("stage 1: drop a stone on an empty cell"),
            };
        }
        let live_stone = |from: Cell| {
            if !self.stones[me].has(from.index()) {
                Err("the moving stone must be one of yours")
            } else if !self.live(me).has(from.index()) {
                Err("a dead stone cannot move")
            } else {
                Ok(())
            }
        };
        let hash = match mv {
            Move::Drop(_) => return Err("all stones are dropped: relocate, attack or pass"),
            Move::Pass if self.passes >= 2 => {
                return Err("a third consecutive pass is not allowed")
            }
            Move::Pass => return Ok(()),
            Move::Relocate { from, to } => {
                live_stone(from)?;
                if !empty.has(to.index()) {
                    return Err("a stone can only be relocated to an empty cell");
                }
                self.hash_relocate(from.index(), to.index())
            }
            Move::Attack { from, target, to } => {
                live_stone(from)?;
                if !self.stones[1 - me].has(target.index()) {
                    return Err("the attacked cell must hold an opponent stone");
                }
                if !self
                    .variant
                    .geo
                    .neighbours(Bits::single(target.index()))
                    .has(to.index())
                {
                    return Err("the displaced stone must go next to the attacked cell");
                }
                if !(empty.has(to.index()) || to == from) {
                    return Err("the displaced stone must go to an empty cell (or the attacker's vacated cell)");
                }
                self.hash_attack(from.index(), target.index(), to.index())
            }
        };
        if self.ko.contains(hash) {
            return Err("ko: it would recreate an earlier arrangement");
        }
        Ok(())
    }

    #[inline(always)]
    fn end_board_turn(&mut self) {
        self.passes = 0;
        self.ko.insert(self.hash);
        self.to_move = 1 - self.to_move;
    }

    /// The end conditions, in the rules' order: the player to move (the
    /// opponent of the player who just moved) loses without a live stone;
    /// else the player who just moved loses without one; else the player to
    /// move loses without a legal move. Stage 1 always has a legal drop.
    #[inline(always)]
    pub(crate) fn compute_outcome(&self) -> Option<Outcome> {
        if self.stage() == 1 {
            return None;
        }
        let (p, q) = (self.to_move, 1 - self.to_move);
        if self.live(p).is_empty() {
            Some(Outcome::win(q))
        } else if self.live(q).is_empty() {
            Some(Outcome::win(p))
        } else if self.passes >= 2 && !self.has_board_move() {
            Some(Outcome::win(q))
        } else {
            None
        }
    }
}

impl Game for GridDiffusion {
    type Move = Move;
    type Variant = GridDiffusionVariant;

    fn variant(&self) -> &GridDiffusionVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The arrangement's Zobrist hash with everything else that decides
    /// the future: the ko history (as an order-free fingerprint of its
    /// set), the side to move, the passes and the stones left to drop.
    fn key(&self) -> u64 {
        let counters = self.to_move as u64
            | u64::from(self.passes) << 8
            | u64::from(self.to_drop[0]) << 16
            | u64::from(self.to_drop[1]) << 32;
        tabula_core::key::of(&[self.hash, self.ko.fingerprint(), counters])
    }

    /// Every legal move, in a fixed order (see `movegen`).
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.list_moves(moves);
    }

    /// Applies a legal move.
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        let me = self.to_move;
        let opp = 1 - me;
        match mv {
            Move::Drop(cell) => {
                self.stones[me].set(cell.index());
                self.hash ^= ZOBRIST[me][cell.index()];
                self.to_drop[me] -= 1;
                if self.stage() == 1 {
                    self.to_move = Self::drop_turn(
                        self.to_drop,
                        self.variant.per_player,
                        self.variant.handicap,
                    );
                } else {
                    // Stage-1 arrangements have fewer stones, so they can
                    // never recur in stage 2: the history starts here.
                    self.ko.insert(self.hash);
                    self.to_move = opp;
                }
            }
            Move::Pass => {
                self.passes += 1;
                self.to_move = opp;
            }
            Move::Relocate { from, to } => {
                self.hash = self.hash_relocate(from.index(), to.index());
                self.stones[me].clear(from.index());
                self.stones[me].set(to.index());
                self.end_board_turn();
            }
            Move::Attack { from, target, to } => {
                self.hash = self.hash_attack(from.index(), target.index(), to.index());
                self.stones[me].clear(from.index());
                self.stones[me].set(target.index());
                self.stones[opp].clear(target.index());
                self.stones[opp].set(to.index());
                self.end_board_turn();
            }
        }
        self.outcome = self.compute_outcome();
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The rule the move breaks, for `try_play`'s error.
    fn illegal_reason(&self, mv: Move) -> Option<String> {
        self.check(mv).err().map(str::to_string)
    }

    /// Picked without listing the moves (see `movegen`).
    #[inline(always)]
    fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        self.pick_random(rng, buffer)
    }
}
