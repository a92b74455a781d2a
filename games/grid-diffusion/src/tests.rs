//! Rule tests on hand-made positions, notation and parameter errors, keys
//! and actions. The shared conformance suite runs on every parameter set
//! of [`TEST_PLAN`](crate::TEST_PLAN) here
//! (and, with every agent, in the workspace's `tests/`).

use tabula_core::prelude::*;
use tabula_core::rng::seeded;
use tabula_core::{MoveError, Outcome, Params, View};
use tabula_testkit::conformance;

use crate::{GridDiffusion, GridDiffusionVariant, Move, BLACK, TEST_PLAN, WHITE};

fn game(args: &[(&str, &str)]) -> GridDiffusion {
    let args: Vec<(String, String)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let params = Params::resolve(
        GridDiffusionVariant::NAME,
        GridDiffusionVariant::PARAMS,
        &args,
    )
    .unwrap();
    GridDiffusionVariant::new(&params).unwrap().start()
}

/// A position of the 5x5, 5-stone game.
fn small(text: &str) -> GridDiffusion {
    game(&[("size", "5x5"), ("stones", "5")])
        .variant()
        .parse_position(text)
        .unwrap()
}

fn mv(state: &GridDiffusion, text: &str) -> Move {
    state.parse_move(text).unwrap()
}

fn play(state: &mut GridDiffusion, text: &str) {
    let m = mv(state, text);
    state.try_play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal_texts(state: &GridDiffusion) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&m| state.format_move(m)).collect()
}

fn alive(state: &GridDiffusion, cell: &str) -> bool {
    match mv(state, cell) {
        Move::Drop(c) => state.is_alive(c),
        _ => panic!("not a cell"),
    }
}

#[test]
fn start_position_and_rules_text() {
    let g = game(&[]);
    assert_eq!(
        g.position(),
        "......../......../......../......../......../......../......../........ b 13,13 0"
    );
    assert_eq!(g.stage(), 1);
    assert!(GridDiffusionVariant::RULES.contains("superko"));
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 64);
}

#[test]
fn life_and_death_on_edges_and_corners() {
    let s = small("b...b/....b/.bw../w...w/w.bw. b 0,0 0");
    // Corners: a5 alone dead, e5 with e4 alive, a1 with a2 alive.
    assert!(!alive(&s, "a5"));
    assert!(alive(&s, "e5") && alive(&s, "e4"));
    assert!(alive(&s, "a1") && alive(&s, "a2"));
    // Edges: c1 between a White stone and nothing of its own is dead.
    assert!(!alive(&s, "c1"));
    // Diagonal neighbours (d1, e2) and enemy neighbours (b3, c3) give no life.
    assert!(!alive(&s, "d1") && !alive(&s, "e2"));
    assert!(!alive(&s, "b3") && !alive(&s, "c3"));
    let board = s.render(&View::plain());
    assert!(board.contains(" 5  b . . . B  5"), "{board}");
    assert!(board.contains(" 1  W . b w .  1"), "{board}");
}

#[test]
fn attack_whose_displaced_stone_has_one_empty_neighbour() {
    // White a1's neighbours: a2 (empty) and b1 (Black).
    let s = small("....b/.w..b/..bw./.b.ww/wb... b 0,0 0");
    let onto_a1 = |from: &str| -> Vec<String> {
        legal_texts(&s)
            .into_iter()
            .filter(|t| t.starts_with(&format!("{from}:a1-")))
            .collect()
    };
    assert_eq!(onto_a1("e5"), vec!["e5:a1-a2"]);
    // b1 is next to a1, so its own vacated cell is a second destination.
    let mut from_b1 = onto_a1("b1");
    from_b1.sort();
    assert_eq!(from_b1, vec!["b1:a1-a2", "b1:a1-b1"]);
    assert!(!s.is_legal(mv(&s, "e5:a1-b1")));
    let mut after = s.clone();
    play(&mut after, "e5:a1-a2");
    assert_eq!(after.position(), "...../.w..b/..bw./wb.ww/bb... w 0,0 0");
}

#[test]
fn attack_onto_the_attackers_vacated_cell_and_with_no_empty_neighbour() {
    // White a1's neighbours a2 (White) and b1 (Black) are both occupied.
    let s = small("....b/.w..b/..bw./wb.w./wb... b 0,0 0");
    let onto_a1: Vec<String> = legal_texts(&s)
        .into_iter()
        .filter(|t| t.contains(":a1-"))
        .collect();
    assert_eq!(onto_a1, vec!["b1:a1-b1"]);
    for text in ["e5:a1-a2", "e5:a1-b1", "b2:a1-b1"] {
        let m = mv(&s, text);
        assert!(!s.is_legal(m), "{text}");
        let mut copy = s.clone();
        assert!(
            matches!(copy.try_play(m), Err(MoveError::Illegal { .. })),
            "{text}"
        );
        assert_eq!(copy.position(), s.position());
    }
    let mut after = s.clone();
    play(&mut after, "b1:a1-b1");
    assert_eq!(after.position(), "....b/.w..b/..bw./wb.w./bw... w 0,0 0");
}

#[test]
fn dead_stones_cannot_move_and_relocation_may_kill_own_stones() {
    let mut s = small("....b/.w..b/..bw./wb.w./wb... b 0,0 0");
    assert!(!s.is_legal(mv(&s, "c3-c4")), "c3 is dead");
    play(&mut s, "b2-c2");
    // b1 lost its only friend; c2 and c3 now live together.
    assert!(!alive(&s, "b1"));
    assert!(alive(&s, "c2") && alive(&s, "c3"));
}

#[test]
fn ko_forbids_recreating_an_earlier_arrangement_but_not_passing() {
    let mut s = small("bbw../b..../..b../....w/w.bww b 0,0 0");
    for text in ["a4-b4", "d1-d2", "b4-a4"] {
        play(&mut s, text);
    }
    let back = mv(&s, "d2-d1");
    assert!(!s.is_legal(back));
    let err = s.clone().try_play(back).unwrap_err();
    assert!(err.to_string().contains("ko"), "{err}");
    assert_eq!(s.ko_forbidden(), vec![back]);
    assert!(!legal_texts(&s).contains(&"d2-d1".to_string()));
    assert!(s.render(&View::plain()).contains("Ko forbids: d2-d1"));
    assert!(s.is_legal(Move::Pass));
    play(&mut s, "pass");
    // Black may not go back to the arrangement after his first move either.
    assert!(!s.is_legal(mv(&s, "a4-b4")));
    assert_eq!(s.ko_history_len(), 4);
}

#[test]
fn a_third_consecutive_pass_is_refused() {
    let mut s = small("bbw../b..../..b../....w/w.bww b 0,0 0");
    play(&mut s, "pass");
    play(&mut s, "pass");
    assert_eq!(s.passes(), 2);
    assert!(s.position().ends_with(" b 0,0 2"));
    assert!(!s.is_legal(Move::Pass));
    assert!(!legal_texts(&s).contains(&"pass".to_string()));
    let err = s.clone().try_play(Move::Pass).unwrap_err();
    assert!(err.to_string().contains("third consecutive pass"), "{err}");
    play(&mut s, "a4-b4");
    assert_eq!(s.passes(), 0);
    assert!(s.is_legal(Move::Pass));
}

#[test]
fn end_when_both_sides_die_the_opponent_loses_first() {
    // Black's b5 takes d1 and pushes it to d2: every stone on the board dies.
    let mut s = small("bbw.w/...../w.b.b/...../b..ww b 0,0 0");
    play(&mut s, "b5:d1-d2");
    assert!(s.live(BLACK).is_empty() && s.live(WHITE).is_empty());
    assert_eq!(s.outcome(), Some(Outcome::win(BLACK)));
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // The outcome survives the position text.
    assert_eq!(
        s.variant().parse_position(&s.position()).unwrap().outcome(),
        s.outcome()
    );
}

#[test]
fn end_when_only_the_mover_dies_the_mover_loses() {
    let mut s = small("bbw.w/...../w.b.b/...../b..ww b 0,0 0");
    play(&mut s, "b5-d4");
    assert!(s.live(BLACK).is_empty() && !s.live(WHITE).is_empty());
    assert_eq!(s.outcome(), Some(Outcome::win(WHITE)));
    assert!(s.render(&View::plain()).contains("White wins"));
}

#[test]
fn end_is_checked_after_the_drop_stage() {
    let mut s = game(&[("size", "5x5"), ("stones", "2")]);
    for text in ["a1", "e5", "c3", "e4"] {
        assert_eq!(s.outcome(), None);
        play(&mut s, text);
    }
    // Black, to move, has no live stone; White's pair lives.
    assert_eq!(s.outcome(), Some(Outcome::win(WHITE)));
}

#[test]
fn seed_example_sacrifice_leaves_black_two_live_stones() {
    let g = game(&[("stones", "6")]);
    let mut s = g
        .variant()
        .parse_position(
            "ww....../....bb.b/.......b/.......b/...w..../...w..../..w...../b.w..... w 0,0 0",
        )
        .unwrap();
    play(&mut s, "d4:h6->g6");
    assert!(!alive(&s, "h6"), "the attacker is sacrificed");
    let black_live: Vec<usize> = s.live(BLACK).iter().collect();
    assert_eq!(black_live.len(), 2, "only e7 and f7 live");
    assert!(alive(&s, "e7") && alive(&s, "f7"));
    assert_eq!(s.outcome(), None);
    // Whatever Black does, White can then leave him without a live stone.
    let mut replies = Vec::new();
    s.legal_moves(&mut replies);
    for &black in &replies {
        let mut after = s.clone();
        after.play(black);
        if after.outcome().is_some() {
            assert_eq!(after.outcome(), Some(Outcome::win(WHITE)));
            continue;
        }
        let mut answers = Vec::new();
        after.legal_moves(&mut answers);
        let wins = answers.iter().any(|&white| {
            let mut end = after.clone();
            end.play(white);
            end.outcome() == Some(Outcome::win(WHITE))
        });
        assert!(wins, "Black escapes with {}", s.format_move(black));
    }
}

#[test]
fn handicap_drop_order() {
    let mut s = game(&[("size", "5x5"), ("stones", "4"), ("handicap", "2")]);
    let mut order = Vec::new();
    for cell in ["a1", "e5", "a2", "e4", "c3", "c4"] {
        order.push(s.to_move());
        play(&mut s, cell);
    }
    assert_eq!(order, vec![BLACK, WHITE, BLACK, WHITE, BLACK, BLACK]);
    assert_eq!(s.stage(), 2);
    assert_eq!(s.to_move(), WHITE);
    // Mid-way, after White's last drop, Black drops twice in a row.
    let mid = "...../...../...../...../..... b 2,0 0";
    let g = game(&[("size", "5x5"), ("stones", "4"), ("handicap", "2")]);
    assert!(
        g.variant().parse_position(mid).is_err(),
        "stone counts must match"
    );
    let mid = "....w/....w/...../b..../b.... b 2,0 0";
    assert!(g.variant().parse_position(mid).is_ok());
    assert!(g
        .variant()
        .parse_position(&mid.replace(" b ", " w "))
        .is_err());
}

#[test]
fn parameters_are_validated() {
    let try_new = |args: &[(&str, &str)]| {
        let args: Vec<(String, String)> = args
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let params = Params::resolve(
            GridDiffusionVariant::NAME,
            GridDiffusionVariant::PARAMS,
            &args,
        )
        .map_err(|e| e.to_string())?;
        GridDiffusionVariant::new(&params)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    for size in ["2x8", "8x20", "abc", "8", "0x0"] {
        let err = try_new(&[("size", size)]).unwrap_err();
        assert!(err.contains("size"), "{err}");
    }
    assert!(try_new(&[("size", "19X3"), ("stones", "5")]).is_ok());
    let err = try_new(&[("stones", "5"), ("handicap", "5")]).unwrap_err();
    assert!(err.contains("handicap"), "{err}");
    let err = try_new(&[("size", "5x5"), ("stones", "13")]).unwrap_err();
    assert!(err.contains("at most 12"), "{err}");
    assert!(try_new(&[("size", "5x5"), ("stones", "12")]).is_ok());
    assert!(try_new(&[("size", "5x5"), ("stones", "13"), ("handicap", "2")]).is_ok());
    assert!(try_new(&[("stones", "0")]).is_err());
    assert!(try_new(&[("colour", "red")]).is_err());
}

#[test]
fn position_errors_are_explained() {
    let g = game(&[("size", "3x3"), ("stones", "2")]);
    assert_eq!(g.position(), ".../.../... b 2,2 0");
    let cases = [
        ("", "expected"),
        (".../.../...", "expected"),
        (".../... b 2,2 0", "3 ranks"),
        (".../..../... b 2,2 0", "rank 2 needs 3 cells, found 4"),
        (".../.x./... b 2,2 0", "`x`"),
        (".../.../... x 2,2 0", "side to move"),
        (".../.../... b 2;2 0", "B,W"),
        (".../.../... b -1,2 0", "B,W"),
        (".../.../... b 2,2 3", "passes"),
        (".../.../... b 2,2 0 extra", "expected"),
        (
            "b../.../... b 2,2 0",
            "Black has 1 stones on the board and 2 to drop",
        ),
        ("bb./.../... w 0,2 0", "alternate"),
        ("b../.../..w b 1,1 1", "passes"),
        ("b../.../... b 1,2 0", "White's turn"),
        ("éé./.../... b 2,2 0", "rank 3"),
    ];
    for (text, reason) in cases {
        let err = g.variant().parse_position(text).unwrap_err();
        assert!(err.reason.contains(reason), "`{text}`: {err}");
    }
    let ok = g
        .variant()
        .parse_position("  bb./ww./... b 0,0 2 ")
        .unwrap();
    assert_eq!(ok.position(), "bb./ww./... b 0,0 2");
    assert_eq!(ok.stage(), 2);
}

#[test]
fn hashes_stay_incremental_and_random_moves_cover_the_legal_ones() {
    let start = game(&[("size", "5x5"), ("stones", "5")]);
    let mut rng = seeded(3);
    let mut buffer = Vec::new();
    for _ in 0..200 {
        let mut s = start.clone();
        while let Some(m) = s.random_move(&mut rng, &mut buffer) {
            s.play(m);
            assert_eq!(
                s.hash,
                s.variant().parse_position(&s.position()).unwrap().hash
            );
        }
    }
    // A stage-2 position with one move forbidden by ko.
    let mut s = small("bbw../b..../..b../....w/w.bww b 0,0 0");
    for text in ["a4-b4", "d1-d2", "b4-a4"] {
        play(&mut s, text);
    }
    conformance::check_random_move_uniform(&s, 200, &mut rng);
    let forbidden = mv(&s, "d2-d1");
    assert!((0..5_000).all(|_| s.random_move(&mut rng, &mut buffer) != Some(forbidden)));
}

#[test]
fn random_moves_are_uniform() {
    let s = small("bbw../b..../..b../....w/w.bww b 0,0 0");
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut counts = std::collections::HashMap::new();
    let mut rng = seeded(9);
    let draws = 200 * moves.len();
    for _ in 0..draws {
        *counts
            .entry(s.random_move(&mut rng, &mut moves.clone()).unwrap())
            .or_insert(0usize) += 1;
    }
    assert_eq!(counts.len(), moves.len());
    // Each count is Binomial(draws, 1/n): mean 200, sd ≈ 14.
    assert!(
        counts.values().all(|&c| (120..=280).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn long_histories_keep_ko_exact() {
    // Random play that avoids ending the game lasts long enough to push the
    // history through hundreds of publications to its shared log (every
    // candidate move is tried on a clone); no arrangement may ever repeat.
    let mut s = game(&[("size", "5x5"), ("stones", "5")]);
    let mut rng = seeded(5);
    let mut moves = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..1500 {
        s.legal_moves(&mut moves);
        let going_on: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = s.clone();
                next.play(m);
                next.outcome().is_none()
            })
            .collect();
        let Some(&m) = going_on.get(rand::Rng::random_range(&mut rng, 0..going_on.len().max(1)))
        else {
            break;
        };
        s.play(m);
        let arrangement = s.position().split(' ').next().unwrap().to_string();
        if s.stage() == 2 && !seen.insert(arrangement) {
            assert_eq!(
                m,
                Move::Pass,
                "arrangement repeated by {}",
                s.format_move(m)
            );
        }
    }
    assert!(
        s.ko_history_len() > 512,
        "only {} turns",
        s.ko_history_len()
    );
    assert_eq!(s.ko_history_len(), seen.len());
}

#[test]
fn black_opens_stage_two_after_a_normal_drop_stage() {
    let mut s = game(&[("size", "5x5"), ("stones", "2")]);
    for cell in ["a1", "a3", "b1", "b3"] {
        play(&mut s, cell);
    }
    assert_eq!(s.stage(), 2);
    assert_eq!(
        s.to_move(),
        BLACK,
        "White dropped last, so Black moves next"
    );
}

#[test]
fn keys_see_the_ko_history_and_the_counters() {
    let s = small("bbw../b..../..b../....w/w.bww b 0,0 0");
    let mut walked = s.clone();
    for text in ["a4-b4", "d1-d2", "b4-a4"] {
        play(&mut walked, text);
    }
    // The same arrangement and side to move, set up afresh: its ko history
    // holds only the one arrangement, so its future differs.
    let fresh = small(&walked.position());
    assert_eq!(fresh.position(), walked.position());
    let back = mv(&walked, "d2-d1");
    assert!(!walked.is_legal(back) && fresh.is_legal(back), "ko differs");
    assert_ne!(fresh.key(), walked.key());
    assert_eq!(walked.clone().key(), walked.key());
    let mut passed = s.clone();
    play(&mut passed, "pass");
    let other_side = small("bbw../b..../..b../....w/w.bww w 0,0 1");
    assert_eq!(passed.position(), other_side.position());
    assert_eq!(
        passed.key(),
        other_side.key(),
        "same arrangement, history and counters"
    );
    assert_ne!(
        passed.key(),
        small("bbw../b..../..b../....w/w.bww w 0,0 0").key()
    );
}

#[test]
fn actions_number_every_move_class() {
    let g = game(&[("size", "5x5"), ("stones", "5")]);
    assert_eq!(g.variant().action_count(), 5 * 25 * 25 + 25 + 1);
    for (text, action) in [
        ("a1", 0),
        ("e5", 24),
        ("a1-b1", 25 + 1),
        ("b1-a1", 25 + 25),
        ("a1:b1-c1", 25 + 625 + 4),                  // east of the target
        ("c1:b1-a1", 25 + 625 + 4 * 2 * 25 + 4 + 1), // west
        ("a1:a2-a3", 25 + 625 + 4 * 5 + 2),          // north
        ("pass", 25 + 5 * 625),
    ] {
        let m = g.parse_move(text).unwrap();
        assert_eq!(g.action(m), action, "{text}");
        assert_eq!(g.action_move(action), Some(m), "{text}");
    }
    // A well-formed attack that can never be legal still gets a number.
    let far = g.parse_move("a1:c3-e5").unwrap();
    assert!(g.action(far) < g.variant().action_count());
    // A relocation onto its own cell, an attack on itself and a displaced
    // stone off the board are no moves.
    assert_eq!(g.action_move(25), None);
    assert_eq!(g.action_move(25 + 625 + 4 * (6 * 25 + 6)), None);
    assert_eq!(g.action_move(25 + 625 + 1), None, "a1:a1 west");
    assert_eq!(
        g.action_move(25 + 625 + 4 * 4),
        None,
        "a1 on e1: east of e1 is off the board"
    );
}

/// Every relocation and attack on a crowded 19x19 board, found the slow
/// way (every candidate checked), is listed, in the same order.
#[test]
fn crowded_boards_list_exactly_the_legal_moves() {
    let mut s = game(&[("size", "19x19"), ("stones", "180")]);
    let mut rng = seeded(11);
    let mut buffer = Vec::new();
    for _ in 0..420 {
        let m = s.random_move(&mut rng, &mut buffer).unwrap();
        s.play(m);
    }
    assert_eq!(s.stage(), 2);
    let n = s.variant.geo.cells();
    let mut slow = Vec::new();
    for action in n..s.variant().action_count() {
        if let Some(m) = s.action_move(action) {
            if s.is_legal(m) {
                slow.push(m);
            }
        }
    }
    let mut listed = Vec::new();
    s.legal_moves(&mut listed);
    let key = |m: &Move| match *m {
        Move::Relocate { from, to } => (0, from, from, to),
        Move::Attack { from, target, to } => (1, from, target, to),
        Move::Drop(c) => (2, c, c, c),
        Move::Pass => (3, crate::Cell(0), crate::Cell(0), crate::Cell(0)),
    };
    slow.sort_by_key(key);
    assert_eq!(listed, slow);
    assert!(listed.len() > 100, "{} moves", listed.len());
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<GridDiffusion>(&TEST_PLAN);
}
