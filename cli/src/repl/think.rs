//! Waiting for an agent at the terminal: the search runs in the
//! session's background thread while the REPL shows a live line and
//! turns Ctrl-C into a stop.

use std::fmt::Write as _;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tabula::search::Progress;
use tabula_session::{Session, SessionError, Thought, Update};

use super::INTERRUPT;

/// How long Ctrl-C may wait before the search hears of it.
const CTRL_C_POLL: Duration = Duration::from_millis(20);

/// The seat to move's agent (the default MCTS for a human seat) chooses
/// a move, unplayed: Ctrl-C stops the search, and with `live` a line on
/// stderr shows it.
pub fn think(session: &mut Session, live: bool) -> Result<Thought, SessionError> {
    let mut thinking = session.think()?;
    loop {
        if INTERRUPT.load(Ordering::Relaxed) {
            thinking.stop();
        }
        match thinking.wait(CTRL_C_POLL) {
            Update::Progress(progress) if live => live_line(&progress),
            Update::Progress(_) | Update::Waiting => {}
            Update::Done => break,
        }
    }
    if live {
        eprint!("\r\x1b[2K");
    }
    session.finish(thinking)
}

/// The live line while an agent thinks: time, work (iterations, or for a
/// search by depth the depth completed and the nodes searched), best move,
/// value.
fn live_line(p: &Progress<String>) {
    let seconds = p.elapsed.as_secs_f64();
    let mut line = match p.depth {
        Some(depth) => format!(
            "  thinking {seconds:.1} s, depth {depth}, {} nodes",
            p.iterations
        ),
        None => format!("  thinking {seconds:.1} s, {} iterations", p.iterations),
    };
    if let Some(best) = &p.best {
        let _ = write!(line, ", best {best}");
    }
    if let Some(value) = p.value {
        let _ = write!(line, ", value {value:.2}");
    }
    eprint!("\r\x1b[2K{line}  (Ctrl-C: play the best move now)");
}
