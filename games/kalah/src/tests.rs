//! Rule tests on hand-made positions, the notations, keys, actions and
//! boards, and the shared conformance suite on every parameter set of
//! [`TEST_PLAN`] (the workspace's `tests/` play it too, with every agent).

use tabula_core::prelude::*;
use tabula_core::{MoveError, View};
use tabula_testkit::conformance;

use crate::{Kalah, Pit, TEST_PLAN};

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Kalah>(&TEST_PLAN);
}

fn game(spec: &str) -> Kalah {
    Kalah::from_spec(spec).unwrap()
}

/// Sets up `before` in `spec`, plays `mv`, and checks the position text after.
fn check(spec: &str, before: &str, mv: &str, after: &str) -> Kalah {
    let mut state = game(spec).variant().parse_position(before).unwrap();
    let house = state.parse_move(mv).unwrap();
    state.try_play(house).unwrap();
    assert_eq!(state.position(), after, "{before} then {mv}");
    state
}

#[test]
fn start_position() {
    let start = game("kalah");
    assert_eq!(start.position(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S");
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 6);
    assert_eq!(start.outcome(), None);
}

#[test]
fn last_seed_in_own_store_moves_again() {
    // C holds 4: D, E, F, store.
    check(
        "kalah",
        "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S",
        "C",
        "4,4,0,5,5,5/4,4,4,4,4,4 1,0 S",
    );
    // North's c likewise ends in North's store.
    check(
        "kalah",
        "4,4,4,4,4,4/4,4,4,4,4,4 0,0 N",
        "c",
        "4,4,4,4,4,4/4,4,0,5,5,5 0,1 N",
    );
}

#[test]
fn sowing_skips_the_opponents_store_and_refills_the_emptied_pit() {
    // 13 seeds from South's A: B-F, store, North's six pits, (North's
    // store skipped) A again: the last seed lands in the emptied pit,
    // which held none before it, and captures the opposite pit (North's f).
    let state = check(
        "kalah",
        "13,0,0,0,0,0/0,0,0,0,0,2 0,0 S",
        "A",
        "0,1,1,1,1,1/1,1,1,1,1,0 5,0 N",
    );
    assert_eq!(state.stores(), [5, 0], "1 sown + 1 capturing + 3 captured");
}

#[test]
fn captures_follow_empty_capture() {
    // South's A (1 seed) into the empty B; B faces North's e.
    check(
        "kalah",
        "1,0,3,0,0,0/1,0,0,0,2,0 0,0 S",
        "A",
        "0,0,3,0,0,0/1,0,0,0,0,0 3,0 N",
    );
    // Opposite pit empty: `on` captures the lone seed, `off` leaves it.
    check(
        "kalah",
        "1,0,3,0,0,0/2,0,0,0,0,0 0,0 S",
        "A",
        "0,0,3,0,0,0/2,0,0,0,0,0 1,0 N",
    );
    check(
        "kalah(empty_capture=off)",
        "1,0,3,0,0,0/2,0,0,0,0,0 0,0 S",
        "A",
        "0,1,3,0,0,0/2,0,0,0,0,0 0,0 N",
    );
}

#[test]
fn an_empty_side_ends_the_game_and_sweeps_the_rest() {
    // South's last seed goes into the store: South's side is empty, so the
    // game ends at once (no extra move) and North's 5 go to North's store.
    let state = check(
        "kalah",
        "0,0,0,0,0,1/3,0,0,0,0,2 20,17 S",
        "F",
        "0,0,0,0,0,0/0,0,0,0,0,0 21,22 S",
    );
    assert_eq!(state.outcome(), Some(Outcome::win(1)));
    assert_eq!(state.margin(), -1);
    let board = state.render(&View::plain());
    assert!(board.ends_with("Game over: North wins 22-21"), "{board}");
    let drawn = game("kalah")
        .variant()
        .parse_position("0,0,0,0,0,0/0,0,0,0,0,0 24,24 S")
        .unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::draw(2)));
    let mut moves = vec![Pit(0)];
    drawn.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn moves_are_the_movers_pits_in_either_case() {
    let state = game("kalah");
    assert_eq!(state.parse_move(" c "), Ok(Pit(2)));
    assert_eq!(state.parse_move("C"), Ok(Pit(2)));
    assert_eq!(state.format_move(Pit(2)), "C");
    let north = state
        .variant()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0,0 N")
        .unwrap();
    assert_eq!(north.format_move(Pit(2)), "c");
    for bad in ["", "g", "G", "cc", "1", "é", "c4"] {
        assert!(
            matches!(state.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn empty_pits_are_illegal_and_leave_the_state_alone() {
    let mut state = game("kalah")
        .variant()
        .parse_position("0,1,0,0,0,0/1,0,0,0,0,0 0,0 S")
        .unwrap();
    assert!(state.try_play(Pit(0)).is_err());
    assert!(state.try_play(Pit(7)).is_err());
    assert_eq!(state.position(), "0,1,0,0,0,0/1,0,0,0,0,0 0,0 S");
}

#[test]
fn bad_positions_are_rejected() {
    let template = game("kalah");
    // The text's syntax is tabula-sowing's (tested there); these are the
    // variant's row length and the positions no game reaches.
    for bad in [
        "4,4,4,4,4/4,4,4,4,4,4 0,0 S",
        "200,4,4,4,4,4/4,4,4,4,4,4 20,0 S",
        "0,0,0,0,0,0/4,4,4,4,4,4 0,0 S",
    ] {
        let error = template.variant().parse_position(bad);
        assert!(error.is_err(), "{bad:?} accepted");
    }
    let error = template
        .variant()
        .parse_position("0,0,0,0,0,0/4,4,4,4,4,4 0,0 S")
        .unwrap_err();
    assert!(
        error.to_string().contains("one side's pits are empty"),
        "{error}"
    );
}

#[test]
fn bad_parameters_are_rejected() {
    assert!(Kalah::from_spec("kalah(pits=0)").is_err());
    assert!(Kalah::from_spec("kalah(pits=9)").is_err());
    assert!(Kalah::from_spec("kalah(seeds=13)").is_err());
    assert!(Kalah::from_spec("kalah(empty_capture=maybe)").is_err());
    assert!(Kalah::from_spec("kalah(houses=6)").is_err());
    assert_eq!(game("kalah(pits=1,seeds=1)").position(), "1/1 0,0 S");
}

#[test]
fn board_shows_stores_marks_turn_and_result() {
    let before = game("kalah")
        .variant()
        .parse_position("1,0,3,0,0,0/0,0,0,0,2,1 0,0 S")
        .unwrap();
    let mut after = before.clone();
    after.play(Pit(0));
    let board = after.render(&View {
        last: Some((&before, Pit(0))),
        color: false,
    });
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "          f   e   d   c   b   a", "{board}");
    assert_eq!(
        lines[1], "  [ 0]    1   0x  0   0   0   0          North",
        "{board}"
    );
    assert_eq!(
        lines[2], "          0^  0   3   0   0   0   [ 3]*  South",
        "{board}"
    );
    assert_eq!(lines[3], "          A   B   C   D   E   F", "{board}");
    assert!(board.contains("Last move: South A"), "{board}");
    assert!(board.ends_with("North to move"), "{board}");
    let svg = after.svg(&View {
        last: Some((&before, Pit(0))),
        color: false,
    });
    assert!(svg.starts_with("<svg") && svg.contains("Kalah"), "{svg}");
}

#[test]
fn actions_are_the_movers_pits() {
    let state = game("kalah(pits=4)");
    assert_eq!(state.variant().action_count(), 4);
    assert_eq!(state.action(Pit(3)), 3);
    assert_eq!(state.action_move(3), Some(Pit(3)));
    assert_eq!(state.action_move(4), None);
}

#[test]
fn keys_and_observations_see_the_stores_and_the_side() {
    let start = game("kalah");
    let a = start
        .variant()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0,0 S")
        .unwrap();
    let b = start
        .variant()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0,0 N")
        .unwrap();
    let c = start
        .variant()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 1,0 S")
        .unwrap();
    assert_ne!(a.key(), b.key());
    assert_ne!(a.key(), c.key());
    let mut seen = vec![0.0; 15];
    c.observe(1, &mut seen);
    assert_eq!(
        seen[12..],
        [0.0, 1.0, 0.0],
        "North's store, South's, not to move"
    );
}

#[test]
fn a_solver_can_rebuild_a_position_from_its_parts() {
    let mut state = game("kalah(pits=3,seeds=2)");
    state.play(Pit(1));
    let rebuilt = state
        .with_board(state.board(), state.stores(), state.to_move())
        .unwrap();
    assert_eq!(rebuilt, state);
    assert_eq!(
        state.seeds_on_board() + state.stores().iter().map(|&s| u32::from(s)).sum::<u32>(),
        12
    );
    let mut flipped = state.clone();
    flipped.set_to_move(1 - state.to_move());
    assert_ne!(flipped.key(), state.key());
}
