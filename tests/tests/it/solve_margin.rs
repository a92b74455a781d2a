//! The `perfect` agent by a score-margin table, on Kalah with 3 pits and
//! 2 seeds (18,564 positions, solved in each test): every move it makes
//! keeps the best margin, it secures at least the table's margin against
//! anyone, and it refuses a database that is not its game's.

use std::path::PathBuf;

use tabula::prelude::*;
use tabula::rng::seeded;
use tabula::solve::margin::{margin_analysis, solve_margins, MarginTable};
use tabula::{play_game, AnyAgent};
use tabula_games::Kalah;

const SPEC: &str = "kalah(pits=3,seeds=2)";

fn start() -> Kalah {
    Kalah::from_spec(SPEC).unwrap()
}

/// A file name of this test run's own.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-margin-{}-{name}", std::process::id()))
}

/// The table of 3 pits up to 2 seeds a pit, saved to a file of its own.
fn saved_table(name: &str) -> (MarginTable, PathBuf) {
    let table = solve_margins(&start(), None).unwrap();
    let path = temp_file(name);
    table.save(&path).unwrap();
    (table, path)
}

/// Positions of seeded random games, not over.
fn random_positions(count: usize, seed: u64) -> Vec<Kalah> {
    use rand::Rng as _;
    let mut rng = seeded(seed);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < count {
        let mut state = start();
        for _ in 0..rng.random_range(0..12) {
            if state.outcome().is_some() {
                break;
            }
            state.legal_moves(&mut moves);
            state.play(moves[rng.random_range(0..moves.len())]);
        }
        if state.outcome().is_none() {
            found.push(state);
        }
    }
    found
}

/// South's final margin of a game played from `from`.
fn final_margin(from: &Kalah, moves: &[String]) -> i32 {
    let mut state = from.clone();
    for mv in moves {
        state.play(state.parse_move(mv).unwrap());
    }
    assert!(state.outcome().is_some(), "{}", state.position());
    state.margin()
}

#[test]
fn perfect_keeps_the_best_margin_at_every_position() {
    let registry = tabula_games::registry();
    let (table, path) = saved_table("keeps.db");
    let perfect = registry
        .parse_agent(&format!("perfect(db={})", path.display()))
        .unwrap();
    let mut choices = 0;
    for (i, state) in random_positions(200, 7).into_iter().enumerate() {
        let game = registry
            .create(SPEC)
            .unwrap()
            .with_position(&state.position())
            .unwrap();
        let mut agent = registry.agent(game.as_ref(), &perfect, i as u64).unwrap();
        let decision = agent.choose(game.as_ref(), &Default::default()).unwrap();
        let analysis = margin_analysis(&table, &state).unwrap();
        let played = state.parse_move(&decision.mv).unwrap();
        let (_, margin) = analysis.moves.iter().find(|(mv, _)| *mv == played).unwrap();
        assert_eq!(
            *margin,
            analysis.margin,
            "{}: {}",
            state.position(),
            decision.mv
        );
        choices += usize::from(analysis.best_moves().len() < analysis.moves.len());
    }
    // Positions where a worse move was on offer, so the check could fail.
    assert!(choices > 50, "only {choices} positions had a worse move");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn perfect_secures_the_tables_margin_against_random_and_itself() {
    let registry = tabula_games::registry();
    let (table, path) = saved_table("secures.db");
    let perfect = registry
        .parse_agent(&format!("perfect(db={})", path.display()))
        .unwrap();
    let random = registry.parse_agent("random").unwrap();
    let (mut better, mut wins) = (0, 0);
    for (i, state) in random_positions(60, 11).into_iter().enumerate() {
        let seat = state.to_move();
        let sign = if seat == 0 { 1 } else { -1 };
        let secured = margin_analysis(&table, &state).unwrap().margin;
        let game = registry
            .create(SPEC)
            .unwrap()
            .with_position(&state.position())
            .unwrap();
        let seed = i as u64;
        let mut agents: Vec<Box<dyn AnyAgent>> = vec![
            registry.agent(game.as_ref(), &random, seed).unwrap(),
            registry.agent(game.as_ref(), &random, seed).unwrap(),
        ];
        agents[seat] = registry.agent(game.as_ref(), &perfect, seed).unwrap();
        let played = play_game(game.as_ref(), &mut agents, 300).unwrap();
        assert!(played.forfeit.is_none(), "{:?}", played.forfeit);
        // Against a random opponent: at least the table's margin.
        let margin = sign * final_margin(&state, &played.moves);
        assert!(
            margin >= secured,
            "{}: {margin} < {secured}",
            state.position()
        );
        better += usize::from(margin > secured);
        if secured > 0 {
            wins += 1;
            assert!(played.outcome.unwrap().is_winner(seat));
        }
        // Against itself: exactly the table's margin.
        let mut agents: Vec<Box<dyn AnyAgent>> = (0..2)
            .map(|s| registry.agent(game.as_ref(), &perfect, seed + s).unwrap())
            .collect();
        let played = play_game(game.as_ref(), &mut agents, 300).unwrap();
        assert_eq!(
            sign * final_margin(&state, &played.moves),
            secured,
            "{}",
            state.position()
        );
    }
    assert!(wins > 5 && better > 5, "{wins} won, {better} bettered");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn perfect_refuses_a_database_that_is_not_its_games() {
    let registry = tabula_games::registry();
    let (_, path) = saved_table("refuse.db");
    let perfect = registry
        .parse_agent(&format!("perfect(db={})", path.display()))
        .unwrap();
    let refusal = |spec: &str, agent: &tabula::AgentSpec| {
        let game = registry.create(spec).unwrap();
        match registry.agent(game.as_ref(), agent, 0) {
            Ok(_) => panic!("{spec}: {agent} was built"),
            Err(error) => error.to_string(),
        }
    };
    // Fewer seeds a pit share the table; more, other pits or the other
    // capture rule do not.
    let game = registry.create("kalah(pits=3,seeds=1)").unwrap();
    assert!(registry.agent(game.as_ref(), &perfect, 0).is_ok());
    for spec in [
        "kalah(pits=3,seeds=3)",
        "kalah(pits=4,seeds=2)",
        "kalah(pits=3,seeds=2,empty_capture=off)",
    ] {
        let text = refusal(spec, &perfect);
        assert!(text.contains("solves kalah(pits=3"), "{spec}: {text}");
    }
    // A margin table for a win/loss game, a win/loss table for Kalah.
    let text = refusal("diffusion(width=4)", &perfect);
    assert!(text.contains("score-margin database"), "{text}");
    // The first layer of a win/loss table is enough to be one.
    let diffusion = registry.create("diffusion(width=4)").unwrap();
    let solver = registry.solver("diffusion").unwrap();
    let win_loss = solver.solve(diffusion.as_ref(), Some(1), None).unwrap();
    let win_loss_path = temp_file("win-loss.db");
    win_loss.save(&win_loss_path).unwrap();
    let by_win_loss = registry
        .parse_agent(&format!("perfect(db={})", win_loss_path.display()))
        .unwrap();
    let text = refusal(SPEC, &by_win_loss);
    assert!(text.contains("win/loss database of diffusion"), "{text}");
    // A game with neither kind of table, no database, a missing file.
    let text = refusal("oware", &perfect);
    assert!(text.contains("oware has no solver"), "{text}");
    let text = refusal(SPEC, &registry.parse_agent("perfect").unwrap());
    assert!(text.contains("db=FILE"), "{text}");
    let missing = temp_file("nowhere.db");
    let text = refusal(
        SPEC,
        &registry
            .parse_agent(&format!("perfect(db={})", missing.display()))
            .unwrap(),
    );
    assert!(text.contains("nowhere.db"), "{text}");
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&win_loss_path);
}
