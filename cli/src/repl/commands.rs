//! What each REPL command does: it reads its words, asks the [`Session`]
//! and prints the answer. The game itself lives in the session.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;

use tabula::excerpt;
use tabula_session::{Session, SessionError};

use super::error::CommandError;
use super::format::{
    exact_line, exact_text, game_over, history_text, moves_matching, moves_text, plural,
    search_line, search_table,
};
use super::table::{closest_command, help};
use super::think::think;
use super::INTERRUPT;

/// How a command's output is shown.
pub struct Display {
    pub color: bool,
    /// Draw the board after moves (interactive use).
    pub boards: bool,
    /// A live line on stderr while an agent thinks (only on a terminal).
    pub live: bool,
}

/// Whether the REPL goes on.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// What running a command gives: go on or quit, or the error to print.
type CommandResult<T = ()> = Result<T, CommandError>;

/// The session at the REPL, with what the user has seen of it.
pub struct Repl {
    pub session: Session,
    /// How many of the moves the user has seen, drawn on a board or told
    /// in words (see [`Repl::tell_untold`]).
    told: usize,
}

impl Repl {
    pub fn new(session: Session) -> Repl {
        let told = session.moves().len();
        Repl { session, told }
    }

    /// Every move so far counts as seen: a board showed them, or the game
    /// jumped to a new history.
    fn all_seen(&mut self) {
        self.told = self.session.moves().len();
    }

    /// Before a further move, what the moves the board has not shown did,
    /// in words (Calcala's sowing paths), each under its `plays` line: the
    /// next board shows only the last move.
    fn tell_untold(&mut self, display: &Display, out: &mut dyn Write) -> CommandResult {
        if !display.boards {
            return Ok(());
        }
        let plies = self.session.moves().len();
        for ply in self.told.min(plies)..plies {
            if let Some(text) = self.session.explain(ply) {
                writeln!(out, "  {text}")?;
            }
        }
        self.all_seen();
        Ok(())
    }

    fn show_board(&mut self, display: &Display, out: &mut dyn Write) -> CommandResult {
        if display.boards {
            writeln!(out, "{}", self.session.board(display.color).trim_end())?;
            self.all_seen();
        } else if let Some(over) = self.session.result() {
            writeln!(out, "{}", game_over(&over))?;
        }
        Ok(())
    }
}

/// Runs one input line.
pub fn execute(
    repl: &mut Repl,
    line: &str,
    display: &Display,
    out: &mut dyn Write,
) -> CommandResult<Flow> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Flow::Continue);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let session = &mut repl.session;
    match word.to_ascii_lowercase().as_str() {
        "games" | "list" => writeln!(out, "{}", crate::tools::games_table(session.registry()))?,
        "agents" => {
            no_args(word, rest)?;
            writeln!(out, "{}", crate::tools::agents_table(session.registry()))?
        }
        "new" => new_game(repl, required(rest, "new GAME")?, display, out)?,
        "show" | "board" => match rest {
            "" => {
                writeln!(out, "{}", session.board(display.color))?;
                repl.all_seen();
            }
            _ => save_svg(session, rest, out)?,
        },
        "moves" => {
            if let Some(over) = session.result() {
                return Err(format!("no moves: {}", game_over(&over)).into());
            }
            let moves = moves_matching(session.current().legal_moves(), rest)?;
            writeln!(out, "{}", moves_text(&moves))?
        }
        "history" => {
            no_args(word, rest)?;
            writeln!(out, "{}", history_text(session))?
        }
        "play" => play(repl, required(rest, "play MOVE")?, display, out)?,
        "undo" => {
            let n = session.undo(count(rest)?)?;
            repl.told = repl.told.min(repl.session.moves().len());
            writeln!(out, "took back {}", plural(n, "move"))?;
            settle(repl, display, out)?
        }
        "redo" => {
            let n = session.redo(count(rest)?)?;
            writeln!(out, "replayed {}", plural(n, "move"))?;
            settle(repl, display, out)?
        }
        "agent" | "seat" => agent(repl, rest, display, out)?,
        "ai" => {
            no_args(word, rest)?;
            agent_move(repl, display, out)?;
            settle(repl, display, out)?
        }
        "pause" => {
            no_args(word, rest)?;
            session.set_paused(true);
            writeln!(
                out,
                "agents paused: they move only on `ai` or `go` (`resume` lets them reply again)"
            )?
        }
        "resume" => {
            no_args(word, rest)?;
            session.set_paused(false);
            writeln!(out, "agents reply again")?;
            if repl.session.agent_due() {
                agents_reply(repl, display, out)?
            }
        }
        "go" => go(repl, rest, display, out)?,
        "hint" => {
            no_args(word, rest)?;
            // With a database for the position, perfect play's move and
            // every move's exact value; else the agent's search.
            match session.exact_hint() {
                Some(hint) => {
                    writeln!(out, "hint: {} (perfect play, from the database)", hint.mv)?;
                    let exact = hint.exact.as_ref().expect("a database hint has its values");
                    write!(out, "{}", exact_text(session, exact))?
                }
                None => {
                    let thought = think(session, display.live)?;
                    let game = session.current();
                    let seat = game.seat_name(thought.seat);
                    writeln!(out, "hint: {} ({})", thought.mv, thought.agent)?;
                    write!(out, "{}", search_table(&thought, &seat, game.players()))?
                }
            }
        }
        "setup" => {
            session.setup(required(rest, "setup POSITION")?)?;
            repl.all_seen();
            writeln!(out, "position set; the history starts here")?;
            settle(repl, display, out)?
        }
        "position" | "fen" => {
            no_args(word, rest)?;
            writeln!(out, "{}", session.current().position())?
        }
        "state" => {
            no_args(word, rest)?;
            let state = serde_json::to_string(&session.state()).expect("a state serializes");
            writeln!(out, "{state}")?
        }
        "solve" => super::solve::command(session, rest, out)?,
        "rules" => writeln!(out, "{}", session.current().rules().trim_end())?,
        "seed" => {
            if !rest.is_empty() {
                let seed = rest
                    .parse()
                    .map_err(|_| format!("`{}` is not a seed (a whole number)", excerpt(rest)))?;
                session.set_seed(seed);
            }
            writeln!(out, "seed {}", session.seed())?
        }
        "save" => {
            let file = required(rest, "save FILE")?;
            session.save(Path::new(file))?;
            writeln!(
                out,
                "saved {} to {file}",
                plural(session.moves().len(), "move")
            )?
        }
        "load" => load(repl, required(rest, "load FILE[#N] [PLY]")?, display, out)?,
        "help" | "?" => writeln!(out, "{}", help(session.registry(), rest)?)?,
        "quit" | "exit" => return Ok(Flow::Quit),
        _ => play_bare(repl, line, display, out)?,
    }
    Ok(Flow::Continue)
}

fn required<'a>(rest: &'a str, usage: &str) -> CommandResult<&'a str> {
    if rest.is_empty() {
        Err(format!("usage: {usage}").into())
    } else {
        Ok(rest)
    }
}

fn no_args(word: &str, rest: &str) -> CommandResult {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("`{}` takes no arguments", excerpt(word)).into())
    }
}

fn count(rest: &str) -> CommandResult<usize> {
    match rest {
        "" => Ok(1),
        n => n
            .parse()
            .ok()
            .filter(|&n: &usize| n > 0)
            .ok_or_else(|| format!("`{}` is not a positive number", excerpt(n)).into()),
    }
}

fn new_game(repl: &mut Repl, spec: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    let reseated = repl.session.new_game(spec)?;
    repl.all_seen();
    let game = repl.session.current();
    writeln!(out, "new game: {}", game.spec())?;
    for (seat, why) in &reseated.unsuitable {
        let name = game.seat_name(*seat);
        writeln!(out, "seat {} ({name}) is human again: {why}", seat + 1)?;
    }
    if reseated.all_human {
        writeln!(
            out,
            "this game has {} players: every seat is human again (`agent SEAT SPEC` seats an agent)",
            game.players()
        )?;
    }
    settle(repl, display, out)
}

/// A line that is no command: a move, a mistyped command, or a typo.
fn play_bare(repl: &mut Repl, line: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    match repl.session.current().clone_box().play(line) {
        Err(error @ tabula::MoveError::Syntax { .. }) => {
            let word = line.split_whitespace().next().unwrap_or(line);
            let message = match closest_command(word) {
                Some(command) => format!(
                    "unknown command `{}`; did you mean `{command}`? (`help` lists the commands)",
                    excerpt(word)
                ),
                None => {
                    format!("{error} (or a command: `help` lists them, `moves` the legal moves)")
                }
            };
            Err(message.into())
        }
        _ => play(repl, line, display, out),
    }
}

fn play(repl: &mut Repl, text: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    let played = repl.session.play(text).map_err(|error| match error {
        SessionError::AgentsSeat { seat, .. } => format!(
            "{error}: `ai` lets it move, `agent {} human` takes the seat over",
            seat + 1
        )
        .into(),
        error => CommandError::from(error),
    })?;
    let name = repl.session.current().seat_name(played.seat);
    writeln!(out, "{name} plays {}", played.mv)?;
    settle(repl, display, out)
}

/// After any command that changed the position or the seats: the agents
/// due play at once ([`Session::agent_due`], the one rule for when agents
/// move), and the board is shown once, after them.
fn settle(repl: &mut Repl, display: &Display, out: &mut dyn Write) -> CommandResult {
    if repl.session.agent_due() {
        agents_reply(repl, display, out)
    } else {
        repl.show_board(display, out)
    }
}

/// Agents play while one is due; then the board. Ctrl-C stops after the
/// current move.
fn agents_reply(repl: &mut Repl, display: &Display, out: &mut dyn Write) -> CommandResult {
    while repl.session.agent_due() && !INTERRUPT.load(Ordering::Relaxed) {
        agent_move(repl, display, out)?;
    }
    repl.show_board(display, out)
}

/// The seat to move's agent plays, and the REPL says what it found.
fn agent_move(repl: &mut Repl, display: &Display, out: &mut dyn Write) -> CommandResult {
    repl.tell_untold(display, out)?;
    let thought = think(&mut repl.session, display.live)?;
    repl.session.play_thought(&thought)?;
    let game = repl.session.current();
    let name = game.seat_name(thought.seat);
    writeln!(
        out,
        "{name} ({}) plays {}{}{}",
        thought.agent,
        thought.mv,
        search_line(&thought, game.players()),
        exact_line(&thought)
    )?;
    Ok(())
}

/// `show --svg FILE`: the board as an SVG picture.
fn save_svg(session: &Session, rest: &str, out: &mut dyn Write) -> CommandResult {
    let usage = || CommandError::from("usage: show [--svg FILE]".to_string());
    let file = rest.strip_prefix("--svg").ok_or_else(usage)?;
    if !file.starts_with(char::is_whitespace) {
        return Err(usage());
    }
    let file = file.trim();
    let svg = session
        .svg()
        .ok_or_else(|| format!("{} draws no SVG picture", session.current().name()))?;
    // Replaced whole, never rewritten in place: a failed write keeps the old picture.
    tabula::files::replace(Path::new(file), svg.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", excerpt(file)))?;
    writeln!(out, "saved the board as an SVG picture to {file}")?;
    Ok(())
}

/// `go [all] [N]`: the seated agents play until a human is to move (with
/// `all`, every seat plays, humans' by the default MCTS), the game ends, N
/// moves were made, or Ctrl-C is pressed.
/// Moves one `go` plays when not told how many: the arena's default
/// adjudication limit, so that agents that never finish a game (random
/// play on a large Grid Diffusion board) cannot run a script for ever.
pub const GO_PLIES: usize = 1000;

/// The most moves one `go N` plays.
const MAX_GO_PLIES: usize = 1_000_000;

fn go(repl: &mut Repl, rest: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    let (all, rest) = match rest.split_once(char::is_whitespace) {
        Some(("all", n)) => (true, n.trim()),
        _ if rest == "all" => (true, ""),
        _ => (false, rest),
    };
    let limit = if rest.is_empty() {
        GO_PLIES
    } else {
        match count(rest)? {
            n if n > MAX_GO_PLIES => {
                return Err(format!("go plays at most {MAX_GO_PLIES} moves at once").into())
            }
            n => n,
        }
    };
    if let Some(over) = repl.session.result() {
        return Err(game_over(&over).into());
    }
    if !all && !repl.session.agent_to_move() {
        let game = repl.session.current();
        let seat = game.to_move();
        return Err(format!(
            "seat {} ({}) is played by you: play a move, `ai` for one computer move, \
             `agent {} SPEC` to seat an agent, or `go all` to let the default MCTS play every seat",
            seat + 1,
            game.seat_name(seat),
            seat + 1
        )
        .into());
    }
    let mut plies = 0;
    while plies < limit
        && repl.session.current().outcome().is_none()
        && (all || repl.session.agent_to_move())
    {
        agent_move(repl, display, out)?;
        plies += 1;
        if INTERRUPT.load(Ordering::Relaxed) {
            writeln!(out, "stopped (Ctrl-C) after {}", plural(plies, "move"))?;
            break;
        }
    }
    if rest.is_empty() && plies == GO_PLIES && repl.session.current().outcome().is_none() {
        writeln!(
            out,
            "stopped after {GO_PLIES} moves, the limit of one `go` (`go N` plays N)"
        )?;
    }
    repl.show_board(display, out)
}

/// `agent` lists the seats; `agent SEAT SPEC` seats an agent.
fn agent(repl: &mut Repl, rest: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    let session = &mut repl.session;
    if rest.is_empty() {
        let game = session.current();
        for (seat, spec) in session.seats().iter().enumerate() {
            writeln!(out, "seat {} ({}): {spec}", seat + 1, game.seat_name(seat))?;
        }
        return Ok(());
    }
    let (seat, spec) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        "usage: agent SEAT SPEC, e.g. `agent 2 mcts(iterations=20000)`".to_string()
    })?;
    let seat = session.seat(seat.trim())?;
    let spec = session.set_seat(seat, spec.trim())?.clone();
    let name = session.current().seat_name(seat);
    writeln!(out, "seat {} ({name}): {spec}", seat + 1)?;
    if session.agent_due() {
        return agents_reply(repl, display, out);
    }
    if session.agent_to_move() && session.current().to_move() == seat {
        let paused = match session.paused() {
            true => ", agents are paused",
            false => "",
        };
        writeln!(
            out,
            "seat {} is to move{paused}: `ai` plays one move, `go` lets the agents play on",
            seat + 1
        )?;
    }
    Ok(())
}

/// `load FILE [PLY]` or `load FILE#N [PLY]`: a saved game, or record N
/// (from 1) of a file with one record per line such as `games.jsonl`.
fn load(repl: &mut Repl, rest: &str, display: &Display, out: &mut dyn Write) -> CommandResult {
    let (file, ply) = match rest.rsplit_once(char::is_whitespace) {
        Some((file, ply)) if ply.parse::<usize>().is_ok() => (file.trim(), ply.parse().ok()),
        _ => (rest, None),
    };
    let (path, index) = match file.rsplit_once('#') {
        Some((path, n)) => {
            let n =
                n.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("`{}` is not a record number (1, 2, ...)", excerpt(n))
                })?;
            (path, Some(n))
        }
        None => (file, None),
    };
    let loaded = repl.session.load_file(Path::new(path), index, ply)?;
    repl.all_seen();
    writeln!(
        out,
        "loaded {} ({} of {} moves)",
        repl.session.current().spec(),
        loaded.plies,
        loaded.moves
    )?;
    settle(repl, display, out)
}
