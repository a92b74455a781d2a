//! Tree parallelism on Nim (take 1–3, last stone wins; multiples of 4 lose
//! for the mover): the shared tree finds and proves what one tree does, and
//! its bookkeeping balances however the threads interleave.

use super::*;
use tabula_testkit::test_games::Nim;

fn nim(left: u8, to_move: usize) -> Nim {
    Nim::at(left, to_move, 2)
}

fn shared(threads: usize, config: MctsConfig) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        threads,
        parallel: Parallel::Tree,
        seed: 3,
        ..config
    })
}

fn iterations(n: u64, solver: bool) -> MctsConfig {
    MctsConfig {
        iterations: Some(n),
        solver,
        ..MctsConfig::default()
    }
}

#[test]
fn several_threads_share_one_tree() {
    let player = shared(4, iterations(100, true));
    assert!(matches!(player.search, Search::Tree(_)));
    // One thread, or a variant the shared tree lacks: a tree per thread.
    let one = Mcts::<Nim>::new(MctsConfig {
        parallel: Parallel::Tree,
        ..MctsConfig::default()
    });
    assert!(matches!(one.search, Search::Root(_)));
    let mast = shared(
        2,
        MctsConfig {
            playout: Playout::Mast { epsilon: 0.2 },
            ..MctsConfig::default()
        },
    );
    assert!(matches!(mast.search, Search::Root(_)));
}

#[test]
fn takes_and_proves_the_winning_move() {
    for threads in [2, 4, 8] {
        for (left, seat) in [(5, 0), (6, 1), (7, 0), (10, 1), (13, 0)] {
            let report = shared(threads, iterations(40_000, true)).search(&nim(left, seat));
            assert_eq!(report.best, left % 4, "{left} stones, {threads} threads");
            let proven = report.proven.expect("small Nim is solved");
            assert!(proven.is_winner(seat), "{left} stones: {proven:?}");
            assert!(
                report.iterations < 40_000,
                "it stops once the root is proven"
            );
        }
    }
}

#[test]
fn proves_a_lost_position_lost() {
    let report = shared(4, iterations(100_000, true)).search(&nim(12, 1));
    assert_eq!(report.proven, Some(Outcome::win(0)));
}

/// The iteration budget is the total, exactly; every simulation's virtual
/// loss is taken back; no node has fewer visits than its children.
#[test]
fn the_budget_is_exact_and_the_statistics_balance() {
    for threads in [2, 3, 8] {
        let mut player = shared(threads, iterations(9_001, false));
        let report = player.search(&nim(9, 0));
        assert_eq!(report.iterations, 9_001);
        let below: u32 = report.children.iter().map(|c| c.visits).sum();
        // A thread that finds the root being expanded plays out from it.
        assert!(
            (9_001 - threads as u32..=9_001).contains(&below),
            "{below} visits below the root"
        );
        assert_eq!(report.best, 1, "9 stones: take 1 to leave 8");
        player.shared().check_tree().unwrap();
    }
}

#[test]
fn priors_and_cut_offs_work_on_the_shared_tree() {
    let mut player = shared(
        2,
        MctsConfig {
            prior: 5,
            max_plies: 0,
            ..iterations(5_000, false)
        },
    );
    let report = player.search(&nim(21, 0));
    assert!((1..=3).contains(&report.best));
    assert_eq!(report.pv.first(), Some(&report.best));
    let visits: u32 = report.children.iter().map(|c| c.visits).sum();
    assert!(
        visits >= 4_998,
        "{visits}: the priors' visits are not reported"
    );
}

#[test]
fn the_tree_is_kept_across_moves() {
    let mut player = shared(2, iterations(4_000, false));
    let mut state = nim(30, 0);
    let report = player.search(&state);
    let before = state.clone();
    state.play(report.best);
    player.observe(&before, report.best);
    let kept = player.tree_size();
    assert!(kept > 2, "the subtree is kept");
    let kept_visits = report
        .children
        .iter()
        .find(|c| c.mv == report.best)
        .unwrap()
        .visits;
    let next = player.search(&state);
    let visits: u32 = next.children.iter().map(|c| c.visits).sum();
    assert!(
        visits + 2 >= 4_000 + kept_visits - 1,
        "{visits} visits: the kept {kept_visits} are counted on"
    );
    player.shared().check_tree().unwrap();
    // A move from elsewhere drops the tree.
    player.observe(&nim(17, 1), 1);
    let fresh = player.search(&nim(17, 0));
    assert!(fresh.children.iter().map(|c| c.visits).sum::<u32>() <= 4_000);
}

#[test]
fn the_node_budget_bounds_the_shared_tree() {
    let mut player = shared(
        8,
        MctsConfig {
            max_nodes: 1000,
            ..iterations(40_000, false)
        },
    );
    let report = player.search(&nim(60, 0));
    assert!(player.tree_size() <= 1000, "{} nodes", player.tree_size());
    assert_eq!(report.iterations, 40_000, "playouts go on once it is full");
    player.shared().check_tree().unwrap();
}

#[test]
fn tiny_budgets_and_stops_still_give_a_legal_move() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    for threads in [2, 4, 16] {
        for seed in 0..10 {
            let mut player = shared(
                threads,
                MctsConfig {
                    time: Some(Duration::from_nanos(1)),
                    seed,
                    solver: false,
                    ..MctsConfig::default()
                },
            );
            let report = player.search(&nim(21, 0));
            assert!((1..=3).contains(&report.best));
            assert_eq!(report.pv.first(), Some(&report.best));
        }
        let mut player = shared(threads, iterations(1_000_000_000, false));
        let control = Control {
            stop: Some(&stop),
            ..Control::default()
        };
        let report = player.search_with(&nim(21, 0), &control);
        assert!(report.iterations <= 1 + 16 * threads as u64);
    }
}

#[test]
fn a_single_legal_move_needs_no_search() {
    let report = shared(2, iterations(1_000, true)).search(&nim(1, 0));
    assert_eq!((report.best, report.iterations), (1, 0));
}
