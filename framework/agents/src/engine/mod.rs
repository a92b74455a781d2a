//! `engine`: an outside program that speaks the engine protocol
//! ([`crate::protocol`], `docs/protocol.md`) as an agent.
//!
//! The program is started lazily, at the agent's first move (the arena
//! builds every agent once just to check it), and stopped when the agent is
//! dropped. Whatever goes wrong — it cannot start, crashes, hangs past its
//! time plus the margin, answers garbage or an illegal move — is a
//! [`Forfeit`] with the reason: the program is killed, the game is lost,
//! and the next move (if any) starts a fresh process. Its stderr is kept in
//! a bounded log that [`Agent::take_log`] hands over. What fails for want
//! of Tabula's own resources (no descriptors left to start the program) is
//! a forfeit of [`Fault::Tabula`]: not the engine's loss.

mod group;
mod pipe;
mod process;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Fault, Forfeit};
use crate::protocol::{Base, Command, Info, Reply, VERSION};
use pipe::Written;
use process::{lock, Log, Process, Received};
use tabula_core::game::Game;
use tabula_core::params::ParamKind;
use tabula_search::search::{Control, Limit, Progress, SearchReport};

/// How often a waiting agent looks at the caller's stop flag.
const POLL: Duration = Duration::from_millis(20);

/// The `engine` agent kind: `engine(cmd="python3 my_engine.py")`.
pub struct EngineKind;

const DURATION: ParamKind = ParamKind::Duration {
    min: Duration::from_millis(1),
    max: Duration::from_secs(24 * 3600),
};

crate::agent_settings! {
    /// What an `engine(...)` spec sets.
    kind "engine";
    pub struct EngineSettings {
        /// the program and its arguments (required), split into words as a POSIX
        /// shell does: quotes group words, backslashes escape; no variables,
        /// pipes or globs
        pub cmd: Option<String> = ParamKind::Verbatim {
            expected: "a command line, e.g. \"python3 my_engine.py --level 3\"",
        }
        .unset(),
        /// the working directory the program runs in, as if by `cd DIR && CMD`
        /// (default: Tabula's own)
        pub dir: Option<PathBuf> = ParamKind::Verbatim { expected: "a directory" }.unset(),
        /// the time per move, sent with `go time=MS`
        pub time: Duration = DURATION.default("1s"),
        /// also sent with `go iterations=N` when given (engines may ignore it)
        pub iterations: Option<u64> = ParamKind::Int { min: 1, max: i64::MAX }.unset(),
        /// how long past its time an engine may take to answer before it is
        /// killed and forfeits the game
        pub margin: Duration = DURATION.default("1s"),
        /// how long the program may take to start, answer the handshake and
        /// accept the game
        pub startup: Duration = DURATION.default("10s"),
        /// passed to the program as the environment variable TABULA_SEED
        /// (default: the seat's seed)
        pub seed: Option<u64> = SEED,
    }
}

impl AgentKind for EngineKind {
    type Settings = EngineSettings;
    const DESCRIPTION: &'static str =
        "an outside program speaking the engine protocol (docs/protocol.md)";
    const PROGRAM: Option<&'static str> = Some("cmd");

    fn build<G: Game>(
        settings: &EngineSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let config = EngineConfig::new(settings, context.seed)?;
        Ok(Box::new(EngineAgent::new(
            config,
            context.game,
            context.start,
        )))
    }
}

/// How to run and time an engine: what an `engine(...)` spec describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The working directory; `None` for Tabula's own.
    pub dir: Option<PathBuf>,
    /// The time per move sent with `go` (unless the caller's limit sets one).
    pub time: Duration,
    /// Iterations per move sent with `go`, if any.
    pub iterations: Option<u64>,
    /// How long past `time` the engine may take before it forfeits.
    pub margin: Duration,
    /// How long it may take to start, answer the handshake and accept the game.
    pub startup: Duration,
    /// `TABULA_SEED` in the program's environment.
    pub seed: u64,
}

impl EngineConfig {
    /// How to run an `engine(...)` spec's program, with `seed` as its
    /// `TABULA_SEED`; an `Err` when `cmd` is missing, is not a command
    /// line, names a program that cannot be found, or `dir` is not a
    /// directory.
    pub fn new(settings: &EngineSettings, seed: u64) -> Result<Self, String> {
        let cmd = settings
            .cmd
            .as_deref()
            .ok_or("give the program to run: engine(cmd=\"python3 my_engine.py\")")?;
        let argv = split_command(cmd)?;
        let dir = settings.dir.clone();
        if let Some(dir) = &dir {
            if !dir.is_dir() {
                return Err(format!("dir `{}` is not a directory", dir.display()));
            }
        }
        process::locate(&argv[0], dir.as_deref())?;
        Ok(EngineConfig {
            argv,
            dir,
            time: settings.time,
            iterations: settings.iterations,
            margin: settings.margin,
            startup: settings.startup,
            seed,
        })
    }
}

/// Splits a command line into words as a POSIX shell does (`shlex`):
/// whitespace separates, quotes group, backslashes escape.
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    match shlex::split(cmd) {
        Some(words) if !words.is_empty() => Ok(words),
        Some(_) => Err("cmd is empty: give the program to run".to_string()),
        None => Err(format!(
            "cmd `{cmd}` is not a command line (a quote is not closed, or it ends in a backslash)"
        )),
    }
}

/// Why an engine cannot go on.
#[derive(Debug)]
enum Failure {
    /// The engine misbehaved (crashed, hung, misplayed): it forfeits.
    Engine(String),
    /// Tabula itself failed (no descriptors, memory or threads left, its
    /// own I/O): not the engine's fault.
    Tabula(String),
}

impl From<String> for Failure {
    fn from(reason: String) -> Self {
        Failure::Engine(reason)
    }
}

impl From<&str> for Failure {
    fn from(reason: &str) -> Self {
        Failure::Engine(reason.to_string())
    }
}

impl From<Failure> for Forfeit {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Engine(reason) => Forfeit::new(reason),
            Failure::Tabula(reason) => Forfeit {
                reason,
                fault: Fault::Tabula,
            },
        }
    }
}

/// The moves since a position the engine was told of, so that `position`
/// carries the game's history (which matters to games with a ko rule).
struct History<G: Game> {
    base: String,
    moves: Vec<String>,
    /// `base` with `moves` played.
    current: G,
}

/// An outside program playing through the engine protocol.
pub struct EngineAgent<G: Game> {
    config: EngineConfig,
    /// The game's spec, sent with `game`.
    game: String,
    process: Option<Process>,
    log: Arc<Mutex<Log>>,
    history: Option<History<G>>,
}

impl<G: Game> EngineAgent<G> {
    /// An agent that will run `config`'s program for the game `game` (a
    /// spec such as `diffusion(width=8)`) from `start`; nothing is started
    /// before the first move.
    pub fn new(config: EngineConfig, game: &str, start: &G) -> Self {
        EngineAgent {
            config,
            game: game.to_string(),
            process: None,
            log: Arc::default(),
            history: Some(History {
                base: start.position(),
                moves: Vec::new(),
                current: start.clone(),
            }),
        }
    }

    /// Starts the program: handshake, then the game. A stop asked for
    /// meanwhile ends the start at once: an engine not yet ready has no
    /// move to give, and a caller that gave up must not wait for it.
    fn start<M>(&mut self, control: &Control<'_, M>) -> Result<(), Failure> {
        let config = &self.config;
        let process = Process::start(
            &config.argv,
            config.dir.as_deref(),
            config.seed,
            Arc::clone(&self.log),
        )?;
        let mut wait = Wait::new("handshake timeout", config.startup, config.margin);
        wait.abandon_on_stop = true;
        let process = self.process.insert(process);
        send(
            process,
            &wait,
            &[&Command::Hello { version: VERSION }.to_string()],
        )?;
        loop {
            match next_reply(process, &mut wait, control)? {
                Reply::Id { .. } => {}
                Reply::Ok => break,
                Reply::Error(message) => {
                    return Err(format!("engine error at the handshake: {message}").into())
                }
                other => return Err(unexpected(&other, "the handshake").into()),
            }
        }
        send(
            process,
            &wait,
            &[&Command::Game(self.game.clone()).to_string()],
        )?;
        match next_reply(process, &mut wait, control)? {
            Reply::Ok => Ok(()),
            Reply::Error(message) => {
                Err(format!("the engine cannot play {}: {message}", self.game).into())
            }
            other => Err(unexpected(&other, "`game`").into()),
        }
    }

    /// The `position` command for `state`: the known history when it leads
    /// there, else the position alone.
    fn position(&mut self, state: &G) -> Command {
        let text = state.position();
        let known = self
            .history
            .as_ref()
            .is_some_and(|h| h.current.position() == text);
        let history = match &mut self.history {
            Some(history) if known => history,
            slot => slot.insert(History {
                base: text,
                moves: Vec::new(),
                current: state.clone(),
            }),
        };
        Command::Position {
            base: Base::Text(history.base.clone()),
            moves: history.moves.clone(),
        }
    }

    /// One move: `position` and `go`, then `info` lines up to `bestmove`.
    fn ask(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Failure> {
        let position = self.position(state);
        let time = control.limit.time.unwrap_or(self.config.time);
        let limit = Limit {
            time: Some(time),
            iterations: control.limit.iterations.or(self.config.iterations),
        };
        let margin = self.config.margin;
        if self.process.is_none() {
            self.start(control)?;
        }
        let process = self.process.as_mut().expect("the engine was started");
        // The time runs from the first byte sent: writing to an engine that
        // stops reading counts against it too.
        let mut wait = Wait::new("timeout", time + margin, margin);
        let go = [&position.to_string(), &Command::Go(limit).to_string()];
        send(process, &wait, &go.map(String::as_str))?;
        match next_reply(process, &mut wait, control)? {
            Reply::Ok => {}
            Reply::Error(message) => {
                return Err(format!("engine error: {message} (to `position`)").into())
            }
            other => return Err(unexpected(&other, "`position`").into()),
        }
        let mut last = Info::default();
        loop {
            match next_reply(process, &mut wait, control)? {
                Reply::Info(info) => {
                    control.report(&Progress {
                        best: info.pv.first().and_then(|mv| legal(state, mv).ok()),
                        value: info.value,
                        depth: info.depth,
                        pv: line(state, &info.pv),
                        ..Progress::counts(wait.since.elapsed(), info.iterations.unwrap_or(0))
                    });
                    last = info;
                }
                Reply::BestMove(text) => {
                    let mv = legal(state, &text)?;
                    return Ok(Decision {
                        mv,
                        search: report(state, mv, &last, wait.since.elapsed()),
                    });
                }
                Reply::Error(message) => {
                    return Err(format!("engine error: {message} (to `go`)").into())
                }
                other => return Err(unexpected(&other, "`go`").into()),
            }
        }
    }
}

/// How long to wait for replies, and what to say when that runs out.
struct Wait {
    deadline: Instant,
    /// When the wait began, for the timeout's message.
    since: Instant,
    /// What running out is called: `timeout`, `handshake timeout`.
    what: &'static str,
    /// How long an engine told to stop may take to answer.
    margin: Duration,
    stop_sent: bool,
    /// A stop ends the wait at once instead of being passed on (the
    /// handshake: there is no move to answer with yet).
    abandon_on_stop: bool,
}

impl Wait {
    fn new(what: &'static str, budget: Duration, margin: Duration) -> Self {
        let since = Instant::now();
        Wait {
            deadline: since + budget,
            since,
            what,
            margin,
            stop_sent: false,
            abandon_on_stop: false,
        }
    }

    /// Running out of time, as a forfeit's reason.
    fn timeout(&self) -> String {
        let waited = self.since.elapsed().as_secs_f64();
        format!("{} after {waited:.2} s", self.what)
    }
}

/// Sends `lines` before `wait`'s deadline: an engine that does not take
/// them in time has run out of it.
fn send(process: &mut Process, wait: &Wait, lines: &[&str]) -> Result<(), Failure> {
    match process.send(lines, wait.deadline)? {
        Written::All => Ok(()),
        Written::Timeout => Err(wait.timeout().into()),
    }
}

/// The next reply before the deadline (blank lines skipped): a timeout,
/// the engine's end and garbage are errors. A stop asked for by the caller
/// meanwhile is passed on, and the engine then has the margin to answer.
fn next_reply<M>(
    process: &mut Process,
    wait: &mut Wait,
    control: &Control<'_, M>,
) -> Result<Reply, Failure> {
    loop {
        if control.stopped() && wait.abandon_on_stop {
            return Err(Failure::Tabula(
                "stopped before the engine was ready to play".to_string(),
            ));
        }
        if control.stopped() && !wait.stop_sent {
            send(process, wait, &[&Command::Stop.to_string()])?;
            wait.stop_sent = true;
            wait.deadline = wait.deadline.min(Instant::now() + wait.margin);
        }
        // Wake up now and then to look at the stop flag.
        let until = match control.stop {
            Some(_) if !wait.stop_sent => wait.deadline.min(Instant::now() + POLL),
            _ => wait.deadline,
        };
        match process.receive(until)? {
            Received::Line(line) if line.trim().is_empty() => {}
            Received::Line(line) => {
                return Reply::parse(&line)
                    .map_err(|e| format!("protocol error: {e} (in `{}`)", shorten(&line)).into())
            }
            Received::Timeout if Instant::now() >= wait.deadline => {
                return Err(wait.timeout().into());
            }
            Received::Timeout => {}
        }
    }
}

/// A reply that has no place here, as a protocol error.
fn unexpected(reply: &Reply, answering: &str) -> String {
    format!(
        "protocol error: `{}` in answer to {answering}",
        shorten(&reply.to_string())
    )
}

/// At most 80 characters of `line`, for messages.
fn shorten(line: &str) -> String {
    match line.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

/// `text` as a legal move of `state`, or why it is not one.
fn legal<G: Game>(state: &G, text: &str) -> Result<G::Move, String> {
    let illegal = |why: String| format!("illegal move `{}`: {why}", shorten(text));
    let mv = state.parse_move(text).map_err(|e| illegal(e.to_string()))?;
    state
        .clone()
        .try_play(mv)
        .map_err(|e| illegal(e.to_string()))?;
    Ok(mv)
}

/// An engine's variation from `state`, up to the first move that is not
/// legal.
fn line<G: Game>(state: &G, texts: &[String]) -> Vec<G::Move> {
    let mut line = state.clone();
    let mut pv = Vec::new();
    for text in texts {
        match line.parse_move(text) {
            Ok(mv) if line.try_play(mv).is_ok() => pv.push(mv),
            _ => break,
        }
    }
    pv
}

/// The engine's last `info` as a search report, when it gave a value; its
/// principal variation is kept up to the first move that is not legal.
fn report<G: Game>(
    state: &G,
    best: G::Move,
    info: &Info,
    elapsed: Duration,
) -> Option<SearchReport<G::Move>> {
    let value = info.value?;
    let mut pv = line(state, &info.pv);
    if pv.first() != Some(&best) {
        pv = vec![best];
    }
    Some(SearchReport {
        best,
        iterations: info.iterations.unwrap_or(0),
        nodes: info.nodes.unwrap_or(0) as usize,
        elapsed,
        value,
        children: Vec::new(),
        pv,
        proven: None,
        depth: info.depth,
        distance: None,
    })
}

impl<G: Game> Agent<G> for EngineAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        self.ask(state, control).map_err(|failure| {
            let note = match &failure {
                Failure::Engine(reason) => format!("forfeit: {reason}"),
                Failure::Tabula(reason) => format!("Tabula's own failure: {reason}"),
            };
            lock(&self.log).note(&note);
            if let Some(mut process) = self.process.take() {
                process.stop(false);
            }
            failure.into()
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        let Some(history) = &mut self.history else {
            return;
        };
        if history.current.position() == before.position() && history.current.try_play(mv).is_ok() {
            history.moves.push(before.format_move(mv));
        } else {
            self.history = None;
        }
    }

    /// Stops the program (so that its stderr is read to the end) and hands
    /// over the log; a later move starts a fresh process.
    fn take_log(&mut self) -> Option<String> {
        if let Some(mut process) = self.process.take() {
            process.stop(true);
        }
        lock(&self.log).take()
    }
}

// The tests run small `sh` scripts as engines.
#[cfg(all(test, unix))]
mod tests;
