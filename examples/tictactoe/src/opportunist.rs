//! `opportunist`: the worked example of adding an agent kind. It plays a
//! move that wins at once when there is one, and a random move otherwise.
//! It is generic over the game, so once registered it plays every game.

use tabula::agents::{
    agent_settings, Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit, RandomAgent,
};
use tabula::search::Control;
use tabula::{FullGame, Game, ParamKind};

/// The agent kind: its name, its one-line description, its parameters and
/// a builder. Everything users see of it is derived from these.
pub struct Opportunist;

agent_settings! {
    /// What an `opportunist(...)` spec sets: each field is a parameter,
    /// its doc comment the help `tabula agents` shows.
    kind "opportunist";
    pub struct OpportunistSettings {
        /// the agent's own seed (default: the seat's seed)
        pub seed: Option<u64> = ParamKind::Seed.unset(),
    }
}

impl AgentKind for Opportunist {
    type Settings = OpportunistSettings;
    const DESCRIPTION: &'static str = "wins at once when it can, else plays a random move";

    fn build<G: FullGame>(
        _: &OpportunistSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        Ok(Box::new(OpportunistAgent {
            fallback: RandomAgent::new(context.seed),
            moves: Vec::new(),
        }))
    }
}

struct OpportunistAgent<G: Game> {
    fallback: RandomAgent<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> Agent<G> for OpportunistAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let seat = state.to_move();
        state.legal_moves(&mut self.moves);
        let winning = self.moves.iter().copied().find(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            next.outcome().is_some_and(|o| o.score(seat) >= 1.0)
        });
        match winning {
            Some(mv) => Ok(Decision { mv, search: None }),
            None => self.fallback.choose(state, control),
        }
    }
}

// Its tests are in `tests/opportunist.rs`: an integration test links this
// crate once, where a unit test would link it twice (again through the
// catalog, `tabula-games`, which lists tic-tac-toe) and register the kind
// twice.
