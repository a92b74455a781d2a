//! The interactive REPL in a pseudo-terminal, as a person uses it: Ctrl-C
//! stops a search (the agent plays its best move so far) without ending
//! the program, the live line shows the search, a second Ctrl-C at the
//! prompt leaves cleanly, and the history is saved as commands are typed.

use std::process::Command;

use rexpect::reader::Options;
use rexpect::session::{spawn_with_options, PtySession};

use crate::common::HANG;

fn start(home: &std::path::Path) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .current_dir(home)
        .arg("play")
        .env("HOME", home)
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    spawn_with_options(
        command,
        Options::new()
            .timeout_ms(Some(HANG.as_millis() as u64))
            .strip_ansi_escape_codes(true),
    )
    .expect("tabula starts in a pseudo-terminal")
}

#[test]
fn ctrl_c_stops_the_search_and_keeps_the_session() {
    let home = std::env::temp_dir().join(format!("tabula-pty-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut repl = start(&home);
    repl.exp_string("type `help` for commands").unwrap();
    repl.send_line("agent 2 mcts(time=600s)").unwrap();
    repl.exp_string("seat 2 (North): mcts(time=600s)").unwrap();
    repl.send_line("D").unwrap();
    repl.exp_string("South plays D").unwrap();
    // The live line: time, iterations, the best move so far.
    repl.exp_string("thinking").unwrap();
    repl.exp_string("best").unwrap();
    repl.send_control('c').unwrap();
    // The search answers with its move at once; the game goes on.
    repl.exp_string("North (mcts(time=600s)) plays").unwrap();
    repl.exp_string("[South]>").unwrap();
    repl.send_line("history").unwrap();
    repl.exp_string("1. D").unwrap();
    // Ctrl-C is a key only at the prompt (the terminal is raw there);
    // pressed while a command still runs, it is a stop for that command.
    repl.exp_string("[South]>").unwrap();
    // The history file holds what was typed before the program ends.
    let saved = std::fs::read_to_string(home.join(".tabula_history")).unwrap();
    assert!(saved.contains("agent 2 mcts(time=600s)"), "{saved}");
    repl.send_control('c').unwrap();
    repl.exp_string("Ctrl-C again").unwrap();
    repl.send_control('c').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn go_stops_after_the_current_move_on_ctrl_c() {
    let home = std::env::temp_dir().join(format!("tabula-pty-go-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut repl = start(&home);
    repl.exp_string("type `help` for commands").unwrap();
    repl.send_line("agent 2 mcts(time=600s)").unwrap();
    repl.exp_string("seat 2 (North)").unwrap();
    repl.send_line("agent 1 mcts(time=600s)").unwrap();
    repl.exp_string("`go` lets the agents play on").unwrap();
    repl.send_line("go").unwrap();
    repl.exp_string("thinking").unwrap();
    repl.send_control('c').unwrap();
    repl.exp_string("stopped (Ctrl-C) after 1 move").unwrap();
    repl.exp_string("[North]>").unwrap();
    repl.send_line("quit").unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn tab_lists_the_candidates_and_completes_file_names() {
    let home = std::env::temp_dir().join(format!("tabula-pty-tab-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("saved-game.json"), "").unwrap();
    let mut repl = start(&home);
    repl.exp_string("type `help` for commands").unwrap();
    // Several candidates: a second Tab lists them all below the line.
    repl.send("se\t\t").unwrap();
    repl.flush().unwrap();
    // (in the command table's order)
    repl.exp_string("setup").unwrap();
    repl.exp_string("seed").unwrap();
    repl.send_control('u').unwrap();
    // One file in the working directory: `load` completes its name.
    repl.send("load sav\t").unwrap();
    repl.flush().unwrap();
    repl.exp_string("saved-game.json").unwrap();
    repl.send_line("").unwrap();
    repl.exp_string("is empty").unwrap();
    repl.send_line("quit").unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}
