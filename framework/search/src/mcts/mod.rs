//! The shared Monte-Carlo tree search player (UCT with an MCTS-solver).
//!
//! Generic over the game type, so the hot loop (clone the root, descend,
//! expand, random playout, back-propagate) is statically dispatched. It is
//! correct for any number of players: every node holds the mean score of
//! the seat that moved into it, and selection maximises that.
//!
//! Variants on the same tree, chosen by [`MctsConfig`]: RAVE/GRAVE
//! selection ([`Selection`], module `rave`), MAST and Gibbs playouts
//! ([`Playout`], module `mast`), priors from the game's evaluation
//! ([`MctsConfig::prior`]) and evaluation cut-offs
//! ([`MctsConfig::max_plies`]). docs/agents.md compares them.
//!
//! ```
//! # use tabula_core::{Game, Params};
//! # #[derive(Clone, Debug)] struct Nim { left: u8, to_move: usize }
//! # impl Game for Nim {
//! #     type Move = u8;
//! #     const NAME: &'static str = "nim";
//! #     const DESCRIPTION: &'static str = "";
//! #     const PARAMS: &'static [tabula_core::ParamSpec] = &[];
//! #     const RULES: &'static str = "";
//! #     fn new(_: &Params) -> Result<Self, tabula_core::ParamError> { Ok(Nim { left: 10, to_move: 0 }) }
//! #     fn players(&self) -> usize { 2 }
//! #     fn to_move(&self) -> usize { self.to_move }
//! #     fn outcome(&self) -> Option<tabula_core::Outcome> { (self.left == 0).then(|| tabula_core::Outcome::win(1 - self.to_move)) }
//! #     fn legal_moves(&self, m: &mut Vec<u8>) { m.clear(); m.extend((1..=3).filter(|&n| n <= self.left)); }
//! #     fn play(&mut self, mv: u8) { self.left -= mv; self.to_move = 1 - self.to_move; }
//! #     fn key(&self) -> u64 { tabula_core::key::of(&[self.left.into(), self.to_move as u64]) }
//! #     fn action_count(&self) -> usize { 3 }
//! #     fn action(&self, mv: u8) -> usize { usize::from(mv) - 1 }
//! #     fn action_move(&self, a: usize) -> Option<u8> { (a < 3).then(|| a as u8 + 1) }
//! #     fn observation_shape(&self) -> Vec<usize> { vec![2] }
//! #     fn observe(&self, seat: usize, out: &mut [f32]) { out[0] = self.left.into(); out[1] = (seat == self.to_move) as u8 as f32; }
//! #     fn parse_move(&self, t: &str) -> Result<u8, tabula_core::MoveError> { t.trim().parse().map_err(|_| tabula_core::MoveError::syntax(t, "1-3")) }
//! #     fn format_move(&self, mv: u8) -> String { mv.to_string() }
//! #     fn position(&self) -> String { self.left.to_string() }
//! #     fn parse_position(&self, _: &str) -> Result<Self, tabula_core::PositionError> { Ok(self.clone()) }
//! # }
//! use tabula_search::mcts::{Mcts, MctsConfig};
//!
//! // Nim with 10 stones: taking 2 leaves a multiple of 4, a proven win.
//! let start = Nim::new(&Params::default()).unwrap();
//! let mut mcts = Mcts::new(MctsConfig { iterations: Some(5_000), seed: 7, ..MctsConfig::default() });
//! let report = mcts.search(&start);
//! assert_eq!(report.best, 2);
//! assert!(report.proven.map_or(false, |o| o.is_winner(0)), "the solver proves the win");
//! ```

mod arena;
mod config;
mod mast;
mod rave;
mod shared;
mod tree;
mod view;
mod worker;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

pub use config::{MctsConfig, Parallel, Playout, Selection};
use shared::SharedSearch;
use worker::{Budget, Worker};

use crate::search::{sort_children, Control};
pub use crate::search::{ChildStats, SearchReport};
use tabula_core::game::{Game, Seat};
use tabula_core::outcome::Outcome;

/// The expected score of the seat to move: its children's visit-weighted
/// mean (a proven win counts fully).
fn root_value<M>(children: &[ChildStats<M>]) -> f32 {
    if let Some(win) = children
        .iter()
        .find(|c| c.proven.is_some() && c.value >= 1.0)
    {
        return win.value;
    }
    let visits: u32 = children.iter().map(|c| c.visits).sum();
    if visits == 0 {
        return children.first().map_or(0.0, |c| c.value);
    }
    children
        .iter()
        .map(|c| c.value * c.visits as f32)
        .sum::<f32>()
        / visits as f32
}

/// Thread `i`'s seed: well spread, thread 0 keeping the player's own.
fn thread_seed(seed: u64, i: u64) -> u64 {
    seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Shuffles `moves` in place (Fisher–Yates), so that unvisited children
/// are tried in random order.
fn shuffle<M>(moves: &mut [M], rng: &mut tabula_core::rng::Rng) {
    use rand::Rng as _;
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.random_range(0..=i));
    }
}

/// A new child's prior score for `mover`, the seat that moved into
/// `next`: the result if the game is over there (returned too, to prove
/// the child), else the evaluation, else an even share.
fn prior_score<G: Game>(next: &G, mover: Seat) -> (Option<Outcome>, f32) {
    match next.outcome() {
        Some(outcome) => (Some(outcome), outcome.score(mover)),
        None => (
            None,
            next.evaluate()
                .map_or(1.0 / next.players() as f32, |scores| scores[mover]),
        ),
    }
}

/// The MCTS-solver's rule, after a child of a node has been proven
/// `child`: the node is proven too when `chooser`, the seat choosing among
/// its children, wins there outright, or when all its children are proven
/// (`children`: each one's proof), as the best of them for `chooser`.
pub fn parent_proof(
    child: Outcome,
    chooser: Seat,
    children: impl Iterator<Item = Option<Outcome>>,
) -> Option<Outcome> {
    if child.score(chooser) >= 1.0 {
        return Some(child);
    }
    let mut best: Option<Outcome> = None;
    for outcome in children {
        let outcome = outcome?;
        if best.is_none_or(|b| outcome.score(chooser) > b.score(chooser)) {
            best = Some(outcome);
        }
    }
    best
}

/// The MCTS player for one game type.
///
/// With `threads > 1` it uses root parallelism by default: each thread
/// grows its own tree from its own seed, and the root moves' statistics
/// are summed. No locks, no shared nodes, and with an iteration budget the
/// result is as deterministic as a single thread's. The node budget
/// `max_nodes` is the whole player's: each thread's tree gets an equal
/// share. [`Parallel::Tree`] grows one shared tree instead (module
/// `shared`); docs/performance.md compares the two.
pub struct Mcts<G: Game> {
    config: MctsConfig,
    search: Search<G>,
}

/// The trees behind a player.
enum Search<G: Game> {
    /// One tree per thread (one thread: one tree).
    Root(Vec<Worker<G>>),
    /// One tree shared by all threads.
    Tree(SharedSearch<G>),
}

impl<G: Game> Mcts<G> {
    /// A player with these settings and empty trees. Tree parallelism
    /// applies with several threads and settings it supports
    /// ([`MctsConfig::supports_tree_parallelism`]); otherwise the threads
    /// use root parallelism.
    pub fn new(config: MctsConfig) -> Self {
        let threads = config.threads.max(1);
        if threads > 1 && config.parallel == Parallel::Tree && config.supports_tree_parallelism() {
            let search = Search::Tree(SharedSearch::new(config.clone()));
            return Mcts { config, search };
        }
        let workers = (0..threads as u64)
            .map(|i| {
                Worker::new(MctsConfig {
                    seed: thread_seed(config.seed, i),
                    max_nodes: (config.max_nodes / threads).max(2),
                    ..config.clone()
                })
            })
            .collect();
        Mcts {
            config,
            search: Search::Root(workers),
        }
    }

    /// The player's settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Bytes one tree node takes for this game (root parallelism and one
    /// thread; see [`bytes_per_node`](Self::bytes_per_node)).
    pub fn node_size() -> usize {
        std::mem::size_of::<tree::Node<G::Move>>()
    }

    /// Bytes one node of this player's trees takes: [`node_size`](Self::node_size),
    /// or more for the shared tree, whose statistics are atomic and which
    /// holds its expansion state.
    pub fn bytes_per_node(&self) -> usize {
        match self.search {
            Search::Root(_) => Self::node_size(),
            Search::Tree(_) => SharedSearch::<G>::node_size(),
        }
    }

    /// Nodes in the current trees (after a reuse, before the next search).
    pub fn tree_size(&self) -> usize {
        match &self.search {
            Search::Root(workers) => workers.iter().map(Worker::tree_size).sum(),
            Search::Tree(shared) => shared.tree_size(),
        }
    }

    /// Searches `root` within the configured budget (see [`search_with`](Self::search_with)).
    ///
    /// # Panics
    /// If the game is already over.
    pub fn search(&mut self, root: &G) -> SearchReport<G::Move> {
        self.search_with(root, &Control::default())
    }

    /// Searches `root` within the configured budget, or `control`'s limit
    /// when it sets one, until `control` asks it to stop. At least one
    /// iteration runs whatever the budget, so there is always a move. When
    /// the previous search's tree leads here through the moves
    /// [`observe`](Self::observe)d since, its subtree is kept and the
    /// search goes on from it.
    ///
    /// # Panics
    /// If the game is already over.
    pub fn search_with(
        &mut self,
        root: &G,
        control: &Control<'_, G::Move>,
    ) -> SearchReport<G::Move> {
        let started = Instant::now();
        let (iterations, time) = match control.limit.is_set() {
            true => (control.limit.iterations, control.limit.time),
            false => (self.config.iterations, self.config.time),
        };
        let total = match (iterations, time) {
            (Some(n), _) => n.max(1),
            (None, Some(_)) => u64::MAX,
            (None, None) => MctsConfig::DEFAULT_ITERATIONS,
        };
        let deadline = time.map(|t| started + t);
        let done = AtomicU64::new(0);
        let workers = match &mut self.search {
            Search::Root(workers) => workers,
            Search::Tree(shared) => {
                let budget = Budget {
                    iterations: total,
                    deadline,
                    started,
                    done: &done,
                    reporter: true,
                };
                return shared.search(root, budget, control);
            }
        };
        let threads = workers.len() as u64;
        let budget = |i: u64| Budget {
            // The iteration budget is the total: split it evenly.
            iterations: (total / threads + u64::from(i < total % threads)).max(1),
            deadline,
            started,
            done: &done,
            reporter: i == 0,
        };
        if let [worker] = workers.as_mut_slice() {
            return worker.search(root, budget(0), control);
        }
        let reports: Vec<SearchReport<G::Move>> = std::thread::scope(|scope| {
            let handles: Vec<_> = workers
                .iter_mut()
                .enumerate()
                .map(|(i, worker)| {
                    let budget = budget(i as u64);
                    scope.spawn(move || worker.search(root, budget, control))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        });
        merge(reports, root.to_move(), started.elapsed())
    }

    /// Thread `i`'s tree under root parallelism (tests).
    #[cfg(test)]
    fn worker(&self, i: usize) -> &Worker<G> {
        match &self.search {
            Search::Root(workers) => &workers[i],
            Search::Tree(_) => panic!("one shared tree, no workers"),
        }
    }

    /// The shared tree under tree parallelism (tests).
    #[cfg(test)]
    fn shared(&self) -> &SharedSearch<G> {
        match &self.search {
            Search::Tree(shared) => shared,
            Search::Root(_) => panic!("not tree-parallel"),
        }
    }

    /// Follows a move made in the game (by anyone) down the trees, keeping
    /// the subtrees for the next search.
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        match &mut self.search {
            Search::Root(workers) => {
                for worker in workers {
                    worker.observe(before, mv);
                }
            }
            Search::Tree(shared) => shared.observe(before, mv),
        }
    }
}

/// Sums the threads' root statistics into one report.
fn merge<M: Copy + Eq + std::hash::Hash>(
    reports: Vec<SearchReport<M>>,
    seat: Seat,
    elapsed: Duration,
) -> SearchReport<M> {
    let iterations = reports.iter().map(|r| r.iterations).sum();
    let nodes = reports.iter().map(|r| r.nodes).sum();
    if let Some(proven) = reports.iter().find(|r| r.proven.is_some()) {
        return SearchReport {
            iterations,
            nodes,
            elapsed,
            ..proven.clone()
        };
    }
    let mut order = Vec::new();
    let mut sums: HashMap<M, (u32, f32, Option<Outcome>)> = HashMap::new();
    for child in reports.iter().flat_map(|r| &r.children) {
        let entry = sums.entry(child.mv).or_insert_with(|| {
            order.push(child.mv);
            (0, 0.0, None)
        });
        entry.0 += child.visits;
        entry.1 += child.value * child.visits as f32;
        entry.2 = entry.2.or(child.proven);
    }
    let mut children: Vec<ChildStats<M>> = order
        .into_iter()
        .map(|mv| {
            let (visits, total, proven) = sums[&mv];
            let value = match proven {
                Some(outcome) => outcome.score(seat),
                None if visits == 0 => 0.0,
                None => total / visits as f32,
            };
            ChildStats {
                mv,
                visits,
                value,
                proven,
            }
        })
        .collect();
    sort_children(&mut children, seat);
    let best = children[0].mv;
    let pv = reports
        .iter()
        .filter(|r| r.pv.first() == Some(&best))
        .max_by_key(|r| r.pv.len())
        .map_or_else(|| vec![best], |r| r.pv.clone());
    SearchReport {
        best,
        iterations,
        nodes,
        elapsed,
        value: root_value(&children),
        pv,
        proven: None,
        children,
        depth: None,
        distance: None,
    }
}

#[cfg(test)]
mod shared_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
