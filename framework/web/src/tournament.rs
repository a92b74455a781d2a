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

use crate::replay::{check_files, folder};
use crate::trust::Purpose;
use crate::{ApiError, App};

/// The most rounds one tournament from the page plays.
const MAX_ROUNDS: usize = 1000;
/// The most games in progress the page is shown of one folder.
pub(crate) const MAX_PLAYING: usize = 24;

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

    /// Stops every tournament as the server stops: no new game starts;
    /// the games under way finish and are recorded with the summary,
    /// unless the server stops first (see [`Tournaments::join`]).
    pub(crate) fn interrupt_all(&self) {
        for t in self.lock().iter() {
            t.interrupt.store(true, Ordering::Release);
        }
    }

    /// Waits for every tournament's thread to end.
    pub(crate) fn join(&self) {
        let threads: Vec<_> = self
            .lock()
            .iter_mut()
            .filter_map(|t| t.thread.take())
            .collect();
        for thread in threads {
            let _ = thread.join();
        }
    }

    /// The folders of the tournaments still playing.
    pub(crate) fn still_playing(&self) -> Vec<PathBuf> {
        self.lock()
            .iter()
            .filter(|t| t.running.load(Ordering::Acquire))
            .map(|t| t.dir.clone())
            .collect()
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
    let base = app.arena.clone().ok_or_else(|| {
        ApiError::forbidden("start the server with --arena DIR to run tournaments from the page")
    })?;
    let limits = app.trust.limits();
    if start.rounds > MAX_ROUNDS {
        return Err(ApiError::bad(format!(
            "at most {MAX_ROUNDS} rounds from the page; use `tabula arena` for more"
        )));
    }
    // Checked here, so that a bad spec is said to the page at once, and
    // the agents are the page's as the seats are (see `crate::trust`).
    let agents = admit_agents(&app, &start.agents)?;
    let config = Config {
        games: start.games,
        agents,
        rounds: start.rounds,
        seed: start.seed,
        threads: Some(1),
        ..Config::default()
    };
    check(&app, &config)?;
    let mut started = app.tournaments.lock();
    let running = started
        .iter()
        .filter(|t| t.running.load(Ordering::Acquire))
        .count();
    if running >= limits.max_tournaments {
        return Err(ApiError::busy(format!(
            "{running} tournaments are playing already (the server's --max-tournaments): \
             wait for one to end, or stop one"
        )));
    }
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
        let max_bytes = limits.max_tournament_mb << 20;
        let max_mb = limits.max_tournament_mb;
        move || {
            let dir = config.out.clone();
            let on_event = |event: tabula_arena::Event<'_>| {
                // Checked as each game is recorded: the records grow a game at a time.
                let full = matches!(event, tabula_arena::Event::GameFinished { .. })
                    && folder_bytes(&dir) > max_bytes;
                if full && !interrupt.swap(true, Ordering::AcqRel) {
                    *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(format!(
                        "stopped: its folder reached {max_mb} MiB (the server's --max-tournament-mb)"
                    ));
                }
            };
            if let Err(message) = tabula_arena::play_until(&registry, &config, &interrupt, on_event)
            {
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

/// The page's agents as the specs to play (see [`crate::trust`]), at
/// most `--max-tournament-agents` of them.
fn admit_agents(app: &App, agents: &[String]) -> Result<Vec<String>, ApiError> {
    let max = app.trust.limits().max_tournament_agents;
    let mut admitted = Vec::new();
    for agent in agents.iter().flat_map(|a| tabula::split_specs(a)) {
        if admitted.len() == max {
            return Err(ApiError::bad(format!(
                "agents: at most {max} in a tournament from the page (the server's \
                 --max-tournament-agents); use `tabula arena` for more"
            )));
        }
        let spec = app
            .trust
            .admit(&app.registry, &agent, Purpose::Tournament)
            .map_err(|e| ApiError::bad(format!("agents: {e}")))?;
        admitted.push(spec);
    }
    Ok(admitted)
}

/// The specs the arena would refuse, refused before a folder is made, and
/// a schedule longer than `--max-tournament-games`.
fn check(app: &App, config: &Config) -> Result<(), ApiError> {
    let mut games = Vec::new();
    for game in config.games.iter().flat_map(|g| expand_games(app, g)) {
        let start = app
            .registry
            .create(&game)
            .map_err(|e| ApiError::bad(format!("games: {e}")))?;
        games.push(start.players());
    }
    if games.is_empty() {
        return Err(ApiError::bad("games: name at least one game"));
    }
    let agents = config.agents.len();
    if agents < 2 {
        return Err(ApiError::bad(
            "agents: a tournament needs at least two agents",
        ));
    }
    if config.rounds == 0 {
        return Err(ApiError::bad("rounds: play at least one round"));
    }
    // The arena's schedule: every ordered pair of agents a round in a
    // 2-player game, every agent in every seat once in a larger one.
    let per_round: usize = games
        .iter()
        .map(|&players| match players {
            2 => agents * (agents - 1),
            _ => agents,
        })
        .sum();
    let scheduled = per_round.saturating_mul(config.rounds);
    let max = app.trust.limits().max_tournament_games;
    if scheduled > max {
        return Err(ApiError::bad(format!(
            "that schedules {scheduled} games; at most {max} from the page (the server's \
             --max-tournament-games): fewer agents, games or rounds"
        )));
    }
    Ok(())
}

/// A games entry as the arena reads it: `all` is every registered game.
fn expand_games(app: &App, text: &str) -> Vec<String> {
    match text.trim() {
        "all" => app.registry.names(),
        text => tabula::split_specs(text),
    }
}

/// The bytes of the files in `dir` and the folders in it, one level down
/// (the records, the settings, engines' logs, the games under way).
fn folder_bytes(dir: &std::path::Path) -> u64 {
    let size = |dir: &std::path::Path| -> u64 {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .filter(|m| m.is_file())
            .map(|m| m.len())
            .sum()
    };
    let below: u64 = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| size(&e.path()))
        .sum();
    size(dir) + below
}

/// `POST /api/folders/N/stop`: stops a tournament started from the page
/// as Ctrl-C would: no new game starts, the games under way are recorded.
pub(crate) async fn stop(
    State(app): State<Arc<App>>,
    index: Result<UrlPath<usize>, PathRejection>,
) -> Result<Json<Standings>, ApiError> {
    let UrlPath(index) = index.map_err(|e| ApiError::bad(e.body_text()))?;
    folder(&app, index)?;
    let started = index.checked_sub(app.results.len()).and_then(|i| {
        let started = app.tournaments.lock();
        let t = started.get(i)?;
        t.interrupt.store(true, Ordering::Release);
        Some(())
    });
    if started.is_none() {
        return Err(ApiError::forbidden(
            "only a tournament started from the page can be stopped here",
        ));
    }
    standings(State(app), Ok(UrlPath(index))).await
}

/// The standings of a folder, and whether it still plays.
#[derive(Debug, Serialize)]
pub(crate) struct Standings {
    pub running: bool,
    /// Started from the page and still playing: `POST .../stop` stops it.
    pub stoppable: bool,
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
    check_files(&dir)?;
    let (running, stoppable, error) = index
        .checked_sub(app.results.len())
        .and_then(|i| {
            let started = app.tournaments.lock();
            let t = started.get(i)?;
            let error = t.error.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let running = t.running.load(Ordering::Acquire);
            Some((
                running,
                running && !t.interrupt.load(Ordering::Acquire),
                error,
            ))
        })
        .unwrap_or((false, false, None));
    let registry = app.registry.clone();
    let _reading = Arc::clone(&app.reads).acquire_owned().await;
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
        stoppable,
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
    check_files(&dir)?;
    let _reading = Arc::clone(&app.reads).acquire_owned().await;
    let boards = tokio::task::spawn_blocking(move || {
        // Files a stopped tournament left behind show nothing.
        if !tabula_arena::playing(&dir) {
            return Vec::new();
        }
        // However many games play (or files claim to), the page is sent
        // the first few.
        tabula_arena::in_progress_first(&dir, MAX_PLAYING)
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
