//! `opportunist`: the worked example of adding an agent kind. It plays a
//! move that wins at once when there is one, and a random move otherwise.
//! It is generic over the game, so once registered it plays every game.

use tabula::agents::{
    agent_settings, Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit, RandomAgent,
};
use tabula::search::Control;
use tabula::{Game, ParamKind};

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

    fn build<G: Game>(
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

#[cfg(test)]
mod tests {
    use tabula::agents::AnyControl;
    use tabula::Registry;

    use super::Opportunist;
    use crate::TicTacToe;

    fn registry() -> Registry {
        Registry::builder()
            .agent::<Opportunist>()
            .games(tabula_games::catalog)
            .game::<TicTacToe>()
            .build()
    }

    #[test]
    fn takes_an_immediate_win_and_plays_every_game() {
        let registry = registry();
        let spec = registry.parse_agent("opportunist(seed=3)").unwrap();
        assert_eq!(spec.to_string(), "opportunist(seed=3)");
        let game = registry
            .create("tictactoe")
            .unwrap()
            .with_position("xx./oo./... X")
            .unwrap();
        let mut agent = registry.agent(game.as_ref(), &spec, 0).unwrap();
        let decision = agent.choose(game.as_ref(), &AnyControl::default()).unwrap();
        assert_eq!(decision.mv, "c1");
        for name in registry.names() {
            let game = registry.create(&name).unwrap();
            let mut agent = registry.agent(game.as_ref(), &spec, 0).unwrap();
            let mv = agent
                .choose(game.as_ref(), &AnyControl::default())
                .unwrap()
                .mv;
            assert!(game.legal_moves().contains(&mv), "{name}: {mv}");
        }
    }

    /// A kind from outside the framework reads from a file as the built-in
    /// kinds do: `typetag` finds it by its tag, with no list edited.
    #[test]
    fn its_settings_read_from_a_tagged_table() {
        use tabula::agents::AgentConfig;
        let config: Box<dyn AgentConfig> =
            serde_json::from_str(r#"{"kind": "opportunist", "seed": 3}"#).unwrap();
        assert_eq!(config.kind(), "opportunist");
        assert_eq!(config.args(), [("seed".to_string(), "3".to_string())]);
        let err =
            serde_json::from_str::<Box<dyn AgentConfig>>(r#"{"kind": "opportunist", "c": 1}"#)
                .unwrap_err();
        assert!(
            err.to_string().contains("opportunist has no parameter `c`"),
            "{err}"
        );
    }
}
