//! The engine agent against small `sh` scripts that follow the protocol,
//! or break it on purpose, playing a toy Nim.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex as StdMutex;

use super::*;
use tabula_core::params::Params;
use tabula_testkit::test_games::Nim;

/// Answers the handshake, `game` and `position`; `go` runs `on_go`. Every
/// line read is echoed to stderr, so tests can read what was sent.
fn script(on_go: &str) -> String {
    format!(
        r#"while read -r cmd rest; do
  echo "got: $cmd $rest" >&2
  case "$cmd" in
    tabula-engine) echo "id name sh"; echo ok ;;
    game|position) echo ok ;;
    go) {on_go} ;;
    quit) exit 0 ;;
  esac
done"#
    )
}

/// An engine running `script` with `time` and `startup` (ms), and a margin
/// no script that answers can miss, however loaded the machine.
fn agent(script: &str, time: u64, startup: u64) -> EngineAgent<Nim> {
    agent_with_margin(script, time, 120_000, startup)
}

fn agent_with_margin(script: &str, time: u64, margin: u64, startup: u64) -> EngineAgent<Nim> {
    let config = EngineConfig {
        argv: vec!["sh".into(), "-c".into(), script.into()],
        dir: None,
        time: Duration::from_millis(time),
        iterations: None,
        margin: Duration::from_millis(margin),
        startup: Duration::from_millis(startup),
        seed: 7,
    };
    EngineAgent::new(config, "nim", &Nim::new(&Params::default()).unwrap())
}

fn start() -> Nim {
    Nim::new(&Params::default()).unwrap()
}

fn forfeit(agent: &mut EngineAgent<Nim>) -> String {
    match agent.choose(&start(), &Control::default()) {
        Ok(decision) => panic!("played {}", decision.mv),
        Err(forfeit) => forfeit.reason,
    }
}

#[test]
fn plays_reports_and_sends_the_history() {
    let mut agent = agent(
        &script(r#"echo "info time=5 iterations=10 value=0.25 pv 1 2 9"; echo "bestmove 1""#),
        1000,
        5000,
    );
    let seen = StdMutex::new(Vec::new());
    let sink = |p: &Progress<u8>| seen.lock().unwrap().push((p.best, p.value));
    let control = Control {
        progress: Some(&sink),
        ..Control::default()
    };
    let state = start();
    let decision = agent.choose(&state, &control).unwrap();
    assert_eq!(decision.mv, 1);
    let report = decision.search.expect("the info line's value");
    assert_eq!((report.value, report.iterations), (0.25, 10));
    // The principal variation stops at the first illegal move.
    assert_eq!(report.pv, [1, 2]);
    assert_eq!(*seen.lock().unwrap(), [(Some(1), Some(0.25))]);

    let mut next = state.clone();
    for mv in [1, 2] {
        agent.observe(&next, mv);
        next.play(mv);
    }
    let limit = Limit {
        time: Some(Duration::from_millis(250)),
        iterations: Some(40),
    };
    let control = Control {
        limit,
        ..Control::default()
    };
    assert_eq!(agent.choose(&next, &control).unwrap().mv, 1);
    let log = agent.take_log().unwrap();
    for sent in [
        "got: tabula-engine 1",
        "got: game nim",
        "got: position 10 1\n",
        "got: go time=1000\n",
        "got: position 10 1 moves 1 2",
        "got: go time=250 iterations=40",
        "got: quit",
    ] {
        assert!(log.contains(sent), "no {sent:?} in {log}");
    }
    assert_eq!(agent.take_log(), None);
}

#[test]
fn a_crash_is_a_forfeit_with_the_exit_status_and_the_next_move_restarts() {
    let mut agent = agent("read -r line; echo dying >&2; exit 3", 1000, 5000);
    for _ in 0..2 {
        // The reason carries the engine's last words on stderr.
        assert_eq!(
            forfeit(&mut agent),
            "crashed (exit status: 3); its stderr ends: dying"
        );
    }
    let log = agent.take_log().unwrap();
    assert_eq!(log.lines().filter(|l| *l == "dying").count(), 2, "{log}");
    assert!(log.contains("[tabula] forfeit: crashed"), "{log}");
}

#[test]
fn garbage_illegal_moves_and_errors_are_forfeits() {
    for (script, reason) in [
        (
            "read -r x; echo hello there".to_string(),
            "protocol error: expected ok, id, info, bestmove or error, not `hello` (in `hello there`)",
        ),
        (self::script("echo 'bestmove 7'"), "illegal move `7`"),
        (self::script("echo 'bestmove many'"), "illegal move `many`"),
        (
            self::script("echo 'info value=2'"),
            "protocol error: `value=2`",
        ),
        (
            self::script("echo ok"),
            "protocol error: `ok` in answer to `go`",
        ),
        (
            self::script("echo 'error out of ideas'"),
            "engine error: out of ideas (to `go`)",
        ),
        (
            script("").replace(
                "game|position) echo ok",
                "game) echo 'error what is nim?';; position) echo ok",
            ),
            "the engine cannot play nim: what is nim?",
        ),
    ] {
        let got = forfeit(&mut agent(&script, 1000, 5000));
        assert!(
            got.starts_with(reason),
            "{got:?} should start with {reason:?}"
        );
    }
}

#[test]
fn hangs_and_slow_handshakes_time_out() {
    // These engines never answer: their short limits are what is tested.
    let got = forfeit(&mut agent_with_margin(
        &script("exec sleep 100"),
        50,
        200,
        5000,
    ));
    assert!(got.starts_with("timeout after 0.2"), "{got}");
    let got = forfeit(&mut agent_with_margin("exec sleep 100", 50, 200, 100));
    assert!(got.starts_with("handshake timeout after 0.1"), "{got}");
}

#[test]
fn a_stop_is_passed_on_and_answered() {
    // The engine answers `go` only once it reads `stop`.
    let mut agent = agent(&script(r#"read -r stop; echo "bestmove 3""#), 600_000, 5000);
    let stop = AtomicBool::new(false);
    let control = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let decision = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        agent.choose(&start(), &control)
    });
    assert_eq!(decision.unwrap().mv, 3);
    assert!(agent.take_log().unwrap().contains("got: go time=600000"));
}

#[test]
fn a_stop_before_the_engine_is_ready_ends_its_start_at_once() {
    // It never answers the handshake, and would be given ten minutes.
    let mut agent = agent("exec sleep 600", 600_000, 600_000);
    let stop = AtomicBool::new(true);
    let control = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let forfeit = agent.choose(&start(), &control).unwrap_err();
    assert_eq!(forfeit.fault, Fault::Tabula, "the engine is not to blame");
    assert!(
        forfeit.reason.contains("before the engine was ready"),
        "{}",
        forfeit.reason
    );
    assert!(agent.process.is_none(), "the program was ended");
}

/// A file that the scripts append the pids of the processes they start to.
fn pid_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("tabula-{}-{name}.pids", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Whether process `pid` still runs (a zombie has ended).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command's name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}

/// Waits until none of the pids in `file` runs; fails if one still does
/// after five minutes (a guard against a hang, never reached otherwise).
fn assert_all_end(file: &std::path::Path) {
    let text = std::fs::read_to_string(file).unwrap();
    let pids: Vec<u32> = text
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    assert!(!pids.is_empty(), "the script wrote no pids");
    let deadline = Instant::now() + Duration::from_secs(300);
    while let Some(pid) = pids.iter().find(|&&pid| running(pid)) {
        assert!(
            Instant::now() < deadline,
            "process {pid} outlived its engine"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = std::fs::remove_file(file);
}

/// Regression: the processes an engine forks ended neither with a normal
/// game end nor with a forfeit; its whole process group ends now, even when
/// every process in it ignores `quit` and SIGTERM, or the engine runs
/// through a shell that does not `exec` it.
#[test]
fn the_children_an_engine_forks_end_with_it() {
    let fork = "sleep 3600 & echo $! >> PIDS; echo $$ >> PIDS; echo 'bestmove 1'";
    let stubborn = "trap '' TERM; sleep 3600 & echo $! >> PIDS; echo $$ >> PIDS; exec sleep 3600";
    for (name, on_go, wrapped, time) in [
        ("fork", fork, false, 600_000),
        ("wrapped", fork, true, 600_000),
        ("stubborn", stubborn, false, 50),
        ("stubborn-wrapped", stubborn, true, 50),
    ] {
        let pids = pid_file(name);
        let mut script = script(&on_go.replace("PIDS", pids.to_str().unwrap()));
        if wrapped {
            // A shell that waits for the engine, as `bash -c "...; true"`.
            script = format!("sh -c '{}'; true", script.replace('\'', r"'\''"));
        }
        // The stubborn engines never answer: their short time is what is
        // tested; the others have all the time a loaded machine needs.
        let mut agent =
            agent_with_margin(&script, time, if time < 1000 { 100 } else { time }, 60_000);
        let answer = agent.choose(&start(), &Control::default());
        assert_eq!(answer.is_ok(), time > 1000, "{name}");
        agent.take_log();
        assert_all_end(&pids);
    }
}
