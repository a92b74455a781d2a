use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::json;
use tabula::solve::{Entry, Value};
use tabula::{GameRecord, Registry};

use crate::*;

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(tabula_games::registry)
}

/// A file name of this test process's own in the temporary directory.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-judge-{}-{name}", std::process::id()))
}

/// Kalah with two pits of two seeds, solved by score margin: 495 positions.
fn kalah_db() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let game = registry().create("kalah(pits=2,seeds=2)").unwrap();
        let solver = registry().margin_solver("kalah").unwrap();
        let file = scratch("kalah-2-2.db");
        solver
            .solve(game.as_ref(), None)
            .unwrap()
            .save(&file)
            .unwrap();
        file
    })
}

/// Diffusion with four pits a side, solved win/loss: 1.7 million positions.
fn diffusion_db() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let game = registry().create("diffusion(width=4)").unwrap();
        let solver = registry().solver("diffusion").unwrap();
        let file = scratch("diffusion-w4.db");
        solver
            .solve(game.as_ref(), None, None)
            .unwrap()
            .save(&file)
            .unwrap();
        file
    })
}

/// The first legal move, again and again, up to `plies` moves or the end.
fn first_moves(game: &str, plies: usize) -> Vec<String> {
    let mut state = registry().create(game).unwrap();
    let mut moves = Vec::new();
    while moves.len() < plies && state.outcome().is_none() {
        let mv = state.legal_moves()[0].clone();
        moves.push(state.play(&mv).unwrap());
    }
    moves
}

/// A record of `moves` in `game` with a tournament's counts: `made` moves
/// by each seat's agent.
fn record(
    game: &str,
    moves: &[impl ToString],
    agents: &[&str],
    made: Option<[u64; 2]>,
) -> GameRecord {
    let start = registry().create(game).unwrap();
    let mut record = GameRecord::new(
        start.as_ref(),
        true,
        moves.iter().map(ToString::to_string).collect(),
    );
    record.agents = agents.iter().map(|a| a.to_string()).collect();
    if let Some(made) = made {
        record.extra.insert("moves_made".into(), json!(made));
    }
    record
}

#[test]
fn exact_values_come_best_first_from_either_kind_of_table() {
    let kalah = Database::open(registry(), kalah_db()).unwrap();
    assert!(kalah.by_margin());
    assert_eq!(
        kalah.solves(),
        "kalah(pits=2,empty_capture=on) up to 8 seeds, by score margin"
    );
    let start = registry().create("kalah(pits=2,seeds=2)").unwrap();
    let exact = kalah.exact(start.as_ref()).unwrap();
    assert_eq!(exact.value, ExactValue::Margin(-2));
    let moves: Vec<_> = exact
        .moves
        .iter()
        .map(|m| (m.mv.as_str(), m.best))
        .collect();
    assert_eq!(moves, [("B", true), ("A", false)]);
    assert_eq!(exact.value.to_string(), "margin -2");
    assert_eq!(
        serde_json::to_value(exact.value).unwrap(),
        json!({"result": "loss", "margin": -2, "text": "margin -2"})
    );

    let diffusion = Database::open(registry(), diffusion_db()).unwrap();
    assert!(!diffusion.by_margin());
    let start = registry().create("diffusion(width=4)").unwrap();
    let exact = diffusion.exact(start.as_ref()).unwrap();
    // As `tabula solve --query "4444/4444 A"` gives it (docs/solving.md).
    assert_eq!(exact.value, ExactValue::Result(Entry::win(53)));
    let best: Vec<_> = exact
        .moves
        .iter()
        .filter(|m| m.best)
        .map(|m| &m.mv)
        .collect();
    assert_eq!(best, ["a", "A"]);
    assert!(exact
        .moves
        .windows(2)
        .all(|pair| pair[0].value.better(pair[1].value).is_le()));
    assert_eq!(
        serde_json::to_value(exact.moves.last().unwrap().value).unwrap(),
        json!({"result": "loss", "plies": 50, "text": "loss in 50"})
    );
    // What each move keeps: a best move everything, a losing one the win.
    let kept = exact.judge("a").unwrap();
    assert!(kept.perfect && kept.kept() && kept.lost.is_none());
    assert_eq!(kept.margin_lost, None);
    let lost = exact.judge("b").unwrap();
    assert_eq!(lost.played, ExactValue::Result(Entry::loss(52)));
    assert_eq!((lost.perfect, lost.lost), (false, Some(Lost::WonToLost)));
    assert_eq!(lost.best, ["a", "A"]);
    assert!(exact.judge("z").is_none());
}

#[test]
fn a_database_answers_only_for_what_it_covers() {
    let kalah = Database::open(registry(), kalah_db()).unwrap();
    let diffusion = Database::open(registry(), diffusion_db()).unwrap();
    let fewer = registry().create("kalah(pits=2,seeds=1)").unwrap();
    let more = registry().create("kalah(pits=2,seeds=3)").unwrap();
    let wider = registry().create("kalah(pits=3,seeds=1)").unwrap();
    let w6 = registry().create("diffusion").unwrap();
    // Fewer seeds share the table; more seeds, more pits or another game do not.
    assert!(kalah.covers(fewer.as_ref()) && kalah.exact(fewer.as_ref()).is_ok());
    for other in [&more, &wider, &w6] {
        assert!(!kalah.covers(other.as_ref()));
        let refused = kalah.exact(other.as_ref()).unwrap_err().to_string();
        assert!(refused.contains("the database solves kalah"), "{refused}");
    }
    assert!(!diffusion.covers(w6.as_ref()) && !diffusion.covers(fewer.as_ref()));
    let refused = diffusion.exact(w6.as_ref()).unwrap_err().to_string();
    assert!(refused.contains("not diffusion(width=6"), "{refused}");
    // Not a database at all.
    let text = scratch("not-a-db.txt");
    std::fs::write(&text, "hello\n").unwrap();
    assert!(Database::open(registry(), &text).is_err());
    let _ = std::fs::remove_file(text);
}

#[test]
fn opening_plies_are_the_plies_no_agent_made() {
    let moves = ["B", "A", "A", "B"];
    let plain = record("kalah(pits=2,seeds=2)", &moves, &[], None);
    assert_eq!(opening_plies(&plain).unwrap(), 0);
    let opened = record("kalah(pits=2,seeds=2)", &moves, &[], Some([1, 1]));
    assert_eq!(opening_plies(&opened).unwrap(), 2);
    // A seat that forfeited was counted a move it never played.
    let mut forfeited = record("kalah(pits=2,seeds=2)", &moves, &[], Some([2, 3]));
    forfeited
        .extra
        .insert("forfeit".into(), json!({"seat": 1, "reason": "crashed"}));
    assert_eq!(opening_plies(&forfeited).unwrap(), 0);
    // Counts that do not add up are refused, never wrapped around.
    let over = record("kalah(pits=2,seeds=2)", &moves, &[], Some([3, 3]));
    let refused = opening_plies(&over).unwrap_err().to_string();
    assert!(refused.contains("more than the 4"), "{refused}");
    let huge = record("kalah(pits=2,seeds=2)", &moves, &[], Some([u64::MAX; 2]));
    assert!(opening_plies(&huge).is_err());
    let mut bad = plain.clone();
    bad.extra.insert("moves_made".into(), json!(["x"]));
    assert!(opening_plies(&bad).is_err());
}

#[test]
fn a_game_is_judged_move_by_move_with_its_opening_apart() {
    let database = Database::open(registry(), diffusion_db()).unwrap();
    // Two opening plies, then four by the agents.
    let record = record(
        "diffusion(width=4)",
        &["b", "A", "a", "d", "A", "c"],
        &["mcts(name=first)", "random"],
        Some([2, 2]),
    );
    let judged = database.judge_game(&record).unwrap();
    assert_eq!(judged.opening_plies, 2);
    assert_eq!(judged.moves.len(), 6);
    let agents: Vec<_> = judged.moves.iter().map(|m| m.agent.as_deref()).collect();
    assert_eq!(
        agents,
        [
            None,
            None,
            Some("mcts(name=first)"),
            Some("random"),
            Some("mcts(name=first)"),
            Some("random")
        ]
    );
    let phases: Vec<_> = judged.moves.iter().map(|m| m.phase).collect();
    use Phase::*;
    assert_eq!(
        phases,
        [
            None,
            None,
            Some(Opening),
            Some(Opening),
            Some(Middle),
            Some(Ending)
        ]
    );
    assert_eq!(judged.chosen().count(), 4);
    // South's opening b gave away the start's win.
    let first = &judged.moves[0].judged;
    assert_eq!(first.lost, Some(Lost::WonToLost));
    // Each move's value is the next position's, seen from the other side.
    for pair in judged.moves.windows(2) {
        if let (ExactValue::Result(played), ExactValue::Result(next)) =
            (pair[0].judged.played, pair[1].judged.position)
        {
            assert_eq!(next.for_mover(), played);
        }
    }
    let json = serde_json::to_value(&judged.moves[2]).unwrap();
    assert_eq!(json["agent"], "mcts(name=first)");
    assert_eq!(json["phase"], "opening");
    assert_eq!(json["mv"], "a");
    assert!(json["position"]["text"].is_string() && json["best"].is_array());
}

#[test]
fn counts_add_up_what_moves_kept_and_lost() {
    let judged = |position: ExactValue, played: ExactValue| {
        let mut exact = Exact {
            value: position,
            moves: vec![],
        };
        exact.moves.push(ExactMove {
            mv: "x".into(),
            value: played,
            best: played == position,
        });
        exact.judge("x").unwrap()
    };
    use ExactValue::Margin;
    let mut counts = Counts::default();
    counts.add(&judged(Margin(4), Margin(4))); // best
    counts.add(&judged(Margin(4), Margin(-2))); // won to lost, 6 given up
    counts.add(&judged(Margin(0), Margin(-2))); // drawn to lost
    counts.add(&judged(Margin(-4), Margin(-6))); // lost already
    counts.add(&judged(Margin(2), Margin(0))); // won to drawn
    assert_eq!(counts.moves, 5);
    assert_eq!(counts.perfect, 1);
    assert_eq!(
        (counts.from_won, counts.from_drawn, counts.from_lost),
        (3, 1, 1)
    );
    assert_eq!(counts.kept, 1);
    assert_eq!(
        (
            counts.won_to_drawn,
            counts.won_to_lost,
            counts.drawn_to_lost
        ),
        (1, 1, 1)
    );
    assert_eq!(counts.margin_lost, Some(6 + 2 + 2 + 2));
    assert_eq!(counts.worst, Some(6));
    assert_eq!(counts.mean_margin_lost(), Some(12.0 / 5.0));
    assert_eq!(counts.accuracy().unwrap().value, 0.25);
    let mut results = Counts::default();
    let result = |value, plies| ExactValue::Result(Entry { value, plies });
    results.add(&judged(
        result(Value::Draw, None),
        result(Value::Draw, None),
    ));
    assert_eq!((results.kept, results.margin_lost), (1, None));
    assert_eq!(Counts::default().mean_margin_lost(), None);
    assert_eq!(Counts::default().accuracy(), None);
}

#[test]
fn shares_are_written_with_their_wilson_interval() {
    // 14 of 46: the Wald interval would be 30.4% ± 13.3.
    assert_eq!(
        percent(tabula::stats::Estimate::share(14, 46)),
        "30.4% (19.1–44.8)"
    );
    assert_eq!(
        percent(tabula::stats::Estimate::share(5, 5)),
        "100.0% (56.6–100.0)"
    );
    assert_eq!(percent(tabula::stats::Estimate::share(0, 0)), "-");
}

/// Writes `records` as a games.jsonl of its own.
fn games_file(name: &str, records: &[GameRecord]) -> PathBuf {
    let file = scratch(name);
    let lines: Vec<String> = records.iter().map(GameRecord::to_json).collect();
    std::fs::write(&file, lines.join("\n") + "\n\n").unwrap();
    file
}

#[test]
fn a_tournament_report_counts_each_agents_own_moves() {
    let database = Database::open(registry(), kalah_db()).unwrap();
    let long = r#"mcts(iterations=10,name="a very long display name for the chart")"#;
    let game = first_moves("kalah(pits=2,seeds=2)", 10);
    let chosen = game.len() as u64 - 1;
    assert!(chosen > 0);
    let records = [
        // One opening ply, then the agents' moves (the counts' sum is what
        // tells them apart).
        record(
            "kalah(pits=2,seeds=2)",
            &game,
            &[long, "random"],
            Some([chosen, 0]),
        ),
        record(
            "kalah(pits=2,seeds=2)",
            &["B"],
            &["random", long],
            Some([1, 0]),
        ),
        // Another variant: skipped.
        record(
            "kalah(pits=3,seeds=1)",
            &["A"],
            &["random", long],
            Some([1, 0]),
        ),
    ];
    let file = games_file("games.jsonl", &records);
    let report = analyse(&database, &file).unwrap();
    assert_eq!(
        (report.games, report.skipped, report.opening_plies),
        (2, 1, 1)
    );
    assert!(report.by_margin);
    let names: Vec<_> = report.agents.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["a very long display name for the chart", "random"]);
    let moves: u64 = report.agents.iter().map(|a| a.all.counts.moves).sum();
    assert_eq!(moves, chosen + 1);
    for agent in &report.agents {
        let by_phase: u64 = agent.phases.values().map(|t| t.counts.moves).sum();
        assert_eq!(by_phase, agent.all.counts.moves);
        assert!(agent.all.counts.margin_lost.is_some());
    }
    let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
    assert_eq!(json["opening_plies"], 1);
    let first = &json["agents"][0];
    assert!(first["perfect_rate"]["low"].is_number(), "{first}");
    assert!(first["phases"]["ending"]["moves"].is_number(), "{first}");
    assert!(report.text().contains("1 opening plies chosen by no agent"));
    assert!(report.text().contains("lost/move"));

    // The chart names agents by display name, and everything fits inside it.
    let svg = report.chart();
    let outside = tabula_testkit::svg_text::outside(&svg).unwrap();
    assert!(outside.is_empty(), "{outside:?}\n{svg}");
    let (_, texts) = tabula_testkit::svg_text::texts(&svg).unwrap();
    for name in names {
        assert_eq!(
            texts.iter().filter(|t| t.content == name).count(),
            1,
            "{svg}"
        );
    }
    assert!(texts.iter().any(|t| t.content.contains(&report.solves)));

    let out = scratch("report");
    let (json_file, svg_file) = report.write(&out).unwrap();
    assert!(json_file.is_file() && svg_file.is_file());
    std::fs::remove_dir_all(out).unwrap();

    // Nothing of the database's variant: refused, naming both.
    let others = games_file("others.jsonl", &records[2..]);
    let refused = analyse(&database, &others).unwrap_err().to_string();
    assert!(refused.contains("has no game of kalah(pits=2"), "{refused}");
    // A broken line is named.
    std::fs::write(&others, "{\"format\":\"tabula-record\"}\n").unwrap();
    let refused = analyse(&database, &others).unwrap_err().to_string();
    assert!(refused.contains("line 1"), "{refused}");
    for file in [file, others] {
        std::fs::remove_file(file).unwrap();
    }
}
