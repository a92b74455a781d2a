//! Results folders: those given with `--results` and those of tournaments
//! started from the page. The API names them by number, so no path from a
//! request is ever opened; a folder's files are read only when they are
//! regular files inside it ([`check_files`]: a symbolic link out of it,
//! a device, is refused alike by every endpoint).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path as UrlPath, Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use tabula::files::Lines;
use tabula::{excerpt, GameRecord};
use tabula_arena::{GAMES_FILE, SETTINGS_FILE};

use crate::trust::folder_name as display_name;
use crate::{ApiError, App};

/// The most games one listing returns (the filters narrow it).
const MAX_LISTED: usize = 1000;

/// The `--results` folders, canonical; each must be a folder.
pub(crate) fn check_folders(folders: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    folders
        .iter()
        .map(|dir| {
            let canonical = dir
                .canonicalize()
                .map_err(|e| format!("--results {}: {e}", dir.display()))?;
            match canonical.is_dir() {
                true => Ok(canonical),
                false => Err(format!("--results {}: not a folder", dir.display())),
            }
        })
        .collect()
}

/// Results folder `index` (from 0): the `--results` folders, then the
/// tournaments started from the page.
pub(crate) fn folder(app: &App, index: usize) -> Result<PathBuf, ApiError> {
    match index.checked_sub(app.results.len()) {
        None => app.results.get(index).cloned(),
        Some(started) => app.tournaments.folder(started),
    }
    .ok_or_else(|| ApiError::not_found(format!("no results folder {index}")))
}

/// One results folder in the list.
#[derive(Debug, Serialize)]
pub(crate) struct FolderView {
    pub index: usize,
    pub name: String,
    /// Whether a tournament started from the page is still playing.
    pub running: bool,
}

/// `GET /api/folders`.
pub(crate) async fn folders(State(app): State<Arc<App>>) -> Json<Vec<FolderView>> {
    let mut list: Vec<FolderView> = app
        .results
        .iter()
        .enumerate()
        .map(|(index, dir)| FolderView {
            index,
            name: display_name(dir),
            running: false,
        })
        .collect();
    for (i, (dir, running)) in app.tournaments.list().into_iter().enumerate() {
        list.push(FolderView {
            index: app.results.len() + i,
            name: display_name(&dir),
            running,
        });
    }
    Json(list)
}

/// The filters of a listing: each, when given, must match.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Filter {
    /// The game's spec or name.
    pub game: Option<String>,
    /// An agent that played.
    pub agent: Option<String>,
    /// An agent that won (`adjudicated` for games stopped at the limit).
    pub winner: Option<String>,
}

/// One game of a listing.
#[derive(Debug, Serialize)]
pub(crate) struct GameEntry {
    /// The record's number in the file, from 1.
    pub index: usize,
    pub game: String,
    pub agents: Vec<String>,
    /// The result in words.
    pub outcome: String,
    pub winners: Vec<String>,
    pub plies: usize,
}

/// The games listed, and how many matched.
#[derive(Debug, Serialize)]
pub(crate) struct Listing {
    pub matched: usize,
    pub games: Vec<GameEntry>,
}

/// `GET /api/folders/N/games?game=&agent=&winner=`.
pub(crate) async fn games(
    State(app): State<Arc<App>>,
    index: Result<UrlPath<usize>, PathRejection>,
    filter: Result<Query<Filter>, QueryRejection>,
) -> Result<Json<Listing>, ApiError> {
    let UrlPath(index) = index.map_err(|e| ApiError::bad(e.body_text()))?;
    let Query(filter) = filter.map_err(|e| ApiError::bad(e.body_text()))?;
    let dir = folder(&app, index)?;
    let _reading = Arc::clone(&app.reads).acquire_owned().await;
    tokio::task::spawn_blocking(move || list(&dir, &filter))
        .await
        .map_err(|_| ApiError::bad("the listing failed"))?
        .map(Json)
}

fn list(dir: &Path, filter: &Filter) -> Result<Listing, ApiError> {
    let mut listing = Listing {
        matched: 0,
        games: Vec::new(),
    };
    let Some(mut lines) = open_records(dir)? else {
        return Ok(listing);
    };
    let mut index = 0;
    while let Some(line) = lines.next_line().map_err(|e| ApiError::bad(excerpt(&e)))? {
        if line.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        index += 1;
        // A record being written (a running tournament) is not whole yet.
        let Ok(record) = GameRecord::from_json(String::from_utf8_lossy(&line.bytes).trim()) else {
            continue;
        };
        let entry = entry(index, record);
        if matches(&entry, filter) {
            listing.matched += 1;
            if listing.games.len() < MAX_LISTED {
                listing.games.push(entry);
            }
        }
    }
    Ok(listing)
}

fn entry(index: usize, record: GameRecord) -> GameEntry {
    let winners = record
        .extra
        .get("winners")
        .and_then(|w| w.as_array())
        .map(|seats| {
            seats
                .iter()
                .filter_map(|s| record.agents.get(s.as_u64()? as usize).cloned())
                .collect()
        })
        .unwrap_or_default();
    let outcome = record
        .extra
        .get("outcome")
        .and_then(|o| o.as_str())
        .unwrap_or("")
        .to_string();
    GameEntry {
        index,
        plies: record.moves.len(),
        game: record.game,
        agents: record.agents,
        outcome,
        winners,
    }
}

fn matches(entry: &GameEntry, filter: &Filter) -> bool {
    let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    filter.game.as_deref().is_none_or(|g| {
        same(&entry.game, g) || entry.game.split('(').next().is_some_and(|n| same(n, g))
    }) && filter
        .agent
        .as_deref()
        .is_none_or(|a| entry.agents.iter().any(|x| same(x, a)))
        && filter.winner.as_deref().is_none_or(|w| match w {
            "adjudicated" => entry.outcome == "adjudicated",
            w => entry.winners.iter().any(|x| same(x, w)),
        })
}

/// Refuses a folder whose files the page reads (its records, its
/// settings) are not regular files inside it: a symbolic link (out of
/// it, or not), a device, a pipe. Every endpoint that reads a folder
/// asks this first, so all refuse alike.
pub(crate) fn check_files(dir: &Path) -> Result<(), ApiError> {
    let refused = |what: &str| {
        ApiError::forbidden(format!(
            "{what} in {} is not a regular file (a link or a device): not read",
            display_name(dir)
        ))
    };
    if !dir.symlink_metadata().is_ok_and(|m| m.is_dir()) {
        return Err(refused("the folder"));
    }
    for name in [GAMES_FILE, SETTINGS_FILE] {
        match dir.join(name).symlink_metadata() {
            Ok(meta) if !meta.is_file() => return Err(refused(name)),
            _ => {}
        }
    }
    Ok(())
}

/// The records file of `dir`, if there is one yet (see [`check_files`]).
fn open_records(dir: &Path) -> Result<Option<Lines>, ApiError> {
    check_files(dir)?;
    let path = dir.join(GAMES_FILE);
    if path.symlink_metadata().is_err() {
        return Ok(None);
    }
    Lines::open(&path).map(Some).map_err(|_| {
        ApiError::bad(format!(
            "{GAMES_FILE} in {} cannot be read",
            display_name(dir)
        ))
    })
}

/// Record `game` (from 1) of folder `folder`, with its name for the page.
pub(crate) fn record(
    app: &App,
    folder_index: usize,
    game: usize,
) -> Result<(GameRecord, String), String> {
    let dir = folder(app, folder_index).map_err(|e| e.message)?;
    let mut lines = open_records(&dir)
        .map_err(|e| e.message)?
        .ok_or_else(|| format!("{} holds no games yet", display_name(&dir)))?;
    let mut index = 0;
    while let Some(line) = lines.next_line().map_err(|e| excerpt(&e))? {
        if line.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        index += 1;
        if index == game {
            let text = String::from_utf8_lossy(&line.bytes);
            let record = GameRecord::from_json(text.trim()).map_err(|e| e.to_string())?;
            return Ok((record, format!("{} #{game}", display_name(&dir))));
        }
    }
    Err(format!(
        "{} holds {index} games, not {game}",
        display_name(&dir)
    ))
}

/// A recorded game's last position, for the wall of latest games.
#[derive(Debug, Serialize)]
pub(crate) struct Board {
    pub index: usize,
    pub game: String,
    pub agents: Vec<String>,
    pub svg: String,
}

/// `GET /api/folders/N/games/M/board`: record `M`'s final board.
pub(crate) async fn board(
    State(app): State<Arc<App>>,
    at: Result<UrlPath<(usize, usize)>, PathRejection>,
) -> Result<Json<Board>, ApiError> {
    let UrlPath((folder_index, game)) = at.map_err(|e| ApiError::bad(e.body_text()))?;
    let _reading = Arc::clone(&app.reads).acquire_owned().await;
    tokio::task::spawn_blocking(move || final_board(&app, folder_index, game))
        .await
        .map_err(|_| ApiError::bad("drawing the board failed"))?
        .map(Json)
}

fn final_board(app: &App, folder_index: usize, game: usize) -> Result<Board, ApiError> {
    let (record, _) = record(app, folder_index, game).map_err(ApiError::not_found)?;
    let states = record
        .replay(&app.registry, None)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let last = states.len().checked_sub(2).map(|i| {
        let mv = record.moves.last().map_or("", String::as_str);
        (states[i].as_ref(), mv)
    });
    let svg = states
        .last()
        .and_then(|state| state.svg(last))
        .unwrap_or_default();
    Ok(Board {
        index: game,
        game: record.game,
        agents: record.agents,
        svg,
    })
}
