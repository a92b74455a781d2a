//! Every agent kind plays every game, as the `tabula` binary's registry
//! builds them (the `engine` kind plays through this very binary, served
//! with `tabula engine`).

use tabula::{play_game, AnyAgent};

/// Cheap specs for each registered agent kind: the MCTS variants each
/// once. A kind missing here fails the test, so every new kind is played on
/// every game. `perfect` plays only the variants its database solved, so it
/// has none here: tests/tests/solve.rs builds a database and plays it.
fn specs_for(kind: &str) -> Vec<String> {
    let engine = format!(
        "engine(cmd=\"{} engine random\",time=5s)",
        env!("CARGO_BIN_EXE_tabula")
    );
    let specs: &[&str] = match kind {
        "random" => &["random"],
        "greedy" => &["greedy"],
        "mcts" => &[
            "mcts(iterations=300)",
            "mcts(iterations=300,selection=rave,playout=gibbs)",
            "mcts(iterations=300,selection=grave,ref=20,playout=mast,prior=5)",
            "mcts(iterations=300,max_plies=0,prior=10)",
        ],
        "alphabeta" => &["alphabeta(depth=2)"],
        "engine" => return vec![engine],
        "perfect" => &[],
        _ => panic!("agent kind `{kind}` has no test spec in cli/tests/agents.rs"),
    };
    specs.iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_agent_plays_every_game() {
    let registry = tabula_games::registry();
    let random = registry.parse_agent("random").unwrap();
    let specs = registry.agent_kinds().flat_map(|kind| specs_for(kind.name));
    for spec in specs {
        let hero = registry.parse_agent(&spec).unwrap();
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
                assert_eq!(played.forfeit, None, "{spec} on {name}");
                assert!(!played.moves.is_empty());
            }
        }
    }
}
