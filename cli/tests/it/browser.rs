//! The web page in a real browser: headless Chromium driven through
//! WebDriver (chromedriver), as a person uses it. It plays a whole game of
//! each game by clicking the board against an agent, takes moves back,
//! replays a recorded game to its end with the keyboard, runs a small
//! tournament and reads its standings, and checks the page on a phone's
//! width. It measures how fast the board answers a click, and saves the
//! README's screenshots (into `docs/web/` with `TABULA_BLESS=1`).
//!
//! It is ignored by `cargo test --workspace` (it needs a browser, which a
//! fresh machine with only Rust lacks; the test list says it was ignored
//! and why), and run by `.ci/run`'s own step, `cargo test --workspace
//! --test it -- --ignored browser::`, which installs Chromium first. Run
//! without Chromium and chromedriver it fails, saying how to install them:
//! it never skips. WebDriver is spoken by the small client in
//! `webdriver.rs`.

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{scratch, width4_db, Rand, HANG};
use crate::serve::{results_folder, Served};
use crate::webdriver::{Locator, Session};

/// chromedriver in a process group of its own, stopped with the browsers
/// it started when dropped (a failed test leaves no Chromium behind).
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn program(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|path| path.is_file())
}

fn start_driver() -> (Driver, u16) {
    let driver = program("chromedriver").expect(
        "the browser test needs Chromium and chromedriver: on Debian, \
         `apt-get install chromium chromium-driver` (.ci/run installs them)",
    );
    assert!(
        program("chromium").is_some() || program("chromium-browser").is_some(),
        "the browser test needs Chromium: on Debian, `apt-get install chromium` (.ci/run installs it)"
    );
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    (Driver(child), port)
}

fn browser(port: u16) -> Session {
    let binary = program("chromium")
        .or_else(|| program("chromium-browser"))
        .unwrap();
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": binary,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,800"]
        }
    });
    Session::start(port, capabilities).unwrap_or_else(|e| panic!("a Chromium session starts: {e}"))
}

/// A value the page computes.
fn page(client: &Session, script: &str) -> Value {
    client.execute(script, vec![]).unwrap()
}

/// Waits until `script` (an expression) is true in the page.
fn until(client: &Session, script: &str, what: &str) {
    let deadline = Instant::now() + HANG;
    let check = format!("return !!({script});");
    while page(client, &check) != json!(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn click(client: &Session, css: &str) {
    client
        .find(Locator::Css(css))
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

fn fill(client: &Session, id: &str, text: &str) {
    let input = client.find(Locator::Id(id)).unwrap();
    input.clear().unwrap();
    input.send_keys(text).unwrap();
}

/// Where the screenshots go: `docs/web/` when blessing, else the build folder.
fn screenshot_dir() -> PathBuf {
    let dir = match std::env::var_os("TABULA_BLESS") {
        Some(_) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/web"),
        None => std::env::temp_dir().join(format!("tabula-screenshots-{}", std::process::id())),
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn screenshot(client: &Session, name: &str) {
    let png = client.screenshot().unwrap();
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}

/// Plays `game` to its end as seat 0 by clicking, against `agent`;
/// returns how many of its moves took more than one click.
fn play_game(
    client: &Session,
    name: &str,
    params: &[(&str, &str)],
    agent: &str,
    rng: &mut Rand,
) -> usize {
    click(client, "#tab-play");
    let select = client.find(Locator::Id("game")).unwrap();
    select.select_by_value(name).unwrap();
    for (param, value) in params {
        let id = format!("param-{param}");
        let input = client.find(Locator::Id(&id)).unwrap();
        match input.tag_name().unwrap().as_str() {
            "select" => input.select_by_value(value).unwrap(),
            _ => fill(client, &id, value),
        }
    }
    fill(client, "seat-0", "human");
    fill(client, "seat-1", agent);
    click(client, "#new");
    until(
        client,
        &format!(
            "view && view.name === '{name}' && view.moves.length === 0 && view.thinking === null"
        ),
        "the new game",
    );
    let (mut moves, mut multi) = (0, 0);
    loop {
        until(client, "view.thinking === null", "the agent's reply");
        if page(client, "return view.outcome !== null") == json!(true) {
            break;
        }
        let legal = page(client, "return view.legal");
        let legal = legal.as_array().unwrap();
        let chosen = legal[rng.below(legal.len())].as_str().unwrap().to_string();
        let before = page(client, "return view.moves.length");
        let tokens: Vec<&str> = chosen.split(['-', ':']).filter(|t| !t.is_empty()).collect();
        multi += usize::from(tokens.len() > 1);
        for token in tokens {
            let on_board = format!("#board [data-cell=\"{token}\"]");
            if client.find(Locator::Css(&on_board)).is_ok() {
                click(client, &on_board);
            } else {
                let xpath = format!("//div[@id='choices']/button[text()='{token}']");
                client
                    .find(Locator::XPath(&xpath))
                    .unwrap_or_else(|e| panic!("no button {token} for {chosen}: {e}"))
                    .click()
                    .unwrap();
            }
        }
        until(
            client,
            &format!("view.moves.length > {before}"),
            &format!("{chosen} to be played"),
        );
        moves += 1;
        if moves == 3 {
            until(client, "view.thinking === null", "the reply");
            screenshot(client, name);
        }
        if moves == 2 && name == "diffusion" {
            // Undo takes back the agent's reply and the move it answered.
            until(client, "view.thinking === null", "the reply");
            let now = page(client, "return view.moves.length").as_u64().unwrap();
            click(client, "#undo");
            let back = if now.is_multiple_of(2) {
                now - 2
            } else {
                now - 1
            };
            until(client, &format!("view.moves.length === {back}"), "the undo");
            click(client, "#redo");
            until(client, &format!("view.moves.length === {now}"), "the redo");
        }
        assert!(moves < 500, "{name}: no end after 500 moves");
    }
    let status = client.find(Locator::Id("status")).unwrap().text().unwrap();
    assert!(status.starts_with("Game over"), "{name}: {status}");
    eprintln!("browser: {name}: a whole game, {moves} moves clicked ({multi} of several clicks); {status}");
    multi
}

#[test]
#[ignore = "needs Chromium and chromedriver; CI runs it: cargo test --workspace --test it -- --ignored browser::"]
fn the_page_plays_replays_and_runs_tournaments_in_a_real_browser() {
    let (_driver, port) = start_driver();
    let folder = results_folder("browser-results");
    let arena = scratch("browser-arena");
    let served = Served::start(&[
        "--results",
        folder.to_str().unwrap(),
        "--arena",
        arena.to_str().unwrap(),
        "--db",
        width4_db(),
    ]);
    let client = browser(port);
    client.set_window_size(1280, 800).unwrap();
    client.goto(&served.url()).unwrap();
    let games = tabula_games::registry().names().len();
    until(
        &client,
        &format!("typeof view !== 'undefined' && view !== null && document.querySelectorAll('#game option').length === {games}"),
        "the page",
    )
    ;

    let mut rng = Rand(40);
    let fast = "mcts(iterations=50)";
    play_game(
        &client,
        "diffusion",
        &[("width", "4"), ("stones", "2")],
        fast,
        &mut rng,
    );
    // Relocations and attacks take two and three clicks.
    let grid = [("size", "5x5"), ("stones", "6")];
    assert!(play_game(&client, "grid-diffusion", &grid, "random", &mut rng) > 0);
    // A pit, then a direction's button.
    assert!(play_game(&client, "calcala", &[("setup", "short")], fast, &mut rng) > 0);
    // A piece, then its destination.
    assert!(play_game(&client, "differo", &[], fast, &mut rng) > 0);
    // The classic mancalas: a pit each move.
    play_game(&client, "kalah", &[], fast, &mut rng);
    play_game(&client, "oware", &[], fast, &mut rng);

    // A typed move works as a click does.
    play_typed(&client);

    // The board answers clicks: selections at once, moves once the
    // server's new board is drawn.
    let timings = page(&client, "return window.tabulaTimings");
    report_timings(&timings);

    // Replay a recorded game to its end with the keyboard.
    click(&client, "#tab-replay");
    until(
        &client,
        "document.querySelectorAll('#folder option').length === 1",
        "the folders",
    );
    client
        .find(Locator::Css("#replay-filter button"))
        .unwrap()
        .click()
        .unwrap();
    until(
        &client,
        "document.querySelectorAll('button.replay').length === 4",
        "the listing",
    );
    click(&client, "button.replay");
    until(
        &client,
        "view.mode === 'replay' && view.moves.length === 0",
        "the replay",
    );
    let body = client.find(Locator::Css("body")).unwrap();
    body.send_keys("\u{E010}").unwrap(); // End
    until(
        &client,
        "view.moves.length === view.replay.length && view.outcome !== null",
        "the end of the replay",
    );
    body.send_keys("\u{E012}").unwrap(); // ArrowLeft
    until(
        &client,
        "view.moves.length === view.replay.length - 1",
        "a step back",
    );
    screenshot(&client, "replay");

    // A small tournament, started and watched from the page.
    click(&client, "#tab-arena");
    fill(&client, "t-games", "diffusion(width=4)");
    fill(&client, "t-agents", "random mcts(iterations=50)");
    fill(&client, "t-rounds", "1");
    click(&client, "#t-start");
    until(&client, "document.body.dataset.tournament === 'done' && document.querySelectorAll('#standings tr.standing').length === 2", "the tournament's standings");
    let standings = client
        .find(Locator::Id("standings"))
        .unwrap()
        .text()
        .unwrap();
    assert!(
        standings.contains("random") && standings.contains("mcts"),
        "{standings}"
    );
    until(
        &client,
        "document.querySelectorAll('#crosstable tr').length === 3",
        "the crosstable",
    );
    until(
        &client,
        "document.querySelectorAll('#wall svg').length === 2",
        "the latest games' boards",
    );
    // The summary's crosstable: each side's W–D–L over the two games.
    let crosstable = client
        .find(Locator::Id("crosstable"))
        .unwrap()
        .text()
        .unwrap();
    let tallies = page(
        &client,
        r"return [...document.querySelectorAll('#crosstable td')]
        .map((td) => td.textContent.match(/^(\d+)–(\d+)–(\d+) /))
        .filter((m) => m).map((m) => Number(m[1]) + Number(m[2]) + Number(m[3]))",
    );
    assert_eq!(tallies, json!([2, 2]), "{crosstable}");
    let state = client.find(Locator::Id("t-state")).unwrap().text().unwrap();
    assert!(state.contains("2 of 2 games"), "{state}");
    screenshot(&client, "tournament");

    // Games of three players: the crosstable, of two-player games only,
    // says why it is empty.
    fill(&client, "t-games", "calcala(players=3)");
    click(&client, "#t-start");
    until(&client, "document.getElementById('crosstable-note').textContent.startsWith('No crosstable') && document.querySelectorAll('#crosstable tr').length === 0 && document.querySelectorAll('#standings tr.standing').length === 2", "the three-player tournament");
    fill(&client, "t-games", "diffusion(width=4)");

    // A longer one: the wall of games in progress shows its game as it
    // plays, until the page stops it.
    fill(&client, "t-agents", "random mcts(iterations=3000)");
    fill(&client, "t-rounds", "200");
    click(&client, "#t-start");
    until(&client, "document.body.dataset.tournament === 'running' && document.querySelectorAll('#playing figure svg').length === 1", "a game in progress");
    let playing = client.find(Locator::Id("playing")).unwrap().text().unwrap();
    assert!(
        playing.contains("random") && playing.contains("mcts"),
        "{playing}"
    );
    // Stopped from the page: the game under way ends and is recorded.
    click(&client, "#t-stop");
    until(&client, "document.body.dataset.tournament === 'done' && document.getElementById('t-state').textContent.startsWith('Stopped') && document.getElementById('t-stop').hidden", "the tournament stopped");

    // A phone's width: nothing wider than the screen.
    client.set_window_size(390, 844).unwrap();
    click(&client, "#tab-play");
    let fits = page(&client, "return [document.documentElement.scrollWidth, window.innerWidth, document.querySelector('#board svg').getBoundingClientRect().width]");
    let [scroll, inner, board] = [0, 1, 2].map(|i| fits[i].as_f64().unwrap());
    assert!(
        scroll <= inner + 1.0 && board <= inner,
        "at 390 px: page {scroll}, window {inner}, board {board}"
    );
    screenshot(&client, "phone");
    client.close().unwrap();
    eprintln!("browser: screenshots in {}", screenshot_dir().display());
}

/// Plays a move typed into the move box (keyboard users).
fn play_typed(client: &Session) {
    click(client, "#tab-play");
    let select = client.find(Locator::Id("game")).unwrap();
    select.select_by_value("diffusion").unwrap();
    fill(client, "param-width", "4");
    fill(client, "seat-0", "human");
    fill(client, "seat-1", "human");
    click(client, "#new");
    until(
        client,
        "view.name === 'diffusion' && view.moves.length === 0 && view.seats[1].agent === 'human'",
        "a game of two people",
    );
    fill(client, "move-input", "D\n");
    until(
        client,
        "view.moves.length === 1 && view.moves[0] === 'D'",
        "the typed move",
    );
    fill(client, "move-input", "Q\n");
    until(
        client,
        "!document.getElementById('error').hidden",
        "the error",
    );
    let error = client.find(Locator::Id("error")).unwrap().text().unwrap();
    assert!(error.contains('Q'), "{error}");
    // A hint: each move's share of the search, on the board.
    click(client, "#hint");
    until(
        client,
        "document.querySelectorAll('#board text.share').length > 0 && view.thinking === null",
        "the hint",
    );
    // The exact values from the database, on the board.
    click(client, "#solve");
    until(
        client,
        "document.querySelectorAll('#board text.exact').length === view.legal.length",
        "the exact values",
    );
    screenshot(client, "analysis");
    // Any position, set up from its text: the box shows the current one's.
    let shown = page(
        client,
        "return document.getElementById('position-input').value",
    );
    assert_eq!(shown, page(client, "return view.position"));
    fill(client, "position-input", "0120/0100 A\n");
    until(
        client,
        "view.position === '0120/0100 A' && view.moves.length === 0 && document.getElementById('position-input').value === view.position",
        "the position set up",
    )
    ;
    // An agent thinking: its leading moves' shares on the board while it
    // searches, before it answers (Stop makes it answer now).
    fill(client, "seat-0", "mcts(time=60s)");
    let reports = page(client, "return window.tabulaProgress.length");
    click(client, "#new");
    // A second's reports, for the screenshot.
    until(
        client,
        &format!("view.thinking === 0 && document.querySelectorAll('#board text.share').length > 0 && window.tabulaProgress.length >= {reports} + 10"),
        "the shares while thinking",
    )
    ;
    screenshot(client, "thinking");
    click(client, "#stop");
    until(
        client,
        "view.thinking === null && view.moves.length === 1",
        "the stopped search's move",
    );
}

fn report_timings(timings: &Value) {
    for kind in ["select", "move"] {
        let mut ms: Vec<f64> = timings
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["kind"] == kind)
            .map(|t| t["ms"].as_f64().unwrap())
            .collect();
        if ms.is_empty() {
            continue;
        }
        ms.sort_by(f64::total_cmp);
        eprintln!(
            "browser: click to board ({kind}), {} clicks: median {:.1} ms, 90th percentile {:.1} ms, max {:.1} ms",
            ms.len(),
            ms[ms.len() / 2],
            ms[ms.len() * 9 / 10],
            ms[ms.len() - 1]
        );
    }
}
