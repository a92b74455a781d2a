//! PUCT: the tree search of AlphaZero. Selection maximises
//! `Q + c · P · √N / (1 + n)` with the network's priors `P`; a new leaf is
//! scored by the network's value instead of a random playout.
//!
//! The search is split into [`Tree::select`] (descend to a leaf that needs
//! the network) and [`Tree::expand`] (give it the network's answer), so
//! that a caller can run many trees side by side and evaluate their leaves
//! in one batch ([`search_batch`]).

use std::collections::HashSet;

use rand::Rng as _;
use rand_distr::{Distribution as _, Gamma};

use super::net::{softmax, Net, PolicyTarget};
use tabula_core::game::Game;
use tabula_core::outcome::{even_scores, Outcome, Scores, MAX_PLAYERS};
use tabula_core::rng::Rng;
use tabula_core::{Actions, Evaluation, Observation};
use tabula_search::mcts::parent_proof;
use tabula_search::search::{sort_children, ChildStats};

/// The knobs of one PUCT search.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PuctConfig {
    /// Exploration constant `c`.
    pub c: f32,
    /// Dirichlet noise mixed into the root's priors: its share (0 = none).
    pub noise: f32,
    /// The Dirichlet concentration of that noise.
    pub alpha: f32,
    /// The share of the game's own evaluation ([`Evaluation::evaluate`](tabula_core::Evaluation::evaluate)) in a
    /// leaf's value, the rest the network's — AlphaGo's mixing of its value
    /// network with rollouts (0 = the network alone). Lets a game's
    /// hand-written knowledge steady a value head that learnt little.
    #[serde(default)]
    pub mix: f32,
    /// Proves results in the tree, as the MCTS-solver does: a position
    /// where the seat to move has a winning move, or whose moves are all
    /// proven, takes their result, and the search stops descending there.
    /// It sees forced wins and losses the network's values blur. Off by
    /// default so self-play (and so every trained network) is as before;
    /// the `az` agent turns it on.
    #[serde(default)]
    pub solver: bool,
    /// Scores a position that repeats an earlier one — of the game before
    /// the root ([`Tree::set_history`]) or of the line searched — as even,
    /// and searches no further from it. No game here has a draw rule, but
    /// endless play ends unscored (adjudicated), so a side ahead should
    /// make progress rather than shuffle pieces, and a side behind is glad
    /// to repeat: what a chess engine's repetition draw does.
    #[serde(default)]
    pub repeats_even: bool,
    /// First-play urgency: an unvisited move's value is the mean of its
    /// visited siblings less this reduction (Leela Zero's rule), so a
    /// search that finds its moves good looks deeper at them before
    /// trying the rest, and one that finds them bad widens. `None`: the
    /// even share, `1/players`, whatever the siblings are worth.
    #[serde(default)]
    pub fpu: Option<f32>,
    /// The temperature of the priors' softmax: above 1 flattens them, so
    /// moves the network rates low still get visits (Leela Chess Zero
    /// sets it above 1). Self-play trains at 1.
    #[serde(default = "one")]
    pub policy_temperature: f32,
}

fn one() -> f32 {
    1.0
}

impl Default for PuctConfig {
    fn default() -> Self {
        PuctConfig {
            c: 1.5,
            noise: 0.0,
            alpha: 0.3,
            mix: 0.0,
            solver: false,
            repeats_even: false,
            fpu: None,
            policy_temperature: 1.0,
        }
    }
}

#[derive(Debug, Clone)]
struct Node<M> {
    mv: M,
    prior: f32,
    visits: u32,
    /// Sum of the scores of `mover`, the seat that played `mv`.
    value: f32,
    mover: u8,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    /// The game's result when this node ends it or, with the solver, the
    /// result proven for its position.
    terminal: Option<Outcome>,
    /// The position's [`Game::key`], once the search has reached it (with
    /// [`PuctConfig::repeats_even`], the only use).
    key: u64,
    /// Whether the position repeats an earlier one (with
    /// [`PuctConfig::repeats_even`]): scored even, never expanded.
    repeated: bool,
}

impl<M> Node<M> {
    fn mean(&self, unvisited: f32) -> f32 {
        match self.visits {
            0 => unvisited,
            n => self.value / n as f32,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.child_count) as usize
    }
}

/// One PUCT search tree over a root position.
#[derive(Debug, Clone)]
pub struct Tree<G: Game + Actions + Observation + Evaluation> {
    root: G,
    nodes: Vec<Node<G::Move>>,
    path: Vec<usize>,
    /// The leaf waiting for the network, and its position.
    pending: Option<G>,
    /// The pending leaf's legal moves, and their action numbers: the
    /// policy logits the network is asked for.
    moves: Vec<G::Move>,
    actions: Vec<u32>,
    players: usize,
    /// The keys of the game's positions before the root.
    history: HashSet<u64>,
}

impl<G: Game + Actions + Observation + Evaluation> Tree<G> {
    /// An empty tree over `root`, a running game.
    pub fn new(root: G) -> Self {
        let players = root.players();
        // The root's own move is never used: any legal one fills the slot.
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        let first = *moves.first().expect("a running game has a legal move");
        Tree {
            nodes: vec![Node {
                mv: first,
                prior: 1.0,
                visits: 0,
                value: 0.0,
                mover: 0,
                first_child: 0,
                child_count: 0,
                expanded: false,
                terminal: None,
                key: 0,
                repeated: false,
            }],
            root,
            path: Vec::new(),
            pending: None,
            moves,
            actions: Vec::new(),
            players,
            history: HashSet::new(),
        }
    }

    /// Tells the tree the keys of the game's positions before the root,
    /// for [`PuctConfig::repeats_even`].
    pub fn set_history(&mut self, history: &HashSet<u64>) {
        self.history.clone_from(history);
    }

    /// The position searched.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Simulations backed up so far (the root's visits).
    pub fn simulations(&self) -> u32 {
        self.nodes[0].visits
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The subtree after `mv` is played at the root, as a tree of its own
    /// with every statistic kept, so the next search goes on from what this
    /// one learnt about the position instead of starting over. `None` when
    /// the search never reached `mv`, `mv` ends the game, or a leaf is
    /// still waiting for the network.
    pub fn descend(&self, mv: G::Move) -> Option<Self> {
        if self.pending.is_some() {
            return None;
        }
        let child = self.nodes[0]
            .children()
            .find(|&id| self.nodes[id].mv == mv)?;
        let mut root = self.root.clone();
        root.play(mv);
        if root.outcome().is_some() {
            return None;
        }
        // Breadth first, so each node's children stay side by side.
        let mut old_ids = vec![child];
        let mut nodes = vec![self.nodes[child].clone()];
        let mut next = 0;
        while next < nodes.len() {
            let old = &self.nodes[old_ids[next]];
            if old.expanded {
                nodes[next].first_child = nodes.len() as u32;
                old_ids.extend(old.children());
                nodes.extend(old.children().map(|id| self.nodes[id].clone()));
            }
            next += 1;
        }
        let mut history = self.history.clone();
        history.insert(self.root.key());
        Some(Tree {
            root,
            nodes,
            path: Vec::new(),
            pending: None,
            moves: Vec::new(),
            actions: Vec::new(),
            players: self.players,
            history,
        })
    }

    /// Descends from the root by PUCT to a leaf. A leaf that ends the game
    /// is scored at once and `None` returned (the simulation is done);
    /// otherwise the leaf's position is returned, to be evaluated (with
    /// the policy logits of [`leaf_actions`](Self::leaf_actions)) and
    /// handed to [`expand`](Self::expand) before the next `select`.
    pub fn select(&mut self, config: &PuctConfig) -> Option<&G> {
        assert!(self.pending.is_none(), "expand the pending leaf first");
        let mut state = self.root.clone();
        let mut node = 0;
        self.path.clear();
        self.path.push(0);
        while self.nodes[node].expanded {
            node = self.choose_child(node, config);
            state.play(self.nodes[node].mv);
            self.path.push(node);
            if let Some(outcome) = self.nodes[node].terminal {
                self.backup(&outcome.scores());
                return None;
            }
            if self.nodes[node].repeated {
                self.backup(&even_scores(self.players));
                return None;
            }
        }
        if let Some(outcome) = state.outcome() {
            self.nodes[node].terminal = Some(outcome);
            self.backup(&outcome.scores());
            if config.solver {
                self.propagate_proofs();
            }
            return None;
        }
        if config.repeats_even {
            let key = state.key();
            self.nodes[node].key = key;
            if node != 0 && self.repeats(key) {
                self.nodes[node].repeated = true;
                self.backup(&even_scores(self.players));
                return None;
            }
        }
        state.legal_moves(&mut self.moves);
        self.actions.clear();
        self.actions
            .extend(self.moves.iter().map(|&mv| state.action(mv) as u32));
        self.pending = Some(state);
        self.pending.as_ref()
    }

    /// The action numbers of the pending leaf's legal moves: the policy
    /// logits [`expand`](Self::expand) needs, in its order.
    pub fn leaf_actions(&self) -> &[u32] {
        &self.actions
    }

    /// Expands the pending leaf with the network's answer for it —
    /// `logits` of [`leaf_actions`](Self::leaf_actions), `values` from the
    /// view of its seat to move — and backs the value up. At the root, `noise` (with
    /// `config.noise > 0`) mixes Dirichlet noise into the priors.
    pub fn expand(
        &mut self,
        logits: &[f32],
        values: &[f32],
        config: &PuctConfig,
        noise: Option<&mut Rng>,
    ) {
        let state = self.pending.take().expect("a pending leaf");
        let leaf = *self.path.last().expect("a path");
        let seat = state.to_move();
        assert_eq!(logits.len(), self.moves.len(), "a logit per legal move");
        let mut priors = priors(logits, config.policy_temperature);
        if let (Some(rng), true, 0) = (noise, config.noise > 0.0, leaf) {
            mix_noise(&mut priors, config, rng);
        }
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(self.moves.iter().zip(&priors).map(|(&mv, &prior)| Node {
                mv,
                prior,
                visits: 0,
                value: 0.0,
                mover: seat as u8,
                first_child: 0,
                child_count: 0,
                expanded: false,
                terminal: None,
                key: 0,
                repeated: false,
            }));
        let node = &mut self.nodes[leaf];
        node.first_child = first;
        node.child_count = self.moves.len() as u32;
        node.expanded = true;
        let mut scores: Scores = [0.0; MAX_PLAYERS];
        for (k, &v) in values.iter().enumerate().take(self.players) {
            scores[(seat + k) % self.players] = v;
        }
        if config.mix > 0.0 {
            for (score, e) in scores.iter_mut().zip(state.evaluate()) {
                *score += config.mix * (e - *score);
            }
        }
        self.backup(&scores);
    }

    /// Whether `key`, the leaf's, is that of a position earlier on the
    /// path or in the game.
    fn repeats(&self, key: u64) -> bool {
        let earlier = &self.path[..self.path.len() - 1];
        earlier.iter().any(|&id| self.nodes[id].key == key) || self.history.contains(&key)
    }

    /// The child of `parent` with the highest PUCT score (the first on ties).
    fn choose_child(&self, parent: usize, config: &PuctConfig) -> usize {
        let parent_node = &self.nodes[parent];
        let explore = config.c * (parent_node.visits.max(1) as f32).sqrt();
        let unvisited = self.first_play_value(parent, config);
        let mut best = (f32::NEG_INFINITY, parent_node.first_child as usize);
        for id in parent_node.children() {
            let child = &self.nodes[id];
            let score = child.mean(unvisited) + explore * child.prior / (1 + child.visits) as f32;
            if score > best.0 {
                best = (score, id);
            }
        }
        best.1
    }

    /// The value an unvisited child of `parent` is taken to have: see
    /// [`PuctConfig::fpu`].
    fn first_play_value(&self, parent: usize, config: &PuctConfig) -> f32 {
        let even = 1.0 / self.players as f32;
        let Some(reduction) = config.fpu else {
            return even;
        };
        let (visits, value) = self.nodes[parent]
            .children()
            .map(|id| &self.nodes[id])
            .fold((0, 0.0), |(n, v), c| (n + c.visits, v + c.value));
        match visits {
            0 => even,
            n => (value / n as f32 - reduction).max(0.0),
        }
    }

    /// The MCTS-solver's walk up the path from a newly proven leaf: each
    /// parent is proven in turn while [`parent_proof`] says so.
    fn propagate_proofs(&mut self) {
        for i in (1..self.path.len()).rev() {
            let (child, parent) = (self.path[i], self.path[i - 1]);
            let Some(outcome) = self.nodes[child].terminal else {
                return;
            };
            let nodes = &self.nodes;
            let siblings = nodes[parent].children().map(|id| nodes[id].terminal);
            match parent_proof(outcome, nodes[child].mover as usize, siblings) {
                Some(proof) => self.nodes[parent].terminal = Some(proof),
                None => return,
            }
        }
    }

    /// The root position's result, when the game is decided there (only
    /// the solver proves one).
    pub fn proven(&self) -> Option<Outcome> {
        self.nodes[0].terminal
    }

    fn backup(&mut self, scores: &Scores) {
        for &id in &self.path {
            let node = &mut self.nodes[id];
            node.visits += 1;
            node.value += scores[node.mover as usize];
        }
    }

    /// The root's moves with their visits and values for the seat to move,
    /// best first by [`ChildStats::better`].
    pub fn children(&self) -> Vec<ChildStats<G::Move>> {
        let seat = self.root.to_move();
        let unvisited = 1.0 / self.players as f32;
        let mut children: Vec<ChildStats<G::Move>> = self.nodes[0]
            .children()
            .map(|id| {
                let node = &self.nodes[id];
                ChildStats {
                    mv: node.mv,
                    visits: node.visits,
                    value: node.mean(unvisited),
                    proven: node.terminal,
                }
            })
            .collect();
        sort_children(&mut children, seat);
        children
    }

    /// The expected score of the seat to move: the visit-weighted mean of
    /// the root's children.
    pub fn value(&self) -> f32 {
        let children = self.children();
        let visits: u32 = children.iter().map(|c| c.visits).sum();
        match visits {
            0 => 1.0 / self.players as f32,
            n => {
                children
                    .iter()
                    .map(|c| c.value * c.visits as f32)
                    .sum::<f32>()
                    / n as f32
            }
        }
        .clamp(0.0, 1.0)
    }

    /// The most visited line from the root, as far as it has been visited.
    pub fn principal_variation(&self) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut node = 0;
        while self.nodes[node].expanded {
            let Some(next) = self.nodes[node]
                .children()
                .filter(|&id| self.nodes[id].visits > 0)
                .max_by_key(|&id| self.nodes[id].visits)
            else {
                break;
            };
            pv.push(self.nodes[next].mv);
            node = next;
        }
        pv
    }

    /// The visit distribution over the root's legal moves, by action
    /// number (the shares sum to 1): the policy target of self-play.
    pub fn policy(&self) -> PolicyTarget {
        let total = self.nodes[0]
            .children()
            .map(|id| self.nodes[id].visits)
            .sum::<u32>()
            .max(1);
        self.nodes[0]
            .children()
            .map(|id| {
                let node = &self.nodes[id];
                let action = self.root.action(node.mv) as u32;
                (action, node.visits as f32 / total as f32)
            })
            .collect()
    }

    /// A root move drawn with probability ∝ visits^(1/temperature); the
    /// most visited (first on ties) when `temperature` is 0.
    pub fn sample_move(&self, temperature: f32, rng: &mut Rng) -> G::Move {
        let children: Vec<&Node<G::Move>> =
            self.nodes[0].children().map(|id| &self.nodes[id]).collect();
        if temperature <= 0.0 {
            let best = children
                .iter()
                .max_by(|a, b| a.visits.cmp(&b.visits).then(std::cmp::Ordering::Greater));
            return best.expect("an expanded root").mv;
        }
        let weights: Vec<f64> = children
            .iter()
            .map(|c| (c.visits as f64).powf(1.0 / temperature as f64))
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return children[rng.random_range(0..children.len())].mv;
        }
        let mut pick = rng.random_range(0.0..total);
        for (child, w) in children.iter().zip(&weights) {
            if pick < *w {
                return child.mv;
            }
            pick -= w;
        }
        children[children.len() - 1].mv
    }
}

/// The priors from a leaf's legal moves' `logits`: their softmax at
/// `temperature`.
pub(super) fn priors(logits: &[f32], temperature: f32) -> Vec<f32> {
    let mut priors: Vec<f32> = logits.iter().map(|l| l / temperature).collect();
    softmax(&mut priors);
    priors
}

/// Mixes `config.noise` of a Dirichlet(`alpha`) sample into `priors`.
fn mix_noise(priors: &mut [f32], config: &PuctConfig, rng: &mut Rng) {
    let gamma = Gamma::new(config.alpha.max(1e-3) as f64, 1.0).expect("a valid gamma");
    let sample: Vec<f64> = priors.iter().map(|_| gamma.sample(rng)).collect();
    let total: f64 = sample.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return;
    }
    for (p, s) in priors.iter_mut().zip(sample) {
        *p = (1.0 - config.noise) * *p + config.noise * (s / total) as f32;
    }
}

/// Runs `simulations` more simulations in every tree, evaluating the
/// leaves of all trees together in one network call per round: the
/// batched leaf evaluation of self-play. `rngs[i]` gives tree `i` its root
/// noise.
pub fn search_batch<G: Game + Actions + Observation + Evaluation>(
    trees: &mut [Tree<G>],
    net: &Net,
    config: &PuctConfig,
    simulations: u32,
    rngs: &mut [Rng],
) {
    let inputs = net.shape().inputs;
    let mut observations = Vec::new();
    let mut waiting = Vec::with_capacity(trees.len());
    let targets: Vec<u32> = trees
        .iter()
        .map(|t| t.simulations() + simulations)
        .collect();
    loop {
        observations.clear();
        waiting.clear();
        for (i, tree) in trees.iter_mut().enumerate() {
            // Terminal leaves need no network: keep selecting until a leaf
            // does, or the tree has its simulations.
            while tree.simulations() < targets[i] {
                if let Some(leaf) = tree.select(config) {
                    let start = observations.len();
                    observations.resize(start + inputs, 0.0);
                    leaf.observe(leaf.to_move(), &mut observations[start..]);
                    waiting.push(i);
                    break;
                }
            }
        }
        if waiting.is_empty() {
            return;
        }
        let listed: Vec<&[u32]> = waiting.iter().map(|&i| trees[i].leaf_actions()).collect();
        let output = net.forward(&observations, &listed);
        let players = net.shape().players;
        let mut at = 0;
        for (row, &i) in waiting.iter().enumerate() {
            let legal = trees[i].leaf_actions().len();
            at += legal;
            trees[i].expand(
                &output.logits[at - legal..at],
                &output.values[row * players..(row + 1) * players],
                config,
                Some(&mut rngs[i]),
            );
        }
    }
}
