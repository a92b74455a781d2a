//! The search tree: one arena of fixed-size nodes, children stored as a
//! contiguous index range, so a node costs no heap allocation of its own.

use crate::game::Seat;
use crate::outcome::Outcome;

/// Index of a node in the arena.
pub(crate) type NodeId = u32;

/// One node: the move that led here and its statistics.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<M> {
    /// The move from the parent into this node.
    pub mv: M,
    /// First child in the arena; meaningful once `expanded`.
    pub first_child: NodeId,
    pub child_count: u32,
    pub visits: u32,
    /// Sum of playout scores for `mover`, the seat that played `mv`: each
    /// node is judged by the player who chose it, which is what makes the
    /// search correct for any number of players.
    pub value: f32,
    pub mover: u8,
    pub expanded: bool,
    /// Winners bit set once the subtree's result is proven (MCTS-solver), 0 if not.
    proven: u8,
}

impl<M: Copy> Node<M> {
    pub fn new(mv: M, mover: Seat) -> Self {
        Node {
            mv,
            first_child: 0,
            child_count: 0,
            visits: 0,
            value: 0.0,
            mover: mover as u8,
            expanded: false,
            proven: 0,
        }
    }

    pub fn proven(&self) -> Option<Outcome> {
        (self.proven != 0).then(|| Outcome::shared((0..8).filter(|s| self.proven & (1 << s) != 0)))
    }

    pub fn set_proven(&mut self, outcome: Outcome) {
        self.proven = outcome.winners().fold(0, |set, seat| set | 1 << seat);
    }

    /// The mean score for the mover, or the proven score.
    pub fn mean(&self) -> f32 {
        match self.proven() {
            Some(outcome) => outcome.score(self.mover as Seat),
            None if self.visits == 0 => 0.0,
            None => self.value / self.visits as f32,
        }
    }

    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }
}

/// The arena. Node 0 is the root.
#[derive(Debug)]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
}

impl<M: Copy> Tree<M> {
    pub fn new(root_move: M, root_mover: Seat) -> Self {
        Tree {
            nodes: vec![Node::new(root_move, root_mover)],
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Appends children for `moves` to `parent`. The arena grows by
    /// doubling, but never reserves room beyond `max_nodes`, so a full
    /// tree's memory is its node budget, not up to twice that.
    pub fn expand(&mut self, parent: NodeId, moves: &[M], mover: Seat, max_nodes: usize) {
        let needed = self.nodes.len() + moves.len();
        if needed > self.nodes.capacity() {
            let target = (2 * self.nodes.capacity()).clamp(needed, needed.max(max_nodes));
            self.nodes.reserve_exact(target - self.nodes.len());
        }
        let first = self.nodes.len() as NodeId;
        self.nodes
            .extend(moves.iter().map(|&mv| Node::new(mv, mover)));
        let node = &mut self.nodes[parent as usize];
        node.first_child = first;
        node.child_count = moves.len() as u32;
        node.expanded = true;
    }

    /// Keeps only the subtree under `new_root` (tree reuse), compacting the
    /// arena breadth-first so children stay contiguous.
    pub fn reroot(&mut self, new_root: NodeId) {
        let old = std::mem::take(&mut self.nodes);
        let mut nodes = Vec::with_capacity(old.len());
        nodes.push(old[new_root as usize]);
        let mut next = 0;
        while next < nodes.len() {
            let node: Node<M> = nodes[next];
            if node.expanded {
                let first = nodes.len() as NodeId;
                nodes.extend_from_slice(&old[node.children()]);
                nodes[next].first_child = first;
            }
            next += 1;
        }
        self.nodes = nodes;
    }
}
