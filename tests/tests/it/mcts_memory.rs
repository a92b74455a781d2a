//! MCTS memory stays within its documented bound: `max_nodes` nodes for
//! the whole player, whatever the thread count, at the bytes per node
//! `Mcts::node_size` gives — plus, for a moment while an arena grows, the
//! old block beside the new one (at most half the budget, since arenas
//! double). The counting global allocator (`heap`) measures the heap's peak.

use std::sync::atomic::Ordering;

use tabula::mcts::{Mcts, MctsConfig};
use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;

use crate::heap::{self, LIVE, PEAK};

/// Heap besides the trees: threads' scratch buffers, reports, root clones.
const OVERHEAD: usize = 1 << 20;

/// The heap's peak above its level before, over a search of `start` with
/// `threads` threads and a node budget of `max_nodes`.
fn peak_of_search<G: FullGame>(start: &G, threads: usize, max_nodes: usize) -> (usize, usize) {
    let mut player = Mcts::<G>::new(MctsConfig {
        iterations: Some(80_000),
        max_nodes,
        threads,
        seed: 3,
        ..MctsConfig::default()
    });
    let base = LIVE.load(Ordering::Relaxed);
    heap::reset_peak();
    player.search(start);
    let nodes = player.tree_size();
    ((PEAK.load(Ordering::Relaxed) - base) as usize, nodes)
}

fn check<G: FullGame>(spec: &str) {
    let start = G::from_spec(spec).unwrap();
    let max_nodes = 50_000;
    let bound = max_nodes * Mcts::<G>::node_size() * 3 / 2 + OVERHEAD;
    for threads in [1, 8] {
        let (peak, nodes) = peak_of_search(&start, threads, max_nodes);
        eprintln!("{spec}, {threads} threads: {nodes} nodes, peak {peak} bytes (bound {bound})");
        assert!(nodes <= max_nodes, "{spec}: {nodes} nodes");
        assert!(
            nodes > max_nodes / 2,
            "{spec}: the search should fill most of its budget ({nodes} nodes)"
        );
        assert!(
            peak <= bound,
            "{spec}, {threads} threads: peak {peak} bytes over the bound {bound}"
        );
    }
}

#[test]
fn a_full_tree_costs_its_node_budget_for_any_thread_count() {
    heap::alone(
        "mcts_memory::a_full_tree_costs_its_node_budget_for_any_thread_count",
        || {
            struct Each;
            impl GameVisitor for Each {
                fn visit<G: FullGame>(&mut self, _: &'static Plan) {
                    check::<G>(G::Variant::NAME);
                }
            }
            tabula_games::each_game(&mut Each);
        },
    );
}
