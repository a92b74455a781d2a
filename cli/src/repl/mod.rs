//! The read-eval-print loop, a text front end over
//! [`tabula_session::Session`]: it reads command words, prints boards,
//! tables and live lines, and leaves every decision about the game to the
//! session. Interactive with line editing when stdin is a terminal, plain
//! line-by-line (no prompt, no colour) when it is not, so sessions can be
//! scripted.
//!
//! `commands` runs each command, `table` holds the command table (help,
//! completion, typos), `format` the text of moves, history and searches,
//! `think` the wait for an agent (live line, Ctrl-C), `solve` exact values.

mod commands;
mod complete;
mod error;
mod format;
mod solve;
mod table;
mod think;

use crate::out::outln;
use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};

use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use tabula::files::{BoundedLine, BoundedLines, MAX_COMMAND_BYTES};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};
use tabula::render::{paint, Style};
use tabula::Registry;

pub use commands::{execute, Display, Flow, Repl};
use complete::{ReplHelper, Words};
pub use error::CommandError;
pub use table::COMMANDS;
use tabula_session::Session;

/// Set by Ctrl-C while a command runs: a search answers with its best move
/// so far, and `go` stops after the current move. Cleared before each
/// command.
pub(crate) static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Runs the REPL on `game` (the first registered game if `None`). With
/// `transcript`, commands come from stdin but are shown as a terminal
/// session shows them (prompt, command, boards), without colour.
pub fn run(registry: Registry, game: Option<&str>, transcript: bool) -> ExitCode {
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
    let mut repl = Repl::new(Session::new(registry, game));
    let ok = if transcript {
        let display = Display {
            color: false,
            boards: true,
            live: false,
        };
        outln!("{}", greeting(&repl, false));
        lines(&mut repl, io::stdin().lock(), &display, true)
    } else if io::stdin().is_terminal() {
        interactive(&mut repl)
    } else {
        scripted(&mut repl, io::stdin().lock())
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The first lines of an interactive session.
fn greeting(repl: &Repl, color: bool) -> String {
    format!(
        "Tabula: type `help` for commands, `games` for games, a move to play it.\ngame: {}\n{}",
        repl.session.current().spec(),
        repl.session.board(color)
    )
}

/// The prompt: the game, and the seat to move while it runs.
fn prompt(repl: &Repl) -> String {
    let game = repl.session.current();
    match game.outcome() {
        Some(_) => format!("{}> ", game.name()),
        None => format!(
            "{} [{}{}]> ",
            game.name(),
            game.seat_name(game.to_move()),
            if repl.session.paused() {
                ", agents paused"
            } else {
                ""
            }
        ),
    }
}

/// Reads commands line by line; returns whether every command succeeded.
pub fn scripted(repl: &mut Repl, input: impl BufRead) -> bool {
    let display = Display {
        color: false,
        boards: false,
        live: false,
    };
    lines(repl, input, &display, false)
}

/// Runs each line of `input`; with `echo`, each after its prompt, as a
/// terminal shows it. Errors go to stderr (to stdout with `echo`, where
/// they belong to the transcript).
fn lines(repl: &mut Repl, input: impl BufRead, display: &Display, echo: bool) -> bool {
    let mut ok = true;
    let stdout = io::stdout();
    for line in BoundedLines::new(input, MAX_COMMAND_BYTES) {
        let bytes = match line {
            Ok(BoundedLine::Line(bytes)) => bytes,
            Ok(BoundedLine::TooLong(length)) => {
                ok = false;
                let message = format!(
                    "error: a line of {length} bytes, longer than any command ({} KiB); ignored",
                    MAX_COMMAND_BYTES >> 10
                );
                match echo {
                    true => outln!("{message}"),
                    false => eprintln!("{message}"),
                }
                continue;
            }
            Err(_) => break,
        };
        let line = String::from_utf8_lossy(&bytes);
        // Held for the command, so that nothing else prints inside its
        // output; written through `out::Stdout`, which ends the program
        // quietly once the reader is gone.
        let _held = stdout.lock();
        let mut out = crate::out::Stdout;
        if echo {
            let _ = writeln!(out, "{}{}", prompt(repl), line.trim_end());
        }
        match execute(repl, &line, display, &mut out) {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(e) if echo => {
                ok = false;
                let _ = writeln!(out, "error: {e}");
            }
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
fn interactive(repl: &mut Repl) -> bool {
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let display = Display {
        color,
        boards: true,
        live: io::stderr().is_terminal(),
    };
    // At the prompt the terminal is raw and Ctrl-C is a key; while a
    // command runs it is a signal, which must stop the search, not the
    // program (and its game and history).
    if let Err(e) = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::Relaxed)) {
        eprintln!("note: Ctrl-C will end the program ({e})");
    }
    let words = Rc::new(RefCell::new(Words::default()));
    // Tab lists the candidates (as a shell does) rather than cycling
    // through them in place, where the others stay unseen.
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("error: cannot start line editing ({e}); reading plain lines");
            return scripted(repl, io::stdin().lock());
        }
    };
    editor.set_helper(Some(ReplHelper::new(Rc::clone(&words))));
    let history =
        std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(".tabula_history"));
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    outln!("{}", greeting(repl, color));
    let mut ok = true;
    let mut interrupted = false;
    loop {
        {
            let mut w = words.borrow_mut();
            let registry = repl.session.registry();
            w.games = registry.names();
            w.agents = registry
                .agent_names()
                .into_iter()
                .map(|name| {
                    let params = registry
                        .agent_kinds()
                        .find(|k| k.name == name)
                        .map(|k| k.params.iter().map(|p| p.name.to_string()).collect())
                        .unwrap_or_default();
                    (name, params)
                })
                .collect();
            w.moves = repl.session.current().legal_moves();
        }
        match editor.readline(&prompt(repl)) {
            Ok(line) => {
                interrupted = false;
                if editor.add_history_entry(line.as_str()).unwrap_or(false) {
                    // Saved at once: a crash or a kill keeps the history.
                    if let Some(path) = &history {
                        let _ = editor.append_history(path);
                    }
                }
                INTERRUPT.store(false, Ordering::Relaxed);
                let _held = io::stdout().lock();
                let mut out = crate::out::Stdout;
                match execute(repl, &line, &display, &mut out) {
                    Ok(Flow::Quit) => break,
                    Ok(Flow::Continue) => {}
                    Err(e) => {
                        let _ = out.flush();
                        eprintln!("{}", paint(&format!("error: {e}"), Style::Red, color));
                    }
                }
            }
            Err(ReadlineError::Interrupted) if interrupted => break,
            Err(ReadlineError::Interrupted) => {
                interrupted = true;
                outln!("(Ctrl-C again, `quit` or Ctrl-D to leave)");
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                ok = false;
                break;
            }
        }
    }
    ok
}
