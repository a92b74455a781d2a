//! A game's moves as a tree, as an analysis board keeps them: the main
//! line and its variations. Playing another move from a past position
//! starts a variation instead of forgetting the moves after it; `undo`
//! steps to the parent and `redo` follows the line last visited.

use serde::Serialize;

/// A node of a [`MoveTree`]: its index in [`MoveTree::nodes`], stable for
/// the tree's life (nodes are never removed).
pub type NodeId = usize;

/// A position reached by a move (or the start).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    /// The node before the move; `None` for the start.
    pub parent: Option<NodeId>,
    /// The move from the parent, canonical; empty for the start.
    pub mv: String,
    /// The moves from here: the first continues this node's line (the
    /// main line, from the start), the others start variations.
    pub children: Vec<NodeId>,
    /// The moves from the start.
    pub ply: usize,
    /// The child `redo` follows: the one last visited.
    #[serde(skip)]
    next: Option<NodeId>,
}

/// The moves played from a start, every line kept. Node 0 is the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl Default for MoveTree {
    fn default() -> MoveTree {
        MoveTree::line(&[])
    }
}

impl MoveTree {
    /// The start.
    pub const ROOT: NodeId = 0;

    /// A tree of one line: `moves` from the start, as the main line.
    pub fn line(moves: &[String]) -> MoveTree {
        let mut tree = MoveTree {
            nodes: vec![Node {
                parent: None,
                mv: String::new(),
                children: Vec::new(),
                ply: 0,
                next: None,
            }],
        };
        let mut at = MoveTree::ROOT;
        for mv in moves {
            at = tree.add(at, mv);
        }
        tree
    }

    /// Every node, the start first; a node's id is its index.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Node `id`, if the tree has it.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id)
    }

    /// How many nodes the tree holds, the start included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only the start.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The child of `id` reached by `mv` (canonical), if it was played.
    pub fn child(&self, id: NodeId, mv: &str) -> Option<NodeId> {
        self.nodes[id]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == mv)
    }

    /// The child of `id` reached by `mv`, added (as the last variation)
    /// unless it is there; `redo` from `id` follows it from now on.
    pub fn add(&mut self, id: NodeId, mv: &str) -> NodeId {
        let child = self.child(id, mv).unwrap_or_else(|| {
            let child = self.nodes.len();
            self.nodes.push(Node {
                parent: Some(id),
                mv: mv.to_string(),
                children: Vec::new(),
                ply: self.nodes[id].ply + 1,
                next: None,
            });
            self.nodes[id].children.push(child);
            child
        });
        self.nodes[id].next = Some(child);
        child
    }

    /// The child `redo` follows from `id`: the one last visited, else the
    /// first; `None` at the end of a line.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        let node = &self.nodes[id];
        node.next.or_else(|| node.children.first().copied())
    }

    /// The nodes from the start's first move to `id`, in order (empty
    /// for the start).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::with_capacity(self.nodes[id].ply);
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    pub fn moves(&self, id: NodeId) -> Vec<String> {
        self.path(id)
            .into_iter()
            .map(|n| self.nodes[n].mv.clone())
            .collect()
    }

    /// The line through `id`: its path, then on as `redo` would go, to
    /// the line's end.
    pub fn line_through(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = self.path(id);
        let mut at = id;
        while let Some(next) = self.next(at) {
            line.push(next);
            at = next;
        }
        line
    }

    /// Makes every node on the way to `id` remember it: `redo` from any
    /// of them leads back there.
    pub fn visit(&mut self, id: NodeId) {
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            self.nodes[parent].next = Some(at);
            at = parent;
        }
    }

    /// Makes the line through `id` the main line: at each branch on the
    /// way, its move becomes the first child.
    pub fn promote(&mut self, id: NodeId) {
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            let children = &mut self.nodes[parent].children;
            if let Some(i) = children.iter().position(|&c| c == at) {
                let child = children.remove(i);
                children.insert(0, child);
            }
            at = parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(texts: &[&str]) -> Vec<String> {
        texts.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_variation_keeps_the_main_line_and_redo_follows_the_last_visited() {
        let mut tree = MoveTree::line(&moves(&["D", "e", "C"]));
        assert_eq!(tree.len(), 4);
        let e = tree.path(3)[1];
        let d = tree.nodes()[e].parent.unwrap();
        // Another reply to D: a variation beside the main line's `e`.
        let f = tree.add(d, "f");
        assert_eq!(tree.nodes()[d].children, [e, f]);
        assert_eq!(tree.moves(f), ["D", "f"]);
        assert_eq!(tree.next(d), Some(f), "redo goes where we were last");
        // Playing a move that is there goes to it, adding nothing.
        assert_eq!(tree.add(d, "e"), e);
        assert_eq!(tree.len(), 5);
        assert_eq!(tree.line_through(d), [d, e, 3]);
        tree.visit(f);
        assert_eq!(tree.line_through(MoveTree::ROOT), [d, f]);
        // Promoted, the variation is the main line.
        tree.promote(f);
        assert_eq!(tree.nodes()[d].children, [f, e]);
        assert_eq!(tree.nodes()[f].ply, 2);
        assert_eq!(tree.child(d, "C"), None);
    }
}
