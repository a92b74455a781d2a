//! The engine protocol end to end: the Python example engines in
//! tournaments and the REPL, misbehaving engines forfeiting their games,
//! and `tabula engine` driven through a whole game.
//!
//! These tests need `python3` (`.ci/run` installs it); without it they fail
//! and say so, rather than skip.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

use crate::common::{end_or_kill, read_json, records, scratch, tabula, tabula_in, HANG};
use serde_json::Value;
use tabula::protocol::{Base, Command as Line, Info, Reply};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Python interpreter's path, checked to run (found through `python3`
/// once, so that wrappers such as pyenv's shims do not slow every engine's
/// start).
fn python_path() -> String {
    let found = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|path| !path.is_empty() && !path.contains(['"', '\\', ' ']));
    found.expect(
        "python3 is needed by the engine tests (the example engines are Python); \
         install it (.ci/run does) and run them again",
    )
}

/// The command that runs a Python engine: the interpreter without
/// site-packages (`-S`) or PYTHON* variables (`-E`), which the engines,
/// written for the standard library alone, do not need; it makes each of
/// the many engine starts several times faster.
fn python() -> String {
    format!("{} -S -E", python_path())
}

#[test]
fn the_example_engines_rules_agree_with_tabula() {
    let registry = tabula_games::registry();
    for (spec, games) in [
        ("diffusion", 3),
        ("diffusion(width=4,stones=2,blocks=rows)", 3),
        ("differo", 2),
    ] {
        let output = Command::new(python_path())
            .arg(root().join("cli/tests/engines/rules_dump.py"))
            .args([spec, &games.to_string(), "5"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let mut positions = 0;
        for line in text.lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            let mut state = registry.create(spec).unwrap();
            for mv in record["moves"].as_array().unwrap() {
                state.play(mv.as_str().unwrap()).unwrap();
            }
            assert_eq!(state.position(), record["position"], "{spec} {line}");
            let mut legal: Vec<String> = record["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            legal.sort();
            let mut expected = state.legal_moves();
            expected.sort();
            assert_eq!(legal, expected, "{spec} at {}", state.position());
            let winner = state.outcome().map(|o| o.winners().collect::<Vec<_>>());
            let python_winner = record["winner"].as_u64().map(|w| vec![w as usize]);
            assert_eq!(python_winner, winner, "{spec} at {}", state.position());
            positions += 1;
        }
        assert!(positions > 10 * games, "{spec}: only {positions} positions");
    }
}

/// `text` as a spec value: quoted, `"` and `\` escaped.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// An `engine(...)` spec running `cmd` in the repository's root.
fn engine(cmd: &str, extra: &str) -> String {
    let root = root().canonicalize().unwrap();
    format!(
        "engine(cmd={},dir={}{extra})",
        quoted(cmd),
        quoted(root.to_str().unwrap())
    )
}

/// Each agent's `forfeits` in summary.json's section over all games.
fn summary_forfeits(out: &Path) -> Vec<(String, u64)> {
    read_json(&out.join("summary.json"))["overall"]["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let agent = a["agent"].as_str().unwrap().to_string();
            (agent, a["forfeits"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn the_python_examples_play_tabula_agents_on_two_games() {
    let python = python();
    // Budgets no loaded machine can miss: these engines answer at once.
    let random = engine(
        &format!("{python} examples/engines/random_engine.py"),
        UNMISSABLE,
    );
    let greedy = engine(
        &format!("{python} examples/engines/greedy_engine.py"),
        UNMISSABLE,
    );
    let out = scratch("examples");
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion,differo",
            "--agents",
            "mcts(iterations=50)",
            &random,
            &greedy,
            "--rounds",
            "1",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let records = records(&out);
    assert_eq!(records.len(), 2 * 6);
    let mut engine_moves = 0;
    for record in records.values() {
        assert_eq!(record["forfeit"], Value::Null, "{record}");
        assert!(record["plies"].as_u64().unwrap() > 0);
        for (seat, agent) in record["agents"].as_array().unwrap().iter().enumerate() {
            if agent.as_str().unwrap().starts_with("engine(") {
                engine_moves += record["moves_made"][seat].as_u64().unwrap();
            }
        }
    }
    assert!(engine_moves > 50, "the engines made {engine_moves} moves");
    assert!(summary_forfeits(&out).iter().all(|(_, n)| *n == 0));
    // The engines wrote nothing to stderr: no logs.
    assert!(!out.join("engines").exists());
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn the_repl_seats_a_python_engine() {
    python_path();
    let run = tabula_in(
        &root(),
        &["play", "differo"],
        "agent 2 engine(cmd=\"python3 examples/engines/random_engine.py\")\nD6-E7\nstate\n",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Black (engine(cmd=\"python3 examples/engines/random_engine.py\")) plays "),
        "{}",
        run.stdout
    );
    let state: Value = serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(state["moves"].as_array().unwrap().len(), 2, "{state}");
}

/// Time limits no engine that answers at once can miss, however loaded the
/// machine: a test whose engines should not forfeit for time gives these.
const UNMISSABLE: &str = ",margin=120s,startup=120s";

/// How each misbehaving engine's forfeits must read. Only the hanging and
/// the slow engine are meant to run out of time, and they never answer, so
/// their short limits cannot be missed by an engine that meant to answer;
/// the others play good moves first and so get [`UNMISSABLE`] limits.
const MISBEHAVIOURS: [(&str, &str); 6] = [
    ("crash 2", "crashed (exit status: 3)"),
    ("hang 1", "timeout after "),
    ("illegal 2", "illegal move `A1-I5`"),
    ("unparsable 1", "illegal move `banana`"),
    ("garbage 2", "protocol error"),
    ("slow 1", "handshake timeout after "),
];

#[test]
fn misbehaving_engines_forfeit_their_games_and_the_tournament_goes_on() {
    let python = python();
    let script = "cli/tests/engines/misbehaving_engine.py";
    let mut agents = vec!["random".to_string(), "mcts(iterations=20)".to_string()];
    let mut expected = vec![None, None];
    for (mode, reason) in MISBEHAVIOURS {
        let timing = match mode {
            "slow 1" => ",startup=250ms",
            "hang 1" => ",time=50ms,margin=350ms,startup=120s",
            _ => UNMISSABLE,
        };
        agents.push(engine(&format!("{python} {script} {mode}"), timing));
        expected.push(Some(reason));
    }
    let out = scratch("misbehaving");
    let mut args = vec!["arena", "--games", "differo", "--agents"];
    args.extend(agents.iter().map(String::as_str));
    args.extend([
        "--rounds",
        "1",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("forfeits"), "{}", run.stdout);

    let records = records(&out);
    assert_eq!(records.len(), agents.len() * (agents.len() - 1));
    let mut forfeits = vec![0; agents.len()];
    for record in records.values() {
        let seats: Vec<usize> = record["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        let forfeit = &record["forfeit"];
        if seats.iter().all(|&a| expected[a].is_none()) {
            assert_eq!(*forfeit, Value::Null, "{record}");
            assert!(record["winners"].is_array(), "{record}");
            continue;
        }
        let seat = forfeit["seat"].as_u64().expect("a forfeit") as usize;
        let agent = seats[seat];
        let reason = forfeit["reason"].as_str().unwrap();
        let want = expected[agent].expect("the forfeiting agent misbehaves");
        assert!(
            reason.starts_with(want),
            "{} gave {reason:?}",
            agents[agent]
        );
        // The other seat won.
        assert_eq!(record["winners"], serde_json::json!([1 - seat]), "{record}");
        forfeits[agent] += 1;
        // A crash leaves its stderr and the reason in the results.
        if want.starts_with("crashed") {
            let log = out.join(format!(
                "engines/game-{}-seat-{seat}.log",
                record["index"].as_u64().unwrap()
            ));
            let log = fs::read_to_string(&log).unwrap();
            assert!(log.contains("crashing on purpose"), "{log}");
            assert!(log.contains("[tabula] forfeit: crashed"), "{log}");
        }
    }
    let counted: Vec<u64> = summary_forfeits(&out).iter().map(|(_, n)| *n).collect();
    assert_eq!(counted, forfeits);
    assert!(forfeits[2..].iter().all(|&n| n > 0), "{forfeits:?}");
    let csv = fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",forfeits"));

    // Resuming finds every game played.
    args.push("--resume");
    let again = tabula(&args, "");
    assert!(again.ok, "{}", again.stderr);
    assert!(again.stdout.contains("0 games played"), "{}", again.stdout);
    assert_eq!(records.len(), self::records(&out).len());
    let _ = fs::remove_dir_all(&out);
}

/// `tabula ARGS` as a running engine, read line by line with a time limit
/// (so that a hang fails the test instead of stalling it).
struct Served {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Served {
    fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Served {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(HANG)
            .expect("the engine answers in time")
    }

    /// The `info` lines and the final line of the answer to `go`.
    fn answer(&self) -> (Vec<Info>, String) {
        let mut infos = Vec::new();
        loop {
            let line = self.line();
            match Reply::parse(&line) {
                Ok(Reply::Info(info)) => infos.push(info),
                _ => return (infos, line),
            }
        }
    }
}

#[test]
fn tabula_engine_plays_a_whole_game_for_a_script_and_stops_when_told() {
    let registry = tabula_games::registry();
    let mut engine = Served::start(&["engine", "mcts", "--seed", "3"]);
    engine.send("tabula-engine 1");
    assert!(engine.line().starts_with("id name tabula "));
    assert_eq!(engine.line(), "ok");
    engine.send("game diffusion");
    assert_eq!(engine.line(), "ok");

    let mut state = registry.create("diffusion").unwrap();
    let mut moves: Vec<String> = Vec::new();
    while state.outcome().is_none() {
        let position = Line::Position {
            base: Base::Start,
            moves: moves.clone(),
        };
        engine.send(&position.to_string());
        assert_eq!(engine.line(), "ok");
        engine.send("go iterations=300");
        let (infos, last) = engine.answer();
        let mv = last.strip_prefix("bestmove ").expect(&last).to_string();
        // The search's summary comes last, its principal variation first.
        let summary = infos.last().expect("an info line");
        assert_eq!(summary.pv.first(), Some(&mv), "{summary:?}");
        assert!(summary.value.is_some());
        state.play(&mv).expect("a legal move");
        moves.push(mv);
    }
    assert!(moves.len() > 5);
    engine.send(&format!("position start moves {}", moves.join(" ")));
    assert_eq!(engine.line(), "ok");
    engine.send("go");
    assert!(engine.line().starts_with("error the game is over"));
    engine.send("position start moves D zz");
    assert!(engine.line().starts_with("error move 2 `zz`"));

    // A ten-minute search, cut short by `stop` once it reports progress.
    engine.send("position start moves D");
    assert_eq!(engine.line(), "ok");
    engine.send("go time=600000");
    let first = engine.line();
    assert!(first.starts_with("info "), "{first}");
    engine.send("stop");
    let (_, last) = engine.answer();
    let mv = last.strip_prefix("bestmove ").expect(&last);
    let mut after_d = registry.create("diffusion").unwrap();
    after_d.play("D").unwrap();
    assert!(after_d.play(mv).is_ok(), "{mv}");

    // `quit` during a search ends the session at once.
    engine.send("go time=600000");
    assert!(engine.line().starts_with("info "));
    engine.send("quit");
    end_or_kill(&mut engine.child, "the engine after `quit`");
    assert!(engine.child.wait().unwrap().success());
}

/// An `engine(...)` spec serving `agent` with this build of `tabula`.
fn tabula_engine(agent: &str, extra: &str) -> String {
    let cmd = format!("{} engine {agent}", env!("CARGO_BIN_EXE_tabula"));
    format!("engine(cmd={}{extra})", quoted(&cmd))
}

#[test]
fn tabula_serves_as_an_engine_to_itself() {
    let out = scratch("itself");
    // `go` carries the budget: `iterations=` is sent with it.
    let served = tabula_engine("mcts", &format!(",iterations=50{UNMISSABLE}"));
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion",
            "--agents",
            "random",
            &served,
            "--rounds",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let records = records(&out);
    assert_eq!(records.len(), 2);
    for record in records.values() {
        assert_eq!(record["forfeit"], Value::Null, "{record}");
        assert!(record["winners"].is_array());
    }
    let _ = fs::remove_dir_all(&out);

    // The REPL shows the engine's evaluation from its `info` lines.
    let served = tabula_engine("mcts", ",iterations=100");
    let run = tabula(&["play", "diffusion"], &format!("agent 2 {served}\nD\n"));
    assert!(run.ok, "{}", run.stderr);
    let reply = run
        .stdout
        .lines()
        .find(|l| l.starts_with("North (engine("))
        .expect("North replies");
    assert!(reply.contains("[value 0."), "{reply}");
    assert!(reply.contains("100 iterations"), "{reply}");
}

#[test]
fn an_engine_that_cannot_run_is_refused_before_the_tournament() {
    let out = scratch("missing");
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion",
            "--agents",
            "random",
            "engine(cmd=\"no-such-engine-anywhere --level 3\")",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("program `no-such-engine-anywhere` not found on PATH"),
        "{}",
        run.stderr
    );
    // The REPL takes the spec, and says what is wrong at the agent's move.
    for (spec, why) in [
        ("engine", "give the program to run"),
        ("engine(cmd=\"x 'y\")", "is not a command line"),
    ] {
        let run = tabula(&["play", "diffusion"], &format!("agent 2 {spec}\nD\n"));
        assert!(!run.ok);
        assert!(run.stdout.contains("South plays D"), "{}", run.stdout);
        assert!(run.stderr.contains(why), "{spec}: {}", run.stderr);
    }
}
