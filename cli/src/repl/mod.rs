//! The read-eval-print loop: interactive with line editing when stdin is a
//! terminal, plain line-by-line (no prompt, no colour) when it is not, so
//! sessions can be scripted.

mod commands;
mod complete;
mod session;
mod solve;

use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::rc::Rc;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use tabula::render::{paint, Style};
use tabula::Registry;

pub use commands::{execute, state_json, Display, Flow, COMMANDS};
use complete::{ReplHelper, Words};
pub use session::Session;

/// Runs the REPL on `game` (the first registered game if `None`).
pub fn run(registry: Registry, game: Option<&str>) -> ExitCode {
    let spec = game
        .map(str::to_string)
        .unwrap_or_else(|| registry.names()[0].clone());
    let game = match registry.create(&spec) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut session = Session::new(registry, game);
    let ok = if io::stdin().is_terminal() {
        interactive(&mut session)
    } else {
        scripted(&mut session, io::stdin().lock())
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads commands line by line; returns whether every command succeeded.
pub fn scripted(session: &mut Session, input: impl BufRead) -> bool {
    let display = Display {
        color: false,
        boards: false,
    };
    let mut ok = true;
    let stdout = io::stdout();
    for line in input.split(b'\n') {
        let Ok(bytes) = line else { break };
        let line = String::from_utf8_lossy(&bytes);
        let mut out = stdout.lock();
        match execute(session, &line, &display, &mut out) {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(e) => {
                ok = false;
                let _ = out.flush();
                eprintln!("error: {e}");
            }
        }
    }
    ok
}

/// An interactive session; only a broken terminal counts as failure.
fn interactive(session: &mut Session) -> bool {
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let display = Display {
        color,
        boards: true,
    };
    let words = Rc::new(RefCell::new(Words::default()));
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::new() {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("error: cannot start line editing ({e}); reading plain lines");
            return scripted(session, io::stdin().lock());
        }
    };
    editor.set_helper(Some(ReplHelper {
        words: Rc::clone(&words),
    }));
    let history =
        std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(".tabula_history"));
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!("Tabula: type `help` for commands, `games` for games, a move to play it.");
    println!(
        "game: {}\n{}",
        session.current().spec(),
        session.board(color)
    );
    let mut ok = true;
    loop {
        {
            let mut w = words.borrow_mut();
            w.games = session.registry.names();
            w.agents = session
                .registry
                .agent_names()
                .into_iter()
                .map(|name| {
                    let params = session
                        .registry
                        .agent_kinds()
                        .find(|k| k.name == name)
                        .map(|k| k.params.iter().map(|p| p.name.to_string()).collect())
                        .unwrap_or_default();
                    (name, params)
                })
                .collect();
            w.moves = session.current().legal_moves();
        }
        let game = session.current();
        let prompt = match game.outcome() {
            Some(_) => format!("{}> ", game.name()),
            None => format!("{} [{}]> ", game.name(), game.seat_name(game.to_move())),
        };
        match editor.readline(&prompt) {
            Ok(line) => {
                let _ = editor.add_history_entry(line.as_str());
                let mut out = io::stdout().lock();
                match execute(session, &line, &display, &mut out) {
                    Ok(Flow::Quit) => break,
                    Ok(Flow::Continue) => {}
                    Err(e) => {
                        let _ = out.flush();
                        eprintln!("{}", paint(&format!("error: {e}"), Style::Red, color));
                    }
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                ok = false;
                break;
            }
        }
    }
    if let Some(path) = &history {
        let _ = editor.save_history(path);
    }
    ok
}
