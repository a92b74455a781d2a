//! The example's command line is the whole `tabula` command with the new
//! game and agent kind registered beside the shipped ones: it lists them,
//! and plays tic-tac-toe in the REPL and in a tournament.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tabula-tictactoe ARGS` with `stdin`; returns (success, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula-tictactoe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula-tictactoe starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_new_game_and_agent_sit_beside_the_shipped_ones() {
    let (ok, games, _) = run(&["list"], "");
    assert!(ok);
    for name in ["tictactoe", "diffusion", "differo"] {
        assert!(games.contains(name), "{name} missing from:\n{games}");
    }
    let (ok, agents, _) = run(&["agents"], "");
    assert!(ok);
    for kind in ["opportunist", "mcts", "random"] {
        assert!(agents.contains(kind), "{kind} missing from:\n{agents}");
    }
}

#[test]
fn the_repl_plays_tictactoe_to_its_end() {
    // X takes the top row while O answers in the middle row.
    let (ok, out, err) = run(&["play", "tictactoe"], "a1\na2\nb1\nb2\nc1\nstate\n");
    assert!(ok, "{err}");
    let state = out.lines().last().unwrap();
    assert!(
        state.contains("\"result\":\"X wins\""),
        "{state}\n{out}\n{err}"
    );
}
