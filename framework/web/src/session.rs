//! One tab's game: a [`Session`] on a thread of its own that takes the
//! page's requests, starts the seated agents when their turn comes, streams
//! their search progress and answers with views. When the tab closes, its
//! requests end and so does the thread, which stops any search it runs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use serde::{Deserialize, Serialize};
use tabula::search::Progress;
use tabula::solve::DbError;
use tabula::GameRecord;
use tabula_session::{
    MarginView, MoveStats, Session, SessionError, SolverAnalysis, Thinking, Thought, Update,
};
use tokio::sync::mpsc::error::TryRecvError;
use tokio::sync::mpsc::{Receiver, Sender};

use crate::limits::Permit;
use crate::trust::Purpose;
use crate::view::{Eval, ReplayView, View};
use crate::{replay, App};

/// What the page asks, one JSON message each (`{"type": "play", "move": "D"}`).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Request {
    /// A new game from its spec, with who plays each seat.
    New {
        game: String,
        #[serde(default)]
        seats: Vec<String>,
        #[serde(default)]
        seed: Option<u64>,
    },
    /// A move, as text.
    Play {
        #[serde(rename = "move")]
        mv: String,
    },
    /// Takes back the last move, and the agents' replies before it.
    Undo,
    Redo,
    /// A suggestion for the seat to move, not played.
    Hint,
    /// The thinking agent answers now with its best move so far.
    Stop,
    /// The seat to move's agent (MCTS for a person) plays.
    Go,
    /// Who plays seat `seat` (from 0): `human` or an agent spec.
    Seat {
        seat: usize,
        agent: String,
    },
    /// Agents wait for Go (to study a position), or reply again.
    Pause {
        paused: bool,
    },
    /// Swaps who plays seats `a` and `b` (from 0).
    Swap {
        a: usize,
        b: usize,
    },
    /// The game as a record, to download.
    Save,
    /// A saved record (one line of JSON) to play on from.
    Load {
        record: String,
    },
    /// A position text of the current game to start from (to study any
    /// position, as the Awari Oracle's edit mode does); the history
    /// starts there.
    Setup {
        position: String,
    },
    /// Record `game` (from 1) of results folder `folder` (from 0).
    Replay {
        folder: usize,
        game: usize,
    },
    /// Steps a replay to `ply` moves.
    Goto {
        ply: usize,
    },
    /// The exact values from the solution database (`--db`).
    Solve,
}

/// What the server sends (`{"type": "state", ...}`).
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Event<'a> {
    State(&'a View),
    /// A search's progress, about every 100 ms.
    Progress {
        seat: usize,
        agent: &'a str,
        hint: bool,
        iterations: u64,
        seconds: f64,
        best: Option<&'a str>,
        value: Option<f32>,
        depth: Option<u32>,
        /// The root's leading moves so far, best first, with their shares.
        moves: Vec<MoveStats>,
        pv: &'a [String],
    },
    /// A search's end: its move and what it found (a hint, or an agent's move).
    Thought {
        hint: bool,
        thought: &'a Thought,
    },
    Solved {
        analysis: Exact,
    },
    Record {
        text: String,
    },
    Error {
        message: String,
    },
}

/// The exact values of a position and its moves, in words (`win in 7`,
/// or `margin +2` for a game solved by score margin).
#[derive(Debug, Serialize)]
pub(crate) struct Exact {
    value: String,
    moves: Vec<ExactMove>,
}

#[derive(Debug, Serialize)]
struct ExactMove {
    mv: String,
    value: String,
    best: bool,
}

impl Exact {
    fn of(analysis: &SolverAnalysis) -> Exact {
        Exact {
            value: analysis.value.to_string(),
            moves: analysis
                .moves
                .iter()
                .map(|m| ExactMove {
                    mv: m.mv.clone(),
                    value: m.value.to_string(),
                    best: m.best,
                })
                .collect(),
        }
    }

    fn of_margins(view: &MarginView) -> Exact {
        let text = |margin: i32| format!("margin {margin:+}");
        Exact {
            value: text(view.margin),
            moves: view
                .moves
                .iter()
                .map(|(mv, margin)| ExactMove {
                    mv: mv.clone(),
                    value: text(*margin),
                    best: *margin == view.margin,
                })
                .collect(),
        }
    }
}

/// Serializes `event` for the socket.
pub(crate) fn encode(event: &Event<'_>) -> String {
    serde_json::to_string(event).expect("events serialize")
}

/// A search under way, what its move is for, and its slot, which is
/// given back only once the search has ended: an abandoned search's
/// engine is gone before another search may start.
struct Search {
    thinking: Option<Thinking>,
    hint: bool,
    started: Instant,
    /// Told to answer, at `--max-move-time`.
    told: bool,
    _permit: Permit,
}

impl Search {
    fn thinking(&mut self) -> &mut Thinking {
        self.thinking
            .as_mut()
            .expect("a search thinks until it is taken")
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        // Before the permit (a field, dropped after this).
        if let Some(thinking) = self.thinking.take() {
            thinking.abandon();
        }
    }
}

/// The database loaded for the exact values, and how its file looked
/// then: a file replaced since (`mv new.db db`) is loaded again.
struct LoadedDb {
    path: PathBuf,
    stamp: Option<Stamp>,
}

/// What tells a replaced or rewritten file: its identity, size and time.
type Stamp = (u64, u64, u64, Option<SystemTime>);

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let (device, inode) = {
        use std::os::unix::fs::MetadataExt;
        (meta.dev(), meta.ino())
    };
    #[cfg(not(unix))]
    let (device, inode) = (0, 0);
    Some((device, inode, meta.len(), meta.modified().ok()))
}

/// The session and what the page sees of it.
pub(crate) struct Actor {
    app: Arc<App>,
    session: Session,
    out: Sender<String>,
    search: Option<Search>,
    /// The record being replayed; agents do not move while it is.
    replay: Option<(GameRecord, ReplayView)>,
    /// Search values by ply (see [`Eval`]).
    evals: BTreeMap<usize, Eval>,
    database: Option<LoadedDb>,
}

/// How long a request may wait while a search runs.
const POLL: Duration = Duration::from_millis(20);

impl Actor {
    pub(crate) fn new(app: Arc<App>, out: Sender<String>) -> Actor {
        // The first game registered, as the REPL starts with it.
        let registry = app.registry.clone();
        let first = registry.names().into_iter().next().unwrap_or_default();
        let game = registry
            .create(&first)
            .expect("the server starts only with a registry with games");
        let session = Session::new(registry, game);
        Actor {
            app,
            session,
            out,
            search: None,
            replay: None,
            evals: BTreeMap::new(),
            database: None,
        }
    }

    /// Answers requests until the page closes.
    pub(crate) fn run(mut self, mut requests: Receiver<Request>) {
        self.send_state();
        let max_time = self.app.trust.limits().max_move_time;
        loop {
            let request = match &mut self.search {
                Some(search) => {
                    if !search.told && search.started.elapsed() >= max_time {
                        // The operator's time per move: the agent answers now.
                        search.thinking().stop();
                        search.told = true;
                    }
                    match search.thinking().wait(POLL) {
                        Update::Progress(progress) => self.send_progress(&progress),
                        Update::Done => self.finish_search(),
                        Update::Waiting => {}
                    }
                    match requests.try_recv() {
                        Ok(request) => request,
                        Err(TryRecvError::Empty) => continue,
                        Err(TryRecvError::Disconnected) => return,
                    }
                }
                None => match requests.blocking_recv() {
                    Some(request) => request,
                    None => return,
                },
            };
            self.handle(request);
        }
    }

    fn handle(&mut self, request: Request) {
        match request {
            Request::Stop => match &mut self.search {
                Some(search) => search.thinking().stop(),
                None => self.error("no agent is thinking"),
            },
            Request::Hint | Request::Go if self.search.is_some() => {
                self.error("an agent is thinking: wait, or stop it")
            }
            Request::Go if self.replay.is_some() => {
                self.error("a replay is shown: start a new game to play")
            }
            Request::Hint | Request::Go => {
                self.start_search(matches!(request, Request::Hint));
                self.send_state();
            }
            Request::Save => {
                let text = self.session.record().to_json();
                self.send(&Event::Record { text });
            }
            Request::Solve => match self.exact() {
                Ok(analysis) => self.send(&Event::Solved { analysis }),
                Err(error) => self.error(&error.to_string()),
            },
            change => {
                // Whatever the agent was thinking belongs to a position
                // that is about to go.
                self.search = None;
                match self.change(change) {
                    Ok(()) => self.changed(),
                    Err(message) => {
                        self.error(&message);
                        self.changed();
                    }
                }
            }
        }
    }

    /// The exact values, from the `--db` database, loaded when first
    /// asked for in a variant (a database of another variant says so):
    /// win/loss with distances, or score margins (Kalah).
    ///
    /// With several databases, the first that solves the variant is
    /// used. A database replaced since it was loaded (the safe way,
    /// `mv new.db db`, or rewritten in place) is loaded again, so that a
    /// tab left open answers from the new file.
    fn exact(&mut self) -> Result<Exact, SessionError> {
        let scored = self.session.scored();
        let answer = |session: &Session| match scored {
            true => session.solve_margins().map(|view| Exact::of_margins(&view)),
            false => session.solve().map(|analysis| Exact::of(&analysis)),
        };
        let replaced = self
            .database
            .as_ref()
            .is_some_and(|db| stamp(&db.path) != db.stamp);
        if replaced {
            let path = self.database.take().map(|db| db.path).expect("checked");
            self.load_database(&path)?;
        }
        match answer(&self.session) {
            Err(SessionError::Database(DbError::Changed { .. })) => {
                let path = self.database.take().map(|db| db.path);
                self.load_database(&path.unwrap_or_default())?;
                answer(&self.session)
            }
            Err(SessionError::NoDatabase { .. }) if !self.app.databases.is_empty() => {
                let mut failed = None;
                for path in self.app.databases.clone() {
                    match self
                        .load_database(&path)
                        .and_then(|_| answer(&self.session))
                    {
                        Ok(exact) => return Ok(exact),
                        Err(error) => {
                            failed.get_or_insert(error);
                        }
                    }
                }
                Err(failed.expect("one database at least"))
            }
            answer => answer,
        }
    }

    fn load_database(&mut self, path: &Path) -> Result<(), SessionError> {
        let before = stamp(path);
        self.session.load_database(path)?;
        self.database = Some(LoadedDb {
            path: path.to_path_buf(),
            stamp: before,
        });
        Ok(())
    }

    /// The requests that change the game.
    fn change(&mut self, request: Request) -> Result<(), String> {
        let text = |e: SessionError| e.to_string();
        match request {
            Request::New { game, seats, seed } => {
                let seats = seats
                    .iter()
                    .map(|agent| self.admit(agent))
                    .collect::<Result<Vec<_>, _>>()?;
                self.session.new_game(&game).map_err(text)?;
                if let Some(seed) = seed {
                    self.session.set_seed(seed);
                }
                self.replay = None;
                self.evals.clear();
                for (seat, agent) in seats.iter().enumerate() {
                    self.session.set_seat(seat, agent).map_err(text)?;
                }
            }
            Request::Play { mv } => {
                self.leave_replay();
                self.session.play(&mv).map_err(text)?;
            }
            Request::Undo => self.undo().map_err(text)?,
            Request::Redo => self.redo().map_err(text)?,
            Request::Seat { seat, agent } => {
                let agent = self.admit(&agent)?;
                self.session.set_seat(seat, &agent).map_err(text)?;
            }
            Request::Swap { a, b } => self.session.swap_seats(a, b).map_err(text)?,
            Request::Pause { paused } => self.session.set_paused(paused),
            Request::Load { record } => {
                let mut record = GameRecord::from_json(record.trim()).map_err(|e| e.to_string())?;
                // A record's agents are seated: the page's rules hold for them too.
                for (seat, agent) in record.agents.iter_mut().enumerate() {
                    *agent = self
                        .admit(agent)
                        .map_err(|why| format!("the record's seat {}: {why}", seat + 1))?;
                }
                self.session.load(&record, None).map_err(text)?;
                self.replay = None;
                self.evals.clear();
            }
            Request::Setup { position } => {
                self.session.setup(position.trim()).map_err(text)?;
                self.replay = None;
                self.evals.clear();
            }
            Request::Replay { folder, game } => {
                let (record, name) = replay::record(&self.app, folder, game)?;
                self.session.load(&record, Some(0)).map_err(text)?;
                let length = record.moves.len();
                self.replay = Some((record, ReplayView { name, length }));
                self.evals.clear();
            }
            Request::Goto { ply } => {
                let Some((record, _)) = &self.replay else {
                    return Err("no replay is shown".to_string());
                };
                self.session.load(record, Some(ply)).map_err(text)?;
            }
            Request::Stop | Request::Hint | Request::Go | Request::Save | Request::Solve => {
                unreachable!("handled without changing the game")
            }
        }
        Ok(())
    }

    /// The spec to seat for the page's `text` (see [`crate::trust`]).
    fn admit(&self, text: &str) -> Result<String, String> {
        self.app
            .trust
            .admit(&self.app.registry, text, Purpose::Seat)
    }

    /// A move played in a replay makes it a game of one's own.
    fn leave_replay(&mut self) {
        if self.replay.take().is_some() {
            for seat in 0..self.session.seats().len() {
                let _ = self.session.set_seat(seat, "human");
            }
        }
    }

    /// Takes back moves until a person is to move again (or none is
    /// left), so an agent's reply goes with the move it answered; paused
    /// agents, as in the REPL, let undo step one move at a time.
    fn undo(&mut self) -> Result<(), SessionError> {
        self.session.undo(1)?;
        // An agent due to move would answer again at once.
        while self.replay.is_none() && self.session.agent_due() && !self.session.moves().is_empty()
        {
            self.session.undo(1)?;
        }
        Ok(())
    }

    /// Replays what undo took back, the agents' replies with it.
    fn redo(&mut self) -> Result<(), SessionError> {
        self.session.redo(1)?;
        while self.replay.is_none() && self.session.agent_due() {
            if self.session.redo(1).is_err() {
                break;
            }
        }
        Ok(())
    }

    /// After a change: the page sees it, and an agent to move starts.
    fn changed(&mut self) {
        let plies = self.session.moves().len();
        self.evals.retain(|&ply, _| ply <= plies);
        // The session's one rule for when agents move by themselves.
        if self.replay.is_none() && self.session.agent_due() {
            self.start_search(false);
        }
        self.send_state();
    }

    /// Starts the seat to move's agent (MCTS for a person); the caller
    /// sends the state that says so.
    fn start_search(&mut self, hint: bool) {
        // Whatever seated it (a seat, a loaded or replayed record), an
        // agent runs for the page only within the page's rules.
        let current = self.session.current();
        if current.outcome().is_none() {
            let seat = &self.session.seats()[current.to_move()];
            if let Err(why) = self.app.trust.check(&self.app.registry, seat) {
                return self.error(&why);
            }
        }
        let Some(permit) = self.app.searches.take() else {
            let max = self.app.searches.max();
            return self.error(&format!(
                "the server runs {max} searches already (its --max-searches): press Go to try again"
            ));
        };
        match self.session.think() {
            Ok(thinking) => {
                self.search = Some(Search {
                    thinking: Some(thinking),
                    hint,
                    started: Instant::now(),
                    told: false,
                    _permit: permit,
                });
            }
            Err(error) => self.error(&error.to_string()),
        }
    }

    fn finish_search(&mut self) {
        let Some(mut search) = self.search.take() else {
            return;
        };
        let thinking = search
            .thinking
            .take()
            .expect("a search thinks until it is taken");
        let seat = thinking.seat();
        let spec = thinking.agent().clone();
        let finished = self.session.finish(thinking);
        // A tab holds search memory only while it searches: a tree kept
        // for the next move (up to --max-nodes) goes. An engine keeps its
        // process, which holds nothing of this one's.
        if self.app.registry.agent_reach(&spec).program.is_none() {
            self.session.forget_agent(seat);
        }
        let thought = match finished {
            Ok(thought) => thought,
            Err(error) => {
                self.error(&error.to_string());
                return self.send_state();
            }
        };
        // A forced move's search stopped at once: its value says nothing.
        if let Some(analysis) = thought.search.as_ref().filter(|_| !thought.forced) {
            let ply = self.session.moves().len();
            let eval = Eval {
                ply,
                seat: thought.seat,
                value: analysis.value,
            };
            self.evals.insert(ply, eval);
        }
        self.send(&Event::Thought {
            hint: search.hint,
            thought: &thought,
        });
        if search.hint {
            return self.send_state();
        }
        match self.session.play_thought(&thought) {
            Ok(_) => self.changed(),
            Err(error) => {
                self.error(&error.to_string());
                self.send_state();
            }
        }
    }

    fn send_progress(&mut self, progress: &Progress<String>) {
        let Some(search) = &mut self.search else {
            return;
        };
        let hint = search.hint;
        let thinking = search.thinking();
        let agent = thinking.agent().to_string();
        let seat = thinking.seat();
        let event = Event::Progress {
            seat,
            agent: &agent,
            hint,
            iterations: progress.iterations,
            seconds: progress.elapsed.as_secs_f64(),
            best: progress.best.as_deref(),
            value: progress.value,
            depth: progress.depth,
            moves: MoveStats::of_progress(progress, seat),
            pv: &progress.pv,
        };
        // Progress is dropped for a page that reads too slowly: the next
        // report supersedes it.
        let _ = self.out.try_send(self.app.trust.redact(encode(&event)));
    }

    fn send_state(&self) {
        let thinking = self
            .search
            .as_ref()
            .and_then(|s| s.thinking.as_ref())
            .map(Thinking::seat);
        let replay = self.replay.as_ref().map(|(_, view)| view.clone());
        let evals = self.evals.values().copied().collect();
        let view = View::of(&self.session, thinking, replay, evals);
        self.send(&Event::State(&view));
    }

    fn error(&self, message: &str) {
        self.send(&Event::Error {
            message: message.to_string(),
        });
    }

    /// Sends `event`, waiting while the page's queue is full; the
    /// operator's commands and paths are shown by their names.
    fn send(&self, event: &Event<'_>) {
        // A closed page only misses messages; its requests end the loop.
        let _ = self.out.blocking_send(self.app.trust.redact(encode(event)));
    }
}
