//! MCTS on a game whose answers are known: Nim, take 1–3, last stone wins.
//! A position is lost for the mover exactly when the count is a multiple of 4.

use super::*;
use tabula_core::outcome::Outcome;
use tabula_testkit::test_games::Nim;

fn nim(left: u8, to_move: usize) -> Nim {
    Nim::at(left, to_move, 2)
}

fn mcts(iterations: u64) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        iterations: Some(iterations),
        seed: 1,
        ..MctsConfig::default()
    })
}

#[test]
fn takes_the_winning_move_from_either_seat() {
    for left in [5, 6, 7, 9, 10, 11, 13] {
        for seat in 0..2 {
            let report = mcts(20_000).search(&nim(left, seat));
            assert_eq!(report.best, left % 4, "{left} stones, seat {seat}");
            let proven = report.proven.expect("small Nim is solved");
            assert!(
                proven.is_winner(seat),
                "{left} stones, seat {seat}: {proven:?}"
            );
            assert!(report.value > 0.99);
        }
    }
}

#[test]
fn proves_a_lost_position_lost() {
    let report = mcts(50_000).search(&nim(8, 1));
    assert_eq!(report.proven, Some(Outcome::win(0)));
    assert!(report.value < 0.01);
    assert!(
        report.iterations < 50_000,
        "the search stops once the root is proven"
    );
}

#[test]
fn without_the_solver_it_still_prefers_the_winning_move() {
    let mut search = Mcts::new(MctsConfig {
        iterations: Some(20_000),
        solver: false,
        ..MctsConfig::default()
    });
    let report = search.search(&nim(7, 0));
    assert_eq!(report.best, 3);
    assert_eq!(report.proven, None);
    assert_eq!(report.iterations, 20_000);
    assert_eq!(report.pv.first(), Some(&3));
}

#[test]
fn the_same_seed_searches_the_same_tree() {
    let a = mcts(3000).search(&nim(21, 0));
    let b = mcts(3000).search(&nim(21, 0));
    let visits = |r: &SearchReport<u8>| {
        r.children
            .iter()
            .map(|c| (c.mv, c.visits))
            .collect::<Vec<_>>()
    };
    assert_eq!(visits(&a), visits(&b));
}

#[test]
fn a_single_legal_move_needs_no_search() {
    let report = mcts(1000).search(&nim(1, 0));
    assert_eq!((report.best, report.iterations), (1, 0));
}

#[test]
fn the_tree_is_kept_across_observed_moves() {
    let mut search = Mcts::new(MctsConfig {
        iterations: Some(2000),
        solver: false,
        ..MctsConfig::default()
    });
    let mut state = nim(30, 0);
    let report = search.search(&state);
    for mv in [report.best, 2] {
        let before = state.clone();
        state.play(mv);
        search.observe(&before, mv);
    }
    let kept = search.tree_size();
    assert!(kept > 1, "the subtree after both moves is kept");
    let next = search.search(&state);
    assert!(
        next.children.iter().map(|c| c.visits).sum::<u32>() > 2000,
        "old visits count"
    );

    // A move from a position the tree does not hold drops it.
    search.observe(&nim(29, 1), 1);
    let fresh = search.search(&state);
    assert_eq!(fresh.children.iter().map(|c| c.visits).sum::<u32>(), 2000);
}

fn threaded(iterations: u64, threads: usize, solver: bool) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        iterations: Some(iterations),
        threads,
        solver,
        seed: 4,
        ..MctsConfig::default()
    })
}

#[test]
fn threads_share_the_budget_and_sum_their_statistics() {
    let report = threaded(9_001, 2, false).search(&nim(9, 0));
    assert_eq!(report.iterations, 9_001);
    assert_eq!(report.children.iter().map(|c| c.visits).sum::<u32>(), 9_001);
    assert_eq!(report.best, 1, "9 stones: take 1 to leave 8");
    let again = threaded(9_001, 2, false).search(&nim(9, 0));
    let visits = |r: &SearchReport<u8>| {
        r.children
            .iter()
            .map(|c| (c.mv, c.visits))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        visits(&report),
        visits(&again),
        "threads with an iteration budget are deterministic"
    );
}

#[test]
fn a_thread_that_proves_the_root_decides() {
    let report = threaded(20_000, 2, true).search(&nim(6, 1));
    assert_eq!(report.best, 2);
    assert!(report.proven.is_some_and(|o| o.is_winner(1)));
}

#[test]
fn every_thread_keeps_its_tree_across_moves() {
    let mut search = threaded(2_000, 2, false);
    let mut state = nim(30, 0);
    let report = search.search(&state);
    let before = state.clone();
    state.play(report.best);
    search.observe(&before, report.best);
    assert!(search.tree_size() > 2, "both subtrees kept");
}

fn unsolved(config: MctsConfig) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        solver: false,
        ..config
    })
}

/// A budget that ends before the first iteration still gives a move: every
/// thread runs at least one iteration (this panicked on an empty root).
#[test]
fn tiny_time_budgets_always_give_a_legal_move() {
    for threads in [1, 2, 3, 4, 8, 16] {
        for seed in 0..20 {
            let mut player = unsolved(MctsConfig {
                time: Some(Duration::from_nanos(1)),
                threads,
                seed,
                ..MctsConfig::default()
            });
            let report = player.search(&nim(21, 0));
            assert!((1..=3).contains(&report.best), "{threads} threads");
            assert!(report.iterations >= threads as u64, "{threads} threads");
            assert_eq!(report.pv.first(), Some(&report.best));
        }
    }
}

#[test]
fn a_stop_request_ends_the_search_after_at_most_one_check() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    for threads in [1, 4] {
        let mut player = unsolved(MctsConfig {
            iterations: Some(1_000_000_000),
            threads,
            ..MctsConfig::default()
        });
        let control = Control {
            stop: Some(&stop),
            ..Control::default()
        };
        let report = player.search_with(&nim(21, 0), &control);
        assert!(
            report.iterations <= 16 * threads as u64,
            "{} iterations after a stop",
            report.iterations
        );
    }
}

#[test]
fn a_limit_overrides_the_configured_budget() {
    let mut player = unsolved(MctsConfig {
        iterations: Some(1_000_000_000),
        ..MctsConfig::default()
    });
    let control = Control {
        limit: crate::search::Limit {
            iterations: Some(100),
            time: None,
        },
        ..Control::default()
    };
    assert_eq!(player.search_with(&nim(21, 0), &control).iterations, 100);
}

#[test]
fn progress_reports_name_a_legal_move() {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::new());
    let sink = |p: &crate::search::Progress<u8>| {
        seen.lock().unwrap().push((p.best, p.iterations));
        // The leading moves and the variation agree with the best move.
        assert_eq!(p.moves.first().map(|m| m.mv), p.best);
        assert_eq!(p.pv.first().copied(), p.best);
        let listed: u64 = p.moves.iter().map(|m| u64::from(m.visits)).sum();
        assert!(listed > 0 && listed <= p.root_visits, "{p:?}");
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    };
    let mut player = unsolved(MctsConfig {
        iterations: Some(50_000_000),
        threads: 2,
        ..MctsConfig::default()
    });
    let control = Control {
        stop: Some(&stop),
        progress: Some(&sink),
        ..Control::default()
    };
    let report = player.search_with(&nim(21, 0), &control);
    let seen = seen.into_inner().unwrap();
    assert!(!seen.is_empty(), "no progress before the budget ran out");
    assert!(seen
        .iter()
        .all(|(best, n)| best.is_some_and(|m| (1..=3).contains(&m)) && *n > 0));
    assert!(report.iterations < 50_000_000, "the sink's stop ended it");
}

/// `max_nodes` bounds the whole player, not each thread.
#[test]
fn the_node_budget_is_shared_by_the_threads() {
    let mut player = unsolved(MctsConfig {
        iterations: Some(40_000),
        max_nodes: 1000,
        threads: 8,
        ..MctsConfig::default()
    });
    player.search(&nim(60, 0));
    assert!(player.tree_size() <= 1000, "{} nodes", player.tree_size());
}

/// The principal variation starts with the move played, and each of its
/// moves is the one its mover would choose by the same rule.
#[test]
fn the_principal_variation_follows_the_move_choice() {
    for seed in 0..30 {
        for solver in [false, true] {
            let mut player = Mcts::new(MctsConfig {
                iterations: Some(300),
                seed,
                solver,
                ..MctsConfig::default()
            });
            let report = player.search(&nim(13, seed as usize % 2));
            assert_eq!(report.pv.first(), Some(&report.best), "seed {seed}");
            assert_eq!(report.children[0].mv, report.best);
        }
    }
}
