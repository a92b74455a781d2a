//! The rules' examples, and the shared conformance suite on every
//! parameter set of the test plan (once the game is in the catalog, the
//! workspace's cross-game tests play it too).

use tabula_core::prelude::*;
use tabula_core::{MoveError, Outcome, View};
use tabula_testkit::conformance;

use crate::{Takeaway, TEST_PLAN};

fn game(spec: &str) -> Takeaway {
    Takeaway::from_spec(spec).unwrap()
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Takeaway>(&TEST_PLAN);
}

#[test]
fn taking_the_last_stone_wins() {
    let mut state = game("takeaway(stones=5,take=3)");
    state.try_play(3).unwrap();
    assert_eq!(state.position(), "2 N");
    assert!(state.outcome().is_none());
    state.try_play(2).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::win(1)));
    assert_eq!(state.try_play(1), Err(MoveError::GameOver));
}

#[test]
fn a_move_takes_from_one_to_take_stones_and_no_more_than_are_left() {
    let state = game("takeaway(stones=2,take=3)");
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert_eq!(moves, [1, 2]);
    assert!(state.clone().try_play(3).is_err());
    let error = state.parse_move("4").unwrap_err().to_string();
    assert!(error.contains("from 1 to 3"), "{error}");
    assert!(state.parse_move("0").is_err());
    assert!(state.parse_move("two").is_err());
}

/// The move generator's counts (`tabula perft` prints the same), derived
/// by hand: from 5 stones, 3 moves; then 3 + 3 + 2 from 4, 3 and 2 left;
/// then 3 + 2 + 1 + 2 + 1 + 0 + 1 + 0, the games taken to 0 not expanded.
#[test]
fn perft_counts_match_the_hand_derived_numbers() {
    let start = game("takeaway(stones=5,take=3)");
    let counts = [1, 2, 3].map(|depth| tabula_testkit::perft(&start, depth));
    assert_eq!(counts, [3, 8, 10]);
}

#[test]
fn positions_read_back_and_bad_ones_are_refused() {
    let start = game("takeaway");
    let state = start.variant().parse_position("17 N").unwrap();
    assert_eq!((state.left(), state.to_move()), (17, 1));
    assert_eq!(state.position(), "17 N");
    // No stones left: the side not to move took the last one.
    assert_eq!(
        start.variant().parse_position("0 S").unwrap().outcome(),
        Some(Outcome::win(1))
    );
    // 22 is more than the default game starts with.
    for bad in ["", "17", "17 X", "x N", "17 N 3", "22 S"] {
        assert!(start.variant().parse_position(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_evaluation_knows_who_wins() {
    // A multiple of take + 1 loses for the side to move.
    let lost = game("takeaway(stones=8,take=3)");
    assert!(lost.evaluate()[0] < 0.5);
    let won = game("takeaway(stones=9,take=3)");
    assert!(won.evaluate()[0] > 0.5);
}

#[test]
fn the_board_and_picture_mark_the_last_move() {
    let start = game("takeaway(stones=5)");
    let mut next = start.clone();
    next.play(2);
    let view = View {
        last: Some((&start, 2)),
        color: false,
    };
    let board = next.render(&view);
    assert!(board.contains("3 stones left"), "{board}");
    assert!(board.contains("Last move: South 2"), "{board}");
    assert!(board.ends_with("North to move"), "{board}");
    let picture = next.svg(&view);
    // Three stones, two rings for the stones taken, and a button and a
    // click target for each of the three moves.
    assert_eq!(picture.matches("<circle").count(), 11, "{picture}");
    for stones in 1..=3 {
        assert!(
            picture.contains(&format!(r#"data-cell="{stones}""#)),
            "{picture}"
        );
    }
    assert!(picture.contains("Last move: South 2"), "{picture}");
    assert!(picture.contains("North to move"), "{picture}");
}

#[test]
fn a_finished_game_evaluates_to_its_outcome() {
    let over = game("takeaway").variant().parse_position("0 S").unwrap();
    let scores = over.evaluate();
    assert_eq!((scores[0], scores[1]), (0.0, 1.0));
}
