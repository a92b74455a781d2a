//! `alphabeta` and `greedy`: search with the game's evaluation.

use std::time::Duration;

use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::params::{ParamKind, ParamSpec, Params};
use tabula_search::alphabeta::{AlphaBeta, AlphaBetaConfig, Mode};
use tabula_search::search::Control;

/// The `repeats` parameter of the searches that can score a repeated
/// position as even (`alphabeta`, `az`), with its default.
pub const fn repeats(default: &'static str) -> ParamSpec {
    ParamSpec {
        name: "repeats",
        kind: ParamKind::Bool,
        default,
        help: "score a position that repeats an earlier one of the game or of the line \
               searched as even, so a side ahead makes progress instead of shuffling",
    }
}

/// The `alphabeta` agent kind (see [`tabula_search::alphabeta`]).
pub struct AlphaBetaKind;

impl AgentKind for AlphaBetaKind {
    const NAME: &'static str = "alphabeta";
    const DESCRIPTION: &'static str =
        "iterative-deepening alpha-beta with a transposition table and \
         the game's evaluation; paranoid or best-reply (BRS+) search with 3-4 players";
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "depth",
            kind: ParamKind::Int { min: 1, max: 64 },
            default: "",
            help: "deepest iteration in plies (4 when neither this nor time is given)",
        },
        ParamSpec {
            name: "time",
            kind: ParamKind::Duration {
                min: Duration::from_nanos(1),
                max: Duration::from_secs(24 * 3600),
            },
            default: "",
            help: "thinking time per move: iterations deepen while it lasts (depth 1 always completes)",
        },
        ParamSpec {
            name: "mode",
            kind: ParamKind::Choice(&["paranoid", "brs"]),
            default: "paranoid",
            help: "with 3-4 players: paranoid (all others minimise) or brs (BRS+: one opponent \
                   replies per round, the others play their first-ordered move)",
        },
        ParamSpec {
            name: "table",
            kind: ParamKind::Int { min: 0, max: 4096 },
            default: "16",
            help: "transposition table size in MB (0: none)",
        },
        // Off: it does not make alpha-beta stronger (docs/az.md, "Repetitions").
        repeats("off"),
        SEED,
    ];

    fn build<G: Game>(
        params: &Params,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let seed = context.seed;
        Ok(Box::new(AlphaBeta::<G>::new(AlphaBetaConfig {
            depth: params.int_opt("depth").map(|d| d as u32),
            time: params.duration("time"),
            mode: match params.text("mode") {
                "brs" => Mode::BestReply,
                _ => Mode::Paranoid,
            },
            table_bytes: params.int("table") as usize * (1 << 20),
            seed,
            repeats: params.flag("repeats"),
        })))
    }
}

impl<G: Game> Agent<G> for AlphaBeta<G> {
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let report = self.search(state, control);
        Ok(Decision {
            mv: report.best,
            search: Some(report),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        AlphaBeta::observe(self, before, mv);
    }
}

/// The `greedy` agent kind: the best move by one ply of evaluation.
pub struct GreedyKind;

impl AgentKind for GreedyKind {
    const NAME: &'static str = "greedy";
    const DESCRIPTION: &'static str =
        "one ply: the move whose position the game's evaluation likes best (a win at once first)";
    const PARAMS: &'static [ParamSpec] = &[SEED];

    fn build<G: Game>(
        _: &Params,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let seed = context.seed;
        // One ply of alpha-beta is exactly greedy: every move evaluated,
        // finished games by their result, ties by the seed's shuffle.
        Ok(Box::new(AlphaBeta::<G>::new(AlphaBetaConfig {
            depth: Some(1),
            table_bytes: 0,
            seed,
            ..AlphaBetaConfig::default()
        })))
    }
}
