//! `mcts`: the shared Monte-Carlo tree search as an agent kind.

use std::time::Duration;

use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::{FullGame, Game};
use tabula_core::params::{ParamKind, ParamSpec};
use tabula_core::{Actions, Evaluation};
use tabula_search::mcts::{Mcts, MctsConfig, Parallel, Playout, Selection};
use tabula_search::search::Control;

/// The `mcts` agent kind: UCT with an MCTS-solver (see [`tabula_search::mcts`]), and
/// its variants: RAVE/GRAVE selection, MAST playouts, priors from the
/// evaluation, evaluation cut-offs.
pub struct MctsKind;

/// The `time` parameter of the searches (`mcts`, `alphabeta`, `az`):
/// unset unless given, from a nanosecond to a day.
pub const SEARCH_TIME: ParamSpec = ParamKind::Duration {
    min: Duration::from_nanos(1),
    max: Duration::from_secs(24 * 3600),
}
.unset();

/// The `iterations` parameter of the tree searches (`mcts`, `az`).
pub const ITERATIONS: ParamSpec = ParamKind::Int {
    min: 1,
    max: 1_000_000_000,
}
.unset();

crate::agent_settings! {
    /// What an `mcts(...)` spec sets.
    kind "mcts";
    pub struct MctsSettings {
        /// iterations per move (10000 when neither this nor time is given)
        pub iterations: Option<u64> = ITERATIONS,
        /// thinking time per move; with iterations too, whichever ends first
        pub time: Option<Duration> = SEARCH_TIME,
        /// UCT exploration constant
        pub c: f32 = ParamKind::Float { min: 0.0, max: 100.0 }.default("1"),
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = SEED,
        /// playouts stop after this many plies and use the game's evaluation
        /// (0: evaluate each new leaf at once)
        pub max_plies: usize = ParamKind::Int { min: 0, max: 1_000_000 }.default("500"),
        /// tree size limit for the whole agent (all threads together);
        /// playouts go on once it is reached
        pub max_nodes: usize =
            ParamKind::Int { min: 1000, max: 1_000_000_000 }.default("20000000"),
        /// prove wins and losses in the tree (MCTS-solver)
        pub solver: bool = ParamKind::Bool.default("on"),
        /// keep the subtree of the moves played between searches
        pub reuse: bool = ParamKind::Bool.default("on"),
        /// search threads; the iteration budget is shared
        pub threads: usize = ParamKind::Int { min: 1, max: 64 }.default("1"),
        /// with several threads: root (a tree each, statistics merged;
        /// reproducible) or tree (one shared tree with virtual loss;
        /// uct with random playouts only)
        pub parallel: String = ParamKind::Choice(&["root", "tree"]).default("root"),
        /// uct, or blend in all-moves-as-first statistics: rave (each node's own)
        /// or grave (those of the deepest ancestor with `ref` visits)
        pub selection: String = ParamKind::Choice(&["uct", "rave", "grave"]).default("uct"),
        /// grave: visits a node needs to lend its statistics to the nodes below
        pub reference as "ref": u32 =
            ParamKind::Int { min: 1, max: 1_000_000_000 }.default("50"),
        /// rave/grave: how fast the all-moves-as-first weight fades
        /// (it halves at about 1/bias visits)
        pub bias: f32 = ParamKind::Float { min: 0.0, max: 1.0 }.default("0.001"),
        /// playout moves: random, mast (the best-scoring action so far,
        /// a random move with probability epsilon) or gibbs (actions drawn by
        /// exp(score/temperature))
        pub playout: String = ParamKind::Choice(&["random", "mast", "gibbs"]).default("random"),
        /// mast: share of random playout moves
        pub epsilon: f32 = ParamKind::Float { min: 0.0, max: 1.0 }.default("0.2"),
        /// gibbs: low is nearly greedy, high nearly uniform
        pub temperature: f32 = ParamKind::Float { min: 0.02, max: 100.0 }.default("0.2"),
        /// virtual visits each new child starts with, scored by the game's
        /// evaluation (0: none)
        pub prior: u32 = ParamKind::Int { min: 0, max: 1_000_000 }.default("0"),
    }
}

impl AgentKind for MctsKind {
    type Settings = MctsSettings;
    const DESCRIPTION: &'static str =
        "Monte-Carlo tree search (UCT) with random playouts and a solver for proven results; \
         variants: RAVE/GRAVE selection, MAST playouts, priors and cut-offs by the evaluation";

    fn build<G: FullGame>(
        settings: &MctsSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let config = settings.config(context.seed);
        if config.parallel == Parallel::Tree && !config.supports_tree_parallelism() {
            return Err(
                "parallel=tree works with selection=uct and playout=random only \
                        (RAVE and MAST keep per-tree tables): use parallel=root"
                    .into(),
            );
        }
        Ok(Box::new(Mcts::<G>::new(config)))
    }
}

impl MctsSettings {
    /// The search's configuration, with `seed` for its random choices.
    pub fn config(&self, seed: u64) -> MctsConfig {
        MctsConfig {
            iterations: self.iterations,
            time: self.time,
            c: self.c,
            seed,
            max_plies: self.max_plies,
            max_nodes: self.max_nodes,
            solver: self.solver,
            reuse: self.reuse,
            threads: self.threads,
            // A choice the spec layer checked: root or tree.
            parallel: self.parallel.parse().unwrap_or(Parallel::Root),
            selection: match self.selection.as_str() {
                "uct" => Selection::Uct,
                rave => Selection::Rave {
                    reference: if rave == "grave" { self.reference } else { 0 },
                    bias: self.bias,
                },
            },
            playout: match self.playout.as_str() {
                "mast" => Playout::Mast {
                    epsilon: self.epsilon,
                },
                "gibbs" => Playout::Gibbs {
                    temperature: self.temperature,
                },
                _ => Playout::Random,
            },
            prior: self.prior,
        }
    }
}

impl<G: Game + Actions + Evaluation> Agent<G> for Mcts<G> {
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let report = self.search_with(state, control);
        Ok(Decision {
            mv: report.best,
            search: Some(report),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        Mcts::observe(self, before, mv);
    }
}
