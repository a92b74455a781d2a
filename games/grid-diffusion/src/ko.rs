//! Positional superko: Zobrist hashes of arrangements and the game's history.
//!
//! An arrangement (colour per cell, nothing else) is identified by a 64-bit
//! Zobrist hash, updated incrementally, so testing one candidate move costs
//! a few XORs and two probes. Two different arrangements with the same hash
//! (odds about n²/2⁶⁵ for n stored arrangements) would make a legal move
//! look forbidden; that risk is accepted, as in every Go engine.
//!
//! # Memory linear in plies, clones in constant time
//! Every saved state (the REPL keeps one per ply) and every MCTS iteration's
//! clone has a history, so none may copy it. A history is
//! - a shared, append-only [`Log`] of the line of play: an index from hash
//!   to the log position where it was added, which only grows, and whose
//!   first `seen` positions belong to this history;
//! - and the few hashes this state added since (`recent`: inline, spilling
//!   into a private table only in long playouts, which are never cloned).
//!
//! A clone publishes the original's recent hashes to the log once (under a
//! lock), then shares the log: it starts with nothing recent. Every later
//! clone of the same state reuses that publication without a lock, so MCTS
//! pays an atomic load per iteration. A state whose line the log already
//! holds (a twin: the same moves played again, as after an undo and redo,
//! or by a search tree following the game) adopts those entries; a state
//! whose line diverged (an undo, then another move) copies the history it
//! shares into a new log: the only copy, made once per divergence. So a
//! game of n plies with every state kept costs O(n) memory, and a ply costs
//! the same at ply 10 as at ply 10⁶.
//!
//! The index is an open-addressing table of atomic slots: the one
//! publisher at a time (holding the log's lock) inserts while other
//! threads' states probe it; a probe only trusts entries below its own
//! `seen`, which were complete before that state could exist.

use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use tabula_core::key::mix;

use crate::bits::MAX_CELLS;

/// Random keys per colour and cell, fixed at compile time.
pub(crate) static ZOBRIST: [[u64; MAX_CELLS]; 2] = zobrist_keys();

const fn zobrist_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0; MAX_CELLS]; 2];
    let mut state: u64 = 0x6772_6964_2d64_6966; // "grid-dif"
    let mut i = 0;
    while i < 2 * MAX_CELLS {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        keys[i / MAX_CELLS][i % MAX_CELLS] = mix(state);
        i += 1;
    }
    keys
}

/// Recent hashes a state keeps inline before they spill into a table.
const INLINE: usize = 8;
/// Slots of a new spill table: long playouts grow it rarely.
const SPILL_SLOTS: usize = 64;
/// Slots of a new log's index.
const INDEX_SLOTS: usize = 64;

/// Slot value for `hash`: 0 marks an empty slot, so 0 is stored as 1.
fn slot_key(hash: u64) -> u64 {
    hash.max(1)
}

/// Where a probe for `key` starts in a table of `mask + 1` slots.
fn home(key: u64, mask: usize) -> usize {
    (key >> 7) as usize & mask
}

/// An open-addressing set of hashes owned by one state (linear probing,
/// load ≤ 1/2).
#[derive(Clone, Default)]
pub(crate) struct HashTable {
    slots: Vec<u64>,
    len: usize,
}

impl HashTable {
    fn contains(&self, hash: u64) -> bool {
        if self.len == 0 {
            return false;
        }
        let key = slot_key(hash);
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            match self.slots[i] {
                0 => return false,
                slot if slot == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, hash: u64) {
        if (self.len + 1) * 2 > self.slots.len() {
            let size = (self.slots.len() * 2).max(SPILL_SLOTS);
            let old = std::mem::replace(&mut self.slots, vec![0; size]);
            self.len = 0;
            for key in old.into_iter().filter(|&k| k != 0) {
                self.insert(key);
            }
        }
        let key = slot_key(hash);
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.len += 1;
                    return;
                }
                slot if slot == key => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().copied().filter(|&k| k != 0)
    }
}

/// The hashes a state added since its history was last shared.
#[derive(Clone, Default)]
struct Recent {
    inline: [u64; INLINE],
    len: usize,
    spill: HashTable,
}

impl Recent {
    #[inline]
    fn contains(&self, hash: u64) -> bool {
        let key = slot_key(hash);
        self.inline[..self.len.min(INLINE)].contains(&key)
            || (self.len > INLINE && self.spill.contains(hash))
    }

    fn insert(&mut self, hash: u64) {
        if self.len < INLINE {
            self.inline[self.len] = slot_key(hash);
        } else {
            self.spill.insert(hash);
        }
        self.len += 1;
    }

    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.inline[..self.len.min(INLINE)]
            .iter()
            .copied()
            .chain(self.spill.keys())
    }
}

/// One slot of an [`Index`]: a hash and the log position it was added at.
#[derive(Default)]
struct Slot {
    key: AtomicU64,
    at: AtomicU32,
}

/// The log's hash → position table, readable by any thread while the one
/// publisher inserts (see the module documentation).
struct Index {
    slots: Box<[Slot]>,
}

impl Index {
    /// Room for `entries` at load ≤ 1/2.
    fn with_room(entries: usize) -> Index {
        let size = (2 * entries).next_power_of_two().max(INDEX_SLOTS);
        Index {
            slots: (0..size).map(|_| Slot::default()).collect(),
        }
    }

    /// The log position of `hash`, if the index holds it.
    #[inline]
    fn position(&self, hash: u64) -> Option<u32> {
        let key = slot_key(hash);
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            let slot = &self.slots[i];
            match slot.key.load(Ordering::Acquire) {
                0 => return None,
                k if k == key => return Some(slot.at.load(Ordering::Relaxed)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `key` (a slot key) at log position `at`, unless it is there.
    /// Only the holder of the log's lock calls this.
    fn insert(&self, key: u64, at: u32) {
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            let slot = &self.slots[i];
            match slot.key.load(Ordering::Relaxed) {
                0 => {
                    slot.at.store(at, Ordering::Relaxed);
                    slot.key.store(key, Ordering::Release);
                    return;
                }
                k if k == key => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// `(slot key, position)` of every entry below position `end`.
    fn entries_before(&self, end: u32) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.slots.iter().filter_map(move |slot| {
            let key = slot.key.load(Ordering::Acquire);
            let at = slot.at.load(Ordering::Relaxed);
            (key != 0 && at < end).then_some((key, at))
        })
    }

    /// A copy of the entries below `end` with room for `extra` more.
    fn copy_before(&self, end: u32, extra: usize) -> Index {
        let copy = Index::with_room(end as usize + extra);
        for (key, at) in self.entries_before(end) {
            copy.insert(key, at);
        }
        copy
    }
}

/// A line of play's history, shared by every state on that line.
struct Log {
    inner: Mutex<LogInner>,
}

struct LogInner {
    /// Positions used: every entry is below.
    len: u32,
    /// Holds every entry; replaced by a bigger copy when it fills up.
    index: Arc<Index>,
}

impl Log {
    fn new(index: &Arc<Index>, len: u32) -> Arc<Log> {
        Arc::new(Log {
            inner: Mutex::new(LogInner {
                len,
                index: Arc::clone(index),
            }),
        })
    }
}

/// A history whose recent hashes are in a log: what clones start from.
#[derive(Clone)]
struct Shared {
    log: Arc<Log>,
    index: Arc<Index>,
    seen: u32,
}

/// Every arrangement that existed at the end of a turn of this game.
pub(crate) struct KoHistory {
    /// The log's first `seen` positions, and where to look them up.
    shared: Shared,
    /// Hashes added since, not in the log for this history.
    recent: Recent,
    /// `shared` with `recent` published: set by the first clone.
    published: OnceLock<Shared>,
    /// XOR of the mixed hashes: an order-free key of the whole set.
    fingerprint: u64,
}

impl Default for KoHistory {
    fn default() -> Self {
        let index = Arc::new(Index::with_room(0));
        KoHistory {
            shared: Shared {
                log: Log::new(&index, 0),
                index,
                seen: 0,
            },
            recent: Recent::default(),
            published: OnceLock::new(),
            fingerprint: 0,
        }
    }
}

impl KoHistory {
    #[inline]
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.recent.contains(hash)
            || (self.shared.seen > 0
                && self
                    .shared
                    .index
                    .position(hash)
                    .is_some_and(|at| at < self.shared.seen))
    }

    /// Adds an arrangement, which must not be in the history yet (superko
    /// makes sure of it).
    pub(crate) fn insert(&mut self, hash: u64) {
        debug_assert!(!self.contains(hash), "an arrangement repeated");
        if let Some(published) = self.published.take() {
            // A clone published the recent hashes: share them from now on.
            self.shared = published;
            self.recent = Recent::default();
        }
        self.recent.insert(hash);
        self.fingerprint ^= mix(hash);
    }

    /// Arrangements stored.
    pub(crate) fn len(&self) -> usize {
        self.shared.seen as usize + self.recent.len
    }

    /// A key of the whole set of arrangements.
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// This history with its recent hashes in a log (see the module
    /// documentation): appended, adopted from a twin, or copied into a new
    /// log where this line diverged from the log's.
    fn publish(&self) -> Shared {
        let Shared { log, index, seen } = &self.shared;
        let count = self.recent.len as u32;
        let end = seen + count;
        let mut inner = log.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if inner.len == *seen {
            if 2 * (end as usize) > inner.index.slots.len() {
                inner.index = Arc::new(inner.index.copy_before(*seen, 2 * count as usize));
            }
            for (i, key) in self.recent.keys().enumerate() {
                inner.index.insert(key, seen + i as u32);
            }
            inner.len = end;
            return Shared {
                log: Arc::clone(log),
                index: Arc::clone(&inner.index),
                seen: end,
            };
        }
        let twin = inner.len >= end
            && self.recent.keys().all(|key| {
                inner
                    .index
                    .position(key)
                    .is_some_and(|at| (*seen..end).contains(&at))
            });
        if twin {
            return Shared {
                log: Arc::clone(log),
                index: Arc::clone(&inner.index),
                seen: end,
            };
        }
        drop(inner);
        let copy = index.copy_before(*seen, count as usize);
        for (i, key) in self.recent.keys().enumerate() {
            copy.insert(key, seen + i as u32);
        }
        let index = Arc::new(copy);
        Shared {
            log: Log::new(&index, end),
            index,
            seen: end,
        }
    }
}

impl Clone for KoHistory {
    fn clone(&self) -> Self {
        let shared = if self.recent.len == 0 {
            self.shared.clone()
        } else {
            self.published.get_or_init(|| self.publish()).clone()
        };
        KoHistory {
            shared,
            recent: Recent::default(),
            published: OnceLock::new(),
            fingerprint: self.fingerprint,
        }
    }
}

impl fmt::Debug for KoHistory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KoHistory({} arrangements)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(i: u64) -> u64 {
        mix(i)
    }

    /// A history of `n` hashes added one at a time, cloned after each as
    /// the REPL does (the clone plays on, the original is kept).
    fn line(n: u64) -> Vec<KoHistory> {
        let mut states = vec![KoHistory::default()];
        for i in 0..n {
            let mut next = states.last().unwrap().clone();
            next.insert(hash(i));
            states.push(next);
        }
        states
    }

    #[test]
    fn every_kept_state_sees_exactly_its_own_prefix() {
        let states = line(300);
        for (n, state) in states.iter().enumerate().step_by(7) {
            assert_eq!(state.len(), n);
            assert!((0..n as u64).all(|i| state.contains(hash(i))), "state {n}");
            assert!(
                (n as u64..300).all(|i| !state.contains(hash(i))),
                "state {n}"
            );
        }
    }

    #[test]
    fn clones_are_independent_and_twins_share_the_log() {
        let states = line(40);
        let base = &states[20];
        // A branch: the same prefix, then other hashes.
        let mut branch = base.clone();
        for i in 1000..1100 {
            let mut next = branch.clone();
            next.insert(hash(i));
            branch = next;
        }
        assert!(branch.contains(hash(1050)) && branch.contains(hash(5)));
        assert!(!branch.contains(hash(30)), "the main line's later hashes");
        assert!(!states[40].contains(hash(1050)), "the branch's hashes");
        assert!(!Arc::ptr_eq(&branch.shared.log, &base.shared.log));
        // A twin replays the main line's hashes: it adopts the log's entries.
        let mut twin = base.clone();
        for i in 20..40 {
            let mut next = twin.clone();
            next.insert(hash(i));
            twin = next;
        }
        let twin = twin.clone();
        assert!(Arc::ptr_eq(
            &twin.shared.log,
            &states[40].clone().shared.log
        ));
        assert_eq!(twin.len(), 40);
        assert_eq!(twin.fingerprint(), states[40].fingerprint());
    }

    #[test]
    fn fingerprints_depend_on_the_set_only() {
        let mut a = KoHistory::default();
        let mut b = KoHistory::default();
        for i in [1, 2, 3] {
            a.insert(hash(i));
        }
        for i in [3, 1, 2] {
            b.insert(hash(i));
        }
        assert_eq!(a.fingerprint(), b.fingerprint());
        b.insert(hash(4));
        assert_ne!(a.fingerprint(), b.fingerprint());
    }

    #[test]
    fn long_private_histories_spill_and_stay_exact() {
        let mut playout = line(10).pop().unwrap().clone();
        for i in 100..1100 {
            playout.insert(hash(i));
        }
        assert_eq!(playout.len(), 1010);
        assert!((0..10).chain(100..1100).all(|i| playout.contains(hash(i))));
        assert!(!playout.contains(hash(50)));
    }
}
