//! Refuses requests before any handler runs:
//!
//! - The `Host` header must name this machine as a browser would reach it
//!   directly: `localhost`, an IP address, or a name the operator allowed
//!   (`--allow-host`). A DNS name rebound to this machine is refused, on
//!   every address the server listens on.
//! - An `Origin` header, which browsers send with WebSocket upgrades and
//!   with every POST, must be this server's own (`http://` and the Host):
//!   a page of another site must not play or start tournaments through
//!   the user's browser.
//! - Where the server has a token (always when it listens beyond this
//!   machine's loopback), every request must carry it: in the cookie the
//!   page's address with `?token=` sets, or in an `X-Tabula-Token` or
//!   `Authorization: Bearer` header. Without it: 401, and nothing runs.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, COOKIE, HOST, LOCATION, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, App};

/// Who may reach the server, and with which secret.
#[derive(Debug, Clone)]
pub(crate) struct Access {
    /// Host names (without port) allowed besides `localhost` and IP
    /// addresses.
    pub allowed_hosts: Vec<String>,
    /// The secret every request must carry, if any.
    pub token: Option<String>,
    /// The cookie that carries it: named after the port, so that two
    /// servers on one machine keep theirs apart.
    pub cookie: String,
}

/// The header a script may send the token in.
const TOKEN_HEADER: &str = "x-tabula-token";

pub(crate) async fn check(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let access = &app.access;
    if let Err(error) = same_site(access, request.headers()) {
        return error.into_response();
    }
    let Some(token) = &access.token else {
        return next.run(request).await;
    };
    match query_token(request.uri().query()) {
        Some(given) if !same_secret(&given, token) => return unauthorized(),
        // The page's address as printed: keep the token in a cookie and
        // take it out of the address bar (and the history).
        Some(_) if request.uri().path() == "/" => return welcome(access, token),
        Some(_) => return next.run(request).await,
        None => {}
    }
    match carried_token(access, request.headers()) {
        Some(given) if same_secret(&given, token) => next.run(request).await,
        _ => unauthorized(),
    }
}

/// Refuses another site, by its Host (DNS rebinding) or its Origin.
fn same_site(access: &Access, headers: &HeaderMap) -> Result<(), ApiError> {
    let header = |name| {
        headers
            .get(name)
            .map(|v| v.to_str().unwrap_or("(not text)"))
    };
    let host = header(HOST).ok_or_else(|| ApiError::bad("the request has no Host header"))?;
    if !allowed_host(&access.allowed_hosts, host) {
        return Err(ApiError::forbidden(format!(
            "this server answers to localhost and its addresses, not to `{}` \
             (the operator allows more names with --allow-host)",
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

/// Whether `host` (a `Host` header, with its port) is one a browser uses
/// for this machine without a DNS name that another site could rebind.
fn allowed_host(allowed: &[String], host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.to_ascii_lowercase();
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    name == "localhost"
        || (name.starts_with('[') == name.ends_with(']') && bare.parse::<IpAddr>().is_ok())
        || allowed.iter().any(|a| a.eq_ignore_ascii_case(&name))
}

/// The `token` of a query string, if given.
fn query_token(query: Option<&str>) -> Option<String> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .map(str::to_string)
}

/// The token a request carries in the cookie or a header.
fn carried_token(access: &Access, headers: &HeaderMap) -> Option<String> {
    fn text(value: &axum::http::HeaderValue) -> Option<&str> {
        value.to_str().ok().map(str::trim)
    }
    if let Some(token) = headers.get(TOKEN_HEADER).and_then(text) {
        return Some(token.to_string());
    }
    if let Some(bearer) = headers
        .get(AUTHORIZATION)
        .and_then(text)
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return Some(bearer.trim().to_string());
    }
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(text)
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|cookie| {
            let (name, value) = cookie.trim().split_once('=')?;
            (name == access.cookie).then(|| value.to_string())
        })
}

/// Compares secrets in a time that does not depend on where they differ.
fn same_secret(given: &str, token: &str) -> bool {
    let (a, b) = (given.as_bytes(), token.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

fn unauthorized() -> Response {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "this server needs its token: open the address it printed when it started \
         (the one with ?token=), or send the token in an X-Tabula-Token header",
    )
    .into_response()
}

/// Sets the token's cookie and sends the browser on to the page.
fn welcome(access: &Access, token: &str) -> Response {
    let cookie = format!(
        "{}={token}; Path=/; HttpOnly; SameSite=Strict",
        access.cookie
    );
    (
        StatusCode::SEE_OTHER,
        [(SET_COOKIE, cookie), (LOCATION, "/".to_string())],
    )
        .into_response()
}

/// A new secret: 128 bits from the operating system, in hex.
pub(crate) fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("cannot draw a token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether a token the operator gives is one a cookie and an address can
/// carry as it is.
pub(crate) fn check_token(token: &str) -> Result<(), String> {
    let fits = (8..=256).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~'));
    match fits {
        true => Ok(()),
        false => Err(
            "--token: 8 to 256 letters, digits, `-`, `_`, `.` or `~` (so that an address \
             and a cookie carry it as it is)"
                .to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machine_s_names_pass() {
        let allowed = ["tabula.lan".to_string()];
        for host in [
            "127.0.0.1:8080",
            "localhost:1",
            "[::1]:80",
            "192.168.1.5:8080",
            "tabula.lan:9000",
            "TABULA.LAN",
        ] {
            assert!(allowed_host(&allowed, host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "[::1:80",
            "",
        ] {
            assert!(!allowed_host(&allowed, host), "{host}");
        }
    }

    #[test]
    fn tokens_are_read_from_the_cookie_or_a_header_and_compared_whole() {
        let access = Access {
            allowed_hosts: Vec::new(),
            token: Some("secret-1".into()),
            cookie: "tabula_token_8080".into(),
        };
        let mut headers = HeaderMap::new();
        headers.insert(COOKIE, "a=b; tabula_token_8080=secret-1".parse().unwrap());
        assert_eq!(
            carried_token(&access, &headers).as_deref(),
            Some("secret-1")
        );
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, "Bearer secret-1".parse().unwrap());
        assert_eq!(
            carried_token(&access, &headers).as_deref(),
            Some("secret-1")
        );
        assert!(same_secret("secret-1", "secret-1"));
        assert!(!same_secret("secret-", "secret-1"));
        assert!(!same_secret("secret-2", "secret-1"));
        assert_eq!(query_token(Some("a=1&token=xyz")).as_deref(), Some("xyz"));
        assert!(new_token().unwrap().len() == 32);
        assert!(check_token("short").is_err());
        assert!(check_token("a b c d e f g h").is_err());
    }
}
