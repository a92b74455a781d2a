//! The margin solver against a brute-force minimax over whole positions
//! (stores included, no numbering, no mirror images), and the margin
//! database's refusals.

use std::collections::HashMap;

use tabula_core::prelude::*;
use tabula_solve::margin::{
    is_margin_database, margin_analysis, solve_margins, MarginTable, Scored,
};

use crate::Kalah;

/// South's final margin under best play from `state`, by plain minimax
/// memoised on the whole position.
fn minimax(state: &Kalah, memo: &mut HashMap<Kalah, i32>) -> i32 {
    if state.outcome().is_some() {
        return state.margin();
    }
    if let Some(&value) = memo.get(state) {
        return value;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let values = moves.into_iter().map(|mv| {
        let mut child = state.clone();
        child.play(mv);
        minimax(&child, memo)
    });
    let value = if state.to_move() == 0 {
        values.max()
    } else {
        values.min()
    }
    .expect("a game not over has a move");
    memo.insert(state.clone(), value);
    value
}

/// A layer is solved on all cores, and an entry two threads reach at once
/// is computed by both: the table must not depend on the sharing.
#[test]
fn the_table_is_the_same_on_one_thread_and_on_four() {
    let start = Kalah::from_spec("kalah(pits=3,seeds=3)").unwrap();
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| solve_margins(&start, None).unwrap())
    };
    assert_eq!(on(1), on(4));
}

/// Every position reachable from the start of pits 1–3 × seeds 1–3, both
/// capture rules: the table's margin for the side to move, and each move's,
/// equal minimax's.
#[test]
fn margins_equal_brute_force_minimax_on_small_boards() {
    for capture in ["on", "off"] {
        for pits in 1..=3 {
            for seeds in 1..=3 {
                let spec = format!("kalah(pits={pits},seeds={seeds},empty_capture={capture})");
                let start = Kalah::from_spec(&spec).unwrap();
                let table = solve_margins(&start, None).unwrap();
                let mut memo = HashMap::new();
                minimax(&start, &mut memo);
                assert!(!memo.is_empty(), "{spec}");
                for (state, &south) in &memo {
                    let sign = if state.to_move() == 0 { 1 } else { -1 };
                    let analysis = margin_analysis(&table, state).unwrap();
                    assert_eq!(
                        analysis.margin,
                        sign * south,
                        "{spec}: {}",
                        state.position()
                    );
                    for (mv, margin) in analysis.moves {
                        let mut child = state.clone();
                        child.play(mv);
                        let south = match child.outcome() {
                            Some(_) => child.margin(),
                            None => memo[&child],
                        };
                        assert_eq!(margin, sign * south, "{spec}: {}", state.position());
                    }
                }
            }
        }
    }
}

/// A saved table loads back equal; a table of another variant, of too few
/// seeds, a truncated file, a flipped entry and a non-file are refused with
/// the reason.
#[test]
fn database_round_trip_and_refusals() {
    let dir = std::env::temp_dir().join(format!("kalah-margins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("k.db");
    let start = Kalah::from_spec("kalah(pits=2,seeds=2)").unwrap();
    let table = solve_margins(&start, None).unwrap();
    let size = table.save(&path).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    assert_eq!(MarginTable::load(&path, &start).unwrap(), table);
    // The header alone says what the file solves.
    let identity = MarginTable::read_identity(&path).unwrap();
    assert_eq!(
        identity.to_string(),
        "kalah(pits=2,empty_capture=on) up to 8 seeds"
    );
    assert!(identity.covers(&start) && is_margin_database(&path));
    // A table of more seeds answers a game of fewer.
    let fewer = Kalah::from_spec("kalah(pits=2,seeds=1)").unwrap();
    let loaded = MarginTable::load(&path, &fewer).unwrap();
    assert!(margin_analysis(&loaded, &fewer).is_some());

    let refused = |path: &std::path::Path, game: &Kalah| {
        MarginTable::load(path, game).unwrap_err().to_string()
    };
    let other = Kalah::from_spec("kalah(pits=3,seeds=1)").unwrap();
    assert!(
        refused(&path, &other).contains("not kalah(pits=3"),
        "{}",
        refused(&path, &other)
    );
    let more = Kalah::from_spec("kalah(pits=2,seeds=3)").unwrap();
    assert!(
        refused(&path, &more).contains("up to 8 seeds"),
        "{}",
        refused(&path, &more)
    );

    let bytes = std::fs::read(&path).unwrap();
    let cut = dir.join("cut.db");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    assert!(
        refused(&cut, &start).contains("truncated"),
        "{}",
        refused(&cut, &start)
    );
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let bad = dir.join("bad.db");
    std::fs::write(&bad, &flipped).unwrap();
    assert!(
        refused(&bad, &start).contains("corrupt"),
        "{}",
        refused(&bad, &start)
    );
    std::fs::write(&bad, b"TABULA-SOLUTION\nrest").unwrap();
    assert!(refused(&bad, &start).contains("not a Tabula margin database"));
    assert!(!is_margin_database(&bad) && !is_margin_database(&dir));
    assert!(refused(&dir, &start).contains("not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The numbering: every index of a layer that names a position gives it
/// back, with its mirror image sharing it.
#[test]
fn index_round_trips() {
    let game = Kalah::from_spec("kalah(pits=3,seeds=2)").unwrap();
    for seeds in 1..=6 {
        for index in 0..game.layer_size(seeds) {
            if let Some(position) = game.position_in_layer(seeds, index) {
                assert_eq!(position.index_in_layer(), index);
                assert_eq!(Scored::seeds_on_board(&position), seeds);
            }
        }
    }
}

/// The first player's margin at the start against Irving, Donkers and
/// Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000, whose rules are
/// `empty_capture=on`: their Table 9 gives the margin for 4–6 pits, their
/// Table 10 only win, draw or loss (the sign) for fewer. The instances
/// here solve in a few seconds in a debug build; docs/solving.md compares
/// the rest.
#[test]
fn start_margins_match_the_published_solution() {
    // (pits, seeds, Table 9's margin, or None where Table 10 gives only the sign)
    let published: [(usize, usize, Option<i32>, i32); 20] = [
        (1, 1, None, 0),
        (1, 2, None, -1),
        (1, 3, None, 1),
        (1, 4, None, -1),
        (1, 5, None, 1),
        (1, 6, None, 0),
        (2, 1, None, 1),
        (2, 2, None, -1),
        (2, 3, None, -1),
        (2, 4, None, -1),
        (2, 5, None, 1),
        (2, 6, None, 1),
        (3, 1, None, 0),
        (3, 2, None, 1),
        (3, 3, None, 1),
        (3, 4, None, 1),
        (3, 5, None, 1),
        (4, 1, Some(2), 1),
        (4, 2, Some(6), 1),
        (5, 1, Some(0), 0),
    ];
    for (pits, seeds, margin, sign) in published {
        let spec = format!("kalah(pits={pits},seeds={seeds})");
        let start = Kalah::from_spec(&spec).unwrap();
        let table = solve_margins(&start, None).unwrap();
        let ours = margin_analysis(&table, &start).unwrap().margin;
        assert_eq!(ours.signum(), sign, "{spec}: {ours}");
        if let Some(margin) = margin {
            assert_eq!(ours, margin, "{spec}");
        }
    }
}
