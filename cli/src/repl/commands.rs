//! The REPL's commands: their help and what each does to a [`Session`].

use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::Ordering;

use serde_json::{json, Map, Value};
use tabula::agents::AnyControl;
use tabula::search::{Limit, Progress, ProgressSink};
use tabula::{excerpt, AnyDecision, AnyGame, GameRecord, Seat};

use super::session::Session;
use super::INTERRUPT;

/// One REPL command, for `help` and completion.
pub struct Command {
    pub name: &'static str,
    pub args: &'static str,
    pub help: &'static str,
}

pub const COMMANDS: &[Command] = &[
    Command { name: "games", args: "", help: "list the games you can play" },
    Command { name: "agents", args: "", help: "list the agent kinds and their parameters (for `agent SEAT SPEC`)" },
    Command { name: "new", args: "GAME[(key=value,...)]", help: "start a new game, e.g. `new diffusion(width=8)`; seats keep their agents if the player count is unchanged, and an agent to move plays at once when a human is seated" },
    Command { name: "show", args: "[--svg FILE]", help: "draw the board; with `--svg FILE`, save it as an SVG picture instead (for docs, issues and replays: `load games.jsonl#N PLY` first)" },
    Command { name: "moves", args: "", help: "list the legal moves" },
    Command { name: "history", args: "", help: "the moves played so far, numbered" },
    Command { name: "play", args: "MOVE", help: "play a move (a bare move works too); seated agents then reply until a human is to move" },
    Command { name: "undo", args: "[N]", help: "take back N moves (default 1)" },
    Command { name: "redo", args: "[N]", help: "replay N moves taken back (default 1)" },
    Command { name: "agent", args: "[SEAT SPEC]", help: "who plays a seat: `agent 2 mcts(iterations=20000)`, `agent 1 random(seed=3)`, `agent 2 human`; no arguments lists the seats" },
    Command { name: "ai", args: "", help: "the seat to move is played once by its agent (a default MCTS for a human seat), showing its evaluation" },
    Command { name: "go", args: "[all] [N]", help: "the seated agents play until a human is to move or the game ends (or for N moves); `go all` plays every seat, human seats by the default MCTS; Ctrl-C stops after the current move" },
    Command { name: "hint", args: "", help: "the default MCTS (or the seat's agent) suggests a move, without playing it" },
    Command { name: "setup", args: "POSITION", help: "start from a position text (see `rules` for its form); the history starts there" },
    Command { name: "position", args: "", help: "print the position text" },
    Command { name: "state", args: "", help: "print the game as one line of JSON (for scripts)" },
    Command { name: "solve", args: "[load FILE]", help: "the exact value of the position and of every legal move, from the database `solve load FILE` loaded (built by `tabula solve GAME --db FILE`)" },
    Command { name: "rules", args: "", help: "the rules as implemented, with every reading decision" },
    Command { name: "seed", args: "[N]", help: "show or set the seed of agents that name no seed of their own" },
    Command { name: "save", args: "FILE", help: "save the game, its history and the seats as JSON" },
    Command { name: "load", args: "FILE[#N] [PLY]", help: "load a saved game, or record N of a file such as games.jsonl with FILE#N; with PLY only its first PLY moves (`redo` steps on)" },
    Command { name: "help", args: "[COMMAND]", help: "list the commands, or explain one" },
    Command { name: "quit", args: "", help: "leave (also `exit` or end of input)" },
];

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
type CommandResult = Result<Flow, String>;

/// Runs one input line.
pub fn execute(
    session: &mut Session,
    line: &str,
    display: &Display,
    out: &mut dyn Write,
) -> CommandResult {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Flow::Continue);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let io = |e: std::io::Error| e.to_string();
    match word.to_ascii_lowercase().as_str() {
        "games" | "list" => {
            writeln!(out, "{}", crate::tools::games_table(&session.registry)).map_err(io)?
        }
        "agents" => {
            no_args(word, rest)?;
            writeln!(out, "{}", crate::tools::agents_table(&session.registry)).map_err(io)?
        }
        "new" => new_game(session, required(rest, "new GAME")?, display, out)?,
        "show" | "board" => match rest {
            "" => {
                writeln!(out, "{}", session.board(display.color)).map_err(io)?;
                session.board_shown();
            }
            _ => save_svg(session, rest, out)?,
        },
        "moves" => {
            no_args(word, rest)?;
            if let Some(result) = result_text(session.current()) {
                return Err(format!("no moves: {result}"));
            }
            writeln!(out, "{}", moves_text(&session.current().legal_moves())).map_err(io)?
        }
        "history" => {
            no_args(word, rest)?;
            writeln!(out, "{}", history_text(session)).map_err(io)?
        }
        "play" => play(session, required(rest, "play MOVE")?, display, out)?,
        "undo" => {
            let n = session.undo(count(rest)?);
            if n == 0 {
                return Err("nothing to undo".to_string());
            }
            after_jump(
                session,
                &format!("took back {}", plural(n, "move")),
                display,
                out,
            )?
        }
        "redo" => {
            let n = session.redo(count(rest)?);
            if n == 0 {
                return Err("nothing to redo".to_string());
            }
            after_jump(
                session,
                &format!("replayed {}", plural(n, "move")),
                display,
                out,
            )?
        }
        "agent" | "seat" => agent(session, rest, display, out)?,
        "ai" => {
            no_args(word, rest)?;
            agent_move(session, display, out)?;
            show_board(session, display, out)?
        }
        "go" => go(session, rest, display, out)?,
        "hint" => {
            no_args(word, rest)?;
            let seat = session.current().to_move();
            let (decision, spec) = think(session, display)?;
            writeln!(out, "hint: {} ({spec})", decision.mv).map_err(io)?;
            write!(out, "{}", search_table(&decision, seat)).map_err(io)?
        }
        "setup" => {
            session.setup(required(rest, "setup POSITION")?)?;
            after_jump(
                session,
                "position set; the history starts here",
                display,
                out,
            )?
        }
        "position" | "fen" => {
            no_args(word, rest)?;
            writeln!(out, "{}", session.current().position()).map_err(io)?
        }
        "state" => {
            no_args(word, rest)?;
            writeln!(out, "{}", state_json(session)).map_err(io)?
        }
        "solve" => super::solve::command(session, rest, out)?,
        "rules" => writeln!(out, "{}", session.current().rules().trim_end()).map_err(io)?,
        "seed" => match rest {
            "" => writeln!(out, "seed {}", session.seed).map_err(io)?,
            n => {
                session.seed = n
                    .parse()
                    .map_err(|_| format!("`{}` is not a seed (a whole number)", excerpt(n)))?;
                writeln!(out, "seed {}", session.seed).map_err(io)?
            }
        },
        "save" => {
            let file = required(rest, "save FILE")?;
            std::fs::write(file, session.record().to_json() + "\n")
                .map_err(|e| format!("cannot write {}: {e}", excerpt(file)))?;
            writeln!(
                out,
                "saved {} to {file}",
                plural(session.moves().len(), "move")
            )
            .map_err(io)?
        }
        "load" => load(
            session,
            required(rest, "load FILE[#N] [PLY]")?,
            display,
            out,
        )?,
        "help" | "?" => writeln!(out, "{}", help(session, rest)?).map_err(io)?,
        "quit" | "exit" => return Ok(Flow::Quit),
        _ => play_bare(session, line, display, out)?,
    }
    Ok(Flow::Continue)
}

/// `1 move`, `3 moves`.
fn plural(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// The columns help and move lists wrap at: the terminal's, at most 100.
fn text_width() -> usize {
    textwrap::termwidth().min(100)
}

/// The legal moves for people: one line while they fit, else one line per
/// piece or cell they start from (`B2-B6 B2-E2`), so hundreds of moves
/// stay readable; moves without an origin (`pass`) come last.
pub fn moves_text(moves: &[String]) -> String {
    let origin = |mv: &str| {
        let head = mv
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or(mv);
        (head.len() < mv.len()).then(|| head.to_string())
    };
    if moves.len() <= 30 || moves.iter().all(|m| origin(m).is_none()) {
        return textwrap::fill(&moves.join(" "), text_width());
    }
    let mut groups: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    for mv in moves {
        let key = origin(mv);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(mv),
            None => groups.push((key, vec![mv])),
        }
    }
    groups.sort_by_key(|(key, _)| key.is_none());
    let rows: Vec<String> = groups
        .iter()
        .map(|(_, group)| textwrap::fill(&group.join(" "), text_width()))
        .collect();
    format!("{} moves:\n{}", moves.len(), rows.join("\n"))
}

/// The moves so far, numbered by rounds of the seats, from the start.
fn history_text(session: &Session) -> String {
    let moves = session.moves();
    if moves.is_empty() {
        return "no moves yet".to_string();
    }
    let start = session.start();
    let players = start.players().max(1);
    let width = moves.iter().map(String::len).max().unwrap_or(1);
    // A `setup` position may give the move to a later seat: pad its round.
    let mut cells: Vec<&str> = vec![".."; start.to_move().min(players - 1)];
    cells.extend(moves.iter().map(String::as_str));
    let mut text = String::new();
    for (round, row) in cells.chunks(players).enumerate() {
        let row: Vec<String> = row.iter().map(|m| format!("{m:<width$}")).collect();
        let _ = writeln!(text, "{:>3}. {}", round + 1, row.join("  ").trim_end());
    }
    text.trim_end().to_string()
}

fn required<'a>(rest: &'a str, usage: &str) -> Result<&'a str, String> {
    if rest.is_empty() {
        Err(format!("usage: {usage}"))
    } else {
        Ok(rest)
    }
}

fn no_args(word: &str, rest: &str) -> Result<(), String> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("`{}` takes no arguments", excerpt(word)))
    }
}

fn count(rest: &str) -> Result<usize, String> {
    match rest {
        "" => Ok(1),
        n => n
            .parse()
            .ok()
            .filter(|&n: &usize| n > 0)
            .ok_or_else(|| format!("`{}` is not a positive number", excerpt(n))),
    }
}

fn new_game(
    session: &mut Session,
    spec: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    let game = session.registry.create(spec).map_err(|e| e.to_string())?;
    let reset = session.new_game(game);
    writeln!(out, "new game: {}", session.current().spec()).map_err(|e| e.to_string())?;
    if reset {
        writeln!(
            out,
            "this game has {} players: every seat is human again (`agent SEAT SPEC` seats an agent)",
            session.current().players()
        )
        .map_err(|e| e.to_string())?;
    }
    show_board(session, display, out)?;
    agents_reply(session, display, out)
}

/// A line that is no command: a move, a mistyped command, or a typo.
fn play_bare(
    session: &mut Session,
    line: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    match session.current().clone_box().play(line) {
        Err(error @ tabula::MoveError::Syntax { .. }) => {
            let word = line.split_whitespace().next().unwrap_or(line);
            match closest_command(word) {
                Some(command) => Err(format!(
                    "unknown command `{}`; did you mean `{command}`? (`help` lists the commands)",
                    excerpt(word)
                )),
                None => Err(format!(
                    "{error} (or a command: `help` lists them, `moves` the legal moves)"
                )),
            }
        }
        _ => play(session, line, display, out),
    }
}

/// The command `word` is most likely a misspelling of, if any: within two
/// edits, and fewer edits than the word has letters.
fn closest_command(word: &str) -> Option<&'static str> {
    // Edit distance costs length × length: a word much longer than every
    // command (a pasted megabyte) is no misspelling of one.
    if word.len() > 12 {
        return None;
    }
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .map(|c| (strsim::damerau_levenshtein(&word, c.name), c.name))
        .filter(|&(distance, name)| distance <= 2 && distance < word.len().min(name.len()))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

fn play(
    session: &mut Session,
    text: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    let seat = session.current().to_move();
    let name = session.current().seat_name(seat);
    let mv = session.play(text)?;
    writeln!(out, "{name} plays {mv}").map_err(|e| e.to_string())?;
    if !session.agent_to_move() {
        show_board(session, display, out)?;
    }
    agents_reply(session, display, out)
}

/// Agents move while an agent's seat is to move and a human plays too.
fn agents_reply(
    session: &mut Session,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    // Replies serve a human opponent; with no human seated only `ai` and
    // `go` make moves, so `new` does not play a whole game by itself.
    if !session.seats().iter().any(tabula::AgentSpec::is_human) {
        return Ok(());
    }
    let mut moved = false;
    while session.agent_to_move() && !INTERRUPT.load(Ordering::Relaxed) {
        agent_move(session, display, out)?;
        moved = true;
    }
    if moved {
        show_board(session, display, out)?;
    }
    Ok(())
}

/// The live line while an agent thinks: time, work, best move, value.
fn live_line(p: &Progress<String>) {
    let mut line = format!(
        "  thinking {:.1} s, {} iterations",
        p.elapsed.as_secs_f64(),
        p.iterations
    );
    if let Some(depth) = p.depth {
        let _ = write!(line, ", depth {depth}");
    }
    if let Some(best) = &p.best {
        let _ = write!(line, ", best {best}");
    }
    if let Some(value) = p.value {
        let _ = write!(line, ", value {value:.2}");
    }
    eprint!("\r\x1b[2K{line}  (Ctrl-C: play the best move now)");
}

/// Asks the seat to move's agent (the default MCTS for a human seat) for
/// a move: Ctrl-C stops the search, and on a terminal a live line shows it.
fn think(session: &mut Session, display: &Display) -> Result<(AnyDecision, String), String> {
    let sink: ProgressSink<String> = &live_line;
    let control = AnyControl {
        limit: Limit::default(),
        stop: Some(&INTERRUPT),
        progress: display.live.then_some(sink),
    };
    let decision = session.think(&control);
    if display.live {
        eprint!("\r\x1b[2K");
    }
    decision
}

fn agent_move(session: &mut Session, display: &Display, out: &mut dyn Write) -> Result<(), String> {
    tell_untold(session, display, out)?;
    let seat = session.current().to_move();
    let name = session.current().seat_name(seat);
    let (decision, spec) = think(session, display)?;
    session.play(&decision.mv)?;
    writeln!(
        out,
        "{name} ({spec}) plays {}{}",
        decision.mv,
        search_line(&decision, seat)
    )
    .map_err(|e| e.to_string())
}

/// Before a further move, what the moves the board has not shown did, in
/// words (Calcala's sowing paths), each under its `plays` line: the next
/// board shows only the last move.
fn tell_untold(
    session: &mut Session,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    if !display.boards {
        return Ok(());
    }
    for (_, text) in session.untold() {
        writeln!(out, "  {text}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `show --svg FILE`: the board as an SVG picture.
fn save_svg(session: &Session, rest: &str, out: &mut dyn Write) -> Result<(), String> {
    let usage = || "usage: show [--svg FILE]".to_string();
    let file = rest.strip_prefix("--svg").ok_or_else(usage)?;
    if !file.starts_with(char::is_whitespace) {
        return Err(usage());
    }
    let file = file.trim();
    let svg = session
        .svg()
        .ok_or_else(|| format!("{} draws no SVG picture", session.current().name()))?;
    std::fs::write(file, svg).map_err(|e| format!("cannot write {}: {e}", excerpt(file)))?;
    writeln!(out, "saved the board as an SVG picture to {file}").map_err(|e| e.to_string())
}

/// `go [all] [N]`: the seated agents play until a human is to move (with
/// `all`, every seat plays, humans' by the default MCTS), the game ends, N
/// moves were made, or Ctrl-C is pressed.
fn go(
    session: &mut Session,
    rest: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    let (all, rest) = match rest.split_once(char::is_whitespace) {
        Some(("all", n)) => (true, n.trim()),
        _ if rest == "all" => (true, ""),
        _ => (false, rest),
    };
    let limit = if rest.is_empty() {
        usize::MAX
    } else {
        count(rest)?
    };
    if let Some(result) = result_text(session.current()) {
        return Err(result);
    }
    if !all && !session.agent_to_move() {
        let game = session.current();
        let seat = game.to_move();
        return Err(format!(
            "seat {} ({}) is played by you: play a move, `ai` for one computer move, \
             `agent {} SPEC` to seat an agent, or `go all` to let the default MCTS play every seat",
            seat + 1,
            game.seat_name(seat),
            seat + 1
        ));
    }
    let mut plies = 0;
    while plies < limit && session.current().outcome().is_none() && (all || session.agent_to_move())
    {
        agent_move(session, display, out)?;
        plies += 1;
        if INTERRUPT.load(Ordering::Relaxed) {
            writeln!(out, "stopped (Ctrl-C) after {}", plural(plies, "move"))
                .map_err(|e| e.to_string())?;
            break;
        }
    }
    show_board(session, display, out)
}

fn agent(
    session: &mut Session,
    rest: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    let game = session.current();
    let players = game.players();
    if rest.is_empty() {
        let mut text = String::new();
        for (seat, spec) in session.seats().iter().enumerate() {
            let _ = writeln!(text, "seat {} ({}): {spec}", seat + 1, game.seat_name(seat));
        }
        return write!(out, "{text}").map_err(|e| e.to_string());
    }
    let (seat, spec) = rest.split_once(char::is_whitespace).ok_or_else(|| {
        "usage: agent SEAT SPEC, e.g. `agent 2 mcts(iterations=20000)`".to_string()
    })?;
    let seat: Seat = seat_number(game, seat.trim(), players)?;
    let spec = session
        .registry
        .parse_agent(spec.trim())
        .map_err(|e| e.to_string())?;
    let name = game.seat_name(seat);
    writeln!(out, "seat {} ({name}): {spec}", seat + 1).map_err(|e| e.to_string())?;
    let to_move = game.outcome().is_none() && game.to_move() == seat;
    session.set_agent(seat, spec.clone());
    if to_move && !spec.is_human() {
        if session.seats().iter().any(tabula::AgentSpec::is_human) {
            // It is the agent's turn and a human waits for it: it moves.
            return agents_reply(session, display, out);
        }
        writeln!(
            out,
            "seat {} is to move: `ai` plays one move, `go` lets the agents play on",
            seat + 1
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A seat given as its number (from 1) or its name (`A`, `black`).
fn seat_number(game: &dyn AnyGame, text: &str, players: usize) -> Result<Seat, String> {
    if let Ok(n) = text.parse::<usize>() {
        if (1..=players).contains(&n) {
            return Ok(n - 1);
        }
    }
    (0..players)
        .find(|&s| game.seat_name(s).eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let names: Vec<String> = (0..players)
                .map(|s| format!("{} ({})", s + 1, game.seat_name(s)))
                .collect();
            format!(
                "no seat `{}`; seats are {}",
                excerpt(text),
                names.join(", ")
            )
        })
}

/// `load FILE [PLY]` or `load FILE#N [PLY]`: a saved game, or record N
/// (from 1) of a file with one record per line such as `games.jsonl`.
fn load(
    session: &mut Session,
    rest: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    let (file, ply) = match rest.rsplit_once(char::is_whitespace) {
        Some((file, ply)) if ply.parse::<usize>().is_ok() => (file.trim(), ply.parse().ok()),
        _ => (rest, None),
    };
    let (path, line) = match file.rsplit_once('#') {
        Some((path, n)) => {
            let n =
                n.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("`{}` is not a record number (1, 2, ...)", excerpt(n))
                })?;
            (path, Some(n))
        }
        None => (file, None),
    };
    let chosen = nth_record(std::path::Path::new(path), line)?;
    let record =
        GameRecord::from_json(chosen.trim()).map_err(|e| format!("{}: {e}", excerpt(file)))?;
    session
        .load(&record, ply)
        .map_err(|e| format!("{}: {e}", excerpt(file)))?;
    let message = format!(
        "loaded {} ({} of {} moves)",
        session.current().spec(),
        session.moves().len(),
        record.moves.len()
    );
    after_jump(session, &message, display, out)
}

/// Record `n` (from 1; `None`: the only one) of a file with one record per
/// line, read a line at a time so that a large `games.jsonl` costs one
/// line of memory; blank lines do not count.
fn nth_record(path: &std::path::Path, n: Option<usize>) -> Result<String, String> {
    let shown = excerpt(&path.display().to_string());
    let mut lines = tabula::files::Lines::open(path).map_err(|e| excerpt(&e))?;
    let mut count = 0;
    let mut chosen = None;
    while let Some(l) = lines.next_line().map_err(|e| excerpt(&e))? {
        if l.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        count += 1;
        match n {
            Some(n) if n == count => {
                return String::from_utf8(l.bytes)
                    .map_err(|_| format!("{shown} record {n} is not UTF-8 text"))
            }
            None if count == 2 => break,
            None => chosen = Some(l.bytes),
            Some(_) => {}
        }
    }
    match (n, count) {
        (None, 0) => Err(format!("{shown} is empty")),
        (None, 1) => String::from_utf8(chosen.unwrap_or_default())
            .map_err(|_| format!("{shown} is not UTF-8 text")),
        (None, _) => {
            // Count them all to say how many there are.
            while let Some(l) = lines.next_line().map_err(|e| excerpt(&e))? {
                if !l.bytes.iter().all(u8::is_ascii_whitespace) {
                    count += 1;
                }
            }
            Err(format!(
                "{shown} holds {count} records; pick one with {shown}#N (1 to {count})"
            ))
        }
        (Some(n), count) => Err(format!("{shown} holds {count} records, not {n}")),
    }
}

fn after_jump(
    session: &mut Session,
    message: &str,
    display: &Display,
    out: &mut dyn Write,
) -> Result<(), String> {
    writeln!(out, "{message}").map_err(|e| e.to_string())?;
    show_board(session, display, out)
}

fn show_board(session: &mut Session, display: &Display, out: &mut dyn Write) -> Result<(), String> {
    if display.boards {
        writeln!(out, "{}", session.board(display.color).trim_end()).map_err(|e| e.to_string())?;
        session.board_shown();
    } else if let Some(result) = result_text(session.current()) {
        writeln!(out, "{result}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn result_text(game: &dyn AnyGame) -> Option<String> {
    let outcome = game.outcome()?;
    Some(format!(
        "game over: {}",
        outcome.describe(game.players(), |s| game.seat_name(s))
    ))
}

/// ` (value 0.62, 10000 iterations in 0.03 s; pv D e C)` for an agent's move.
fn search_line(decision: &AnyDecision, seat: Seat) -> String {
    let Some(s) = &decision.search else {
        return String::new();
    };
    let proven = match s.proven {
        Some(o) if o.score(seat) >= 1.0 => ", proven win",
        Some(o) if o.score(seat) <= 0.0 => ", proven loss",
        Some(_) => ", proven shared result",
        None => "",
    };
    format!(
        "  [value {:.2}{proven}, {} iterations in {:.2} s, {} nodes; pv {}]",
        s.value,
        s.iterations,
        s.elapsed.as_secs_f64(),
        s.nodes,
        s.pv.join(" ")
    )
}

fn search_table(decision: &AnyDecision, seat: Seat) -> String {
    let Some(s) = &decision.search else {
        return String::new();
    };
    let mut text = format!(
        "{}\n  move      visits   value\n",
        search_line(decision, seat).trim()
    );
    for (mv, visits, value, proven) in s.moves.iter().take(8) {
        let note = if proven.is_some() { "  (proven)" } else { "" };
        let _ = writeln!(text, "  {mv:<8} {visits:>7}   {value:.3}{note}");
    }
    text
}

/// The one-line JSON of `state`.
pub fn state_json(session: &Session) -> String {
    let game = session.current();
    let params: Map<String, Value> = game
        .params()
        .iter()
        .map(|(k, v)| {
            let value = v
                .parse::<i64>()
                .map(Value::from)
                .unwrap_or_else(|_| Value::from(v));
            (k.to_string(), value)
        })
        .collect();
    let outcome = game.outcome().map(|o| {
        json!({
            "winners": o.winners().map(|s| s + 1).collect::<Vec<_>>(),
            "scores": o.scores()[..game.players()].to_vec(),
            "result": o.describe(game.players(), |s| game.seat_name(s)),
        })
    });
    json!({
        "game": game.name(),
        "params": params,
        "position": game.position(),
        "to_move": game.to_move() + 1,
        "moves": session.moves(),
        "agents": session.seats().iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "outcome": outcome,
    })
    .to_string()
}

fn help(session: &Session, topic: &str) -> Result<String, String> {
    let registry = &session.registry;
    if topic.is_empty() {
        let mut text = String::from("commands (a bare move also plays it):\n");
        let indent = " ".repeat(31);
        let options = textwrap::Options::new(text_width())
            .initial_indent("")
            .subsequent_indent(&indent);
        for c in COMMANDS {
            let usage = format!("{} {}", c.name, c.args);
            let line = format!(
                "  {usage:<28} {}",
                c.help.split(';').next().unwrap_or(c.help)
            );
            let _ = writeln!(text, "{}", textwrap::fill(&line, &options));
        }
        let agents = format!(
            "agents: {} (`help AGENT` or `agents` for their parameters)",
            registry.agent_names().join(", ")
        );
        text.push_str(&textwrap::fill(&agents, text_width()));
        return Ok(text);
    }
    let topic = topic.to_ascii_lowercase();
    let detail = textwrap::Options::new(text_width())
        .initial_indent("  ")
        .subsequent_indent("  ");
    if let Some(c) = COMMANDS.iter().find(|c| c.name == topic) {
        return Ok(format!(
            "{} {}\n{}",
            c.name,
            c.args,
            textwrap::fill(c.help, &detail)
        ));
    }
    if let Some(kind) = registry.agent_kinds().find(|k| k.name == topic) {
        let mut text = format!("{}: {}", kind.name, kind.description);
        for p in kind.params {
            let _ = write!(
                text,
                "\n  {} ({}): {}",
                p.usage(),
                p.describe_values(),
                p.help
            );
        }
        return Ok(text);
    }
    Err(format!(
        "no command or agent `{}`; type `help` for the list",
        excerpt(&topic)
    ))
}
