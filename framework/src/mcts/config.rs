//! The MCTS settings an agent spec like `mcts(iterations=5000,c=1.4)` sets.

use std::time::Duration;

/// Budget and knobs of one MCTS player.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsConfig {
    /// Iterations per move. With neither this nor `time`, 10,000.
    pub iterations: Option<u64>,
    /// Wall-clock time per move.
    pub time: Option<Duration>,
    /// UCT exploration constant.
    pub c: f32,
    /// Seed of the player's random stream.
    pub seed: u64,
    /// Playouts stop after this many plies and score the position with the
    /// game's evaluation (or as a draw).
    pub max_plies: usize,
    /// The trees of all threads together stop growing at this many nodes
    /// (playouts go on): the player's memory bound, at
    /// [`Mcts::node_size`](super::Mcts::node_size) bytes a node.
    pub max_nodes: usize,
    /// Propagate proven wins and losses (MCTS-solver).
    pub solver: bool,
    /// Keep the subtree of the moves played between searches.
    pub reuse: bool,
    /// Search threads (root parallelism); the iteration budget is shared.
    pub threads: usize,
}

impl MctsConfig {
    /// Iterations per move when neither `iterations` nor `time` is set.
    pub const DEFAULT_ITERATIONS: u64 = 10_000;
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: None,
            time: None,
            c: 1.0,
            seed: 0,
            max_plies: 500,
            max_nodes: 20_000_000,
            solver: true,
            reuse: true,
            threads: 1,
        }
    }
}
