//! Outside engines' processes in tournaments (issue #37): an engine's whole
//! process group ends with each game, whatever the engine does (forks,
//! ignores SIGTERM and `quit`, stops reading, runs behind a shell); engines
//! die with a killed arena; a game the arena leaves no process, descriptor
//! or thread behind; and Tabula's own failure to start an engine stops the
//! run instead of being recorded as the engine's forfeit.
//!
//! The engines are `cli/tests/engines/misbehaving_engine.py`, which appends
//! the pid of every process it starts to a file, so that the tests can see
//! each of them end. Linux only (`/proc`, the parent-death signal).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{end_or_kill, poll_until, records, scratch, tabula};

/// The Python interpreter, as the engine tests run it (no site-packages).
pub fn python() -> String {
    let output = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 is needed by the engine tests; install it (.ci/run does)");
    let path = String::from_utf8_lossy(&output.stdout).trim().to_string();
    format!("{path} -S -E")
}

/// The misbehaving engine's path.
pub fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines/misbehaving_engine.py")
        .canonicalize()
        .unwrap()
}

/// An `engine(...)` spec running `cmd`, with `extra` settings.
fn engine(cmd: &str, extra: &str) -> String {
    let cmd = cmd.replace('\\', "\\\\").replace('"', "\\\"");
    format!("engine(cmd=\"{cmd}\"{extra})")
}

/// The misbehaving engine in `mode` from its first `go`, writing to `pids`.
fn misbehaving(mode: &str, pids: &Path) -> String {
    format!(
        "{} {} {mode} 1 {}",
        python(),
        script().display(),
        pids.display()
    )
}

/// Timings no answering engine can miss; the engines that never answer
/// get a short time, which is what is tested.
const PATIENT: &str = ",time=600s,margin=600s,startup=600s";
const HASTY: &str = ",time=50ms,margin=350ms,startup=600s";

/// `/proc/PID/stat`'s fields after the command's name: state first.
pub fn stat(pid: u32) -> Option<Vec<String>> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = text.rsplit_once(") ")?;
    Some(rest.split_whitespace().map(String::from).collect())
}

/// Whether `pid` runs (a zombie has ended).
pub fn running(pid: u32) -> bool {
    stat(pid).is_some_and(|fields| fields[0] != "Z")
}

/// Whether `pid` leads a session of its own (it called `setsid`).
fn own_session(pid: u32) -> bool {
    stat(pid).is_some_and(|fields| fields[3] == pid.to_string())
}

/// The pids written to `file`.
fn pids(file: &Path) -> BTreeSet<u32> {
    let text = fs::read_to_string(file).unwrap_or_default();
    text.split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect()
}

/// Waits until every pid in `file` but those `escaped` ends; returns those.
fn wait_for_the_end(file: &Path, escaped: impl Fn(u32) -> bool) -> Vec<u32> {
    let all = pids(file);
    assert!(
        !all.is_empty(),
        "the engines wrote no pids to {}",
        file.display()
    );
    poll_until("every engine process to end", || {
        all.iter().all(|&pid| !running(pid) || escaped(pid))
    });
    all.into_iter().filter(|&pid| running(pid)).collect()
}

/// How many descriptors and threads this process has.
fn descriptors_and_threads() -> (usize, usize) {
    let count = |dir: &str| fs::read_dir(dir).unwrap().count();
    (count("/proc/self/fd"), count("/proc/self/task"))
}

/// Runs the test `name` alone in a child process of this test binary, so
/// that no other test's processes, descriptors or threads are counted;
/// `true` in that child (then the caller measures).
fn alone(name: &str) -> bool {
    const CHILD: &str = "TABULA_TEST_ALONE";
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let output = Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{name}, alone:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("1 passed"), "{name} did not run:\n{stdout}");
    false
}

/// Plays `agents` at Diffusion in `out`, in this process.
fn play(agents: &[String], out: &Path) -> tabula_arena::Finished {
    let config = tabula_arena::Config {
        games: vec!["diffusion".into()],
        agents: agents.to_vec(),
        rounds: 1,
        threads: Some(4),
        out: out.to_path_buf(),
        ..Default::default()
    };
    tabula_arena::play(&tabula_games::registry(), &config, |_| {}).unwrap()
}

/// Regression: children an engine forked outlived their games (all of
/// them, and every forfeiting engine behind a shell), and with them the
/// arena's descriptors and threads grew game after game.
#[test]
fn a_tournament_leaves_no_process_descriptor_or_thread_behind() {
    if !alone("engine_processes::a_tournament_leaves_no_process_descriptor_or_thread_behind") {
        return;
    }
    let out = scratch("engine-processes");
    let file = out.with_extension("pids");
    let _ = fs::remove_file(&file);
    // The first engine starts the thread that starts every engine, once.
    play(
        &[
            "random".into(),
            engine(&misbehaving("fork", &file), PATIENT),
        ],
        &out.join("warm-up"),
    );
    let before = descriptors_and_threads();
    let agents = vec![
        "random".to_string(),
        engine(&misbehaving("fork", &file), PATIENT),
        engine(
            &format!("sh -c \"{}; true\"", misbehaving("fork", &file)),
            PATIENT,
        ),
        engine(&misbehaving("stubborn", &file), HASTY),
        engine(
            &format!("sh -c \"{}; true\"", misbehaving("stubborn", &file)),
            HASTY,
        ),
        engine(&misbehaving("deaf", &file), HASTY),
    ];
    let finished = play(&agents, &out.join("tournament"));
    assert_eq!(finished.played_now, 30);
    let records = records(&out.join("tournament"));
    for record in records.values() {
        let forfeit = &record["forfeit"];
        if let Some(reason) = forfeit["reason"].as_str() {
            let seat = forfeit["seat"].as_u64().unwrap() as usize;
            let agent = record["seats"][seat].as_u64().unwrap();
            assert!(agent >= 3, "{record}");
            assert!(reason.starts_with("timeout after"), "{record}");
        }
    }
    assert!(wait_for_the_end(&file, |_| false).is_empty());
    poll_until("the descriptors and threads to be given back", || {
        let now = descriptors_and_threads();
        now.0 <= before.0 && now.1 <= before.1
    });
    let _ = fs::remove_dir_all(&out);
    let _ = fs::remove_file(&file);
}

/// A child that leaves the engine's process group (`setsid`) escapes it,
/// as docs/protocol.md says; it holds up neither the game nor the arena.
#[test]
fn a_setsid_child_escapes_but_holds_nothing_up() {
    let out = scratch("engine-setsid");
    let file = out.with_extension("pids");
    let _ = fs::remove_file(&file);
    let agents = [
        "random".to_string(),
        engine(&misbehaving("setsid", &file), PATIENT),
    ];
    let mut args = vec!["arena", "--games", "diffusion", "--agents"];
    args.extend(agents.iter().map(String::as_str));
    args.extend(["--rounds", "1", "--threads", "2", "--out"]);
    args.push(out.to_str().unwrap());
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(records(&out).len(), 2);
    let escaped = wait_for_the_end(&file, own_session);
    assert!(escaped.len() <= 2, "{escaped:?}");
    for pid in escaped {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    let _ = fs::remove_dir_all(&out);
    let _ = fs::remove_file(&file);
}

/// Regression: engines outlived an arena killed with SIGKILL or SIGTERM.
#[test]
fn engines_die_with_the_arena() {
    for signal in ["KILL", "TERM"] {
        let out = scratch(&format!("engine-orphan-{signal}"));
        let file = out.with_extension("pids");
        let _ = fs::remove_file(&file);
        // Never answers the handshake, so that it runs until the arena dies.
        let cmd = format!("sh -c 'echo $$ >> {}; exec sleep 3600'", file.display());
        let agents = ["random".to_string(), engine(&cmd, PATIENT)];
        let mut arena = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["arena", "--games", "diffusion", "--agents"])
            .args(&agents)
            .args(["--rounds", "1", "--threads", "1", "--out"])
            .arg(&out)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        poll_until("the engine to start", || {
            !pids(&file).is_empty() || arena.try_wait().unwrap().is_some()
        });
        assert!(arena.try_wait().unwrap().is_none(), "the arena ended early");
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &arena.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        end_or_kill(&mut arena, "the killed arena");
        assert!(wait_for_the_end(&file, |_| false).is_empty());
        let _ = fs::remove_dir_all(&out);
        let _ = fs::remove_file(&file);
    }
}

/// Regression: with too few descriptors for Tabula to start an engine,
/// games were recorded as the engine's forfeits ("cannot start ...: Too
/// many open files"), for good. Now the run stops without a result for
/// them, and a resume with descriptors to spare plays them.
#[test]
fn tabulas_own_failure_to_start_an_engine_stops_the_run_and_resume_plays_the_game() {
    let out = scratch("engine-emfile");
    let random = format!(
        "{} {}",
        python(),
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../examples/engines/random_engine.py")
            .display()
    );
    let agents = [
        engine(&random, &format!("{PATIENT},seed=1")),
        engine(&random, &format!("{PATIENT},seed=2")),
    ];
    let mut args = vec!["arena", "--games", "diffusion", "--agents"];
    args.extend(agents.iter().map(String::as_str));
    args.extend(["--rounds", "2", "--threads", "4", "--out"]);
    args.push(out.to_str().unwrap());
    // Eight descriptors: enough for the arena's own files, too few for the
    // six pipe ends an engine needs besides.
    let limited = Command::new("sh")
        .arg("-c")
        .arg("ulimit -n 8 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&limited.stderr);
    assert!(!limited.status.success(), "{stderr}");
    assert!(stderr.contains("was not played"), "{stderr}");
    assert!(stderr.contains("Too many open files"), "{stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");
    let forfeits = |out: &Path| {
        let records = records(out);
        let forfeits = records.values().filter(|r| !r["forfeit"].is_null()).count();
        (records.len(), forfeits)
    };
    let (recorded, forfeited) = forfeits(&out);
    assert!(recorded < 4, "every game was recorded: {stderr}");
    assert_eq!(forfeited, 0);

    args.push("--resume");
    let resumed = tabula(&args, "");
    assert!(resumed.ok, "{}", resumed.stderr);
    assert_eq!(forfeits(&out), (4, 0));
    let _ = fs::remove_dir_all(&out);
}
