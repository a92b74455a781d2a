//! The `opportunist` agent kind, from outside the framework, reached as
//! users reach it: through a registry of the catalog and the kind.

use tabula::agents::AnyControl;
use tabula::Registry;

use tabula_example_tictactoe::Opportunist;

/// The catalog, which lists tic-tac-toe, and the kind from outside.
fn registry() -> Registry {
    Registry::builder()
        .agent::<Opportunist>()
        .games(tabula_games::catalog)
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
    let err = serde_json::from_str::<Box<dyn AgentConfig>>(r#"{"kind": "opportunist", "c": 1}"#)
        .unwrap_err();
    assert!(
        err.to_string().contains("opportunist has no parameter `c`"),
        "{err}"
    );
}
