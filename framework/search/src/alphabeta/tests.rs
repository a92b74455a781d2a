//! Alpha-beta on Nim, whose answers are known.

use super::*;
use tabula_testkit::test_games::{Nim, Shuttle};

fn player(depth: u32, table_bytes: usize, mode: Mode) -> AlphaBeta<Nim> {
    AlphaBeta::new(AlphaBetaConfig {
        depth: Some(depth),
        table_bytes,
        mode,
        seed: 1,
        ..AlphaBetaConfig::default()
    })
}

fn search(player: &mut AlphaBeta<Nim>, state: &Nim) -> SearchReport<u8> {
    player.search(state, &Control::default())
}

#[test]
fn takes_the_winning_move_and_proves_it_from_either_seat() {
    for left in [5u8, 6, 7, 9, 10, 11, 13, 14, 15] {
        for seat in 0..2 {
            let report = search(
                &mut player(20, 1 << 20, Mode::Paranoid),
                &Nim::at(left, seat, 2),
            );
            assert_eq!(report.best, left % 4, "{left} stones, seat {seat}");
            assert_eq!(report.proven, Some(Outcome::win(seat)), "{left}");
            assert_eq!(report.value, 1.0);
            assert_eq!(report.pv.first(), Some(&report.best));
        }
    }
}

#[test]
fn proves_a_lost_position_lost() {
    let report = search(&mut player(20, 1 << 20, Mode::Paranoid), &Nim::at(8, 1, 2));
    assert_eq!(report.proven, Some(Outcome::win(0)));
    assert_eq!(report.value, 0.0);
    assert!(report.children.iter().all(|c| c.value == 0.0));
}

#[test]
fn prefers_the_faster_win() {
    // 3 stones: taking all 3 wins at once; it must not dawdle.
    let report = search(&mut player(10, 1 << 20, Mode::Paranoid), &Nim::at(3, 0, 2));
    assert_eq!(report.best, 3);
}

/// The table changes speed, never the value at a fixed depth.
#[test]
fn the_table_does_not_change_the_value() {
    for left in 1..=21u8 {
        for depth in 1..=7 {
            let state = Nim::at(left, 0, 2);
            let with = search(&mut player(depth, 1 << 16, Mode::Paranoid), &state);
            let without = search(&mut player(depth, 0, Mode::Paranoid), &state);
            assert_eq!(with.value, without.value, "{left} stones, depth {depth}");
            assert!(with.iterations <= without.iterations, "{left}/{depth}");
        }
    }
}

/// With three players, paranoid search proves wins the root seat can
/// force alone: 1–3 stones left, take them all.
#[test]
fn paranoid_and_best_reply_take_an_immediate_win_with_three_players() {
    for mode in [Mode::Paranoid, Mode::BestReply] {
        for seat in 0..3 {
            for left in 1..=3u8 {
                let report = search(&mut player(6, 1 << 16, mode), &Nim::at(left, seat, 3));
                assert_eq!(report.best, left, "{mode:?}, seat {seat}");
            }
            // Legal moves from a longer game, searched deeper by BRS+.
            let report = search(&mut player(6, 1 << 16, mode), &Nim::at(17, seat, 3));
            assert!((1..=3).contains(&report.best));
            assert!(report.iterations > 0);
        }
    }
}

#[test]
fn budgets_limits_and_stop_requests_are_kept() {
    // A node budget given by the caller stops iterations early, but the
    // first one always completes.
    let control = Control {
        limit: crate::search::Limit {
            iterations: Some(10),
            time: None,
        },
        ..Control::default()
    };
    let report = player(30, 1 << 16, Mode::Paranoid).search(&Nim::at(60, 0, 2), &control);
    assert_eq!(report.depth, Some(1));
    let stop = std::sync::atomic::AtomicBool::new(true);
    let control = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let report = player(30, 1 << 16, Mode::Paranoid).search(&Nim::at(200, 0, 2), &control);
    assert!((1..=3).contains(&report.best));
    // A time budget ends with a completed depth and a legal move.
    let mut timed = AlphaBeta::<Nim>::new(AlphaBetaConfig {
        time: Some(Duration::from_millis(20)),
        ..AlphaBetaConfig::default()
    });
    let report = timed.search(&Nim::at(200, 0, 2), &Control::default());
    assert!(report.depth.unwrap() >= 1 && (1..=3).contains(&report.best));
}

#[test]
fn the_seed_breaks_ties_between_equal_moves() {
    // At 200 stones and depth 1 every move looks the same.
    let chosen: std::collections::HashSet<u8> = (0..20)
        .map(|seed| {
            let mut p = AlphaBeta::<Nim>::new(AlphaBetaConfig {
                depth: Some(1),
                seed,
                ..AlphaBetaConfig::default()
            });
            search(&mut p, &Nim::at(200, 0, 2)).best
        })
        .collect();
    assert_eq!(chosen.len(), 3, "{chosen:?}");
}

#[test]
fn repeats_score_a_position_met_before_as_even() {
    let with = |repeats| {
        AlphaBeta::new(AlphaBetaConfig {
            depth: Some(2),
            repeats,
            ..AlphaBetaConfig::default()
        })
    };
    let value_of = |player: &mut AlphaBeta<Shuttle>, at: &Shuttle, mv: u8| {
        let report = player.search(at, &Control::default());
        report.children.iter().find(|c| c.mv == mv).unwrap().value
    };
    // From cell 4, right lets seat 1 step back to cell 4: the root again.
    let root = Shuttle::at(4, 0);
    let (right, left) = (1, 0);
    assert_eq!(value_of(&mut with(true), &root, right), 0.5, "a repetition");
    let evaluated = value_of(&mut with(false), &root, right);
    assert!((evaluated - 4.0 / 6.0).abs() < 1e-3, "{evaluated}");

    // Positions of the game before the root repeat too, until a move
    // from elsewhere starts a new game.
    let mut player = with(true);
    player.observe(&Shuttle::at(2, 0), right);
    player.observe(&Shuttle::at(3, 1), right);
    let after_left = value_of(&mut player, &root, left);
    assert_eq!(
        after_left, 0.5,
        "left is cell 3, seat 1 to move, as two plies ago"
    );
    player.observe(&Shuttle::at(5, 1), left);
    let after_left = value_of(&mut player, &root, left);
    assert!(
        (after_left - 2.0 / 6.0).abs() < 1e-3,
        "cell 3 forgotten: seat 1 steps back to cell 2: {after_left}"
    );
}

#[test]
fn each_completed_depth_reports_its_moves_and_variation() {
    let seen = std::sync::Mutex::new(Vec::new());
    let sink = |p: &crate::search::Progress<u8>| seen.lock().unwrap().push(p.clone());
    let control = Control {
        progress: Some(&sink),
        ..Control::default()
    };
    let report = player(4, 1 << 16, Mode::Paranoid).search(&Nim::at(21, 0, 2), &control);
    let seen = seen.into_inner().unwrap();
    // A report at each depth completed (and maybe more between, were the
    // machine slow), each about the last depth completed; none before
    // the first says anything but counts.
    let mut depths: Vec<u32> = seen.iter().filter_map(|p| p.depth).collect();
    depths.dedup();
    assert_eq!(depths, [1, 2, 3, 4]);
    for p in seen.iter().filter(|p| p.depth.is_none()) {
        assert!(
            p.moves.is_empty() && p.pv.is_empty() && p.best.is_none(),
            "{p:?}"
        );
    }
    for p in seen.iter().filter(|p| p.depth.is_some()) {
        assert_eq!(p.moves.len(), 3, "{p:?}");
        assert_eq!(p.moves.first().map(|m| m.mv), p.best);
        assert_eq!(p.pv.first().copied(), p.best);
        let listed: u64 = p.moves.iter().map(|m| u64::from(m.visits)).sum();
        assert_eq!(listed, p.root_visits);
    }
    // The last depth's report is the final one's.
    let last = seen.last().unwrap();
    assert_eq!(last.best, Some(report.best));
    assert_eq!(last.pv, report.pv);
}
