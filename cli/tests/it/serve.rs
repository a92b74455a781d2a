//! `tabula serve` through its HTTP API and WebSocket, as the page uses
//! them and as a hostile page or client would: every endpoint and message,
//! other sites, path tricks, oversized and malformed requests, the search
//! limits and a closed tab. The page itself is tested in a real browser
//! (`browser.rs`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::{client::IntoClientRequest, Message, WebSocket};

use crate::common::{poll_until, scratch, tabula, width4_db};

/// A `tabula serve` running on a free port, stopped when dropped.
pub struct Served {
    pub child: Child,
    pub address: String,
    /// The token in the address it printed, if it has one.
    pub token: Option<String>,
}

impl Served {
    pub fn start(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tabula starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let token = line
            .split("?token=")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(str::to_string);
        Served {
            child,
            address,
            token,
        }
    }

    /// A server with `--arena arena` and `args`, playing the tournament
    /// `body` (`POST /api/tournaments`) started from the page.
    pub fn playing(arena: &std::path::Path, args: &[&str], body: &str) -> Served {
        let mut all = vec!["--arena", arena.to_str().unwrap()];
        all.extend_from_slice(args);
        let served = Served::start(&all);
        let (status, answer) = served.post("/api/tournaments", body);
        assert_eq!(status, 200, "{answer}");
        served
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends it SIGINT, as Ctrl-C does.
    pub fn interrupt(&self) {
        let pid = self.pid().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(sent.success(), "kill -INT {pid}");
    }

    /// Sends `raw` (a whole HTTP/1.1 request) and returns the status and body.
    pub fn raw(&self, raw: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        // The server may answer before reading all of an oversized body.
        let _ = stream.write_all(raw);
        let text = String::from_utf8_lossy(&read_response(&mut stream)).into_owned();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {text:?}"));
        let body = text
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (status, body)
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.address
        );
        self.raw(request.as_bytes())
    }

    pub fn get_json(&self, path: &str) -> Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {a}\r\nOrigin: http://{a}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len(),
            a = self.address
        );
        self.raw(request.as_bytes())
    }

    /// A WebSocket to the play endpoint, as the page opens it.
    pub fn socket(&self) -> Socket {
        self.socket_with(&[]).expect("the socket opens")
    }

    /// A WebSocket to the play endpoint with `headers` besides the
    /// page's Origin (a cookie, a forged Host), or why it did not open.
    pub fn socket_with(&self, headers: &[(&str, &str)]) -> Result<Socket, tungstenite::Error> {
        let mut request = format!("ws://{}/api/play", self.address)
            .into_client_request()
            .unwrap();
        let origin = format!("http://{}", self.address).parse().unwrap();
        request.headers_mut().insert("Origin", origin);
        for (name, value) in headers {
            let name = tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (socket, _) = tungstenite::connect(request)?;
        if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_ref() {
            // A guard against a hang: an answer that never comes fails.
            stream.set_read_timeout(Some(crate::common::HANG)).unwrap();
        }
        Ok(Socket { socket })
    }
}

/// Reads one HTTP response from `stream`: up to the end of the body its
/// `Content-Length` gives, or to the end of the stream without one. A
/// refused request that is kept alive (an upgrade, say) would otherwise hold
/// the reader until the server's header timeout closes the connection.
fn read_response(stream: &mut TcpStream) -> Vec<u8> {
    let mut response = Vec::new();
    let mut chunk = [0; 8192];
    // Found once, when the headers are in.
    let mut end = None;
    loop {
        if end.is_none() {
            end = response_end(&response);
        }
        if let Some(Some(end)) = end {
            if response.len() >= end {
                response.truncate(end);
                return response;
            }
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return response,
            Ok(n) => response.extend_from_slice(&chunk[..n]),
        }
    }
}

/// Where the response at the start of `bytes` ends, once its headers have
/// arrived: after the body their `Content-Length` gives (`Some(Some(_))`),
/// or at the end of the stream where they give none (`Some(None)`).
fn response_end(bytes: &[u8]) -> Option<Option<usize>> {
    let head = bytes.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let headers = String::from_utf8_lossy(&bytes[..head]).to_ascii_lowercase();
    let length = headers
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|value| value.trim().parse::<usize>().ok());
    Some(length.map(|length| head + length))
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page's WebSocket.
pub struct Socket {
    pub socket: WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
}

impl Socket {
    pub fn send(&mut self, request: Value) {
        self.socket
            .send(Message::text(request.to_string()))
            .unwrap();
    }

    pub fn send_raw(&mut self, message: Message) {
        self.socket.send(message).unwrap();
    }

    /// The next message.
    pub fn next(&mut self) -> Value {
        loop {
            match self.socket.read().expect("the server answers") {
                Message::Text(text) => return serde_json::from_str(&text).unwrap(),
                Message::Close(_) => panic!("the server closed the socket"),
                _ => {}
            }
        }
    }

    /// Messages up to and including the first that `done` accepts.
    pub fn until(&mut self, mut done: impl FnMut(&Value) -> bool) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let message = self.next();
            let stop = done(&message);
            seen.push(message);
            if stop {
                return seen;
            }
        }
    }

    /// The next state in which nobody thinks.
    pub fn settled(&mut self) -> Value {
        self.until(|m| m["type"] == "state" && m["thinking"].is_null())
            .pop()
            .unwrap()
    }

    pub fn error(&mut self) -> String {
        let message = self.until(|m| m["type"] == "error").pop().unwrap();
        message["message"].as_str().unwrap().to_string()
    }
}

/// A results folder with four games of Diffusion on a width-4 board.
pub fn results_folder(name: &str) -> PathBuf {
    let out = scratch(name);
    let args = [
        "arena",
        "--games",
        "diffusion(width=4)",
        "--agents",
        "random",
        "mcts(iterations=50)",
        "--rounds",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    out
}

#[test]
fn the_page_its_files_and_the_lists_of_games_and_agents_are_served() {
    let served = Served::start(&[]);
    let (status, page) = served.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Tabula</title>"), "{page}");
    for asset in ["app.js", "board.js", "charts.js", "style.css"] {
        let (status, body) = served.get(&format!("/assets/{asset}"));
        assert_eq!(status, 200, "{asset}");
        assert!(!body.is_empty());
    }
    let games = served.get_json("/api/games");
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    // The page offers the catalog, in its order.
    assert_eq!(names, tabula_games::registry().names());
    let calcala = &games[names.iter().position(|&n| n == "calcala").unwrap()];
    assert!(calcala["params"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "players"));
    let agents = served.get_json("/api/agents");
    assert!(agents
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["name"] == "mcts" && !a["params"].as_array().unwrap().is_empty()));
}

#[test]
fn unknown_paths_traversal_other_sites_and_bad_requests_are_refused_with_reasons() {
    let served = Served::start(&[]);
    for path in [
        "/assets/../Cargo.toml",
        "/assets/..%2F..%2FCargo.toml",
        "/assets/%2e%2e/%2e%2e/etc/passwd",
        "/../../etc/passwd",
        "/api/folders/0/games",
        "/api/folders/99999999999999999999999/games",
        "/nothing",
    ] {
        let (status, body) = served.get(path);
        assert!(matches!(status, 400 | 404), "{path}: {status} {body}");
        assert!(!body.contains("root:"), "{path}: {body}");
    }
    let (status, body) = served.get("/api/folders/0/games");
    assert_eq!(status, 404);
    assert!(body.contains("no results folder 0"), "{body}");
    // Every refusal is JSON with a reason, the extractors' too.
    for path in [
        "/api/folders/-1/games",
        "/api/folders/x/standings",
        "/api/folders/0/games?what=1",
    ] {
        let (status, body) = served.get(path);
        assert_eq!(status, 400, "{path}: {body}");
        let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{path}: {body}"));
        assert!(
            error["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{path}: {body}"
        );
    }

    // Another site, by its Host (DNS rebinding) or its Origin.
    let foreign_host =
        b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n";
    let (status, body) = served.raw(foreign_host);
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("localhost"), "{body}");
    let foreign_origin = format!(
        "GET /api/play HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        served.address
    );
    let (status, body) = served.raw(foreign_origin.as_bytes());
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("evil.example"), "{body}");

    // No state changes on GET; bodies too large or malformed.
    let (status, _) = served.get("/api/tournaments");
    assert_eq!(status, 405);
    let huge = "x".repeat(200_000);
    let (status, _) = served.post("/api/tournaments", &huge);
    assert_eq!(status, 413);
    let (status, body) = served.post("/api/tournaments", "{not json");
    assert!(matches!(status, 400 | 422), "{status} {body}");
    assert!(body.starts_with("{\"error\""), "{body}");
    let (status, body) = served.post(
        "/api/tournaments",
        r#"{"games":["diffusion"],"agents":["random","greedy"],"rounds":1}"#,
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("--arena"), "{body}");
    let garbage = served.raw(b"\x00\x01garbage\r\n\r\n");
    assert_eq!(garbage.0, 400);
}

#[test]
fn a_game_is_played_taken_back_and_replayed_over_the_socket() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    let first = socket.next();
    assert_eq!(first["type"], "state");
    assert_eq!(first["name"], "diffusion");
    socket.send(json!({"type": "new", "game": "diffusion(width=4)", "seats": ["human", "mcts(iterations=50)"], "seed": 7}));
    let state = socket.settled();
    assert_eq!(state["game"], "diffusion(width=4)");
    // Seated as it plays: within the server's node limit (--max-nodes).
    assert_eq!(
        state["seats"][1]["agent"],
        "mcts(iterations=50,max_nodes=2000000)"
    );
    assert_eq!(state["to_move"], 0);
    assert!(state["svg"].as_str().unwrap().contains(r#"data-cell="A""#));
    let legal = state["legal"].as_array().unwrap().clone();
    assert!(!legal.is_empty());

    // The person moves; the agent answers at once, reporting its search.
    socket.send(json!({"type": "play", "move": legal[0]}));
    let seen = socket.until(|m| m["type"] == "state" && m["moves"].as_array().unwrap().len() == 2);
    assert!(
        seen.iter()
            .any(|m| m["type"] == "thought" && m["hint"] == false),
        "{seen:?}"
    );
    let after = seen.last().unwrap();
    assert_eq!(after["movers"], json!([0, 1]));
    assert_eq!(after["evals"][0]["ply"], 1);

    // Undo takes back the agent's reply with the move; redo replays both.
    socket.send(json!({"type": "undo"}));
    assert_eq!(socket.settled()["moves"], json!([]));
    socket.send(json!({"type": "redo"}));
    assert_eq!(socket.settled()["moves"].as_array().unwrap().len(), 2);

    // Refusals change nothing and say why.
    socket.send(json!({"type": "play", "move": "Z9"}));
    assert!(socket.error().contains("Z9"));
    assert_eq!(socket.settled()["moves"].as_array().unwrap().len(), 2);
    socket.send_raw(Message::text("{\"type\": \"fly\"}"));
    assert!(socket.error().contains("cannot read"));
    socket.send_raw(Message::text("not json at all"));
    assert!(socket.error().contains("cannot read"));
    socket.send_raw(Message::binary(vec![1, 2, 3]));
    assert!(socket.error().contains("JSON text"));
    socket.send(json!({"type": "seat", "seat": 5, "agent": "random"}));
    assert!(socket.error().contains("no seat"));
    socket.send(json!({"type": "seat", "seat": 1, "agent": "mcts(iterations=-3)"}));
    assert!(!socket.error().is_empty());
    socket.send(json!({"type": "new", "game": "chess"}));
    assert!(socket.error().contains("chess"));
    socket.send(json!({"type": "stop"}));
    assert!(socket.error().contains("no agent is thinking"));
    socket.send(json!({"type": "goto", "ply": 9}));
    assert!(socket.error().contains("the line holds 2 moves, not 9"));
    socket.send(json!({"type": "solve"}));
    assert!(socket.error().contains("database"));

    // A hint: the search's moves, nothing played.
    socket.send(json!({"type": "hint"}));
    let seen = socket.until(|m| m["type"] == "thought");
    let thought = &seen.last().unwrap()["thought"];
    assert_eq!(thought["seat"], 0);
    assert!(!thought["search"]["moves"].as_array().unwrap().is_empty());
    assert_eq!(socket.settled()["moves"].as_array().unwrap().len(), 2);

    // Save, then load the record into another tab.
    socket.send(json!({"type": "save"}));
    let record = socket.until(|m| m["type"] == "record").pop().unwrap();
    let text = record["text"].as_str().unwrap().to_string();
    let mut other = served.socket();
    other.next();
    other.send(json!({"type": "load", "record": text}));
    let loaded = other.settled();
    assert_eq!(loaded["moves"], after["moves"]);
    other.send(json!({"type": "load", "record": "{\"format\": 3}"}));
    assert!(!other.error().is_empty());

    // Swapping seats: the agent is to move and answers.
    socket.send(json!({"type": "swap", "a": 0, "b": 1}));
    let swapped = socket.settled();
    assert_eq!(swapped["seats"][0]["agent"], state["seats"][1]["agent"]);
    assert_eq!(swapped["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn three_players_take_their_turns_with_two_agents_replying() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    let seats = ["human", "random", "mcts(iterations=50)"];
    socket.send(json!({"type": "new", "game": "calcala(players=3)", "seats": seats, "seed": 5}));
    let state = socket.settled();
    assert_eq!(state["seats"].as_array().unwrap().len(), 3);
    assert_eq!(state["seats"][2]["name"], "player 3");
    let mv = state["legal"][0].clone();
    socket.send(json!({"type": "play", "move": mv}));
    let replied =
        socket.until(|m| m["type"] == "state" && m["moves"].as_array().unwrap().len() == 3);
    let last = replied.last().unwrap();
    assert_eq!(last["movers"], json!([0, 1, 2]));
    assert_eq!(last["to_move"], 0);
    socket.send(json!({"type": "undo"}));
    assert_eq!(socket.settled()["moves"], json!([]));
}

#[test]
fn agents_follow_the_session_s_rule_paused_alone_or_replying() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    // Agents alone move only when asked.
    let agents = ["random", "mcts(iterations=50)"];
    socket.send(json!({"type": "new", "game": "diffusion(width=4)", "seats": agents}));
    assert_eq!(socket.settled()["moves"], json!([]));
    socket.send(json!({"type": "go"}));
    let moved = socket.until(|m| m["type"] == "state" && m["moves"].as_array().unwrap().len() == 1);
    assert_eq!(moved.last().unwrap()["thinking"], Value::Null);
    // Paused, an agent left to move waits; a person may not move for it.
    let mover = moved.last().unwrap()["to_move"].as_u64().unwrap();
    socket.send(json!({"type": "pause", "paused": true}));
    socket.send(json!({"type": "seat", "seat": 1 - mover, "agent": "human"}));
    let paused = socket
        .until(|m| m["type"] == "state" && m["seats"][1 - mover as usize]["agent"] == "human")
        .pop()
        .unwrap();
    assert_eq!(paused["paused"], true);
    assert_eq!(paused["to_move"], mover);
    assert_eq!(paused["moves"].as_array().unwrap().len(), 1);
    let legal = paused["legal"][0].clone();
    socket.send(json!({"type": "play", "move": legal}));
    assert!(socket.error().contains("turn"));
    socket.send(json!({"type": "pause", "paused": false}));
    let replied =
        socket.until(|m| m["type"] == "state" && m["moves"].as_array().unwrap().len() == 2);
    assert_eq!(replied.last().unwrap()["paused"], false);
}

#[test]
fn a_search_streams_at_least_five_updates_a_second_and_stops_when_asked() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "differo", "seats": ["mcts(time=60s)", "human"]}));
    let started = Instant::now();
    let mut updates = 0;
    let mut last = None;
    while updates < 15 {
        let message = socket.next();
        if message["type"] == "progress" {
            updates += 1;
            last = Some(message);
        }
    }
    let rate = updates as f64 / started.elapsed().as_secs_f64();
    eprintln!(
        "serve: {updates} search updates in {:.2} s: {rate:.1} a second",
        started.elapsed().as_secs_f64()
    );
    let last = last.unwrap();
    assert!(last["iterations"].as_u64().unwrap() > 0, "{last}");
    assert!(last["best"].is_string(), "{last}");
    // Where the search looks, while it looks: the leading moves with their
    // shares, best first, and the variation from the best move.
    assert_leading_moves(&last);
    let stopped = Instant::now();
    socket.send(json!({"type": "stop"}));
    let state = socket.settled();
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
    // A 60-second search answered at once.
    assert!(stopped.elapsed() < Duration::from_secs(30));
}

/// A progress update's leading moves: the best one first, each with a
/// share of the root's visits, the shares adding to at most 1, and the
/// principal variation starting with the best move.
fn assert_leading_moves(progress: &Value) {
    let moves = progress["moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{progress}");
    assert_eq!(moves[0]["mv"], progress["best"], "{progress}");
    let shares: f64 = moves.iter().map(|m| m["share"].as_f64().unwrap()).sum();
    assert!(shares > 0.0 && shares <= 1.0 + 1e-9, "{progress}");
    assert!(moves[0]["share"].as_f64().unwrap() > 0.0, "{progress}");
    assert_eq!(progress["pv"][0], progress["best"], "{progress}");
}

#[test]
fn an_alpha_beta_search_streams_its_last_depth_s_moves_before_it_ends() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    socket
        .send(json!({"type": "new", "game": "differo", "seats": ["alphabeta(time=60s)", "human"]}));
    // The first update may come before depth 1 is done: wait for one that
    // has a depth.
    let with_depth = socket.until(|m| m["type"] == "progress" && m["depth"].is_u64());
    let progress = with_depth.last().unwrap();
    assert_leading_moves(progress);
    socket.send(json!({"type": "stop"}));
    let thought = socket.until(|m| m["type"] == "thought");
    assert_eq!(thought.last().unwrap()["thought"]["seat"], 0);
}

#[test]
fn searches_are_bounded_and_a_closed_tab_gives_its_search_back() {
    let served = Served::start(&["--max-searches", "1"]);
    let mut first = served.socket();
    first.next();
    first.send(json!({"type": "new", "game": "differo", "seats": ["mcts(time=60s)", "human"]}));
    first.until(|m| m["type"] == "progress");
    let mut second = served.socket();
    second.next();
    second.send(json!({"type": "hint"}));
    assert!(second.error().contains("searches already"));
    drop(first);
    // The first tab's search ends with its socket; the slot comes back.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        second.send(json!({"type": "hint"}));
        let message = second
            .until(|m| m["type"] == "error" || m["type"] == "thought")
            .pop()
            .unwrap();
        if message["type"] == "thought" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the closed tab's search still holds the slot"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn results_folders_are_listed_filtered_and_replayed_and_nothing_outside_is_read() {
    let folder = results_folder("serve-replay");
    let served = Served::start(&["--results", folder.to_str().unwrap()]);
    let folders = served.get_json("/api/folders");
    assert_eq!(folders[0]["index"], 0);
    let listing = served.get_json("/api/folders/0/games");
    assert_eq!(listing["matched"], 4);
    let game = &listing["games"][0];
    assert_eq!(game["index"], 1);
    assert_eq!(game["game"], "diffusion(width=4)");
    let filtered = served.get_json("/api/folders/0/games?agent=random&winner=random");
    let wins = filtered["games"].as_array().unwrap();
    assert!(wins
        .iter()
        .all(|g| g["winners"].as_array().unwrap().contains(&json!("random"))));
    assert_eq!(
        served.get_json("/api/folders/0/games?game=differo")["matched"],
        0
    );
    // Filters match any part of a spec, in any case; a winner is an
    // agent or a seat; each result names the agent that won.
    assert_eq!(
        served.get_json("/api/folders/0/games?agent=MCTS")["matched"],
        4
    );
    assert_eq!(
        served.get_json("/api/folders/0/games?game=diff")["matched"],
        4
    );
    let by_seat: Vec<Value> = ["south", "North"]
        .iter()
        .map(|seat| served.get_json(&format!("/api/folders/0/games?winner={seat}")))
        .collect();
    let matched: u64 = by_seat.iter().map(|l| l["matched"].as_u64().unwrap()).sum();
    assert_eq!(matched, 4, "{by_seat:?}");
    for (listing, seat) in by_seat.iter().zip(["South", "North"]) {
        for game in listing["games"].as_array().unwrap() {
            let result = game["result"].as_str().unwrap();
            assert!(result.ends_with(&format!(" ({seat}) wins")), "{result}");
            let winner = &game["winners"][0];
            assert!(result.starts_with(winner.as_str().unwrap()), "{game}");
        }
    }
    let (status, body) = served.get("/api/folders/0/games?path=/etc/passwd");
    assert_eq!(status, 400, "{body}");

    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "replay", "folder": 0, "game": 1}));
    let state = socket.settled();
    assert_eq!(state["mode"], "replay");
    let length = state["replay"]["length"].as_u64().unwrap();
    assert_eq!(length, game["plies"].as_u64().unwrap());
    assert_eq!(state["moves"], json!([]));
    // Without a database, the values the agents reported as they played
    // (random reports none: only mcts's moves have one).
    assert_eq!(state["replay"]["judged"], "agents");
    assert!(state["replay"]["unjudged"].is_null());
    let evals = state["evals"].as_array().unwrap();
    assert!(
        !evals.is_empty() && evals.iter().all(|e| e["source"] == "agent"),
        "{evals:?}"
    );
    let mcts_seat = state["seats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["agent"] != "random")
        .unwrap();
    assert!(evals.iter().all(|e| e["seat"] == mcts_seat), "{evals:?}");
    socket.send(json!({"type": "goto", "ply": length}));
    let end = socket.settled();
    assert_eq!(end["moves"].as_array().unwrap().len() as u64, length);
    assert!(!end["outcome"].is_null());
    socket.send(json!({"type": "goto", "ply": length + 1}));
    assert!(!socket.error().is_empty());
    socket.send(json!({"type": "replay", "folder": 0, "game": 99}));
    assert!(socket.error().contains("holds 4 games"));
    socket.send(json!({"type": "replay", "folder": 3, "game": 1}));
    assert!(socket.error().contains("no results folder 3"));

    let board = served.get_json("/api/folders/0/games/2/board");
    assert_eq!(board["index"], 2);
    assert!(
        board["svg"].as_str().unwrap().starts_with("<svg"),
        "{board}"
    );
    let (status, body) = served.get("/api/folders/0/games/9/board");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("holds 4 games"), "{body}");

    let standings = served.get_json("/api/folders/0/standings");
    assert_eq!(standings["summary"]["played"], 4);
    assert_eq!(
        standings["summary"]["overall"]["agents"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // The crosstable the page draws: the one pairing, every finished game.
    let overall = &standings["summary"]["overall"];
    let crosstable = overall["crosstable"].as_array().unwrap();
    assert_eq!(crosstable.len(), 1, "{overall}");
    let tally = &crosstable[0]["tally"];
    let games: u64 = ["wins", "draws", "losses"]
        .iter()
        .map(|k| tally[*k].as_u64().unwrap())
        .sum();
    assert_eq!(games, overall["finished"].as_u64().unwrap(), "{overall}");
}

#[cfg(unix)]
#[test]
fn a_records_file_that_links_out_of_its_folder_is_not_read() {
    let folder = scratch("serve-link");
    std::fs::create_dir_all(&folder).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", folder.join("games.jsonl")).unwrap();
    let served = Served::start(&["--results", folder.to_str().unwrap()]);
    let (status, body) = served.get("/api/folders/0/games");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("not a regular file"), "{body}");
    assert!(!body.contains("root"), "{body}");
}

#[test]
fn a_tournament_started_from_the_page_plays_to_its_standings() {
    let arena = scratch("serve-arena");
    let served = Served::start(&["--arena", arena.to_str().unwrap()]);
    let (status, body) = served.post(
        "/api/tournaments",
        r#"{"games":["diffusion(width=4)"],"agents":["random","nobody"],"rounds":1}"#,
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("nobody"), "{body}");
    let (status, body) = served.post(
        "/api/tournaments",
        r#"{"games":["diffusion(width=4)"],"agents":["random","mcts(iterations=50)"],"rounds":2}"#,
    );
    assert_eq!(status, 200, "{body}");
    let started: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(started["folder"], 0);
    poll_until("the tournament's end", || {
        served.get_json("/api/folders/0/standings")["running"] == false
    });
    let standings = served.get_json("/api/folders/0/standings");
    assert!(standings["error"].is_null(), "{standings}");
    assert_eq!(standings["summary"]["played"], 4);
    assert!(arena.join("page-1").join("summary.json").is_file());
    assert_eq!(served.get_json("/api/folders/0/games")["matched"], 4);
}

#[test]
fn a_tournament_tabula_arena_is_playing_is_watched_as_it_goes() {
    let out = scratch("serve-attach");
    let mut arena = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "arena",
            "--games",
            "diffusion(width=4)",
            "--agents",
            "random",
        ])
        .args([
            "mcts(iterations=3000)",
            "--rounds",
            "400",
            "--threads",
            "1",
            "--out",
        ])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let games = out.join("games.jsonl");
    poll_until("the tournament's first games", || {
        std::fs::read_to_string(&games).is_ok_and(|t| t.lines().count() >= 2)
    });
    let served = Served::start(&["--results", out.to_str().unwrap()]);
    let first = served.get_json("/api/folders/0/standings");
    let played = first["summary"]["played"].as_u64().unwrap();
    assert!(played >= 2, "{first}");
    assert_eq!(first["summary"]["scheduled"], 800);
    assert_eq!(first["running"], true, "{first}");
    // The wall of games in progress: the one game its thread plays, drawn.
    let mut playing = Value::Null;
    poll_until("a game in progress", || {
        playing = served.get_json("/api/folders/0/playing");
        playing.as_array().is_some_and(|boards| !boards.is_empty())
    });
    let boards = playing.as_array().unwrap();
    assert_eq!(boards.len(), 1, "{playing}");
    assert!(
        boards[0]["game"].as_str().unwrap().starts_with("diffusion"),
        "{playing}"
    );
    assert_eq!(
        boards[0]["agents"].as_array().unwrap().len(),
        2,
        "{playing}"
    );
    let index = boards[0]["index"].as_u64().unwrap();
    assert!(index >= 1, "{playing}");
    // Two games a round (one pairing, both seat orders), listed round by round.
    assert_eq!(boards[0]["round"], (index - 1) / 2 + 1, "{playing}");
    assert!(
        boards[0]["svg"].as_str().unwrap().starts_with("<svg"),
        "{playing}"
    );
    poll_until("more games in the standings", || {
        served.get_json("/api/folders/0/standings")["summary"]["played"].as_u64() > Some(played)
    });
    arena.kill().unwrap();
    arena.wait().unwrap();
    let after = served.get_json("/api/folders/0/standings");
    assert_eq!(after["running"], false, "{after}");
    assert!(after["error"].is_null(), "{after}");
    // A killed run leaves its game's file behind (this one too, written
    // here, whenever the kill came): a stopped tournament shows none.
    let stale = json!({"index": 799, "round": 399, "game": "diffusion(width=4)",
        "agents": ["random", "mcts"], "moves": []});
    std::fs::create_dir_all(out.join("playing")).unwrap();
    std::fs::write(out.join("playing/799.json"), stale.to_string()).unwrap();
    assert_eq!(served.get_json("/api/folders/0/playing"), json!([]));
    let (status, body) = served.get("/api/folders/5/playing");
    assert_eq!(status, 404, "{body}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_records_the_tournaments_games_under_way_and_their_summary() {
    let arena = scratch("serve-interrupt");
    let mut served = Served::playing(
        &arena,
        &["--shutdown-grace", "10m"],
        r#"{"games":["diffusion(width=4)"],"agents":["random","mcts(iterations=2000)"],"rounds":500,"seed":3}"#,
    );
    let games = arena.join("page-1").join("games.jsonl");
    poll_until("a first game", || {
        std::fs::read_to_string(&games).is_ok_and(|t| t.lines().count() >= 1)
    });
    // Started from the page, its game under way is on the wall too.
    poll_until("a game in progress", || {
        served.get_json("/api/folders/0/playing")[0]["svg"]
            .as_str()
            .is_some_and(|svg| svg.starts_with("<svg"))
    });
    // A page left open does not keep the server from stopping.
    let _page = served.socket();
    // Given all the time they need, the games under way are recorded.
    served.interrupt();
    crate::common::end_or_kill(&mut served.child, "the interrupted server");
    let summary = crate::common::read_json(&arena.join("page-1").join("summary.json"));
    let recorded = std::fs::read_to_string(&games).unwrap().lines().count();
    assert_eq!(summary["played"], recorded as u64);
    assert!(recorded < 1000, "the tournament stopped early");
}

#[test]
fn the_server_binds_only_what_it_is_told_and_says_so() {
    let missing = tabula(
        &["serve", "--port", "0", "--results", "/no/such/folder"],
        "",
    );
    assert!(!missing.ok);
    assert!(
        missing.stderr.contains("/no/such/folder"),
        "{}",
        missing.stderr
    );
    let served = Served::start(&[]);
    assert!(
        served.address.starts_with("127.0.0.1:"),
        "{}",
        served.address
    );
}

/// CPU ticks (user + system) the process `pid` has used.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn an_idle_server_uses_almost_no_cpu() {
    let served = Served::start(&[]);
    // An open tab that does nothing, as a page left open does.
    let mut socket = served.socket();
    socket.next();
    let before = cpu_ticks(served.pid());
    let started = Instant::now();
    std::thread::sleep(Duration::from_secs(3));
    let used = cpu_ticks(served.pid()) - before;
    // Ticks are 1/100 s on Linux.
    let share = used as f64 / 100.0 / started.elapsed().as_secs_f64();
    eprintln!(
        "serve: idle CPU {:.2}% of one core over {:.1} s",
        100.0 * share,
        started.elapsed().as_secs_f64()
    );
    assert!(
        share < 0.05,
        "idle server used {:.1}% of a core",
        100.0 * share
    );
}

#[test]
fn exact_values_come_from_the_database_given() {
    let served = Served::start(&["--db", width4_db()]);
    let mut socket = served.socket();
    socket.next();
    // The default game is Diffusion on six pits: the database is of another variant.
    socket.send(json!({"type": "solve"}));
    assert!(socket.error().contains("width"), "the variant is named");
    socket.send(json!({"type": "new", "game": "diffusion(width=4)"}));
    let state = socket.settled();
    socket.send(json!({"type": "solve"}));
    let solved = socket.until(|m| m["type"] == "solved").pop().unwrap();
    let analysis = &solved["analysis"];
    let moves = analysis["moves"].as_array().unwrap();
    assert_eq!(moves.len(), state["legal"].as_array().unwrap().len());
    assert!(moves.iter().any(|m| m["best"] == true), "{analysis}");
    assert!(
        analysis["value"]["text"].as_str().unwrap().len() > 2,
        "{analysis}"
    );
    let without = Served::start(&[]);
    let mut socket = without.socket();
    socket.next();
    socket.send(json!({"type": "solve"}));
    assert!(socket.error().contains("database"));
}

#[test]
fn any_position_is_set_up_from_its_text_and_studied() {
    let position = "0120/0100 A";
    let query = tabula(
        &[
            "solve",
            "diffusion(width=4)",
            "--db",
            width4_db(),
            "--query",
            position,
        ],
        "",
    );
    assert!(query.ok, "{}", query.stderr);
    let expected: Value = serde_json::from_str(query.stdout.trim()).unwrap();
    let served = Served::start(&["--db", width4_db()]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "diffusion(width=4)"}));
    let state = socket.settled();
    assert_eq!(state["position"], "4444/4444 A");
    socket.send(json!({"type": "play", "move": state["legal"][0]}));
    socket.settled();
    socket.send(json!({"type": "setup", "position": format!(" {position} ")}));
    let state = socket.settled();
    assert_eq!(state["position"], position);
    assert_eq!(state["moves"], json!([]), "the history starts there");
    // Its exact value is the command line's.
    socket.send(json!({"type": "solve"}));
    let solved = socket.until(|m| m["type"] == "solved").pop().unwrap();
    let value = format!(
        "{} in {}",
        expected["value"].as_str().unwrap(),
        expected["plies"]
    );
    assert_eq!(solved["analysis"]["value"]["text"], value, "{expected}");
    // A malformed position is refused with the reason, and nothing changes.
    socket.send(json!({"type": "setup", "position": "0120/01 A"}));
    assert!(!socket.error().is_empty());
    assert_eq!(socket.settled()["position"], position);
}

#[test]
fn kalah_shows_exact_margins_from_a_margin_database() {
    let dir = scratch("serve-kalah");
    let db = dir.join("k22.db");
    let db = db.to_str().unwrap();
    let run = tabula(&["solve", "kalah(pits=2,seeds=2)", "--db", db], "");
    assert!(run.ok, "{}", run.stderr);
    let served = Served::start(&["--db", db]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "kalah(pits=2,seeds=2)"}));
    socket.settled();
    socket.send(json!({"type": "solve"}));
    let solved = socket.until(|m| m["type"] == "solved").pop().unwrap();
    // South secures -2 at the start: B keeps it, A gives up two more
    // (docs/solving.md has the same position in the REPL).
    let analysis = &solved["analysis"];
    assert_eq!(analysis["value"]["text"], "margin -2", "{analysis}");
    assert_eq!(analysis["value"]["margin"], -2, "{analysis}");
    let moves: Vec<_> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["mv"].as_str().unwrap(),
                m["value"]["text"].as_str().unwrap(),
                m["best"] == true,
            )
        })
        .collect();
    assert_eq!(moves, [("B", "margin -2", true), ("A", "margin -4", false)]);
    // A margin table is refused for a variant it does not cover.
    socket.send(json!({"type": "new", "game": "kalah(pits=3,seeds=2)"}));
    socket.settled();
    socket.send(json!({"type": "solve"}));
    assert!(
        socket.error().contains("pits=2"),
        "the table's variant is named"
    );

    // A tournament's game replayed: each move judged by the margin it
    // gave up, the graph's points in margins.
    let out = dir.join("games");
    let run = tabula(
        &[
            "arena",
            "--games",
            "kalah(pits=2,seeds=2)",
            "--agents",
            "random",
            "greedy",
            "--rounds",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let served = Served::start(&["--db", db, "--results", out.to_str().unwrap()]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "replay", "folder": 0, "game": 1}));
    let state = socket.settled();
    assert_eq!(state["replay"]["judged"], "database", "{state}");
    let tree = state["tree"].as_array().unwrap();
    assert_eq!(
        tree.len(),
        state["replay"]["length"].as_u64().unwrap() as usize + 1
    );
    for node in &tree[1..] {
        let verdict = &node["verdict"];
        let lost = verdict["margin_lost"].as_u64().expect("a margin lost");
        assert_eq!(lost == 0, verdict["perfect"] == true, "{node}");
    }
    let evals = state["evals"].as_array().unwrap();
    assert_eq!(
        evals.len(),
        tree.len(),
        "every position has its exact value"
    );
    assert_eq!(evals[0]["margin"], -2, "{}", evals[0]);
    assert!(evals.iter().all(|e| e["source"] == "database"));
}

#[test]
fn the_move_tree_branches_jumps_and_opens_from_a_link() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "diffusion(width=4)", "seats": ["human", "human"]}));
    let mut state = socket.settled();
    for _ in 0..3 {
        socket.send(json!({"type": "play", "move": state["legal"][0]}));
        state = socket.settled();
    }
    let main = state["moves"].clone();
    assert_eq!(state["tree"].as_array().unwrap().len(), 4);
    assert_eq!(state["line"], json!([1, 2, 3]));
    // Back to the first move's position: the line stays, shown beyond it.
    socket.send(json!({"type": "goto", "node": 1}));
    let back = socket.settled();
    assert_eq!(
        (back["node"].clone(), back["moves"].clone()),
        (json!(1), json!([main[0]]))
    );
    assert_eq!(back["line"], json!([1, 2, 3]));
    // Another move there: a variation beside the main line.
    let other = back["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| **m != main[1])
        .unwrap()
        .clone();
    socket.send(json!({"type": "play", "move": other}));
    let branched = socket.settled();
    assert_eq!(branched["tree"][1]["children"], json!([2, 4]));
    assert_eq!(branched["tree"][4]["mv"], other);
    assert_eq!(branched["tree"][4]["seat"], 1);
    assert_eq!(branched["line"], json!([1, 4]));
    // The same move again goes to its node; undo steps back along the tree.
    socket.send(json!({"type": "undo"}));
    assert_eq!(socket.settled()["node"], 1);
    socket.send(json!({"type": "play", "move": main[1]}));
    let again = socket.settled();
    assert_eq!(
        (
            again["node"].clone(),
            again["tree"].as_array().unwrap().len()
        ),
        (json!(2), 5)
    );
    socket.send(json!({"type": "redo"}));
    assert_eq!(socket.settled()["moves"], main);
    socket.send(json!({"type": "promote", "node": 4}));
    assert_eq!(socket.settled()["tree"][1]["children"], json!([4, 2]));
    // A node or ply the tree lacks is refused, and nothing changes.
    socket.send(json!({"type": "goto", "node": 99}));
    assert!(socket.error().contains("no move 99"));
    socket.send(json!({"type": "goto"}));
    assert!(socket.error().contains("a node or a ply"));
    assert_eq!(socket.settled()["moves"], main);

    // A link opens a game: its spec, moves and ply, every seat a person's.
    let moves: Vec<Value> = main.as_array().unwrap().clone();
    socket.send(json!({"type": "open", "game": "diffusion(width=4)", "moves": moves, "ply": 1}));
    let opened = socket.settled();
    assert_eq!(opened["moves"], json!([main[0]]));
    assert_eq!(opened["line"], json!([1, 2, 3]));
    assert!(opened["seats"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["agent"] == "human"));
    // A link from a position set up carries it; the view says the start.
    socket.send(json!({"type": "open", "game": "diffusion(width=4)", "position": "0120/0100 A"}));
    let set_up = socket.settled();
    assert_eq!(set_up["start"], "0120/0100 A");
    assert_eq!(set_up["moves"], json!([]));
    // A bad link is refused whole: the game shown stays.
    for (link, error) in [
        (
            json!({"type": "open", "game": "diffusion(width=4)", "moves": [main[0], "Z9"]}),
            "the link's move 2",
        ),
        (json!({"type": "open", "game": "chess"}), "chess"),
        (
            json!({"type": "open", "game": "diffusion(width=4)", "moves": [main[0]], "ply": 5}),
            "holds 1 moves, not 5",
        ),
    ] {
        socket.send(link);
        let message = socket.error();
        assert!(message.contains(error), "{message}");
        assert_eq!(socket.settled()["start"], "0120/0100 A");
    }

    // A new game whose seat is refused changes nothing, and names the seat.
    socket.send(json!({"type": "new", "game": "diffusion", "seats": ["human", "mcst"]}));
    let message = socket.error();
    assert!(
        message.starts_with("North: ") && message.contains("mcst"),
        "{message}"
    );
    let unchanged = socket.settled();
    assert_eq!(unchanged["game"], "diffusion(width=4)");
    assert_eq!(unchanged["start"], "0120/0100 A");
}
