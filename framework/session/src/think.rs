//! An agent thinking in the background: the search runs on its own
//! thread, so that a front end stays free to show its progress and to
//! stop it (a key, a button, a Python call), and hands back what it found
//! as data.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use serde::Serialize;
use tabula::agents::{AnyControl, Forfeit};
use tabula::search::{Limit, Progress};
use tabula::{AgentSpec, AnyAgent, AnyDecision, AnyGame, Outcome, SearchSummary, Seat};
use tabula_judge::Exact;

/// What the worker thread hands back: the agent (which keeps its tree for
/// the next move) and its answer.
type Answer = (Box<dyn AnyAgent>, Result<AnyDecision, Forfeit>);

/// A search running in the background; [`Session::finish`](crate::Session::finish)
/// collects its move. Dropping it unfinished stops the search.
pub struct Thinking {
    pub(crate) seat: Seat,
    pub(crate) spec: AgentSpec,
    /// The session's generation when the search started (see
    /// [`Session::finish`](crate::Session::finish)).
    pub(crate) generation: u64,
    stop: Arc<AtomicBool>,
    reports: Receiver<Progress<String>>,
    latest: Option<Progress<String>>,
    worker: Option<JoinHandle<Answer>>,
}

/// What [`Thinking::wait`] saw.
#[derive(Debug, Clone)]
pub enum Update {
    /// A progress report (about every 100 ms while the search runs).
    Progress(Progress<String>),
    /// Nothing within the time waited; the search goes on.
    Waiting,
    /// The search has ended: [`Session::finish`](crate::Session::finish)
    /// collects its move at once.
    Done,
}

impl Thinking {
    /// Starts `agent` on `game` on a thread of its own.
    pub(crate) fn start(
        mut agent: Box<dyn AnyAgent>,
        game: Box<dyn AnyGame>,
        generation: u64,
    ) -> Thinking {
        let seat = game.to_move();
        let spec = agent.spec().clone();
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, reports) = mpsc::channel();
        let worker = thread::spawn({
            let stop = Arc::clone(&stop);
            move || {
                let sink = |progress: &Progress<String>| {
                    // A front end that stopped listening only misses reports.
                    let _ = sender.send(progress.clone());
                };
                let control = AnyControl {
                    limit: Limit::default(),
                    stop: Some(&stop),
                    progress: Some(&sink),
                };
                let answer = agent.choose(game.as_ref(), &control);
                (agent, answer)
            }
        });
        Thinking {
            seat,
            spec,
            generation,
            stop,
            reports,
            latest: None,
            worker: Some(worker),
        }
    }

    /// The seat the agent thinks for.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The agent thinking.
    pub fn agent(&self) -> &AgentSpec {
        &self.spec
    }

    /// Asks the search to answer now with its best move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits up to `timeout` for the next progress report or the end.
    pub fn wait(&mut self, timeout: Duration) -> Update {
        match self.reports.recv_timeout(timeout) {
            Ok(progress) => {
                self.latest = Some(progress.clone());
                Update::Progress(progress)
            }
            Err(RecvTimeoutError::Timeout) => Update::Waiting,
            Err(RecvTimeoutError::Disconnected) => Update::Done,
        }
    }

    /// The latest progress report, without waiting: for front ends that
    /// poll (a timer in a web page, a Python loop).
    pub fn progress(&mut self) -> Option<&Progress<String>> {
        if let Some(progress) = self.reports.try_iter().last() {
            self.latest = Some(progress);
        }
        self.latest.as_ref()
    }

    /// Whether the search has ended.
    pub fn is_done(&self) -> bool {
        self.worker.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Stops the search and waits for its thread to end, then drops the
    /// agent: an outside engine's processes are ended before this
    /// returns (dropping a `Thinking` only asks the search to stop). For a
    /// server that must not free a search's slot while its engine lives.
    pub fn abandon(mut self) {
        self.stop();
        if let Some(worker) = self.worker.take() {
            // The agent and its answer are dropped here; a panic in the
            // search has nothing left to spoil.
            let _ = worker.join();
        }
    }

    /// The agent and its answer, once the search ends.
    pub(crate) fn join(mut self) -> Answer {
        let worker = self.worker.take().expect("joined once");
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        // An abandoned search should not run on to its full budget.
        self.stop();
    }
}

/// A move an agent chose (for `hint`, or to play), with what its search
/// found.
#[derive(Debug, Clone, Serialize)]
pub struct Thought {
    /// The seat it chose for.
    pub seat: Seat,
    /// The agent's spec.
    pub agent: String,
    /// The move, canonical.
    pub mv: String,
    /// It was the only legal move: the agent had no choice, and a search
    /// that stopped at once (0 iterations, value 0) says nothing about the
    /// position.
    pub forced: bool,
    /// The search's findings; `None` for agents that do not search.
    pub search: Option<SearchAnalysis>,
    /// The position's exact values, when a loaded database covers it: what
    /// the move keeps or gives away ([`Exact::judge`]), and, for a hint
    /// from the database, every move's value.
    pub exact: Option<Exact>,
}

impl Thought {
    pub(crate) fn new(
        seat: Seat,
        spec: &AgentSpec,
        decision: AnyDecision,
        forced: bool,
        exact: Option<Exact>,
    ) -> Thought {
        Thought {
            seat,
            forced,
            agent: spec.to_string(),
            search: decision
                .search
                .map(|summary| SearchAnalysis::new(&summary, seat)),
            mv: decision.mv,
            exact,
        }
    }
}

/// What a search found about the position, seen from the seat to move.
#[derive(Debug, Clone, Serialize)]
pub struct SearchAnalysis {
    /// The expected score of the seat to move (0 to 1) at the root: for
    /// MCTS the mean result of every iteration, exploring ones included,
    /// so it sits below the best move's value while the search still
    /// tries weaker moves.
    pub value: f32,
    /// The position's result when the search proved it.
    pub proven: Option<Proof>,
    /// With `proven`, the plies to the end with best play, when the search
    /// knows them (the `perfect` agent's database).
    pub distance: Option<u32>,
    /// MCTS's iterations; `None` for a search that goes by depth
    /// (alpha-beta), whose work is its `nodes`: two figures of one count
    /// would only confuse.
    pub iterations: Option<u64>,
    /// Nodes: in the tree at the end (MCTS), or searched (alpha-beta).
    pub nodes: usize,
    /// Seconds the search took.
    pub seconds: f64,
    /// The principal variation, from the move chosen.
    pub pv: Vec<String>,
    /// The depth completed, for searches that go by depth.
    pub depth: Option<u32>,
    /// The legal moves searched, best first.
    pub moves: Vec<MoveStats>,
}

/// One root move of a search.
#[derive(Debug, Clone, Serialize)]
pub struct MoveStats {
    /// The move, canonical.
    pub mv: String,
    /// The iterations spent on it.
    pub visits: u32,
    /// Its share of all the root's visits (0 to 1).
    pub share: f64,
    /// Its expected score for the seat to move: for MCTS the mean result
    /// of the iterations through this move.
    pub value: f32,
    /// Its result when the search proved it.
    pub proven: Option<Proof>,
}

/// A proven result, for the seat to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    /// The seat wins alone.
    Win,
    /// The seat loses.
    Loss,
    /// The seat shares the win: with two players, a draw.
    Shared,
}

impl MoveStats {
    /// The leading moves of a search still running, as the finished
    /// search's are shown: shares of all the root's visits so far.
    pub fn of_progress(progress: &Progress<String>, seat: Seat) -> Vec<MoveStats> {
        progress
            .moves
            .iter()
            .map(|m| MoveStats {
                mv: m.mv.clone(),
                visits: m.visits,
                share: f64::from(m.visits) / progress.root_visits.max(1) as f64,
                value: m.value,
                proven: m.proven.map(|o| Proof::of(o, seat)),
            })
            .collect()
    }
}

impl Proof {
    fn of(outcome: Outcome, seat: Seat) -> Proof {
        match outcome.score(seat) {
            s if s >= 1.0 => Proof::Win,
            s if s <= 0.0 => Proof::Loss,
            _ => Proof::Shared,
        }
    }
}

impl SearchAnalysis {
    fn new(summary: &SearchSummary, seat: Seat) -> SearchAnalysis {
        let total: u64 = summary.moves.iter().map(|m| u64::from(m.1)).sum();
        SearchAnalysis {
            value: summary.value,
            proven: summary.proven.map(|o| Proof::of(o, seat)),
            distance: summary.distance,
            iterations: summary.depth.is_none().then_some(summary.iterations),
            nodes: summary.nodes,
            seconds: summary.elapsed.as_secs_f64(),
            pv: summary.pv.clone(),
            depth: summary.depth,
            moves: summary
                .moves
                .iter()
                .map(|(mv, visits, value, proven)| MoveStats {
                    mv: mv.clone(),
                    visits: *visits,
                    share: f64::from(*visits) / total.max(1) as f64,
                    value: *value,
                    proven: proven.map(|o| Proof::of(o, seat)),
                })
                .collect(),
        }
    }
}
