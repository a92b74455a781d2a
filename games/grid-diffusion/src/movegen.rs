//! Listing moves, and drawing a uniformly random one without listing.
//!
//! A random stage-2 move is drawn from exact counts of each move class
//! (relocations, attacks onto an empty cell, attacks onto the attacker's
//! vacated cell, pass), computed with a few bit-set operations, then
//! decoded by selecting set bits. A draw that ko forbids is rejected and
//! drawn again, which keeps the choice uniform over the legal moves; after
//! [`MAX_REJECTIONS`] rejections the legal moves are listed instead.

use tabula_core::rng::{below, pick};
use tabula_core::Rng;

use crate::bits::Bits;
use crate::geometry::{Cell, DIRECTIONS};
use crate::state::{GridDiffusion, Move};

/// Draws forbidden by ko before falling back to listing every move.
const MAX_REJECTIONS: usize = 64;

impl GridDiffusion {
    /// Visits every stage-2 relocation and attack (legal or forbidden by
    /// ko) with the hash of the arrangement it makes, in a fixed order,
    /// until `visit` returns `false`.
    fn board_moves(&self, mut visit: impl FnMut(Move, u64) -> bool) {
        let me = self.to_move;
        let live = self.live(me);
        let empty = self.empty();
        let theirs = self.stones[1 - me];
        for from in live.iter() {
            for to in empty.iter() {
                if !visit(
                    Move::Relocate {
                        from: Cell::at(from),
                        to: Cell::at(to),
                    },
                    self.hash_relocate(from, to),
                ) {
                    return;
                }
            }
        }
        // Only targets next to an empty cell, or next to the attacker (a
        // swap), have somewhere to go: on a crowded board a handful.
        let beside_empty = theirs & self.variant.geo.neighbours(empty);
        for from in live.iter() {
            let free = empty | Bits::single(from);
            let targets = beside_empty | (theirs & self.variant.geo.neighbours(Bits::single(from)));
            for target in targets.iter() {
                for to in (self.variant.geo.neighbours(Bits::single(target)) & free).iter() {
                    let mv = Move::Attack {
                        from: Cell::at(from),
                        target: Cell::at(target),
                        to: Cell::at(to),
                    };
                    if !visit(mv, self.hash_attack(from, target, to)) {
                        return;
                    }
                }
            }
        }
    }

    /// Every legal move, in a fixed order.
    pub(crate) fn list_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        if self.stage() == 1 {
            moves.extend(self.empty().iter().map(|cell| Move::Drop(Cell::at(cell))));
            return;
        }
        self.board_moves(|mv, hash| {
            if !self.ko.contains(hash) {
                moves.push(mv);
            }
            true
        });
        if self.passes < 2 {
            moves.push(Move::Pass);
        }
    }

    /// Whether some relocation or attack is allowed by ko (stage 2).
    pub(crate) fn has_board_move(&self) -> bool {
        let mut found = false;
        self.board_moves(|_, hash| {
            found = !self.ko.contains(hash);
            !found
        });
        found
    }

    /// The relocations and attacks that would be legal here but for ko.
    pub fn ko_forbidden(&self) -> Vec<Move> {
        let mut forbidden = Vec::new();
        if self.outcome.is_none() && self.stage() == 2 {
            self.board_moves(|mv, hash| {
                if self.ko.contains(hash) {
                    forbidden.push(mv);
                }
                true
            });
        }
        forbidden
    }

    /// A uniformly random legal move, `None` when the game is over.
    #[inline(always)]
    pub(crate) fn pick_random(&self, rng: &mut Rng, buffer: &mut Vec<Move>) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let empty = self.empty();
        if self.stage() == 1 {
            let k = below(rng, empty.count());
            return Some(Move::Drop(Cell::at(empty.select(k))));
        }
        let me = self.to_move;
        let live = self.live(me);
        let theirs = self.stones[1 - me];
        // onto_empty[d]: opponent stones whose neighbour in direction d is
        // empty; onto_attacker[d]: ... whose neighbour in d is a live stone
        // of the mover (the attacker swaps places with its target).
        // (Plain loops rather than `array::map`, which the optimiser may
        // leave out of line, off the fast path: see `tabula_core::isa`.)
        let (mut onto_empty, mut onto_attacker) = ([Bits::EMPTY; 4], [Bits::EMPTY; 4]);
        let (mut empty_counts, mut attacker_counts) = ([0; 4], [0; 4]);
        for d in DIRECTIONS {
            onto_empty[d] = theirs & self.variant.geo.step(d ^ 1, empty);
            onto_attacker[d] = theirs & self.variant.geo.step(d ^ 1, live);
            empty_counts[d] = onto_empty[d].count();
            attacker_counts[d] = onto_attacker[d].count();
        }
        let (n_live, n_empty) = (live.count(), empty.count());
        let relocations = n_live * n_empty;
        let per_attacker: u32 = empty_counts.iter().sum();
        let attacks = n_live * per_attacker;
        let swaps: u32 = attacker_counts.iter().sum();
        let total = relocations + attacks + swaps + u32::from(self.passes < 2);
        for _ in 0..MAX_REJECTIONS.min(total as usize) {
            let mut r = below(rng, total);
            let (mv, hash) = if r < relocations {
                let (from, to) = (live.select(r / n_empty), empty.select(r % n_empty));
                (
                    Move::Relocate {
                        from: Cell::at(from),
                        to: Cell::at(to),
                    },
                    self.hash_relocate(from, to),
                )
            } else if r < relocations + attacks {
                r -= relocations;
                let from = live.select(r / per_attacker);
                let (target, d) = select_by_direction(&onto_empty, &empty_counts, r % per_attacker);
                let to = self.variant.geo.neighbour(target, d);
                let mv = Move::Attack {
                    from: Cell::at(from),
                    target: Cell::at(target),
                    to: Cell::at(to),
                };
                (mv, self.hash_attack(from, target, to))
            } else if r < relocations + attacks + swaps {
                r -= relocations + attacks;
                let (target, d) = select_by_direction(&onto_attacker, &attacker_counts, r);
                let from = self.variant.geo.neighbour(target, d);
                let mv = Move::Attack {
                    from: Cell::at(from),
                    target: Cell::at(target),
                    to: Cell::at(from),
                };
                (mv, self.hash_attack(from, target, from))
            } else {
                return Some(Move::Pass);
            };
            if !self.ko.contains(hash) {
                return Some(mv);
            }
        }
        self.list_moves(buffer);
        pick(rng, buffer)
    }
}

/// The `k`-th cell over the four per-direction sets taken in turn, with its
/// direction.
#[inline(always)]
fn select_by_direction(sets: &[Bits; 4], counts: &[u32; 4], mut k: u32) -> (usize, usize) {
    for d in DIRECTIONS {
        if k < counts[d] {
            return (sets[d].select(k), d);
        }
        k -= counts[d];
    }
    unreachable!("index beyond the counted moves")
}
