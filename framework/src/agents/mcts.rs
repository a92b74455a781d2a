//! `mcts`: the shared Monte-Carlo tree search as an agent kind.

use std::time::Duration;

use super::random::SEED;
use super::{Agent, AgentKind, Decision, Forfeit};
use crate::game::Game;
use crate::mcts::{Mcts, MctsConfig};
use crate::params::{ParamKind, ParamSpec, Params};
use crate::search::Control;

/// The `mcts` agent kind: UCT with an MCTS-solver (see [`crate::mcts`]).
pub struct MctsKind;

impl AgentKind for MctsKind {
    const NAME: &'static str = "mcts";
    const DESCRIPTION: &'static str =
        "Monte-Carlo tree search (UCT) with random playouts and a solver for proven results";
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
        ParamSpec {
            name: "time",
            kind: ParamKind::Duration {
                min: Duration::from_nanos(1),
                max: Duration::from_secs(24 * 3600),
            },
            default: "",
            help: "thinking time per move; with iterations too, whichever ends first",
        },
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
                min: 1,
                max: 1_000_000,
            },
            default: "500",
            help: "playouts stop after this many plies and use the game's evaluation",
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
            help: "search threads (root parallelism, statistics merged); \
                   the iteration budget is shared",
        },
    ];

    fn build<G: Game>(params: &Params, seed: u64, _: &G) -> Result<Box<dyn Agent<G>>, String> {
        Ok(Box::new(Mcts::<G>::new(MctsConfig::from_params(
            params, seed,
        ))))
    }
}

impl MctsConfig {
    /// The settings an `mcts(...)` spec's checked parameters describe.
    pub fn from_params(params: &Params, seed: u64) -> Self {
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
        }
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
