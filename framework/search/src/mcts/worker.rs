//! One search tree and its loop: clone the root, descend by UCT (or
//! RAVE/GRAVE), expand (with priors from the evaluation if asked), play out
//! (randomly or by MAST), back-propagate, and prove what can be proven.
//! With every variant off the loop is the plain one: the variants cost a
//! few untaken branches per iteration.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::config::{Playout, Selection};
use super::mast::Mast;
use super::rave::Rave;
use super::tree::{NodeId, Tree};
use super::view::TreeView;
use super::{parent_proof, prior_score, shuffle, ChildStats, MctsConfig, SearchReport};
use crate::playout::random_playout;
use crate::search::{Control, PROGRESS_INTERVAL};
use tabula_core::game::{Game, Seat};
use tabula_core::outcome::Scores;
use tabula_core::rng::{seeded, Rng};
use tabula_core::{Actions, Evaluation, Variant};

/// Iterations between looks at the clock and the stop flag: a clock read
/// costs far less than 1/16 of an iteration.
const CHECK_EVERY: u64 = 16;

/// One worker's share of a search's budget.
pub(crate) struct Budget<'a> {
    /// This worker's iterations.
    pub iterations: u64,
    /// When the whole search must end.
    pub deadline: Option<Instant>,
    /// When the whole search started.
    pub started: Instant,
    /// Iterations done by all workers, for progress reports.
    pub done: &'a AtomicU64,
    /// Whether this worker sends the progress reports.
    pub reporter: bool,
}

/// One search tree and the loop that grows it; [`Mcts`] runs one per thread.
pub(crate) struct Worker<G: Game + Actions + Evaluation> {
    config: MctsConfig,
    rng: Rng,
    tree: Tree<G::Move>,
    /// The position at the tree's root, while the tree may be reused.
    tree_root: Option<G>,
    moves: Vec<G::Move>,
    playout_buffer: Vec<G::Move>,
    path: Vec<NodeId>,
    /// RAVE/GRAVE selection, when on.
    rave: Option<Rave>,
    /// MAST playouts, when on.
    mast: Option<Mast>,
    /// Whether simulations record their moves in `trail` (RAVE or MAST).
    records: bool,
    /// The simulation's moves as (seat, action): the path's, then the playout's.
    trail: Vec<(u8, u32)>,
}

impl<G: Game + Actions + Evaluation> Worker<G> {
    /// A worker with these settings and an empty tree.
    pub fn new(config: MctsConfig) -> Self {
        Worker {
            rng: seeded(config.seed),
            rave: match config.selection {
                Selection::Uct => None,
                Selection::Rave { reference, bias } => Some(Rave::new(reference, bias)),
            },
            mast: (config.playout != Playout::Random).then(|| Mast::new(config.playout)),
            records: config.records_moves(),
            config,
            tree: Tree::empty(),
            tree_root: None,
            moves: Vec::new(),
            playout_buffer: Vec::new(),
            path: Vec::new(),
            trail: Vec::new(),
        }
    }

    /// The MAST table (tests).
    #[cfg(test)]
    pub(crate) fn mast(&self) -> Option<&Mast> {
        self.mast.as_ref()
    }

    /// The tree (tests).
    #[cfg(test)]
    pub(crate) fn tree(&self) -> &Tree<G::Move> {
        &self.tree
    }

    /// Searches `root` within `budget`, and at least one iteration. When
    /// the previous search's tree leads here through the moves
    /// [`observe`](Worker::observe)d since, its subtree is kept and the
    /// search goes on from it.
    ///
    /// # Panics
    /// If the game is already over.
    pub fn search(
        &mut self,
        root: &G,
        budget: Budget<'_>,
        control: &Control<'_, G::Move>,
    ) -> SearchReport<G::Move> {
        let started = budget.started;
        root.legal_moves(&mut self.moves);
        assert!(
            root.outcome().is_none() && !self.moves.is_empty(),
            "search called on a finished game"
        );
        let amaf = self.rave.is_some();
        if self.moves.len() == 1 {
            let only = self.moves[0];
            self.tree = Tree::new(only, root.to_move(), amaf);
            self.tree
                .expand(0, &[only], root.to_move(), self.config.max_nodes, |mv| {
                    root.action(mv)
                });
            self.tree_root = None;
            return self.report(root.to_move(), 0, started.elapsed());
        }
        let reusable = self.config.reuse
            && self
                .tree_root
                .as_ref()
                .is_some_and(|r| r.key() == root.key());
        if !reusable {
            self.tree = Tree::new(self.moves[0], root.to_move(), amaf);
        }
        let (players, actions) = (root.players(), root.variant().action_count());
        if let Some(rave) = &mut self.rave {
            rave.prepare(players, actions);
        }
        if let Some(mast) = &mut self.mast {
            mast.prepare(players, actions);
        }
        self.tree_root = self.config.reuse.then(|| root.clone());
        let iterations = if tabula_core::isa::fast() {
            // SAFETY: `fast` is true only on a CPU with the fast path's features.
            unsafe { self.grow_fast(root, &budget, control) }
        } else {
            self.grow(root, &budget, control)
        };
        self.report(root.to_move(), iterations, started.elapsed())
    }

    tabula_core::fast_copy! {
        /// [`grow`](Self::grow) compiled for the CPU's fast path.
        fn grow_fast(
            &mut self,
            root: &G,
            budget: &Budget<'_>,
            control: &Control<'_, G::Move>,
        ) -> u64 {
            self.grow(root, budget, control)
        }
    }

    /// Iterates until `budget` or `control` stops the search, and at least
    /// once; returns the iterations. Inlined into both copies (see
    /// [`tabula_core::fast_copy!`]).
    #[inline(always)]
    fn grow(&mut self, root: &G, budget: &Budget<'_>, control: &Control<'_, G::Move>) -> u64 {
        let started = budget.started;
        let mut iterations = 0;
        let mut last_report = started;
        // The first iteration always runs, whatever the clock says: a
        // search must end with an expanded root and so a move to play.
        loop {
            self.iterate(root);
            iterations += 1;
            if iterations >= budget.iterations || self.tree.nodes[0].proven().is_some() {
                break;
            }
            if iterations % CHECK_EVERY == 0 {
                budget.done.fetch_add(CHECK_EVERY, Ordering::Relaxed);
                let now = Instant::now();
                if budget.deadline.is_some_and(|d| now >= d) || control.stopped() {
                    break;
                }
                if budget.reporter
                    && control.progress.is_some()
                    && now - last_report >= PROGRESS_INTERVAL
                {
                    last_report = now;
                    control.report(&self.progress(root.to_move(), now - started, budget.done));
                }
            }
        }
        iterations
    }

    /// Follows a move made in the game (by anyone) down the tree, keeping
    /// the subtree for the next search. Any move the tree does not know
    /// drops it.
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        let Some(tree_root) = &mut self.tree_root else {
            return;
        };
        let child = self.tree.nodes[0]
            .children()
            .find(|&id| self.tree.nodes[id].mv == mv && self.tree.nodes[id].visits > 0);
        match child {
            Some(id) if tree_root.key() == before.key() => {
                tree_root.play(mv);
                self.tree.reroot(id as NodeId);
            }
            _ => self.tree_root = None,
        }
    }

    #[inline(always)]
    fn iterate(&mut self, root: &G) {
        let mut state = root.clone();
        let mut node: NodeId = 0;
        self.path.clear();
        self.path.push(node);
        if self.records {
            self.trail.clear();
            if let Some(rave) = &mut self.rave {
                rave.start_descent();
            }
        }
        while self.tree.nodes[node as usize].expanded
            && self.tree.nodes[node as usize].proven().is_none()
        {
            node = self.choose_child(node);
            self.descend(node, &mut state);
        }
        let scores = self.evaluate_leaf(node, &mut state);
        for &id in &self.path {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            n.value += scores[n.mover as usize];
        }
        if self.records {
            if let Some(rave) = &mut self.rave {
                rave.update(&mut self.tree, &self.path, &self.trail, &scores);
            }
            if let Some(mast) = &mut self.mast {
                mast.update(&self.trail, &scores);
            }
        }
        if self.config.solver {
            self.propagate_proofs();
        }
    }

    /// Plays the move into `node`, a child of the path's last node, and
    /// adds it to the path (and the trail).
    #[inline(always)]
    fn descend(&mut self, node: NodeId, state: &mut G) {
        let n = &self.tree.nodes[node as usize];
        if self.records {
            self.trail.push((n.mover, state.action(n.mv) as u32));
        }
        state.play(n.mv);
        self.path.push(node);
    }

    /// The child of `parent` to descend into, by the configured selection.
    #[inline(always)]
    fn choose_child(&mut self, parent: NodeId) -> NodeId {
        match &mut self.rave {
            None => self.select(parent),
            Some(rave) => rave.select(&self.tree, parent, self.config.c),
        }
    }

    /// Scores for a leaf: its proven result, or expand it and play out.
    #[inline(always)]
    fn evaluate_leaf(&mut self, node: NodeId, state: &mut G) -> Scores {
        if let Some(outcome) = self.tree.nodes[node as usize].proven() {
            return outcome.scores();
        }
        if let Some(outcome) = state.outcome() {
            self.tree.nodes[node as usize].set_proven(outcome);
            return outcome.scores();
        }
        state.legal_moves(&mut self.moves);
        if self.tree.len() + self.moves.len() <= self.config.max_nodes {
            shuffle(&mut self.moves, &mut self.rng);
            self.tree.expand(
                node,
                &self.moves,
                state.to_move(),
                self.config.max_nodes,
                |mv| state.action(mv),
            );
            let child = if self.config.prior > 0 {
                self.seed_priors(node, state);
                self.choose_child(node)
            } else {
                self.tree.nodes[node as usize].first_child
            };
            self.descend(child, state);
            if let Some(outcome) = state.outcome() {
                self.tree.nodes[child as usize].set_proven(outcome);
                return outcome.scores();
            }
        }
        if self.records {
            self.recorded_playout(state)
        } else {
            random_playout(
                state,
                &mut self.rng,
                self.config.max_plies,
                &mut self.playout_buffer,
            )
            .scores
        }
    }

    /// Prior knowledge: each child of `parent` (just expanded from `state`)
    /// starts with `prior` virtual visits at its position's evaluation for
    /// its mover; a child that ends the game is proven at once.
    fn seed_priors(&mut self, parent: NodeId, state: &G) {
        let prior = self.config.prior;
        let children = self.tree.nodes[parent as usize].children();
        for child in &mut self.tree.nodes[children] {
            let mut next = state.clone();
            next.play(child.mv);
            let (outcome, score) = prior_score(&next, child.mover as Seat);
            if let Some(outcome) = outcome {
                child.set_proven(outcome);
            }
            child.visits = prior;
            child.value = prior as f32 * score;
        }
    }

    /// A playout like [`random_playout`], by the configured policy, that
    /// records its moves in the trail.
    fn recorded_playout(&mut self, state: &mut G) -> Scores {
        let buffer = &mut self.playout_buffer;
        for _ in 0..self.config.max_plies {
            let mv = match &self.mast {
                Some(mast) => mast.choose(state, &mut self.rng, buffer),
                None => state.random_move(&mut self.rng, buffer),
            };
            let Some(mv) = mv else {
                let outcome = state
                    .outcome()
                    .expect("no playout move although the game is not over");
                return outcome.scores();
            };
            let seat = state.to_move();
            let action = state.action(mv);
            if !state.play_in_playout(mv) {
                break;
            }
            self.trail.push((seat as u8, action as u32));
        }
        match state.outcome() {
            Some(outcome) => outcome.scores(),
            None => state.evaluate(),
        }
    }

    /// UCT: an unvisited child first, else the best mean plus exploration.
    fn select(&self, parent: NodeId) -> NodeId {
        let nodes = &self.tree.nodes;
        let parent = &nodes[parent as usize];
        let log_visits = (parent.visits.max(1) as f32).ln();
        let mut best = parent.first_child;
        let mut best_score = f32::NEG_INFINITY;
        for id in parent.children() {
            let child = &nodes[id];
            if child.visits == 0 {
                return id as NodeId;
            }
            let score = child.mean() + self.config.c * (log_visits / child.visits as f32).sqrt();
            if score > best_score {
                best_score = score;
                best = id as NodeId;
            }
        }
        best
    }

    /// MCTS-solver: walks the path up while each parent becomes proven,
    /// either by a child that makes its mover the sole winner or because
    /// every child is proven (then the mover takes the best of them).
    fn propagate_proofs(&mut self) {
        for i in (1..self.path.len()).rev() {
            let (child, parent) = (self.path[i] as usize, self.path[i - 1] as usize);
            let Some(child_outcome) = self.tree.nodes[child].proven() else {
                return;
            };
            let nodes = &self.tree.nodes;
            let siblings = nodes[parent].children().map(|id| nodes[id].proven());
            match parent_proof(child_outcome, nodes[child].mover as Seat, siblings) {
                Some(outcome) => self.tree.nodes[parent].set_proven(outcome),
                None => return,
            }
        }
    }

    /// Nodes in the current tree (after a reuse, before the next search).
    pub fn tree_size(&self) -> usize {
        self.tree.len()
    }
}

impl<G: Game + Actions + Evaluation> TreeView<G::Move> for Worker<G> {
    fn node_count(&self) -> usize {
        self.tree.len()
    }

    fn children(&self, id: usize) -> std::ops::Range<usize> {
        let node = &self.tree.nodes[id];
        if node.expanded {
            node.children()
        } else {
            0..0
        }
    }

    fn mover(&self, id: usize) -> Seat {
        self.tree.nodes[id].mover as Seat
    }

    fn stats(&self, id: usize) -> ChildStats<G::Move> {
        let node = &self.tree.nodes[id];
        ChildStats {
            mv: node.mv,
            visits: node.visits.saturating_sub(self.config.prior),
            value: node.mean(),
            proven: node.proven(),
        }
    }
}
