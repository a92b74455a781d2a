//! The vocabulary every search shares: what its caller may tell it while
//! it runs ([`Control`]: a budget override, a stop flag, a progress sink)
//! and what it reports ([`SearchReport`]). MCTS, alpha-beta, outside
//! engines and learned agents all speak it, so the REPL's live line, the
//! engine protocol's `info` and `stop`, and the arena treat them alike.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tabula_core::game::{Game, Seat};
use tabula_core::outcome::Outcome;

/// A budget for one move that overrides the agent's own settings (the
/// engine protocol's `go time=… iterations=…`). Unset fields keep the
/// agent's budget; an agent without a search ignores it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limit {
    /// Wall-clock time for this move.
    pub time: Option<Duration>,
    /// Work units for this move: MCTS iterations, alpha-beta nodes.
    pub iterations: Option<u64>,
}

impl Limit {
    /// Whether the limit overrides anything.
    pub fn is_set(&self) -> bool {
        self.time.is_some() || self.iterations.is_some()
    }
}

/// A snapshot of a running search, for live displays and `info` lines.
#[derive(Debug, Clone)]
pub struct Progress<M> {
    /// Time since the search started.
    pub elapsed: Duration,
    /// Work done so far: iterations (MCTS) or nodes (alpha-beta).
    pub iterations: u64,
    /// The move the search would play now.
    pub best: Option<M>,
    /// Its expected score for the seat to move (0..=1).
    pub value: Option<f32>,
    /// The depth completed, for searches that go by depth.
    pub depth: Option<u32>,
    /// The root's leading moves so far, best first, at most
    /// [`PROGRESS_MOVES`] of them: where the search is looking. Empty
    /// where a search does not say (an outside engine).
    pub moves: Vec<ChildStats<M>>,
    /// The visits of all the root's moves together, the denominator of
    /// each move's share (`moves` lists only the leading few).
    pub root_visits: u64,
    /// The principal variation so far, starting with `best`; empty where
    /// unknown.
    pub pv: Vec<M>,
}

impl<M> Progress<M> {
    /// A report of the counts only, with no moves or variation.
    pub fn counts(elapsed: Duration, iterations: u64) -> Self {
        Progress {
            elapsed,
            iterations,
            best: None,
            value: None,
            depth: None,
            moves: Vec::new(),
            root_visits: 0,
            pv: Vec::new(),
        }
    }

    /// `moves` (the root's, best first) as this report's leading moves:
    /// the visits of all of them, then the first [`PROGRESS_MOVES`].
    pub fn with_moves(mut self, mut moves: Vec<ChildStats<M>>) -> Self {
        self.root_visits = moves.iter().map(|m| u64::from(m.visits)).sum();
        moves.truncate(PROGRESS_MOVES);
        self.moves = moves;
        self
    }
}

/// How many root moves a progress report lists: enough to show where a
/// search looks, few enough to build ten times a second.
pub const PROGRESS_MOVES: usize = 12;

/// Where a search sends its progress reports.
pub type ProgressSink<'a, M> = &'a (dyn Fn(&Progress<M>) + Sync);

/// What a caller tells a running search. The default is "use your own
/// budget, never stop early, report nothing".
pub struct Control<'a, M> {
    /// Overrides the agent's budget for this move when set.
    pub limit: Limit,
    /// Set by another thread to stop the search: it then answers at once
    /// with its best move so far.
    pub stop: Option<&'a AtomicBool>,
    /// Receives progress about every 100 ms (from the searching thread).
    pub progress: Option<ProgressSink<'a, M>>,
}

impl<M> Default for Control<'_, M> {
    fn default() -> Self {
        Control {
            limit: Limit::default(),
            stop: None,
            progress: None,
        }
    }
}

impl<M> Control<'_, M> {
    /// Whether the caller asked the search to stop.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Hands `progress` to the caller's sink, if any.
    pub fn report(&self, progress: &Progress<M>) {
        if let Some(sink) = self.progress {
            sink(progress);
        }
    }
}

/// The interval between progress reports.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// What one search found.
#[derive(Debug, Clone)]
pub struct SearchReport<M> {
    /// The move to play.
    pub best: M,
    /// Work done: iterations (MCTS) or nodes (alpha-beta); 0 when there
    /// was only one legal move.
    pub iterations: u64,
    /// Nodes in the tree at the end (MCTS), or nodes searched (alpha-beta,
    /// the same count as `iterations`).
    pub nodes: usize,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// The expected score of the seat to move (0..=1).
    pub value: f32,
    /// The root's moves, best first (by the same rule that chose `best`).
    pub children: Vec<ChildStats<M>>,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// The root's result when the search proved it.
    pub proven: Option<Outcome>,
    /// The depth completed, for searches that go by depth.
    pub depth: Option<u32>,
    /// With `proven`, the plies to the end when both sides play best (the
    /// winner hurrying, the loser delaying), for a search that knows them
    /// (the `perfect` agent's database).
    pub distance: Option<u32>,
}

/// Statistics of one root move.
#[derive(Debug, Clone)]
pub struct ChildStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations (MCTS) or nodes (alpha-beta) spent on this move.
    pub visits: u32,
    /// Expected score for the seat to move at the root.
    pub value: f32,
    /// The move's result when the search proved it.
    pub proven: Option<Outcome>,
}

impl<M> ChildStats<M> {
    /// -1 for a proven loss of `seat`, 1 for a proven win, else 0: the
    /// first key of [`ChildStats::better`].
    fn proof_rank(&self, seat: Seat) -> i8 {
        match self.proven {
            Some(o) if o.score(seat) >= 1.0 => 1,
            Some(o) if o.score(seat) <= 0.0 => -1,
            _ => 0,
        }
    }

    /// The order of root moves for `seat`, best first: proven wins, then
    /// visits, then value, proven losses last. The move played, the order
    /// of `children` and the principal variation all use this one rule.
    pub fn better(&self, other: &Self, seat: Seat) -> std::cmp::Ordering {
        other
            .proof_rank(seat)
            .cmp(&self.proof_rank(seat))
            .then(other.visits.cmp(&self.visits))
            .then(other.value.total_cmp(&self.value))
    }
}

/// Sorts root moves best first for `seat` (see [`ChildStats::better`]).
pub fn sort_children<M>(children: &mut [ChildStats<M>], seat: Seat) {
    children.sort_by(|a, b| a.better(b, seat));
}

/// The keys ([`Game::key`]) of the positions a game has
/// passed through, as an agent was told of its moves: what a repetition
/// repeats. The searches that score a repetition as even (`az` and
/// `alphabeta` with `repeats=on`) keep one.
#[derive(Debug, Clone, Default)]
pub struct History {
    keys: HashSet<u64>,
    /// The position the last move told of led to.
    now: Option<u64>,
}

impl History {
    /// Notes the move `mv` played from `before`; a move from elsewhere
    /// starts a new line (a new game, a move taken back).
    pub fn passed<G: Game>(&mut self, before: &G, mv: G::Move) {
        let key = before.key();
        let mut after = before.clone();
        after.play(mv);
        self.start_at(key);
        self.keys.insert(key);
        self.now = Some(after.key());
    }

    /// The keys of the positions before the current one.
    pub fn keys(&self) -> &HashSet<u64> {
        &self.keys
    }

    /// Whether the game passed through the position with this key.
    pub fn contains(&self, key: u64) -> bool {
        self.keys.contains(&key)
    }

    /// Forgets the game so far unless it led to `position`.
    pub fn start_at(&mut self, position: u64) {
        if self.now.is_some_and(|now| now != position) {
            self.keys.clear();
        }
        self.now = Some(position);
    }
}
