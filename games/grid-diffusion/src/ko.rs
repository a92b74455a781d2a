//! Positional superko: Zobrist hashes of arrangements and the game's history.
//!
//! An arrangement (colour per cell, nothing else) is identified by a 64-bit
//! Zobrist hash, updated incrementally, so testing one candidate move costs
//! a few XORs and one hash-table probe. Two different arrangements with the
//! same hash (odds about n²/2⁶⁵ for n stored arrangements) would make a legal
//! move look forbidden; that risk is accepted, as in every Go engine.
//!
//! # Cheap clones
//! MCTS clones the root state once per iteration, so the history must not be
//! copied wholesale. [`KoHistory`] keeps the long, older part in an immutable
//! table behind an [`Arc`] that clones share, and the hashes added since in a
//! small table owned by the state. When the small table reaches
//! [`COMPACT_AT`] entries it is merged into the shared one
//! (`Arc::make_mut`: a copy only if another state still shares it). A clone
//! therefore costs one reference count plus at most a few kilobytes.

use std::sync::Arc;

use tabula::key::mix;

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

/// Recent hashes kept per state before they move into the shared table.
pub(crate) const COMPACT_AT: usize = 256;

/// An open-addressing set of hashes (linear probing, load ≤ 1/2).
#[derive(Clone, Default)]
pub(crate) struct HashTable {
    slots: Vec<u64>,
    len: usize,
}

impl HashTable {
    /// Slot value for `hash`: 0 marks an empty slot, so 0 is stored as 1.
    fn key(hash: u64) -> u64 {
        hash.max(1)
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn contains(&self, hash: u64) -> bool {
        if self.len == 0 {
            return false;
        }
        let key = Self::key(hash);
        let mask = self.slots.len() - 1;
        let mut i = (key >> 7) as usize & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                slot if slot == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    pub(crate) fn insert(&mut self, hash: u64) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let key = Self::key(hash);
        let mask = self.slots.len() - 1;
        let mut i = (key >> 7) as usize & mask;
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

    fn grow(&mut self) {
        // Room for every recent hash at once, so a playout grows it once at most.
        let size = (self.slots.len() * 2).max(2 * COMPACT_AT);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        for key in old.into_iter().filter(|&k| k != 0) {
            self.insert(key);
        }
    }

    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().copied().filter(|&k| k != 0)
    }
}

/// Every arrangement that existed at the end of a turn of this game.
#[derive(Clone, Default)]
pub(crate) struct KoHistory {
    shared: Arc<HashTable>,
    recent: HashTable,
    /// XOR of the mixed hashes: an order-free key of the whole set.
    fingerprint: u64,
}

impl KoHistory {
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.recent.contains(hash) || self.shared.contains(hash)
    }

    /// Adds an arrangement, which must not be in the history yet (superko
    /// makes sure of it).
    pub(crate) fn insert(&mut self, hash: u64) {
        debug_assert!(!self.contains(hash), "an arrangement repeated");
        self.fingerprint ^= mix(hash);
        self.recent.insert(hash);
        if self.recent.len() >= COMPACT_AT {
            let shared = Arc::make_mut(&mut self.shared);
            for key in self.recent.keys() {
                shared.insert(key);
            }
            self.recent = HashTable::default();
        }
    }

    /// Arrangements stored.
    pub(crate) fn len(&self) -> usize {
        self.shared.len() + self.recent.len()
    }

    /// A key of the whole set of arrangements.
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

impl std::fmt::Debug for KoHistory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KoHistory({} arrangements)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_survives_compaction_and_clones_are_independent() {
        let mut a = KoHistory::default();
        a.insert(0);
        for h in 1..1000u64 {
            a.insert(h.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        let mut b = a.clone();
        b.insert(42);
        assert!(b.contains(42) && !a.contains(42));
        assert!((1..1000u64).all(|h| a.contains(h.wrapping_mul(0x9E37_79B9_7F4A_7C15))));
        assert!(a.contains(0));
        assert_eq!(a.len(), 1000);
    }
}
