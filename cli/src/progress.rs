//! What the long commands (`arena`, `study`) share on the terminal: the
//! Ctrl-C that lets the games under way finish, and the games' progress bar.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

/// Set by the first Ctrl-C: the command starts no new game, lets the games
/// under way finish and writes its summary of every finished game; a
/// second Ctrl-C ends the program (the finished games are on disk either
/// way). `command` names the command in the message.
pub fn interrupt_on_ctrl_c(command: &'static str) -> &'static AtomicBool {
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(move || {
        if INTERRUPT.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
        eprintln!("\n{command}: stopping when the games under way end (Ctrl-C again: at once)");
    });
    &INTERRUPT
}

/// A bar over `games` games with the elapsed time, an ETA and a line of
/// news under it, where stderr is a terminal; hidden elsewhere.
pub fn games_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed_precise}  ETA {eta}\n{wide_msg}",
        )
        .expect("a valid template"),
    );
    bar
}
