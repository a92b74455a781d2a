//! `tabula arena --shard I/N` and `tabula arena merge`: shards played
//! apart and merged give exactly the unsharded tournament (timings aside),
//! and merge refuses anything else, naming the games at fault.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{records, scratch, summary, tabula, Run};

const GAMES: &str = "diffusion(width=4,stones=2),calcala(players=3,setup=short)";

fn arena(out: &Path, seed: &str, extra: &[&str]) -> Run {
    let mut args = vec![
        "arena",
        "--games",
        GAMES,
        "--agents",
        "random",
        "mcts(iterations=20)",
        "mcts(iterations=5)",
        "--rounds",
        "3",
        "--seed",
        seed,
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    tabula(&args, "")
}

fn merge(dirs: &[PathBuf], out: &Path) -> Run {
    let mut args = vec!["arena".to_string(), "merge".to_string()];
    args.extend(dirs.iter().map(|d| d.display().to_string()));
    args.extend(["--out".to_string(), out.display().to_string()]);
    tabula(&args.iter().map(String::as_str).collect::<Vec<_>>(), "")
}

/// The CSV without its timing column.
fn csv(out: &Path) -> Vec<String> {
    let text = fs::read_to_string(out.join("summary.csv")).unwrap();
    text.lines()
        .map(|l| {
            // seconds_per_move is the 16th column; specs are quoted, so
            // split on the unquoted commas.
            let mut fields = Vec::new();
            let (mut field, mut quoted) = (String::new(), false);
            for c in l.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(std::mem::take(&mut field)),
                    _ => field.push(c),
                }
            }
            fields.push(field);
            fields.remove(15);
            fields.join(",")
        })
        .collect()
}

#[test]
fn merged_shards_equal_the_unsharded_tournament() {
    let whole = scratch("whole");
    let run = arena(&whole, "3", &[]);
    assert!(run.ok, "{}", run.stderr);
    for count in [1, 2, 5] {
        let dirs: Vec<PathBuf> = (0..count)
            .map(|i| scratch(&format!("part{i}of{count}")))
            .collect();
        let mut sizes = Vec::new();
        for (i, dir) in dirs.iter().enumerate() {
            let run = arena(dir, "3", &["--shard", &format!("{i}/{count}")]);
            assert!(run.ok, "{}", run.stderr);
            sizes.push(records(dir).len());
            let shard = summary(dir);
            assert_eq!(shard["shard"]["count"], count);
        }
        // 3 rounds × (6 + 3) games, split evenly.
        assert_eq!(sizes.iter().sum::<usize>(), 27);
        assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
        let merged = scratch(&format!("merged{count}"));
        let run = merge(&dirs, &merged);
        assert!(run.ok, "{}", run.stderr);
        assert_eq!(records(&merged), records(&whole));
        assert_eq!(summary(&merged), summary(&whole));
        assert_eq!(csv(&merged), csv(&whole));
        for svg in ["ratings-all.svg", "ratings-diffusion-width-4-stones-2.svg"] {
            assert!(merged.join(svg).exists(), "{svg}");
        }
        // The merged directory is a finished tournament: resuming it plays
        // nothing.
        let again = arena(&merged, "3", &["--resume"]);
        assert!(
            again.ok && again.stdout.contains("0 games played"),
            "{}",
            again.stderr
        );
        for dir in dirs.iter().chain([&merged]) {
            let _ = fs::remove_dir_all(dir);
        }
    }
    let _ = fs::remove_dir_all(&whole);
}

#[test]
fn merge_refuses_other_tournaments_overlaps_and_gaps_naming_the_games() {
    let parts: Vec<PathBuf> = (0..3).map(|i| scratch(&format!("bad{i}"))).collect();
    for (i, dir) in parts.iter().enumerate() {
        assert!(arena(dir, "3", &["--shard", &format!("{i}/3")]).ok);
    }
    let out = scratch("bad-out");

    // A shard of another seed.
    let other = scratch("other-seed");
    assert!(arena(&other, "4", &["--shard", "2/3"]).ok);
    let run = merge(&[parts[0].clone(), parts[1].clone(), other.clone()], &out);
    assert!(!run.ok);
    assert!(run.stderr.contains("--seed is 4"), "{}", run.stderr);

    // Shard 1 missing: games 9-17.
    let run = merge(&[parts[0].clone(), parts[2].clone()], &out);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("9 of 27 game(s) are missing: 9-17"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("shard 1/3 (games 9-17) is not among"),
        "{}",
        run.stderr
    );

    // Overlap: shard 0/2 covers 0-12, and so overlaps shards 0/3 and 1/3.
    let half = scratch("half");
    assert!(arena(&half, "3", &["--shard", "0/2"]).ok);
    let mut all = parts.clone();
    all.push(half.clone());
    let run = merge(&all, &out);
    assert!(!run.ok);
    assert!(run.stderr.contains("0-8"), "{}", run.stderr);
    assert!(run.stderr.contains("9-12"), "{}", run.stderr);
    assert!(
        run.stderr.contains("more than one directory"),
        "{}",
        run.stderr
    );

    // An unfinished shard: its lost games are listed, with the remedy.
    let file = parts[1].join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let kept: Vec<&str> = text.lines().take(4).collect();
    let lost: Vec<u64> = text
        .lines()
        .skip(4)
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    fs::write(&file, kept.join("\n") + "\n").unwrap();
    let run = merge(&parts, &out);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("{} of 27 game(s) are missing", lost.len())),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("run it again with --resume"),
        "{}",
        run.stderr
    );
    assert!(
        !out.join("games.jsonl").exists(),
        "a refused merge wrote results"
    );
    // Resuming the shard completes it, and the merge then succeeds.
    let resumed = arena(&parts[1], "3", &["--shard", "1/3", "--resume"]);
    assert!(resumed.ok, "{}", resumed.stderr);
    let wrong = arena(&parts[1], "3", &["--shard", "2/3", "--resume"]);
    assert!(
        !wrong.ok && wrong.stderr.contains("--shard was 1/3"),
        "{}",
        wrong.stderr
    );
    let run = merge(&parts, &out);
    assert!(run.ok, "{}", run.stderr);
    // Not twice into the same directory.
    let again = merge(&parts, &out);
    assert!(
        !again.ok && again.stderr.contains("already holds games"),
        "{}",
        again.stderr
    );

    for dir in parts.iter().chain([&out, &other, &half]) {
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn bad_shards_are_refused() {
    let out = scratch("badshard");
    for shard in ["3/3", "1", "a/2", "0/0", "1/2/3", "2/1"] {
        let run = arena(&out, "3", &["--shard", shard]);
        assert!(!run.ok, "{shard} accepted");
        assert!(run.stderr.contains("INDEX/COUNT"), "{}", run.stderr);
    }
    assert!(!out.exists());
}
