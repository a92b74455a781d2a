//! The search tree: one arena of fixed-size nodes, children stored as a
//! contiguous index range, so a node costs no heap allocation of its own.
//! RAVE's statistics live in a second arena beside it, only when used, so
//! plain UCT's nodes stay as small as they are.

use tabula_core::game::Seat;
use tabula_core::outcome::Outcome;

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
        Outcome::from_bits(self.proven)
    }

    pub fn set_proven(&mut self, outcome: Outcome) {
        self.proven = outcome.bits();
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

/// All-moves-as-first statistics of a node's move: the simulations
/// through its parent in which the node's mover played this action at any
/// point after the parent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Amaf {
    /// The action number of the node's move.
    pub action: u32,
    pub visits: u32,
    /// Sum of those simulations' scores for the mover.
    pub value: f32,
}

/// The arena. Node 0 is the root.
#[derive(Debug)]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
    /// Each node's AMAF statistics, index for index, when `keeps_amaf`;
    /// empty otherwise.
    pub amaf: Vec<Amaf>,
    keeps_amaf: bool,
}

impl<M: Copy> Tree<M> {
    /// A tree of one root; `amaf` keeps AMAF statistics beside the nodes.
    pub fn new(root_move: M, root_mover: Seat, amaf: bool) -> Self {
        Tree {
            nodes: vec![Node::new(root_move, root_mover)],
            amaf: if amaf {
                vec![Amaf::default()]
            } else {
                Vec::new()
            },
            keeps_amaf: amaf,
        }
    }

    /// No nodes at all, until a search plants a root.
    pub fn empty() -> Self {
        Tree {
            nodes: Vec::new(),
            amaf: Vec::new(),
            keeps_amaf: false,
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Appends children for `moves` to `parent`; `action` numbers a move
    /// (asked only when the tree keeps AMAF statistics). The arena grows by
    /// doubling, but never reserves room beyond `max_nodes`, so a full
    /// tree's memory is its node budget, not up to twice that.
    pub fn expand(
        &mut self,
        parent: NodeId,
        moves: &[M],
        mover: Seat,
        max_nodes: usize,
        action: impl Fn(M) -> usize,
    ) {
        let needed = self.nodes.len() + moves.len();
        if needed > self.nodes.capacity() {
            let target = (2 * self.nodes.capacity()).clamp(needed, needed.max(max_nodes));
            self.nodes.reserve_exact(target - self.nodes.len());
            if self.keeps_amaf {
                self.amaf.reserve_exact(target - self.amaf.len());
            }
        }
        let first = self.nodes.len() as NodeId;
        self.nodes
            .extend(moves.iter().map(|&mv| Node::new(mv, mover)));
        if self.keeps_amaf {
            self.amaf.extend(moves.iter().map(|&mv| Amaf {
                action: action(mv) as u32,
                ..Amaf::default()
            }));
        }
        let node = &mut self.nodes[parent as usize];
        node.first_child = first;
        node.child_count = moves.len() as u32;
        node.expanded = true;
    }

    /// Keeps only the subtree under `new_root` (tree reuse), compacting the
    /// arena breadth-first so children stay contiguous.
    pub fn reroot(&mut self, new_root: NodeId) {
        let old = std::mem::take(&mut self.nodes);
        let old_amaf = std::mem::take(&mut self.amaf);
        let mut nodes = Vec::with_capacity(old.len());
        nodes.push(old[new_root as usize]);
        if self.keeps_amaf {
            self.amaf.push(old_amaf[new_root as usize]);
        }
        let mut next = 0;
        while next < nodes.len() {
            let node: Node<M> = nodes[next];
            if node.expanded {
                let first = nodes.len() as NodeId;
                nodes.extend_from_slice(&old[node.children()]);
                if self.keeps_amaf {
                    self.amaf.extend_from_slice(&old_amaf[node.children()]);
                }
                nodes[next].first_child = first;
            }
            next += 1;
        }
        self.nodes = nodes;
    }
}
