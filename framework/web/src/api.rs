//! The routes: the page and its files, what games and agents there are,
//! the play socket, results folders and tournaments. Every route answers
//! errors as `{"error": "..."}`; only POST and the socket change anything.
//! Every request passes [`guard`] first, and every JSON answer passes
//! [`Trust::redact`](crate::trust::Trust::redact) last.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use serde::Serialize;
use tabula::ParamSpec;

use crate::{assets, guard, play, replay, study, tournament, ApiError, App};

/// The largest request body: a tournament's settings.
const MAX_BODY: usize = 64 * 1024;

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/games", get(games))
        .route("/api/agents", get(agents))
        .route("/api/play", get(play::upgrade))
        .route("/api/folders", get(replay::folders))
        .route("/api/folders/{index}/games", get(replay::games))
        .route(
            "/api/folders/{index}/games/{game}/board",
            get(replay::board),
        )
        .route("/api/folders/{index}/standings", get(tournament::standings))
        .route("/api/folders/{index}/playing", get(tournament::playing))
        .route("/api/folders/{index}/study", get(study::study))
        .route("/api/folders/{index}/stop", post(tournament::stop))
        .route("/api/tournaments", post(tournament::start))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::map_response_with_state(
            Arc::clone(&app),
            redact,
        ))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&app),
            guard::check,
        ))
        .with_state(app)
}

/// The largest answer the redaction reads whole (a listing of 1,000 games).
const MAX_ANSWER: usize = 64 << 20;

/// Shows the operator's commands and paths in a JSON answer by their names.
async fn redact(State(app): State<Arc<App>>, response: Response) -> Response {
    let json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if !json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_ANSWER).await else {
        return ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "the answer could not be sent",
        )
        .into_response();
    };
    let text = app
        .trust
        .redact(String::from_utf8_lossy(&bytes).into_owned());
    parts.headers.remove(CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(text))
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("nothing at `{}`", tabula::excerpt(uri.path())))
}

/// A parameter of a game or an agent, for the page's forms.
#[derive(Debug, Serialize)]
struct Param {
    name: &'static str,
    default: &'static str,
    /// The values it takes, short (`2..10`, `on|off`).
    values: String,
    /// The choices, for a parameter that takes one of a list.
    choices: Option<&'static [&'static str]>,
    help: &'static str,
}

impl Param {
    fn of(spec: &ParamSpec) -> Param {
        Param {
            name: spec.name,
            default: spec.default,
            values: spec.describe_values(),
            choices: match spec.kind {
                tabula::ParamKind::Choice(choices) => Some(choices),
                _ => None,
            },
            help: spec.help,
        }
    }
}

/// A game, for the game picker.
#[derive(Debug, Serialize)]
struct GameInfo {
    name: &'static str,
    description: &'static str,
    params: Vec<Param>,
    /// The seats of the default variant, named.
    seats: Vec<String>,
}

/// `GET /api/games`.
async fn games(State(app): State<Arc<App>>) -> Json<Vec<GameInfo>> {
    let list = app
        .registry
        .games()
        .map(|entry| GameInfo {
            name: entry.name(),
            description: entry.description(),
            params: entry.param_specs().iter().map(Param::of).collect(),
            seats: entry.create(&[]).map_or_else(
                |_| Vec::new(),
                |game| (0..game.players()).map(|s| game.seat_name(s)).collect(),
            ),
        })
        .collect();
    Json(list)
}

/// An agent kind, for the seat pickers.
#[derive(Debug, Serialize)]
struct AgentKind {
    name: &'static str,
    description: &'static str,
    params: Vec<Param>,
    /// The specs the server offers for the kinds that run a program or
    /// read a file (`engine(cmd=NAME)`, `perfect(db=NAME)`): the only
    /// values such parameters take from the page.
    offered: Vec<String>,
}

/// `GET /api/agents`: the kinds the page may seat (`engine` only when the
/// server names engines).
async fn agents(State(app): State<Arc<App>>) -> Json<Vec<AgentKind>> {
    let engines = app.trust.engine_names();
    let files = app.trust.file_names();
    let kinds = app
        .registry
        .agent_kinds()
        .filter_map(|info| {
            let files_params: Vec<&str> = info
                .params
                .iter()
                .filter(|p| matches!(p.kind, tabula::ParamKind::Verbatim { .. }))
                .filter(|p| Some(p.name) != info.program)
                .map(|p| p.name)
                .collect();
            let mut offered = Vec::new();
            if let Some(program) = info.program {
                if engines.is_empty() {
                    return None;
                }
                offered.extend(
                    engines
                        .iter()
                        .map(|n| format!("{}({program}={n})", info.name)),
                );
            } else {
                for param in files_params {
                    offered.extend(files.iter().map(|n| format!("{}({param}={n})", info.name)));
                }
            }
            Some(AgentKind {
                name: info.name,
                description: info.description,
                params: info.params.iter().map(Param::of).collect(),
                offered,
            })
        })
        .collect();
    Json(kinds)
}
