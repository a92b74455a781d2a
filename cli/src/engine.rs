//! `tabula engine [AGENT]`: any Tabula agent served over the engine
//! protocol (`tabula::protocol`, `docs/protocol.md`) on stdin and stdout,
//! for GUIs, scripts and other programs' tournaments.
//!
//! Input is read on its own thread and `go` searches on another, so that
//! `stop` and `quit` are obeyed while a search runs; other commands read
//! meanwhile wait for its answer, so a piped script runs in order.

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use tabula::files::{BoundedLine, BoundedLines, MAX_COMMAND_BYTES};

use tabula::agents::{AnyControl, Forfeit};
use tabula::protocol::{Base, Command, Info, Reply, PROTOCOL, VERSION};
use tabula::search::{Limit, Progress};
use tabula::{AgentSpec, AnyAgent, AnyDecision, AnyGame, Registry};

/// Where replies go: shared by the loop and the searching thread, one
/// whole line at a time.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Replies on `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `reply` and flushes it. A client that stopped reading will
    /// close our input too, which ends the session, so errors are ignored.
    fn send(&self, reply: &Reply) {
        let mut writer = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let _ = writeln!(writer, "{reply}").and_then(|()| writer.flush());
    }
}

/// What the loop waits for: a line of input, its end, or a search's end.
enum Event {
    Line(String),
    /// A line longer than any command, read past (its length).
    TooLong(usize),
    End,
    /// The search answered; its agent comes back (`None` when it
    /// panicked: it is built afresh).
    Done {
        agent: Option<Box<dyn AnyAgent>>,
    },
}

/// Serves `agent` (a spec) on stdin and stdout until `quit` or the end of
/// input.
pub fn run(registry: &Registry, agent: &str, seed: u64) -> Result<(), String> {
    let spec = registry.parse_agent(agent).map_err(|e| e.to_string())?;
    if spec.is_human() {
        return Err("`human` cannot be served as an engine; choose an agent such as mcts".into());
    }
    let input = std::io::BufReader::new(std::io::stdin());
    serve(registry, spec, seed, input, Output::new(std::io::stdout()));
    Ok(())
}

/// Serves `spec`'s agent (seeded with `seed` unless the spec has its own)
/// on `input` and `output`.
pub fn serve(
    registry: &Registry,
    spec: AgentSpec,
    seed: u64,
    input: impl BufRead + Send + 'static,
    output: Output,
) {
    let (events, receive) = mpsc::channel();
    let lines = events.clone();
    thread::spawn(move || {
        for line in BoundedLines::new(input, MAX_COMMAND_BYTES) {
            let event = match line {
                Ok(BoundedLine::Line(bytes)) => {
                    Event::Line(String::from_utf8_lossy(&bytes).into_owned())
                }
                Ok(BoundedLine::TooLong(length)) => Event::TooLong(length),
                Err(_) => break,
            };
            if lines.send(event).is_err() {
                return;
            }
        }
        let _ = lines.send(Event::End);
    });
    let (jobs, searches) = mpsc::channel();
    let out = output.clone();
    thread::spawn(move || searcher(searches, out, events));
    let mut server = Server {
        registry,
        spec,
        seed,
        out: output,
        jobs,
        greeted: false,
        game: None,
        position: None,
        last: None,
        agent: None,
        search: None,
        quitting: false,
        ending: false,
        waiting: VecDeque::new(),
    };
    for event in receive {
        if !server.handle(event) {
            break;
        }
    }
}

/// A running search.
#[derive(Default)]
struct Search {
    stop: Arc<AtomicBool>,
    /// Set by `quit`: the search ends without an answer.
    quitting: Arc<AtomicBool>,
}

/// The answer to `go`: the search's summary as a last `info`, then
/// `bestmove`; or an error when the agent gave up. Nothing after `quit`.
fn answer(out: &Output, result: Result<AnyDecision, Forfeit>, quitting: bool) {
    if quitting {
        return;
    }
    match result {
        Ok(decision) => {
            if let Some(s) = &decision.search {
                out.send(&Reply::Info(Info {
                    time: Some(s.elapsed),
                    iterations: Some(s.iterations),
                    nodes: Some(s.nodes as u64),
                    value: Some(s.value),
                    depth: s.depth,
                    pv: s.pv.clone(),
                }));
            }
            out.send(&Reply::BestMove(decision.mv));
        }
        Err(forfeit) => out.send(&Reply::Error(format!("the agent gave up: {forfeit}"))),
    }
}

struct Server<'r> {
    registry: &'r Registry,
    spec: AgentSpec,
    seed: u64,
    out: Output,
    /// Searches for the searching thread.
    jobs: Sender<Job>,
    /// Whether the handshake was made.
    greeted: bool,
    /// The start of the game set by `game`.
    game: Option<Box<dyn AnyGame>>,
    /// The position set by `position`.
    position: Option<Box<dyn AnyGame>>,
    /// The last `position`'s base and moves, to tell the agent of the moves
    /// a following `position` adds (so a search can keep its tree).
    last: Option<(Base, Vec<String>)>,
    /// The agent, built for the current game; out on the searching thread
    /// while a search runs.
    agent: Option<Box<dyn AnyAgent>>,
    search: Option<Search>,
    /// `quit` came during a search: end without answering it.
    quitting: bool,
    /// The input ended during a search: end once it is answered.
    ending: bool,
    /// Commands read during a search, carried out once it is answered.
    waiting: VecDeque<Command>,
}

impl Server<'_> {
    /// Handles one event; `false` ends the session.
    fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Line(line) if line.trim().is_empty() => true,
            Event::TooLong(length) => {
                self.error(format!(
                    "a line of {length} bytes is longer than any command ({} KiB); ignored",
                    MAX_COMMAND_BYTES >> 10
                ));
                true
            }
            Event::Line(line) => match Command::parse(&line) {
                Ok(command) => self.command(command),
                Err(e) => {
                    self.error(e.to_string());
                    true
                }
            },
            // A running search is answered first (scripts pipe `go` in).
            Event::End if self.search.is_some() => {
                self.ending = true;
                true
            }
            Event::End => false,
            Event::Done { agent } => {
                self.search = None;
                self.agent = agent;
                if self.quitting {
                    return false;
                }
                // What came during the search, in order, up to the next `go`.
                while self.search.is_none() {
                    let Some(command) = self.waiting.pop_front() else {
                        break;
                    };
                    if !self.command(command) {
                        return false;
                    }
                }
                !(self.ending && self.search.is_none())
            }
        }
    }

    fn error(&self, message: String) {
        self.out.send(&Reply::Error(message));
    }

    /// Carries out one command; `false` ends the session.
    fn command(&mut self, command: Command) -> bool {
        if let Some(search) = &self.search {
            match command {
                Command::Stop => search.stop.store(true, Ordering::Relaxed),
                Command::Quit => {
                    search.quitting.store(true, Ordering::Relaxed);
                    search.stop.store(true, Ordering::Relaxed);
                    self.quitting = true;
                }
                other => self.waiting.push_back(other),
            }
            return true;
        }
        let done = match command {
            Command::Quit => return false,
            // Nothing to stop: ignored, as the protocol says.
            Command::Stop => Ok(None),
            Command::Hello { version } => self.hello(version),
            _ if !self.greeted => Err(format!("send the handshake `{PROTOCOL} {VERSION}` first")),
            Command::Game(spec) => self.game(&spec),
            Command::Position { base, moves } => self.position(base, moves),
            Command::Go(limit) => self.go(limit),
        };
        match done {
            Ok(Some(reply)) => self.out.send(&reply),
            Ok(None) => {}
            Err(message) => self.error(message),
        }
        true
    }

    fn hello(&mut self, version: u32) -> Result<Option<Reply>, String> {
        if version != VERSION {
            return Err(format!(
                "this engine speaks {PROTOCOL} {VERSION}, not {version}"
            ));
        }
        self.greeted = true;
        self.out.send(&Reply::Id {
            key: "name".into(),
            value: format!("tabula {} {}", env!("CARGO_PKG_VERSION"), self.spec),
        });
        Ok(Some(Reply::Ok))
    }

    fn game(&mut self, spec: &str) -> Result<Option<Reply>, String> {
        let start = self.registry.create(spec).map_err(|e| e.to_string())?;
        let agent = self
            .registry
            .agent(start.as_ref(), &self.spec, self.seed)
            .map_err(|e| e.to_string())?;
        self.game = Some(start);
        self.agent = Some(agent);
        self.position = None;
        self.last = None;
        Ok(Some(Reply::Ok))
    }

    fn position(&mut self, base: Base, moves: Vec<String>) -> Result<Option<Reply>, String> {
        let game = self
            .game
            .as_ref()
            .ok_or("no game: send `game SPEC` first")?;
        let mut state = match &base {
            Base::Start => game.clone(),
            Base::Text(text) => game.with_position(text).map_err(|e| e.to_string())?,
        };
        // Each move with the state before it, for the agent.
        let mut played = Vec::with_capacity(moves.len());
        for (n, mv) in moves.iter().enumerate() {
            let before = state.clone();
            let canonical = state
                .play(mv)
                .map_err(|e| format!("move {} `{mv}`: {e}", n + 1))?;
            played.push((before, canonical));
        }
        if let (Some(agent), Some((last_base, last_moves))) = (&mut self.agent, &self.last) {
            if *last_base == base && moves.starts_with(last_moves) {
                for (before, mv) in &played[last_moves.len()..] {
                    agent.observe(before.as_ref(), mv);
                }
            }
        }
        self.position = Some(state);
        self.last = Some((base, moves));
        Ok(Some(Reply::Ok))
    }

    fn go(&mut self, limit: Limit) -> Result<Option<Reply>, String> {
        let position = self
            .position
            .clone()
            .ok_or("no position: send `position TEXT` or `position start` first")?;
        if position.outcome().is_some() {
            return Err("the game is over in this position".into());
        }
        let agent = match self.agent.take() {
            Some(agent) => agent,
            None => self
                .registry
                .agent(position.as_ref(), &self.spec, self.seed)
                .map_err(|e| e.to_string())?,
        };
        let search = Search::default();
        let job = Job {
            agent,
            position,
            limit,
            stop: Arc::clone(&search.stop),
            quitting: Arc::clone(&search.quitting),
        };
        self.search = Some(search);
        self.jobs
            .send(job)
            .map_err(|_| "the search thread is gone".to_string())?;
        Ok(None)
    }
}

/// A search for the searching thread.
struct Job {
    agent: Box<dyn AnyAgent>,
    position: Box<dyn AnyGame>,
    limit: Limit,
    stop: Arc<AtomicBool>,
    quitting: Arc<AtomicBool>,
}

/// The searching thread: runs each job, answers it, and hands the agent
/// back to the loop. One thread for the session, so a `go` costs no
/// thread start.
fn searcher(jobs: Receiver<Job>, out: Output, events: Sender<Event>) {
    for mut job in jobs {
        let progress = |p: &Progress<String>| {
            out.send(&Reply::Info(Info {
                time: Some(p.elapsed),
                iterations: Some(p.iterations),
                nodes: None,
                value: p.value,
                depth: p.depth,
                // The variation when the search gives one, else its best move.
                pv: if p.pv.is_empty() {
                    p.best.iter().cloned().collect()
                } else {
                    p.pv.clone()
                },
            }))
        };
        let control = AnyControl {
            limit: job.limit,
            stop: Some(&job.stop),
            progress: Some(&progress),
        };
        let chosen = catch_unwind(AssertUnwindSafe(|| {
            job.agent.choose(job.position.as_ref(), &control)
        }));
        // Answered here, at once; the loop takes the agent back after.
        let (result, agent) = match chosen {
            Ok(result) => (result, Some(job.agent)),
            Err(_) => (Err(Forfeit::new("the agent panicked")), None),
        };
        answer(&out, result, job.quitting.load(Ordering::Relaxed));
        if events.send(Event::Done { agent }).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(agent: &str, input: &str) -> Vec<String> {
        let registry = tabula_games::registry();
        let spec = registry.parse_agent(agent).unwrap();
        let out = Shared::default();
        serve(
            &registry,
            spec,
            7,
            Cursor::new(input.to_string()),
            Output::new(out.clone()),
        );
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn a_session_answers_every_command_once() {
        let lines = session(
            "random",
            "go\ntabula-engine 1\ngame differo\nposition start\ngo\nposition start\ngo\n",
        );
        assert!(
            lines[0].starts_with("error send the handshake"),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("id name tabula "), "{lines:?}");
        assert_eq!(lines[2..5], ["ok", "ok", "ok"], "{lines:?}");
        // The input ended during the search: it is answered all the same.
        // Commands read during a search wait for its answer, and the end
        // of input lets the last search finish.
        assert_eq!(lines[6], "ok", "{lines:?}");
        for line in [&lines[5], &lines[7]] {
            let mv = line.strip_prefix("bestmove ").expect("a bestmove");
            let mut start = tabula_games::registry().create("differo").unwrap();
            assert!(start.play(mv).is_ok(), "{mv}");
        }
        assert_eq!(lines.len(), 8, "{lines:?}");
    }

    #[test]
    fn errors_leave_the_session_as_it_was() {
        let lines = session(
            "random",
            "tabula-engine 2\ntabula-engine 1\ngame chess\ngame diffusion\n\
             position 9/9 A\nposition start moves D D\ngo\nposition start moves D\n\
             frobnicate\nstop\nquit\ngo\n",
        );
        let expected = [
            "error this engine speaks tabula-engine 1, not 2",
            "id name",
            "ok",
            "error unknown game `chess`",
            "ok",
            "error",
            "error move 2 `D`",
            "error no position",
            "ok",
            "error unknown command `frobnicate`",
        ];
        assert_eq!(lines.len(), expected.len(), "{lines:?}");
        for (line, start) in lines.iter().zip(expected) {
            assert!(
                line.starts_with(start),
                "{line:?} should start with {start:?}"
            );
        }
    }
}
