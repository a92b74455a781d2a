//! `tabula arena` and `load` under interruptions and hostile files: SIGKILL
//! at random moments (while playing, while resuming, while repairing a
//! torn file), torn and unterminated last lines, duplicate records, a lost
//! settings file, two writers on one directory, devices and FIFOs, and
//! arguments that would otherwise exhaust memory.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{
    end_or_kill, poll_until, records, records_allowing, scratch, summary, tabula, Rand, Run,
};

const GAME: &str = "diffusion(width=4,stones=2)";
const AGENTS: [&str; 3] = ["random", "mcts(iterations=20)", "mcts(iterations=5)"];

fn args<'a>(out: &'a Path, rounds: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["arena", "--games", GAME, "--agents"];
    args.extend(AGENTS);
    args.extend(["--rounds", rounds, "--out", out.to_str().unwrap()]);
    if !extra.contains(&"--seed") {
        args.extend(["--seed", "4"]);
    }
    args.extend_from_slice(extra);
    args
}

fn arena(out: &Path, rounds: &str, extra: &[&str]) -> Run {
    tabula(&args(out, rounds, extra), "")
}

fn spawn(out: &Path, rounds: &str, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args(out, rounds, extra))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tabula starts")
}

/// Damage an interruption can leave, applied between kills so that the
/// next resume has something to repair (and can be killed repairing it).
fn damage(file: &Path, kind: u64) {
    let mut bytes = fs::read(file).unwrap_or_default();
    // A kill already left the last line unfinished: the arena mends it
    // before it writes again, so nothing can land after it.
    if bytes.last().is_some_and(|&b| b != b'\n') {
        return;
    }
    let Some(last_start) = bytes[..bytes.len().saturating_sub(1)]
        .iter()
        .rposition(|&b| b == b'\n')
        .map(|p| p + 1)
        .or((!bytes.is_empty()).then_some(0))
    else {
        return;
    };
    let last = bytes[last_start..].to_vec();
    match kind {
        // A torn record, ending inside a multi-byte character.
        0 => bytes.extend_from_slice(&[b'{', b'"', b'f', 0xC3]),
        // The last record without its newline.
        1 => {
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
        }
        // The last record twice.
        _ => bytes.extend_from_slice(&last),
    }
    fs::write(file, bytes).unwrap();
}

/// Checks that a tournament directory, resumed to its end, holds exactly
/// the uninterrupted run's games and summary, each record once.
fn assert_complete(killed: &Path, whole: &Path, expected: &BTreeMap<u64, Value>) {
    assert_eq!(&records(killed), expected);
    assert_eq!(summary(killed), summary(whole));
    // The file holds exactly the records: no torn line, no duplicate.
    let text = fs::read_to_string(killed.join("games.jsonl")).unwrap();
    assert_eq!(text.lines().count(), expected.len());
    assert!(text.ends_with('\n'));
}

#[test]
fn sigkill_at_random_moments_loses_and_duplicates_nothing() {
    const KILLS: usize = 25;
    let rounds = "300"; // 1,800 games
    let (whole, killed) = (scratch("kill-whole"), scratch("kill-loop"));
    let reference = arena(&whole, rounds, &["--threads", "2"]);
    assert!(reference.ok, "{}", reference.stderr);
    let expected = records(&whole);
    assert_eq!(expected.len(), 1800);

    let mut rand = Rand(20);
    let mut finished: BTreeSet<u64> = BTreeSet::new();
    let (mut kills, mut repairs, mut completed, mut runs) = (0, 0, 0, 0);
    let started = Instant::now();
    while kills < KILLS {
        runs += 1;
        assert!(runs < 500, "only {kills} of {runs} runs could be killed");
        if runs % 3 == 0 {
            damage(&killed.join("games.jsonl"), rand.below(3) as u64);
            repairs += 1;
        }
        let mut child = spawn(&killed, rounds, &["--resume", "--threads", "2"]);
        // A third of the kills land in start-up (reading, checking and
        // repairing games.jsonl), the rest once the run has recorded up to
        // a hundred more games. Kills follow the run's progress, not the
        // clock, so that a slow or loaded machine kills at the same points.
        if rand.below(3) == 0 {
            std::thread::sleep(Duration::from_millis(rand.below(15) as u64));
        } else {
            let target = (finished.len() + 1 + rand.below(100)).min(expected.len());
            while lines(&killed.join("games.jsonl")) < target && child.try_wait().unwrap().is_none()
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            // Sometimes between two records, sometimes within a write.
            std::thread::sleep(Duration::from_micros(rand.below(3000) as u64));
        }
        let ended = child.try_wait().unwrap().is_some();
        if !ended {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        let status = child.wait().unwrap();
        assert!(
            status.success() || status.code().is_none(),
            "a resume failed: {status}"
        );
        // Every game finished before stays, exactly once, as it was.
        let now = records_allowing(&killed, true);
        for index in &finished {
            assert!(now.contains_key(index), "game {index} was lost");
        }
        for (index, record) in &now {
            assert_eq!(record, &expected[index], "game {index} differs");
        }
        finished = now.keys().copied().collect();
        if ended && status.success() && finished.len() == expected.len() {
            // Played to the end between kills: check it, and start again.
            assert_complete(&killed, &whole, &expected);
            completed += 1;
            fs::remove_dir_all(&killed).unwrap();
            finished.clear();
        }
    }
    let last = arena(&killed, rounds, &["--resume", "--threads", "2"]);
    assert!(last.ok, "{}", last.stderr);
    assert_complete(&killed, &whole, &expected);
    println!(
        "{kills} SIGKILLs in {runs} runs ({repairs} after damaging the file, {completed} \
         tournaments completed between kills), {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let _ = fs::remove_dir_all(&whole);
    let _ = fs::remove_dir_all(&killed);
}

/// The complete lines of `file` (none while it does not exist).
fn lines(file: &Path) -> usize {
    fs::read(file).map_or(0, |bytes| bytes.iter().filter(|&&b| b == b'\n').count())
}

/// Plays `rounds` rounds into a fresh directory.
fn played(name: &str, rounds: &str) -> PathBuf {
    let out = scratch(name);
    let run = arena(&out, rounds, &["--threads", "1"]);
    assert!(run.ok, "{}", run.stderr);
    out
}

#[test]
fn a_torn_last_line_with_invalid_utf8_is_cut_off_in_place() {
    let out = played("torn", "2");
    let whole = summary(&out);
    let file = out.join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut bytes = (lines[..7].join("\n") + "\n").into_bytes();
    let kept = bytes.len();
    bytes.extend_from_slice(&lines[7].as_bytes()[..40]);
    bytes.extend_from_slice(&[0xE2, 0x82]); // half a character
    fs::write(&file, &bytes).unwrap();
    let inode = inode(&file);

    let run = arena(&out, "2", &["--resume"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stderr.contains("7 already played"), "{}", run.stderr);
    assert!(run.stderr.contains("dropped line 8"), "{}", run.stderr);
    // Cut at the torn line's offset, in the same file, then appended to.
    assert_eq!(inode, self::inode(&file));
    let after = fs::read(&file).unwrap();
    assert_eq!(&after[..kept], &bytes[..kept]);
    assert_eq!(records(&out).len(), 12);
    assert_eq!(summary(&out), whole);
    let _ = fs::remove_dir_all(&out);
}

fn inode(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).unwrap().ino()
}

#[test]
fn a_complete_last_line_without_newline_gets_one_before_appending() {
    let out = played("newline", "2");
    let whole = summary(&out);
    let file = out.join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    fs::write(&file, lines[..5].join("\n")).unwrap();

    let run = arena(&out, "2", &["--resume"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stderr.contains("5 already played"), "{}", run.stderr);
    // Every line is a whole record, and a second resume reads them all.
    assert_eq!(records(&out).len(), 12);
    let again = arena(&out, "2", &["--resume"]);
    assert!(again.ok, "{}", again.stderr);
    assert!(
        again.stderr.contains("12 already played"),
        "{}",
        again.stderr
    );
    assert_eq!(summary(&out), whole);
    let load = tabula(&["play"], &format!("load {}#5\n", file.display()));
    assert!(load.stdout.contains("loaded"), "{}", load.stderr);
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn duplicate_records_are_removed_from_the_file() {
    let out = played("dupes", "2");
    let whole = summary(&out);
    let file = out.join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let doubled = [lines[..4].to_vec(), lines[1..3].to_vec()].concat();
    fs::write(&file, doubled.join("\n") + "\n").unwrap();

    let run = arena(&out, "2", &["--resume"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr.contains("removed 2 duplicate record(s)"),
        "{}",
        run.stderr
    );
    let after = fs::read_to_string(&file).unwrap();
    assert_eq!(after.lines().count(), 12);
    assert_eq!(records(&out).len(), 12);
    assert_eq!(summary(&out), whole);
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn without_its_settings_file_a_tournament_is_checked_against_its_records() {
    let out = played("nosettings", "2");
    let whole = summary(&out);
    let settings = out.join("arena.json");
    fs::remove_file(&settings).unwrap();
    for (rounds, extra, expected) in [
        ("2", &["--max-plies", "50"][..], "--max-plies was 1000"),
        ("3", &[][..], "--rounds was 2"),
        ("2", &["--seed", "5"][..], "--seed was 4"),
    ] {
        let mut all = vec!["--resume"];
        all.extend_from_slice(extra);
        let run = arena(&out, rounds, &all);
        assert!(!run.ok, "{extra:?} accepted");
        assert!(run.stderr.contains(expected), "{}", run.stderr);
    }
    assert!(!settings.exists());
    let run = arena(&out, "2", &["--resume"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(settings.exists(), "the settings file is written again");
    assert_eq!(summary(&out), whole);

    // A damaged settings file is named, with the way out.
    fs::write(&settings, "{\"games\": [").unwrap();
    let run = arena(&out, "2", &["--resume"]);
    assert!(
        !run.ok && run.stderr.contains("delete it"),
        "{}",
        run.stderr
    );
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn records_whose_fields_disagree_with_the_schedule_are_refused_not_trusted() {
    let out = played("crafted", "1");
    let file = out.join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let first = text.lines().next().unwrap();
    let record: Value = serde_json::from_str(first).unwrap();
    let players = record["seats"].as_array().unwrap().len();
    let tamper = |key: &str, value: Value| {
        let mut bad = record.clone();
        bad[key] = value;
        text.replacen(first, &bad.to_string(), 1)
    };
    for (crafted, expected) in [
        (tamper("seats", serde_json::json!([99, 0])), "`seats`"),
        (tamper("winners", serde_json::json!([players])), "`winners`"),
        (tamper("winners", serde_json::json!([])), "`winners`"),
        (
            tamper("index", serde_json::json!(u64::MAX)),
            "not in this schedule",
        ),
    ] {
        fs::write(&file, &crafted).unwrap();
        let run = arena(&out, "1", &["--resume"]);
        assert!(!run.ok, "accepted {expected}");
        assert!(run.stderr.contains(expected), "{}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert_eq!(
            fs::read_to_string(&file).unwrap(),
            crafted,
            "the file changed"
        );
    }
    let _ = fs::remove_dir_all(&out);
}

/// Waits until `file` exists and is not empty.
fn wait_for(file: &Path, child: &mut Child) {
    poll_until("a first record", || {
        assert!(child.try_wait().unwrap().is_none(), "the arena ended early");
        fs::metadata(file).is_ok_and(|m| m.len() > 0)
    });
}

/// The largest resident memory of a running process, in KiB.
fn peak_kib(child: &Child) -> u64 {
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_second_writer_is_refused_and_huge_rounds_cost_no_memory() {
    let out = scratch("lock");
    // 6 × 10^15 games: the schedule is computed game by game.
    let mut first = spawn(&out, "1000000000000000", &["--threads", "1"]);
    wait_for(&out.join("games.jsonl"), &mut first);
    let peak = peak_kib(&first);
    for extra in [&["--resume"][..], &[][..]] {
        let second = arena(&out, "1000000000000000", extra);
        assert!(!second.ok);
        assert!(
            second.stderr.contains("another tabula arena is writing to"),
            "{}",
            second.stderr
        );
    }
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(peak < 100 * 1024, "peak {peak} KiB");
    // The lock ends with its holder: a resume now goes on.
    let mut resumed = spawn(&out, "1000000000000000", &["--resume", "--threads", "1"]);
    let size = fs::metadata(out.join("games.jsonl")).unwrap().len();
    poll_until("the resume's first record", || {
        assert!(resumed.try_wait().unwrap().is_none(), "the resume ended");
        fs::metadata(out.join("games.jsonl")).unwrap().len() > size
    });
    resumed.kill().unwrap();
    resumed.wait().unwrap();
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn arguments_that_would_exhaust_resources_are_refused() {
    let out = scratch("limits");
    let run = arena(&out, "18446744073709551615", &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("--rounds 18446744073709551615"),
        "{}",
        run.stderr
    );
    let run = arena(&out, "2", &["--threads", "3000"]);
    assert!(!run.ok);
    assert!(run.stderr.contains("maximum of 256"), "{}", run.stderr);
    let _ = fs::remove_dir_all(&out);
}

/// Runs the REPL on `input`, failing if it hangs.
fn repl_within_deadline(input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("play")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    end_or_kill(&mut child, &format!("the REPL on {input:?}"));
    let output = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        ok: output.status.success(),
    }
}

#[test]
fn load_refuses_devices_and_fifos_and_accepts_a_byte_order_mark() {
    let dir = scratch("load");
    fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let run = repl_within_deadline(&format!(
        "load /dev/zero\nload {}\nload {}#2\n",
        fifo.display(),
        fifo.display()
    ));
    assert_eq!(
        run.stderr.matches("is not a regular file").count(),
        3,
        "{}",
        run.stderr
    );

    let saved = dir.join("game.json");
    let save = repl_within_deadline(&format!("new diffusion\nD\nsave {}\n", saved.display()));
    assert!(save.stdout.contains("saved"), "{}", save.stderr);
    let mut bytes = "\u{FEFF}".as_bytes().to_vec();
    bytes.extend(fs::read(&saved).unwrap());
    fs::write(&saved, bytes).unwrap();
    let load = repl_within_deadline(&format!("load {}\nposition\n", saved.display()));
    assert!(
        load.stdout.contains("loaded diffusion (1 of 1 moves)"),
        "{}{}",
        load.stdout,
        load.stderr
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_arena_whose_files_are_fifos_refuses_rather_than_hangs() {
    let out = scratch("fifo-arena");
    fs::create_dir_all(&out).unwrap();
    for name in ["games.jsonl", "arena.json"] {
        let path = out.join(name);
        assert!(Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap()
            .success());
        for extra in [&["--resume"][..], &[][..]] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
                .args(args(&out, "1", extra))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            end_or_kill(
                &mut child,
                &format!("the arena on a FIFO {name} ({extra:?})"),
            );
            let output = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(!output.status.success(), "{name} {extra:?}");
            assert!(stderr.contains("is not a regular file"), "{stderr}");
            assert_eq!(fs::read_dir(&out).unwrap().count(), 2, "files were written");
        }
        fs::remove_file(&path).unwrap();
    }
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn errors_quote_only_a_prefix_of_huge_input() {
    let dir = scratch("echo");
    fs::create_dir_all(&dir).unwrap();
    let huge = "9".repeat(10_000_000);
    let file = dir.join("huge.json");
    fs::write(
        &file,
        format!(
            r#"{{"format":"tabula-record","version":1,"game":"diffusion","start":"{huge}","moves":[]}}"#
        ),
    )
    .unwrap();
    let run = repl_within_deadline(&format!(
        "load {}\nsetup {huge}\nnew diffusion({huge})\n{huge}\n",
        file.display()
    ));
    assert_eq!(run.stderr.lines().count(), 4, "{}", &run.stderr[..200]);
    assert!(
        run.stderr.len() < 4000,
        "{} bytes on stderr",
        run.stderr.len()
    );
    let _ = fs::remove_dir_all(&dir);
}
