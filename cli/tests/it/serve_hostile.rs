//! `tabula serve` attacked as issue #48's trial attacked it: real sockets
//! against the real binary. Clients of the page are not the operator:
//! nothing they send may run a program, open or probe a path, or take the
//! server's memory, connections, tabs or shutdown; every limit refuses
//! with the limit named. Each test asserts what happened (a process, a
//! file, a status, a message), never how fast: its waits are hang guards.
//! Linux: `/proc` shows the processes, threads and memory.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::protocol::Role;
use tungstenite::{Message, WebSocket};

use crate::common::{end_or_kill, poll_until, scratch, width4_db};
use crate::engine_processes::{python, running, script, stat};
use crate::serve::{results_folder, Served, Socket};

/// Processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let parent = pid.to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        // After the state, the parent's pid.
        .filter(|&p| stat(p).is_some_and(|fields| fields[1] == parent))
        .collect()
}

/// The threads of process `pid`.
fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .count()
}

/// The resident memory of process `pid`, in MiB.
fn rss_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kib >> 10
}

/// The pids the misbehaving engine wrote to `file`, in order: each
/// engine's own, then the child it forks at its `go`.
fn written(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// `text` as a double-quoted spec value.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A command that leaves `marker` behind if it ever runs.
fn marking(marker: &Path) -> String {
    format!("sh -c {}", quoted(&format!("id > {}", marker.display())))
}

/// The message of the next error on `socket`, and the state after it.
fn refused(socket: &mut Socket, request: Value) -> String {
    socket.send(request);
    let error = socket.error();
    socket.settled();
    error
}

#[test]
fn no_command_runs_for_the_page_over_http_or_the_socket() {
    let arena = scratch("hostile-exec-arena");
    let marker = scratch("hostile-exec-pwned");
    let attack = format!("engine(cmd={})", quoted(&marking(&marker)));
    let folder = results_folder("hostile-exec-results");
    // A results folder whose records name the command too: replaying one
    // seats it, and nothing may run it.
    let forged = scratch("hostile-exec-forged");
    std::fs::create_dir_all(&forged).unwrap();
    let text = std::fs::read_to_string(folder.join("games.jsonl")).unwrap();
    let mut record: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    record["agents"] = json!([attack, attack]);
    std::fs::write(forged.join("games.jsonl"), format!("{record}\n")).unwrap();
    let served = Served::start(&[
        "--arena",
        arena.to_str().unwrap(),
        "--results",
        forged.to_str().unwrap(),
    ]);

    // The issue's curl, with the issue's headers.
    let body = json!({"games": ["diffusion(width=4)"], "agents": ["random", attack], "rounds": 1});
    let (status, answer) = served.post("/api/tournaments", &body.to_string());
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("runs a program on the server"), "{answer}");
    assert!(answer.contains("--engine NAME=COMMAND"), "{answer}");
    assert!(
        !arena.join("page-1").exists(),
        "a refused tournament makes no folder"
    );
    let body = json!({"games": ["diffusion(width=4)"], "agents": [format!("random, {attack}")], "rounds": 1});
    let (status, answer) = served.post("/api/tournaments", &body.to_string());
    assert_eq!(status, 400, "{answer}");

    let mut socket = served.socket();
    socket.next();
    for request in [
        json!({"type": "seat", "seat": 1, "agent": attack}),
        json!({"type": "seat", "seat": 0, "agent": "engine"}),
        json!({"type": "new", "game": "differo", "seats": [attack, "human"]}),
    ] {
        let error = refused(&mut socket, request);
        assert!(error.contains("runs a program on the server"), "{error}");
    }
    let mut saved = record.clone();
    saved["agents"] = json!(["human", attack]);
    let error = refused(
        &mut socket,
        json!({"type": "load", "record": saved.to_string()}),
    );
    assert!(error.contains("the record's seat 2"), "{error}");
    // Replayed, the seats show it, and no search runs it.
    socket.send(json!({"type": "replay", "folder": 0, "game": 1}));
    let state = socket.settled();
    assert_eq!(state["mode"], "replay");
    let error = refused(&mut socket, json!({"type": "hint"}));
    assert!(error.contains("runs a program on the server"), "{error}");
    socket.send(json!({"type": "goto", "ply": 2}));
    socket.settled();
    socket.send(json!({"type": "play", "move": state["legal"][0]}));
    let played = socket.settled();
    assert_eq!(played["seats"][0]["agent"], "human", "{played}");

    std::thread::sleep(Duration::from_millis(500));
    assert!(!marker.exists(), "the command ran");
    assert_eq!(
        children(served.pid()),
        Vec::<u32>::new(),
        "a process started"
    );
}

#[test]
fn probing_a_path_gets_the_same_answer_whether_it_exists_or_not() {
    let arena = scratch("hostile-probe-arena");
    let db = width4_db();
    let served = Served::start(&[
        "--arena",
        arena.to_str().unwrap(),
        "--db",
        &format!("d4={db}"),
    ]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "diffusion(width=4)"}));
    socket.settled();
    for (present, absent) in [
        ("perfect(db=/etc/passwd)", "perfect(db=/no/such/file)"),
        ("az(model=/etc/passwd)", "az(model=/no/such/file)"),
        (&*format!("perfect(db={db})"), "perfect(db=/no/such.db)"),
        ("engine(cmd=sh)", "engine(cmd=no-such-program)"),
        ("engine(cmd=d4)", "engine(cmd=e4)"),
    ] {
        let seat = |agent: &str, socket: &mut Socket| {
            refused(socket, json!({"type": "seat", "seat": 1, "agent": agent}))
        };
        let (one, other) = (seat(present, &mut socket), seat(absent, &mut socket));
        assert_eq!(one, other, "{present} / {absent}");
        assert!(!one.contains("/etc") && !one.contains(db), "{one}");
        let post = |agent: &str| {
            let body =
                json!({"games": ["diffusion(width=4)"], "agents": ["random", agent], "rounds": 1});
            served.post("/api/tournaments", &body.to_string())
        };
        assert_eq!(post(present), post(absent), "{present} / {absent}");
        assert_eq!(post(present).0, 400);
    }
    // The file the server offers, by its name; its path is never shown.
    socket.send(json!({"type": "seat", "seat": 1, "agent": "perfect(db=d4)"}));
    let state = socket.settled();
    assert_eq!(state["seats"][1]["agent"], "perfect(db=d4)", "{state}");
    // Another variant: the database's error names it, not its path.
    socket.send(json!({"type": "new", "game": "diffusion(width=6)"}));
    socket.settled();
    socket.send(json!({"type": "solve"}));
    let error = socket.error();
    assert!(error.contains("d4") && error.contains("width"), "{error}");
    assert!(!error.contains(db) && !error.contains("/tmp"), "{error}");
    let kinds = served.get_json("/api/agents");
    let offered: Vec<&Value> = kinds
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|k| k["offered"].as_array().unwrap())
        .collect();
    assert!(offered.contains(&&json!("perfect(db=d4)")), "{kinds}");
    assert!(
        !kinds
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k["name"] == "engine"),
        "no engine is offered: {kinds}"
    );
}

#[test]
fn beyond_loopback_every_request_needs_the_token_and_the_host_is_still_checked() {
    let arena = scratch("hostile-token");
    let served = Served::start(&["--host", "0.0.0.0", "--arena", arena.to_str().unwrap()]);
    let token = served
        .token
        .clone()
        .expect("a token in the printed address");
    assert!(token.len() >= 32, "{token}");
    let address = served.address.clone();
    let request = |method: &str, path: &str, extra: &str, body: &str| {
        served.raw(
            format!(
                "{method} {path} HTTP/1.1\r\nHost: {address}\r\nOrigin: http://{address}\r\n{extra}\
                 Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    };
    let tournament = r#"{"games":["diffusion(width=4)"],"agents":["random","greedy"],"rounds":1}"#;

    // Without it, or with another: 401, and nothing runs.
    for extra in [
        "",
        "X-Tabula-Token: wrong-token\r\n",
        "Cookie: tabula_token_1=x\r\n",
    ] {
        for (method, path) in [("GET", "/"), ("GET", "/api/games"), ("GET", "/api/folders")] {
            let (status, body) = request(method, path, extra, "");
            assert_eq!(status, 401, "{method} {path} {extra}: {body}");
            assert!(body.contains("token"), "{body}");
        }
        let (status, _) = request("POST", "/api/tournaments", extra, tournament);
        assert_eq!(status, 401);
    }
    assert!(
        !arena.join("page-1").exists(),
        "a refused request started nothing"
    );
    assert!(
        served.socket_with(&[]).is_err(),
        "the socket opened without the token"
    );
    let (status, _) = request("GET", "/?token=not-the-token", "", "");
    assert_eq!(status, 401);

    // The printed address sets the cookie, which then opens everything.
    let (status, body) = served.get(&format!("/?token={token}"));
    assert_eq!(status, 303, "{body}");
    let welcome = served.raw(
        format!("GET /?token={token} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(welcome.0, 303);
    let port = address.rsplit_once(':').unwrap().1;
    let cookie = format!("Cookie: tabula_token_{port}={token}\r\n");
    let (status, page) = request("GET", "/", &cookie, "");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Tabula</title>"));
    let header = format!("X-Tabula-Token: {token}\r\n");
    let (status, body) = request("POST", "/api/tournaments", &header, tournament);
    assert_eq!(status, 200, "{body}");
    let cookie_value = format!("tabula_token_{port}={token}");
    let mut socket = served
        .socket_with(&[("Cookie", &cookie_value)])
        .expect("the socket opens with the token");
    assert_eq!(socket.next()["type"], "state");

    // Other sites are refused even with the token: a rebound name, an Origin.
    for forged in [
        format!("GET /api/games HTTP/1.1\r\nHost: evil.example:{port}\r\n{header}Connection: close\r\n\r\n"),
        format!(
            "POST /api/tournaments HTTP/1.1\r\nHost: {address}\r\nOrigin: http://evil.example\r\n{header}\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{tournament}",
            tournament.len()
        ),
    ] {
        let (status, body) = served.raw(forged.as_bytes());
        assert_eq!(status, 403, "{body}");
    }
    let forged_host = format!("evil.example:{port}");
    assert!(served
        .socket_with(&[("Cookie", &cookie_value), ("Host", &forged_host)])
        .is_err());
}

#[test]
fn a_flood_of_large_messages_stays_within_bounded_memory_and_is_given_back() {
    let served = Served::start(&[]);
    let pid = served.pid();
    let mut warm = served.socket();
    warm.next();
    drop(warm);
    std::thread::sleep(Duration::from_millis(300));
    let start = rss_mib(pid);

    // One socket, written by this thread and read by another.
    let stream = TcpStream::connect(&served.address).unwrap();
    let reading = stream.try_clone().unwrap();
    let request = tungstenite::http::Request::builder()
        .uri(format!("ws://{}/api/play", served.address))
        .header("Host", &served.address)
        .header("Origin", format!("http://{}", served.address))
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header(
            "Sec-WebSocket-Key",
            tungstenite::handshake::client::generate_key(),
        )
        .body(())
        .unwrap();
    let (mut writer, _) = tungstenite::client(request, stream).expect("the socket opens");
    // The first state, so that nothing is left in the writer's buffer.
    assert!(matches!(writer.read().unwrap(), Message::Text(_)));
    let reader = std::thread::spawn(move || {
        let mut socket = WebSocket::from_raw_socket(reading, Role::Client, None);
        let mut errors = 0;
        // Up to the record that `save`, sent last, answers.
        while let Ok(message) = socket.read() {
            if let Message::Text(text) = message {
                errors += usize::from(text.contains("\"type\":\"error\""));
                if text.contains("\"type\":\"record\"") {
                    break;
                }
            }
        }
        errors
    });
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(start));
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (peak, sampling) = (peak.clone(), sampling.clone());
        std::thread::spawn(move || {
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                peak.fetch_max(rss_mib(pid), std::sync::atomic::Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    // Loads that fail, behind a slow one: an agent searching.
    writer
        .send(Message::text(
            json!({"type": "new", "game": "differo", "seats": ["mcts(time=30s)", "human"]})
                .to_string(),
        ))
        .unwrap();
    let filler = "x".repeat((1 << 20) - 100);
    let load = json!({"type": "load", "record": filler}).to_string();
    for _ in 0..200 {
        writer.send(Message::text(load.clone())).unwrap();
    }
    writer
        .send(Message::text(json!({"type": "save"}).to_string()))
        .unwrap();
    let errors = reader.join().unwrap();
    writer.close(None).unwrap();
    let _ = writer.flush();
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    sampler.join().unwrap();
    let peak = peak.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!("serve: flood of 200 x 1 MiB: RSS {start} MiB at start, {peak} MiB at most");
    assert_eq!(errors, 200, "every load was answered");
    // The tab's queue holds 8 requests and its events 32: far below this.
    assert!(peak < start + 100, "RSS grew from {start} to {peak} MiB");
    poll_until("the memory given back", || rss_mib(pid) < start + 48);
    eprintln!("serve: after the tab closed: RSS {} MiB", rss_mib(pid));
    // The server still serves.
    assert_eq!(served.get("/api/games").0, 200);
}

#[test]
fn a_message_over_the_limit_gets_the_documented_error() {
    let served = Served::start(&[]);
    let mut socket = served.socket();
    socket.next();
    let huge = json!({"type": "load", "record": "x".repeat(1 << 20)}).to_string();
    socket.send_raw(Message::text(huge));
    let error = socket.error();
    assert!(error.contains("over 1 MiB"), "{error}");
    let mut other = served.socket();
    assert_eq!(other.next()["type"], "state");
}

#[test]
fn half_open_connections_and_idle_tabs_lock_no_one_out_and_ctrl_c_still_stops() {
    let mut served = Served::start(&["--max-tabs", "32"]);
    // 200 requests whose headers never end (slowloris).
    let half_open: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut stream = TcpStream::connect(&served.address).unwrap();
            let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
            stream
        })
        .collect();
    let (status, body) = served.get("/api/games");
    assert_eq!(status, 200, "{body}");
    // More idle tabs than the server keeps: a new one still opens.
    let mut idle: Vec<Socket> = (0..40)
        .map(|_| {
            let mut socket = served.socket();
            socket.next();
            socket
        })
        .collect();
    let mut newest = served.socket();
    assert_eq!(newest.next()["type"], "state");
    newest.send(json!({"type": "new", "game": "diffusion(width=4)"}));
    assert_eq!(newest.settled()["game"], "diffusion(width=4)");
    // The tab idle longest was told why it closed.
    let error = idle[0].error();
    assert!(error.contains("make room for a newer one"), "{error}");

    // Ctrl-C with all of it still open.
    let started = Instant::now();
    served.interrupt();
    end_or_kill(&mut served.child, "the server after Ctrl-C");
    eprintln!(
        "serve: stopped {:.2} s after Ctrl-C with {} half-open connections and {} tabs open",
        started.elapsed().as_secs_f64(),
        half_open.len(),
        idle.len() + 1
    );
    assert!(served.child.wait().unwrap().success());
}

#[test]
fn a_second_ctrl_c_quits_at_once() {
    let arena = scratch("hostile-twice");
    let mut served = Served::playing(
        &arena,
        &["--shutdown-grace", "10m"],
        r#"{"games":["differo"],"agents":["mcts(time=60s)","mcts(time=59s)"],"rounds":1}"#,
    );
    poll_until("a game under way", || {
        arena
            .join("page-1")
            .join("playing")
            .read_dir()
            .is_ok_and(|mut d| d.next().is_some())
    });
    served.interrupt();
    // The first waits for the game under way (ten minutes allowed); the second does not.
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        served.child.try_wait().unwrap().is_none(),
        "waits for its games"
    );
    served.interrupt();
    end_or_kill(&mut served.child, "the server after a second Ctrl-C");
}

#[test]
fn oversized_searches_and_tournaments_are_refused_naming_the_limit() {
    let arena = scratch("hostile-sizes");
    let served = Served::start(&["--arena", arena.to_str().unwrap()]);
    let mut socket = served.socket();
    socket.next();
    for (agent, limit) in [
        ("mcts(threads=64)", "--max-threads"),
        (
            "mcts(max_nodes=1000000000,iterations=1000000000)",
            "--max-nodes",
        ),
        ("az(iterations=1000000000)", "--max-nodes"),
        ("alphabeta(table=1024)", "--max-table"),
        ("mcts(time=10m)", "--max-move-time"),
        ("engine(cmd=x,time=30m)", "--engine"),
    ] {
        let error = refused(
            &mut socket,
            json!({"type": "seat", "seat": 1, "agent": agent}),
        );
        assert!(error.contains(limit), "{agent}: {error}");
        let body =
            json!({"games": ["diffusion(width=4)"], "agents": ["random", agent], "rounds": 1});
        let (status, answer) = served.post("/api/tournaments", &body.to_string());
        assert_eq!(status, 400, "{answer}");
        assert!(answer.contains(limit), "{agent}: {answer}");
    }
    // A default beyond a limit is lowered to it, and shown.
    socket.send(json!({"type": "seat", "seat": 1, "agent": "mcts"}));
    assert_eq!(
        socket.settled()["seats"][1]["agent"],
        "mcts(max_nodes=2000000)"
    );

    let many: Vec<String> = (0..3000).map(|i| format!("random(seed={i})")).collect();
    let body = json!({"games": ["diffusion(width=4)"], "agents": many, "rounds": 1}).to_string();
    assert!(body.len() < 64 * 1024, "within the body limit");
    let (status, answer) = served.post("/api/tournaments", &body);
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("--max-tournament-agents"), "{answer}");
    let sixteen: Vec<String> = (0..16).map(|i| format!("random(seed={i})")).collect();
    let body = json!({"games": ["all"], "agents": sixteen, "rounds": 100}).to_string();
    let (status, answer) = served.post("/api/tournaments", &body);
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("--max-tournament-games"), "{answer}");
    assert!(!arena.join("page-1").exists());

    // A long tournament is stopped from the page.
    let (status, answer) = served.post(
        "/api/tournaments",
        r#"{"games":["diffusion(width=4)"],"agents":["random","mcts(iterations=500)"],"rounds":1000}"#,
    );
    assert_eq!(status, 200, "{answer}");
    let agents = &served.get_json("/api/folders/0/standings");
    assert_eq!(agents["stoppable"], true, "{agents}");
    // Its agents think at most the time per move, set where none was given.
    let settings = arena.join("page-1").join("arena.json");
    poll_until("the tournament's settings", || settings.exists());
    let settings = crate::common::read_json(&settings);
    assert_eq!(
        settings["agents"][1],
        "mcts(iterations=500,time=60s,max_nodes=2000000)"
    );
    let (status, answer) = served.post("/api/folders/0/stop", "");
    assert_eq!(status, 200, "{answer}");
    poll_until("the tournament to stop", || {
        served.get_json("/api/folders/0/standings")["running"] == false
    });
    let standings = served.get_json("/api/folders/0/standings");
    let summary = &standings["summary"];
    assert!(
        summary["played"].as_u64() < summary["scheduled"].as_u64(),
        "{standings}"
    );
    assert_eq!(standings["stoppable"], false);
}

#[test]
fn a_tournament_from_the_page_stops_at_its_disk_limit() {
    let arena = scratch("hostile-disk");
    let served = Served::playing(
        &arena,
        &["--max-tournament-mb", "1"],
        r#"{"games":["kalah"],"agents":["random","greedy"],"rounds":1000}"#,
    );
    poll_until("the tournament to stop", || {
        served.get_json("/api/folders/0/standings")["running"] == false
    });
    let standings = served.get_json("/api/folders/0/standings");
    let error = standings["error"].as_str().unwrap_or_default();
    assert!(error.contains("--max-tournament-mb"), "{standings}");
    let records = std::fs::metadata(arena.join("page-1").join("games.jsonl"))
        .unwrap()
        .len();
    // It stops at the first game past the limit.
    assert!(records < 2 << 20, "{records} bytes");
}

#[test]
fn an_abandoned_engine_search_leaves_no_process_or_thread_and_holds_its_slot_until_gone() {
    let pids_file = scratch("hostile-engine-pids");
    let command = format!(
        "{} {} stubborn 1 {}",
        python(),
        script().display(),
        pids_file.display()
    );
    let served = Served::start(&[
        "--engine",
        &format!("stubborn={command}"),
        "--max-searches",
        "1",
    ]);
    let pid = served.pid();
    let agent = "engine(cmd=stubborn,margin=100ms)";
    let script_path = script().display().to_string();
    // Seats the engine, waits until it thinks (and has forked its child),
    // then takes the seat back.
    let round = |socket: &mut Socket| {
        let before = written(&pids_file).len();
        socket.send(json!({"type": "seat", "seat": 0, "agent": agent}));
        let seen = socket.until(|m| m["type"] == "state" && !m["thinking"].is_null());
        // Nothing the page is sent shows the command.
        assert!(
            seen.iter().all(|m| !m.to_string().contains(&script_path)),
            "{seen:?}"
        );
        assert_eq!(seen.last().unwrap()["seats"][0]["agent"], agent);
        poll_until("the engine's go", || {
            written(&pids_file).len() >= before + 2
        });
        let leader = written(&pids_file)[before];
        // Taking the seat back abandons the search: by the state that says
        // so, the engine is gone (its slot is given back only then), and
        // the child it forked was killed with it.
        socket.send(json!({"type": "seat", "seat": 0, "agent": "human"}));
        socket.settled();
        assert!(!running(leader), "the engine {leader} outlived its search");
        poll_until("the engine's child to end", || {
            written(&pids_file).into_iter().all(|p| !running(p))
        });
    };
    let mut socket = served.socket();
    socket.send(json!({"type": "new", "game": "differo", "seats": ["human", "human"]}));
    socket.settled();
    round(&mut socket);
    drop(socket);
    poll_until("the warm-up's tab to end", || children(pid).is_empty());
    std::thread::sleep(Duration::from_millis(300));
    let baseline = threads(pid);

    let mut socket = served.socket();
    socket.send(json!({"type": "new", "game": "differo", "seats": ["human", "human"]}));
    socket.settled();
    // Each round waits out the kill's grace (the engine ignores SIGTERM):
    // a leak shows after one, so a few make the point.
    for _ in 0..5 {
        round(&mut socket);
    }
    // The last one left thinking when the tab closes.
    socket.send(json!({"type": "seat", "seat": 0, "agent": agent}));
    socket.until(|m| m["type"] == "state" && !m["thinking"].is_null());
    drop(socket);
    poll_until("no engine left", || {
        children(pid).is_empty() && written(&pids_file).into_iter().all(|p| !running(p))
    });
    poll_until("the tab's threads to end", || threads(pid) <= baseline);
    eprintln!(
        "serve: 6 abandoned engine searches: {} engine processes started, none left; {} threads",
        written(&pids_file).len(),
        threads(pid)
    );
}

#[cfg(unix)]
#[test]
fn every_endpoint_refuses_a_link_alike_and_the_wall_of_games_is_capped() {
    let linked = scratch("hostile-links");
    std::fs::create_dir_all(&linked).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", linked.join("games.jsonl")).unwrap();
    let settings = scratch("hostile-links-settings");
    std::fs::create_dir_all(&settings).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", settings.join("arena.json")).unwrap();
    let busy = results_folder("hostile-wall");
    let served = Served::start(&[
        "--results",
        linked.to_str().unwrap(),
        settings.to_str().unwrap(),
        busy.to_str().unwrap(),
    ]);
    for folder in [0, 1] {
        for path in ["games", "standings", "playing", "games/1/board"] {
            let (status, body) = served.get(&format!("/api/folders/{folder}/{path}"));
            assert_eq!(
                status,
                if path.ends_with("board") { 404 } else { 403 },
                "{path}: {body}"
            );
            assert!(body.contains("not a regular file"), "{path}: {body}");
            assert!(!body.contains("root:") && !body.contains("/tmp"), "{body}");
        }
    }
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "replay", "folder": 0, "game": 1}));
    assert!(socket.error().contains("not a regular file"));

    // A folder "playing" 5,000 forged games shows a few.
    let mut lock = Command::new("flock")
        .arg(busy.join("arena.lock"))
        .args(["sleep", "600"])
        .stdin(Stdio::null())
        .spawn()
        .expect("flock (util-linux) holds the folder's lock");
    let playing = busy.join("playing");
    std::fs::create_dir_all(&playing).unwrap();
    for index in 0..5000 {
        let game = json!({"index": index, "round": 0, "game": "diffusion(width=4)",
            "agents": ["random", "random"], "moves": []});
        std::fs::write(playing.join(format!("{index}.json")), game.to_string()).unwrap();
    }
    poll_until("the folder to play", || {
        served.get_json("/api/folders/2/standings")["running"] == true
    });
    let wall = served.get_json("/api/folders/2/playing");
    assert_eq!(wall.as_array().unwrap().len(), 24, "the first 24 games");
    assert_eq!(wall[0]["index"], 1);
    lock.kill().unwrap();
    lock.wait().unwrap();
}

#[test]
fn a_database_replaced_on_disk_is_loaded_again_by_an_open_tab() {
    let dir = scratch("hostile-db");
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("d4.db");
    std::fs::copy(width4_db(), &db).unwrap();
    let served = Served::start(&["--db", db.to_str().unwrap()]);
    let mut socket = served.socket();
    socket.next();
    socket.send(json!({"type": "new", "game": "diffusion(width=4)"}));
    socket.settled();
    let mut solve = || {
        socket.send(json!({"type": "solve"}));
        socket
            .until(|m| m["type"] == "solved" || m["type"] == "error")
            .pop()
            .unwrap()
    };
    let first = solve();
    assert_eq!(first["type"], "solved", "{first}");
    // The documented safe replacement: a new file renamed over the old.
    let fresh = dir.join("d4.db.new");
    std::fs::copy(width4_db(), &fresh).unwrap();
    std::fs::rename(&fresh, &db).unwrap();
    assert_eq!(solve(), first);
    // Rewritten in place, against the advice: loaded again too.
    std::fs::write(&db, std::fs::read(width4_db()).unwrap()).unwrap();
    assert_eq!(solve(), first);
}

/// Starts `tabula serve` with `args` and returns its first line of output
/// and of errors, for options it refuses.
fn refused_to_start(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut error = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut error)
        .unwrap();
    let mut out = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut out)
        .unwrap();
    assert!(!child.wait().unwrap().success(), "{out}");
    error
}

#[test]
fn the_operator_s_offers_are_checked_at_start() {
    let missing = refused_to_start(&["--db", "gone=/no/such.db"]);
    assert!(missing.contains("gone"), "{missing}");
    let program = refused_to_start(&["--engine", "x=no-such-program-anywhere"]);
    assert!(program.contains("not found"), "{program}");
    let twice = refused_to_start(&["--engine", "x=sh", "--db", &format!("x={}", width4_db())]);
    assert!(twice.contains("twice"), "{twice}");
    let token = refused_to_start(&["--token", "a b"]);
    assert!(token.contains("--token"), "{token}");
}
