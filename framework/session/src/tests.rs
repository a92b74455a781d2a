use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use tabula::solve::Entry;
use tabula_judge::Lost;

use crate::{ExactValue, GameOver, ParamValue, Proof, Session, SessionError, State, Update};

fn session(spec: &str) -> Session {
    let registry = tabula_games::registry();
    let game = registry.create(spec).unwrap();
    Session::new(registry, game)
}

/// A file name of this test process's own in the temporary directory.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-session-{}-{name}", std::process::id()))
}

/// Everything a front end can see of a session.
fn snapshot(session: &Session) -> (State, String, Vec<String>) {
    let seats = session.seats().iter().map(ToString::to_string).collect();
    (session.state(), session.record().to_json(), seats)
}

#[test]
fn undo_and_redo_step_through_the_moves() {
    let mut s = session("diffusion");
    assert_eq!(s.play("D").unwrap().seat, 0);
    let reply = s.play("e").unwrap();
    assert_eq!((reply.seat, reply.mv.as_str()), (1, "e"));
    assert_eq!(s.undo(5).unwrap(), 2, "as many as were played");
    assert!(s.moves().is_empty());
    assert_eq!(s.current().position(), s.start().position());
    assert_eq!(s.redo(1).unwrap(), 1);
    assert_eq!(s.moves(), ["D"]);
    // A new move forgets the moves taken back.
    s.play("f").unwrap();
    assert!(matches!(s.redo(1), Err(SessionError::NothingToRedo)));
    assert_eq!(s.moves(), ["D", "f"]);
    assert_eq!(s.last_move().map(|(_, mv)| mv), Some("f"));
}

#[test]
fn a_refused_operation_leaves_the_session_as_it_was() {
    let mut s = session("diffusion");
    assert!(matches!(s.undo(1), Err(SessionError::NothingToUndo)));
    s.play("D").unwrap();
    s.set_seat(0, "random(seed=3)").unwrap();
    let before = snapshot(&s);
    let refusals: Vec<SessionError> = vec![
        s.play("Z").unwrap_err(),
        s.redo(1).unwrap_err(),
        s.setup("not a position").unwrap_err(),
        s.new_game("nogame").unwrap_err(),
        s.new_game("diffusion(width=7)").unwrap_err(),
        s.set_seat(2, "random").unwrap_err(),
        s.set_seat(0, "mcts(frob=1)").unwrap_err(),
        s.seat("east").unwrap_err(),
        s.swap_seats(0, 5).unwrap_err(),
        s.load_file(&scratch("missing.json"), None, None)
            .unwrap_err(),
        s.load(&s.record(), Some(2)).unwrap_err(),
        s.load_table(&scratch("missing.db")).unwrap_err(),
        s.solve().unwrap_err(),
    ];
    assert_eq!(snapshot(&s), before);
    let messages: Vec<String> = refusals.iter().map(ToString::to_string).collect();
    assert!(messages[0].contains("`Z` is not a move"), "{messages:?}");
    assert_eq!(messages[1], "nothing to redo");
    assert_eq!(messages[5], "no seat `3`; seats are 1 (South), 2 (North)");
    assert_eq!(messages[10], "the record holds 1 moves, not 2");
    assert_eq!(messages[12], "no database loaded");
}

#[test]
fn seats_are_named_set_and_swapped() {
    let mut s = session("diffusion");
    assert_eq!(s.seat("north").unwrap(), 1);
    assert_eq!(s.seat("1").unwrap(), 0);
    assert!(!s.agent_to_move());
    s.set_seat(0, "random(seed=1)").unwrap();
    assert!(s.agent_to_move() && s.human_seated());
    s.swap_seats(0, 1).unwrap();
    assert_eq!(s.state().agents, ["human", "random(seed=1)"]);
    assert!(!s.agent_to_move());
    // Three players: every seat human again, and the caller is told.
    assert!(s.new_game("calcala(players=3)").unwrap().all_human);
    assert_eq!(s.seats().len(), 3);
    assert!(s.seats().iter().all(|seat| seat.is_human()));
    assert!(!s.new_game("calcala(players=3)").unwrap().all_human);
}

#[test]
fn a_background_search_reports_progress_and_stops_when_told() {
    let mut s = session("diffusion");
    // A budget no test waits for: only the stop ends this search.
    s.set_seat(0, "mcts(iterations=1000000000)").unwrap();
    let mut thinking = s.think().unwrap();
    assert_eq!(thinking.seat(), 0);
    assert_eq!(thinking.agent().to_string(), "mcts(iterations=1000000000)");
    loop {
        match thinking.wait(Duration::from_secs(300)) {
            Update::Progress(progress) => {
                assert!(progress.best.is_some(), "{progress:?}");
                break;
            }
            Update::Waiting => {}
            Update::Done => panic!("the search ended by itself"),
        }
    }
    assert!(thinking.progress().is_some());
    thinking.stop();
    while !matches!(thinking.wait(Duration::from_secs(300)), Update::Done) {}
    let thought = s.finish(thinking).unwrap();
    assert!(s.current().legal_moves().contains(&thought.mv));
    let search = thought.search.clone().expect("MCTS reports its search");
    assert!(search.iterations.unwrap() < 1_000_000_000);
    assert_eq!(search.pv.first(), Some(&thought.mv));
    assert!(s.moves().is_empty(), "thinking plays nothing");
    // The seat is the agent's: a person's move is refused, its own is not.
    assert!(matches!(
        s.play(&thought.mv),
        Err(SessionError::AgentsSeat { seat: 0, .. })
    ));
    s.play_thought(&thought).unwrap();
    assert_eq!(s.moves(), [thought.mv]);
}

#[test]
fn an_abandoned_search_has_ended_when_abandon_returns() {
    let mut s = session("diffusion");
    s.set_seat(0, "mcts(iterations=1000000000)").unwrap();
    let thinking = s.think().unwrap();
    let before = snapshot(&s);
    // Returns only once the search's thread is gone (else it would run
    // to its billion iterations).
    thinking.abandon();
    assert_eq!(snapshot(&s), before, "nothing played");
}

#[test]
fn a_move_thought_for_a_position_that_changed_is_refused() {
    let mut s = session("diffusion");
    let thinking = s.think().unwrap();
    s.play("D").unwrap();
    let before = snapshot(&s);
    assert!(matches!(s.finish(thinking), Err(SessionError::Stale)));
    assert_eq!(snapshot(&s), before);
}

#[test]
fn a_hint_searches_without_playing() {
    let mut s = session("diffusion");
    s.set_seat(0, "mcts(iterations=500)").unwrap();
    let hint = s.hint().unwrap();
    assert!(s.moves().is_empty());
    assert_eq!(
        (hint.seat, hint.agent.as_str()),
        (0, "mcts(iterations=500)")
    );
    let search = hint.search.unwrap();
    assert!((1..=500).contains(&search.iterations.unwrap()));
    assert_eq!(search.moves.len(), s.current().legal_moves().len());
    let shares: f64 = search.moves.iter().map(|m| m.share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    assert!((0.0..=1.0).contains(&search.value));
    // A human seat is hinted by the default MCTS.
    s.set_seat(0, "human").unwrap();
    assert_eq!(s.hint().unwrap().agent, "mcts");
    // Agents alone move only when asked.
    s.set_seat(0, "random(seed=2)").unwrap();
    s.set_seat(1, "random(seed=3)").unwrap();
    assert!(!s.human_seated());
    let played = s.agent_move().unwrap();
    assert_eq!(s.moves(), [played.mv]);
}

#[test]
fn a_finished_game_has_a_result_and_no_agent_moves() {
    let mut s = session("diffusion");
    s.setup("001200/001000 A").unwrap();
    s.play("d").unwrap();
    let over = s.result().unwrap();
    assert_eq!(
        over,
        GameOver {
            winners: vec![1],
            scores: vec![0.0, 1.0],
            result: "North wins".to_string(),
        }
    );
    assert!(matches!(s.think(), Err(SessionError::GameOver)));
    assert!(!s.agent_to_move());
    // The history starts at the setup position.
    assert!(s.record().start.is_some());
}

#[test]
fn the_state_serializes_as_the_repl_prints_it_and_reads_back() {
    let mut s = session("diffusion");
    s.play("D").unwrap();
    let state = s.state();
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(
        json,
        r#"{"game":"diffusion","params":{"width":6,"stones":4,"blocks":"halves"},"position":"445554/444054 B","to_move":1,"moves":["D"],"seats":["South","North"],"agents":["human","human"],"outcome":null}"#
    );
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    assert_eq!(state.params.get("width"), Some(&ParamValue::Int(6)));
    assert_eq!(
        state.params.get("blocks"),
        Some(&ParamValue::Text("halves".to_string()))
    );
    s.setup("001200/001000 A").unwrap();
    s.play("d").unwrap();
    let over = s.state();
    assert_eq!(over.to_move, None, "nobody is to move in a finished game");
    let json = serde_json::to_string(&over).unwrap();
    assert!(json.contains(r#""to_move":null"#), "{json}");
    assert!(
        json.ends_with(r#""outcome":{"winners":[1],"scores":[0.0,1.0],"result":"North wins"}}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), over);
}

#[test]
fn a_saved_game_loads_back_with_its_seats_and_the_rest_to_redo() {
    let mut s = session("diffusion(width=8)");
    s.play("D").unwrap();
    s.play("e").unwrap();
    s.set_seat(1, "random(seed=5)").unwrap();
    s.set_seed(7);
    let file = scratch("saved.json");
    s.save(&file).unwrap();
    let mut loaded = session("calcala");
    let report = loaded.load_file(&file, None, Some(1)).unwrap();
    assert_eq!((report.plies, report.moves), (1, 2));
    assert_eq!(loaded.current().spec(), "diffusion(width=8)");
    assert_eq!(loaded.moves(), ["D"]);
    assert_eq!(loaded.seed(), 7);
    assert_eq!(loaded.state().agents, ["human", "random(seed=5)"]);
    assert_eq!(loaded.redo(9).unwrap(), 1);
    assert_eq!(loaded.state(), s.state());
    // Record 2 of a file of one is refused, naming the file.
    let message = loaded.load_file(&file, Some(2), None).unwrap_err();
    assert!(message.to_string().ends_with("holds 1 records, not 2"));
    let _ = std::fs::remove_file(file);
}

/// The database of Diffusion width 4 (every `stones` setting), built
/// once per test binary.
fn width4_db() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let s = session("diffusion(width=4)");
        let solver = s.registry().solver("diffusion").unwrap();
        let table = solver.solve(s.current(), None, None).unwrap();
        let file = scratch("width4.db");
        table.save(&file).unwrap();
        file
    })
}

#[test]
fn exact_values_come_from_a_loaded_database() {
    let spec = "diffusion(width=4,stones=2)";
    let mut s = session(spec);
    assert!(matches!(s.solve(), Err(SessionError::NoDatabase { .. })));
    let file = width4_db();
    assert_eq!(
        s.load_table(file).unwrap().to_string(),
        "diffusion(width=4,blocks=halves), 1679616 positions"
    );
    let analysis = s.solve().unwrap();
    assert_eq!(analysis.moves.len(), s.current().legal_moves().len());
    // Best first, and the best moves keep the position's value.
    assert!(analysis
        .moves
        .windows(2)
        .all(|pair| pair[0].value.better(pair[1].value).is_le()));
    let best = &analysis.moves[0];
    assert!(best.best && best.value == analysis.value);
    assert_eq!(
        analysis.moves.iter().filter(|m| m.best).count(),
        analysis
            .moves
            .iter()
            .filter(|m| m.value == analysis.value)
            .count()
    );
    // After the best move the opponent faces its mirror image.
    s.play(&best.mv).unwrap();
    let after = s.solve().unwrap();
    assert_eq!(after.value.for_mover(), analysis.value);
    // Another variant: the database does not answer for it.
    s.new_game("diffusion").unwrap();
    let unsolved = s.solve().unwrap_err().to_string();
    assert!(unsolved.contains("not diffusion(width=6"), "{unsolved}");
    assert!(matches!(s.load_table(file), Err(SessionError::Database(_))));
    // A game without a solver.
    s.new_game("calcala").unwrap();
    assert!(matches!(s.solve(), Err(SessionError::NoSolver { .. })));
}

/// With a database loaded, a hint is perfect play's move read from it (no
/// search), an agent's move comes with the exact values it was chosen
/// among, and a recorded game is judged move by move.
#[test]
fn a_loaded_database_gives_exact_hints_and_judges_moves() {
    let mut s = session("diffusion(width=4)");
    assert!(s.exact_hint().is_none());
    s.load_table(width4_db()).unwrap();
    // `tabula solve --query "4444/4444 A"`: a and A win in 53, b loses in 52.
    let hint = s.hint().unwrap();
    assert_eq!((hint.mv.as_str(), hint.agent.as_str()), ("a", "database"));
    assert!(hint.search.is_none() && !hint.forced);
    let exact = hint.exact.unwrap();
    assert_eq!(exact.value, ExactValue::Result(Entry::win(53)));
    assert_eq!(exact, s.exact().unwrap());
    let lost = exact.judge("b").unwrap();
    assert_eq!(lost.played, ExactValue::Result(Entry::loss(52)));
    assert_eq!(lost.lost, Some(Lost::WonToLost));
    // An agent still plays by its own search, its thought judged beside it.
    s.set_seat(0, "random(seed=3)").unwrap();
    let thought = s.agent_move().unwrap();
    assert_eq!(thought.agent, "random(seed=3)");
    let judged = thought.exact.as_ref().unwrap().judge(&thought.mv).unwrap();
    assert_eq!(judged.position, ExactValue::Result(Entry::win(53)));
    s.set_seat(0, "human").unwrap();
    for mv in ["A", "b"] {
        if s.current().legal_moves().iter().any(|m| m == mv) {
            s.play(mv).unwrap();
        }
    }
    let record = s.record();
    let game = s.judge(&record).unwrap();
    assert_eq!(game.opening_plies, 0);
    assert_eq!(game.moves.len(), s.moves().len());
    assert_eq!(game.moves[0].judged, judged);
    // A session's record names the seats as they are now.
    assert_eq!(game.moves[0].agent.as_deref(), Some("human"));
    // Another variant: no exact hint, and its records are refused.
    s.new_game("diffusion").unwrap();
    assert!(s.exact_hint().is_none());
    s.play("D").unwrap();
    let refused = s.judge(&s.record()).unwrap_err().to_string();
    assert!(refused.contains("not diffusion(width=6"), "{refused}");
}

#[test]
fn margins_come_from_a_loaded_margin_database() {
    let mut s = session("kalah(pits=2,seeds=2)");
    assert!(s.scored() && s.solvable().is_ok());
    assert!(matches!(
        s.solve_margins(),
        Err(SessionError::NoDatabase { .. })
    ));
    let solver = s.registry().margin_solver("kalah").unwrap();
    let table = solver.solve(s.current(), None).unwrap();
    let file = scratch("kalah-2-2.db");
    table.save(&file).unwrap();
    assert_eq!(
        s.load_margins(&file).unwrap(),
        "kalah(pits=2,empty_capture=on) up to 8 seeds"
    );
    // Best first, as `tabula solve --query` gives them.
    let view = s.solve_margins().unwrap();
    assert_eq!(view.margin, -2);
    assert_eq!(view.moves, [("B".to_string(), -2), ("A".to_string(), -4)]);
    // B passes the turn: North secures what South gives away.
    s.play("B").unwrap();
    assert_eq!(s.solve_margins().unwrap().margin, 2);
    // Another variant, a win/loss game, a game with no solver at all.
    s.new_game("kalah(pits=3,seeds=1)").unwrap();
    assert!(matches!(
        s.solve_margins(),
        Err(SessionError::Unsolved { .. })
    ));
    assert!(s
        .load_margins(&file)
        .unwrap_err()
        .to_string()
        .contains("not kalah(pits=3"));
    s.new_game("diffusion").unwrap();
    assert!(!s.scored() && s.solvable().is_ok());
    assert!(matches!(
        s.solve_margins(),
        Err(SessionError::NoSolver { .. })
    ));
    s.new_game("oware").unwrap();
    let none = s.solvable().unwrap_err().to_string();
    assert!(none.contains("solvable: diffusion, kalah"), "{none}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn search_reports_name_proofs_from_the_seat_to_move() {
    let mut s = session("diffusion");
    // North to move and wins at once with d.
    s.setup("001200/001000 B").unwrap();
    let hint = s.hint().unwrap();
    let search = hint.search.unwrap();
    let winning: Vec<_> = search
        .moves
        .iter()
        .filter(|m| m.proven == Some(Proof::Win))
        .collect();
    assert!(!winning.is_empty(), "{search:?}");
    assert_eq!(search.proven, Some(Proof::Win));
}

/// A session of Nim (take 1 to 3; the last stone wins) from `position`
/// (`LEFT SEAT`, seat from 1): small enough to know every answer.
fn nim(position: &str) -> Session {
    let registry = tabula::Registry::builder()
        .game::<tabula_testkit::test_games::Nim>()
        .build();
    let game = registry.create("nim").unwrap();
    let mut session = Session::new(registry, game);
    session.setup(position).unwrap();
    session
}

#[test]
fn agents_move_by_one_rule() {
    let mut s = session("diffusion");
    s.set_seat(1, "random(seed=3)").unwrap();
    // South (a person) moves; North's agent is due at once.
    assert!(!s.agent_due());
    s.play("D").unwrap();
    assert!(s.agent_due());
    // A person's move for the agent's seat is refused, the game unchanged.
    let before = snapshot(&s);
    let refused = s.play("e").unwrap_err();
    assert_eq!(
        refused.to_string(),
        "it is seat 2 (North)'s turn, and random(seed=3) plays it"
    );
    assert_eq!(snapshot(&s), before);
    // `reply` lets the agents due play until a person is to move.
    let replies = s.reply().unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!((replies[0].seat, s.moves().len()), (1, 2));
    assert!(!s.agent_due() && s.reply().unwrap().is_empty());
    // An agent playing the person's seat (`ai`) is answered too.
    s.agent_move().unwrap();
    assert!(s.agent_due());
    s.reply().unwrap();
    assert_eq!(s.moves().len(), 4);
    // Taking back one move leaves the agent to move: it is due again.
    s.undo(1).unwrap();
    assert!(s.agent_due());
    s.undo(1).unwrap();
    assert!(!s.agent_due());
    s.redo(1).unwrap();
    assert!(s.agent_due());
    // Paused, it waits; a person still may not move for it.
    s.set_paused(true);
    assert!(!s.agent_due() && s.paused());
    assert!(s.reply().unwrap().is_empty());
    assert!(matches!(s.play("e"), Err(SessionError::AgentsSeat { .. })));
    s.set_paused(false);
    assert!(s.agent_due());
    // Agents alone are never due: only an explicit request moves them.
    s.set_seat(0, "random(seed=4)").unwrap();
    assert!(s.agent_to_move() && !s.agent_due());
    // A position set up or a game begun with the agent to move: due.
    s.set_seat(0, "human").unwrap();
    s.setup("445554/444054 B").unwrap();
    assert!(s.agent_due());
    s.set_seat(1, "human").unwrap();
    assert!(!s.agent_due(), "a person took the seat over");
    s.set_seat(1, "random(seed=4)").unwrap();
    assert!(s.agent_due(), "seating an agent on the seat to move");
    // A new game whose first seat is an agent's.
    s.set_seat(1, "human").unwrap();
    s.set_seat(0, "random(seed=4)").unwrap();
    s.new_game("diffusion(width=4)").unwrap();
    assert!(s.agent_due());
}

#[test]
fn a_move_thought_for_another_seat_is_refused() {
    let mut s = session("diffusion");
    let thought = s.hint().unwrap();
    s.play("D").unwrap();
    let before = snapshot(&s);
    assert!(matches!(s.play_thought(&thought), Err(SessionError::Stale)));
    assert_eq!(snapshot(&s), before);
}

#[test]
fn the_only_legal_move_is_reported_as_forced() {
    let mut one = nim("1 1");
    assert_eq!(one.current().legal_moves().len(), 1);
    let thought = one.hint().unwrap();
    assert!(thought.forced, "{thought:?}");
    let mut three = nim("3 1");
    assert!(!three.hint().unwrap().forced);
}
