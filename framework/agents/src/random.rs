//! `random`: uniformly random legal moves, the floor of every comparison.

use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::{FullGame, Game};
use tabula_core::params::{ParamKind, ParamSpec};
use tabula_core::rng::{seeded, Rng};
use tabula_search::search::Control;

/// Plays uniformly random legal moves.
pub struct RandomAgent<G: Game> {
    rng: Rng,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    /// A random agent whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: seeded(seed),
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        _: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let mv = state
            .random_move(&mut self.rng, &mut self.moves)
            .ok_or_else(|| Forfeit::new("asked to move in a finished game"))?;
        Ok(Decision { mv, search: None })
    }
}

/// The `random` agent kind.
pub struct RandomKind;

/// The `seed` parameter every agent with random choices declares: unset
/// unless given, so that the seat's seed (from the REPL or the arena) is
/// used.
pub const SEED: ParamSpec = ParamKind::Seed.unset();

crate::agent_settings! {
    /// What a `random(...)` spec sets.
    kind "random";
    pub struct RandomSettings {
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = SEED,
    }
}

impl AgentKind for RandomKind {
    type Settings = RandomSettings;
    const DESCRIPTION: &'static str = "uniformly random legal moves";

    fn build<G: FullGame>(
        _: &RandomSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        Ok(Box::new(RandomAgent::<G>::new(context.seed)))
    }
}
