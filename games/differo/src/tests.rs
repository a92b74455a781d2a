//! Rule tests on the start position and on constructed positions, keys
//! and actions. The shared conformance suite runs on
//! [`TEST_PLAN`](crate::TEST_PLAN) here
//! (and, with every agent, in the workspace's `tests/`).

use tabula_core::rng::seeded;
use tabula_core::{
    Actions, Drawing, Evaluation, Game, MoveError, Notation, Outcome, Params, Variant, View,
};
use tabula_testkit::conformance;

use crate::geometry::BOARD;
use crate::{Cell, Differo, DifferoVariant, Move, BLACK, START, TEST_PLAN, WHITE};

/// A position from space-separated cell lists.
fn setup(white: &str, black: &str, to_move: usize) -> Differo {
    let bits = |cells: &str| {
        cells
            .split_whitespace()
            .map(|name| {
                Cell::parse(name)
                    .unwrap_or_else(|| panic!("{name} is not a cell"))
                    .bit()
            })
            .fold(0, |all, bit| all | bit)
    };
    Differo::from_pieces(bits(white), bits(black), to_move)
}

fn start() -> Differo {
    DifferoVariant.start()
}

/// The legal moves as sorted text.
fn moves(state: &Differo) -> Vec<String> {
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&mv| state.format_move(mv)).collect();
    texts.sort();
    texts
}

fn mv(state: &Differo, text: &str) -> Move {
    state.parse_move(text).unwrap()
}

fn sorted(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn start_position_is_the_documented_one() {
    let game = start();
    assert_eq!(game.position(), START);
    assert_eq!(game.to_move(), WHITE);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.pieces(WHITE).count_ones(), 13);
    assert_eq!(game.pieces(BLACK).count_ones(), 13);
    // Black is the 180° image of White: (r, d) -> (8 - r, 10 - d).
    for cell in Cell::all_in(game.pieces(WHITE)) {
        let image = Cell::at(8 - cell.row(), 10 - cell.number()).unwrap();
        assert_eq!(game.piece_at(image), Some(BLACK), "{cell}");
    }
}

/// White's first moves, counted line by line from the start position.
/// (Row r holds numbers max(1,r-3)..min(9,r+5); W/B = pieces on the line.)
///
/// Rows (step = W - B):
/// - A, E, I: no White piece. F, G, H: only Black.
/// - B (B1-B6) W4 B0 -> 4: B2+4=B6, B5-4=B1; B3, B4 and the rest leave the board.
/// - C (C1-C7) W3 -> 3: C2+3=C5, C4+3=C7, C4-3=C1, C6-3=C3; C2-3, C6+3 off.
/// - D (D1-D8) W6 -> 6: D2+6=D8, D7-6=D1; D3..D6 leave the board either way.
///
/// Diagonals (same number, rows vary; diagonal d spans rows max(0,d-5)..min(8,d+3)):
/// - 2 (A2-F2) W3 (B2 C2 D2) B0 -> 3: B2->E2, C2->F2, D2->A2; B2-3, C2-3 off, D2+3=G2 off.
/// - 3 (A3-G3) W2 (B3 D3) B1 (F3) -> 1: B3->C3, D3->C3, D3->E3; B3->A3 is Black's goal.
/// - 4 (A4-H4) W3 (B4 C4 D4) B2 (F4 G4) -> 1: B4->A4, D4->E4; C4, B4 up, D4 down land on pieces.
/// - 5 (A5-I5) W2 B2 -> 0; 6 W2 B3 -> -1; 7 W1 B2 -> -1; 1, 8, 9 no White piece.
///
/// Third lines (letter and number change together; r - d fixed):
/// - D1-I6 (r-d=2): W0. E1-I5: empty. C1-I7 (r-d=1): W1 (D2) B2 (F4 H6) -> -1.
/// - B1-I8 (r-d=0): W2 (C2 D3) B3 (F5 G6 H7) -> -1.
/// - A1-I9 (r-d=-1): W2 (B2 D4) B2 (F6 H8) -> 0.
/// - A2-H9 (r-d=-2): W3 (B3 C4 D5) B2 (F7 G8) -> 1: B3->A2, D5->E6; the rest land on pieces.
/// - A3-G9 (r-d=-3): W2 (B4 D6) B1 (F8) -> 1: B4->C5, D6->C5, D6->E7; B4->A3 is Black's goal.
/// - A4-F9 (r-d=-4): W3 (B5 C6 D7) B0 -> 3: B5->E8, C6->F9, D7->A4; the others off the board.
/// - A5-E9 (r-d=-5): empty.
///
/// Total: rows 2+4+2, diagonals 3+3+2, third lines 2+3+3 = 24 moves.
#[test]
fn white_has_exactly_these_24_first_moves() {
    let expected = sorted(&[
        "B2-B6", "B5-B1", "C2-C5", "C4-C7", "C4-C1", "C6-C3", "D2-D8", "D7-D1", // rows
        "B2-E2", "C2-F2", "D2-A2", "B3-C3", "D3-C3", "D3-E3", "B4-A4", "D4-E4", // diagonals
        "B3-A2", "D5-E6", "B4-C5", "D6-C5", "D6-E7", "B5-E8", "C6-F9", "D7-A4", // third lines
    ]);
    assert_eq!(expected.len(), 24);
    assert_eq!(moves(&start()), expected);
}

#[test]
fn black_replies_mirror_white_openings() {
    // The start is symmetric under the 180° turn, so after a White move and
    // its mirror image the position is symmetric again.
    let mut game = start();
    game.try_play(mv(&game, "B2-B6")).unwrap();
    game.try_play(mv(&game, "H8-H4")).unwrap();
    let mirror = |c: Cell| Cell::at(8 - c.row(), 10 - c.number()).unwrap();
    for cell in Cell::all_in(game.pieces(WHITE)) {
        assert_eq!(game.piece_at(mirror(cell)), Some(BLACK), "{cell}");
    }
}

#[test]
fn a_piece_jumps_over_both_colours() {
    // Row E: White E1 E2 E8 E9, Black E3 -> count 4 - 1 = 3.
    let game = setup("E1 E2 E8 E9", "E3 G6", WHITE);
    assert_eq!(game.step(WHITE, Cell::parse("E1").unwrap(), 0), 3);
    let jump = mv(&game, "E1-E4");
    assert!(game.is_legal(jump));
    assert!(moves(&game).contains(&"E1-E4".to_string()));
    let mut after = game;
    after.try_play(jump).unwrap();
    assert_eq!(after.piece_at(Cell::parse("E4").unwrap()), Some(WHITE));
    assert_eq!(after.piece_at(Cell::parse("E1").unwrap()), None);
    assert_eq!(after.piece_at(Cell::parse("E2").unwrap()), Some(WHITE));
    assert_eq!(after.piece_at(Cell::parse("E3").unwrap()), Some(BLACK));
}

#[test]
fn a_line_with_count_zero_or_less_is_closed() {
    // E1 alone: row E holds Black E5 (0) -> closed; diagonal 1 (A1-E1) and
    // third line E1-I5 hold only E1 (1): E1-D1 and E1-F2.
    let game = setup("E1", "E5 G6", WHITE);
    assert_eq!(moves(&game), sorted(&["E1-D1", "E1-F2"]));
    let err = game
        .clone()
        .try_play(mv(&game, "E1-E2"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("count of 0"), "{err}");
    // Two Black pieces on the row: -1.
    let game = setup("E1", "E5 E6 G6", WHITE);
    assert_eq!(game.step(WHITE, Cell::parse("E1").unwrap(), 0), -1);
    assert!(!game.is_legal(mv(&game, "E1-E2")));
    assert_eq!(moves(&game), sorted(&["E1-D1", "E1-F2"]));
}

#[test]
fn the_board_edge_blocks_a_move() {
    // Row E: E8 E9 -> count 2. Forwards both would leave the board.
    // E8's diagonal (D8-I8) and third line (A5... no: E8 lies on A4-F9) hold one piece.
    let game = setup("E8 E9", "B2", WHITE);
    let list = moves(&game);
    assert!(list.contains(&"E8-E6".to_string()) && list.contains(&"E9-E7".to_string()));
    assert!(list
        .iter()
        .all(|m| !m.starts_with("E8-E1") && m != "E9-E11"));
    // The only row moves are backwards.
    let row_moves: Vec<&String> = list.iter().filter(|m| m.as_bytes()[3] == b'E').collect();
    assert_eq!(row_moves, ["E8-E6", "E9-E7"]);
    // I9 has no forward cell on any line.
    let corner = setup("I9", "B1", WHITE);
    assert_eq!(moves(&corner), sorted(&["I9-H8", "I9-H9", "I9-I8"]));
}

#[test]
fn no_piece_may_land_on_the_opponents_goal() {
    // Row A: A4 A5 -> count 2: A4-A2 is fine, A5-A3 would land on Black's goal.
    let game = setup("A4 A5", "H5", WHITE);
    assert!(game.is_legal(mv(&game, "A4-A2")));
    assert!(!game.is_legal(mv(&game, "A5-A3")));
    let err = game
        .clone()
        .try_play(mv(&game, "A5-A3"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("opponent's goal"), "{err}");
    assert!(!moves(&game).contains(&"A5-A3".to_string()));
    // The same for Black next to I7.
    let game = setup("B2", "I8 I9", BLACK);
    assert!(!game.is_legal(mv(&game, "I9-I7")));
    assert!(moves(&game).contains(&"I8-I6".to_string()));
}

#[test]
fn reaching_the_goal_along_each_line_wins() {
    for (white, black, win) in [
        ("I5 I6", "A1", "I5-I7"),       // row I: count 2
        ("G7 D7", "A1", "G7-I7"),       // diagonal 7 (C7-I7): count 2
        ("G5 E3 D2", "A1 H6", "G5-I7"), // third line C1-I7: 3 - 1 = 2, over Black's H6
    ] {
        let mut game = setup(white, black, WHITE);
        assert_eq!(game.outcome(), None, "{win}");
        assert!(game.can_win_now(), "{win}");
        game.try_play(mv(&game, win)).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::win(WHITE)), "{win}");
        assert_eq!(moves(&game), Vec::<String>::new());
        assert_eq!(game.evaluate()[WHITE], 1.0);
        // The text keeps the result: White on I7, Black to move.
        let back = game.variant().parse_position(&game.position()).unwrap();
        assert_eq!(back.outcome(), Some(Outcome::win(WHITE)), "{win}");
    }
    // Black wins the same way at A3, along diagonal 3.
    let mut game = setup("I5", "C3 E3", BLACK);
    game.try_play(mv(&game, "C3-A3")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(BLACK)));
}

#[test]
fn a_player_without_a_move_loses() {
    // White's only piece A1: row A holds Black A2 (0), diagonal 1 holds
    // Black C1 (0), the long third line A1-I9 holds Black E5 (0).
    let game = setup("A1", "A2 C1 E5", WHITE);
    assert_eq!(moves(&game), Vec::<String>::new());
    assert_eq!(game.outcome(), Some(Outcome::win(BLACK)));
    let mut rng = seeded(1);
    assert_eq!(game.random_move(&mut rng, &mut Vec::new()), None);
    assert_eq!(
        game.clone().try_play(mv(&game, "A1-B1")),
        Err(MoveError::GameOver)
    );
    let back = game.variant().parse_position(&game.position()).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::win(BLACK)));
    // With Black to move instead, Black plays on.
    assert_eq!(setup("A1", "A2 C1 E5", BLACK).outcome(), None);
    // A side with no pieces at all loses on its turn.
    assert_eq!(setup("", "E5", WHITE).outcome(), Some(Outcome::win(BLACK)));
}

#[test]
fn illegal_moves_say_why() {
    let game = start();
    for (text, reason) in [
        ("E5-E6", "no piece of the side to move on E5"),
        ("F4-F5", "no piece of the side to move on F4"),
        ("B2-C4", "not on one line"),
        ("B2-B4", "exactly 4 cells"),
        ("C4-D4", "occupied"),
        ("B3-A3", "opponent's goal"),
        ("D5-E5", "count of 0"),
    ] {
        let err = game
            .clone()
            .try_play(mv(&game, text))
            .unwrap_err()
            .to_string();
        assert!(err.contains(reason), "{text}: {err}");
        assert!(!game.is_legal(mv(&game, text)), "{text}");
    }
}

#[test]
fn incremental_line_counts_match_a_scan() {
    let mut rng = seeded(7);
    let mut buffer = Vec::new();
    for _ in 0..40 {
        let mut game = start();
        for _ in 0..200 {
            for cell in Cell::all_in(BOARD) {
                for family in 0..3 {
                    for seat in [WHITE, BLACK] {
                        assert_eq!(
                            game.step(seat, cell, family),
                            game.step_by_scan(seat, cell, family)
                        );
                    }
                }
            }
            let mut fast = Vec::new();
            game.legal_moves(&mut fast);
            assert_eq!(fast, game.legal_moves_by_scan());
            match game.random_move(&mut rng, &mut buffer) {
                Some(m) => game.play(m),
                None => break,
            }
        }
    }
}

#[test]
fn random_moves_cover_every_legal_move() {
    let mut rng = seeded(3);
    conformance::check_random_move_uniform(&start(), 500, &mut rng);
    // A position with few moves, where most random draws miss.
    let sparse = setup("E1 A4", "E5 G6", WHITE);
    conformance::check_random_move_uniform(&sparse, 1000, &mut rng);
}

#[test]
fn no_parameters_are_accepted() {
    assert!(DifferoVariant::PARAMS.is_empty());
    let unknown = [("size".to_string(), "5".to_string())];
    let err = Params::resolve(DifferoVariant::NAME, DifferoVariant::PARAMS, &unknown).unwrap_err();
    assert!(err.to_string().contains("size"), "{err}");
    let params = Params::resolve(DifferoVariant::NAME, DifferoVariant::PARAMS, &[]).unwrap();
    assert_eq!(
        DifferoVariant::new(&params).unwrap().start().position(),
        START
    );
}

#[test]
fn malformed_positions_are_rejected_with_reasons() {
    let game = start();
    let rows = |board: &str| format!("{board} w");
    for (text, reason) in [
        ("".to_string(), "expected the 9 rows"),
        (START.replace(" w", ""), "expected the 9 rows"),
        (START.replace(" w", " x"), "`w` or `b`, not `x`"),
        (START.replace(" w", " W"), "`w` or `b`"),
        (format!("{START} extra"), "expected the 9 rows"),
        (
            rows("...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww."),
            "found 8",
        ),
        (
            rows("..../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./....."),
            "row I needs 5 cells, found 4",
        ),
        (
            rows("...../.bbbb./.b.b.b./.bbbbbb./........../.wwwwww./.w.w.w./.wwww./....."),
            "row E needs 9 cells, found 10",
        ),
        (
            rows("...../.bbbb./.b.x.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./....."),
            "`x` on G6",
        ),
        (
            rows("...../.bbbb./.b.B.b./.bbbbbb./........./.wwwwww./.w.w.w./.wwww./....."),
            "`B` on G6",
        ),
        (
            rows("...../.bbbb./.b.b.b./.bbbbbb./wwwwwwwww/.wwwwww./.w.w.w./.wwww./....."),
            "White has 22 pieces",
        ),
        (
            rows("...../.bbbb./.b.b.b./.bbbbbb./........./.wwwwww./.w.w.w./.www../..w.."),
            "White piece stands on A3, Black's goal",
        ),
        (
            rows("..b../.bbbb./.b.b.b./.bbbbb../........./.wwwwww./.w.w.w./.wwww./....."),
            "Black piece stands on I7, White's goal",
        ),
        (
            "..w../...... /......./......../........./......../......./....../..... b".to_string(),
            "expected the 9 rows",
        ),
        (
            "..w../....../......./......../........./......../......./....../..b.. b".to_string(),
            "both sides stand on their goals",
        ),
        (
            "..w../....../......./......../........./......../......./....../..... w".to_string(),
            "White stands on its goal I7",
        ),
    ] {
        let err = game
            .variant()
            .parse_position(&text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(reason), "`{text}`: {err}");
    }
}

#[test]
fn puzzle_positions_with_fewer_pieces_are_accepted() {
    let game = start();
    let text = "..w../....../......./......../........./......../......./.b..../..... b";
    let won = game.variant().parse_position(text).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::win(WHITE)));
    assert_eq!(won.position(), text);
    let sparse = "...../....../.b...../......../....w..../......../......./....../..... w";
    let state = game
        .variant()
        .parse_position(&format!("  {sparse} "))
        .unwrap();
    assert_eq!(state.position(), sparse);
    assert_eq!(state.outcome(), None);
}

#[test]
fn evaluation_prefers_the_side_ahead_in_the_race() {
    let even = start().evaluate();
    assert!((even[WHITE] + even[BLACK] - 1.0).abs() < 1e-6);
    assert!(even[WHITE] > 0.5, "the move is worth something: {even:?}");
    // White's piece two cells from I7, Black's far from A3, Black to move.
    let ahead = setup("G6 B1", "H5 F9", BLACK).evaluate();
    assert!(ahead[WHITE] > 0.6, "{ahead:?}");
    // White to move can win at once.
    let winning = setup("I5 I6", "A1", WHITE).evaluate();
    assert!(winning[WHITE] >= 0.9, "{winning:?}");
    assert_eq!(winning[2..], [0.0; 6]);
}

#[test]
fn the_board_is_drawn_as_a_hexagon() {
    let mut game = start();
    let before = game;
    let first = mv(&game, "B2-B6");
    game.play(first);
    let plain = game.render(&View {
        last: Some((&before, first)),
        color: false,
    });
    let lines: Vec<&str> = plain.lines().collect();
    // Diagonal numbers at both ends of each diagonal, joined to it by `\`;
    // row letters on both sides, two columns off the cells.
    assert_eq!(lines[0], "     5 6 7 8 9", "{plain}");
    assert_eq!(lines[1], "      \\ \\ \\ \\ \\", "{plain}");
    assert_eq!(lines[2], "    I  . . * . .  I", "{plain}");
    assert_eq!(lines[6], "E  . . . . . . . . .  E", "{plain}");
    assert_eq!(lines[9], "   B  .[.]W W W[W] B", "{plain}");
    assert_eq!(lines[10], "    A  . . * . .  A", "{plain}");
    assert_eq!(lines[11], "        \\ \\ \\ \\ \\", "{plain}");
    assert_eq!(lines[12], "         1 2 3 4 5", "{plain}");
    assert!(plain.contains("Last move: White B2-B6"), "{plain}");
    assert!(plain.contains("Black to move"), "{plain}");
    let colored = game.render(&View {
        last: Some((&before, first)),
        color: true,
    });
    assert!(colored.contains("\x1b[30;43mW\x1b[0m"), "{colored}");
    // Black reads on a dark terminal: bold bright red, not dark blue.
    assert!(colored.contains("\x1b[1;91mB\x1b[0m"), "{colored}");
    let over = setup("I7", "A1", BLACK).render(&View::plain());
    assert!(
        over.contains("Game over: White wins (reached I7)"),
        "{over}"
    );
    let stuck = setup("A1", "A2 C1 E5", WHITE).render(&View::plain());
    assert!(
        stuck.contains("Game over: Black wins (White has no legal move)"),
        "{stuck}"
    );
}

/// Whether White, to move, wins within `n` of its moves whatever Black does.
fn white_wins_within(state: &Differo, n: usize) -> bool {
    if state.outcome().is_some() {
        return state.outcome() == Some(Outcome::win(WHITE));
    }
    if state.can_win_now() {
        return true;
    }
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    n > 1
        && list.iter().any(|&w| {
            let mut next = *state;
            next.play(w);
            black_cannot_escape(&next, n - 1)
        })
}

/// Whether every Black move (Black to move) leaves White winning within `n`.
fn black_cannot_escape(state: &Differo, n: usize) -> bool {
    if state.outcome().is_some() {
        return state.outcome() == Some(Outcome::win(WHITE));
    }
    if state.can_win_now() {
        return false;
    }
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    list.iter().all(|&b| {
        let mut next = *state;
        next.play(b);
        white_wins_within(&next, n)
    })
}

/// The seed's example. Its diagram is lost, so this position (13 pieces a
/// side) was found by a search for the facts the seed states:
///
/// ```text
///     I . . * . W
///    H B B B W B .
///   G . W . W B . .
///  F . B . . B B . W
/// E W . W B . . . B .
///  D . W . B . W . . 9
///   C . . . . B . . 8
///    B . W . W . W 7
///     A . . * W B 6
///        1 2 3 4 5
/// ```
///
/// Row G holds W2 B1, so G4 steps 1: G4-G5. The third line C1-I7 then holds
/// White D2 E3 G5 against Black H6: G5 threatens to jump H6 onto I7. Black
/// cannot reach A3 in one move; only E4-F4 and F6-F4 (a Black piece joins
/// the line: count 1, G5 stops on H6) and H6-H9 (row H: B4 W1 = 3; the line
/// loses H6: count 3, G5 would leave the board) stop it. The seed's answers
/// G6-I8 (line B1-I8 gains a count when E4 leaves it), G6-I6 and G6-I6
/// (diagonal 6 loses F6 or H6: count 2) then win by force.
#[test]
fn the_seeds_worked_example() {
    let puzzle = "....w/bbbwb./.w.wb../.b..bb.w/w.wb...b./.w.b.w../....b../.w.w.w/...wb w";
    let p = start().variant().parse_position(puzzle).unwrap();
    assert_eq!(p.pieces(WHITE).count_ones(), 13);
    assert_eq!(p.pieces(BLACK).count_ones(), 13);
    let at = |state: &Differo, cell: &str| state.piece_at(Cell::parse(cell).unwrap());
    for (cell, seat) in [
        ("G4", WHITE),
        ("G6", WHITE),
        ("E4", BLACK),
        ("F6", BLACK),
        ("H6", BLACK),
    ] {
        assert_eq!(at(&p, cell), Some(seat), "{cell}");
    }
    assert!(!p.can_win_now(), "the puzzle is not a win in one");
    // Row G: White G4 G6, Black G7.
    assert_eq!(p.step(WHITE, Cell::parse("G4").unwrap(), 0), 1);

    let mut q = p;
    q.try_play(mv(&p, "G4-G5")).unwrap();
    assert!(
        !q.can_win_now(),
        "Black has no piece that reaches A3 in one move"
    );
    let g5 = Cell::parse("G5").unwrap();
    assert_eq!(
        q.step(WHITE, g5, 2),
        2,
        "G5 now moves two cells along C1-I7"
    );
    assert_eq!(g5.jump(4, 2).map(|c| c.to_string()).as_deref(), Some("I7"));

    // Every Black reply but the three blocks lets White reach I7 at once.
    let mut replies = Vec::new();
    q.legal_moves(&mut replies);
    let mut defences: Vec<String> = replies
        .iter()
        .filter(|&&b| {
            let mut next = q;
            next.play(b);
            !next.can_win_now()
        })
        .map(|&b| q.format_move(b))
        .collect();
    defences.sort();
    assert_eq!(defences, ["E4-F4", "F6-F4", "H6-H9"]);

    // The seed's answers to each defence win by force (within two more moves).
    for (defence, answer) in [("E4-F4", "G6-I8"), ("F6-F4", "G6-I6"), ("H6-H9", "G6-I6")] {
        let mut state = q;
        state.try_play(mv(&q, defence)).unwrap();
        state.try_play(mv(&state, answer)).unwrap();
        assert!(black_cannot_escape(&state, 2), "{defence} {answer}");
    }
    // So G4-G5 itself wins by force.
    assert!(black_cannot_escape(&q, 3));
}

#[test]
fn actions_are_from_times_61_plus_to() {
    let game = start();
    assert_eq!(game.variant().action_count(), 61 * 61);
    let b2_b6 = mv(&game, "B2-B6");
    let (b2, b6) = (Cell::parse("B2").unwrap(), Cell::parse("B6").unwrap());
    assert_eq!(game.action(b2_b6), b2.index() * 61 + b6.index());
    assert_eq!(game.action_move(b2.index() * 61 + b6.index()), Some(b2_b6));
    let c4 = Cell::parse("C4").unwrap();
    assert_eq!(
        game.action_move(b2.index() * 61 + c4.index()),
        None,
        "not on a line"
    );
    assert_eq!(game.action_move(b2.index() * 62), None, "B2-B2");
    assert_eq!(game.action_move(61 * 61), None);
}

#[test]
fn keys_are_the_pieces_and_the_side_to_move() {
    let a = setup("E1 E2", "G6", WHITE);
    assert_eq!(a.key(), setup("E2 E1", "G6", WHITE).key());
    assert_ne!(a.key(), setup("E1 E2", "G6", BLACK).key());
    assert_ne!(a.key(), setup("E1 E3", "G6", WHITE).key());
    assert_ne!(a.key(), setup("G6", "E1 E2", WHITE).key());
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Differo>(&TEST_PLAN);
}
