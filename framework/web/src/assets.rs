//! The page's files, compiled into the binary: the server needs no files
//! and no network, and only these names are ever served.

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// Name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript",
        include_str!("../assets/app.js"),
    ),
    (
        "board.js",
        "text/javascript",
        include_str!("../assets/board.js"),
    ),
    (
        "charts.js",
        "text/javascript",
        include_str!("../assets/charts.js"),
    ),
    ("style.css", "text/css", include_str!("../assets/style.css")),
    (
        "study.js",
        "text/javascript",
        include_str!("../assets/study.js"),
    ),
];

const INDEX: &str = include_str!("../assets/index.html");

/// `GET /`: the page.
pub(crate) async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// `GET /assets/NAME`: one of [`FILES`]; any other name is not found.
pub(crate) async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, kind, text)| file(kind, text))
        .ok_or_else(|| ApiError::not_found(format!("no file `{}`", tabula::excerpt(&name))))
}

fn file(kind: &'static str, text: &'static str) -> Response {
    ([(CONTENT_TYPE, kind), (CACHE_CONTROL, "no-cache")], text).into_response()
}
