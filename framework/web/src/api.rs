//! The routes: the page and its files, what games and agents there are,
//! the play socket, results folders and tournaments. Every route answers
//! errors as `{"error": "..."}`; only POST and the socket change anything,
//! and both pass [`guard`] first.

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, State};
use axum::routing::get;
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
        .route("/api/tournaments", axum::routing::post(tournament::start))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&app),
            guard::check,
        ))
        .with_state(app)
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
}

/// `GET /api/agents`.
async fn agents(State(app): State<Arc<App>>) -> Json<Vec<AgentKind>> {
    Json(
        app.registry
            .agent_kinds()
            .map(|info| AgentKind {
                name: info.name,
                description: info.description,
                params: info.params.iter().map(Param::of).collect(),
            })
            .collect(),
    )
}
