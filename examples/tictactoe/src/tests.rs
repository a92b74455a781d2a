//! Unit tests: the board, lines and draws, the bit line test against the
//! rules cell by cell, self-play; and the conformance suite on every
//! parameter set of [`TEST_PLAN`].

use tabula::{Drawing, Game, Notation, Outcome, Seat, Variant, View};
use tabula_testkit::conformance;

use crate::{TicTacToe, TEST_PLAN};

fn game(size: &str, line: &str) -> TicTacToe {
    TicTacToe::from_spec(&format!("tictactoe(size={size},line={line})")).unwrap()
}

#[test]
fn the_board_brackets_the_last_move() {
    let mut before = game("3", "3");
    for cell in ["a1", "c1", "c3"] {
        before.play(before.parse_move(cell).unwrap());
    }
    let mv = before.parse_move("b2").unwrap();
    let mut after = before.clone();
    after.play(mv);
    let view = View {
        last: Some((&before, mv)),
        color: false,
    };
    let board = "    a b c\n 1  X . O  1\n 2  .[O].  2\n 3  . . X  3\n    a b c";
    assert_eq!(
        after.render(&view),
        format!("{board}\nLast move: O b2\nX to move")
    );
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<TicTacToe>(&TEST_PLAN);
}

/// The well-known counts of tic-tac-toe (`tabula perft` prints the same):
/// 9 × 8 × 7 × 6 × 5 positions after five plies, of which 1,440 are won,
/// so 13,680 × 4 after six.
#[test]
fn perft_counts_match_the_known_numbers() {
    let start = game("3", "3");
    let counts = [1, 2, 3, 4, 5, 6].map(|depth| tabula_testkit::perft(&start, depth));
    assert_eq!(counts, [9, 72, 504, 3024, 15120, 54720]);
}

#[test]
fn lines_win_and_full_boards_draw() {
    let start = game("3", "3");
    let won = start.variant().parse_position("xxx/oo./... o").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::win(0)));
    let diagonal = start.variant().parse_position("o.x/ox./x.. o").unwrap();
    assert_eq!(diagonal.outcome(), Some(Outcome::win(0)));
    let drawn = start.variant().parse_position("xox/xoo/oxx o").unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::draw(2)));
    assert!(start.variant().parse_position("xxx/... x").is_err());
    assert!(
        start.variant().parse_position("xx./.../... o").is_err(),
        "X cannot be two marks ahead"
    );
}

/// The line test cell by cell, as the rules say it.
fn has_line_by_cells(state: &TicTacToe, seat: Seat) -> bool {
    let (n, k) = (state.variant.size() as i32, state.variant.line() as i32);
    let mine = |r: i32, c: i32| {
        (0..n).contains(&r) && (0..n).contains(&c) && state.marks[seat] & (1 << (r * n + c)) != 0
    };
    (0..n).any(|r| {
        (0..n).any(|c| {
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .iter()
                .any(|&(dr, dc)| (0..k).all(|i| mine(r + i * dr, c + i * dc)))
        })
    })
}

#[test]
fn the_bit_line_test_agrees_with_the_rules_on_every_size() {
    for (size, line) in [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5)] {
        let mut state = game(&size.to_string(), &line.to_string());
        // Every set of marks up to 4x4; every 997th on 5x5.
        let step = if size == 5 { 997 } else { 1 };
        let mut lines = 0;
        for marks in (0..=state.full()).step_by(step) {
            state.marks = [marks, 0];
            let expected = has_line_by_cells(&state, 0);
            assert_eq!(
                state.has_line(0),
                expected,
                "{size}x{size}, line {line}: {marks:b}"
            );
            lines += usize::from(expected);
        }
        assert!(
            lines > 0,
            "{size}x{size}, line {line}: no set with a line was tried"
        );
    }
}

#[test]
fn mcts_against_itself_draws() {
    let mut state = game("3", "3");
    let mut players: Vec<tabula::mcts::Mcts<TicTacToe>> = (0..2)
        .map(|seed| {
            tabula::mcts::Mcts::new(tabula::mcts::MctsConfig {
                iterations: Some(20_000),
                seed,
                ..Default::default()
            })
        })
        .collect();
    while state.outcome().is_none() {
        let mv = players[state.to_move()].search(&state).best;
        state.play(mv);
    }
    assert_eq!(
        state.outcome(),
        Some(Outcome::draw(2)),
        "{}",
        state.position()
    );
}
