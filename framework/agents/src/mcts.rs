//! `mcts`: the shared Monte-Carlo tree search as an agent kind.

use std::time::Duration;

use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::params::{ParamKind, ParamSpec, Params};
use tabula_search::mcts::{Mcts, MctsConfig, Parallel, Playout, Selection};
use tabula_search::search::Control;

/// The `mcts` agent kind: UCT with an MCTS-solver (see [`tabula_search::mcts`]), and
/// its variants: RAVE/GRAVE selection, MAST playouts, priors from the
/// evaluation, evaluation cut-offs.
pub struct MctsKind;

/// The `time` parameter of the tree searches with an iteration budget
/// beside it (`mcts`, `az`).
pub const SEARCH_TIME: ParamSpec = ParamSpec {
    name: "time",
    kind: ParamKind::Duration {
        min: Duration::from_nanos(1),
        max: Duration::from_secs(24 * 3600),
    },
    default: "",
    help: "thinking time per move; with iterations too, whichever ends first",
};

impl AgentKind for MctsKind {
    const NAME: &'static str = "mcts";
    const DESCRIPTION: &'static str =
        "Monte-Carlo tree search (UCT) with random playouts and a solver for proven results; \
         variants: RAVE/GRAVE selection, MAST playouts, priors and cut-offs by the evaluation";
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "iterations",
            kind: ParamKind::Int {
                min: 1,
                max: 1_000_000_000,
            },
            default: "",
            help: "iterations per move (10000 when neither this nor time is given)",
        },
        SEARCH_TIME,
        ParamSpec {
            name: "c",
            kind: ParamKind::Float {
                min: 0.0,
                max: 100.0,
            },
            default: "1",
            help: "UCT exploration constant",
        },
        SEED,
        ParamSpec {
            name: "max_plies",
            kind: ParamKind::Int {
                min: 0,
                max: 1_000_000,
            },
            default: "500",
            help: "playouts stop after this many plies and use the game's evaluation \
                   (0: evaluate each new leaf at once)",
        },
        ParamSpec {
            name: "max_nodes",
            kind: ParamKind::Int {
                min: 1000,
                max: 1_000_000_000,
            },
            default: "20000000",
            help: "tree size limit for the whole agent (all threads together); \
                   playouts go on once it is reached",
        },
        ParamSpec {
            name: "solver",
            kind: ParamKind::Bool,
            default: "on",
            help: "prove wins and losses in the tree (MCTS-solver)",
        },
        ParamSpec {
            name: "reuse",
            kind: ParamKind::Bool,
            default: "on",
            help: "keep the subtree of the moves played between searches",
        },
        ParamSpec {
            name: "threads",
            kind: ParamKind::Int { min: 1, max: 64 },
            default: "1",
            help: "search threads; the iteration budget is shared",
        },
        ParamSpec {
            name: "parallel",
            kind: ParamKind::Choice(&["root", "tree"]),
            default: "root",
            help: "with several threads: root (a tree each, statistics merged; \
                   reproducible) or tree (one shared tree with virtual loss; \
                   uct with random playouts only)",
        },
        ParamSpec {
            name: "selection",
            kind: ParamKind::Choice(&["uct", "rave", "grave"]),
            default: "uct",
            help: "uct, or blend in all-moves-as-first statistics: rave (each node's own) \
                   or grave (those of the deepest ancestor with `ref` visits)",
        },
        ParamSpec {
            name: "ref",
            kind: ParamKind::Int {
                min: 1,
                max: 1_000_000_000,
            },
            default: "50",
            help: "grave: visits a node needs to lend its statistics to the nodes below",
        },
        ParamSpec {
            name: "bias",
            kind: ParamKind::Float { min: 0.0, max: 1.0 },
            default: "0.001",
            help: "rave/grave: how fast the all-moves-as-first weight fades \
                   (it halves at about 1/bias visits)",
        },
        ParamSpec {
            name: "playout",
            kind: ParamKind::Choice(&["random", "mast", "gibbs"]),
            default: "random",
            help: "playout moves: random, mast (the best-scoring action so far, \
                   a random move with probability epsilon) or gibbs (actions drawn by \
                   exp(score/temperature))",
        },
        ParamSpec {
            name: "epsilon",
            kind: ParamKind::Float { min: 0.0, max: 1.0 },
            default: "0.2",
            help: "mast: share of random playout moves",
        },
        ParamSpec {
            name: "temperature",
            kind: ParamKind::Float {
                min: 0.02,
                max: 100.0,
            },
            default: "0.2",
            help: "gibbs: low is nearly greedy, high nearly uniform",
        },
        ParamSpec {
            name: "prior",
            kind: ParamKind::Int {
                min: 0,
                max: 1_000_000,
            },
            default: "0",
            help: "virtual visits each new child starts with, scored by the game's \
                   evaluation (0: none)",
        },
    ];

    fn build<G: Game>(
        params: &Params,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let config = config_of(params, context.seed);
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

/// The settings an `mcts(...)` spec's checked parameters describe.
fn config_of(params: &Params, seed: u64) -> MctsConfig {
    MctsConfig {
        iterations: params.int_opt("iterations").map(|n| n as u64),
        time: params.duration("time"),
        c: params.float("c") as f32,
        seed,
        max_plies: params.int("max_plies") as usize,
        max_nodes: params.int("max_nodes") as usize,
        solver: params.flag("solver"),
        reuse: params.flag("reuse"),
        threads: params.int("threads") as usize,
        // A choice the spec layer checked: root or tree.
        parallel: params.text("parallel").parse().unwrap_or(Parallel::Root),
        selection: match params.text("selection") {
            "uct" => Selection::Uct,
            rave => Selection::Rave {
                reference: if rave == "grave" {
                    params.int("ref") as u32
                } else {
                    0
                },
                bias: params.float("bias") as f32,
            },
        },
        playout: match params.text("playout") {
            "mast" => Playout::Mast {
                epsilon: params.float("epsilon") as f32,
            },
            "gibbs" => Playout::Gibbs {
                temperature: params.float("temperature") as f32,
            },
            _ => Playout::Random,
        },
        prior: params.int("prior") as u32,
    }
}

impl<G: Game> Agent<G> for Mcts<G> {
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
