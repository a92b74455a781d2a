//! Tournaments started from the page, and the standings of any results
//! folder: the arena library plays them on a thread of their own into a
//! new folder under `--arena`, and the page reads the standings of the
//! games recorded so far, as it does for a tournament `tabula arena` runs.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path as UrlPath, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use tabula_arena::{Config, GameInProgress, Summary};

use crate::replay::folder;
use crate::{ApiError, App};

/// Tournaments playing at once: each takes a core.
const MAX_RUNNING: usize = 2;
/// The most rounds one tournament from the page plays.
const MAX_ROUNDS: usize = 1000;

/// The tournaments started from the page, in order.
#[derive(Default)]
pub(crate) struct Tournaments {
    started: Mutex<Vec<Started>>,
}

struct Started {
    dir: PathBuf,
    running: Arc<AtomicBool>,
    /// Why it stopped early, when it did.
    error: Arc<Mutex<Option<String>>>,
    /// Set when the server stops: no new game starts.
    interrupt: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Tournaments {
    /// The folder of tournament `index` (from 0).
    pub(crate) fn folder(&self, index: usize) -> Option<PathBuf> {
        self.lock().get(index).map(|t| t.dir.clone())
    }

    /// Each tournament's folder and whether it still plays.
    pub(crate) fn list(&self) -> Vec<(PathBuf, bool)> {
        self.lock()
            .iter()
            .map(|t| (t.dir.clone(), t.running.load(Ordering::Acquire)))
            .collect()
    }

    /// How many still play.
    pub(crate) fn running(&self) -> usize {
        self.lock()
            .iter()
            .filter(|t| t.running.load(Ordering::Acquire))
            .count()
    }

    /// Stops every tournament as the server stops: the games under way
    /// finish and are recorded with the summary, so nothing finished is
    /// lost and `tabula arena --resume` plays the rest.
    pub(crate) fn stop_all(&self) {
        let threads: Vec<_> = self
            .lock()
            .iter_mut()
            .filter_map(|t| {
                t.interrupt.store(true, Ordering::Release);
                t.thread.take()
            })
            .collect();
        for thread in threads {
            let _ = thread.join();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Started>> {
        // A panic elsewhere leaves the list itself whole.
        self.started.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What the page asks for.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Start {
    pub games: Vec<String>,
    pub agents: Vec<String>,
    pub rounds: usize,
    #[serde(default)]
    pub seed: u64,
}

/// The folder a tournament plays into, by its number in the folder list.
#[derive(Debug, Serialize)]
pub(crate) struct StartedView {
    pub folder: usize,
    pub name: String,
}

/// `POST /api/tournaments`: checks the settings, then plays on a thread.
pub(crate) async fn start(
    State(app): State<Arc<App>>,
    start: Result<Json<Start>, JsonRejection>,
) -> Result<Json<StartedView>, ApiError> {
    let Json(start) = start.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let base = app.options.arena.clone().ok_or_else(|| {
        ApiError::forbidden("start the server with --arena DIR to run tournaments from the page")
    })?;
    if start.rounds > MAX_ROUNDS {
        return Err(ApiError::bad(format!(
            "at most {MAX_ROUNDS} rounds from the page; use `tabula arena` for more"
        )));
    }
    let mut started = app.tournaments.lock();
    if started
        .iter()
        .filter(|t| t.running.load(Ordering::Acquire))
        .count()
        >= MAX_RUNNING
    {
        return Err(ApiError::busy(format!(
            "{MAX_RUNNING} tournaments are playing already: wait for one to end"
        )));
    }
    let config = Config {
        games: start.games,
        agents: start.agents,
        rounds: start.rounds,
        seed: start.seed,
        threads: Some(1),
        ..Config::default()
    };
    // Checked here, so that a bad spec is said to the page at once.
    check(&app, &config)?;
    let name = new_folder(&base)?;
    let config = Config {
        out: base.join(&name),
        ..config
    };
    let running = Arc::new(AtomicBool::new(true));
    let error = Arc::new(Mutex::new(None));
    let interrupt = Arc::new(AtomicBool::new(false));
    let play = {
        let registry = app.registry.clone();
        let (running, error, interrupt) = (
            Arc::clone(&running),
            Arc::clone(&error),
            Arc::clone(&interrupt),
        );
        move || {
            if let Err(message) = tabula_arena::play_until(&registry, &config, &interrupt, |_| {}) {
                *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(message);
            }
            running.store(false, Ordering::Release);
        }
    };
    started.push(Started {
        dir: base.join(&name),
        running,
        error,
        interrupt,
        thread: Some(std::thread::spawn(play)),
    });
    Ok(Json(StartedView {
        folder: app.results.len() + started.len() - 1,
        name,
    }))
}

/// Makes the first free folder `page-N` under `base`: made here, so that
/// two tournaments (or another program) never share one.
fn new_folder(base: &std::path::Path) -> Result<String, ApiError> {
    for n in 1..=10_000 {
        let name = format!("page-{n}");
        match std::fs::create_dir(base.join(&name)) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(ApiError::forbidden(format!(
                    "cannot make a folder in --arena: {e}"
                )))
            }
        }
    }
    Err(ApiError::busy("--arena holds 10,000 tournaments: clear it"))
}

/// The specs the arena would refuse, refused before a folder is made.
fn check(app: &App, config: &Config) -> Result<(), ApiError> {
    for game in config.games.iter().flat_map(|g| tabula::split_specs(g)) {
        app.registry
            .create(&game)
            .map_err(|e| ApiError::bad(format!("games: {e}")))?;
    }
    for agent in config.agents.iter().flat_map(|a| tabula::split_specs(a)) {
        app.registry
            .parse_agent(&agent)
            .map_err(|e| ApiError::bad(format!("agents: {e}")))?;
    }
    if config.agents.len() < 2 {
        return Err(ApiError::bad(
            "agents: a tournament needs at least two agents",
        ));
    }
    if config.rounds == 0 {
        return Err(ApiError::bad("rounds: play at least one round"));
    }
    Ok(())
}

/// The standings of a folder, and whether it still plays.
#[derive(Debug, Serialize)]
pub(crate) struct Standings {
    pub running: bool,
    pub error: Option<String>,
    pub summary: Option<Summary>,
}

/// `GET /api/folders/N/standings`: the games recorded so far, summarised.
pub(crate) async fn standings(
    State(app): State<Arc<App>>,
    index: Result<UrlPath<usize>, PathRejection>,
) -> Result<Json<Standings>, ApiError> {
    let UrlPath(index) = index.map_err(|e| ApiError::bad(e.body_text()))?;
    let dir = folder(&app, index)?;
    let (running, error) = index
        .checked_sub(app.results.len())
        .and_then(|i| {
            let started = app.tournaments.lock();
            let t = started.get(i)?;
            let error = t.error.lock().unwrap_or_else(|e| e.into_inner()).clone();
            Some((t.running.load(Ordering::Acquire), error))
        })
        .unwrap_or((false, None));
    let registry = app.registry.clone();
    let (summary, writing) = tokio::task::spawn_blocking(move || {
        (
            tabula_arena::standings(&registry, &dir),
            tabula_arena::playing(&dir),
        )
    })
    .await
    .map_err(|_| ApiError::bad("reading the standings failed"))?;
    // A `tabula arena` writing to a `--results` folder plays too.
    let running = running || writing;
    // A folder whose tournament has not written its settings yet has no
    // standings, which is no error while it starts.
    let (summary, error) = match summary {
        Ok(summary) => (Some(summary), error),
        Err(_) if running => (None, error),
        Err(message) => (None, error.or(Some(message))),
    };
    Ok(Json(Standings {
        running,
        error,
        summary,
    }))
}

/// A game under way, drawn, for the wall of games in progress.
#[derive(Debug, Serialize)]
pub(crate) struct PlayingBoard {
    /// Its place in the schedule, from 1: the page's key for it (records
    /// are numbered as games finish, so the page does not show it).
    pub index: usize,
    /// Its round, from 1.
    pub round: usize,
    pub game: String,
    pub agents: Vec<String>,
    pub plies: usize,
    pub svg: String,
}

/// `GET /api/folders/N/playing`: the boards of the games being played now
/// (none once the tournament stopped).
pub(crate) async fn playing(
    State(app): State<Arc<App>>,
    index: Result<UrlPath<usize>, PathRejection>,
) -> Result<Json<Vec<PlayingBoard>>, ApiError> {
    let UrlPath(index) = index.map_err(|e| ApiError::bad(e.body_text()))?;
    let dir = folder(&app, index)?;
    let boards = tokio::task::spawn_blocking(move || {
        // Files a stopped tournament left behind show nothing.
        if !tabula_arena::playing(&dir) {
            return Vec::new();
        }
        tabula_arena::in_progress(&dir)
            .into_iter()
            .filter_map(|game| draw(&app, game))
            .collect()
    })
    .await
    .map_err(|_| ApiError::bad("reading the games under way failed"))?;
    Ok(Json(boards))
}

/// A game under way's board after its moves so far; `None` for one this
/// server cannot replay (a game it does not have, a move it refuses).
fn draw(app: &App, game: GameInProgress) -> Option<PlayingBoard> {
    let mut state = app.registry.create(&game.game).ok()?;
    if let Some(start) = &game.start {
        state = state.with_position(start).ok()?;
    }
    let mut before = None;
    for mv in &game.moves {
        let previous = state.clone_box();
        let text = state.play(mv).ok()?;
        before = Some((previous, text));
    }
    let last = before.as_ref().map(|(s, mv)| (s.as_ref(), mv.as_str()));
    Some(PlayingBoard {
        index: game.index + 1,
        round: game.round + 1,
        plies: game.moves.len(),
        svg: state.svg(last).unwrap_or_default(),
        game: game.game,
        agents: game.agents,
    })
}
