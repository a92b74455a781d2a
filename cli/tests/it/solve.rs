//! `tabula solve`, the REPL's `solve` and `tabula analyse`, run as a user
//! would, on Diffusion width 4 (its database is built once per run).

use serde_json::Value;

use crate::common::{read_json, read_svg, records, scratch, tabula, width4_db as db, Run};

#[test]
fn queries_print_one_json_line_per_position() {
    let run = tabula(
        &[
            "solve",
            "diffusion(width=4)",
            "--db",
            db(),
            "--query",
            "4444/4444 A",
            "1000/0100 B",
            "0010/0000 A",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    // Only the answers on stdout; the report went to stderr.
    assert!(run.stderr.contains("loaded"), "{}", run.stderr);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    let start = &lines[0];
    assert_eq!(start["position"], "4444/4444 A");
    assert_eq!(start["value"], "win");
    let plies = start["plies"].as_u64().unwrap();
    let moves = start["moves"].as_object().unwrap();
    assert_eq!(
        moves.keys().cloned().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "A", "B", "C", "D"]
    );
    // The position's value is its best move's.
    assert!(moves
        .values()
        .any(|m| m["value"] == "win" && m["plies"].as_u64() == Some(plies)));
    assert!(moves
        .values()
        .all(|m| m["value"] != "win" || m["plies"].as_u64() >= Some(plies)));
    // Every move has a value and a distance (width 4 has no draws).
    for m in moves.values() {
        assert!(m["plies"].is_u64(), "{m}");
    }
    // A finished game: the side to move has won (its block is empty).
    let over = &lines[2];
    assert_eq!(over["value"], "win");
    assert_eq!(over["plies"], 0);
    assert_eq!(over["moves"], serde_json::json!({}));
    assert_eq!(lines[1]["position"], "1000/0100 B");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    // A malformed position: nothing is printed on stdout.
    let run = tabula(
        &[
            "solve",
            "diffusion(width=4)",
            "--db",
            db(),
            "--query",
            "4444/4444 A",
            "44/44 A",
        ],
        "",
    );
    assert!(!run.ok);
    assert!(run.stderr.contains("needs 4 cells"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    // The database of another variant.
    let run = tabula(
        &["solve", "diffusion(width=4,blocks=rows)", "--db", db()],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("not diffusion(width=4,blocks=rows)"),
        "{}",
        run.stderr
    );
    // A game without a solver, a board too wide.
    let run = tabula(&["solve", "calcala"], "");
    assert!(
        run.stderr
            .contains("calcala has no solver (solvable: diffusion); by score margin: kalah"),
        "{}",
        run.stderr
    );
    let run = tabula(&["solve", "diffusion(width=8)"], "");
    assert!(run.stderr.contains("2.82 TB"), "{}", run.stderr);
    // A table of the first layers answers for those only.
    let run = tabula(
        &[
            "solve",
            "diffusion(width=4)",
            "--layers",
            "10",
            "--query",
            "0001/1000 A",
            "4444/4444 A",
        ],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("first 10 layers: 22,990 positions"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("holds only the first 10 layers"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("beyond the layers solved"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
    // A damaged file is refused and left as it is, never rebuilt over.
    let damaged = scratch("damaged.db");
    let mut bytes = std::fs::read(db()).unwrap();
    bytes.truncate(bytes.len() - 7);
    std::fs::write(&damaged, &bytes).unwrap();
    let run = tabula(
        &[
            "solve",
            "diffusion(width=4)",
            "--db",
            damaged.to_str().unwrap(),
        ],
        "",
    );
    assert!(!run.ok);
    assert!(run.stderr.contains("truncated"), "{}", run.stderr);
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
    let _ = std::fs::remove_file(&damaged);
}

#[test]
fn the_repl_shows_exact_values_once_a_database_is_loaded() {
    let script = format!(
        "new diffusion(width=4)\nsolve\nsolve load {}\nsolve\nplay D\nsolve\nnew diffusion\nsolve\nsolve frob\n",
        db()
    );
    let run = tabula(&["play"], &script);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no database loaded: `solve load FILE`"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("loaded"), "{}", run.stdout);
    assert!(
        run.stdout.contains("South to move: win in"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(best)"), "{}", run.stdout);
    // South played D, a loss in 50: North wins in 49.
    assert!(
        run.stdout.contains("North to move: win in 49"),
        "{}",
        run.stdout
    );
    // Another variant: the loaded database does not cover it.
    assert!(
        run.stderr.contains("not diffusion(width=6"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("usage: solve"), "{}", run.stderr);
}

/// Three rounds of `random` against `perfect(db=DB)` at `game` into `out`
/// (with the arena's options `extra`), then `tabula analyse` of them
/// against `db`: the analysis run, done.
fn random_against_perfect(game: &str, db: &str, out: &std::path::Path, extra: &[&str]) -> Run {
    let perfect = format!("perfect(db={db})");
    let out = out.to_str().unwrap();
    let mut args = vec![
        "arena",
        "--games",
        game,
        "--agents",
        "random",
        &perfect,
        "--rounds",
        "3",
        "--threads",
        "2",
        "--out",
        out,
    ];
    args.extend(extra);
    let run = tabula(&args, "");
    assert!(run.ok, "{}", run.stderr);
    let run = tabula(&["analyse", out, "--db", db], "");
    assert!(run.ok, "{}", run.stderr);
    run
}

#[test]
fn analyse_judges_every_agent_against_perfect_play() {
    let out = scratch("arena");
    let _ = std::fs::remove_dir_all(&out);
    let run = random_against_perfect("diffusion(width=4,stones=2)", db(), &out, &[]);
    assert!(run.stdout.contains("6 games judged"), "{}", run.stdout);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("accuracy.json")).unwrap()).unwrap();
    let agents = report["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 2);
    let by_name = |name: &str| {
        agents
            .iter()
            .find(|a| a["agent"].as_str().unwrap().starts_with(name))
            .unwrap()
    };
    // Perfect play never gives anything away and always picks a best move.
    let best = by_name("perfect");
    assert!(best["moves"].as_u64().unwrap() > 0);
    assert_eq!(
        best["kept"],
        best["from_won"].as_u64().unwrap() + best["from_drawn"].as_u64().unwrap()
    );
    assert_eq!(best["perfect"], best["moves"]);
    assert_eq!(best["won_to_lost"], 0);
    // Random's moves add up, by phase too.
    let random = by_name("random");
    let moves = random["moves"].as_u64().unwrap();
    let phases: u64 = ["opening", "middle", "ending"]
        .iter()
        .map(|p| random["phases"][p]["moves"].as_u64().unwrap())
        .sum();
    assert_eq!(phases, moves);
    assert_eq!(
        random["from_won"].as_u64().unwrap()
            + random["from_drawn"].as_u64().unwrap()
            + random["from_lost"].as_u64().unwrap(),
        moves
    );
    // Every share is given with its Wilson interval, which stays open below
    // even for perfect play (a normal interval would collapse to ± 0).
    assert!(!run.stdout.contains('±'), "{}", run.stdout);
    let perfect_row = run
        .stdout
        .lines()
        .find(|l| l.starts_with("perfect"))
        .unwrap();
    assert!(perfect_row.contains("100.0% ("), "{}", run.stdout);
    assert!(!perfect_row.contains("(100.0–100.0)"), "{}", run.stdout);
    let (svg, texts) = read_svg(&out.join("accuracy.svg"));
    assert!(texts.iter().any(|t| t == "random"), "{svg}");
    assert!(texts.iter().any(|t| t.starts_with("100.0% (")), "{svg}");
    // A database of another variant judges nothing.
    let other = scratch("other-arena");
    let _ = std::fs::remove_dir_all(&other);
    let run = tabula(
        &[
            "arena",
            "--games",
            "diffusion(width=6,stones=1)",
            "--agents",
            "random",
            "mcts(iterations=10)",
            "--rounds",
            "1",
            "--out",
            other.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let run = tabula(&["analyse", other.to_str().unwrap(), "--db", db()], "");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no game of diffusion(width=4"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&other);
}

/// Only the moves agents chose are judged: a tournament's opening plies,
/// random or from a suite, are counted apart, so `perfect` keeps the value
/// with every move of its own, whatever opening it was handed.
#[test]
fn analyse_judges_only_the_moves_agents_chose() {
    let suite = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/openings/diffusion-width4.txt"
    );
    for (name, extra) in [
        ("random-openings", ["--opening-plies", "4"]),
        ("suite-openings", ["--openings", suite]),
    ] {
        let out = scratch(name);
        let run = random_against_perfect("diffusion(width=4)", db(), &out, &extra);
        assert!(run.stdout.contains("6 games judged"), "{}", run.stdout);
        assert!(
            run.stdout.contains("opening plies chosen by no agent"),
            "{}",
            run.stdout
        );
        let report = read_json(&out.join("accuracy.json"));
        let agents = report["agents"].as_array().unwrap();
        let best = agents
            .iter()
            .find(|a| a["agent"].as_str().unwrap().starts_with("perfect"))
            .unwrap();
        let at_stake = best["from_won"].as_u64().unwrap() + best["from_drawn"].as_u64().unwrap();
        assert!(at_stake > 0, "{best}");
        assert_eq!(best["kept"], at_stake, "{name}: {best}");
        assert_eq!(best["accuracy"]["value"], 1.0, "{name}: {best}");
        for lost in ["won_to_drawn", "won_to_lost", "drawn_to_lost"] {
            assert_eq!(best[lost], 0, "{name}: {best}");
        }
        assert_eq!(best["perfect"], best["moves"], "{name}: {best}");
        let row = run
            .stdout
            .lines()
            .find(|l| l.starts_with("perfect"))
            .unwrap();
        assert!(row.contains(" 100.0% ("), "{}", run.stdout);
        // The opening plies and the agents' moves make up every ply played.
        let opening = report["opening_plies"].as_u64().unwrap();
        assert!(opening >= 6, "{report}");
        let moves: u64 = agents.iter().map(|a| a["moves"].as_u64().unwrap()).sum();
        let plies: u64 = records(&out)
            .values()
            .map(|r| r["plies"].as_u64().unwrap())
            .sum();
        assert_eq!(moves + opening, plies, "{report}");
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Kalah is solved by score margin: the start's margin is reported, a
/// query gives every move's exact margin for the side to move, the saved
/// table loads back, and bad input is refused with the reason.
#[test]
fn kalah_is_solved_by_margin() {
    let dir = scratch("kalah-margins");
    let file = dir.join("k22.db");
    let file = file.to_str().unwrap();
    let run = tabula(&["solve", "kalah(pits=2,seeds=2)", "--db", file], "");
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("495 positions in 9 layers"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("South to move secures a margin of -2"),
        "{}",
        run.stdout
    );
    // Loaded, not rebuilt; North's view includes the stores so far.
    let run = tabula(
        &[
            "solve",
            "kalah(pits=2,seeds=2)",
            "--db",
            file,
            "--query",
            "2,2/2,2 0,0 S",
            "1,0/0,3 2,2 N",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stderr.contains("loaded"), "{}", run.stderr);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0],
        serde_json::json!({"position": "2,2/2,2 0,0 S", "margin": -2, "moves": {"A": -4, "B": -2}})
    );
    assert_eq!(lines[1]["margin"], -2);
    // The table of 8 seeds answers a game of fewer, not of more.
    let run = tabula(&["solve", "kalah(pits=2,seeds=1)", "--db", file], "");
    assert!(run.ok, "{}", run.stderr);
    let run = tabula(&["solve", "kalah(pits=2,seeds=3)", "--db", file], "");
    assert!(
        run.stderr
            .contains("up to 8 seeds on the board, this game has 12"),
        "{}",
        run.stderr
    );
    // Another game's database, --layers, a variant too large.
    let run = tabula(&["solve", "kalah(pits=4)", "--db", db()], "");
    assert!(
        run.stderr.contains("not a Tabula margin database"),
        "{}",
        run.stderr
    );
    let run = tabula(&["solve", "kalah(pits=2)", "--layers", "3"], "");
    assert!(
        run.stderr.contains("--layers is for win/loss tables"),
        "{}",
        run.stderr
    );
    let run = tabula(&["solve", "kalah(pits=8,seeds=12)"], "");
    assert!(run.stderr.contains("at most 127"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With a Kalah margin table, `analyse` reports the margin each agent's
/// moves give up: none for `perfect`, which also plays in the arena by it.
#[test]
fn analyse_reports_the_margin_lost_per_move_in_kalah() {
    let dir = scratch("kalah-analyse");
    let _ = std::fs::remove_dir_all(&dir);
    let (out, db32, db22) = (dir.join("arena"), dir.join("k32.db"), dir.join("k22.db"));
    for (spec, file) in [
        ("kalah(pits=3,seeds=2)", &db32),
        ("kalah(pits=2,seeds=2)", &db22),
    ] {
        let run = tabula(&["solve", spec, "--db", file.to_str().unwrap()], "");
        assert!(run.ok, "{}", run.stderr);
    }
    let db32 = db32.to_str().unwrap();
    let run = random_against_perfect("kalah(pits=3,seeds=2)", db32, &out, &[]);
    assert!(run.stdout.contains("6 games judged"), "{}", run.stdout);
    assert!(run.stdout.contains("lost/move"), "{}", run.stdout);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("accuracy.json")).unwrap()).unwrap();
    assert_eq!(
        report["solves"],
        "kalah(pits=3,empty_capture=on) up to 12 seeds, by score margin"
    );
    let agents = report["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 2);
    let by_name = |name: &str| {
        agents
            .iter()
            .find(|a| a["agent"].as_str().unwrap().starts_with(name))
            .unwrap()
    };
    // Perfect play keeps the best margin at every move.
    let best = by_name("perfect");
    assert!(best["moves"].as_u64().unwrap() > 0);
    assert_eq!(best["perfect"], best["moves"]);
    assert_eq!(best["margin_lost"], 0);
    for lost in ["won_to_drawn", "won_to_lost", "drawn_to_lost"] {
        assert_eq!(best[lost], 0, "{best}");
    }
    assert_eq!(best["mean_margin_lost"], 0.0);
    // Random gives margin away; its counts add up, by phase too.
    let random = by_name("random");
    let moves = random["moves"].as_u64().unwrap();
    let lost = random["margin_lost"].as_u64().unwrap();
    assert!(
        lost > 0 && random["perfect"].as_u64().unwrap() < moves,
        "{random}"
    );
    let mean = random["mean_margin_lost"].as_f64().unwrap();
    assert!((mean - lost as f64 / moves as f64).abs() < 1e-9, "{random}");
    let (phase_moves, phase_lost) =
        ["opening", "middle", "ending"]
            .iter()
            .fold((0, 0), |(m, l), p| {
                let phase = &random["phases"][p];
                (
                    m + phase["moves"].as_u64().unwrap(),
                    l + phase["margin_lost"].as_u64().unwrap(),
                )
            });
    assert_eq!((phase_moves, phase_lost), (moves, lost));
    let (svg, texts) = read_svg(&out.join("accuracy.svg"));
    assert!(texts.iter().any(|t| t == "random"), "{svg}");
    assert!(
        texts.iter().any(|t| t.contains("keep the best margin")),
        "{svg}"
    );
    // A table of another variant, or a win/loss table, judges nothing.
    let run = tabula(
        &[
            "analyse",
            out.to_str().unwrap(),
            "--db",
            db22.to_str().unwrap(),
        ],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no game of kalah(pits=2"),
        "{}",
        run.stderr
    );
    let run = tabula(&["analyse", out.to_str().unwrap(), "--db", db()], "");
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no game of diffusion"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With a database loaded, the REPL uses it: `hint` gives perfect play's
/// move and every move's exact value (no search that could pick a losing
/// move), an agent's move is shown beside what it kept, and a proven
/// result reads as one.
#[test]
fn the_repl_uses_a_loaded_database_for_hints_and_agents() {
    let script = format!(
        "new diffusion(width=4)\nhint\nsolve load {db}\nhint\nagent 2 mcts(iterations=30)\nB\n\
         agent 2 perfect(db={db})\nundo 2\nA\n",
        db = db()
    );
    let run = tabula(&["play"], &script);
    assert!(run.ok, "{}", run.stderr);
    let out = &run.stdout;
    // Before the database: the search's hint. After: the database's.
    assert!(out.contains("hint: ") && out.contains(" (mcts)"), "{out}");
    let exact = out
        .split("hint: a (perfect play, from the database)\n")
        .nth(1);
    let exact = exact.unwrap_or_else(|| panic!("{out}"));
    // As `tabula solve --query "4444/4444 A"` gives it: a and A win in 53.
    assert!(
        exact.starts_with(
            "South to move: win in 53\n  a      win in 53  (best)\n  A      win in 53  (best)\n"
        ),
        "{out}"
    );
    assert!(exact.contains("  b      loss in 52\n"), "{out}");
    // MCTS's move, and the database's word on it.
    let mcts = out.lines().find(|l| l.starts_with("North (mcts")).unwrap();
    assert!(
        mcts.contains("  [value ") && mcts.contains("  [database: "),
        "{out}"
    );
    // `perfect` proves its result with the distance: no fraction.
    let perfect = out
        .lines()
        .find(|l| l.starts_with("North (perfect"))
        .unwrap();
    assert!(perfect.contains("  [proven "), "{out}");
    assert!(!perfect.contains("value"), "{out}");
    assert!(perfect.contains(", a best move]"), "{out}");
}

/// The REPL's `solve` shows Kalah's margins from a margin table: the
/// position's and each move's, best first.
#[test]
fn the_repl_shows_kalahs_margins() {
    let dir = scratch("kalah-repl");
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("k22.db");
    let file = file.to_str().unwrap();
    let run = tabula(&["solve", "kalah(pits=2,seeds=2)", "--db", file], "");
    assert!(run.ok, "{}", run.stderr);
    let script = format!(
        "new kalah(pits=2,seeds=2)\nsolve\nsolve load {file}\nsolve\nplay A\nsolve\nnew kalah(pits=3)\nsolve\nsolve load {}\n",
        db()
    );
    let run = tabula(&["play"], &script);
    assert!(
        run.stderr.contains("no database loaded: `solve load FILE`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("loaded ")
            && run
                .stdout
                .contains(": kalah(pits=2,empty_capture=on) up to 8 seeds"),
        "{}",
        run.stdout
    );
    // As `tabula solve --query` gives: B secures -2, A -4.
    assert!(
        run.stdout.contains("South to move secures a margin of -2"),
        "{}",
        run.stdout
    );
    let lines: Vec<&str> = run.stdout.lines().map(str::trim).collect();
    let b = lines.iter().position(|l| *l == "B      -2  (best)");
    let a = lines.iter().position(|l| *l == "A      -4");
    assert!(
        matches!((b, a), (Some(b), Some(a)) if b < a),
        "{}",
        run.stdout
    );
    // A ends in South's store: South moves again, and secures what A did.
    assert!(
        run.stdout.contains("South to move secures a margin of -4"),
        "{}",
        run.stdout
    );
    // Another variant: the loaded table does not cover it; a win/loss
    // table is refused.
    assert!(
        run.stderr
            .contains("the database solves kalah(pits=2,empty_capture=on), which does not hold"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("not a Tabula margin database"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
/// A build whose table would be large and thrown away (no `--db`) is
/// refused before it starts, with what it would take; `--db` keeps it,
/// `--no-save` builds it anyway, a small one needs neither, and a `--db`
/// that cannot be written is refused before the build, not after it.
#[test]
fn a_large_build_without_db_asks_first() {
    for (spec, size) in [
        (
            "diffusion",
            "a database of 2.45 GB, and about 4.77 GB of memory",
        ),
        ("kalah(pits=4,seeds=4)", "76.9 MB"),
    ] {
        let run = tabula(&["solve", spec], "");
        assert!(!run.ok);
        assert!(run.stderr.contains(size), "{}", run.stderr);
        assert!(
            run.stderr.contains("Give --db FILE to keep it")
                && run.stderr.contains("--no-save to build it anyway"),
            "{}",
            run.stderr
        );
        assert!(!run.stdout.contains("solved in"), "{}", run.stdout);
    }
    let run = tabula(&["solve", "diffusion"], "");
    assert!(
        run.stderr.contains(
            "solving diffusion(width=6,blocks=halves) builds a table of 2,176,782,336 positions"
        ),
        "{}",
        run.stderr
    );
    // A small table is built and reported without either.
    let run = tabula(&["solve", "kalah(pits=3,seeds=3)"], "");
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("18 seeds by margin on ")
            && run
                .stdout
                .contains("134,596 positions, a database of 0.1 MB")
            && run.stdout.contains("solved in"),
        "{}",
        run.stdout
    );
    // Asked for: built and thrown away; with --db, a conflict.
    let run = tabula(&["solve", "kalah(pits=3,seeds=3)", "--no-save"], "");
    assert!(run.ok, "{}", run.stderr);
    let run = tabula(&["solve", "diffusion", "--no-save", "--db", "x.db"], "");
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    // A --db where nothing can be written (a link to nothing, which is
    // no file to load either): refused before the build.
    let dir = scratch("solve-unwritable");
    std::fs::create_dir_all(&dir).unwrap();
    let dangling = dir.join("dangling.db");
    std::os::unix::fs::symlink("nowhere", &dangling).unwrap();
    let run = tabula(
        &[
            "solve",
            "kalah(pits=3,seeds=3)",
            "--db",
            dangling.to_str().unwrap(),
        ],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("symbolic link to nothing"),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.contains("solving"), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
