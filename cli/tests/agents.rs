//! Every agent kind plays every game, as the `tabula` binary's registry
//! builds them (the `engine` kind plays through this very binary, served
//! with `tabula engine`).

use tabula::{play_game, AnyAgent};

/// A cheap spec for each registered agent kind. A kind missing here fails
/// the test, so every new kind is played on every game.
fn spec_for(kind: &str) -> String {
    let engine = format!(
        "engine(cmd=\"{} engine random\",time=5s)",
        env!("CARGO_BIN_EXE_tabula")
    );
    match kind {
        "random" => "random".into(),
        "greedy" => "greedy".into(),
        "mcts" => "mcts(iterations=300)".into(),
        "alphabeta" => "alphabeta(depth=2)".into(),
        "engine" => engine,
        _ => panic!("agent kind `{kind}` has no test spec in cli/tests/agents.rs"),
    }
}

#[test]
fn every_agent_plays_every_game() {
    let registry = tabula_games::registry();
    let random = registry.parse_agent("random").unwrap();
    for kind in registry.agent_kinds() {
        let hero = registry.parse_agent(&spec_for(kind.name)).unwrap();
        for name in registry.names() {
            let start = registry.create(&name).unwrap();
            for hero_seat in 0..start.players() {
                let mut agents: Vec<Box<dyn AnyAgent>> = (0..start.players())
                    .map(|seat| {
                        let spec = if seat == hero_seat { &hero } else { &random };
                        registry.agent(start.as_ref(), spec, seat as u64).unwrap()
                    })
                    .collect();
                let played = play_game(start.as_ref(), &mut agents, 12);
                assert_eq!(played.forfeit, None, "{} on {name}", kind.name);
                assert!(!played.moves.is_empty());
            }
        }
    }
}
