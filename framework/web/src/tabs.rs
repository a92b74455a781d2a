//! The open tabs (the page's WebSockets, each holding a game), counted
//! overall and per client address. A new tab beyond either limit is not
//! refused: the tab idle longest in its way (the same address's, or any)
//! is closed for it. So sockets left open, by a forgetful user or on
//! purpose, cannot lock anyone out; they only lose their own games.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::Notify;

/// The tabs open now.
pub(crate) struct Tabs {
    max: usize,
    per_address: usize,
    open: Arc<Mutex<Vec<Entry>>>,
    next: AtomicU64,
    /// The clock of the tabs' last activity.
    epoch: Instant,
}

struct Entry {
    id: u64,
    address: IpAddr,
    seen: Arc<AtomicU64>,
    close: Arc<Notify>,
}

/// One open tab: marks its activity, hears when it must give way, and
/// leaves the count when dropped.
pub(crate) struct Tab {
    id: u64,
    open: Arc<Mutex<Vec<Entry>>>,
    seen: Arc<AtomicU64>,
    epoch: Instant,
    /// Notified when a newer tab needs this one's place.
    pub(crate) evicted: Arc<Notify>,
}

impl Tabs {
    pub(crate) fn new(max: usize, per_address: usize) -> Tabs {
        Tabs {
            max: max.max(1),
            per_address: per_address.max(1),
            open: Arc::default(),
            next: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// A place for a new tab from `address`, closing the tab idle longest
    /// when this address, or the server, is at its limit.
    pub(crate) fn open(&self, address: IpAddr) -> Tab {
        let mut open = lock(&self.open);
        let from_here = open.iter().filter(|e| e.address == address).count();
        let victim = if from_here >= self.per_address {
            idlest(open.iter().filter(|e| e.address == address))
        } else if open.len() >= self.max {
            idlest(open.iter())
        } else {
            None
        };
        if let Some(id) = victim {
            let at = open.iter().position(|e| e.id == id).expect("found above");
            // Out of the count now: its socket closes as soon as it hears.
            open.swap_remove(at).close.notify_one();
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let seen = Arc::new(AtomicU64::new(0));
        let evicted = Arc::new(Notify::new());
        open.push(Entry {
            id,
            address,
            seen: Arc::clone(&seen),
            close: Arc::clone(&evicted),
        });
        let tab = Tab {
            id,
            open: Arc::clone(&self.open),
            seen,
            epoch: self.epoch,
            evicted,
        };
        tab.active();
        tab
    }

    /// Tabs open now.
    #[cfg(test)]
    fn count(&self) -> usize {
        lock(&self.open).len()
    }
}

impl Tab {
    /// The page sent a message, or was sent one: not idle.
    pub(crate) fn active(&self) {
        let now = self.epoch.elapsed().as_millis() as u64;
        self.seen.store(now, Ordering::Relaxed);
    }
}

impl Drop for Tab {
    fn drop(&mut self) {
        lock(&self.open).retain(|e| e.id != self.id);
    }
}

/// The entry whose last activity is oldest.
fn idlest<'a>(entries: impl Iterator<Item = &'a Entry>) -> Option<u64> {
    entries
        .min_by_key(|e| (e.seen.load(Ordering::Relaxed), e.id))
        .map(|e| e.id)
}

fn lock(open: &Mutex<Vec<Entry>>) -> std::sync::MutexGuard<'_, Vec<Entry>> {
    open.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_tab_beyond_a_limit_closes_the_one_idle_longest() {
        let tabs = Tabs::new(3, 2);
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        let first = tabs.open(here);
        std::thread::sleep(std::time::Duration::from_millis(5));
        let second = tabs.open(here);
        std::thread::sleep(std::time::Duration::from_millis(5));
        first.active();
        // The address's third tab: its idlest (the second) gives way.
        let third = tabs.open(here);
        assert_eq!(tabs.count(), 2);
        assert!(futures_notified(&second.evicted));
        assert!(!futures_notified(&first.evicted));
        // Another address fills the server; the next tab closes the idlest of all.
        let _other = tabs.open(there);
        assert_eq!(tabs.count(), 3);
        let _fourth = tabs.open(there);
        assert_eq!(tabs.count(), 3);
        assert!(futures_notified(&first.evicted) || futures_notified(&third.evicted));
        drop(second);
        assert_eq!(tabs.count(), 3, "an evicted tab is no longer counted");
    }

    /// Whether `notify` holds a notification (taking it).
    fn futures_notified(notify: &Notify) -> bool {
        let notified = notify.notified();
        tokio::pin!(notified);
        let waker = std::task::Waker::noop();
        let mut context = std::task::Context::from_waker(waker);
        std::future::Future::poll(notified.as_mut(), &mut context).is_ready()
    }
}
