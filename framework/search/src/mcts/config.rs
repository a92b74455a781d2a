//! The MCTS settings an agent spec like `mcts(iterations=5000,c=1.4)` sets.

use std::time::Duration;

/// How the tree picks the child to descend into.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Selection {
    /// UCT: mean score plus `c·√(ln N / n)`.
    Uct,
    /// RAVE / GRAVE (Gelly & Silver 2011, Cazenave 2015): the mean is
    /// blended with all-moves-as-first (AMAF) statistics, the mean score of
    /// every simulation through a node in which the mover played that
    /// action at any later point, weighted by
    /// `β = m / (m + n + bias·m·n)` (`m` AMAF samples, `n` visits).
    /// The AMAF statistics come from the deepest node on the path with at
    /// least `reference` visits whose children the same seat chooses
    /// (GRAVE); `reference = 0` uses each node's own (RAVE).
    Rave {
        /// Visits a node needs to lend its AMAF statistics to the nodes below.
        reference: u32,
        /// How fast β decays as real visits accumulate: β ≈ ½ at `n ≈ 1/bias`
        /// when AMAF samples abound.
        bias: f32,
    },
}

/// How playouts choose their moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Playout {
    /// Uniformly random moves ([`Game::random_move`](tabula_core::Game::random_move)).
    Random,
    /// MAST (Finnsson & Björnsson 2008), ε-greedy: with probability
    /// `epsilon` a random move, otherwise the move whose action has the best
    /// mean score for its mover over all simulations so far.
    Mast {
        /// The share of uniformly random moves.
        epsilon: f32,
    },
    /// MAST with Gibbs sampling: each move with probability proportional
    /// to `exp(Q / temperature)`, `Q` its action's mean score.
    Gibbs {
        /// Low: nearly greedy; high: nearly uniform.
        temperature: f32,
    },
}

/// How several search threads share the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parallel {
    /// Each thread grows its own tree from its own seed; the root moves'
    /// statistics are summed. Reproducible with an iteration budget, and
    /// every variant supports it.
    Root,
    /// All threads grow one shared tree, lock-free, kept apart by virtual
    /// losses. UCT with random playouts only (the spec layer refuses RAVE
    /// and MAST with it); results depend on how the threads interleave.
    Tree,
}

impl std::str::FromStr for Parallel {
    type Err = String;

    /// `root` or `tree`, as the `parallel` parameter and `tabula bench
    /// --parallel` spell them.
    fn from_str(name: &str) -> Result<Self, String> {
        match name {
            "root" => Ok(Parallel::Root),
            "tree" => Ok(Parallel::Tree),
            _ => Err("expected root or tree".to_string()),
        }
    }
}

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
    /// game's evaluation (or as a draw); 0 scores every new leaf by the
    /// evaluation at once.
    pub max_plies: usize,
    /// The trees of all threads together stop growing at this many nodes
    /// (playouts go on): the player's memory bound, at
    /// [`Mcts::node_size`](super::Mcts::node_size) bytes a node.
    pub max_nodes: usize,
    /// Propagate proven wins and losses (MCTS-solver).
    pub solver: bool,
    /// Keep the subtree of the moves played between searches.
    pub reuse: bool,
    /// Search threads; the iteration budget is shared.
    pub threads: usize,
    /// How the threads share the work, when there are several.
    pub parallel: Parallel,
    /// How the tree chooses children: UCT or RAVE/GRAVE.
    pub selection: Selection,
    /// How playouts choose moves: random or MAST.
    pub playout: Playout,
    /// Prior knowledge from the evaluation: each new child starts with this
    /// many virtual visits scored by [`Evaluation::evaluate`](tabula_core::Evaluation::evaluate)
    /// of its position (0: none, children start unvisited).
    pub prior: u32,
}

impl MctsConfig {
    /// Iterations per move when neither `iterations` nor `time` is set.
    pub const DEFAULT_ITERATIONS: u64 = 10_000;

    /// Whether the shared tree can run these settings: it has no RAVE or
    /// MAST tables.
    pub fn supports_tree_parallelism(&self) -> bool {
        !self.records_moves()
    }

    /// Whether simulations must record their moves (for AMAF or MAST).
    pub(crate) fn records_moves(&self) -> bool {
        self.selection != Selection::Uct || self.playout != Playout::Random
    }
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
            parallel: Parallel::Root,
            selection: Selection::Uct,
            playout: Playout::Random,
            prior: 0,
        }
    }
}
