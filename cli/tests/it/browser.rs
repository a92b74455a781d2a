//! The web page in a real browser: headless Chromium driven through
//! WebDriver (chromedriver), as a person uses it. It plays a whole game of
//! each game by clicking the board against an agent; on the analysis
//! board it branches a variation, steps through the move tree with the
//! keys and by clicking, opens a shared link in a new tab, checks the
//! accessible names (Chromium's accessibility tree, through WebDriver) and
//! plays with the keyboard alone, and replays a game judged move by move
//! against a solution database, all at a desktop's width and again at a
//! phone's (390 pixels). It runs tournaments and reads their ratings chart,
//! standings and crosstable, checks each bug the page once had, measures
//! how fast the board answers a click, and saves the README's screenshots
//! (into `docs/web/` with `TABULA_BLESS=1`).
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

use crate::common::{scratch, tabula, width4_db, Rand, HANG};
use crate::serve::Served;
use crate::webdriver::{Element, Locator, Session};

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
        if Instant::now() >= deadline {
            panic!(
                "timed out waiting for {what}; the page: {}",
                page(client, SEEN)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// What the page shows, for a failure's message: the game, where it is,
/// who is thinking, the seats, its status and its error.
const SEEN: &str = "return typeof view === 'undefined' || view === null ? 'no view yet' : { \
    game: view.game, mode: view.mode, moves: view.moves, thinking: view.thinking, \
    to_move: view.to_move, legal: view.legal, seats: view.seats.map((s) => s.agent), \
    status: document.getElementById('status').textContent, \
    error: document.getElementById('error').textContent }";

fn find<'a>(client: &'a Session, css: &str) -> Element<'a> {
    client
        .find(Locator::Css(css))
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
}

fn click(client: &Session, css: &str) {
    find(client, css)
        .click()
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

fn text(client: &Session, css: &str) -> String {
    find(client, css).text().unwrap()
}

fn fill(client: &Session, id: &str, text: &str) {
    let input = client.find(Locator::Id(id)).unwrap();
    input.clear().unwrap();
    input.send_keys(text).unwrap();
}

/// Presses `key` with the focus on the page itself.
fn press(client: &Session, pressed: char) {
    page(
        client,
        "document.activeElement && document.activeElement.blur(); return 0",
    );
    client
        .press(pressed)
        .unwrap_or_else(|e| panic!("cannot press {pressed:?}: {e}"));
}

const LEFT: char = '\u{E012}';
const RIGHT: char = '\u{E014}';
const HOME: char = '\u{E011}';
const END: char = '\u{E010}';
const ENTER: char = '\u{E007}';

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
    page(client, "window.scrollTo(0, 0); return 0");
    let png = client.screenshot().unwrap();
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}

/// The variant the test's database solves.
const W4: &str = "diffusion(width=4)";

/// A results folder of `tabula arena` between random and mcts-50 on
/// `games`, `rounds` rounds: `extra` adds arguments.
fn arena_folder(name: &str, games: &str, rounds: &str, extra: &[&str]) -> PathBuf {
    let out = scratch(name);
    let mut args = vec![
        "arena",
        "--games",
        games,
        "--agents",
        "random",
        "mcts(iterations=50,name=mcts-50)",
        "--rounds",
        rounds,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    out
}

/// A results folder of Kalah games with two pits of two seeds a side
/// (solved by score margin into the returned database) and with three
/// pits (which no database of the test covers).
fn kalah_folder() -> (PathBuf, PathBuf) {
    let dir = scratch("browser-kalah");
    let db = dir.join("k22.db");
    let run = tabula(
        &[
            "solve",
            "kalah(pits=2,seeds=2)",
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let games = "kalah(pits=2,seeds=2),kalah(pits=3,seeds=2)";
    let out = arena_folder("browser-kalah-games", games, "1", &[]);
    (out, db)
}

/// Starts a new game from the form: `params` set (others left at their
/// defaults), `seats` seated.
fn new_game(client: &Session, name: &str, params: &[(&str, &str)], seats: &[&str]) {
    click(client, "#tab-play");
    let select = client.find(Locator::Id("game")).unwrap();
    select.select_by_value(name).unwrap();
    // The form rebuilds its fields for the game chosen.
    until(
        client,
        &format!("document.getElementById('game').value === '{name}'"),
        "the form",
    );
    for (param, value) in params {
        let id = format!("param-{param}");
        let input = client.find(Locator::Id(&id)).unwrap();
        match input.tag_name().unwrap().as_str() {
            "select" => input.select_by_value(value).unwrap(),
            _ => fill(client, &id, value),
        }
    }
    for (seat, agent) in seats.iter().enumerate() {
        fill(client, &format!("seat-{seat}"), agent);
    }
    let seats_js = serde_json::to_string(seats).unwrap();
    click(client, "#new");
    // The server may add its bounds to a seat's spec (`mcts(iterations=50)`
    // is seated as `mcts(iterations=50,max_nodes=…)`): the spec asked for
    // begins the one seated.
    until(
        client,
        &format!(
            "view && view.name === '{name}' && view.tree.length === 1 && view.thinking === null \
             && {seats_js}.every((want, i) => {{ const got = view.seats[i].agent; \
                return got === want || got.startsWith(want.endsWith(')') ? want.slice(0, -1) + ',' : want + '('); }})"
        ),
        "the new game",
    );
}

/// Clicks the cells (and buttons) of move `mv` and waits for it to be
/// played; returns whether it took more than one click.
fn click_move(client: &Session, mv: &str) -> bool {
    let before = page(client, "return view.tree.length * 1000 + view.node");
    let tokens: Vec<&str> = mv.split(['-', ':']).filter(|t| !t.is_empty()).collect();
    for token in &tokens {
        // Under load the page may still be drawing what the last answer
        // brought: wait until the token is a cell of the board or a
        // button under it.
        let quoted = json!(token);
        until(
            client,
            &format!(
                "document.querySelector(`#board [data-cell=\"${{CSS.escape({quoted})}}\"]`) \
                 || [...document.querySelectorAll('#choices button')].some((b) => b.textContent === {quoted})"
            ),
            &format!("{token} of {mv} on the board"),
        );
        let on_board = format!("#board [data-cell=\"{token}\"]");
        if client.find(Locator::Css(&on_board)).is_ok() {
            click(client, &on_board);
        } else {
            let xpath = format!("//div[@id='choices']/button[text()='{token}']");
            client
                .find(Locator::XPath(&xpath))
                .unwrap_or_else(|e| panic!("no button {token} for {mv}: {e}"))
                .click()
                .unwrap();
        }
    }
    until(
        client,
        &format!("view.tree.length * 1000 + view.node !== {before}"),
        &format!("{mv} to be played"),
    );
    tokens.len() > 1
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
    new_game(client, name, params, &["human", agent]);
    let (mut moves, mut multi) = (0, 0);
    loop {
        until(
            client,
            "view.outcome !== null || humanToMove()",
            "the agent's reply",
        );
        if page(client, "return view.outcome !== null") == json!(true) {
            break;
        }
        let legal = page(client, "return view.legal");
        let legal = legal.as_array().unwrap();
        let chosen = legal[rng.below(legal.len())].as_str().unwrap().to_string();
        multi += usize::from(click_move(client, &chosen));
        moves += 1;
        if moves == 1 && ["diffusion", "kalah", "oware", "calcala"].contains(&name) {
            // Every mancala's board keys its last-move marks in the same words.
            until(client, "view.thinking === null", "the reply");
            let legend = page(client, "return [...document.querySelectorAll('#board svg text')].map((t) => t.textContent).join(' | ')");
            let legend = legend.as_str().unwrap();
            assert!(
                legend.contains("(thick ring: picked up, thin: sown"),
                "{name}: {legend}"
            );
        }
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
    let status = text(client, "#status");
    assert!(status.starts_with("Game over"), "{name}: {status}");
    eprintln!("browser: {name}: a whole game, {moves} moves clicked ({multi} of several clicks); {status}");
    multi
}

#[test]
#[ignore = "needs Chromium and chromedriver; CI runs it: cargo test --workspace --test it -- --ignored browser::"]
fn the_page_plays_analyses_replays_and_runs_tournaments_in_a_real_browser() {
    let started = Instant::now();
    let (_driver, port) = start_driver();
    // Two results folders: one opened with random plies (not the agents'
    // moves), one of games stopped at the ply limit (adjudicated).
    let openings = arena_folder("browser-results", W4, "2", &["--opening-plies", "2"]);
    let stopped = arena_folder("browser-stopped", W4, "2", &["--max-plies", "3"]);
    // A third: Kalah games, of a variant solved by score margin and of
    // one no database covers.
    let (kalah, kalah_db) = kalah_folder();
    let arena = scratch("browser-arena");
    let served = Served::start(&[
        "--results",
        openings.to_str().unwrap(),
        stopped.to_str().unwrap(),
        kalah.to_str().unwrap(),
        "--arena",
        arena.to_str().unwrap(),
        "--db",
        width4_db(),
        "--db",
        kalah_db.to_str().unwrap(),
    ]);
    {
        let client = browser(port);
        client.set_window_size(1280, 900).unwrap();
        client.goto(&served.url()).unwrap();
        let games = tabula_games::registry().names().len();
        until(
            &client,
            &format!("typeof view !== 'undefined' && view !== null && document.querySelectorAll('#game option').length === {games}"),
            "the page",
        )
        ;

        // The first visit to Tournaments shows the folder it selects at
        // once (it once showed nothing until another was chosen).
        click(&client, "#tab-arena");
        until(&client, "document.querySelectorAll('#sections tr.standing').length === 2 && document.querySelector('#sections .ratings svg')", "the first folder's standings");
        click(&client, "#tab-play");

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

        // A typed move works as a click does; hints, exact values, a
        // position set up, an agent thinking.
        play_typed(&client);
        refused_seat_and_alpha_beta(&client);

        // The board answers clicks: selections at once, moves once the
        // server's new board is drawn.
        let timings = page(&client, "return window.tabulaTimings");
        report_timings(&timings);

        // The analysis board, a judged replay and a shared link.
        analysis_board(&client, "desktop");
        judged_replay(&client, "desktop");
        screenshot(&client, "replay");
        margin_replay(&client);

        tournaments(&client);

        // A phone's width: nothing wider than the screen, and the same
        // analysis board, replay and link.
        client.set_window_size(390, 844).unwrap();
        click(&client, "#tab-play");
        analysis_board(&client, "phone");
        let fits = page(&client, "return [document.documentElement.scrollWidth, window.innerWidth, document.querySelector('#board svg').getBoundingClientRect().width]");
        let [scroll, inner, board] = [0, 1, 2].map(|i| fits[i].as_f64().unwrap());
        assert!(
            scroll <= inner + 1.0 && board <= inner,
            "at 390 px: page {scroll}, window {inner}, board {board}"
        );
        screenshot(&client, "phone");
        judged_replay(&client, "phone");
        let fits = page(
            &client,
            "return [document.documentElement.scrollWidth, window.innerWidth]",
        );
        assert!(
            fits[0].as_f64() <= Some(fits[1].as_f64().unwrap() + 1.0),
            "the replay at 390 px: {fits}"
        );
        client.close().unwrap();
    }
    eprintln!(
        "browser: the whole test in {:.0} s; screenshots in {}",
        started.elapsed().as_secs_f64(),
        screenshot_dir().display()
    );
}

/// Plays a move typed into the move box (keyboard users), asks for a hint
/// and the exact values, sets a position up and watches an agent think.
fn play_typed(client: &Session) {
    new_game(
        client,
        "diffusion",
        &[("width", "4"), ("stones", "")],
        &["human", "human"],
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
    let error = text(client, "#error");
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
    let line = text(client, "#search-line");
    assert!(line.starts_with("Exact value: "), "{line}");
    screenshot(client, "analysis");
    // Any position, set up from its text: the box shows the current one's.
    page(
        client,
        "document.getElementById('position-card').open = true; return 0",
    );
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

/// Two bugs the page had: a refused agent spec reset the board while the
/// old agent played on (now nothing changes and the seat is marked), and
/// alpha-beta's search read "null iterations".
fn refused_seat_and_alpha_beta(client: &Session) {
    new_game(
        client,
        "diffusion",
        &[("width", "4"), ("stones", "")],
        &["human", "alphabeta(depth=3)"],
    );
    let legal = page(client, "return view.legal[0]");
    click_move(client, legal.as_str().unwrap());
    until(
        client,
        "view.thinking === null && view.moves.length === 2",
        "alpha-beta's reply",
    );
    let line = text(client, "#search-line");
    assert!(line.contains("depth") && !line.contains("null"), "{line}");
    let before = page(client, "return [view.game, view.moves, view.seats]");
    let states = page(client, "return window.tabulaStates");
    fill(client, "seat-1", "mcst");
    click(client, "#new");
    // The server answers a refused request with the error, then the state.
    until(client, &format!("!document.getElementById('error').hidden && document.getElementById('seat-1').getAttribute('aria-invalid') === 'true' && window.tabulaStates > {states}"), "the refusal");
    let error = text(client, "#error");
    assert!(
        error.starts_with("North: ") && error.contains("mcst"),
        "{error}"
    );
    // Nothing changed: the game, its moves, and North's agent.
    assert_eq!(
        page(client, "return [view.game, view.moves, view.seats]"),
        before
    );
}

/// The analysis board: moves clicked, a variation branched from a past
/// position with the main line kept, stepping with the keys and by
/// clicking the move list, undo and redo on the tree, the board flipped,
/// accessible names and keyboard play, and the position's link opened in
/// a new tab.
fn analysis_board(client: &Session, width: &str) {
    new_game(
        client,
        "diffusion",
        &[("width", "4"), ("stones", "")],
        &["human", "human"],
    );
    for _ in 0..3 {
        let legal = page(client, "return view.legal[0]");
        click_move(client, legal.as_str().unwrap());
    }
    let main = page(client, "return view.moves");
    // ← steps back along the line; the moves after stay on it.
    press(client, LEFT);
    until(
        client,
        "view.moves.length === 2 && view.line.length === 3",
        "a step back",
    );
    // A click on the first move of the list shows the position after it.
    let first = page(client, "return view.line[0]");
    click(client, &format!("#tree .mv[data-node=\"{first}\"]"));
    until(
        client,
        "view.moves.length === 1",
        "the first move's position",
    );
    // Another move there starts a variation; the main line stays.
    let other = page(
        client,
        &format!("return view.legal.find((m) => m !== {})", main[1]),
    );
    let other = other.as_str().expect("a second legal move").to_string();
    click_move(client, &other);
    until(client, &format!("view.moves.length === 2 && view.moves[1] === '{other}' && view.tree[view.line[0]].children.length === 2"), "the variation");
    let main_line = page(client, "let ids = [], id = view.tree[0].children[0]; while (id !== undefined) { ids.push(view.tree[id].mv); id = view.tree[id].children[0]; } return ids");
    assert_eq!(main_line, main, "{width}: the main line is kept");
    let variation = text(client, "#tree .variation");
    assert!(
        variation.contains(&other),
        "{width}: the variation is listed: {variation}"
    );
    // Home, End and → step along the line shown: the variation's.
    press(client, HOME);
    until(client, "view.moves.length === 0", "Home");
    press(client, RIGHT);
    until(client, "view.moves.length === 1", "→");
    press(client, END);
    until(
        client,
        &format!("view.moves.length === 2 && view.moves[1] === '{other}'"),
        "End",
    );
    // Back on the main line's last move, by clicking it.
    let last = page(client, "let id = view.tree[0].children[0]; while (view.tree[id].children[0] !== undefined) id = view.tree[id].children[0]; return id");
    click(client, &format!("#tree .mv[data-node=\"{last}\"]"));
    until(
        client,
        &format!("JSON.stringify(view.moves) === '{main}'"),
        "the main line's end",
    );
    // Undo and redo step along the tree (two people: a move at a time).
    click(client, "#undo");
    until(client, "view.moves.length === 2", "undo");
    click(client, "#redo");
    until(
        client,
        &format!("JSON.stringify(view.moves) === '{main}'"),
        "redo",
    );
    // The variation becomes the main line when asked.
    let var_node = page(client, "return view.tree[view.line[0]].children[1]");
    click(client, &format!("#tree .mv[data-node=\"{var_node}\"]"));
    until(
        client,
        &format!("view.node === {var_node} && !document.getElementById('promote').hidden"),
        "the variation shown",
    );
    click(client, "#promote");
    until(
        client,
        &format!("view.tree[view.line[0]].children[0] === {var_node}"),
        "the variation promoted",
    );
    // The board turns around and back.
    click(client, "#flip");
    until(client, "document.getElementById('board').classList.contains('flipped') && document.getElementById('flip').getAttribute('aria-pressed') === 'true'", "the flipped board");
    click(client, "#flip");
    accessibility(client, width);
    shared_link(client, width);
}

/// Accessible names and roles from Chromium's accessibility tree, and a
/// move played with the keyboard alone.
fn accessibility(client: &Session, width: &str) {
    // Each pit is a button named by what it is and holds.
    let pit = find(client, "#board [data-cell=\"A\"]");
    let name = pit.computed_label().unwrap();
    assert!(
        name.starts_with("pit A, South's block, ")
            && (name.ends_with(" stones") || name.ends_with(" stone")),
        "{width}: {name}"
    );
    assert_eq!(pit.computed_role().unwrap(), "button", "{width}");
    // Every button shown has a name; the moves of the list say whose move.
    let mut named = 0;
    for button in client.find_all(Locator::Css("button")).unwrap() {
        if !button.is_displayed().unwrap() {
            continue;
        }
        let name = button.computed_label().unwrap();
        let html = button.attribute("outerHTML").unwrap().unwrap_or_default();
        assert!(
            !name.trim().is_empty(),
            "{width}: a button without a name: {html}"
        );
        named += 1;
    }
    let mv = find(client, "#tree .mv");
    let name = mv.computed_label().unwrap();
    assert!(name.starts_with("Move 1: South "), "{width}: {name}");
    let tab = find(client, "#tab-replay");
    assert_eq!(tab.computed_role().unwrap(), "tab", "{width}");
    let back = find(client, "#nav-prev");
    assert_eq!(back.computed_label().unwrap(), "One move back (←)");
    // The legal pits are in the tab order, and Enter on one plays it.
    let legal = page(client, "return [...document.querySelectorAll('#board .target.legal')].every((t) => t.tabIndex === 0) && document.querySelectorAll('#board .target.legal').length === view.legal.length");
    assert_eq!(legal, json!(true), "{width}: the legal pits are focusable");
    let before = page(client, "return view.moves.length");
    page(
        client,
        "document.querySelector('#board .target.legal').focus(); return 0",
    );
    let focused = client.active_element().unwrap();
    assert_eq!(
        focused.attribute("class").unwrap().as_deref(),
        Some("target legal"),
        "{width}"
    );
    client.press(ENTER).unwrap();
    until(
        client,
        &format!("view.moves.length === {before} + 1"),
        "a move played with Enter",
    );
    eprintln!("browser: {width}: {named} buttons named, a pit named and played with Enter");
}

/// The link to the position shown, opened in a new tab, shows the same
/// position, line and ply.
fn shared_link(client: &Session, width: &str) {
    press(client, LEFT);
    until(
        client,
        "view.moves.length === view.line.length - 1",
        "a step back",
    );
    let link = page(client, "return document.getElementById('share-link').value");
    let link = link.as_str().unwrap().to_string();
    assert!(
        link.contains("game=diffusion") && link.contains("moves=") && link.contains("ply="),
        "{link}"
    );
    let shown = page(
        client,
        "return [view.position, view.moves, view.line.map((id) => view.tree[id].mv)]",
    );
    let mine = client.window().unwrap();
    let tab = client.new_tab().unwrap();
    client.switch_to_window(&tab).unwrap();
    client.goto(&link).unwrap();
    until(
        client,
        "typeof view !== 'undefined' && view !== null && view.line.length > 0",
        "the linked game",
    );
    let opened = page(
        client,
        "return [view.position, view.moves, view.line.map((id) => view.tree[id].mv)]",
    );
    assert_eq!(opened, shown, "{width}: {link}");
    client.close_window().unwrap();
    client.switch_to_window(&mine).unwrap();
    eprintln!("browser: {width}: a shared link restored in a new tab");
}

/// A recorded game listed by partial filters and replayed, each move
/// judged against the database, the evaluation graph clicked to jump, and
/// the replay's link opened in a new tab.
fn judged_replay(client: &Session, width: &str) {
    click(client, "#tab-replay");
    // Listed as soon as the tab opens, each result naming the agent that won.
    until(
        client,
        "document.getElementById('listing').dataset.query !== undefined",
        "the listing",
    );
    if page(client, "return document.getElementById('folder').value") != json!("0") {
        let folder = client.find(Locator::Id("folder")).unwrap();
        folder.select_by_value("0").unwrap();
    }
    until(
        client,
        "document.getElementById('listing').dataset.query === '0?' && document.querySelectorAll('#listing tr.game').length === 4",
        "the first folder's listing",
    );
    let results = page(client, "return [...document.querySelectorAll('#listing tr.game td:nth-child(4)')].map((td) => td.textContent)");
    for result in results.as_array().unwrap() {
        let result = result.as_str().unwrap();
        assert!(
            (result.starts_with("random (") || result.starts_with("mcts-50 ("))
                && result.ends_with(") wins"),
            "{width}: {result}"
        );
    }
    // Filters match any part of a spec, display name or seat.
    fill(client, "filter-agent", "mcts");
    until(
        client,
        "document.getElementById('listing').dataset.query === '0?agent=mcts' && document.getElementById('listing-count').textContent === '4 games'",
        "mcts's games",
    );
    let mut won = 0;
    for seat in ["South", "North"] {
        fill(client, "filter-winner", seat);
        until(
            client,
            &format!(
                "document.getElementById('listing').dataset.query === '0?agent=mcts&winner={seat}'"
            ),
            "the seat's wins",
        );
        let rows = page(client, &format!("return [...document.querySelectorAll('#listing tr.game')].every((tr) => tr.textContent.includes('({seat}) wins'))"));
        assert_eq!(rows, json!(true), "{width}: {seat}'s wins only");
        won += page(
            client,
            "return document.querySelectorAll('#listing tr.game').length",
        )
        .as_u64()
        .unwrap();
    }
    assert_eq!(won, 4, "{width}: every game won by South or North");
    fill(client, "filter-winner", "");
    fill(client, "filter-agent", "");
    until(
        client,
        "document.getElementById('listing').dataset.query === '0?' && document.querySelectorAll('#listing tr.game').length === 4",
        "the whole listing",
    );
    click(client, "button.replay");
    until(
        client,
        "view.mode === 'replay' && view.moves.length === 0 && view.replay.judged === 'database'",
        "the judged replay",
    );
    // Every move marked: the two opening plies as openings, the agents'
    // moves kept, lost or slower; the summary counts the agents' moves.
    let marks = page(client, "return [...document.querySelectorAll('#tree .mv')].map((b) => ['kept', 'lost', 'slower', 'lost-already', 'opening'].filter((k) => b.classList.contains(k)))");
    let marks = marks.as_array().unwrap();
    let length = page(client, "return view.replay.length").as_u64().unwrap() as usize;
    assert_eq!(marks.len(), length, "{width}: {marks:?}");
    assert!(
        marks.iter().all(|m| m.as_array().unwrap().len() == 1),
        "{width}: {marks:?}"
    );
    assert_eq!(
        marks[..2],
        [json!(["opening"]), json!(["opening"])],
        "{width}"
    );
    // The move shown reads in the accent's text colour whatever its
    // verdict (a muted verdict's colour once made it unreadable).
    let unreadable = page(
        client,
        r"const probe = document.createElement('span');
        probe.style.color = 'var(--accent-text)';
        document.body.append(probe);
        const want = getComputedStyle(probe).color;
        probe.remove();
        return [...document.querySelectorAll('#tree .mv')].filter((b) => {
            const was = b.getAttribute('aria-current');
            b.setAttribute('aria-current', 'step');
            const color = getComputedStyle(b).color;
            if (was === null) b.removeAttribute('aria-current'); else b.setAttribute('aria-current', was);
            return color !== want;
        }).map((b) => b.className)",
    );
    assert_eq!(
        unreadable,
        json!([]),
        "{width}: moves unreadable when shown"
    );
    let judged = text(client, "#judged");
    assert!(
        judged.starts_with("Judged by the database: random (South)")
            || judged.starts_with("Judged by the database: mcts-50 (South)"),
        "{width}: {judged}"
    );
    // A click on the graph jumps to the move there: a click event at the
    // middle move's x (the chart's own geometry: 340 wide, 8 either side),
    // not WebDriver's click at the element's centre, whose whole-pixel
    // point can fall on the boundary between two moves.
    let middle = length / 2;
    page(
        client,
        &format!(
            "const svg = document.querySelector('#evals svg');
            const box = svg.getBoundingClientRect();
            const x = 8 + ({middle} / Math.max({length}, 10)) * 324;
            svg.dispatchEvent(new MouseEvent('click', {{
                bubbles: true,
                clientX: box.left + (x / 340) * box.width,
                clientY: box.top + box.height / 2,
            }}));
            return null"
        ),
    );
    until(
        client,
        &format!("view.moves.length === {middle}"),
        "the graph's jump",
    );
    // The keys step through it.
    press(client, END);
    until(
        client,
        "view.moves.length === view.replay.length && view.outcome !== null",
        "the end of the replay",
    );
    press(client, LEFT);
    until(
        client,
        "view.moves.length === view.replay.length - 1",
        "a step back",
    );
    // Its link reopens the replay, judged, at the same move.
    let link = page(client, "return document.getElementById('share-link').value");
    let link = link.as_str().unwrap().to_string();
    assert!(
        link.contains("replay=0%2F1") || link.contains("replay=0/1"),
        "{link}"
    );
    let mine = client.window().unwrap();
    let tab = client.new_tab().unwrap();
    client.switch_to_window(&tab).unwrap();
    client.goto(&link).unwrap();
    until(client, "typeof view !== 'undefined' && view !== null && view.mode === 'replay' && view.replay.judged === 'database' && view.moves.length === view.replay.length - 1", "the linked replay");
    client.close_window().unwrap();
    client.switch_to_window(&mine).unwrap();
    eprintln!("browser: {width}: a judged replay of {length} moves");
}

/// Replays of Kalah: one judged by the margin each move gave up (the
/// mark says how much, the graph is in margins), one of a variant no
/// database covers, drawn from the values the agents reported.
fn margin_replay(client: &Session) {
    click(client, "#tab-replay");
    let folder = client.find(Locator::Id("folder")).unwrap();
    folder.select_by_value("2").unwrap();
    until(
        client,
        "document.getElementById('listing').dataset.query === '2?' && document.querySelectorAll('#listing tr.game').length === 4",
        "the Kalah games",
    );
    // Replay's button shows the game on the Play tab: the game where random
    // moves first (its opening move gives up margin), found by its agents,
    // since the arena's threads list the games in the order they finished.
    let replay = |variant: &str| {
        click(client, "#tab-replay");
        until(
            client,
            "document.getElementById('listing').dataset.query === '2?'",
            "the Kalah games listed again",
        );
        let xpath = format!(
            "//table[@id='listing']//tr[td[2]='{variant}' and td[3]='random vs mcts-50'][1]//button"
        );
        client
            .find(Locator::XPath(&xpath))
            .unwrap_or_else(|e| panic!("no game of {variant}: {e}"))
            .click()
            .unwrap();
    };
    replay("kalah(pits=2,seeds=2)");
    until(
        client,
        "view.mode === 'replay' && view.game === 'kalah(pits=2,seeds=2)' && view.replay.judged === 'database'",
        "the replay judged by margins",
    );
    // Each move marked by the margin it gave up, or kept.
    let moves = page(
        client,
        r"return [...document.querySelectorAll('#tree .mv')].map((b) => {
            const v = view.tree[Number(b.dataset.node)].verdict;
            const mark = b.querySelector('.mark');
            return [v.margin_lost, mark ? mark.textContent : '', b.getAttribute('aria-label'), v.lost !== null];
        })",
    );
    let moves = moves.as_array().unwrap();
    let length = page(client, "return view.replay.length").as_u64().unwrap() as usize;
    assert_eq!(moves.len(), length, "{moves:?}");
    let mut gave_up = 0;
    for mv in moves {
        let lost = mv[0]
            .as_u64()
            .unwrap_or_else(|| panic!("no margin lost: {mv}"));
        let (mark, label) = (mv[1].as_str().unwrap(), mv[2].as_str().unwrap());
        if lost > 0 {
            gave_up += 1;
            // A result given away is marked so; the margin is said too.
            let expected = match mv[3] == json!(true) {
                true => "✗".to_string(),
                false => format!("−{lost}"),
            };
            assert_eq!(mark, expected, "{mv}");
            assert!(label.contains(&format!("gave up {lost} of margin")), "{mv}");
        } else {
            assert!(mark == "✓" || mark.is_empty(), "{mv}");
        }
    }
    assert!(gave_up > 0, "random gives up some margin: {moves:?}");
    let graph = page(
        client,
        "return document.querySelector('#evals svg').getAttribute('aria-label')",
    );
    assert!(
        graph
            .as_str()
            .unwrap()
            .starts_with("final margin for South"),
        "{graph}"
    );
    // A variant no database covers: the agents' own values, and why.
    replay("kalah(pits=3,seeds=2)");
    until(
        client,
        "view.mode === 'replay' && view.game === 'kalah(pits=3,seeds=2)'",
        "the unjudged replay",
    );
    assert_eq!(page(client, "return view.replay.judged"), json!("agents"));
    let judged = text(client, "#judged");
    assert!(
        judged.starts_with("Values: what each agent's search reported")
            && judged.contains("no database (--db) covers kalah(pits=3,seeds=2)"),
        "{judged}"
    );
    let sources = page(
        client,
        "return view.evals.length > 0 && view.evals.every((e) => e.source === 'agent')",
    );
    assert_eq!(sources, json!(true), "the agents' values on the graph");
    eprintln!("browser: a Kalah replay judged by margin ({gave_up} of {length} moves gave some up), one by the agents' values");
}

/// Tournaments: the ratings chart, standings and crosstable of a folder
/// of adjudicated games, then ones started from the page.
fn tournaments(client: &Session) {
    click(client, "#tab-arena");
    until(client, "document.querySelectorAll('#t-folder option').length === 3 && document.querySelectorAll('#sections tr.standing').length === 2", "the folders");
    // The folder of games stopped at the ply limit: counted, and said.
    let stopped = client.find(Locator::Id("t-folder")).unwrap();
    stopped.select_by_value("1").unwrap();
    until(
        client,
        "document.getElementById('t-state').textContent.includes('adjudicated')",
        "the adjudicated games",
    );
    let state = text(client, "#t-state");
    assert!(
        state.contains("4 of 4 games played, 4 of them adjudicated"),
        "{state}"
    );
    let adjudicated = page(client, "return [...document.querySelectorAll('#sections tr.standing td:nth-child(6)')].map((td) => td.textContent)");
    assert_eq!(adjudicated, json!(["4", "4"]), "the standings count them");
    let crosstable = text(client, "#sections .crosstable");
    assert!(
        crosstable.contains("0–0–0, 4 adjudicated"),
        "the crosstable counts them: {crosstable}"
    );

    // A small tournament, started and watched from the page: agents by
    // their display names.
    click(client, "#start-card > summary");
    fill(client, "t-games", "diffusion(width=4)");
    fill(
        client,
        "t-agents",
        "random greedy mcts(iterations=50,name=mcts-50)",
    );
    fill(client, "t-rounds", "1");
    click(client, "#t-start");
    until(client, "document.body.dataset.tournament === 'done' && document.querySelectorAll('#sections tr.standing').length === 3 && document.querySelectorAll('#sections .crosstable tr').length === 4", "the tournament's standings");
    let sections = text(client, "#sections");
    assert!(
        sections.contains("greedy")
            && sections.contains("mcts-50")
            && !sections.contains("iterations="),
        "{sections}"
    );
    let chart = page(
        client,
        "return document.querySelector('#sections .ratings svg').getAttribute('aria-label')",
    );
    let chart = chart.as_str().unwrap();
    assert!(
        chart.starts_with("Ratings: ")
            && ["mcts-50", "greedy", "random"]
                .iter()
                .all(|a| chart.contains(a)),
        "{chart}"
    );
    until(
        client,
        "document.querySelectorAll('#wall svg').length === 4",
        "the latest games' boards",
    );
    // The summary's crosstable: each side's W–D–L over the two games of
    // each pairing.
    let crosstable = text(client, "#sections .crosstable");
    let tallies = page(
        client,
        r"return [...document.querySelectorAll('#sections .crosstable td')]
        .map((td) => td.textContent.match(/^(\d+)–(\d+)–(\d+) /))
        .filter((m) => m).map((m) => Number(m[1]) + Number(m[2]) + Number(m[3]))",
    );
    assert_eq!(tallies, json!([2, 2, 2, 2, 2, 2]), "{crosstable}");
    let state = text(client, "#t-state");
    assert!(state.contains("6 of 6 games"), "{state}");
    screenshot(client, "tournament");

    // Games of three players: the crosstable, of two-player games only,
    // says why it is empty.
    fill(client, "t-games", "calcala(players=3)");
    fill(client, "t-agents", "random mcts(iterations=50)");
    click(client, "#t-start");
    until(client, "document.querySelector('#sections .crosstable-note') && document.querySelector('#sections .crosstable-note').textContent.startsWith('No crosstable') && document.querySelectorAll('#sections .crosstable tr').length === 0 && document.querySelectorAll('#sections tr.standing').length === 2", "the three-player tournament");
    fill(client, "t-games", "diffusion(width=4)");

    // A longer one: the wall of games in progress shows its game as it
    // plays, until the page stops it.
    fill(client, "t-agents", "random mcts(iterations=3000)");
    fill(client, "t-rounds", "200");
    click(client, "#t-start");
    until(client, "document.body.dataset.tournament === 'running' && document.querySelectorAll('#playing figure svg').length === 1", "a game in progress");
    let playing = text(client, "#playing");
    assert!(
        playing.contains("random") && playing.contains("mcts"),
        "{playing}"
    );
    // Stopped from the page: the game under way ends and is recorded.
    click(client, "#t-stop");
    until(client, "document.body.dataset.tournament === 'done' && document.getElementById('t-state').textContent.startsWith('Stopped') && document.getElementById('t-stop').hidden", "the tournament stopped");
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
