//! Refuses requests from other sites before any handler runs: a page on
//! another site (or a DNS name rebound to this machine) must not play,
//! start tournaments or read results through the user's browser.
//!
//! - The `Host` header must name this machine (`localhost`, `127.0.0.1`,
//!   `[::1]`) or the `--host` address the user chose.
//! - An `Origin` header, which browsers send with WebSocket upgrades and
//!   with every POST, must be this server's own `http://HOST`.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, App};

pub(crate) async fn check(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    match allowed(&app.options.host, &request) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

fn allowed(bound: &str, request: &Request) -> Result<(), ApiError> {
    let header = |name| {
        request
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("(not text)"))
    };
    let host = header(HOST).ok_or_else(|| ApiError::bad("the request has no Host header"))?;
    if !local(bound, host) {
        return Err(ApiError::forbidden(format!(
            "this server answers to localhost, not to `{}`",
            tabula::excerpt(host)
        )));
    }
    if let Some(origin) = header(ORIGIN) {
        if origin != format!("http://{host}") {
            return Err(ApiError::forbidden(format!(
                "requests from `{}` are refused: only this server's own page may use it",
                tabula::excerpt(origin)
            )));
        }
    }
    Ok(())
}

/// Whether `host` (a `Host` header, with its port) names this machine.
fn local(bound: &str, host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    ["localhost", "127.0.0.1", "[::1]", bound].contains(&name)
        || (bound == "0.0.0.0" || bound == "::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machine_s_names_pass() {
        assert!(local("127.0.0.1", "127.0.0.1:8080"));
        assert!(local("127.0.0.1", "localhost:1"));
        assert!(local("127.0.0.1", "[::1]:80"));
        assert!(!local("127.0.0.1", "evil.example:8080"));
        assert!(!local("127.0.0.1", "127.0.0.1.evil.example"));
        assert!(local("192.168.1.5", "192.168.1.5:8080"));
    }
}
