//! A concurrent append-only arena for the shared tree: slots in
//! fixed-size chunks that never move, so a thread may hold a reference to
//! one while others reserve and write more. Reserving is one
//! compare-and-swap on the next free index; a reservation never spans two
//! chunks, so a node's children stay contiguous.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Slots per chunk, and so the most one reservation may take.
const CHUNK: usize = 1 << 14;

/// [`CHUNK`] slots, each written once.
type Chunk<T> = Box<[OnceLock<T>]>;

/// Slots in chunks that never move, each chunk allocated when first needed.
pub(crate) struct Arena<T> {
    chunks: Box<[OnceLock<Chunk<T>>]>,
    /// The first free slot.
    next: AtomicUsize,
    capacity: usize,
}

impl<T> Arena<T> {
    /// Room for `capacity` slots, none allocated yet.
    pub fn new(capacity: usize) -> Self {
        Arena {
            chunks: (0..capacity.div_ceil(CHUNK))
                .map(|_| OnceLock::new())
                .collect(),
            next: AtomicUsize::new(0),
            capacity,
        }
    }

    /// Slots handed out so far (and a few skipped at chunk ends).
    pub fn len(&self) -> usize {
        self.next.load(Ordering::Relaxed)
    }

    /// Reserves `count` consecutive slots in one chunk; `None` when full.
    pub fn reserve(&self, count: usize) -> Option<usize> {
        if count == 0 || count > CHUNK {
            return None;
        }
        let mut start = self.next.load(Ordering::Relaxed);
        loop {
            let first = match start / CHUNK == (start + count - 1) / CHUNK {
                true => start,
                false => start.next_multiple_of(CHUNK),
            };
            if first + count > self.capacity {
                return None;
            }
            match self.next.compare_exchange_weak(
                start,
                first + count,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(first),
                Err(now) => start = now,
            }
        }
    }

    /// Writes a reserved slot.
    pub fn write(&self, id: usize, value: T) {
        let chunk =
            self.chunks[id / CHUNK].get_or_init(|| (0..CHUNK).map(|_| OnceLock::new()).collect());
        if chunk[id % CHUNK].set(value).is_err() {
            unreachable!("arena slot {id} written twice");
        }
    }

    /// A written slot, or `None`.
    pub fn get(&self, id: usize) -> Option<&T> {
        self.chunks.get(id / CHUNK)?.get()?[id % CHUNK].get()
    }

    /// A written slot.
    ///
    /// # Panics
    /// If it has not been written.
    pub fn node(&self, id: usize) -> &T {
        self.get(id)
            .expect("slots are read only after they are written")
    }

    /// Bytes one slot takes.
    pub fn slot_size() -> usize {
        std::mem::size_of::<OnceLock<T>>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_stay_in_one_chunk_and_within_capacity() {
        let arena = Arena::<u32>::new(3 * CHUNK);
        let first = arena.reserve(CHUNK - 2).unwrap();
        // Three more would cross into the next chunk: they start it.
        assert_eq!(arena.reserve(3), Some(CHUNK));
        assert_eq!(arena.reserve(CHUNK + 1), None, "larger than a chunk");
        assert_eq!(arena.reserve(2 * CHUNK), None, "beyond the capacity");
        arena.write(first, 7);
        assert_eq!((arena.get(first), arena.get(first + 1)), (Some(&7), None));
        assert_eq!(arena.get(10 * CHUNK), None);
    }

    #[test]
    fn threads_reserve_disjoint_slots() {
        let arena = Arena::<usize>::new(1 << 20);
        std::thread::scope(|scope| {
            for t in 0..4 {
                let arena = &arena;
                scope.spawn(move || {
                    for _ in 0..5_000 {
                        let first = arena.reserve(3).unwrap();
                        for i in first..first + 3 {
                            arena.write(i, t);
                        }
                    }
                });
            }
        });
        let written = (0..arena.len()).filter(|&i| arena.get(i).is_some()).count();
        assert_eq!(written, 4 * 5_000 * 3, "every slot written exactly once");
    }
}
