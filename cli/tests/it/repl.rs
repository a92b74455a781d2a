//! The `tabula` binary driven by scripts on stdin, as a user would.

use crate::common::{tabula, Run};

fn last_state(run: &Run) -> serde_json::Value {
    let line = run
        .stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .expect("a state line");
    serde_json::from_str(line).unwrap()
}

#[test]
fn scripted_session_prints_state_json() {
    let run = tabula(&["play"], "new diffusion\nplay D\nstate\n");
    assert!(run.ok, "{}", run.stderr);
    let state = last_state(&run);
    assert_eq!(state["game"], "diffusion");
    assert_eq!(state["position"], "445554/444054 B");
    // Seats count from 0 in JSON, named beside: North is to move.
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["seats"], serde_json::json!(["South", "North"]));
    assert_eq!(state["moves"], serde_json::json!(["D"]));
    assert_eq!(state["outcome"], serde_json::Value::Null);
    assert_eq!(state["params"]["width"], 6);
}

#[test]
fn errors_are_reported_and_the_session_goes_on() {
    let run = tabula(
        &["play"],
        "play Z\nfrobnicate\nudno\nC3\nplay D\nundo\nundo\nstate\n",
    );
    assert!(!run.ok, "a failed command makes the exit code non-zero");
    assert!(run.stderr.contains("`Z` is not a move"), "{}", run.stderr);
    // A word that is no command and no move explains the move notation.
    assert!(
        run.stderr.contains("`frobnicate` is not a move: expected"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("`C3` is not a move: expected"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("unknown command `udno`; did you mean `undo`?"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("nothing to undo"), "{}", run.stderr);
    assert_eq!(last_state(&run)["position"], "444444/444444 A");
}

#[test]
fn finished_game_shows_the_winner() {
    let run = tabula(
        &["play", "diffusion"],
        "setup 001200/001000 A\nplay d\nstate\nplay c\n",
    );
    let state = last_state(&run);
    assert_eq!(state["outcome"]["winners"], serde_json::json!([1]));
    assert_eq!(
        state["to_move"],
        serde_json::Value::Null,
        "nobody moves any more"
    );
    assert_eq!(state["outcome"]["result"], "North wins");
    assert!(
        run.stdout.contains("game over: North wins"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("the game is over"), "{}", run.stderr);
}

#[test]
fn agents_reply_and_go_finishes_the_game() {
    let script = "agent 2 mcts(iterations=200)\nplay D\nagent 1 random(seed=4)\ngo\nstate\n";
    let run = tabula(&["play"], script);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("North (mcts(iterations=200)) plays"),
        "{}",
        run.stdout
    );
    assert!(last_state(&run)["outcome"].is_object());
    let again = tabula(&["play"], script);
    assert_eq!(
        run.stdout
            .lines()
            .filter(|l| !l.contains(" s, "))
            .collect::<Vec<_>>(),
        again
            .stdout
            .lines()
            .filter(|l| !l.contains(" s, "))
            .collect::<Vec<_>>(),
        "same seeds, same game"
    );
}

#[test]
fn unknown_game_and_parameters_list_the_choices() {
    let run = tabula(&["play"], "new chess\nnew diffusion(depth=3)\nnew diffusion(width=7)\nagent 3 random\nagent 1 alphago\n");
    assert!(
        run.stderr
            .contains("unknown game `chess`; choose one of: diffusion"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("its parameters are: width, stones, blocks"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("an even number"), "{}", run.stderr);
    assert!(run.stderr.contains("no seat `3`"), "{}", run.stderr);
    assert!(
        run.stderr.contains("unknown agent `alphago`"),
        "{}",
        run.stderr
    );
    let bad = tabula(&["play", "nope"], "");
    assert!(!bad.ok);
}

#[test]
fn save_and_load_round_trip() {
    let dir = std::env::temp_dir().join(format!("tabula-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let file = file.to_str().unwrap();
    let run = tabula(
        &["play"],
        &format!("new diffusion(width=8)\nD\ne\nagent 2 random(seed=2)\nsave {file}\n"),
    );
    assert!(run.ok, "{}", run.stderr);
    let loaded = tabula(
        &["play"],
        &format!(
            "load {file}\nstate\nagent\nload {file} 1\nstate\npause\nload {file} 1\nstate\nredo\nstate\n"
        ),
    );
    assert!(loaded.ok, "{}", loaded.stderr);
    let states: Vec<serde_json::Value> = loaded
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(states[0]["moves"], serde_json::json!(["D", "e"]));
    assert_eq!(states[0]["params"]["width"], 8);
    // North's agent is to move after one ply: it plays at once...
    assert_eq!(states[1]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(states[1]["moves"][0], "D");
    // ...unless agents are paused, when `redo` steps through the record.
    assert_eq!(states[2]["moves"], serde_json::json!(["D"]));
    assert_eq!(states[3]["moves"], serde_json::json!(["D", "e"]));
    assert!(
        loaded.stdout.contains("seat 2 (North): random(seed=2)"),
        "{}",
        loaded.stdout
    );

    let text = std::fs::read_to_string(file).unwrap();
    let log = dir.join("games.jsonl");
    std::fs::write(&log, format!("{text}{text}")).unwrap();
    let log = log.to_str().unwrap();
    let picked = tabula(
        &["play"],
        &format!("pause\nload {log}\nload {log}#2 1\nstate\nload {log}#3\n"),
    );
    assert!(
        picked.stderr.contains("holds 2 records; pick one"),
        "{}",
        picked.stderr
    );
    assert!(
        picked.stderr.contains("holds 2 records, not 3"),
        "{}",
        picked.stderr
    );
    assert_eq!(last_state(&picked)["moves"], serde_json::json!(["D"]));

    std::fs::write(
        file,
        text.replace("\"e\"", "\"a\"")
            .replace("\"D\"", "\"D\",\"D\""),
    )
    .unwrap();
    let tampered = tabula(&["play"], &format!("load {file}\nstate\n"));
    assert!(
        tampered.stderr.contains("record ply 2"),
        "{}",
        tampered.stderr
    );
    assert_eq!(
        last_state(&tampered)["moves"],
        serde_json::json!([]),
        "a failed load leaves the session alone"
    );
    std::fs::write(file, "{not json").unwrap();
    assert!(tabula(&["play"], &format!("load {file}\n"))
        .stderr
        .contains("not a Tabula record"));
    std::fs::write(file, text.replace("\"version\":1", "\"version\":99")).unwrap();
    assert!(tabula(&["play"], &format!("load {file}\n"))
        .stderr
        .contains("version 99 is not supported"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_perft_and_bench() {
    let list = tabula(&["list"], "");
    assert!(
        list.stdout.contains("diffusion") && list.stdout.contains("width=6 (4..12)"),
        "{}",
        list.stdout
    );
    let perft = tabula(&["perft", "diffusion", "3"], "");
    assert!(perft.stdout.contains("perft 1: 12 "), "{}", perft.stdout);
    // A's move empties one pit, so B has 11 replies to each of A's 12 moves.
    assert!(perft.stdout.contains("perft 2: 132 "), "{}", perft.stdout);
    let bad = tabula(&["perft", "diffusion", "2", "--position", "bad"], "");
    assert!(!bad.ok && bad.stderr.contains("bad position"));
    // Two threads, a tree each (the default) or one shared tree.
    let bench_json = |parallel: &str| {
        let args = [
            "bench",
            "diffusion",
            "--seconds",
            "0.05",
            "--threads",
            "2",
            "--parallel",
            parallel,
            "--json",
        ];
        let run = tabula(&args, "");
        assert!(run.ok, "{}", run.stderr);
        serde_json::from_str::<serde_json::Value>(&run.stdout).unwrap()
    };
    let report = bench_json("root");
    assert!(report["games"][0]["random_plies_per_sec"].as_f64().unwrap() > 0.0);
    assert!(!report["machine"]["model"].as_str().unwrap().is_empty());
    let shared = bench_json("tree");
    let bytes = |r: &serde_json::Value| r["games"][0]["bytes_per_node"].as_u64().unwrap();
    assert!(
        shared["games"][0]["mcts_iterations_per_sec"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(
        bytes(&shared) > bytes(&report),
        "the shared tree's nodes hold atomic statistics"
    );
    let bad = tabula(&["bench", "diffusion", "--parallel", "leaf"], "");
    assert!(!bad.ok && bad.stderr.contains("leaf"), "{}", bad.stderr);
    let table = tabula(&["bench", "diffusion", "--seconds", "0.05"], "");
    assert!(table.ok, "{}", table.stderr);
    assert!(
        table.stdout.starts_with("cpu: ") && table.stdout.contains("built with: "),
        "{}",
        table.stdout
    );
}

#[test]
fn with_no_human_seated_only_ai_and_go_move() {
    let run = tabula(
        &["play"],
        "agent 1 random(seed=1)\nagent 2 random(seed=2)\nnew diffusion\nstate\nai\nstate\n",
    );
    assert!(run.ok, "{}", run.stderr);
    let states: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        states[0]["moves"],
        serde_json::json!([]),
        "`new` plays nothing"
    );
    assert_eq!(
        states[1]["moves"].as_array().unwrap().len(),
        1,
        "`ai` plays one move"
    );
}

#[test]
fn agent_kinds_are_listed_from_their_parameter_tables() {
    let listing = tabula(&["agents"], "");
    assert!(listing.ok, "{}", listing.stderr);
    for word in [
        "human",
        "random",
        "mcts",
        "max_nodes",
        "reuse",
        "threads",
        "seed",
    ] {
        assert!(
            listing.stdout.contains(word),
            "`{word}` missing:\n{}",
            listing.stdout
        );
    }
    let run = tabula(&["play"], "agents\nhelp\nhelp mcts\n");
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains(&listing.stdout), "`agents` in the REPL");
    assert!(
        run.stdout
            .contains("agents: human, random, greedy, mcts, alphabeta, engine"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("max_nodes=20000000"), "{}", run.stdout);
}

#[test]
fn agent_errors_name_the_agent_that_was_written() {
    let run = tabula(
        &["play"],
        "agent 2 random(seed=abc)\nagent 2 mcts(depth=2)\n",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("random: bad value `abc` for `seed`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("mcts has no parameter `depth`"),
        "{}",
        run.stderr
    );
}

/// Budgets that end before the first iteration still play a move, with
/// any number of threads (these panicked).
#[test]
fn tiny_time_budgets_play_moves() {
    let script = "agent 2 mcts(time=2ms,threads=2)\nagent 1 mcts(time=0.000001s)\nai\n\
                  agent 1 mcts(time=1ms,threads=16)\ngo 6\nstate\n";
    let run = tabula(&["play"], script);
    assert!(run.ok, "{}", run.stderr);
    let state = last_state(&run);
    assert_eq!(
        state["moves"].as_array().unwrap().len(),
        7,
        "{}",
        run.stdout
    );
    assert_eq!(
        state["agents"],
        serde_json::json!(["mcts(time=1ms,threads=16)", "mcts(time=2ms,threads=2)"])
    );
}

/// `go` lets the seated agents play until a human is to move; it never
/// plays a human's seat unless told `go all`.
#[test]
fn go_respects_the_human_seat() {
    let run = tabula(
        &["play"],
        "go\nagent 2 random(seed=1)\nD\ngo\nstate\ngo all 3\nstate\n",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("seat 1 (South) is played by you") && run.stderr.contains("`go all`"),
        "{}",
        run.stderr
    );
    let states: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // D, then random's reply; `go` with A (human) to move plays nothing.
    assert_eq!(states[0]["moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        states[1]["moves"].as_array().unwrap().len(),
        5,
        "`go all 3`"
    );
}

/// Seating an agent on the side to move while a human plays makes it move.
#[test]
fn an_agent_seated_on_the_side_to_move_plays_at_once() {
    let run = tabula(&["play"], "D\nagent 2 random(seed=3)\nstate\n");
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("North (random(seed=3)) plays"),
        "{}",
        run.stdout
    );
    assert_eq!(last_state(&run)["moves"].as_array().unwrap().len(), 2);
    let alone = tabula(&["play"], "agent 2 random\nagent 1 random\nstate\n");
    assert!(
        alone.stdout.contains("`ai` plays one move"),
        "{}",
        alone.stdout
    );
    assert_eq!(last_state(&alone)["moves"], serde_json::json!([]));
}

/// One rule: whenever a command leaves an agent's seat to move while a
/// person is seated, that agent plays at once, unless agents are paused;
/// a typed move for an agent's seat is refused.
#[test]
fn agents_move_by_one_rule_after_every_command() {
    let moves = |run: &crate::common::Run| -> Vec<usize> {
        run.stdout
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| {
                let state: serde_json::Value = serde_json::from_str(l).unwrap();
                state["moves"].as_array().unwrap().len()
            })
            .collect()
    };
    let north = "North (random(seed=3)) plays";
    // `ai` on the person's seat: North's agent answers.
    let ai = tabula(&["play"], "agent 2 random(seed=3)\nai\nstate\n");
    assert!(ai.ok, "{}", ai.stderr);
    assert!(
        ai.stdout.contains("South (mcts) plays") && ai.stdout.contains(north),
        "{}",
        ai.stdout
    );
    assert_eq!(moves(&ai), [2]);
    // `undo` leaving North to move: it plays again at once; `redo` too.
    let undo = tabula(
        &["play"],
        "agent 2 random(seed=3)\nD\nundo\nstate\nundo 2\nredo\nstate\n",
    );
    assert!(undo.ok, "{}", undo.stderr);
    assert_eq!(undo.stdout.matches(north).count(), 3, "{}", undo.stdout);
    assert_eq!(moves(&undo), [2, 2]);
    // `setup` and `new` with the agent to move.
    let jump = tabula(
        &["play"],
        "agent 2 random(seed=3)\nsetup 445554/444054 B\nstate\nagent 1 random(seed=1)\nagent 2 human\nnew diffusion(width=4)\nstate\n",
    );
    assert!(jump.ok, "{}", jump.stderr);
    assert_eq!(moves(&jump)[0], 1);
    assert!(
        jump.stdout.contains("South (random(seed=1)) plays"),
        "{}",
        jump.stdout
    );
    // Paused, agents wait; a typed move for the agent's seat is refused
    // with whose seat it is and how to take it over; `resume` lets it move.
    let paused = tabula(
        &["play"],
        "agent 2 random(seed=3)\npause\nD\nstate\ne\nstate\nresume\nstate\n",
    );
    assert!(!paused.ok);
    assert!(
        paused.stderr.contains(
            "it is seat 2 (North)'s turn, and random(seed=3) plays it: `ai` lets it move, `agent 2 human` takes the seat over"
        ),
        "{}",
        paused.stderr
    );
    assert_eq!(moves(&paused), [1, 1, 2]);
    assert!(paused.stdout.contains("agents paused"), "{}", paused.stdout);
    // `help` says the rule; `help agent` in full.
    let help = tabula(&["play"], "help\nhelp agent\n");
    // Wrapped to the terminal's width: compared word by word.
    let words = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("when agents move: whenever a command"),
        "{words}"
    );
    assert!(
        words.contains("that agent plays at once, unless agents are paused"),
        "{words}"
    );
}

#[test]
fn moves_with_a_prefix_lists_those_that_start_with_it() {
    let run = tabula(
        &["play"],
        "new calcala\nmoves C3\nmoves a1\nmoves Q9\nmoves A1 B2\n",
    );
    assert!(!run.ok);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[1], "C3-N C3-NE C3-E C3-SE C3-S C3-SW C3-W C3-NW",
        "{}",
        run.stdout
    );
    assert_eq!(
        lines[2], "A1-E A1-SE A1-S",
        "any case when none match exactly"
    );
    assert!(
        run.stderr
            .contains("no legal move starts with `Q9` (220 legal moves here; `moves` lists them)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("usage: moves [PREFIX]"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_file_that_holds_no_records_is_named_once() {
    let dir = std::env::temp_dir().join(format!("tabula-notes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let notes = dir.join("NOTES.md");
    std::fs::write(&notes, "# Notes\n\nsome text\n\nmore text\n").unwrap();
    let notes = notes.to_str().unwrap();
    let run = tabula(&["play"], &format!("load {notes}\nload {notes}#2\nstate\n"));
    let said = format!("{notes} is not a Tabula record file");
    assert_eq!(run.stderr.matches(&said).count(), 2, "{}", run.stderr);
    assert_eq!(
        run.stderr.lines().count(),
        2,
        "one line each: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("holds"), "{}", run.stderr);
    assert_eq!(last_state(&run)["moves"], serde_json::json!([]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hint_says_what_its_numbers_are() {
    let run = tabula(&["play"], "pause\nagent 1 mcts(iterations=300)\nhint\n");
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "values are South's expected score (0 to 1): the position's is the mean of all"
        ),
        "{}",
        run.stdout
    );
    let header = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("move"))
        .unwrap();
    let columns: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(columns, ["move", "visits", "share", "value"]);
}

#[test]
fn history_moves_and_messages_read_well() {
    let run = tabula(
        &["play"],
        "D\ne\nC\nhistory\nundo\nundo 2\nsetup 001200/001000 A\nplay d\nmoves\nagent 1 random\nnew calcala(players=3)\n",
    );
    assert!(run.stdout.contains("  1. D  e\n  2. C"), "{}", run.stdout);
    assert!(run.stdout.contains("took back 1 move\n"), "{}", run.stdout);
    assert!(run.stdout.contains("took back 2 moves\n"), "{}", run.stdout);
    assert!(
        run.stderr.contains("no moves: game over: North wins"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout
            .contains("this game has 3 players: every seat is human again"),
        "{}",
        run.stdout
    );
    let setup = tabula(&["play"], "setup 445554/444054 B\ne\nD\nhistory\n");
    assert!(
        setup.stdout.contains("  1. ..  e\n  2. D"),
        "{}",
        setup.stdout
    );
}

/// Hundreds of stage-2 moves are listed one line per stone.
#[test]
fn long_move_lists_are_grouped_by_origin() {
    let run = tabula(&["play", "grid-diffusion"], "go all 26\nmoves\n");
    assert!(run.ok, "{}", run.stderr);
    let listing = run
        .stdout
        .rsplit_once("moves:\n")
        .map(|(_, l)| l)
        .unwrap_or("");
    let lines: Vec<&str> = listing.lines().collect();
    assert!(lines.len() > 5, "{}", run.stdout);
    for line in lines.iter().filter(|l| **l != "pass") {
        let origin = line
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap();
        assert!(
            line.split(' ')
                .all(|mv| mv.starts_with(&format!("{origin}:"))
                    || mv.starts_with(&format!("{origin}-"))),
            "one origin per line: {line}"
        );
    }
}

/// How often a run's output says a game ended.
fn results_told(output: &str) -> usize {
    output.to_ascii_lowercase().matches("game over").count()
}

/// Every way a game can end says its result exactly once, with boards
/// (`--transcript`, as a terminal shows it) and without (scripts).
#[test]
fn the_result_is_told_once_on_every_path() {
    let dir = std::env::temp_dir().join(format!("tabula-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("over.json");
    let saved = saved.to_str().unwrap();
    let mcts = "mcts(iterations=500)";
    let both_random = "agent 1 random(seed=1)\nagent 2 random(seed=2)\n";
    let paths: Vec<(&str, &str, String, usize)> = vec![
        (
            "a move",
            "diffusion",
            "setup 000100/001000 A\nC\n".into(),
            1,
        ),
        // South plays A; North's only stone in its block, d, empties it.
        (
            "an agent's reply",
            "diffusion",
            format!("agent 2 {mcts}\nsetup 000100/100000 A\nA\n"),
            1,
        ),
        (
            "an agent seated on the side to move",
            "diffusion",
            format!("setup 000100/010000 B\nagent 2 {mcts}\n"),
            1,
        ),
        ("ai", "diffusion", "setup 000100/001000 A\nai\n".into(), 1),
        (
            "go",
            "diffusion(width=4,stones=1)",
            format!("{both_random}go\n"),
            1,
        ),
        (
            "go all",
            "diffusion(width=4,stones=1)",
            "go all\n".into(),
            1,
        ),
        (
            "undo and redo",
            "diffusion",
            format!("setup 000100/001000 A\nC\nsave {saved}\nundo\nredo\n"),
            2,
        ),
        ("go in differo", "differo", format!("{both_random}go\n"), 1),
        (
            "go in grid diffusion",
            "grid-diffusion(size=5x5,stones=5)",
            format!("{both_random}go\n"),
            1,
        ),
        (
            "go in calcala",
            "calcala(players=3,setup=short)",
            format!("{both_random}agent 3 random(seed=3)\ngo\n"),
            1,
        ),
    ];
    for (what, game, script, ends) in &paths {
        for mode in [&["play", game][..], &["play", "--transcript", game][..]] {
            let run = tabula(mode, script);
            assert!(run.ok, "{what}: {}", run.stderr);
            assert_eq!(
                results_told(&run.stdout),
                *ends,
                "{what} ({mode:?}) tells the result once per end:\n{}",
                run.stdout
            );
        }
    }
    // Loading a finished game tells its result once.
    for mode in [&["play"][..], &["play", "--transcript"][..]] {
        let run = tabula(mode, &format!("load {saved}\n"));
        assert!(run.ok, "{}", run.stderr);
        assert_eq!(results_told(&run.stdout), 1, "load:\n{}", run.stdout);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With 3-4 Calcala players the board shows only the last move's path:
/// every earlier move since the last board is told in words under its
/// `plays` line. Scripts (no boards) get only the `plays` lines.
#[test]
fn calcala_tells_every_move_since_the_last_board() {
    let script = "agent 2 random(seed=1)\nagent 3 random(seed=2)\nC3-SE\n";
    let run = tabula(&["play", "--transcript", "calcala(players=3)"], script);
    assert!(run.ok, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let plays: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("player ") && lines[i].contains(" plays "))
        .collect();
    assert_eq!(plays.len(), 3, "{}", run.stdout);
    assert!(
        lines[plays[0] + 1].starts_with("  C3 (2) → D4 E5"),
        "the human's own move is told: {}",
        run.stdout
    );
    let second = lines[plays[1]].rsplit(' ').next().unwrap();
    let pit = second.split('-').next().unwrap();
    assert!(
        lines[plays[1] + 1].starts_with(&format!("  {pit} (")),
        "player 2's path under its line:\n{}",
        run.stdout
    );
    // The last move's path is on the board, not told twice.
    let third = lines[plays[2]].split(" plays ").nth(1).unwrap();
    let third = third.split_whitespace().next().unwrap();
    assert_eq!(
        lines[plays[2] + 1].trim(),
        "A   B   C   D   E   F",
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches(&format!("{third}: ")).count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("Last move: player 3 {third}: ")),
        "{}",
        run.stdout
    );
    let scripted = tabula(&["play", "calcala(players=3)"], script);
    assert!(!scripted.stdout.contains('→'), "{}", scripted.stdout);
}

/// Diffusion's seats are South (lower row, moves first) and North, names
/// that cannot be read as the pits A-F and a-f; position texts keep A/B.
#[test]
fn diffusion_seats_are_south_and_north() {
    let run = tabula(
        &["play"],
        "agent north random(seed=1)\nD\nagent\nposition\nagent b human\n",
    );
    assert!(!run.ok, "`b` is a pit, not a seat");
    for said in [
        "seat 2 (North): random(seed=1)",
        "South plays D",
        "North (random(seed=1)) plays",
        "seat 1 (South): human",
    ] {
        assert!(run.stdout.contains(said), "`{said}`:\n{}", run.stdout);
    }
    assert!(
        run.stdout
            .lines()
            .any(|l| l.ends_with(" A") && l.contains('/')),
        "South to move is `A` in the position text:\n{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("seats are 1 (South), 2 (North)"),
        "{}",
        run.stderr
    );
}

#[test]
fn show_svg_saves_the_board_as_a_picture() {
    let dir = std::env::temp_dir().join(format!("tabula-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let file = file.to_str().unwrap();
    let missing = dir.join("no/such/dir/board.svg");
    let run = tabula(
        &["play"],
        &format!(
            "D\nshow --svg {file}\nshow --svg\nshow --svgz x\nshow --svg {}\n",
            missing.display()
        ),
    );
    assert!(
        run.stdout
            .contains(&format!("saved the board as an SVG picture to {file}")),
        "{}",
        run.stdout
    );
    let svg = std::fs::read_to_string(file).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">Last move: South D "), "{svg}");
    assert!(svg.contains(">North to move</text>"), "{svg}");
    assert_eq!(
        run.stderr.matches("usage: show [--svg FILE]").count(),
        2,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("cannot write"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `go` without a count stops at its limit in a game random agents never
/// finish, and says so; a count beyond the most `go` plays is refused.
#[test]
fn go_stops_at_its_limit() {
    let script = "agent 1 random\nagent 2 random\ngo\ngo 1000001\n";
    let run = crate::common::tabula(&["play", "grid-diffusion(size=19x19,stones=180)"], script);
    assert!(
        run.stdout
            .contains("stopped after 1000 moves, the limit of one `go`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("go plays at most 1000000 moves"),
        "{}",
        run.stderr
    );
}

/// An agent that cannot play is refused when seated, not at its first
/// move; a new game makes human the seats whose agent cannot play it.
#[test]
fn agents_are_checked_when_seated_and_on_a_new_game() {
    let db = crate::common::width4_db();
    let script = format!(
        "agent 2 engine(cmd=no-such-program-xyz)\nagent 2 perfect(db={db})\nnew diffusion\nagent\n"
    );
    let run = crate::common::tabula(&["play", "diffusion(width=4)"], &script);
    assert!(run.stderr.contains("not found on PATH"), "{}", run.stderr);
    assert!(
        run.stdout.contains("seat 2 (North): perfect"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("seat 2 (North) is human again: perfect"),
        "{}",
        run.stdout
    );
}
