//! The transposition table: a fixed array of entries indexed by the low
//! bits of a position key, replaced when a deeper or newer search comes.

/// How an entry's value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cut-off at a max node).
    Lower,
    /// The true value is at most this (a cut-off at a min node).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The search that wrote it, so old entries give way.
    pub generation: u8,
    pub best: Option<M>,
}

/// A table of `2^bits` entries.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: u64,
    pub generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of at most `bytes` bytes; with 0, a table that holds
    /// nothing (searches without one).
    /// `None` when the memory cannot be had: a clear refusal instead of
    /// an abort.
    pub fn with_bytes(bytes: usize) -> Option<Self> {
        if bytes == 0 {
            return Some(Table {
                entries: Vec::new(),
                mask: 0,
                generation: 0,
            });
        }
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (bytes / entry).max(1024);
        // The largest power of two that fits.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut entries = Vec::new();
        entries.try_reserve_exact(size).ok()?;
        entries.resize(size, None);
        Some(Table {
            entries,
            mask: size as u64 - 1,
            generation: 0,
        })
    }

    /// The entry for `key`, if the table holds it.
    pub fn get(&self, key: u64) -> Option<&Entry<M>> {
        self.entries
            .get((key & self.mask) as usize)?
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores `entry` unless its slot holds a deeper result of this search.
    pub fn put(&mut self, entry: Entry<M>) {
        let Some(slot) = self.entries.get_mut((entry.key & self.mask) as usize) else {
            return;
        };
        match slot {
            Some(old)
                if old.generation == entry.generation
                    && old.key != entry.key
                    && old.depth > entry.depth => {}
            _ => *slot = Some(entry),
        }
    }
}
