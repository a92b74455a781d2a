//! Rule tests on Steere's figures and hand-made positions, the notations,
//! keys and actions. The shared conformance suite runs on every parameter
//! set of [`TEST_PLAN`](crate::TEST_PLAN) here
//! (and, with every agent, in the workspace's `tests/`).

use tabula_core::prelude::*;
use tabula_core::{MoveError, Outcome, View};
use tabula_testkit::conformance;

use crate::{Diffusion, Pit, TEST_PLAN};

fn game(spec: &str) -> Diffusion {
    Diffusion::from_spec(spec).unwrap()
}

fn standard() -> Diffusion {
    game("diffusion")
}

/// Sets up `before`, plays `mv`, and checks the position text after.
fn check(before: &str, mv: &str, after: &str) -> Diffusion {
    let mut state = standard().variant().parse_position(before).unwrap();
    let pit = state.parse_move(mv).unwrap();
    state.try_play(pit).unwrap();
    assert_eq!(state.position(), after, "{before} then {mv}");
    state
}

#[test]
fn start_position() {
    let start = standard();
    assert_eq!(start.position(), "444444/444444 A");
    assert_eq!(start.to_move(), 0);
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 12);
}

#[test]
fn steere_figure_3_edge_move() {
    check("000000/100500 A", "D", "001110/101010 B");
}

#[test]
fn steere_figure_4_corner_move_fills_the_store_twice() {
    let state = check("500000/000010 A", "a", "010000/110010 B");
    assert_eq!(state.stores(), [2, 0]);
}

#[test]
fn steere_figure_5_overflow_skips_a_full_pit() {
    let state = check("000500/004000 A", "C", "011500/000100 B");
    assert_eq!(state.stores().iter().sum::<u8>(), 1);
}

#[test]
fn steere_figure_6_mover_hands_the_win_to_the_opponent() {
    let state = check("001200/001000 A", "d", "002000/002000 B");
    assert_eq!(state.outcome(), Some(Outcome::win(1)));
}

#[test]
fn lower_right_corner_sends_two_stones_right() {
    let state = check("100000/000005 B", "F", "100011/000010 A");
    assert_eq!(state.stores(), [0, 2]);
}

#[test]
fn upper_right_corner_sows_west_first() {
    check("000003/100000 B", "f", "000010/100011 A");
}

#[test]
fn a_wins_by_emptying_own_block() {
    let state = check("000010/001000 A", "C", "000010/000100 B");
    assert_eq!(state.outcome(), Some(Outcome::win(0)));
}

#[test]
fn b_wins_by_emptying_own_block() {
    let state = check("100000/000001 B", "F", "100000/000000 A");
    assert_eq!(
        state.outcome(),
        Some(Outcome::win(1)),
        "the stone went to the store"
    );
    let state = check("100100/000000 B", "d", "101000/000000 A");
    assert_eq!(state.outcome(), Some(Outcome::win(1)));
}

#[test]
fn rows_variant_gives_each_player_a_row() {
    let rows = game("diffusion(blocks=rows)");
    let mut state = rows.variant().parse_position("000000/000001 A").unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::win(1)),
        "B's upper row is empty"
    );
    state = rows.variant().parse_position("000010/000001 A").unwrap();
    state.try_play(state.parse_move("F").unwrap()).unwrap();
    assert_eq!(state.position(), "000010/000000 B");
    assert_eq!(state.outcome(), Some(Outcome::win(0)));
}

#[test]
fn wider_boards_use_more_letters() {
    let wide = game("diffusion(width=10,stones=2)");
    assert_eq!(wide.position(), "2222222222/2222222222 A");
    assert_eq!(wide.parse_move("J"), Ok(Pit(19)));
    assert!(wide.parse_move("k").is_err());
    assert_eq!(wide.format_move(Pit(9)), "j");
}

#[test]
fn moves_are_case_sensitive_letters() {
    let state = standard();
    assert_eq!(state.parse_move(" D "), Ok(Pit(9)));
    assert_eq!(state.parse_move("d"), Ok(Pit(3)));
    for bad in ["", "g", "G", "DD", "1", "é", "d4"] {
        assert!(
            matches!(state.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn empty_pits_are_illegal_and_leave_the_state_alone() {
    let mut state = standard()
        .variant()
        .parse_position("000000/100500 A")
        .unwrap();
    assert!(state.try_play(Pit(0)).is_err());
    assert_eq!(state.position(), "000000/100500 A");
}

#[test]
fn bad_positions_are_rejected() {
    let template = standard();
    for bad in [
        "",
        "444444/444444",
        "444444/444444 C",
        "44444/444444 A",
        "4444444/444444 A",
        "444444-444444 A",
        "444446/444444 A",
        "44444x/444444 A",
        "000000/000000 A",
        "444444/444444 A extra",
    ] {
        assert!(
            template.variant().parse_position(bad).is_err(),
            "{bad:?} accepted"
        );
    }
}

#[test]
fn bad_parameters_are_rejected() {
    let odd = Diffusion::from_spec("diffusion(width=7)").unwrap_err();
    assert!(odd.to_string().contains("an even number"), "{odd}");
    assert!(Diffusion::from_spec("diffusion(stones=6)").is_err());
    assert!(
        Diffusion::from_spec("calcala").is_err(),
        "another game's name"
    );
}

#[test]
fn board_shows_stores_turn_and_result() {
    let before = standard()
        .variant()
        .parse_position("500000/000010 A")
        .unwrap();
    let mut after = before.clone();
    after.play(Pit(0));
    let board = after.render(&View {
        last: Some((&before, Pit(0))),
        color: false,
    });
    let lines: Vec<&str> = board.lines().collect();
    // Pit letters above and below; `^` picked up, `*` sown (the left store
    // got the two stones sown past the left end); the seats by their rows.
    assert_eq!(lines[0], "          a   b   c  |  d   e   f", "{board}");
    assert_eq!(
        lines[1], "  [ 2]*   0^  1*  0  |  0   0   0   [ 0]   North",
        "{board}"
    );
    assert_eq!(
        lines[2], "          1*  1*  0  |  0   1   0          South",
        "{board}"
    );
    assert_eq!(lines[3], "          A   B   C  |  D   E   F", "{board}");
    assert!(board.contains("Last move: South a"), "{board}");
    assert!(board.ends_with("North to move"), "{board}");
    let won = standard()
        .variant()
        .parse_position("002000/002000 B")
        .unwrap();
    assert!(won
        .render(&View::plain())
        .ends_with("Game over: North wins (its block is empty)"));
}

#[test]
fn random_moves_are_uniform() {
    let mut rng = tabula_core::rng::seeded(3);
    conformance::check_random_move_uniform(&standard(), 200, &mut rng);
    // Few non-empty pits: most draws over all pits miss.
    let sparse = standard()
        .variant()
        .parse_position("100000/000001 A")
        .unwrap();
    conformance::check_random_move_uniform(&sparse, 2000, &mut rng);
}

#[test]
fn actions_are_pit_indices() {
    let state = game("diffusion(width=8)");
    assert_eq!(state.variant().action_count(), 16);
    let d = state.parse_move("d").unwrap();
    let big_d = state.parse_move("D").unwrap();
    assert_eq!((state.action(d), state.action(big_d)), (3, 11));
    assert_eq!(state.action_move(11), Some(big_d));
    assert_eq!(state.action_move(16), None);
}

#[test]
fn keys_follow_the_pits_and_the_side_to_move_not_the_stores() {
    let start = standard();
    let a = start.variant().parse_position("001200/001000 A").unwrap();
    let b = start.variant().parse_position("001200/001000 B").unwrap();
    assert_ne!(a.key(), b.key());
    // The same pits reached with stones in a store: the same future.
    let mut played = start.variant().parse_position("500000/000010 A").unwrap();
    played.play(Pit(0));
    let set_up = start.variant().parse_position(&played.position()).unwrap();
    assert_eq!(played.stores(), [2, 0]);
    assert_eq!(set_up.stores(), [0, 0]);
    assert_eq!(played.key(), set_up.key());
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Diffusion>(&TEST_PLAN);
}
