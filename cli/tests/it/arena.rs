//! `tabula arena` run as a user would: files, determinism, resume, errors.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::common::{read_json, read_svg, records, scratch, summary, tabula, Run};

/// Whether the shipped catalog has `spec` (the games are written in parallel).
fn has_game(spec: &str) -> bool {
    let out = tabula(&["perft", spec, "1"], "");
    out.ok
}

/// `diffusion`, plus a 3-player game when one is registered.
fn games() -> String {
    if has_game("calcala(players=3)") {
        "diffusion,calcala(players=3)".to_string()
    } else {
        "diffusion".to_string()
    }
}

fn arena(games: &str, out: &Path, extra: &[&str]) -> Run {
    let out = out.to_str().unwrap();
    let mut args = vec![
        "arena",
        "--games",
        games,
        "--agents",
        "random",
        "mcts(iterations=50)",
        "random(seed=5)",
        "--rounds",
        "2",
        "--out",
        out,
    ];
    if !extra.contains(&"--seed") {
        args.extend_from_slice(&["--seed", "9"]);
    }
    args.extend_from_slice(extra);
    tabula(&args, "")
}

#[test]
fn same_seed_same_games_whatever_the_thread_count() {
    let games = games();
    let (one, two) = (scratch("threads1"), scratch("threads2"));
    let a = arena(&games, &one, &["--threads", "1"]);
    assert!(a.ok, "{}", a.stderr);
    let b = arena(&games, &two, &["--threads", "2"]);
    assert!(b.ok, "{}", b.stderr);
    assert_eq!(records(&one), records(&two));
    assert_eq!(summary(&one), summary(&two));
    // The tables agree too, apart from the timing column and wall time.
    let table = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains(" s on "))
            .map(|l| l.rsplit_once(' ').map_or(l, |(head, _)| head).to_string())
            .collect()
    };
    assert_eq!(table(&a.stdout), table(&b.stdout));
    let _ = fs::remove_dir_all(&one);
    let _ = fs::remove_dir_all(&two);
}

#[test]
fn output_files_have_their_shapes() {
    let games = games();
    let out = scratch("shapes");
    let run = arena(&games, &out, &["--threads", "2"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("== diffusion (2 players)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Elo ± 95% by game (mean = 0"),
        "{}",
        run.stdout
    );

    let n_games = games.split(',').count();
    let three = n_games == 2;
    // 2 rounds × (6 ordered pairs of 3 agents, + 3 rotations for 3 players).
    let scheduled = 2 * (6 + if three { 3 } else { 0 });
    let records = records(&out);
    assert_eq!(
        records.keys().copied().collect::<Vec<_>>(),
        (0..scheduled as u64).collect::<Vec<_>>()
    );
    for record in records.values() {
        assert_eq!(record["format"], "tabula-record");
        assert_eq!(record["version"], 1);
        let players = record["agents"].as_array().unwrap().len();
        for key in [
            "game",
            "moves",
            "seed",
            "round",
            "outcome",
            "adjudicated",
            "plies",
        ] {
            assert!(record.get(key).is_some(), "no {key} in {record}");
        }
        assert_eq!(record["seats"].as_array().unwrap().len(), players);
        assert_eq!(record["scores"].as_array().unwrap().len(), players);
        assert_eq!(
            record["moves"].as_array().unwrap().len() as u64,
            record["plies"].as_u64().unwrap()
        );
    }

    let summary = read_json(&out.join("summary.json"));
    assert_eq!(summary["anchor"], "mean");
    assert_eq!(summary["scheduled"], scheduled);
    assert_eq!(summary["played"], scheduled);
    assert_eq!(summary["settings"]["agents"][1], "mcts(iterations=50)");
    let sections = summary["games"].as_array().unwrap();
    assert_eq!(sections.len(), n_games);
    for section in sections.iter().chain([&summary["overall"]]) {
        let agents = section["agents"].as_array().unwrap();
        assert_eq!(agents.len(), 3);
        // Rated around their mean, every agent with an interval.
        let sum: f64 = agents.iter().map(|a| a["elo"].as_f64().unwrap()).sum();
        assert!(sum.abs() < 1e-6, "{section}");
        for a in agents {
            assert_eq!(a["standing"], "rated");
            assert!(a["elo_low"].as_f64().unwrap() < a["elo_high"].as_f64().unwrap());
            for key in [
                "games",
                "wins",
                "draws",
                "losses",
                "adjudicated",
                "score",
                "score_low",
                "score_high",
                "elo",
                "elo_se",
                "elo_low",
                "elo_high",
                "seconds_per_move",
                "swept",
            ] {
                assert!(a.get(key).is_some(), "no {key} in {a}");
            }
            let score = a["score"].as_f64().unwrap();
            assert!(
                a["score_low"].as_f64().unwrap() <= score
                    && score <= a["score_high"].as_f64().unwrap()
            );
            let total = ["wins", "draws", "losses"]
                .iter()
                .map(|k| a[k].as_u64().unwrap())
                .sum::<u64>();
            assert_eq!(total, a["games"].as_u64().unwrap());
        }
    }

    let csv = fs::read_to_string(out.join("summary.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(&header[..4], &["game", "players", "agent", "games"]);
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3 * (n_games + 1));
    assert!(
        rows.iter()
            .any(|r| r.starts_with("diffusion,2,mcts(iterations=50),")),
        "{csv}"
    );
    assert!(rows.iter().any(|r| r.starts_with("all,,random,")), "{csv}");

    for section in sections.iter().chain([&summary["overall"]]) {
        let stem: String = section["game"]
            .as_str()
            .unwrap()
            .replace(['(', '=', ','], "-")
            .replace(')', "");
        let (svg, texts) = read_svg(&out.join(format!("ratings-{stem}.svg")));
        // Its label, with `(won all)` after it if it won every game.
        assert!(
            texts.iter().any(|t| t.starts_with("mcts(iterations=50)")),
            "{svg}"
        );
    }

    // Any record can be replayed in the REPL.
    let file = out.join("games.jsonl");
    let repl = tabula(&["play"], &format!("load {}#2 3\n", file.display()));
    assert!(
        repl.ok && repl.stdout.contains("loaded"),
        "{}{}",
        repl.stdout,
        repl.stderr
    );
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn resume_after_an_interruption_gives_the_same_summary() {
    let games = games();
    let (whole, cut) = (scratch("whole"), scratch("cut"));
    assert!(arena(&games, &whole, &["--threads", "2"]).ok);
    assert!(arena(&games, &cut, &["--threads", "2"]).ok);
    // Interrupt: keep 5 games and half of the sixth line.
    let file = cut.join("games.jsonl");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = lines[..5].join("\n");
    kept.push('\n');
    kept.push_str(&lines[5][..lines[5].len() / 2]);
    fs::write(&file, kept).unwrap();
    fs::remove_file(cut.join("summary.json")).unwrap();

    // Without --resume the results are not overwritten.
    let refused = arena(&games, &cut, &[]);
    assert!(
        !refused.ok && refused.stderr.contains("--resume"),
        "{}",
        refused.stderr
    );
    // Other settings are refused, clearly.
    let other = arena(&games, &cut, &["--resume", "--seed", "10"]);
    assert!(
        !other.ok && other.stderr.contains("different settings"),
        "{}",
        other.stderr
    );

    let resumed = arena(&games, &cut, &["--resume", "--threads", "1"]);
    assert!(resumed.ok, "{}", resumed.stderr);
    assert!(
        resumed.stderr.contains("5 already played"),
        "{}",
        resumed.stderr
    );
    assert_eq!(records(&whole), records(&cut));
    assert_eq!(summary(&whole), summary(&cut));
    // Resuming a finished tournament plays nothing and changes nothing.
    let again = arena(&games, &cut, &["--resume"]);
    assert!(
        again.ok && again.stdout.contains("0 games played"),
        "{}",
        again.stdout
    );
    assert_eq!(summary(&whole), summary(&cut));
    let _ = fs::remove_dir_all(&whole);
    let _ = fs::remove_dir_all(&cut);
}

#[test]
fn resume_refuses_records_from_another_tournament() {
    let out = scratch("foreign");
    assert!(arena("diffusion", &out, &[]).ok);
    // Without the settings file, the records themselves are checked.
    fs::remove_file(out.join("arena.json")).unwrap();
    let run = arena("diffusion", &out, &["--resume", "--seed", "3"]);
    assert!(
        !run.ok && run.stderr.contains("different settings (--seed was 9)"),
        "{}",
        run.stderr
    );
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn games_cut_at_the_ply_limit_are_reported_not_counted() {
    let out = scratch("plies");
    let run = arena("diffusion", &out, &["--max-plies", "4"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("12 games: 0 finished, 12 adjudicated at 4 plies"),
        "{}",
        run.stdout
    );
    let summary = read_json(&out.join("summary.json"));
    let section = &summary["games"][0];
    assert_eq!(section["adjudicated"], 12);
    assert_eq!(section["finished"], 0);
    for a in section["agents"].as_array().unwrap() {
        assert_eq!(a["games"], 0);
        assert_eq!(a["adjudicated"], 8);
        assert!(a["score"].is_null());
    }
    // Every table shows them: each pairing's four, in the crosstable, its
    // CSV and the text.
    let pairings = section["crosstable"].as_array().unwrap();
    assert_eq!(pairings.len(), 3);
    assert!(pairings.iter().all(|p| p["adjudicated"] == 4), "{section}");
    let csv = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    assert!(csv.lines().next().unwrap().contains(",losses,adjudicated,"));
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("diffusion,random,mcts(iterations=50),0,0,0,0,4,"),
        "{csv}"
    );
    let row = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("random vs mcts(iterations=50)"))
        .expect("a crosstable row");
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cells[3..8], ["0", "0", "0", "0", "4"], "{row}");
    for record in records(&out).values() {
        assert_eq!(record["adjudicated"], true);
        assert!(record["winners"].is_null());
    }
    let _ = fs::remove_dir_all(&out);
}

/// `--anchor`: the agent asked for is rated 0 (by spec or name); the
/// folder keeps it, so a resume and a rebuilt summary use it too, and
/// `arena summary --anchor` rates the same games against another without
/// playing. Whatever the anchor, the differences are the same.
#[test]
fn the_anchor_is_chosen_kept_and_changed_without_playing() {
    let out = scratch("anchor");
    let dir = out.to_str().unwrap();
    let run = arena("diffusion", &out, &["--anchor", "random(seed=5)"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("(random(seed=5) = 0;"),
        "{}",
        run.stdout
    );
    let first = summary(&out);
    assert_eq!(first["anchor"], "random(seed=5)");
    let rows = |s: &serde_json::Value| -> Vec<f64> {
        s["overall"]["agents"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["elo"].as_f64().unwrap())
            .collect()
    };
    assert_eq!(rows(&first)[2], 0.0);
    assert_eq!(first["overall"]["agents"][2]["standing"], "anchor");
    assert_eq!(
        read_json(&out.join("arena.json"))["anchor"],
        "random(seed=5)"
    );

    let mean = tabula(&["arena", "summary", dir, "--anchor", "mean"], "");
    assert!(mean.ok, "{}", mean.stderr);
    assert!(mean.stdout.contains("(mean = 0;"), "{}", mean.stdout);
    let second = summary(&out);
    assert_eq!(second["anchor"], "mean");
    assert_eq!(read_json(&out.join("arena.json"))["anchor"], "mean");
    let (a, b) = (rows(&first), rows(&second));
    assert!(b.iter().sum::<f64>().abs() < 1e-6, "{b:?}");
    assert!(((a[1] - a[0]) - (b[1] - b[0])).abs() < 1e-6, "{a:?} {b:?}");

    // A resume without --anchor keeps the folder's; a bad one is refused
    // by name, changing nothing.
    let resumed = arena("diffusion", &out, &["--resume"]);
    assert!(resumed.ok, "{}", resumed.stderr);
    assert_eq!(summary(&out)["anchor"], "mean");
    let bad = tabula(&["arena", "summary", dir, "--anchor", "alphabeta"], "");
    assert!(
        !bad.ok
            && bad
                .stderr
                .contains("--anchor: `alphabeta` is none of the agents")
    );
    assert_eq!(read_json(&out.join("arena.json"))["anchor"], "mean");
    let _ = fs::remove_dir_all(&out);
}

/// `--opening-plies`: every game of a round starts with the same random
/// moves (each pairing meets them from both seats), rounds differ, the
/// records hold the whole game and replay, and the plies count in the limit.
#[test]
fn random_openings_are_shared_within_a_round_and_differ_between_rounds() {
    let out = scratch("openings");
    let path = out.to_str().unwrap();
    let args = [
        "arena",
        "--games",
        "diffusion",
        "--agents",
        "alphabeta(depth=1)",
        "alphabeta(depth=2)",
        "--rounds",
        "4",
        "--opening-plies",
        "4",
        "--seed",
        "3",
        "--threads",
        "1",
        "--out",
        path,
    ];
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    let mut openings = BTreeMap::new();
    for record in records(&out).values() {
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(record["plies"].as_u64(), Some(moves.len() as u64));
        assert_eq!(record["tournament"]["opening_plies"], 4);
        let opening = moves[..4].join(" ");
        let round = record["round"].as_u64().unwrap();
        assert_eq!(
            openings.entry(round).or_insert_with(|| opening.clone()),
            &opening,
            "round {round}: one opening for both seatings"
        );
    }
    let distinct: std::collections::BTreeSet<_> = openings.values().collect();
    assert!(distinct.len() > 1, "rounds open differently: {openings:?}");
    // One thread: the file holds the games in schedule order.
    let replay = tabula(&[], &format!("load {path}/games.jsonl#1\nquit\n"));
    let plies = records(&out)[&0]["plies"].as_u64().unwrap();
    assert!(
        replay
            .stdout
            .contains(&format!("({plies} of {plies} moves)")),
        "{}",
        replay.stdout
    );
    let refused = tabula(
        &[
            "arena",
            "--games",
            "diffusion",
            "--agents",
            "random",
            "random(seed=2)",
        ]
        .iter()
        .chain(&["--opening-plies", "8", "--max-plies", "8", "--out", path])
        .copied()
        .collect::<Vec<_>>(),
        "",
    );
    assert!(
        !refused.ok
            && refused
                .stderr
                .contains("--opening-plies must be below --max-plies"),
        "{}",
        refused.stderr
    );
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn bad_specs_fail_before_any_game() {
    let out = scratch("bad");
    let path = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--games", "chess", "--agents", "random", "mcts"],
            "diffusion",
        ),
        (
            &[
                "--games",
                "diffusion(width=99)",
                "--agents",
                "random",
                "mcts",
            ],
            "width",
        ),
        (
            &["--games", "diffusion", "--agents", "random", "alphazero"],
            "human, random, greedy, mcts, alphabeta, engine",
        ),
        (
            &[
                "--games",
                "diffusion",
                "--agents",
                "random",
                "mcts(iterations=0)",
            ],
            "iterations",
        ),
        (
            &[
                "--games",
                "diffusion",
                "--agents",
                "random",
                "mcts(depth=2)",
            ],
            "iterations",
        ),
        (
            &["--games", "diffusion", "--agents", "random", "human"],
            "human",
        ),
        (
            &["--games", "diffusion", "--agents", "random", "random"],
            "twice",
        ),
        (
            &["--games", "diffusion", "--agents", "random"],
            "two agents",
        ),
        (
            &[
                "--games",
                "diffusion",
                "--agents",
                "random",
                "mcts",
                "--rounds",
                "0",
            ],
            "--rounds",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["arena", "--out", path];
        all.extend_from_slice(args);
        let run = tabula(&all, "");
        assert!(!run.ok, "{args:?} accepted");
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
        assert!(!out.exists(), "{args:?} started");
    }
}

#[test]
fn agents_may_be_given_as_one_comma_separated_value() {
    let out = scratch("comma");
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion",
            "--agents",
            "random,mcts(iterations=20,c=0.7)",
            "--rounds",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("mcts(iterations=20,c=0.7)"),
        "{}",
        run.stdout
    );
    let _ = fs::remove_dir_all(&out);
}

/// Time budgets shorter than one iteration, with more search threads than
/// cores, finish every game (this died with exit 101).
#[test]
fn tiny_time_budgets_with_many_threads_finish_the_tournament() {
    let dir = scratch("tiny-time");
    let run = tabula(
        &[
            "arena",
            "--games",
            "calcala",
            "--agents",
            "mcts(time=5ms,threads=4)",
            "random",
            "--rounds",
            "2",
            "--threads",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let lines = fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 4);
    let _ = fs::remove_dir_all(&dir);
}

/// An experiment file gives the options; the command line's win; a bad
/// file is refused, naming the file and what is wrong, before any game.
#[test]
fn experiment_files_give_options_and_bad_ones_are_refused() {
    let dir = scratch("experiment-files");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("e.toml");
    let out = dir.join("out");
    fs::write(
        &file,
        format!(
            "games = [{{ game = \"diffusion\", width = 4 }}]\n\
             agents = [\"random\", {{ kind = \"alphabeta\", depth = 1 }}]\n\
             rounds = 3\nseed = 5\nout = {:?}\n",
            out.display().to_string()
        ),
    )
    .unwrap();
    let run = tabula(
        &["arena", "--config", file.to_str().unwrap(), "--rounds", "1"],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let saved = read_json(&out.join("arena.json"));
    assert_eq!(saved["games"][0], "diffusion(width=4)");
    assert_eq!(saved["agents"][1], "alphabeta(depth=1)");
    assert_eq!(saved["rounds"], 1, "the command line's --rounds wins");
    assert_eq!(saved["seed"], 5, "the file's seed is used");

    for (text, why) in [
        (
            "agents = [\"random\", { kind = \"mcts\", iteration = 2 }]",
            "no parameter `iteration`",
        ),
        (
            "agents = [\"random\", { kind = \"mcts\", c = 500 }]",
            "from 0 to 100",
        ),
        (
            "agents = [\"random\", { kind = \"nosuch\" }]",
            "unknown variant `nosuch`",
        ),
        (
            "agents = [\"random\", \"random\"]",
            "`random` is given twice",
        ),
        ("agents = [\"random\" \"mcts\"]", "line 1"),
        (
            "agents = [\"random\", \"mcts\"]\nround = 3",
            "unknown field `round`",
        ),
        (
            "agents = [\"random\", \"mcts\"]\nrounds = \"many\"",
            "line 2",
        ),
        (
            "agents = [\"random\", \"mcts\"]\ngames = [{ game = \"calcala\", players = 9 }]",
            "games[0]",
        ),
    ] {
        let bad = dir.join("bad.toml");
        fs::write(&bad, text).unwrap();
        let run = tabula(
            &[
                "arena",
                "--config",
                bad.to_str().unwrap(),
                "--out",
                dir.join("never").to_str().unwrap(),
            ],
            "",
        );
        assert!(!run.ok, "{text}");
        assert!(
            run.stderr.contains("bad.toml") && run.stderr.contains(why),
            "{text}: {}",
            run.stderr
        );
        assert!(!dir.join("never").exists(), "{text}: a game was played");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A record is read back only if its fields are what a game could have
/// written: its moves replay through the rules to its result, its seats'
/// times are finite, its forfeit names a seat of the game. A forged
/// record is refused by resume and by merge, naming the game.
#[test]
fn forged_records_are_refused_on_resume_and_merge() {
    let out = scratch("forged");
    assert!(arena("diffusion", &out, &[]).ok);
    let path = out.join("games.jsonl");
    let original = fs::read_to_string(&path).unwrap();
    type Forge = fn(&mut serde_json::Value);
    let forgeries: [(&str, Forge); 5] = [
        ("forfeit", |r| {
            r["forfeit"] = serde_json::json!({"seat": 9, "reason": "x"})
        }),
        ("replay", |r| r["moves"][0] = "Z".into()),
        ("seconds", |r| r["seconds"][0] = serde_json::json!(1e308)),
        ("moves_made", |r| r["moves_made"] = serde_json::json!([])),
        ("result", |r| {
            let moves = r["moves"].as_array().unwrap().len();
            r["moves"].as_array_mut().unwrap().truncate(moves - 1);
        }),
    ];
    for (what, forge) in forgeries {
        let mut lines: Vec<String> = original.lines().map(str::to_string).collect();
        let mut record: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        let game = format!("game {}", record["index"]);
        forge(&mut record);
        lines[0] = record.to_string();
        fs::write(&path, lines.join("\n") + "\n").unwrap();
        let run = arena("diffusion", &out, &["--resume"]);
        assert!(!run.ok, "{what}: resume accepted a forged record");
        assert!(run.stderr.contains(&game), "{what}: {}", run.stderr);
        let merged = scratch("forged-merge");
        let run = tabula(
            &[
                "arena",
                "merge",
                out.to_str().unwrap(),
                "--out",
                merged.to_str().unwrap(),
            ],
            "",
        );
        assert!(!run.ok, "{what}: merge accepted a forged record");
        let _ = fs::remove_dir_all(&merged);
    }
    let _ = fs::remove_dir_all(&out);
}

/// Ctrl-C (SIGINT) stops an arena once the games under way end: the
/// summary of the finished games is written and `--resume` plays the rest
/// into the same summary an uninterrupted run gives.
#[test]
fn an_interrupted_arena_writes_its_summary_and_resumes() {
    use std::process::{Command, Stdio};
    let (out, whole) = (scratch("interrupted"), scratch("uninterrupted"));
    let args = |out: &Path| -> Vec<String> {
        [
            "arena",
            "--games",
            "diffusion",
            "--agents",
            "random",
            "mcts(iterations=1000)",
            "--rounds",
            "30",
            "--threads",
            "1",
            "--seed",
            "4",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string()])
        .collect()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args(&out))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let games = out.join("games.jsonl");
    crate::common::poll_until("a first game", || {
        fs::read_to_string(&games).is_ok_and(|t| t.lines().count() >= 1)
    });
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    crate::common::end_or_kill(&mut child, "the interrupted arena");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(!child.wait().unwrap().success());
    assert!(stderr.contains("--resume plays the rest"), "{stderr}");
    let partial = summary(&out);
    let played = partial["played"].as_u64().unwrap();
    assert!((1..60).contains(&played), "{played} of 60 games");

    let mut resume = args(&out);
    resume.push("--resume".into());
    let resume: Vec<&str> = resume.iter().map(String::as_str).collect();
    assert!(tabula(&resume, "").ok);
    let all: Vec<String> = args(&whole);
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    assert!(tabula(&all, "").ok);
    assert_eq!(summary(&out), summary(&whole));
    let _ = fs::remove_dir_all(&out);
    let _ = fs::remove_dir_all(&whole);
}

/// `tabula arena summary DIR` makes the summary, CSV and charts again from
/// games.jsonl alone, equal to the ones the tournament wrote; a folder
/// that is missing, holds no games or a damaged record is refused by name.
#[test]
fn summary_rebuilds_a_folders_files_without_playing() {
    let out = scratch("rebuilt");
    let run = arena("diffusion(width=4)", &out, &[]);
    assert!(run.ok, "{}", run.stderr);
    let (json, csv) = (
        summary(&out),
        fs::read_to_string(out.join("summary.csv")).unwrap(),
    );
    let chart = fs::read_to_string(out.join("ratings-all.svg")).unwrap();
    for file in [
        "summary.json",
        "summary.csv",
        "ratings-all.svg",
        "ratings-diffusion-width-4.svg",
    ] {
        fs::remove_file(out.join(file)).unwrap();
    }
    let rebuilt = tabula(&["arena", "summary", out.to_str().unwrap()], "");
    assert!(rebuilt.ok, "{}", rebuilt.stderr);
    assert!(
        rebuilt
            .stdout
            .contains("== diffusion(width=4) (2 players): 12 games"),
        "{}",
        rebuilt.stdout
    );
    assert_eq!(summary(&out), json);
    assert_eq!(fs::read_to_string(out.join("summary.csv")).unwrap(), csv);
    assert_eq!(
        fs::read_to_string(out.join("ratings-all.svg")).unwrap(),
        chart
    );
    assert!(out.join("ratings-diffusion-width-4.svg").is_file());

    let missing = scratch("rebuilt-missing");
    let refused = tabula(&["arena", "summary", missing.to_str().unwrap()], "");
    assert!(
        !refused.ok && refused.stderr.contains("does not exist"),
        "{}",
        refused.stderr
    );
    fs::create_dir_all(&missing).unwrap();
    let refused = tabula(&["arena", "summary", missing.to_str().unwrap()], "");
    assert!(
        refused.stderr.contains("has no games.jsonl"),
        "{}",
        refused.stderr
    );
    let mut games = fs::read_to_string(out.join("games.jsonl")).unwrap();
    games.insert_str(0, "{\"not\": \"a record\"}\n");
    fs::write(out.join("games.jsonl"), games).unwrap();
    let refused = tabula(&["arena", "summary", out.to_str().unwrap()], "");
    assert!(!refused.ok, "{}", refused.stdout);
    assert!(
        refused.stderr.contains("games.jsonl line 1"),
        "{}",
        refused.stderr
    );
}

/// Agents with fixed seeds replay one game per seat order, round after
/// round: the summary counts the distinct games and the run warns, saying
/// how to vary them; random openings make the games differ.
#[test]
fn repeated_games_are_counted_and_warned_of() {
    let out = scratch("repeats");
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion(width=4)",
            "--agents",
            "random(seed=1)",
            "random(seed=2)",
            "--rounds",
            "10",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(summary(&out)["overall"]["games"], 20);
    assert_eq!(summary(&out)["overall"]["distinct"], 2);
    assert_eq!(summary(&out)["games"][0]["distinct"], 2);
    assert!(
        run.stderr.contains("only 2 of 20 games are distinct"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--opening-plies"), "{}", run.stderr);
    let again = tabula(&["arena", "summary", out.to_str().unwrap()], "");
    assert!(
        again.stderr.contains("only 2 of 20 games are distinct"),
        "{}",
        again.stderr
    );

    let varied = scratch("repeats-varied");
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion(width=4)",
            "--agents",
            "random",
            "greedy",
            "--rounds",
            "10",
            "--opening-plies",
            "4",
            "--out",
            varied.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(summary(&varied)["overall"]["distinct"].as_u64().unwrap() > 15);
    assert!(!run.stderr.contains("distinct"), "{}", run.stderr);
}

/// `tabula arena` with these arguments, and nothing else.
fn arena_with(args: &[&str]) -> Run {
    let mut all = vec!["arena"];
    all.extend_from_slice(args);
    tabula(&all, "")
}

/// An SPRT's report gives one verdict and one Elo: the text's SPRT lines,
/// its tables and `summary.json` agree on the candidate's Elo and its
/// error (sign included) and on the decision, and nothing else judges.
fn one_verdict(text: &str, summary: &serde_json::Value) {
    let sprt = &summary["sprt"];
    let estimate = &sprt["pentanomial"];
    let (elo, error) = (
        estimate["elo"].as_f64().unwrap(),
        estimate["elo_error"].as_f64().unwrap(),
    );
    assert!(elo > 0.0, "the stronger candidate's Elo is positive: {elo}");
    // summary.json: the candidate's row is the test's estimate, the
    // baseline is the anchor, and no other verdict is given.
    for section in summary["games"]
        .as_array()
        .unwrap()
        .iter()
        .chain([&summary["overall"]])
    {
        let rows = section["agents"].as_array().unwrap();
        assert_eq!(rows[0]["elo"].as_f64().unwrap(), elo, "{section}");
        assert!((rows[0]["elo_high"].as_f64().unwrap() - (elo + error)).abs() < 1e-9);
        assert_eq!(
            (rows[1]["standing"].as_str(), rows[1]["elo"].as_f64()),
            (Some("anchor"), Some(0.0))
        );
        assert!(section["degenerate"].is_null(), "{section}");
        let pairing = &section["crosstable"][0];
        assert_eq!(pairing["estimate"]["elo"].as_f64().unwrap(), elo);
        assert_eq!(pairing["first"], sprt["agents"][0]);
    }
    // The text: the SPRT's own line, the agent table, the crosstable and
    // the table by game all say the same Elo ± error, and one decision.
    let sprt_line = format!("Elo {elo:.2} ± {error:.2} (95%, pentanomial)");
    assert!(text.contains(&sprt_line), "no `{sprt_line}` in\n{text}");
    let short = format!("{elo:.0} ± {error:.0}");
    let candidate = sprt["agents"][0].as_str().unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(candidate))
        .collect();
    assert_eq!(
        rows.len(),
        3,
        "the agent, the pairing, the row by game: {rows:?}"
    );
    for row in &rows {
        assert!(row.contains(&short), "`{row}` lacks `{short}`");
    }
    assert_eq!(rows[2].matches(&short).count(), 2, "{}", rows[2]);
    assert!(!text.contains(&format!("-{short}")), "{text}");
    for verdict in ["inconclusive", "sweep:", "degenerate"] {
        assert!(
            !text.contains(verdict),
            "a second verdict, {verdict}, in\n{text}"
        );
    }
    assert_eq!(text.matches("accepted").count(), 1, "{text}");
    assert_eq!(text.matches("LLR").count(), 1, "{text}");
}

#[test]
fn an_sprt_run_stops_reports_and_refuses_another_test_on_resume() {
    let out = scratch("sprt-cli");
    let out_text = out.to_str().unwrap();
    let args = [
        "--games",
        "diffusion(width=4)",
        "--agents",
        "mcts(iterations=300)",
        "mcts(iterations=10)",
        "--opening-plies",
        "2",
        "--threads",
        "2",
        "--sprt",
        "elo0=0,elo1=10,alpha=0.05,beta=0.05",
        "--standings-every",
        "50",
        "--out",
        out_text,
    ];
    let run = arena_with(&args);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("H1 accepted"), "{}", run.stdout);
    assert!(run.stdout.contains("Ptnml(0-2): ["), "{}", run.stdout);
    // Standings come about every 50 games: exactly when depends on which
    // games two threads finish first.
    assert!(
        run.stderr.contains("arena: standings after "),
        "{}",
        run.stderr
    );
    let summary = summary(&out);
    let sprt = &summary["sprt"];
    assert_eq!(sprt["accepted"], "H1");
    let csv = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    assert!(
        csv.starts_with("game,first,second,games,wins,draws,losses,adjudicated,score,pairs,ptnml0")
    );
    one_verdict(&run.stdout, &summary);

    // The same command resumed plays nothing; another test is refused.
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let again = arena_with(&resumed);
    assert!(again.ok, "{}", again.stderr);
    assert!(
        again.stdout.contains("\n0 games played"),
        "{}",
        again.stdout
    );
    let mut other = resumed.clone();
    let at = other.iter().position(|a| a.starts_with("elo0=")).unwrap();
    other[at] = "elo0=0,elo1=5";
    let refused = arena_with(&other);
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("--sprt was elo0=0,elo1=10"),
        "{}",
        refused.stderr
    );
}

#[test]
fn bad_sprt_gauntlet_and_opening_options_are_refused_by_name() {
    let out = scratch("bad-tests");
    let suite = out.with_extension("txt");
    fs::write(&suite, "D\n\nD f x\n").unwrap();
    let out_text = out.to_str().unwrap();
    for (extra, says) in [
        (vec!["--sprt", "elo0=0"], "--sprt needs elo0 and elo1"),
        (
            vec!["--sprt", "elo0=0,elo1=10,alpha=2"],
            "alpha must lie between 0 and 0.5",
        ),
        (
            vec!["--gauntlet", "mcts"],
            "--gauntlet: `mcts` is none of --agents",
        ),
        (
            vec!["--openings", suite.to_str().unwrap()],
            ":3: neither moves from the start (move 3 `x` is not legal",
        ),
        (
            vec!["--anchor", "mcts"],
            "--anchor: `mcts` is none of the agents",
        ),
        (
            vec!["--sprt", "elo0=0,elo1=10", "--anchor", "mean"],
            "--anchor: an SPRT rates the candidate against the baseline",
        ),
        (
            vec!["--openings", "/no/such/file"],
            "--openings: /no/such/file: no such file",
        ),
        (
            vec!["--openings-order", "shuffled"],
            "neither sequential nor random",
        ),
        (
            vec![
                "--sprt",
                "elo0=0,elo1=10",
                "--agents",
                "random",
                "greedy",
                "mcts",
            ],
            "--sprt tests two agents on one 2-player game",
        ),
    ] {
        let mut args = vec![
            "--games",
            "diffusion",
            "--agents",
            "random",
            "greedy",
            "--out",
            out_text,
        ];
        if extra.contains(&"--agents") {
            args.truncate(2);
            args.extend_from_slice(&["--out", out_text]);
        }
        args.extend_from_slice(&extra);
        let run = arena_with(&args);
        assert!(!run.ok, "{extra:?} was accepted");
        assert!(run.stderr.contains(says), "{extra:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    assert!(!out.join("games.jsonl").exists());
    let _ = fs::remove_file(&suite);
}
