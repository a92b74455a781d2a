//! The study's own tests: a game of pure luck has no depth, Diffusion
//! has some and never draws, the exact values are the solver's, and a
//! study resumes, reruns and merges from shards to the same summary.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use tabula::Registry;
use tabula_testkit::test_games::Coin;

use super::*;
use crate::sweep;

fn folder(name: &str) -> PathBuf {
    let out = std::env::temp_dir().join(format!("tabula-study-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    out
}

fn coin_registry() -> Registry {
    Registry::builder().game::<Coin>().build()
}

/// The coin tossed by a random opening move, self-play and a ladder of
/// three steps.
fn coin_study(out: PathBuf) -> Config {
    Config {
        variants: vec!["coin".into()],
        agent: "mcts(iterations=8)".into(),
        games: 20,
        ladder: Some("mcts(iterations=4..32)".parse().unwrap()),
        ladder_games: 20,
        opening_plies: 1,
        threads: Some(2),
        out,
        ..Config::default()
    }
}

#[test]
fn a_game_of_pure_luck_has_no_depth() {
    let registry = coin_registry();
    let out = folder("coin");
    let mut stopped = None;
    let finished = run(&registry, &coin_study(out.clone()), |event| {
        if let Event::LadderStopped {
            step,
            skipped_games,
            ..
        } = event
        {
            stopped = Some((step.strong.clone(), skipped_games));
        }
    })
    .unwrap();
    let v = &finished.summary.variants[0];
    let depth = v.depth.as_ref().unwrap();
    assert_eq!((depth.depth, depth.open_ended), (0, false));
    // Both seat orders of a round start from the same toss: each round is
    // one win each, exactly even.
    let first = &depth.steps[0];
    assert_eq!(first.score.unwrap().value, 0.5);
    assert_eq!(
        (first.games, first.played, first.significant),
        (20, true, false)
    );
    assert!(depth.steps[1..].iter().all(|s| !s.played && s.games == 0));
    assert_eq!(stopped, Some(("mcts(iterations=8)".to_string(), 40)));
    let s = v.self_play.as_ref().unwrap();
    assert_eq!((s.games, s.finished), (20, 20));
    assert_eq!(s.completion.unwrap().value, 1.0);
    assert_eq!(s.plies.median.unwrap().value, 7.0);
    // The toss offers 2 moves, the six plies after it 3 each.
    assert!((s.branching.unwrap().value - 20.0 / 7.0).abs() < 1e-12);
    assert!(v.exact.is_none());
    assert_eq!(v.exact_note.as_deref(), Some("coin has no exact solver"));
    // The whole ladder, as shards play it, finds nothing either.
    let shards: Vec<PathBuf> = (0..2).map(|i| folder(&format!("coin-shard-{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let config = Config {
            shard: Some(Shard { index: i, count: 2 }),
            ..coin_study(dir.clone())
        };
        run(&registry, &config, |_| {}).unwrap();
    }
    let merged = folder("coin-merged");
    let summary = merge(&registry, &shards, &merged, |note| panic!("{note}")).unwrap();
    let depth = summary.variants[0].depth.as_ref().unwrap();
    assert_eq!(depth.depth, 0);
    for step in &depth.steps {
        assert_eq!(
            (step.games, step.score.unwrap().value),
            (20, 0.5),
            "{step:?}"
        );
    }
    for dir in shards.iter().chain([&out, &merged]) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn diffusion_has_depth_and_never_draws() {
    let registry = tabula_games::registry();
    let out = folder("diffusion");
    let config = Config {
        game: Some("diffusion(width=4)".into()),
        vary: vec!["stones=2,4".parse().unwrap()],
        agent: "mcts(iterations=100)".into(),
        games: 40,
        ladder: Some("mcts(iterations=16..32)".parse().unwrap()),
        ladder_games: 100,
        threads: Some(2),
        out: out.clone(),
        ..Config::default()
    };
    let finished = run(&registry, &config, |_| {}).unwrap();
    for v in &finished.summary.variants {
        let s = v.self_play.as_ref().unwrap();
        // Diffusion's rules allow no draw, and every game ends.
        assert_eq!((s.games, s.finished), (40, 40), "{}", v.label);
        assert_eq!(s.draws.unwrap().value, 0.0);
        let seats: f64 = s.seats.iter().map(|i| i.value).sum();
        assert!((seats - 1.0).abs() < 1e-9);
        assert!(s.drama.games == 40 && s.drama.lead_changes.is_some());
        let depth = v.depth.as_ref().unwrap();
        assert_eq!(depth.depth, 1, "{}: {:?}", v.label, depth.steps);
        assert!(depth.open_ended);
    }
    assert_eq!(finished.summary.variants[1].label, "stones=4");
    let text = table(&finished.summary);
    assert!(text.contains("win in 53"), "{text}");
    for file in [
        "study.json",
        "summary.json",
        "summary.csv",
        "summary.txt",
        "balance.svg",
        "depth.svg",
    ] {
        assert!(out.join(file).is_file(), "no {file}");
    }
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn exact_values_are_the_solvers() {
    let registry = tabula_games::registry();
    let out = folder("exact");
    let config = Config {
        variants: vec![
            "diffusion(width=4,stones=1)".into(),
            "diffusion(width=4,stones=4)".into(),
            "kalah(pits=3,seeds=2)".into(),
        ],
        games: 0,
        ladder: None,
        out: out.clone(),
        ..Config::default()
    };
    let finished = run(&registry, &config, |_| {}).unwrap();
    assert_eq!(finished.played_now, 0);
    let [one, four, kalah] = &finished.summary.variants[..] else {
        panic!("three variants");
    };
    // docs/results/solving.md: the starts are wins in 21 and 53.
    assert_eq!(one.exact.as_ref().unwrap().text(), "win in 21");
    assert_eq!(four.exact.as_ref().unwrap().text(), "win in 53");
    for v in [one, four] {
        let start = registry.create(&v.variant).unwrap();
        let solver = registry.solver("diffusion").unwrap();
        let table = solver.solve(start.as_ref(), None, None).unwrap();
        let analysis = solver.analyse(&table, start.as_ref()).unwrap();
        let exact = v.exact.as_ref().unwrap();
        assert_eq!(exact.distance, analysis.entry.plies);
        let kept = analysis
            .moves
            .iter()
            .filter(|(_, e)| e.value == analysis.entry.value)
            .count();
        assert_eq!(exact.forgiveness, kept as f64 / analysis.moves.len() as f64);
        assert!(exact.forgiveness > 0.0 && exact.forgiveness < 1.0);
    }
    let start = registry.create(&kalah.variant).unwrap();
    let solver = registry.margin_solver("kalah").unwrap();
    let table = solver.solve(start.as_ref(), None).unwrap();
    let analysis = solver.analyse(&table, start.as_ref()).unwrap();
    let exact = kalah.exact.as_ref().unwrap();
    // docs/solving.md: Kalah 3 × 2 is +4 for South.
    assert_eq!((exact.margin, analysis.margin), (Some(4), 4));
    assert_eq!(exact.moves.len(), analysis.moves.len());
    // Under a lower limit the table is not solved, and the note says why.
    let small = Config {
        exact_positions: 1000,
        out: folder("exact-small"),
        ..config
    };
    let summary = run(&registry, &small, |_| {}).unwrap().summary;
    assert!(summary.variants[0].exact.is_none());
    let note = summary.variants[0].exact_note.clone().unwrap();
    assert!(note.contains("over --exact-positions 1000"), "{note}");
    for dir in [out, small.out] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A small Diffusion study with self-play and a one-step ladder.
fn small_study(out: PathBuf) -> Config {
    Config {
        variants: vec!["diffusion(width=4,stones=2)".into()],
        agent: "mcts(iterations=30)".into(),
        games: 16,
        ladder: Some("mcts(iterations=4..8)".parse().unwrap()),
        ladder_games: 12,
        threads: Some(2),
        out,
        ..Config::default()
    }
}

#[test]
fn a_study_resumes_reruns_and_merges_to_the_same_summary() {
    let registry = tabula_games::registry();
    let whole = folder("whole");
    let expected = run(&registry, &small_study(whole.clone()), |_| {}).unwrap();
    assert_eq!(expected.played_now, 16 + 12);
    // Without --resume the folder is not played into again.
    let refused = run(&registry, &small_study(whole.clone()), |_| {}).unwrap_err();
    assert!(refused.contains("holds a study already"), "{refused}");

    // Interrupted after 10 games, then resumed: the same summary.
    let cut = folder("cut");
    let stop = AtomicBool::new(false);
    let mut seen = 0;
    let first = run_until(&registry, &small_study(cut.clone()), &stop, |event| {
        if let Event::GameFinished { .. } = event {
            seen += 1;
            if seen == 10 {
                stop.store(true, Ordering::Relaxed);
            }
        }
    })
    .unwrap();
    assert!(first.interrupted);
    let resumed = Config {
        resume: true,
        ..small_study(cut.clone())
    };
    let mut plan = None;
    let again = run(&registry, &resumed, |event| {
        if let Event::Started(p) = event {
            plan = Some(p.clone());
        }
    })
    .unwrap();
    assert_eq!(plan.unwrap().already_played, first.played_now);
    assert_eq!(first.played_now + again.played_now, 28);
    assert_eq!(json(&again.summary), json(&expected.summary));
    // Other settings are refused, naming them.
    let other = Config {
        games: 18,
        ..resumed
    };
    let refused = run(&registry, &other, |_| {}).unwrap_err();
    assert!(refused.contains("--games was 16"), "{refused}");

    // Rerun from its own study.json: the same games.
    let file = StudyFile::read(&whole.join(SETTINGS_FILE)).unwrap();
    let rerun_dir = folder("rerun");
    let rerun = file.apply(
        Config {
            out: rerun_dir.clone(),
            threads: Some(1),
            ..Config::default()
        },
        &Given {
            out: true,
            threads: true,
            ..Given::default()
        },
    );
    let rerun = run(&registry, &rerun, |_| {}).unwrap();
    assert_eq!(json(&rerun.summary), json(&expected.summary));

    // Three shards, merged.
    let shards: Vec<PathBuf> = (0..3).map(|i| folder(&format!("shard-{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let config = Config {
            shard: Some(Shard { index: i, count: 3 }),
            ..small_study(dir.clone())
        };
        let part = run(&registry, &config, |_| {}).unwrap();
        assert_eq!(part.summary.shard, config.shard);
    }
    let merged = folder("merged");
    // Two shards are not the whole study: the error says which is missing.
    let error = merge(&registry, &shards[..2], &merged, |_| {}).unwrap_err();
    assert!(error.contains("shard 2/3"), "{error}");
    let _ = std::fs::remove_dir_all(&merged);
    let summary = merge(&registry, &shards, &merged, |note| panic!("{note}")).unwrap();
    assert_eq!(json(&summary), json(&expected.summary));
    assert_eq!(json(&rebuild(&registry, &merged).unwrap()), json(&summary));
    for dir in shards.iter().chain([&whole, &cut, &rerun_dir, &merged]) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn bad_settings_name_their_option_and_write_nothing() {
    let registry = tabula_games::registry();
    let out = folder("bad");
    let good = small_study(out.clone());
    for (config, expected) in [
        (
            Config {
                variants: vec![],
                ..good.clone()
            },
            "a study needs a game",
        ),
        (
            Config {
                variants: vec!["go".into()],
                ..good.clone()
            },
            "unknown game `go`",
        ),
        (
            Config {
                variants: vec!["diffusion".into(), "diffusion(stones=4)".into()],
                ..good.clone()
            },
            "`diffusion` is given twice",
        ),
        (
            Config {
                agent: "human".into(),
                ..good.clone()
            },
            "--agent: `human`",
        ),
        (
            Config {
                agent: "mcts(iterations=-3)".into(),
                ..good.clone()
            },
            "--agent:",
        ),
        (
            Config {
                ladder: Some("greedy(depth=1..4)".parse().unwrap()),
                ..good.clone()
            },
            "--ladder:",
        ),
        (
            Config {
                game: Some("diffusion".into()),
                variants: vec![],
                vary: vec!["width=4,5".parse().unwrap()],
                ..good.clone()
            },
            "--vary width=5",
        ),
        (
            Config {
                threads: Some(0),
                ..good.clone()
            },
            "--threads must be at least 1",
        ),
        (
            Config {
                dbs: vec![out.join("missing.db")],
                ..good.clone()
            },
            "missing.db: no such file",
        ),
        (
            Config {
                opening_plies: 1000,
                ..good.clone()
            },
            "--opening-plies must be below --max-plies",
        ),
    ] {
        let error = run(&registry, &config, |_| panic!("an event")).unwrap_err();
        assert!(error.contains(expected), "{error}");
    }
    assert!(!out.exists(), "a refused study wrote its folder");
}

#[test]
fn sweeps_make_every_combination_in_order_and_label_them() {
    let registry = tabula_games::registry();
    let sweeps: Vec<Vary> = vec![
        "width=4,6".parse().unwrap(),
        "stones=1,2,3".parse().unwrap(),
    ];
    let variants = sweep::expand(&registry, "diffusion(blocks=rows)", &sweeps).unwrap();
    assert_eq!(variants.len(), 6);
    assert_eq!(variants[0], "diffusion(width=4,stones=1,blocks=rows)");
    assert_eq!(variants[5], "diffusion(stones=3,blocks=rows)");
    let starts: Vec<_> = variants
        .iter()
        .map(|v| registry.create(v).unwrap())
        .collect();
    let labels = sweep::labels(&starts);
    assert_eq!(labels[0], "width=4,stones=1");
    assert_eq!(labels[4], "width=6,stones=2");
    // Across games, the names tell them apart.
    let mixed: Vec<_> = ["diffusion", "kalah"]
        .iter()
        .map(|v| registry.create(v).unwrap())
        .collect();
    assert_eq!(sweep::labels(&mixed), ["diffusion", "kalah"]);
    for bad in ["stones", "=1,2", "stones=1,,2", "stones=1,1", "st ones=1"] {
        assert!(bad.parse::<Vary>().is_err(), "{bad}");
    }
    assert_eq!(
        "stones = 1, 2".parse::<Vary>().unwrap().to_string(),
        "stones=1,2"
    );
    let twice = sweep::expand(
        &registry,
        "diffusion",
        &[sweeps[0].clone(), sweeps[0].clone()],
    );
    assert!(twice.unwrap_err().contains("swept twice"));
}

#[test]
fn a_ladder_is_an_agent_with_one_range_of_doublings() {
    let ladder: Ladder = "mcts(iterations=16..100,c=1.2)".parse().unwrap();
    assert_eq!(ladder.budgets(), [16, 32, 64]);
    assert_eq!(ladder.agent(32), "mcts(c=1.2,iterations=32)");
    assert_eq!(ladder.to_string(), "mcts(c=1.2,iterations=16..100)");
    for bad in [
        "mcts",
        "mcts(iterations=16)",
        "mcts(iterations=16..31)",
        "mcts(iterations=0..4)",
        "mcts(iterations=1..2,time=1..2)",
        "mcts(iterations=x..8)",
        "mcts(iterations=1..99999999999999)",
    ] {
        assert!(bad.parse::<Ladder>().is_err(), "{bad}");
    }
}
