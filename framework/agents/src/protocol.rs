//! The engine protocol's lines: what a client (a GUI, a script, Tabula's
//! `engine(cmd=...)` agent) sends an engine, and what the engine answers.
//! Both sides of Tabula — the `engine` agent kind and `tabula engine` —
//! read and write them here, so they cannot drift apart. The protocol is
//! specified for engine authors in `docs/protocol.md`.
//!
//! A session, client lines marked `>`:
//!
//! ```text
//! > tabula-engine 1
//! < id name my-engine 0.3
//! < ok
//! > game diffusion(width=8)
//! < ok
//! > position start moves D e
//! < ok
//! > go time=1000
//! < info time=100 iterations=5210 value=0.56 pv C b
//! < bestmove C
//! > quit
//! ```
//!
//! Every command except `stop` and `quit` gets exactly one final line:
//! `ok`, `bestmove M` (for `go`, after any `info` lines) or `error MESSAGE`.
//!
//! ```
//! use tabula_agents::protocol::{Base, Command, Reply};
//! let go = Command::parse("go time=500").unwrap();
//! assert_eq!(go.to_string(), "go time=500");
//! let position = Command::parse("position 444444/444444 A moves D e").unwrap();
//! assert_eq!(
//!     position,
//!     Command::Position {
//!         base: Base::Text("444444/444444 A".into()),
//!         moves: vec!["D".into(), "e".into()],
//!     }
//! );
//! assert_eq!(Reply::parse("bestmove G4-G5").unwrap(), Reply::BestMove("G4-G5".into()));
//! ```

use std::fmt;
use std::time::Duration;

use tabula_search::search::Limit;

/// The protocol's name, the first word of the handshake.
pub const PROTOCOL: &str = "tabula-engine";
/// The protocol version this module speaks.
pub const VERSION: u32 = 1;

/// A line the client sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `tabula-engine 1`: the handshake, the first line of a session.
    Hello {
        /// The protocol version the client speaks.
        version: u32,
    },
    /// `game SPEC`: the game and variant, e.g. `diffusion(width=8)`.
    Game(String),
    /// `position TEXT [moves M1 M2 ...]` or `position start [moves ...]`.
    Position {
        /// Where the moves start from.
        base: Base,
        /// Moves played from there, in the game's notation.
        moves: Vec<String>,
    },
    /// `go [time=MS] [iterations=N]`: choose a move for the side to move.
    /// An unset field leaves the engine's own budget.
    Go(Limit),
    /// `stop`: answer the running `go` at once with the best move so far.
    Stop,
    /// `quit`: end the session.
    Quit,
}

/// The start of a `position` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base {
    /// `start`: the start position of the current game.
    Start,
    /// A position text in the game's own notation.
    Text(String),
}

/// A line the engine sends.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `id KEY VALUE`: who the engine is (`id name ...`, `id author ...`),
    /// before the handshake's `ok`.
    Id {
        /// A word: `name`, `author`.
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `ok`: the handshake, `game` or `position` was accepted.
    Ok,
    /// `info ...`: progress of a running `go`.
    Info(Info),
    /// `bestmove M`: the answer to `go`.
    BestMove(String),
    /// `error MESSAGE`: the command could not be carried out; the session
    /// goes on.
    Error(String),
}

/// What an `info` line reports; every field is optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Info {
    /// `time=MS`: time searched so far.
    pub time: Option<Duration>,
    /// `iterations=N`: iterations (MCTS) or visits done.
    pub iterations: Option<u64>,
    /// `nodes=N`: nodes in the tree or table.
    pub nodes: Option<u64>,
    /// `value=X`: the expected score of the side to move, 0 to 1.
    pub value: Option<f32>,
    /// `depth=N`: the depth completed, for searches that go by depth.
    pub depth: Option<u32>,
    /// `pv M1 M2 ...` (last on the line): the principal variation, from
    /// the move the engine would play now.
    pub pv: Vec<String>,
}

/// A line that does not follow the protocol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ProtocolError(pub String);

fn error<T>(message: impl Into<String>) -> Result<T, ProtocolError> {
    Err(ProtocolError(message.into()))
}

/// The line without its line break; a line break inside it is an error
/// (a reader that splits at `\r` would see two lines).
fn one_line_only(line: &str) -> Result<&str, ProtocolError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.contains(['\n', '\r']) {
        return error("a line break inside the line");
    }
    Ok(line)
}

/// The line's first word and the rest, trimmed.
fn split_keyword(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// Whole milliseconds, rounded up so that a budget is never shortened to 0.
fn millis(duration: Duration) -> u128 {
    duration.as_nanos().div_ceil(1_000_000)
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ProtocolError> {
    value.parse().or_else(|_| {
        // Digits that do not fit are a number too large, not no number.
        let why = match !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
            true => "is too large",
            false => "is not a whole number",
        };
        let value = tabula_core::excerpt(value);
        error(format!("`{key}={value}`: `{value}` {why}"))
    })
}

impl Command {
    /// Reads one line (a final line break is ignored).
    pub fn parse(line: &str) -> Result<Command, ProtocolError> {
        let (keyword, rest) = split_keyword(one_line_only(line)?);
        let no_arguments = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                error(format!("`{keyword}` takes no arguments, given `{rest}`"))
            }
        };
        match keyword {
            PROTOCOL => match rest.parse() {
                Ok(version) => Ok(Command::Hello { version }),
                Err(_) => error(format!(
                    "the handshake is `{PROTOCOL} VERSION` with a whole number, e.g. `{PROTOCOL} {VERSION}`"
                )),
            },
            "game" if rest.is_empty() => error("`game` needs a game spec, e.g. `game diffusion`"),
            "game" => Ok(Command::Game(rest.to_string())),
            "position" => parse_position(rest),
            "go" => parse_go(rest).map(Command::Go),
            "stop" => no_arguments(Command::Stop),
            "quit" => no_arguments(Command::Quit),
            "" => error("empty line"),
            other => error(format!(
                "unknown command `{other}`; the commands are {PROTOCOL}, game, position, go, stop, quit"
            )),
        }
    }
}

fn parse_position(rest: &str) -> Result<Command, ProtocolError> {
    // The text runs up to the word `moves`; the moves follow it.
    let mut base_end = rest.len();
    let mut moves = Vec::new();
    let mut offset = 0;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let at = offset + rest[offset..].find(word).expect("the word is in the text");
        offset = at + word.len();
        if word == "moves" {
            base_end = at;
            moves = words.map(str::to_string).collect();
            break;
        }
    }
    let base = match rest[..base_end].trim() {
        "" => return error("`position` needs a position text or `start` before any `moves`"),
        "start" => Base::Start,
        text => Base::Text(text.to_string()),
    };
    Ok(Command::Position { base, moves })
}

fn parse_go(rest: &str) -> Result<Limit, ProtocolError> {
    let mut limit = Limit::default();
    for word in rest.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            return error(format!("`go` takes time=MS and iterations=N, not `{word}`"));
        };
        match key {
            "time" if limit.time.is_none() => {
                let ms: u64 = number(key, value)?;
                if ms == 0 {
                    return error("`time=0`: the time is in milliseconds, at least 1");
                }
                limit.time = Some(Duration::from_millis(ms));
            }
            "iterations" if limit.iterations.is_none() => {
                let n: u64 = number(key, value)?;
                if n == 0 {
                    return error("`iterations=0`: at least 1");
                }
                limit.iterations = Some(n);
            }
            "time" | "iterations" => return error(format!("`{key}` is given twice")),
            _ => return error(format!("`go` takes time=MS and iterations=N, not `{key}`")),
        }
    }
    Ok(limit)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hello { version } => write!(f, "{PROTOCOL} {version}"),
            Command::Game(spec) => write!(f, "game {spec}"),
            Command::Position { base, moves } => {
                match base {
                    Base::Start => write!(f, "position start")?,
                    Base::Text(text) => write!(f, "position {text}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(limit) => {
                write!(f, "go")?;
                if let Some(time) = limit.time {
                    write!(f, " time={}", millis(time))?;
                }
                if let Some(n) = limit.iterations {
                    write!(f, " iterations={n}")?;
                }
                Ok(())
            }
            Command::Stop => write!(f, "stop"),
            Command::Quit => write!(f, "quit"),
        }
    }
}

impl Reply {
    /// Reads one line (a final line break is ignored).
    pub fn parse(line: &str) -> Result<Reply, ProtocolError> {
        let line = one_line_only(line)?;
        let (keyword, rest) = split_keyword(line);
        match keyword {
            "ok" if rest.is_empty() => Ok(Reply::Ok),
            "ok" => error(format!("`ok` takes nothing after it, given `{rest}`")),
            "bestmove" => match rest.split_whitespace().collect::<Vec<_>>()[..] {
                [mv] => Ok(Reply::BestMove(mv.to_string())),
                [] => error("`bestmove` without a move"),
                _ => error(format!("`bestmove` takes one move, given `{rest}`")),
            },
            "error" => Ok(Reply::Error(rest.to_string())),
            "info" => parse_info(rest).map(Reply::Info),
            "id" => match split_keyword(rest) {
                ("", _) => error("`id` needs a key and a value, e.g. `id name my-engine`"),
                (key, value) => Ok(Reply::Id {
                    key: key.to_string(),
                    value: value.to_string(),
                }),
            },
            "" => error("empty line"),
            other => error(format!(
                "expected ok, id, info, bestmove or error, not `{other}`"
            )),
        }
    }
}

fn parse_info(rest: &str) -> Result<Info, ProtocolError> {
    let mut info = Info::default();
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "pv" {
            info.pv = words.map(str::to_string).collect();
            break;
        }
        let Some((key, value)) = word.split_once('=') else {
            return error(format!(
                "`info` holds key=value pairs and then `pv` with moves, not `{word}`"
            ));
        };
        match key {
            "time" => info.time = Some(Duration::from_millis(number(key, value)?)),
            "iterations" => info.iterations = Some(number(key, value)?),
            "nodes" => info.nodes = Some(number(key, value)?),
            "depth" => info.depth = Some(number(key, value)?),
            "value" => match value.parse::<f32>() {
                Ok(v) if (0.0..=1.0).contains(&v) => info.value = Some(v),
                _ => {
                    return error(format!(
                        "`value={value}`: the expected score is a number from 0 to 1"
                    ))
                }
            },
            // Keys of later versions or of the engine's own are skipped.
            _ => {}
        }
    }
    Ok(info)
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Id { key, value } => write!(f, "id {key} {value}"),
            Reply::Ok => write!(f, "ok"),
            Reply::Info(info) => write!(f, "{info}"),
            Reply::BestMove(mv) => write!(f, "bestmove {mv}"),
            Reply::Error(message) => write!(f, "error {}", one_line(message)),
        }
    }
}

/// `message` on one line: line breaks become spaces.
fn one_line(message: &str) -> String {
    message.split(['\n', '\r']).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info")?;
        if let Some(time) = self.time {
            write!(f, " time={}", time.as_millis())?;
        }
        if let Some(n) = self.iterations {
            write!(f, " iterations={n}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes={n}")?;
        }
        if let Some(v) = self.value {
            // The shortest text that reads back to the same number.
            write!(f, " value={v}")?;
        }
        if let Some(d) = self.depth {
            write!(f, " depth={d}")?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_print_back_as_they_read() {
        for line in [
            "tabula-engine 1",
            "game diffusion(width=8,blocks=rows)",
            "position start",
            "position start moves D e",
            "position ...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./..... w moves B2-C1",
            "go",
            "go time=1500",
            "go time=20 iterations=300",
            "stop",
            "quit",
        ] {
            let command = Command::parse(line).unwrap();
            assert_eq!(command.to_string(), line);
        }
        assert_eq!(
            Command::parse("  position   444444/444444 A   moves  D   e \r").unwrap(),
            Command::Position {
                base: Base::Text("444444/444444 A".into()),
                moves: vec!["D".into(), "e".into()]
            }
        );
        assert_eq!(
            Command::Go(Limit {
                time: Some(Duration::from_micros(1500)),
                iterations: None
            })
            .to_string(),
            "go time=2"
        );
    }

    #[test]
    fn bad_commands_say_why() {
        for (line, hint) in [
            ("", "empty"),
            ("go\rquit", "line break inside"),
            ("hello", "unknown command `hello`"),
            ("tabula-engine one", "whole number"),
            ("game", "needs a game spec"),
            ("position", "needs a position text"),
            ("position moves D", "needs a position text"),
            ("go time=fast", "not a whole number"),
            ("go time=99999999999999999999999", "is too large"),
            ("go time=0", "at least 1"),
            ("go depth=3", "not `depth`"),
            ("go time=1 time=2", "given twice"),
            ("go 100", "not `100`"),
            ("stop now", "takes no arguments"),
        ] {
            let err = Command::parse(line).unwrap_err().to_string();
            assert!(err.contains(hint), "{line:?}: {err}");
        }
    }

    #[test]
    fn replies_print_back_as_they_read() {
        for line in [
            "id name Tabula 0.1.0 mcts",
            "ok",
            "info time=100 iterations=5210 nodes=4000 value=0.5625 depth=3 pv C b",
            "info value=1",
            "info value=0.33333334",
            "bestmove C3-NE",
            "error no position: send position first",
        ] {
            let reply = Reply::parse(line).unwrap();
            assert_eq!(reply.to_string(), line);
        }
        assert_eq!(
            Reply::parse("info nps=30 pv d").unwrap().to_string(),
            "info pv d"
        );
        assert_eq!(
            Reply::Error("two\nlines".into()).to_string(),
            "error two lines"
        );
    }

    #[test]
    fn garbage_replies_are_errors() {
        for (line, hint) in [
            ("hello there", "expected ok"),
            ("bestmove", "without a move"),
            ("bestmove D e", "one move"),
            ("ok then", "nothing after"),
            ("info value=1.5", "from 0 to 1"),
            ("info value=nan", "from 0 to 1"),
            ("info iterations=-3", "whole number"),
            ("info thinking", "key=value"),
            ("id", "needs a key"),
        ] {
            let err = Reply::parse(line).unwrap_err().to_string();
            assert!(err.contains(hint), "{line:?}: {err}");
        }
    }
}
