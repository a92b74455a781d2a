//! `alphabeta` and `greedy`: search with the game's evaluation.

use std::time::Duration;

use super::mcts::SEARCH_TIME;
use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::{FullGame, Game};
use tabula_core::params::ParamKind;
use tabula_core::{Actions, Evaluation};
use tabula_search::alphabeta::{AlphaBeta, AlphaBetaConfig, Mode};
use tabula_search::search::Control;

/// The `alphabeta` agent kind (see [`tabula_search::alphabeta`]).
pub struct AlphaBetaKind;

crate::agent_settings! {
    /// What an `alphabeta(...)` spec sets.
    kind "alphabeta";
    pub struct AlphaBetaSettings {
        /// deepest iteration in plies (4 when neither this nor time is given)
        pub depth: Option<u32> = ParamKind::Int { min: 1, max: 64 }.unset(),
        /// thinking time per move: iterations deepen while it lasts (depth 1 always completes)
        pub time: Option<Duration> = SEARCH_TIME,
        /// with 3-4 players: paranoid (all others minimise) or brs (BRS+: one opponent
        /// replies per round, the others play their first-ordered move)
        pub mode: String = ParamKind::Choice(&["paranoid", "brs"]).default("paranoid"),
        /// transposition table size in MB (0: none), per agent: an arena holds
        /// one per seat of every game it plays at once
        pub table: usize = ParamKind::Int { min: 0, max: 1024 }.default("16"),
        /// score a position that repeats an earlier one of the game or of the line
        /// searched as even, so a side ahead makes progress instead of shuffling
        // Off: it does not make alpha-beta stronger (docs/az.md, "Repetitions").
        pub repeats: bool = ParamKind::Bool.default("off"),
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = SEED,
    }
}

impl AgentKind for AlphaBetaKind {
    type Settings = AlphaBetaSettings;
    const DESCRIPTION: &'static str =
        "iterative-deepening alpha-beta with a transposition table and \
         the game's evaluation; paranoid or best-reply (BRS+) search with 3-4 players";

    fn build<G: FullGame>(
        settings: &AlphaBetaSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let search = AlphaBeta::<G>::try_new(AlphaBetaConfig {
            depth: settings.depth,
            time: settings.time,
            mode: match settings.mode.as_str() {
                "brs" => Mode::BestReply,
                _ => Mode::Paranoid,
            },
            table_bytes: settings.table * (1 << 20),
            seed: context.seed,
            repeats: settings.repeats,
        });
        match search {
            Some(search) => Ok(Box::new(search)),
            None => Err(format!(
                "no memory for its {} MB table: give a smaller table=MB",
                settings.table
            )
            .into()),
        }
    }

    fn memory(settings: &AlphaBetaSettings) -> u64 {
        (settings.table as u64) << 20
    }
}

impl<G: Game + Actions + Evaluation> Agent<G> for AlphaBeta<G> {
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

crate::agent_settings! {
    /// What a `greedy(...)` spec sets.
    kind "greedy";
    pub struct GreedySettings {
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = SEED,
    }
}

impl AgentKind for GreedyKind {
    type Settings = GreedySettings;
    const DESCRIPTION: &'static str =
        "one ply: the move whose position the game's evaluation likes best (a win at once first)";

    fn build<G: FullGame>(
        _: &GreedySettings,
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
