//! Hostile input for `tabula play`: a few thousand seeded lines of random
//! bytes, huge lines, unicode, every command with wrong, missing or extra
//! arguments, illegal moves, moves after the end, `undo` at the start and
//! bad files. The REPL must never panic, must answer every line (output or
//! an error), and must agree with an in-process model of the session that
//! replays the same legal moves through the registry.
//!
//! Each hostile line is followed by two marker commands, `position` and
//! `help quit`; the second's fixed text splits standard output into one
//! segment per hostile line, whose last line (the `position` output) is
//! checked against the model. A segment with no other output must be
//! matched by an `error:` line on standard error.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tabula::{AnyGame, GameRecord, Registry};

use crate::common::Rand;

/// Every word the REPL reads as a command.
const COMMAND_WORDS: &[&str] = &[
    "games", "list", "new", "show", "board", "moves", "play", "undo", "redo", "agent", "seat",
    "ai", "go", "hint", "setup", "position", "fen", "state", "rules", "seed", "save", "load",
    "help", "?", "quit", "exit",
];

/// The second marker's output: `help quit`.
const MARKER: [&str; 2] = ["quit ", "  leave (also `exit` or end of input)"];

/// Game specs the run switches between.
const GAMES: &[&str] = &[
    "diffusion",
    "diffusion(width=4,stones=2)",
    "grid-diffusion(size=4x4,stones=5)",
    "grid-diffusion",
    "calcala",
    "calcala(players=3,setup=short)",
    "differo",
];

/// Lines with wrong, missing or extra arguments for every command. None
/// changes the game (the generator checks this against the model).
const BAD_COMMANDS: &[&str] = &[
    "show x",
    "board 1 2",
    "moves please",
    "play",
    "play D e",
    "play ",
    "undo 0",
    "undo -1",
    "undo x",
    "undo 1 2",
    "undo 99999999999999999999999999",
    "redo 0",
    "redo -5",
    "redo 1.5",
    "redo 18446744073709551616",
    "agent 1",
    "agent 0 human",
    "agent 9 human",
    "agent -1 human",
    "agent x human",
    "agent 18446744073709551617 human",
    "agent 1 human extra",
    "agent 1 nobody",
    "agent 1 mcts(iterations=99999999999999999999999)",
    "agent 2 mcts(iterations=0)",
    "agent 2 mcts(iterations=1000000001)",
    "agent 2 mcts(iterations=-1)",
    "agent 1 mcts(time=99999999999h)",
    "agent 1 mcts(time=1e300s)",
    "agent 1 mcts(time=0s)",
    "agent 1 mcts(time=-1s)",
    "agent 1 mcts(time=nan s)",
    "agent 1 mcts(c=nan)",
    "agent 1 mcts(c=inf)",
    "agent 1 mcts(c=1e999)",
    "agent 1 mcts(threads=0)",
    "agent 1 mcts(threads=100000)",
    "agent 1 mcts(max_nodes=1)",
    "agent 1 mcts(max_nodes=99999999999999999999)",
    "agent 1 mcts(max_plies=-1)",
    "agent 1 mcts(selection=amaf)",
    "agent 1 mcts(bias=2)",
    "agent 1 mcts(epsilon=nan)",
    "agent 1 mcts(temperature=0)",
    "agent 1 mcts(prior=-1)",
    "agent 1 mcts(ref=0)",
    "agent 1 mcts(max_plies=18446744073709551616)",
    "agent 1 mcts(seed=-1)",
    "agent 1 mcts(seed=18446744073709551616)",
    "agent 1 mcts(solver=maybe)",
    "agent 1 mcts(iterations=5,iterations=6)",
    "agent 1 mcts(iterations=5",
    "agent 1 mcts(bogus=1)",
    "agent 2 random(seed=99999999999999999999999)",
    "agent 2 random(seed=1,seed=2)",
    "agent 2 random(depth=3)",
    "agent 2 human(x=1)",
    "agent 1 human",
    "agent 2 HUMAN",
    "seat 1 human",
    "agent",
    "ai now",
    "ai 1 2",
    "go x",
    "go 0",
    "go -3",
    "go 1.5",
    "go 99999999999999999999999",
    "hint me",
    "setup",
    "setup garbage",
    "setup 444444/444444",
    "setup 4444444/444444 A",
    "setup 999999/999999 A",
    "setup 000000/000000 A",
    "setup ...../..... w",
    "setup 1,2,3 1 0,0",
    "position x",
    "fen x y",
    "state now",
    "seed x",
    "seed -1",
    "seed 99999999999999999999999",
    "seed 1.5",
    "seed 18446744073709551615",
    "seed 0",
    "save",
    "save /nonexistent-dir/game.json",
    "save /",
    "save /proc/version",
    "load",
    "load /nonexistent-dir/game.json",
    "load /",
    "load /etc",
    "load /proc/version",
    "load /nonexistent#2",
    "load /etc/hostname#0",
    "load /etc/hostname#x 3",
    "load #",
    "help nosuch",
    "help",
    "help play",
    "? undo",
    "games extra",
    "list",
    "rules please",
    "new",
    "new nosuch",
    "new diffusion(width=7)",
    "new diffusion(width=99999999999999999999)",
    "new diffusion(width=-4)",
    "new diffusion(stones=0)",
    "new diffusion(blocks=columns)",
    "new diffusion(width=8,width=8)",
    "new diffusion(",
    "new diffusion)(",
    "new (width=8)",
    "new ()",
    "new calcala(players=9)",
    "new calcala(players=1)",
    "new calcala(setup=nosuch)",
    "new grid-diffusion(size=99x99)",
    "new grid-diffusion(size=2x2)",
    "new grid-diffusion(size=3x3,stones=5)",
    "new grid-diffusion(stones=5,handicap=5)",
    "new grid-diffusion(size=x)",
    "new grid-diffusion(size=3x)",
    "new differo(x=1)",
    "new differo(players=3)",
    "#comment",
    "   ",
    "",
];

const UNICODE: &[&str] = &[
    "é",
    "Ｄ",
    "ｄ",
    "🎲",
    "∞",
    "\u{200b}",
    "\u{202e}D",
    "D\u{301}",
    "ß",
    "İ",
    "ﬀ",
    "Ω",
    "中文",
    "\u{feff}",
    "\t",
    "\r",
    "\u{7f}",
    "\u{0}",
    "a\u{0}b",
    "Ａ1-Ｂ2",
    "C3—NE",
    "C3–NE",
    "ｐａｓｓ",
    "ǅ",
    "\u{1F600}\u{1F600}",
    "mcts(iterations=５)",
];

/// The session the REPL should be in, tracked in-process.
struct Model {
    registry: Registry,
    states: Vec<Box<dyn AnyGame>>,
    moves: Vec<String>,
    redo: Vec<String>,
}

impl Model {
    fn new(spec: &str) -> Model {
        let registry = tabula_games::registry();
        let game = registry.create(spec).unwrap();
        Model {
            registry,
            states: vec![game],
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    fn current(&self) -> &dyn AnyGame {
        self.states.last().unwrap().as_ref()
    }

    fn reset(&mut self, states: Vec<Box<dyn AnyGame>>, moves: Vec<String>) {
        self.states = states;
        self.moves = moves;
        self.redo.clear();
    }

    fn advance(&mut self, text: &str) -> bool {
        let mut next = self.current().clone_box();
        match next.play(text) {
            Ok(canonical) => {
                self.states.push(next);
                self.moves.push(canonical);
                true
            }
            Err(_) => false,
        }
    }

    /// What `line` does to the session, mirroring the REPL's dispatch for
    /// every command that changes the game. Panics on lines whose effect
    /// the model cannot predict (agents moving), so the generator avoids
    /// them.
    fn apply(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        let count = |rest: &str| match rest {
            "" => Some(1),
            n => n.parse::<usize>().ok().filter(|&n| n > 0),
        };
        match word.to_ascii_lowercase().as_str() {
            "new" => {
                if let Ok(game) = self.registry.create(rest).map_err(|e| e.to_string()) {
                    self.reset(vec![game], Vec::new());
                }
            }
            "play" if !rest.is_empty() => {
                if self.advance(rest) {
                    self.redo.clear();
                }
            }
            "undo" => {
                if let Some(n) = count(rest) {
                    for _ in 0..n.min(self.moves.len()) {
                        self.states.pop();
                        self.redo.push(self.moves.pop().unwrap());
                    }
                }
            }
            "redo" => {
                if let Some(n) = count(rest) {
                    for _ in 0..n {
                        let Some(mv) = self.redo.pop() else { break };
                        assert!(self.advance(&mv), "redo of {mv} failed in the model");
                    }
                }
            }
            "setup" if !rest.is_empty() => {
                if let Ok(game) = self.current().with_position(rest) {
                    self.reset(vec![game], Vec::new());
                }
            }
            "agent" | "seat" => {
                if let Some((seat, spec)) = rest.split_once(char::is_whitespace) {
                    let players = self.current().players();
                    let seat_ok = seat
                        .trim()
                        .parse::<usize>()
                        .is_ok_and(|n| (1..=players).contains(&n))
                        || (0..players).any(|s| {
                            self.current()
                                .seat_name(s)
                                .eq_ignore_ascii_case(seat.trim())
                        });
                    let spec = self.registry.parse_agent(spec.trim());
                    assert!(
                        !(seat_ok && spec.is_ok_and(|s| !s.is_human())),
                        "generator bug: `{line}` seats an agent"
                    );
                }
            }
            "ai" if rest.is_empty() => {
                assert!(
                    self.current().outcome().is_some(),
                    "generator bug: `{line}` lets MCTS move"
                )
            }
            "go" if rest.is_empty() || count(rest).is_some() => {
                assert!(
                    self.current().outcome().is_some(),
                    "generator bug: `{line}` lets MCTS move"
                )
            }
            // Loads of records go through `Model::load`; other paths hold
            // no record and change nothing.
            "load" => {}
            "quit" | "exit" => panic!("generator bug: `{line}` quits"),
            "games" | "list" | "show" | "board" | "moves" | "play" | "hint" | "setup"
            | "position" | "fen" | "state" | "rules" | "seed" | "save" | "help" | "?" | "ai"
            | "go" => {}
            _ => {
                if self.advance(line) {
                    self.redo.clear();
                }
            }
        }
    }

    /// `load FILE [PLY]` of a record the model reads too. The whole record
    /// must replay, since `redo` steps through the moves after `PLY`.
    fn load(&mut self, record: &GameRecord, ply: Option<usize>) {
        if record.replay(&self.registry, None).is_err() {
            return;
        }
        let Ok(states) = record.replay(&self.registry, ply) else {
            return;
        };
        let plies = states.len() - 1;
        self.reset(states, record.moves[..plies].to_vec());
        self.redo = record.moves[plies..].iter().rev().cloned().collect();
    }
}

/// The hostile script: lines to send, with the model's position after each.
struct Script {
    lines: Vec<String>,
    positions: Vec<String>,
    model: Model,
    rand: Rand,
    dir: PathBuf,
}

impl Script {
    fn send(&mut self, line: String) {
        assert!(!line.contains('\n'), "one line at a time");
        self.model.apply(&line);
        self.push(line);
    }

    fn push(&mut self, line: String) {
        let lower = line.trim().to_ascii_lowercase();
        assert!(
            !matches!(
                lower.split_whitespace().collect::<Vec<_>>()[..],
                ["help" | "?", "quit"]
            ),
            "a line may not print the marker"
        );
        self.positions.push(self.model.current().position());
        self.lines.push(line);
    }

    /// `load PATH [PLY]` of one of the files `write_files` made.
    fn load(&mut self, path: &Path, ply: Option<usize>) {
        let text = std::fs::read_to_string(path).unwrap();
        if let Ok(record) = GameRecord::from_json(text.trim()) {
            self.model.load(&record, ply);
        }
        self.push_load(path, ply);
    }

    /// `save PATH` then `load PATH [PLY]`: the same game again, cut at `PLY`
    /// (the file is written only when the REPL runs, so the model keeps its
    /// own game rather than reading it).
    fn save_and_load(&mut self, path: &Path, ply: Option<usize>) {
        self.send(format!("save {}", path.display()));
        let model = &mut self.model;
        let plies = ply.unwrap_or(model.moves.len());
        if plies <= model.moves.len() {
            let all = model.moves.clone();
            model.states.truncate(plies + 1);
            model.moves.truncate(plies);
            model.redo = all[plies..].iter().rev().cloned().collect();
        }
        self.push_load(path, ply);
    }

    fn push_load(&mut self, path: &Path, ply: Option<usize>) {
        let line = match ply {
            Some(ply) => format!("load {} {ply}", path.display()),
            None => format!("load {}", path.display()),
        };
        self.push(line);
    }

    fn random_bytes(&mut self) -> String {
        loop {
            let len = self.rand.below(80);
            let bytes: Vec<u8> = (0..len)
                .map(|_| self.rand.next() as u8)
                .filter(|&b| b != b'\n')
                .collect();
            let line = String::from_utf8_lossy(&bytes).into_owned();
            let word = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if !COMMAND_WORDS.contains(&word.as_str()) {
                return line;
            }
        }
    }

    fn unicode(&mut self) -> String {
        let parts = 1 + self.rand.below(4);
        let mut line: String = (0..parts).map(|_| *self.rand.pick(UNICODE)).collect();
        if self.rand.chance(30) {
            line = format!("play {line}");
        }
        line
    }

    fn legal_move(&mut self) -> Option<String> {
        let moves = self.model.current().legal_moves();
        (!moves.is_empty()).then(|| self.rand.pick(&moves).clone())
    }

    /// A move of this game that is not legal here: a legal move of another
    /// random state, a listed move of the wrong case, or a mangled one.
    fn illegal_move(&mut self) -> String {
        let mut other = self.model.current().clone_box();
        for _ in 0..self.rand.below(30) {
            let moves = other.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = self.rand.pick(&moves).clone();
            other.play(&mv).unwrap();
        }
        let candidates = other.legal_moves();
        let legal = self.model.current().legal_moves();
        let mv = match candidates.iter().find(|m| !legal.contains(m)) {
            Some(mv) => mv.clone(),
            None => "Z9-Z9".to_string(),
        };
        match self.rand.below(4) {
            0 => format!("play {mv}"),
            1 => format!("{mv}{mv}"),
            2 => format!("play {mv} {mv}"),
            _ => mv,
        }
    }

    fn huge(&mut self) -> String {
        let n = 50_000 + self.rand.below(150_000);
        match self.rand.below(6) {
            0 => "D".repeat(n),
            1 => format!("new {}", "x".repeat(n)),
            2 => format!("undo {}", "9".repeat(n)),
            3 => format!("setup {}", "4".repeat(n)),
            4 => format!("play {}", "a1-".repeat(n / 3)),
            _ => format!("agent 1 mcts(iterations={})", "9".repeat(n)),
        }
    }

    /// Plays random legal moves to the end of the game, then tries to go on.
    fn finish_game(&mut self) {
        for _ in 0..2000 {
            let Some(mv) = self.legal_move() else { break };
            let line = if self.rand.chance(50) {
                mv
            } else {
                format!("play {mv}")
            };
            self.send(line);
        }
        if self.model.current().outcome().is_some() {
            for line in ["moves", "go", "ai", "go 3", "hint", "state"] {
                self.send(line.to_string());
            }
            let mv = self.illegal_move();
            self.send(mv);
        }
    }

    fn valid_setup(&mut self) -> String {
        let mut other = self.model.current().clone_box();
        for _ in 0..self.rand.below(20) {
            let moves = other.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = self.rand.pick(&moves).clone();
            other.play(&mv).unwrap();
        }
        let position = other.position();
        match self.rand.below(4) {
            0 => {
                // Mangled: cut short, or one character changed.
                let cut = self.rand.below(position.len().max(1));
                format!("setup {}", position.get(..cut).unwrap_or(""))
            }
            1 => format!("setup {}", position.replacen(['4', '.', '2', 'b'], "9", 1)),
            _ => format!("setup {position}"),
        }
    }

    fn one(&mut self, i: usize) {
        let dir = self.dir.clone();
        let file = |name: &str| dir.join(name);
        match self.rand.below(100) {
            0..=9 => {
                let line = self.random_bytes();
                self.send(line);
            }
            10..=15 => {
                let line = self.unicode();
                self.send(line);
            }
            16..=35 => {
                let line = self.rand.pick(BAD_COMMANDS).to_string();
                self.send(line);
            }
            36..=55 => match self.legal_move() {
                Some(mv) if self.rand.chance(50) => self.send(format!("play {mv}")),
                Some(mv) => self.send(mv),
                None => self.send("moves".into()),
            },
            56..=65 => {
                let mv = self.illegal_move();
                self.send(mv);
            }
            66..=71 => {
                let word = if self.rand.chance(50) { "undo" } else { "redo" };
                let n = 1 + self.rand.below(4);
                let line = if self.rand.chance(30) {
                    word.to_string()
                } else {
                    format!("{word} {n}")
                };
                self.send(line);
            }
            72..=75 => {
                let game = self.rand.pick(GAMES).to_string();
                self.send(format!("new {game}"));
                // `undo` and `redo` at the start.
                self.send("undo".into());
                self.send("redo 3".into());
            }
            76..=79 => {
                let line = self.valid_setup();
                self.send(line);
            }
            80..=82 => {
                let path = file(&format!("save-{i}.json"));
                let ply = self
                    .rand
                    .chance(50)
                    .then(|| self.rand.below(self.model.moves.len() + 2));
                self.save_and_load(&path, ply);
            }
            83..=86 => {
                let names = [
                    "empty",
                    "garbage",
                    "wrong-format",
                    "future",
                    "bad-game",
                    "illegal",
                    "tail",
                ];
                let name = *self.rand.pick(&names);
                let path = file(name);
                let ply = self.rand.chance(50).then(|| self.rand.below(3));
                self.load(&path, ply);
                if self.rand.chance(50) {
                    self.send("redo 5".into());
                }
            }
            87 => {
                let line = self.huge();
                self.send(line);
            }
            88..=89 => self.finish_game(),
            90 if i.is_multiple_of(5) => self.send("hint".into()),
            _ => {
                let line = self
                    .rand
                    .pick(&[
                        "position", "state", "moves", "show", "agent", "seed", "games", "rules",
                        "help",
                    ])
                    .to_string();
                self.send(line);
            }
        }
    }
}

/// Files for `load`: empty, not JSON, another format, a future version, an
/// unknown game, an illegal move, and legal moves followed by illegal ones.
fn write_files(dir: &Path) {
    let record = |game: &str, moves: &[&str]| {
        serde_json::json!({"format": "tabula-record", "version": 1, "game": game, "moves": moves})
            .to_string()
    };
    let files = [
        ("empty", String::new()),
        ("garbage", "{\"format\": \"tabula-record\", \"version\": 1, \"game\": [".to_string()),
        ("wrong-format", "{\"format\": \"other\", \"version\": 1}".to_string()),
        ("future", "{\"format\": \"tabula-record\", \"version\": 99, \"game\": \"diffusion\", \"moves\": []}".to_string()),
        ("bad-game", record("diffusion(width=99)", &[])),
        ("illegal", record("diffusion", &["D", "D"])),
        ("tail", record("diffusion", &["D", "e", "Q", "zz"])),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

struct Output {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

/// Runs `tabula play` with `input` on standard input (written from a thread,
/// so a full output pipe cannot dead-lock the test).
fn run(input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("play")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stderr_pipe = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stderr_pipe.read_to_end(&mut text).unwrap();
        text
    });
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let stderr = reader.join().unwrap();
    Output {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        code: status.code(),
    }
}

fn check_no_crash(out: &Output) {
    assert!(
        !out.stderr.contains("panicked"),
        "the REPL panicked:\n{}",
        out.stderr
            .lines()
            .filter(|l| l.len() < 2000)
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        matches!(out.code, Some(0 | 1)),
        "exit status {:?} (a signal or a panic)",
        out.code
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-hostile-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn hostile_input_never_crashes_and_always_answers() {
    let dir = temp_dir("main");
    write_files(&dir);
    let mut script = Script {
        lines: Vec::new(),
        positions: Vec::new(),
        model: Model::new("diffusion"),
        rand: Rand(20_260_101),
        dir: dir.clone(),
    };
    // `undo` at the very start, then the bulk.
    script.send("undo".into());
    script.send("redo".into());
    let mut i = 0;
    while script.lines.len() < 3000 {
        script.one(i);
        i += 1;
    }
    script.send("state".into());

    let mut input = Vec::new();
    for line in &script.lines {
        input.extend_from_slice(line.as_bytes());
        input.extend_from_slice(b"\nposition\nhelp quit\n");
    }
    let out = run(input);
    check_no_crash(&out);

    // One segment per line; its last line is the `position` marker.
    let stdout: Vec<&str> = out.stdout.lines().collect();
    let mut segments: Vec<Vec<&str>> = Vec::new();
    let mut current = Vec::new();
    let mut k = 0;
    while k < stdout.len() {
        if stdout[k] == MARKER[0] && stdout.get(k + 1) == Some(&MARKER[1]) {
            segments.push(std::mem::take(&mut current));
            k += 2;
        } else {
            current.push(stdout[k]);
            k += 1;
        }
    }
    assert!(
        current.is_empty(),
        "output after the last marker: {current:?}"
    );
    assert_eq!(
        segments.len(),
        script.lines.len(),
        "every line gets its markers answered"
    );
    let mut silent = 0;
    for (n, ((segment, line), expected)) in segments
        .iter()
        .zip(&script.lines)
        .zip(&script.positions)
        .enumerate()
    {
        let short: String = line.chars().take(80).collect();
        let (position, output) = segment.split_last().expect("the position marker answers");
        assert_eq!(
            position, expected,
            "line {n} `{short}`: the position differs from the model's"
        );
        let blank = line.trim().is_empty() || line.trim().starts_with('#');
        if output.is_empty() && !blank {
            silent += 1;
        }
        if blank {
            assert!(
                output.is_empty(),
                "line {n}: a blank line printed {output:?}"
            );
        }
    }
    // Every line without output failed, and said so.
    let errors = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: "))
        .count();
    println!(
        "{} hostile lines ({} bytes of input), {errors} errors, {} moves in the final game",
        script.lines.len(),
        script.lines.iter().map(|l| l.len() + 1).sum::<usize>(),
        script.model.moves.len()
    );
    assert_eq!(errors, silent, "errors on stderr vs lines without output");
    assert_eq!(out.code, Some(1), "errors make the exit status 1");

    // The final `state` is the model's game: same position, same moves.
    let state: serde_json::Value =
        serde_json::from_str(segments.last().unwrap()[0]).expect("`state` prints JSON");
    let model = &script.model;
    assert_eq!(state["game"], model.current().name());
    assert_eq!(state["position"], model.current().position());
    assert_eq!(state["moves"], serde_json::json!(model.moves));
    // And the moves replay from the start to that position.
    let mut replay = model.states[0].clone();
    for mv in &model.moves {
        replay.play(mv).unwrap();
    }
    assert_eq!(replay.position(), model.current().position());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Agents with tiny budgets play whole games; hostile lines follow the end.
/// The final `state` must be a finished game whose moves replay to its
/// position.
#[test]
fn agents_finish_games_and_the_end_holds() {
    let registry = tabula_games::registry();
    let mut input = String::new();
    for game in GAMES {
        input.push_str(&format!(
            "new {game}\nagent 1 random(seed=3)\nagent 2 mcts(iterations=8,max_nodes=1000,max_plies=50)\n"
        ));
        input.push_str(
            "agent 3 mcts(iterations=4,c=0,solver=off,reuse=off)\nseed 18446744073709551615\n",
        );
        input.push_str("go 2\nundo 1\nai\nhint\ngo\nstate\n");
        input.push_str("go\nai\nplay D\nD\npass\nundo 99999\nundo\nredo 99999\nredo\nstate\n");
    }
    let out = run(input.into_bytes());
    check_no_crash(&out);
    let states: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("{\"game\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(states.len(), 2 * GAMES.len());
    for (state, game) in states.chunks(2).zip(GAMES) {
        let [finished, replayed] = state else {
            unreachable!()
        };
        assert!(
            !finished["outcome"].is_null(),
            "{game}: `go` finishes the game"
        );
        assert_eq!(
            finished, replayed,
            "{game}: undo all, redo all restores the game"
        );
        let mut start = registry.create(game).unwrap();
        for mv in finished["moves"].as_array().unwrap() {
            start.play(mv.as_str().unwrap()).unwrap();
        }
        assert_eq!(start.position(), finished["position"], "{game}");
    }
}

/// Regression: `load FILE PLY` replayed only the first PLY moves and kept
/// the rest for `redo`, which panicked ("a redo move was legal when it was
/// undone") on a record whose later moves are illegal. Such a record is
/// now rejected as a whole.
#[test]
fn load_with_ply_rejects_a_record_with_an_illegal_tail() {
    let dir = temp_dir("tail");
    let path = dir.join("tail.json");
    std::fs::write(
        &path,
        r#"{"format":"tabula-record","version":1,"game":"diffusion","moves":["D","D"]}"#,
    )
    .unwrap();
    let input = format!("load {} 1\nredo\nstate\n", path.display());
    let out = run(input.into_bytes());
    check_no_crash(&out);
    assert!(out.stderr.contains("record ply 2"), "{}", out.stderr);
    assert!(out.stderr.contains("nothing to redo"), "{}", out.stderr);
    assert!(out.stdout.contains(r#""moves":[]"#), "{}", out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A line longer than any command is read past, not held: the REPL and
/// `tabula engine` say so and go on with the next line.
#[test]
fn over_long_lines_are_refused_and_the_next_line_is_read() {
    let long = "x".repeat(3 << 20);
    let repl = crate::common::tabula(&["play", "diffusion(width=4)"], &format!("{long}\nmoves\n"));
    assert!(
        repl.stderr.contains("longer than any command"),
        "{}",
        repl.stderr
    );
    assert!(
        repl.stdout.contains('D'),
        "the next command ran: {}",
        repl.stdout
    );
    let engine = crate::common::tabula(
        &["engine", "random"],
        &format!("{long}\ntabula-engine 1\nquit\n"),
    );
    let replies: Vec<&str> = engine.stdout.lines().collect();
    assert!(
        replies[0].starts_with("error a line of"),
        "{}",
        engine.stdout
    );
    assert!(
        replies.iter().any(|r| r.starts_with("id name tabula")),
        "the handshake after it was answered: {}",
        engine.stdout
    );
}

/// Every numeric option has a range: values far outside it are refused
/// with a short message naming the option, never a panic, an abort or a
/// huge allocation.
#[test]
fn numeric_options_out_of_range_are_refused() {
    let huge = "18446744073709551615";
    let out = temp_dir("numeric-options");
    let out = out.to_str().unwrap();
    for (args, option) in [
        (
            vec!["train", "diffusion", "--minutes", "1", "--hidden", huge],
            "--hidden",
        ),
        (
            vec!["train", "diffusion", "--minutes", "1", "--blocks", huge],
            "--blocks",
        ),
        (
            vec!["train", "diffusion", "--minutes", "1", "--games", huge],
            "--games",
        ),
        (
            vec!["train", "diffusion", "--minutes", "1", "--eval-games", huge],
            "--eval-games",
        ),
        (
            vec!["train", "diffusion", "--minutes", "1", "--max-plies", huge],
            "--max-plies",
        ),
        (
            vec![
                "train",
                "diffusion",
                "--minutes",
                "1",
                "--hidden",
                "4096",
                "--blocks",
                "64",
            ],
            "--hidden",
        ),
        (
            vec!["train", "diffusion", "--minutes", "1e300"],
            "--minutes",
        ),
        (
            vec!["arena", "--agents", "random", "greedy", "--max-plies", huge],
            "--max-plies",
        ),
        (
            vec!["bench", "diffusion", "--seconds", "1e300"],
            "--seconds",
        ),
    ] {
        let mut args = args;
        args.extend(["--out", out]);
        if args[0] == "bench" {
            args.truncate(args.len() - 2);
        }
        let run = crate::common::tabula(&args, "");
        assert!(!run.ok, "{args:?} was accepted");
        assert!(
            run.stderr.contains(option) && run.stderr.len() < 400,
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    }
}

/// A transposition table that cannot fit is a refusal, not an abort; one
/// beyond the documented bound is refused before anything is allocated.
#[test]
fn alphabeta_tables_are_bounded() {
    let run = crate::common::tabula(
        &["arena", "--agents", "random", "alphabeta(table=4096)"],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("table") && run.stderr.contains("1024"),
        "{}",
        run.stderr
    );
}

/// A solver table that does not fit in the memory allowed is a clear
/// error naming what was needed, not an abort.
#[test]
fn a_table_too_large_for_memory_is_refused() {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 800000 && exec {} solve diffusion --no-save",
            env!("CARGO_BIN_EXE_tabula")
        ))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("no memory for the table"), "{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("abort"),
        "{stderr}"
    );
}

/// Extreme values are written back short, and edge cases answer.
#[test]
fn extreme_values_read_back_short() {
    let run = crate::common::tabula(
        &["play", "diffusion"],
        "agent 2 mcts(c=1e-320,iterations=5)\n",
    );
    assert!(
        run.stdout.contains("mcts(iterations=5,c=1e-320)"),
        "{}",
        run.stdout
    );
    let run = crate::common::tabula(&["perft", "diffusion", "0"], "");
    assert!(run.stdout.starts_with("perft 0: 1 "), "{}", run.stdout);
}
