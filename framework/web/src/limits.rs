//! Bounds on what the server does at once: searches use the cores, and
//! every open tab holds a session, so both are counted and refused beyond
//! their limits with a message rather than slowing everyone down.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The counters every connection shares.
pub(crate) struct Limits {
    searches: Counter,
    connections: Counter,
}

impl Limits {
    pub(crate) fn new(max_searches: usize, max_connections: usize) -> Limits {
        Limits {
            searches: Counter::new(max_searches),
            connections: Counter::new(max_connections),
        }
    }

    /// A search slot, or `None` when all are taken.
    pub(crate) fn search(&self) -> Option<Permit> {
        self.searches.take()
    }

    /// A connection slot, or `None` when all are taken.
    pub(crate) fn connection(&self) -> Option<Permit> {
        self.connections.take()
    }

    pub(crate) fn max_searches(&self) -> usize {
        self.searches.max
    }
}

struct Counter {
    used: Arc<AtomicUsize>,
    max: usize,
}

impl Counter {
    fn new(max: usize) -> Counter {
        Counter {
            used: Arc::new(AtomicUsize::new(0)),
            max,
        }
    }

    fn take(&self) -> Option<Permit> {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .ok()?;
        Some(Permit(Arc::clone(&self.used)))
    }
}

/// One slot, given back when dropped (a search ends, a tab closes).
pub(crate) struct Permit(Arc<AtomicUsize>);

impl Drop for Permit {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_refused_beyond_the_limit_and_given_back() {
        let limits = Limits::new(1, 2);
        let first = limits.search().unwrap();
        assert!(limits.search().is_none());
        drop(first);
        assert!(limits.search().is_some());
        let _a = limits.connection().unwrap();
        let _b = limits.connection().unwrap();
        assert!(limits.connection().is_none());
    }
}
