//! Every agent kind plays every game, as the `tabula` binary's registry
//! builds them (the `engine` kind plays through this very binary, served
//! with `tabula engine`). `perfect` plays every game it has a database
//! for — Diffusion, solved here at width 4 — and refuses the others with
//! the reason.

use tabula::{play_game, AnyAgent, AnyGame, Registry};

/// Cheap specs for each registered agent kind, the MCTS variants each
/// once. A kind missing here fails the test, so every new kind is played on
/// every game.
fn specs_for(kind: &str, database: &str) -> Vec<String> {
    let engine = format!(
        "engine(cmd=\"{} engine random\",time=5s,margin=60s,startup=60s)",
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
            "mcts(iterations=300,threads=2,parallel=tree)",
            "mcts(iterations=300,threads=3,parallel=tree,max_plies=0,prior=10)",
        ],
        "alphabeta" => &["alphabeta(depth=2)"],
        "engine" => return vec![engine],
        "perfect" => return vec![format!("perfect(db=\"{database}\")")],
        // No model: the untrained network (uniform priors, even values).
        "az" => &["az(iterations=20)", "az(iterations=20,fpu=0.2,ptemp=1.5)"],
        _ => panic!("agent kind `{kind}` has no test spec in cli/tests/agents.rs"),
    };
    specs.iter().map(|s| s.to_string()).collect()
}

/// Plays `hero` in every seat of `start` against `random`, a few plies each.
fn play_every_seat(registry: &Registry, start: &dyn AnyGame, hero: &tabula::AgentSpec) {
    let random = registry.parse_agent("random").unwrap();
    for hero_seat in 0..start.players() {
        let mut agents: Vec<Box<dyn AnyAgent>> = (0..start.players())
            .map(|seat| {
                let spec = if seat == hero_seat { hero } else { &random };
                registry.agent(start, spec, seat as u64).unwrap()
            })
            .collect();
        let played = play_game(start, &mut agents, 12)
            .expect("in-process agents need nothing of the system");
        assert_eq!(played.forfeit, None, "{hero} on {}", start.spec());
        assert!(!played.moves.is_empty());
    }
}

#[test]
fn every_agent_plays_every_game() {
    let registry = tabula_games::registry();
    let database = crate::common::width4_db();
    for kind in registry.agent_kinds() {
        for spec in specs_for(kind.name, database) {
            let hero = registry.parse_agent(&spec).unwrap();
            for name in registry.names() {
                let start = registry.create(&name).unwrap();
                if kind.name != "perfect" {
                    play_every_seat(&registry, start.as_ref(), &hero);
                    continue;
                }
                // `perfect` needs a database of exactly this game and variant.
                let refused = registry
                    .agent(start.as_ref(), &hero, 0)
                    .err()
                    .map(|e| e.to_string());
                let why = refused.unwrap_or_else(|| panic!("perfect accepted {name}"));
                let expected = match name.as_str() {
                    "diffusion" => "not diffusion(width=6",
                    // Solved too, by margin: a win/loss table is not its.
                    "kalah" => "is solved by score margin",
                    _ => "has no solver",
                };
                assert!(why.contains(expected), "{name}: {why}");
            }
        }
    }
    let solved = registry.create("diffusion(width=4)").unwrap();
    let perfect = registry
        .parse_agent(&specs_for("perfect", database)[0])
        .unwrap();
    play_every_seat(&registry, solved.as_ref(), &perfect);
}

#[test]
fn the_shared_tree_refuses_the_variants_it_lacks() {
    let registry = tabula_games::registry();
    let start = registry.create("diffusion").unwrap();
    for text in [
        "mcts(threads=2,parallel=tree,selection=grave)",
        "mcts(threads=2,parallel=tree,playout=mast)",
    ] {
        let spec = registry.parse_agent(text).unwrap();
        let why = registry
            .agent(start.as_ref(), &spec, 0)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("{text} accepted"));
        assert!(why.contains("parallel=root"), "{text}: {why}");
    }
}
