//! Bounds on what clients can make the server do: the operator's
//! [`Limits`] (each a `tabula serve` option, with defaults sized for a
//! two-core laptop), and the counted slots that enforce the ones about
//! things at once. Beyond a limit a request is refused with a message
//! naming it, rather than slowing everyone down.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Everything a client can cause, bounded. `docs/web.md` ("Security")
/// lists them with their options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Searches running at once over all tabs (`--max-searches`).
    pub max_searches: usize,
    /// Threads of one search from the page (`--max-threads`).
    pub max_threads: u64,
    /// Tree nodes of one search from the page (`--max-nodes`): an MCTS
    /// `max_nodes`, a tree search's `iterations` where it has no node
    /// limit of its own.
    pub max_nodes: u64,
    /// Fixed memory of one agent from the page, in MiB (`--max-table`):
    /// an alpha-beta transposition table.
    pub max_table_mb: u64,
    /// Time one move may take (`--max-move-time`): every time an agent
    /// from the page is given, and how long a search on a tab runs before
    /// it is told to answer.
    pub max_move_time: Duration,
    /// Tournaments started from the page playing at once (`--max-tournaments`).
    pub max_tournaments: usize,
    /// Agents of one tournament from the page (`--max-tournament-agents`).
    pub max_tournament_agents: usize,
    /// Games one tournament from the page schedules (`--max-tournament-games`).
    pub max_tournament_games: usize,
    /// Disk one tournament from the page may fill, in MiB
    /// (`--max-tournament-mb`): it stops there.
    pub max_tournament_mb: u64,
    /// Open HTTP connections (`--max-connections`).
    pub max_connections: usize,
    /// Open HTTP connections from one address (`--max-per-address`).
    pub max_per_address: usize,
    /// Tabs (the page's WebSockets, each with a game) (`--max-tabs`).
    pub max_tabs: usize,
    /// Tabs from one address (`--max-tabs-per-address`).
    pub max_tabs_per_address: usize,
    /// How long a connection may take to send a request's headers, and
    /// may sit idle between requests (`--header-timeout`).
    pub header_timeout: Duration,
    /// How long a tab may go without a message before it is closed
    /// (`--idle-timeout`).
    pub idle_timeout: Duration,
    /// How long Ctrl-C waits for connections to close and the
    /// tournaments' games under way to be recorded (`--shutdown-grace`).
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_searches: 4,
            max_threads: 1,
            max_nodes: 2_000_000,
            max_table_mb: 64,
            max_move_time: Duration::from_secs(60),
            max_tournaments: 2,
            max_tournament_agents: 16,
            max_tournament_games: 10_000,
            max_tournament_mb: 64,
            max_connections: 256,
            max_per_address: 64,
            max_tabs: 32,
            max_tabs_per_address: 8,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(3600),
            shutdown_grace: Duration::from_secs(3),
        }
    }
}

/// A counted kind of slot, shared by every connection.
pub(crate) struct Slots {
    used: Arc<AtomicUsize>,
    max: usize,
}

impl Slots {
    pub(crate) fn new(max: usize) -> Slots {
        Slots {
            used: Arc::new(AtomicUsize::new(0)),
            max: max.max(1),
        }
    }

    /// A slot, or `None` when all are taken.
    pub(crate) fn take(&self) -> Option<Permit> {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .ok()?;
        Some(Permit(Arc::clone(&self.used)))
    }

    pub(crate) fn max(&self) -> usize {
        self.max
    }
}

/// One slot, given back when dropped (a search ends, its engine gone).
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
        let searches = Slots::new(1);
        let first = searches.take().unwrap();
        assert!(searches.take().is_none());
        drop(first);
        assert!(searches.take().is_some());
        assert_eq!(Slots::new(0).max(), 1, "at least one");
    }
}
