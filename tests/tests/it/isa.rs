//! The hot loops' two paths (`tabula::isa`) compute the same: every game's
//! random playouts, MCTS and alpha-beta searches and a network's answers,
//! from fixed seeds, give the same record in this process (on the fast
//! path where the CPU has it) and in a child process of this same test
//! binary with the fast path forced off (`TABULA_CPU=baseline`), where the
//! loops run the baseline code and the portable bit select.

use std::fmt::Write as _;
use std::process::Command;

use tabula::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula::az::{header_for, Net};
use tabula::isa::Path;
use tabula::mcts::{Mcts, MctsConfig};
use tabula::plan::{GameVisitor, Plan};
use tabula::playout::random_playout;
use tabula::search::Control;
use tabula::Game;

/// Set in the child process, which prints its record.
const CHILD: &str = "TABULA_ISA_CHILD";

/// What every game's searches give from fixed seeds, as text.
fn record() -> String {
    struct Record(String);
    impl GameVisitor for Record {
        fn visit<G: Game>(&mut self, plan: &'static Plan) {
            // The defaults, and the last (often the largest) variant.
            let specs = [
                plan.variants[0].spec,
                plan.variants[plan.variants.len() - 1].spec,
            ];
            for spec in specs {
                let start = G::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
                let text = &mut self.0;
                let mut rng = tabula::rng::seeded(11);
                let mut buffer = Vec::new();
                let mut plies = Vec::new();
                for _ in 0..300 {
                    let mut state = start.clone();
                    let end = random_playout(&mut state, &mut rng, plan.max_plies, &mut buffer);
                    plies.push((end.plies, end.scores.map(f32::to_bits), state.key()));
                }
                writeln!(text, "{spec}: playouts {plies:?}").unwrap();
                if start.outcome().is_some() {
                    continue;
                }
                let mut mcts = Mcts::<G>::new(MctsConfig {
                    iterations: Some(3_000),
                    seed: 11,
                    ..MctsConfig::default()
                });
                let report = mcts.search(&start);
                let visits: Vec<(String, u32, u32)> = report
                    .children
                    .iter()
                    .map(|c| (start.format_move(c.mv), c.visits, c.value.to_bits()))
                    .collect();
                writeln!(text, "{spec}: mcts {} {visits:?}", report.nodes).unwrap();
                let mut alphabeta = AlphaBeta::<G>::new(AlphaBetaConfig {
                    depth: Some(3),
                    seed: 11,
                    ..AlphaBetaConfig::default()
                });
                let report = alphabeta.search(&start, &Control::default());
                let best = start.format_move(report.best);
                let value = report.value.to_bits();
                writeln!(
                    text,
                    "{spec}: alpha-beta {best} {value} {}",
                    report.iterations
                )
                .unwrap();
                let net = Net::new(header_for(&start, spec, 16, 1).shape, 11);
                let mut observation = vec![0.0; start.observation_shape().iter().product()];
                start.observe(start.to_move(), &mut observation);
                let mut moves = Vec::new();
                start.legal_moves(&mut moves);
                let actions: Vec<u32> = moves.iter().map(|&m| start.action(m) as u32).collect();
                let output = net.forward(&observation, &[&actions]);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                let (logits, values) = (bits(&output.logits), bits(&output.values));
                writeln!(text, "{spec}: net {logits:?} {values:?}").unwrap();
            }
        }
    }
    let mut record = Record(String::new());
    tabula_games::each_game(&mut record);
    record.0
}

#[test]
fn the_fast_and_the_baseline_path_compute_the_same() {
    if std::env::var_os(CHILD).is_some() {
        assert_eq!(tabula::isa::path(), Path::Baseline, "TABULA_CPU=baseline");
        assert!(!tabula::bits::uses_pdep());
        print!("record:\n{}end of record\n", record());
        return;
    }
    let here = record();
    let name = "isa::the_fast_and_the_baseline_path_compute_the_same";
    let output = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .env("TABULA_CPU", "baseline")
        .output()
        .expect("the test binary starts again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the baseline run failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let there = stdout
        .split_once("record:\n")
        .and_then(|(_, rest)| rest.split_once("end of record\n"))
        .map(|(record, _)| record)
        .unwrap_or_else(|| panic!("no record in the baseline run's output:\n{stdout}"));
    // Line by line, so that a difference names its game and search.
    for (fast, baseline) in here.lines().zip(there.lines()) {
        assert_eq!(
            fast,
            baseline,
            "{} against baseline",
            tabula::isa::path().name()
        );
    }
    assert_eq!(here.lines().count(), there.lines().count());
    eprintln!(
        "isa: {} lines agree between the {} path and the baseline",
        here.lines().count(),
        tabula::isa::path().name()
    );
}
