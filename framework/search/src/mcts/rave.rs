//! RAVE and GRAVE selection: all-moves-as-first (AMAF) statistics blended
//! into each child's mean.
//!
//! A child's AMAF statistics (kept beside the tree, see [`Amaf`]) count
//! the simulations through its parent in which its mover played its
//! action at any later point, in the tree or in the playout: many more
//! samples than the child's own visits, biased but quick to learn. GRAVE
//! (Cazenave 2015) takes them not from the parent itself but from the
//! deepest node of the path with at least `reference` visits whose
//! children the same seat chooses, so that a young node borrows an
//! experienced ancestor's statistics. AMAF statistics are kept per child,
//! that is for the moves legal at a node; a move the reference node did not
//! have falls back on the child's own statistics.

use super::tree::{Amaf, NodeId, Tree};
use tabula_core::outcome::{Scores, MAX_PLAYERS};

/// The RAVE/GRAVE state of one worker: settings and scratch tables.
pub(crate) struct Rave {
    reference: u32,
    bias: f32,
    /// Action numbers per seat in this variant.
    actions: usize,
    /// The reference node of each seat on the current descent.
    references: [Option<NodeId>; MAX_PLAYERS],
    /// Per seat: action → the child of that seat's reference node.
    maps: Vec<ChildMap>,
    /// `seen[seat · actions + action] == stamp`: played in this simulation
    /// after the node being updated.
    seen: Vec<u32>,
    stamp: u32,
}

/// Which child of one node plays each action, valid where `slots[a].0 == stamp`.
struct ChildMap {
    node: Option<NodeId>,
    stamp: u32,
    slots: Vec<(u32, NodeId)>,
}

impl Rave {
    pub fn new(reference: u32, bias: f32) -> Self {
        Rave {
            reference,
            bias,
            actions: 0,
            references: [None; MAX_PLAYERS],
            maps: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
        }
    }

    /// Sizes the tables for a game of `players` seats and `actions` action
    /// numbers, and forgets the maps (node numbers change between searches).
    pub fn prepare(&mut self, players: usize, actions: usize) {
        if self.actions != actions || self.maps.len() != players {
            self.actions = actions;
            self.seen = vec![0; players * actions];
            self.stamp = 0;
            self.maps = (0..players)
                .map(|_| ChildMap {
                    node: None,
                    stamp: 0,
                    slots: vec![(0, 0); actions],
                })
                .collect();
        }
        for map in &mut self.maps {
            map.node = None;
        }
    }

    /// A new descent from the root: no reference nodes yet.
    pub fn start_descent(&mut self) {
        self.references = [None; MAX_PLAYERS];
    }

    /// The child of `parent` to descend into: the best blend of mean and
    /// AMAF value plus `c·√(ln N / n)`; an unvisited child that has no AMAF
    /// sample yet first.
    pub fn select<M: Copy>(&mut self, tree: &Tree<M>, parent: NodeId, c: f32) -> NodeId {
        let nodes = &tree.nodes;
        let node = &nodes[parent as usize];
        let seat = nodes[node.first_child as usize].mover as usize;
        let reference = match self.references[seat] {
            Some(r) if node.visits < self.reference => r,
            _ => {
                self.references[seat] = Some(parent);
                parent
            }
        };
        let borrowed = reference != parent;
        if borrowed {
            self.map_children(tree, seat, reference);
        }
        let log_visits = (node.visits.max(1) as f32).ln();
        let mut best = node.first_child;
        let mut best_score = f32::NEG_INFINITY;
        for id in node.children() {
            let child = &nodes[id];
            let own = tree.amaf[id];
            let amaf = if borrowed {
                self.reference_stats(tree, seat, own.action).unwrap_or(own)
            } else {
                own
            };
            let visits = child.visits as f32;
            let value = if child.proven().is_some() || amaf.visits == 0 {
                if child.visits == 0 {
                    return id as NodeId;
                }
                child.mean()
            } else {
                let samples = amaf.visits as f32;
                let beta = samples / (samples + visits + self.bias * samples * visits);
                (1.0 - beta) * child.mean() + beta * amaf.value / samples
            };
            let score = value + c * (log_visits / visits.max(1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = id as NodeId;
            }
        }
        best
    }

    /// Makes `seat`'s map point at the children of `node`.
    fn map_children<M: Copy>(&mut self, tree: &Tree<M>, seat: usize, node: NodeId) {
        let map = &mut self.maps[seat];
        if map.node == Some(node) {
            return;
        }
        map.stamp = map.stamp.wrapping_add(1);
        if map.stamp == 0 {
            map.slots.fill((0, 0));
            map.stamp = 1;
        }
        map.node = Some(node);
        for id in tree.nodes[node as usize].children() {
            map.slots[tree.amaf[id].action as usize] = (map.stamp, id as NodeId);
        }
    }

    /// The AMAF statistics of `action` at `seat`'s reference node.
    fn reference_stats<M>(&self, tree: &Tree<M>, seat: usize, action: u32) -> Option<Amaf> {
        let map = &self.maps[seat];
        let (stamp, id) = map.slots[action as usize];
        (stamp == map.stamp).then(|| tree.amaf[id as usize])
    }

    /// Adds one simulation to the AMAF statistics: `path` the tree nodes
    /// from the root, `trail` the simulation's moves as (seat, action) —
    /// `trail[i]` leads from `path[i]` to `path[i + 1]`, the playout's
    /// moves follow — and `scores` its result.
    pub fn update<M: Copy>(
        &mut self,
        tree: &mut Tree<M>,
        path: &[NodeId],
        trail: &[(u8, u32)],
        scores: &Scores,
    ) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let (actions, stamp) = (self.actions, self.stamp);
        let index = |&(seat, action): &(u8, u32)| seat as usize * actions + action as usize;
        let inner = path.len() - 1;
        for mv in &trail[inner..] {
            self.seen[index(mv)] = stamp;
        }
        for i in (0..inner).rev() {
            self.seen[index(&trail[i])] = stamp;
            let parent = &tree.nodes[path[i] as usize];
            let children = parent.children();
            let seat = tree.nodes[children.start].mover as usize;
            let seen = &self.seen[seat * actions..(seat + 1) * actions];
            for stats in &mut tree.amaf[children] {
                if seen[stats.action as usize] == stamp {
                    stats.visits += 1;
                    stats.value += scores[seat];
                }
            }
        }
    }
}
