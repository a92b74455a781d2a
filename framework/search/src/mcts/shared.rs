//! Tree parallelism: all threads grow one tree, lock-free (after Fuego's
//! search, Enzenberger & Müller 2009).
//!
//! Nodes live in an arena of fixed-size chunks that never move, so a
//! thread can hold a reference to a node while another adds children
//! elsewhere. A leaf is expanded by the one thread that claims it (a
//! compare-and-swap on its state); its children are written first and
//! published by a release store, so a thread that sees the node expanded
//! sees its children too. Statistics are atomic counters. A simulation
//! counts its visit at every node on its way down and adds its score on
//! the way back, so until its result comes back it is a loss there
//! (*virtual loss*, as in Fuego): the next thread sees those nodes as
//! worse and spreads out instead of queueing behind it on the same path,
//! and each node costs two atomic additions a simulation.
//!
//! It covers plain UCT with random playouts, the solver, priors and
//! evaluation cut-offs; the RAVE/GRAVE and MAST variants keep per-tree
//! tables and use root parallelism. Unlike root parallelism the result
//! depends on how the threads interleave, so an iteration budget does not
//! make it reproducible.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::time::Instant;

use super::arena::Arena;
use super::view::TreeView;
use super::worker::Budget;
use super::{
    parent_proof, prior_score, shuffle, thread_seed, ChildStats, MctsConfig, SearchReport,
};
use crate::playout::random_playout;
use crate::search::{Control, PROGRESS_INTERVAL};
use tabula_core::game::{Game, Seat};
use tabula_core::outcome::{Outcome, Scores};
use tabula_core::rng::{seeded, Rng};
use tabula_core::{Actions, Evaluation};

/// Iterations between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 16;
/// Fixed-point scale of the summed scores, so they add with one atomic
/// instruction.
const SCALE: f64 = (1u64 << 24) as f64;

/// A node's expansion state.
const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// One node of the shared tree: the move that led here and its statistics,
/// which every thread updates.
#[derive(Debug)]
struct Node<M> {
    mv: M,
    mover: u8,
    state: AtomicU8,
    /// Winners bit set once the subtree's result is proven, 0 if not.
    proven: AtomicU8,
    first_child: AtomicU32,
    child_count: AtomicU32,
    /// Simulations through the node, those still on their way among them.
    visits: AtomicU32,
    /// Sum of the scores for `mover` of the simulations back, times
    /// [`SCALE`]: one on its way counts 0, a loss.
    value: AtomicU64,
}

impl<M: Copy> Node<M> {
    fn new(mv: M, mover: Seat, visits: u32, value: f32) -> Self {
        Node {
            mv,
            mover: mover as u8,
            state: AtomicU8::new(LEAF),
            proven: AtomicU8::new(0),
            first_child: AtomicU32::new(0),
            child_count: AtomicU32::new(0),
            visits: AtomicU32::new(visits),
            value: AtomicU64::new((f64::from(value) * SCALE).round() as u64),
        }
    }

    fn proven(&self) -> Option<Outcome> {
        Outcome::from_bits(self.proven.load(Ordering::Relaxed))
    }

    fn set_proven(&self, outcome: Outcome) {
        self.proven.store(outcome.bits(), Ordering::Relaxed);
    }

    fn expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child.load(Ordering::Relaxed) as usize;
        first..first + self.child_count.load(Ordering::Relaxed) as usize
    }

    /// Mean score for the mover over `visits` (those on their way count
    /// as losses), or the proven score.
    fn mean(&self, visits: u32) -> f32 {
        match self.proven() {
            Some(outcome) => outcome.score(self.mover as Seat),
            None => (self.value.load(Ordering::Relaxed) as f64 / SCALE / f64::from(visits)) as f32,
        }
    }

    /// As the root's children report it: real visits, without the `prior`
    /// virtual ones.
    fn stats(&self, prior: u32) -> ChildStats<M> {
        let visits = self.visits.load(Ordering::Relaxed);
        ChildStats {
            mv: self.mv,
            visits: visits.saturating_sub(prior),
            value: if visits == 0 && self.proven().is_none() {
                0.0
            } else {
                self.mean(visits)
            },
            proven: self.proven(),
        }
    }

    /// A copy with the same statistics, for a new arena.
    fn copy(&self) -> Self {
        let node = Node::new(self.mv, self.mover as Seat, 0, 0.0);
        node.visits
            .store(self.visits.load(Ordering::Relaxed), Ordering::Relaxed);
        node.value
            .store(self.value.load(Ordering::Relaxed), Ordering::Relaxed);
        node.proven
            .store(self.proven.load(Ordering::Relaxed), Ordering::Relaxed);
        node
    }
}

/// One thread's own scratch space and random stream, kept between searches.
struct Local<G: Game + Actions + Evaluation> {
    rng: Rng,
    moves: Vec<G::Move>,
    buffer: Vec<G::Move>,
    path: Vec<usize>,
}

/// The tree-parallel search: one shared tree, `threads` threads.
pub(crate) struct SharedSearch<G: Game + Actions + Evaluation> {
    config: MctsConfig,
    arena: Arena<Node<G::Move>>,
    /// The position at the tree's root, while the tree may be reused.
    tree_root: Option<G>,
    locals: Vec<Local<G>>,
}

/// What every thread of one search shares, besides the tree.
struct Shared<'a, G: Game + Actions + Evaluation> {
    root: &'a G,
    budget: Budget<'a>,
    control: &'a Control<'a, G::Move>,
    /// Iterations claimed so far, against the budget's total.
    claimed: AtomicU64,
}

impl<G: Game + Actions + Evaluation> SharedSearch<G> {
    pub fn new(config: MctsConfig) -> Self {
        let threads = config.threads.max(1) as u64;
        let locals = (0..threads)
            .map(|i| Local {
                rng: seeded(thread_seed(config.seed, i)),
                moves: Vec::new(),
                buffer: Vec::new(),
                path: Vec::new(),
            })
            .collect();
        SharedSearch {
            arena: Arena::new(0),
            tree_root: None,
            locals,
            config,
        }
    }

    /// Bytes one shared node takes for this game.
    pub fn node_size() -> usize {
        Arena::<Node<G::Move>>::slot_size()
    }

    /// Nodes in the current tree.
    pub fn tree_size(&self) -> usize {
        self.arena.len()
    }

    /// Searches `root` with all threads within `budget` (its `iterations`
    /// are the total), and at least one iteration.
    ///
    /// # Panics
    /// If the game is already over.
    pub fn search(
        &mut self,
        root: &G,
        budget: Budget<'_>,
        control: &Control<'_, G::Move>,
    ) -> SearchReport<G::Move> {
        let (count, first_move) = {
            let moves = &mut self.locals[0].moves;
            root.legal_moves(moves);
            (moves.len(), moves.first().copied())
        };
        let first_move = match first_move {
            Some(mv) if root.outcome().is_none() => mv,
            _ => panic!("search called on a finished game"),
        };
        let reusable = self.config.reuse
            && count > 1
            && self
                .tree_root
                .as_ref()
                .is_some_and(|r| r.key() == root.key());
        if !reusable {
            self.arena = Arena::new(self.config.max_nodes.max(2));
            let id = self.arena.reserve(1).expect("room for the root");
            self.arena
                .write(id, Node::new(first_move, root.to_move(), 0, 0.0));
        }
        self.tree_root = (self.config.reuse && count > 1).then(|| root.clone());
        let started = budget.started;
        if count == 1 {
            // The only move: no search, as with one tree.
            self.expand_with(0, &[first_move], root.to_move(), |_| (0, 0.0));
            return self.report(root.to_move(), 0, started.elapsed());
        }
        // One iteration before the threads start, so that the root has
        // children whatever the budget.
        let mut locals = std::mem::take(&mut self.locals);
        self.iterate(&mut locals[0], root);
        let shared = Shared {
            root,
            budget,
            control,
            claimed: AtomicU64::new(1),
        };
        let this = &*self;
        let iterations: u64 = std::thread::scope(|scope| {
            let handles: Vec<_> = locals
                .iter_mut()
                .enumerate()
                .map(|(i, local)| {
                    let shared = &shared;
                    scope.spawn(move || this.run(local, shared, i == 0))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .sum()
        });
        self.locals = locals;
        self.report(root.to_move(), iterations + 1, started.elapsed())
    }

    /// One thread's loop, on the CPU's fast path ([`tabula_core::isa`]);
    /// returns its iterations.
    fn run(&self, local: &mut Local<G>, shared: &Shared<'_, G>, reporter: bool) -> u64 {
        if tabula_core::isa::fast() {
            // SAFETY: `fast` is true only on a CPU with the fast path's features.
            unsafe { self.grow_fast(local, shared, reporter) }
        } else {
            self.grow(local, shared, reporter)
        }
    }

    tabula_core::fast_copy! {
        /// [`grow`](Self::grow) compiled for the CPU's fast path.
        fn grow_fast(
            &self,
            local: &mut Local<G>,
            shared: &Shared<'_, G>,
            reporter: bool,
        ) -> u64 {
            self.grow(local, shared, reporter)
        }
    }

    /// One thread's iterations; inlined into both copies of it.
    #[inline(always)]
    fn grow(&self, local: &mut Local<G>, shared: &Shared<'_, G>, reporter: bool) -> u64 {
        let budget = &shared.budget;
        let limited = budget.iterations != u64::MAX;
        let mut iterations = 0;
        let mut last_report = budget.started;
        while self.arena.node(0).proven().is_none() {
            if limited && shared.claimed.fetch_add(1, Ordering::Relaxed) >= budget.iterations {
                break;
            }
            self.iterate(local, shared.root);
            iterations += 1;
            if iterations % CHECK_EVERY == 0 {
                budget.done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                let now = Instant::now();
                if budget.deadline.is_some_and(|d| now >= d) || shared.control.stopped() {
                    break;
                }
                if reporter
                    && shared.control.progress.is_some()
                    && now - last_report >= PROGRESS_INTERVAL
                {
                    last_report = now;
                    shared.control.report(&self.progress(
                        shared.root.to_move(),
                        now - budget.started,
                        budget.done,
                    ));
                }
            }
        }
        iterations
    }

    #[inline(always)]
    fn iterate(&self, local: &mut Local<G>, root: &G) {
        let mut state = root.clone();
        let mut id = 0;
        local.path.clear();
        self.enter(local, id);
        loop {
            let node = self.arena.node(id);
            if node.proven().is_some() || !node.expanded() {
                break;
            }
            id = self.select(id);
            state.play(self.arena.node(id).mv);
            self.enter(local, id);
        }
        let scores = self.evaluate_leaf(local, id, &mut state);
        for &id in &local.path {
            let node = self.arena.node(id);
            let score = (f64::from(scores[node.mover as usize]) * SCALE).round() as u64;
            if score > 0 {
                node.value.fetch_add(score, Ordering::Relaxed);
            }
        }
        if self.config.solver {
            self.propagate_proofs(&local.path);
        }
    }

    /// Adds `id` to the path, counting the visit now (a virtual loss until
    /// the score comes back).
    fn enter(&self, local: &mut Local<G>, id: usize) {
        self.arena.node(id).visits.fetch_add(1, Ordering::Relaxed);
        local.path.push(id);
    }

    /// Scores for a leaf: its proven result, or (if this thread claims it)
    /// expand it and step into a child, then play out.
    fn evaluate_leaf(&self, local: &mut Local<G>, id: usize, state: &mut G) -> Scores {
        let node = self.arena.node(id);
        if let Some(outcome) = node.proven() {
            return outcome.scores();
        }
        if let Some(outcome) = state.outcome() {
            node.set_proven(outcome);
            return outcome.scores();
        }
        let claimed = node
            .state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
            .is_ok();
        if claimed {
            state.legal_moves(&mut local.moves);
            shuffle(&mut local.moves, &mut local.rng);
            let prior = self.config.prior;
            let expanded = self.expand_with(id, &local.moves, state.to_move(), |mv| {
                if prior == 0 {
                    return (0, 0.0);
                }
                let mut next = state.clone();
                next.play(mv);
                let (_, score) = prior_score(&next, state.to_move());
                (prior, prior as f32 * score)
            });
            if expanded {
                let child = match prior {
                    0 => node.first_child.load(Ordering::Relaxed) as usize,
                    _ => self.select(id),
                };
                state.play(self.arena.node(child).mv);
                self.enter(local, child);
                if let Some(outcome) = state.outcome() {
                    self.arena.node(child).set_proven(outcome);
                    return outcome.scores();
                }
            }
        }
        random_playout(
            state,
            &mut local.rng,
            self.config.max_plies,
            &mut local.buffer,
        )
        .scores
    }

    /// Writes children for `moves` under `parent` (claimed or not yet
    /// shared), each with the `(visits, value)` that `start` gives its
    /// move, and publishes them. When the tree is full the parent stays a
    /// leaf and `false` comes back.
    fn expand_with(
        &self,
        parent: usize,
        moves: &[G::Move],
        mover: Seat,
        start: impl Fn(G::Move) -> (u32, f32),
    ) -> bool {
        let node = self.arena.node(parent);
        let Some(first) = self.arena.reserve(moves.len()) else {
            node.state.store(LEAF, Ordering::Release);
            return false;
        };
        for (i, &mv) in moves.iter().enumerate() {
            let (visits, value) = start(mv);
            self.arena
                .write(first + i, Node::new(mv, mover, visits, value));
        }
        node.first_child.store(first as u32, Ordering::Relaxed);
        node.child_count
            .store(moves.len() as u32, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
        true
    }

    /// UCT over the children of `parent`, the simulations on their way
    /// counted as losses.
    fn select(&self, parent: usize) -> usize {
        let node = self.arena.node(parent);
        let log_visits = (node.visits.load(Ordering::Relaxed).max(1) as f32).ln();
        let children = node.children();
        let mut best = children.start;
        let mut best_score = f32::NEG_INFINITY;
        for id in children {
            let child = self.arena.node(id);
            let visits = child.visits.load(Ordering::Relaxed);
            if visits == 0 {
                return id;
            }
            let score = child.mean(visits) + self.config.c * (log_visits / visits as f32).sqrt();
            if score > best_score {
                best_score = score;
                best = id;
            }
        }
        best
    }

    /// MCTS-solver, as with one tree: proofs are final, so threads that
    /// race to set one set the same.
    fn propagate_proofs(&self, path: &[usize]) {
        for pair in path.windows(2).rev() {
            let (parent, child) = (self.arena.node(pair[0]), self.arena.node(pair[1]));
            let Some(child_outcome) = child.proven() else {
                return;
            };
            let siblings = parent.children().map(|id| self.arena.node(id).proven());
            match parent_proof(child_outcome, child.mover as Seat, siblings) {
                Some(outcome) => parent.set_proven(outcome),
                None => return,
            }
        }
    }

    /// Follows a move made in the game down the tree, keeping its subtree
    /// (copied into a fresh arena, children still contiguous).
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        let Some(tree_root) = &mut self.tree_root else {
            return;
        };
        let root = self.arena.node(0);
        let child = root
            .expanded()
            .then(|| root.children())
            .into_iter()
            .flatten()
            .find(|&id| {
                let node = self.arena.node(id);
                node.mv == mv && node.visits.load(Ordering::Relaxed) > 0
            });
        match child {
            Some(id) if tree_root.key() == before.key() => {
                tree_root.play(mv);
                self.reroot(id);
            }
            _ => self.tree_root = None,
        }
    }

    /// Keeps only the subtree under `new_root`, breadth-first.
    fn reroot(&mut self, new_root: usize) {
        let old = std::mem::replace(&mut self.arena, Arena::new(self.config.max_nodes.max(2)));
        let first = self.arena.reserve(1).expect("room for the root");
        self.arena.write(first, old.node(new_root).copy());
        let mut queue = VecDeque::from([(new_root, first)]);
        while let Some((old_id, new_id)) = queue.pop_front() {
            let node = old.node(old_id);
            if !node.expanded() {
                continue;
            }
            let children = node.children();
            let Some(first) = self.arena.reserve(children.len()) else {
                continue;
            };
            for (i, old_child) in children.enumerate() {
                self.arena.write(first + i, old.node(old_child).copy());
                queue.push_back((old_child, first + i));
            }
            let copy = self.arena.node(new_id);
            copy.first_child.store(first as u32, Ordering::Relaxed);
            copy.child_count
                .store(node.child_count.load(Ordering::Relaxed), Ordering::Relaxed);
            copy.state.store(EXPANDED, Ordering::Release);
        }
    }

    /// Checks the tree's bookkeeping after a search in a two-player game
    /// whose seats alternate, without priors (tests): no node has fewer
    /// visits than its children together, and every score came back — a
    /// simulation that went on into a child gave the two seats scores
    /// summing to 1, so a node's and its children's values add up to those
    /// simulations plus the ones that ended at the node.
    #[cfg(test)]
    pub(crate) fn check_tree(&self) -> Result<(), String> {
        let load = |id: usize| {
            let node = self.arena.node(id);
            (
                u64::from(node.visits.load(Ordering::Relaxed)),
                node.value.load(Ordering::Relaxed),
            )
        };
        let scale = SCALE as u64;
        for id in 0..self.arena.len() {
            let written = self.arena.get(id).is_some();
            // The root holds the seat to move, as its children do.
            if !written || id == 0 || !self.arena.node(id).expanded() {
                continue;
            }
            let node = self.arena.node(id);
            let (visits, value) = load(id);
            let (below, below_value) = node
                .children()
                .map(load)
                .fold((0, 0), |(n, v), (cn, cv)| (n + cn, v + cv));
            if below > visits || value > visits * scale {
                return Err(format!("node {id}: {visits} visits, {below} below it"));
            }
            let ended = visits - below;
            let extra = (value + below_value).checked_sub(below * scale);
            if extra.is_none_or(|extra| extra > ended * scale) {
                return Err(format!(
                    "node {id}: values {value} + {below_value} for {below} simulations \
                     below it and {ended} ending there"
                ));
            }
        }
        Ok(())
    }
}

impl<G: Game + Actions + Evaluation> TreeView<G::Move> for SharedSearch<G> {
    fn node_count(&self) -> usize {
        self.arena.len()
    }

    fn children(&self, id: usize) -> std::ops::Range<usize> {
        let node = self.arena.node(id);
        if node.expanded() {
            node.children()
        } else {
            0..0
        }
    }

    fn mover(&self, id: usize) -> Seat {
        self.arena.node(id).mover as Seat
    }

    fn stats(&self, id: usize) -> ChildStats<G::Move> {
        self.arena.node(id).stats(self.config.prior)
    }
}
