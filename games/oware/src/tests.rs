//! Rule tests on hand-made positions (captures, grand slams, laps,
//! feeding, repetitions), the notations, keys, actions and boards, and the
//! shared conformance suite on every parameter set of [`TEST_PLAN`] (the
//! workspace's `tests/` play it too, with every agent).

use tabula_core::prelude::*;
use tabula_core::{MoveError, Outcome, View};
use tabula_testkit::conformance;

use crate::{Ending, House, Oware, TEST_PLAN};

fn game(spec: &str) -> Oware {
    Oware::from_spec(spec).unwrap()
}

/// Sets up `before` in `spec`, plays the moves, and checks the position text after.
fn check(spec: &str, before: &str, moves: &str, after: &str) -> Oware {
    let mut state = game(spec).variant().parse_position(before).unwrap();
    for mv in moves.split_whitespace() {
        let house = state.parse_move(mv).unwrap();
        state.try_play(house).unwrap();
    }
    assert_eq!(state.position(), after, "{before} then {moves}");
    state
}

fn legal(state: &Oware) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.into_iter().map(|mv| state.format_move(mv)).collect()
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Oware>(&TEST_PLAN);
}

#[test]
fn start_position() {
    let start = game("oware");
    assert_eq!(start.position(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S");
    assert_eq!(legal(&start), ["A", "B", "C", "D", "E", "F"]);
    assert_eq!(start.history_len(), 1);
}

#[test]
fn a_capture_takes_the_run_of_twos_and_threes_before_the_last_house() {
    // F sows a, b, c: 2, 3, 2, all taken; North keeps its f.
    check(
        "oware",
        "0,0,0,0,0,3/1,2,1,0,0,9 0,0 S",
        "F",
        "0,0,0,0,0,0/0,0,0,0,0,9 7,0 N",
    );
    // b makes 4: the run stops there.
    check(
        "oware",
        "0,0,0,0,0,3/1,3,1,0,0,4 0,0 S",
        "F",
        "0,0,0,0,0,0/2,4,0,0,0,4 2,0 N",
    );
    // A house made 4 by the last seed captures nothing.
    check(
        "oware",
        "0,0,0,0,0,1/3,0,0,0,0,4 0,0 S",
        "F",
        "0,0,0,0,0,0/4,0,0,0,0,4 0,0 N",
    );
}

#[test]
fn a_grand_slam_is_allowed_and_captures_nothing() {
    check(
        "oware",
        "0,0,0,0,0,6/1,1,1,1,1,2 0,0 S",
        "F",
        "0,0,0,0,0,0/2,2,2,2,2,3 0,0 N",
    );
    // Here North then cannot feed South (no house reaches): North collects.
    let state = check(
        "oware",
        "0,0,0,0,0,3/1,2,1,0,0,0 0,0 S",
        "F",
        "0,0,0,0,0,0/0,0,0,0,0,0 0,7 N",
    );
    assert_eq!(state.outcome(), Some(Outcome::win(1)));
}

#[test]
fn laps_of_twelve_or_more_skip_the_emptied_house() {
    check(
        "oware",
        "12,0,0,0,0,0/1,1,1,1,1,1 0,0 S",
        "A",
        "0,2,1,1,1,1/2,2,2,2,2,2 0,0 N",
    );
}

#[test]
fn a_starved_opponent_must_be_fed() {
    let state = game("oware")
        .variant()
        .parse_position("0,0,0,0,1,2/0,0,0,0,0,0 10,12 S")
        .unwrap();
    assert_eq!(legal(&state), ["F"], "E stays on South's side");
    let mut copy = state.clone();
    assert!(copy.try_play(House(4)).is_err());
    assert_eq!(copy.position(), state.position());
}

#[test]
fn a_side_that_cannot_feed_ends_the_game_and_rows_are_collected() {
    // North's f makes 2 in South's A: every South seed, a grand slam, so
    // nothing is taken; South cannot reach the empty North: South collects.
    let state = check(
        "oware",
        "1,0,0,0,0,0/0,0,0,0,0,1 10,10 N",
        "f",
        "0,0,0,0,0,0/0,0,0,0,0,0 12,10 S",
    );
    assert_eq!(state.outcome(), Some(Outcome::win(0)));
    assert_eq!(state.ending(), Ending::CannotFeed);
    let board = state.render(&View::plain());
    assert!(
        board.ends_with("South wins 12-10 (no move feeds the opponent; rows collected)"),
        "{board}"
    );
}

#[test]
fn more_than_half_wins_and_exactly_half_each_draws() {
    // 26 of 48: South has won, and each side collects its row.
    let won = check(
        "oware",
        "0,0,0,0,0,1/1,0,0,0,0,4 24,18 S",
        "F",
        "0,0,0,0,0,0/0,0,0,0,0,0 26,22 N",
    );
    assert_eq!(won.outcome(), Some(Outcome::win(0)));
    assert_eq!(won.ending(), Ending::Decided);
    let drawn = game("oware")
        .variant()
        .parse_position("0,0,0,0,0,0/0,0,0,0,0,0 24,24 S")
        .unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::draw(2)));
    assert!(legal(&drawn).is_empty());
}

#[test]
fn a_repeated_position_ends_the_game_with_the_rows_collected() {
    // B, b (the only move that feeds South), A, a: the first position again.
    let spec = "oware(houses=2,seeds=1)";
    let state = check(spec, "0,1/0,1 0,0 S", "B b A", "0,1/1,0 0,0 N");
    assert_eq!(state.history_len(), 4);
    let over = check(spec, "0,1/0,1 0,0 S", "B b A a", "0,0/0,0 1,1 S");
    assert_eq!(over.outcome(), Some(Outcome::draw(2)));
    assert_eq!(over.ending(), Ending::Repetition);
    // The same board read as text has no history: another key.
    let read = game(spec)
        .variant()
        .parse_position("0,1/1,0 0,0 N")
        .unwrap();
    assert_eq!(read.position(), state.position());
    assert_ne!(read.key(), state.key());
}

#[test]
fn a_capture_restarts_the_history() {
    let state = check(
        "oware",
        "0,0,0,0,0,3/1,2,1,0,0,9 0,0 S",
        "F",
        "0,0,0,0,0,0/0,0,0,0,0,9 7,0 N",
    );
    assert_eq!(state.outcome(), None);
    assert_eq!(state.history_len(), 1, "the position after the capture");
}

#[test]
fn moves_are_the_movers_houses_in_either_case() {
    let state = game("oware");
    assert_eq!(state.parse_move(" c "), Ok(House(2)));
    assert_eq!(state.parse_move("C"), Ok(House(2)));
    assert_eq!(state.format_move(House(2)), "C");
    let north = state
        .variant()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0,0 N")
        .unwrap();
    assert_eq!(north.format_move(House(5)), "f");
    for bad in ["", "g", "G", "cc", "1", "é", "c4"] {
        assert!(
            matches!(state.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn bad_positions_are_rejected() {
    let template = game("oware");
    // The text's syntax is tabula-sowing's (tested there); these are the
    // variant's row length and the positions no game reaches.
    for bad in [
        "4,4,4,4,4/4,4,4,4,4,4 0,0 S",
        "255,4,4,4,4,4/4,4,4,4,4,4 0,0 S",
        "0,0,0,0,0,0/4,4,4,4,4,4 0,0 S",
        "0,0,0,0,1,0/0,0,0,0,0,0 10,10 S",
        "0,0,0,0,1,0/0,0,0,0,0,1 10,30 S",
    ] {
        assert!(
            template.variant().parse_position(bad).is_err(),
            "{bad:?} accepted"
        );
    }
    let error = template
        .variant()
        .parse_position("0,0,0,0,1,0/0,0,0,0,0,0 10,10 S")
        .unwrap_err();
    assert!(error.to_string().contains("no legal move"), "{error}");
}

#[test]
fn bad_parameters_are_rejected() {
    for bad in [
        "oware(houses=1)",
        "oware(houses=9)",
        "oware(seeds=0)",
        "oware(seeds=13)",
        "oware(pits=6)",
    ] {
        assert!(Oware::from_spec(bad).is_err(), "{bad}");
    }
    assert_eq!(game("oware(houses=2,seeds=1)").position(), "1,1/1,1 0,0 S");
}

#[test]
fn board_shows_captures_marks_turn_and_result() {
    let before = game("oware")
        .variant()
        .parse_position("0,0,0,0,0,3/1,3,1,0,0,4 0,0 S")
        .unwrap();
    let mut after = before.clone();
    after.play(House(5));
    let view = View {
        last: Some((&before, House(5))),
        color: false,
    };
    let board = after.render(&view);
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "          f   e   d   c   b   a", "{board}");
    assert_eq!(
        lines[1], "  [ 0]    4   0   0   0x  4*  2*         North",
        "{board}"
    );
    assert_eq!(
        lines[2], "          0   0   0   0   0   0^  [ 2]*  South",
        "{board}"
    );
    assert_eq!(lines[3], "          A   B   C   D   E   F", "{board}");
    assert!(board.contains("Last move: South F"), "{board}");
    assert!(board.ends_with("North to move"), "{board}");
    assert!(after.svg(&view).contains("Oware"));
}

#[test]
fn actions_are_openspiels() {
    let state = game("oware(houses=4)");
    assert_eq!(state.variant().action_count(), 4);
    assert_eq!(state.action(House(3)), 3);
    assert_eq!(state.action_move(3), Some(House(3)));
    assert_eq!(state.action_move(4), None);
}
