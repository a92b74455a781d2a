//! What a search reads back from its tree — the move to play, the root's
//! children, the principal variation, the progress line — written once for
//! both trees: the per-thread one ([`super::worker`]) and the shared one
//! ([`super::shared`]). Their nodes differ (plain and atomic statistics)
//! but answer the same four questions, so the rules built on them (which
//! child is best, how far the variation goes) cannot drift apart.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::root_value;
use crate::search::{sort_children, ChildStats, Progress, SearchReport};
use tabula_core::game::Seat;

/// A search tree read node by node; node 0 is the root.
pub(super) trait TreeView<M: Copy> {
    /// Nodes in the tree.
    fn node_count(&self) -> usize;

    /// A node's children; empty until it is expanded.
    fn children(&self, id: usize) -> Range<usize>;

    /// The seat that played the node's move.
    fn mover(&self, id: usize) -> Seat;

    /// The node's statistics as reported: real visits, without the
    /// prior's virtual ones.
    fn stats(&self, id: usize) -> ChildStats<M>;

    /// The child of `parent` that `chooser` would play, by the rule that
    /// picks the move at the root ([`ChildStats::better`]); `None` when
    /// `parent` has no children.
    fn best_child(&self, parent: usize, chooser: Seat) -> Option<usize> {
        self.children(parent)
            .min_by(|&a, &b| self.stats(a).better(&self.stats(b), chooser))
    }

    /// The moves each side would play from the root down, by the same rule
    /// as the move chosen, while the tree has visited (or proved) them.
    fn principal_variation(&self) -> Vec<M> {
        let mut pv = Vec::new();
        let mut id = 0;
        while let Some(first) = self.children(id).next() {
            let Some(next) = self.best_child(id, self.mover(first)) else {
                break;
            };
            let child = self.stats(next);
            if child.visits == 0 && child.proven.is_none() {
                break;
            }
            pv.push(child.mv);
            id = next;
        }
        pv
    }

    /// The search so far, for a live display: built only when a report is
    /// due (about ten times a second), so reading every root child and the
    /// variation costs the search nothing that matters.
    fn progress(&self, to_move: Seat, elapsed: Duration, done: &AtomicU64) -> Progress<M> {
        let mut children: Vec<ChildStats<M>> = self.children(0).map(|id| self.stats(id)).collect();
        sort_children(&mut children, to_move);
        let best = children.first();
        Progress {
            best: best.map(|child| child.mv),
            value: best.map(|child| child.value),
            pv: self.principal_variation(),
            ..Progress::counts(elapsed, done.load(Ordering::Relaxed))
        }
        .with_moves(children)
    }

    /// The finished search: the root's children best first, for the seat
    /// `to_move` at the root (which has at least one child).
    fn report(&self, to_move: Seat, iterations: u64, elapsed: Duration) -> SearchReport<M> {
        let mut children: Vec<ChildStats<M>> = self.children(0).map(|id| self.stats(id)).collect();
        sort_children(&mut children, to_move);
        SearchReport {
            best: children[0].mv,
            iterations,
            nodes: self.node_count(),
            elapsed,
            value: root_value(&children),
            pv: self.principal_variation(),
            proven: self.stats(0).proven,
            children,
            depth: None,
            distance: None,
        }
    }
}
