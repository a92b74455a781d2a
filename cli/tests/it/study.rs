//! `tabula study` run as a user would: its folder, the refusal to play into
//! a study without `--resume`, a SIGKILL and a resume, shards and merge,
//! study files, and bad options.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{end_or_kill, poll_until, read_json, read_svg, scratch, tabula, Run};

/// The arguments of a small study of two learning variants: self-play
/// (10 games unless `extra` says) and a one-step ladder.
fn study_args(out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "study",
        "diffusion(width=4)",
        "--vary",
        "stones=1,2",
        "--agent",
        "mcts(iterations=30)",
        "--ladder",
        "mcts(iterations=4..8)",
        "--ladder-games",
        "8",
        "--out",
    ]
    .map(String::from)
    .to_vec();
    args.push(out.to_str().unwrap().to_string());
    if !extra.contains(&"--games") {
        args.extend(["--games".to_string(), "10".to_string()]);
    }
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

fn study(out: &Path, extra: &[&str]) -> Run {
    let args = study_args(out, extra);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tabula(&args, "")
}

#[test]
fn a_study_writes_its_folder_and_reruns_from_its_own_settings() {
    let out = scratch("study");
    let run = study(&out, &["--threads", "2"]);
    assert!(run.ok, "{}", run.stderr);
    for heading in [
        "== Balance",
        "== Duration",
        "== Decisiveness",
        "== Depth",
        "== Exact",
    ] {
        assert!(run.stdout.contains(heading), "{heading}: {}", run.stdout);
    }
    assert!(run.stdout.contains("win in 21"), "{}", run.stdout);
    assert!(
        run.stderr.contains("the start is a win in 21"),
        "{}",
        run.stderr
    );
    let summary = read_json(&out.join("summary.json"));
    let labels: Vec<&str> = (summary["variants"].as_array().unwrap().iter())
        .map(|v| v["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["stones=1", "stones=2"]);
    assert_eq!(
        fs::read_to_string(out.join("summary.txt")).unwrap(),
        run.stdout[..run.stdout.rfind("\n\n").unwrap() + 1]
    );
    let csv = fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        csv.starts_with("variant,label,metric,value,low,high,n\n"),
        "{csv}"
    );
    assert!(csv.contains("\"seat_1_score\""), "{csv}");
    for chart in [
        "balance",
        "duration",
        "branching",
        "lead-changes",
        "decisiveness",
        "drama",
        "depth",
        "forgiveness",
    ] {
        let (_, texts) = read_svg(&out.join(format!("{chart}.svg")));
        assert!(
            texts.iter().any(|t| t.starts_with("stones=1")),
            "{chart}: {texts:?}"
        );
    }
    let arena = out.join("variants/diffusion-width-4-stones-1/self-play");
    assert_eq!(
        fs::read_to_string(arena.join("games.jsonl"))
            .unwrap()
            .lines()
            .count(),
        10
    );

    // The folder is not played into again without --resume; with it,
    // nothing is left to play.
    let again = study(&out, &[]);
    assert!(
        !again.ok && again.stderr.contains("holds a study already"),
        "{}",
        again.stderr
    );
    let resumed = study(&out, &["--resume"]);
    assert!(resumed.ok, "{}", resumed.stderr);
    assert!(
        resumed.stdout.contains("\n0 games played"),
        "{}",
        resumed.stdout
    );
    assert_eq!(read_json(&out.join("summary.json")), summary);

    // Made again from the records, and played again from study.json alone.
    fs::remove_file(out.join("summary.json")).unwrap();
    let rebuilt = tabula(&["study", "summary", out.to_str().unwrap()], "");
    assert!(rebuilt.ok, "{}", rebuilt.stderr);
    assert_eq!(read_json(&out.join("summary.json")), summary);
    let rerun = scratch("study-rerun");
    let config = out.join("study.json");
    let run = tabula(
        &[
            "study",
            "--config",
            config.to_str().unwrap(),
            "--threads",
            "1",
            "--out",
            rerun.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(read_json(&rerun.join("summary.json")), summary);
    for dir in [out, rerun] {
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn a_killed_study_resumes_to_the_uninterrupted_studys_summary() {
    let whole = scratch("study-whole");
    let run = study(&whole, &["--games", "40"]);
    assert!(run.ok, "{}", run.stderr);
    let killed = scratch("study-killed");
    let mut args = study_args(&killed, &["--games", "40"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let games = killed.join("variants/diffusion-width-4-stones-1/self-play/games.jsonl");
    poll_until("a recorded game", || {
        fs::read_to_string(&games).is_ok_and(|t| t.lines().count() >= 3)
    });
    child.kill().unwrap();
    end_or_kill(&mut child, "the killed study");
    args.push("--resume".to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let resumed = tabula(&args, "");
    assert!(resumed.ok, "{}", resumed.stderr);
    assert_eq!(
        read_json(&killed.join("summary.json")),
        read_json(&whole.join("summary.json"))
    );
    // Another budget is another study: refused, naming the option.
    let mut other = args.clone();
    let at = other.iter().position(|&a| a == "40").unwrap();
    other[at] = "42";
    let refused = tabula(&other, "");
    assert!(
        !refused.ok && refused.stderr.contains("--games was 40"),
        "{}",
        refused.stderr
    );
    for dir in [whole, killed] {
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn shards_merge_into_the_unsharded_study() {
    let whole = scratch("study-unsharded");
    // One ladder step: the unsharded study plays all of it too.
    assert!(study(&whole, &[]).ok);
    let shards: Vec<_> = (0..2)
        .map(|i| scratch(&format!("study-shard-{i}")))
        .collect();
    for (i, dir) in shards.iter().enumerate() {
        let run = study(dir, &["--shard", &format!("{i}/2")]);
        assert!(run.ok, "{}", run.stderr);
        assert!(run.stdout.contains("shard"), "{}", run.stdout);
    }
    let merged = scratch("study-merged");
    let dirs: Vec<&str> = shards.iter().map(|d| d.to_str().unwrap()).collect();
    let run = tabula(
        &[
            "study",
            "merge",
            dirs[0],
            dirs[1],
            "--out",
            merged.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(
        read_json(&merged.join("summary.json")),
        read_json(&whole.join("summary.json"))
    );
    // One shard alone is not the study.
    let lone = scratch("study-lone");
    let run = tabula(
        &["study", "merge", dirs[0], "--out", lone.to_str().unwrap()],
        "",
    );
    assert!(
        !run.ok && run.stderr.contains("shard 1/2"),
        "{}",
        run.stderr
    );
    for dir in shards.iter().chain([&whole, &merged, &lone]) {
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn a_study_file_gives_the_options_and_the_command_line_overrides_it() {
    let dir = scratch("study-file");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("study.toml");
    fs::write(
        &file,
        "variants = [\"kalah(pits=2,seeds=2)\", { game = \"kalah\", pits = 3, seeds = 2 }]\n\
         agent = { kind = \"mcts\", iterations = 10 }\n\
         games = 4\n\
         ladder = \"none\"\n\
         out = \"ignored\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    let run = tabula(
        &[
            "study",
            "--config",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let summary = read_json(&out.join("summary.json"));
    assert_eq!(summary["settings"]["agent"], "mcts(iterations=10)");
    assert_eq!(summary["settings"]["ladder"], Value::Null);
    let margins: Vec<i64> = (summary["variants"].as_array().unwrap().iter())
        .map(|v| v["exact"]["margin"].as_i64().unwrap())
        .collect();
    // docs/solving.md: Kalah 2 × 2 is −2 for South, 3 × 2 is +4.
    assert_eq!(margins, [-2, 4]);
    assert!(!dir.join("ignored").exists() && !Path::new("ignored").exists());
    // A misspelt field is refused with its name.
    fs::write(&file, "gmaes = 4\n").unwrap();
    let run = tabula(&["study", "--config", file.to_str().unwrap()], "");
    assert!(!run.ok && run.stderr.contains("gmaes"), "{}", run.stderr);
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn bad_options_are_refused_by_name_before_anything_is_written() {
    let out = scratch("study-bad");
    let at = out.to_str().unwrap();
    for (args, expected) in [
        (vec!["study", "go", "--out", at], "unknown game `go`"),
        (
            vec!["study", "diffusion", "--vary", "stones", "--out", at],
            "not a sweep",
        ),
        (
            vec!["study", "diffusion", "--vary", "stones=1,9", "--out", at],
            "--vary stones=9",
        ),
        (
            vec![
                "study",
                "diffusion",
                "--vary",
                "width=4",
                "--vary",
                "width=6",
                "--out",
                at,
            ],
            "swept twice",
        ),
        (
            vec![
                "study",
                "diffusion",
                "--ladder",
                "mcts(iterations=16)",
                "--out",
                at,
            ],
            "not a ladder",
        ),
        (
            vec!["study", "diffusion", "--agent", "human", "--out", at],
            "--agent: `human`",
        ),
        (
            vec!["study", "diffusion", "--games", "x", "--out", at],
            "'x' for '--games",
        ),
        (
            vec!["study", "diffusion", "--shard", "2/2", "--out", at],
            "not a shard",
        ),
        (
            vec![
                "study",
                "diffusion",
                "--db",
                "/nonexistent/x.db",
                "--out",
                at,
            ],
            "no such file",
        ),
        (vec!["study", "--vary", "stones=1,2", "--out", at], "<GAME>"),
        (vec!["study", "merge", "--out", at], "required"),
    ] {
        let run = tabula(&args, "");
        assert!(!run.ok, "{args:?} succeeded");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    assert!(!out.exists(), "a refused study wrote its folder");
}
