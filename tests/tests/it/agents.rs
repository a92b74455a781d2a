//! The searching agent kinds find the forced wins of constructed positions
//! (that every kind plays every game is `cli/tests/agents.rs`).

use tabula::agents::AnyControl;
use tabula::Registry;

fn decide(registry: &Registry, game: &str, position: &str, spec: &str) -> tabula::AnyDecision {
    let game = registry
        .create(game)
        .unwrap()
        .with_position(position)
        .unwrap();
    let spec = registry.parse_agent(spec).unwrap();
    registry
        .agent(game.as_ref(), &spec, 0)
        .unwrap()
        .choose(game.as_ref(), &AnyControl::default())
        .unwrap()
}

/// The five-ply forced win the MCTS solver test uses, from both seats.
#[test]
fn alphabeta_finds_forced_diffusion_wins_from_both_seats() {
    let registry = tabula_games::registry();
    for (position, seat, winning_move) in [("110001/002102 A", 0, "b"), ("201200/100011 B", 1, "E")]
    {
        for mode in ["paranoid", "brs"] {
            let decision = decide(
                &registry,
                "diffusion",
                position,
                &format!("alphabeta(depth=8,mode={mode})"),
            );
            assert_eq!(decision.mv, winning_move, "{position}");
            let search = decision.search.unwrap();
            let proven = search.proven.expect("a forced win is proven");
            assert!(proven.is_winner(seat) && proven.score(seat) == 1.0);
            assert_eq!(search.pv.first().map(String::as_str), Some(winning_move));
        }
    }
}

/// A time budget is spent, not a quarter of it: iterations deepen until
/// the clock stops one, which is discarded, so the move is the last
/// complete depth's. (Only proven results or a single legal move end a
/// search sooner.) A lower bound on the time, which a loaded machine
/// only makes longer; how close to the budget it ends is for benchmarks.
#[test]
fn alphabeta_uses_its_time_and_reports_nodes_and_depth() {
    let registry = tabula_games::registry();
    for game in ["diffusion", "differo"] {
        let start = registry.create(game).unwrap();
        let decision = decide(&registry, game, &start.position(), "alphabeta(time=150ms)");
        let search = decision.search.unwrap();
        assert!(search.proven.is_none(), "{game}: the start is not proven");
        assert!(
            search.elapsed.as_secs_f64() >= 0.15,
            "{game}: answered after {:?} of 150 ms",
            search.elapsed
        );
        assert!(
            search.depth.is_some_and(|d| d >= 2),
            "{game}: {:?}",
            search.depth
        );
        // The work is nodes searched, one figure, not a table's fill.
        assert_eq!(search.nodes as u64, search.iterations, "{game}");
        assert_eq!(search.pv.first(), Some(&decision.mv), "{game}");
    }
}

/// The last seat's winning capture with 3 and 4 players, in both modes.
#[test]
fn alphabeta_finds_the_last_seats_winning_capture() {
    let registry = tabula_games::registry();
    let board = "1,0,2,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,1,0,0/0,1,0,0,1,0/0,0,0,0,0,2";
    for (game, position, seat) in [
        ("calcala(players=3)", format!("{board} 3 10,10,9"), 2),
        ("calcala(players=4)", format!("{board} 4 10,10,10,9"), 3),
    ] {
        for mode in ["paranoid", "brs"] {
            let decision = decide(
                &registry,
                game,
                &position,
                &format!("alphabeta(depth=3,mode={mode})"),
            );
            let mut state = registry
                .create(game)
                .unwrap()
                .with_position(&position)
                .unwrap();
            state.play(&decision.mv).unwrap();
            let outcome = state.outcome().expect("the chosen move ends the game");
            assert!(
                outcome.is_winner(seat) && outcome.score(seat) == 1.0,
                "{game} {mode}: {} does not win",
                decision.mv
            );
        }
    }
}

/// Greedy takes a win at once when there is one.
#[test]
fn greedy_takes_an_immediate_win() {
    let registry = tabula_games::registry();
    // South (A) to move: C sows into D and empties South's block (South
    // wins); d sows into c and empties North's block (North wins).
    let position = "000100/001000 A";
    let decision = decide(&registry, "diffusion", position, "greedy(seed=4)");
    assert_eq!(decision.mv, "C");
    let mut state = registry
        .create("diffusion")
        .unwrap()
        .with_position(position)
        .unwrap();
    state.play(&decision.mv).unwrap();
    assert!(
        state.outcome().is_some_and(|o| o.is_winner(0)),
        "{}",
        decision.mv
    );
}

/// Every registered kind's settings are data: a table tagged with the
/// kind's name reads (through `typetag`, without the registry), its values
/// are checked as a spec's, and what it writes reads back the same.
#[test]
fn every_kind_reads_and_writes_its_settings_as_a_tagged_table() {
    use tabula::agents::AgentConfig;
    let registry = tabula_games::registry();
    let kinds: Vec<&str> = registry.agent_kinds().map(|k| k.name).collect();
    assert!(kinds.len() >= 7, "{kinds:?}");
    for kind in kinds {
        let config: Box<dyn AgentConfig> =
            serde_json::from_str(&format!(r#"{{"kind": "{kind}"}}"#)).expect(kind);
        assert_eq!(config.kind(), kind);
        let written = serde_json::to_string(&config).unwrap();
        let again: Box<dyn AgentConfig> = serde_json::from_str(&written).expect(&written);
        assert_eq!(again.args(), config.args(), "{written}");
    }
    let mcts: Box<dyn AgentConfig> =
        serde_json::from_str(r#"{"kind": "mcts", "iterations": 1000, "c": 1.4, "time": "2s"}"#)
            .unwrap();
    let spec = registry
        .parse_agent(&format!("mcts({})", args_text(&mcts.args())))
        .unwrap();
    assert_eq!(spec.to_string(), "mcts(iterations=1000,time=2s,c=1.4)");
    for (bad, why) in [
        (r#"{"kind": "mcts", "c": 500}"#, "from 0 to 100"),
        (
            r#"{"kind": "mcts", "iteration": 5}"#,
            "no parameter `iteration`",
        ),
        (r#"{"kind": "mcts", "solver": "maybe"}"#, "on or off"),
        (r#"{"kind": "nosuch"}"#, "nosuch"),
    ] {
        let err = serde_json::from_str::<Box<dyn AgentConfig>>(bad).unwrap_err();
        assert!(err.to_string().contains(why), "{bad}: {err}");
    }
}

fn args_text(args: &[(String, String)]) -> String {
    args.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}
