//! Unit tests: the seed's stepping examples, the edge rule, relays,
//! captures, endless relays, the end of the game, the texts, keys and
//! actions. The shared conformance suite runs on every parameter set of
//! [`TEST_PLAN`](crate::TEST_PLAN) here
//! (and, with every agent, in the workspace's `tests/`).

use tabula_core::rng::seeded;
use tabula_core::{Actions, Drawing, Evaluation, Game, Notation, Outcome, Params, Variant, View};
use tabula_testkit::conformance;

use crate::geometry::{may_start, step_from, Direction, Pit};
use crate::sowing::Event;
use crate::{
    parse_pit, trace, Calcala, CalcalaVariant, Move, Setup, MAX_RELAYS, PLAYOUT_RELAYS, TEST_PLAN,
};

fn pit(name: &str) -> Pit {
    parse_pit(name).expect("a pit name")
}

fn mv(text: &str) -> Move {
    crate::parse_move(text).expect("a move")
}

fn params(pairs: &[(&str, &str)]) -> Result<Params, tabula_core::SpecError> {
    let args: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Params::resolve(CalcalaVariant::NAME, CalcalaVariant::PARAMS, &args)
}

fn new_game(players: usize, setup: &str) -> Calcala {
    let players = players.to_string();
    CalcalaVariant::new(&params(&[("players", &players), ("setup", setup)]).unwrap())
        .unwrap()
        .start()
}

/// A position with the given stones, everything else empty, no captures.
fn with_stones(players: usize, stones: &[(&str, u8)]) -> Calcala {
    let mut board = [0; 36];
    for &(name, count) in stones {
        board[pit(name).index()] = count;
    }
    let variant = CalcalaVariant::of(players, Setup::Standard).unwrap();
    Calcala::from_parts(board, [0; 4], variant, 0)
}

/// The pits a sowing visits, starting pit first.
fn walk(from: &str, dir: Direction, steps: usize) -> Vec<String> {
    let mut at = (pit(from), dir);
    let mut path = vec![at.0.to_string()];
    for _ in 0..steps {
        at = step_from(at.0, at.1);
        path.push(at.0.to_string());
    }
    path
}

#[test]
fn seed_stepping_examples() {
    assert_eq!(walk("C2", Direction::N, 2), ["C2", "C1", "C6"]);
    assert_eq!(walk("E4", Direction::E, 2), ["E4", "F4", "A4"]);
    assert_eq!(walk("B5", Direction::SW, 2), ["B5", "A6", "F1"]);
    assert_eq!(walk("D5", Direction::SE, 3), ["D5", "E6", "F5", "E4"]);
}

#[test]
fn bounces_change_the_direction() {
    assert_eq!(
        step_from(pit("E6"), Direction::SE),
        (pit("F5"), Direction::NE)
    );
    assert_eq!(
        step_from(pit("F5"), Direction::NE),
        (pit("E4"), Direction::NW)
    );
    // Off a corner in one coordinate only is a bounce, not a corner wrap.
    assert_eq!(
        step_from(pit("A6"), Direction::SE),
        (pit("B5"), Direction::NE)
    );
    assert_eq!(
        step_from(pit("F6"), Direction::SE),
        (pit("A1"), Direction::SE)
    );
}

#[test]
fn sowing_follows_the_seed_paths_and_passes_the_start() {
    // D5 with 3 stones towards SE drops in E6, F5, E4; E4 was empty.
    let game = with_stones(2, &[("D5", 3), ("D3", 4), ("A1", 9)]);
    let events = trace(&game, mv("D5-SE"));
    let drops: Vec<Pit> = events
        .iter()
        .filter_map(|e| match e {
            Event::Drop(p) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(drops, [pit("E6"), pit("F5"), pit("E4")]);
    // Captured from the next pit along NW after the bounce: D3.
    assert_eq!(
        events.last(),
        Some(&Event::Capture {
            pit: pit("D3"),
            stones: 4
        })
    );
    // 6 stones going E from A1: the last drops in the emptied A1 itself,
    // an empty pit, so B1's stone is captured.
    let mut game = with_stones(2, &[("A1", 6), ("A4", 9)]);
    game.play(mv("A1-E"));
    assert_eq!(game.stones(pit("A1")), 1);
    assert_eq!(game.stones(pit("B1")), 0, "B1's stone was captured");
    assert_eq!(game.captures(0), 1);
}

#[test]
fn edge_rule_from_a2_and_the_corners() {
    let allowed = |name: &str| -> Vec<&str> {
        Direction::ALL
            .into_iter()
            .filter(|&d| may_start(pit(name), d))
            .map(Direction::name)
            .collect()
    };
    assert_eq!(allowed("A2"), ["N", "NE", "E", "SE", "S"]);
    assert_eq!(allowed("A1"), ["E", "SE", "S"]);
    assert_eq!(allowed("F1"), ["S", "SW", "W"]);
    assert_eq!(allowed("A6"), ["N", "NE", "E"]);
    assert_eq!(allowed("F6"), ["N", "W", "NW"]);
    assert_eq!(allowed("C3").len(), 8);
    let game = with_stones(2, &[("A2", 3), ("D4", 5)]);
    assert!(game.is_legal(mv("A2-NE")));
    assert!(!game.is_legal(mv("A2-W")));
    assert!(!game.is_legal(mv("A2-NW")));
    assert!(!game.is_legal(mv("B2-N")), "empty pit");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 5 + 8);
}

#[test]
fn illegal_moves_say_why() {
    let game = with_stones(2, &[("A1", 3), ("A2", 3), ("D4", 5)]);
    for (text, reason) in [
        ("B2-N", "B2 is empty"),
        ("A2-W", "the edge rule"),
        ("A2-NW", "from A2 only N, NE, E, SE, S"),
        ("A1-N", "from A1 only E, SE, S"),
    ] {
        let mut copy = game;
        let err = copy.try_play(mv(text)).unwrap_err().to_string();
        assert!(err.contains(reason), "{text}: {err}");
        assert!(
            err.starts_with(&format!("{text} is not legal here: ")),
            "{err}"
        );
        assert!(!game.is_legal(mv(text)), "{text}");
        assert_eq!(copy, game, "a refused move leaves the position alone");
    }
    let mut over = with_stones(2, &[("A2", 3)]);
    assert_eq!(
        over.try_play(mv("A2-N")),
        Err(tabula_core::MoveError::GameOver)
    );
}

#[test]
fn start_has_every_legal_move() {
    let game = new_game(2, "standard");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 16 * 8 + 16 * 5 + 4 * 3);
    assert_eq!(moves[0], mv("A1-E"));
}

#[test]
fn relay_chain_then_capture() {
    // A1 (2) → B1 C1; C1 was occupied: relay 2 → D1 E1; relay 2 → F1 A1;
    // A1 was emptied at the start, so the last stone lands in an empty pit
    // and B1's stone is captured.
    let mut game = with_stones(2, &[("A1", 2), ("C1", 1), ("E1", 1), ("A4", 9)]);
    let events = trace(&game, mv("A1-E"));
    let pickups: Vec<(Pit, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::PickUp { pit, stones } => Some((pit, stones)),
            _ => None,
        })
        .collect();
    assert_eq!(pickups, [(pit("A1"), 2), (pit("C1"), 2), (pit("E1"), 2)]);
    game.play(mv("A1-E"));
    assert_eq!(
        game.position(),
        "1,0,0,1,0,1/0,0,0,0,0,0/0,0,0,0,0,0/9,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 2 1,0"
    );
}

#[test]
fn capture_wraps_around_the_board() {
    // D3 (2) → E3 F3; F3 was empty; the next pit east wraps to A3.
    let mut game = with_stones(2, &[("D3", 2), ("A3", 5), ("F3", 0), ("B6", 4)]);
    game.play(mv("D3-E"));
    assert_eq!(game.stones(pit("A3")), 0);
    assert_eq!(game.captures(0), 5);
    assert_eq!(game.stones_on_board(), 6);
}

#[test]
fn capture_takes_the_next_pit_not_the_one_after() {
    // The seed's example: B3 → C3 → D3 (empty): the next pit is E3, not F3.
    let mut game = with_stones(2, &[("B3", 2), ("E3", 4), ("F3", 5)]);
    game.play(mv("B3-E"));
    assert_eq!((game.stones(pit("E3")), game.stones(pit("F3"))), (0, 5));
    assert_eq!(game.captures(0), 4);
}

#[test]
fn capture_of_an_empty_pit_takes_nothing_and_ends_the_turn() {
    let mut game = with_stones(2, &[("D3", 2), ("B6", 9)]);
    let events = trace(&game, mv("D3-E"));
    assert_eq!(
        events.last(),
        Some(&Event::Capture {
            pit: pit("A3"),
            stones: 0
        })
    );
    game.play(mv("D3-E"));
    assert_eq!(game.captures(0), 0);
    assert_eq!(game.to_move(), 1);
    assert_eq!(game.stones_on_board(), 11);
}

/// Row 1 `1,3,1,0,1,0`, B1 east: B1 (3) → C1 D1 E1, a relay from E1 with row
/// 1 at `1,0,2,1,2,0`; the row's pattern then rotates round the row, and the
/// 18th relay later is that same state again (moment 18 repeats moment 0).
#[test]
fn endless_relay_ends_the_turn_without_capture() {
    let game = with_stones(2, &[("B1", 3), ("A1", 1), ("C1", 1), ("E1", 1), ("A4", 9)]);
    let mv = mv("B1-E");
    let events = trace(&game, mv);
    assert_eq!(events.last(), Some(&Event::Endless));
    assert!(!events.iter().any(|e| matches!(e, Event::Capture { .. })));
    // Rebuild the relay states from the trace: the last repeats the first,
    // and no earlier one repeats: the turn stopped at the first repeat.
    let states = relay_states(&game, &events);
    assert_eq!(states.len(), 19);
    assert_eq!(states[0], states[18]);
    assert_eq!(states[0].0, pit("E1"));
    for (i, state) in states[..18].iter().enumerate() {
        assert!(!states[..i].contains(state), "an earlier repeat was missed");
    }
    let mut after = game;
    after.play(mv);
    assert_eq!(after.captures(0), 0);
    assert_eq!(after.to_move(), 1);
    assert_eq!(after.stones_on_board(), game.stones_on_board());
    assert_eq!(
        after.board, states[18].1,
        "the board is as at the repeated moment"
    );
    assert_eq!(
        after.position(),
        "1,0,2,1,2,0/0,0,0,0,0,0/0,0,0,0,0,0/9,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 2 0,0"
    );
}

/// The (pit, board) at each relay moment, rebuilt from the trace.
fn relay_states(game: &Calcala, events: &[Event]) -> Vec<(Pit, [u8; 36])> {
    let mut board = game.board;
    let mut states = Vec::new();
    let mut last = None;
    for event in events {
        match *event {
            Event::PickUp { pit, stones } => {
                if let Some(p) = last {
                    states.push((p, board));
                }
                assert_eq!(board[pit.index()], stones);
                board[pit.index()] = 0;
            }
            Event::Drop(pit) => {
                board[pit.index()] += 1;
                last = Some(pit);
            }
            Event::Endless => states.push((last.expect("a drop"), board)),
            Event::Capture { .. } | Event::RelayCap => {
                unreachable!("no capture or cap in this endless relay")
            }
        }
    }
    states
}

#[test]
fn game_ends_at_exactly_six_stones() {
    // 8 on the board; D3 east captures A3's 2 and leaves 6.
    let mut game = with_stones(2, &[("D3", 2), ("A3", 2), ("B6", 4)]);
    assert_eq!(game.outcome(), None);
    game.play(mv("D3-E"));
    assert_eq!(game.stones_on_board(), 6);
    assert_eq!(game.outcome(), Some(Outcome::win(0)));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert!(!game.is_legal(mv("B6-N")));
    // One stone fewer captured leaves 7: the game goes on.
    let mut game = with_stones(2, &[("D3", 2), ("A3", 1), ("B6", 5)]);
    game.play(mv("D3-E"));
    assert_eq!(game.stones_on_board(), 7);
    assert_eq!(game.outcome(), None);
}

#[test]
fn three_way_tie_shares_the_win() {
    // Player 2 catches up with 2 stones and ends the game: all three tie.
    let mut game = new_game(3, "standard")
        .variant()
        .parse_position(
            "0,0,0,0,0,0/0,0,0,0,0,0/2,0,0,2,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,4,0,0,0,0 2 10,8,10",
        )
        .unwrap();
    game.try_play(mv("A3-E")).unwrap(); // A3 → B3 C3 (empty) → captures D3's 2
    assert_eq!(game.captures(1), 10);
    assert_eq!(game.outcome(), Some(Outcome::shared([0, 1, 2])));
    assert!(game.outcome().unwrap().is_draw(3));
    let two = new_game(3, "standard")
        .variant()
        .parse_position(
            "0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,4,0,0,0,0 1 10,9,10",
        )
        .unwrap();
    assert_eq!(two.outcome(), Some(Outcome::shared([0, 2])));
}

#[test]
fn start_position_text_and_setups() {
    assert_eq!(
        new_game(2, "standard").position(),
        "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 1 0,0"
    );
    assert_eq!(
        new_game(4, "double-dutch").position(),
        "3,0,3,0,3,0/0,3,0,3,0,3/3,0,3,0,3,0/0,3,0,3,0,3/3,0,3,0,3,0/0,3,0,3,0,3 1 0,0,0,0"
    );
    let totals: Vec<u32> = ["standard", "short", "long", "double-dutch", "half-dutch"]
        .iter()
        .map(|s| new_game(3, s).stones_on_board())
        .collect();
    assert_eq!(totals, [72, 36, 108, 54, 36]);
}

#[test]
fn parameter_errors() {
    assert!(params(&[("players", "5")]).is_err());
    assert!(params(&[("players", "1")]).is_err());
    assert!(params(&[("setup", "dutch")]).is_err());
    assert!(params(&[("size", "6")]).is_err());
    let ok = params(&[("players", "4"), ("setup", "Half-Dutch")]).unwrap();
    assert_eq!(CalcalaVariant::new(&ok).unwrap().players(), 4);
}

#[test]
fn position_errors_are_explained() {
    let game = new_game(2, "standard");
    let row = "2,2,2,2,2,2";
    let board = [row; 6].join("/");
    let reason = |text: &str| game.variant().parse_position(text).unwrap_err().reason;
    assert!(reason(&format!("{board} 1")).contains("three fields"));
    assert!(reason(&format!("{board} 1 0,0 x")).contains("three fields"));
    assert!(reason(&format!("{} 1 0,0", [row; 5].join("/"))).contains("6 rows"));
    assert!(reason(&format!("{row}/{row}/{row}/{row}/{row}/2,2,2,2,2 1 0,0")).contains("row 6"));
    assert!(reason(&format!("{row}/{row}/2,-1,2,2,2,2/{row}/{row}/{row} 1 0,0")).contains("row 3"));
    assert!(reason(&format!("{row}/{row}/2,+1,2,2,2,2/{row}/{row}/{row} 1 0,0")).contains("row 3"));
    assert!(reason(&format!("{board} 0 0,0")).contains("1 to 2"));
    assert!(reason(&format!("{board} 3 0,0")).contains("1 to 2"));
    assert!(reason(&format!("{board} 1 0,0,0")).contains("2 capture counts"));
    assert!(reason(&format!("{board} 1 0,x")).contains("capture count"));
    assert!(reason(&format!("{board} 1 200,0")).contains("at most 255"));
    assert!(reason("").contains("three fields"));
    // Any stone total is fine; few stones is a finished game.
    let done = game.variant().parse_position(
        "1,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 2 3,4",
    );
    assert_eq!(done.unwrap().outcome(), Some(Outcome::win(1)));
    let four = new_game(4, "standard");
    assert!(four
        .variant()
        .parse_position(&format!("{board} 4 1,2,3,4"))
        .is_ok());
    assert!(four
        .variant()
        .parse_position(&format!("{board} 4 1,2"))
        .is_err());
}

#[test]
fn move_text() {
    assert_eq!(mv(" c3-ne ").to_string(), "C3-NE");
    assert_eq!(mv("F6-nw"), Move::new(pit("F6"), Direction::NW));
    for bad in [
        "", "C3", "C3NE", "G1-N", "C7-N", "C0-N", "C3-X", "C3-NNE", "CC-N", "C3--N",
    ] {
        assert!(crate::parse_move(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn random_moves_are_legal_and_cover_sparse_boards() {
    // Few stones: rejection sampling falls back to listing.
    let game = with_stones(3, &[("A1", 3), ("F6", 4), ("C3", 1)]);
    conformance::check_random_move_uniform(&game, 500, &mut seeded(7));
    conformance::check_random_move_uniform(&new_game(2, "standard"), 100, &mut seeded(8));
}

#[test]
fn evaluation_favours_the_leader() {
    let game = new_game(3, "standard")
        .variant()
        .parse_position(
            "2,2,2,2,2,2/2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 1 20,10,10",
        )
        .unwrap();
    let scores = game.evaluate();
    assert!(scores[0] > scores[1] && (scores[1] - scores[2]).abs() < 1e-6);
    assert!((scores.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    assert_eq!(scores[3], 0.0);
}

#[test]
fn board_shows_coordinates_captures_and_the_path() {
    let before = with_stones(2, &[("A1", 2), ("C1", 1), ("E1", 1), ("A4", 9)]);
    let mut after = before;
    after.play(mv("A1-E"));
    let view = View {
        last: Some((&before, mv("A1-E"))),
        color: false,
    };
    let text = after.render(&view);
    let lines: Vec<&str> = text.lines().collect();
    // Letters above and below, numbers on both sides.
    assert_eq!(lines[0], "      A   B   C   D   E   F", "{text}");
    assert_eq!(lines[7], lines[0], "{text}");
    assert_eq!(lines[1], " 1    1^  0x  0^  1*  0^  1* 1", "{text}");
    assert_eq!(lines[4], " 4    9   0   0   0   0   0  4", "{text}");
    assert!(text.contains("player 1 A1-E: A1 (2) → B1 C1; relay C1 (2) → D1 E1; relay E1 (2) → F1 A1; A1 was empty, captured 1 from B1"), "{text}");
    assert!(text.contains("player 1: 1  player 2: 0"), "{text}");
    assert_eq!(
        before.explain_move(mv("A1-E")).as_deref(),
        Some("A1 (2) → B1 C1; relay C1 (2) → D1 E1; relay E1 (2) → F1 A1; A1 was empty, captured 1 from B1"),
        "the REPL tells moves the board no longer shows the same way"
    );
    assert!(text.contains("Player 2 to move"), "{text}");
    let colored = after.render(&View {
        last: Some((&before, mv("A1-E"))),
        color: true,
    });
    assert!(colored.contains("\x1b["));
}

/// Stones on the board plus all captures never change, for every player
/// count and setup.
#[test]
fn stones_are_conserved_in_random_games() {
    let mut buffer = Vec::new();
    for players in 2..=4 {
        for setup in ["standard", "short", "long", "double-dutch", "half-dutch"] {
            let start = new_game(players, setup);
            let total = Setup::from_name(setup).unwrap().total();
            let mut rng = seeded(players as u64);
            for _ in 0..200 {
                let mut game = start;
                while let Some(mv) = game.random_move(&mut rng, &mut buffer) {
                    game.play(mv);
                    let captured: u32 = (0..players).map(|s| game.captures(s)).sum();
                    let on_board: u32 = game.board.iter().map(|&n| u32::from(n)).sum();
                    assert_eq!(on_board, game.stones_on_board());
                    assert_eq!(on_board + captured, total, "{setup}, {players} players");
                }
                assert!(game.outcome().is_some());
            }
        }
    }
}

/// The rules written the plainest way: every relay moment's state kept in a
/// list and searched in full. The fast sowing must agree with it on every
/// move of many random games, endless relays included.
fn reference_play(game: &Calcala, mv: Move) -> ([u8; 36], u8, bool) {
    let mut board = game.board;
    let (mut at, mut dir) = (mv.pit, mv.dir);
    let mut seen: Vec<([u8; 36], Pit, Direction)> = Vec::new();
    loop {
        let mut hand = board[at.index()];
        board[at.index()] = 0;
        while hand > 0 {
            (at, dir) = step_from(at, dir);
            board[at.index()] += 1;
            hand -= 1;
        }
        if board[at.index()] == 1 {
            let (next, _) = step_from(at, dir);
            let captured = board[next.index()];
            board[next.index()] = 0;
            return (board, captured, false);
        }
        let state = (board, at, dir);
        if seen.contains(&state) {
            return (board, 0, true);
        }
        seen.push(state);
    }
}

#[test]
fn sowing_agrees_with_the_plain_reference() {
    let mut buffer = Vec::new();
    let mut rng = seeded(99);
    let mut endless = 0;
    for (players, setup) in [(2, "standard"), (3, "long"), (4, "short")] {
        for _ in 0..300 {
            let mut game = new_game(players, setup);
            while let Some(mv) = game.random_move(&mut rng, &mut buffer) {
                let (board, captured, looped) = reference_play(&game, mv);
                let seat = game.to_move();
                let before = game.captures(seat);
                game.play(mv);
                assert_eq!(game.board, board, "{mv}");
                assert_eq!(game.captures(seat), before + u32::from(captured), "{mv}");
                endless += usize::from(looped);
            }
        }
    }
    // About 1 move in 400 here; fewer would mean the check proved little.
    assert!(endless > 50, "only {endless} endless relays met");
}

/// Found by fuzzing: hand-made positions whose relays ran for minutes before
/// their cycle closed. The relay cap ends them as endless relays.
#[test]
fn relay_chains_stop_at_the_cap() {
    let start = new_game(2, "standard");
    for (position, text) in [
        (
            "2,3,2,2,2,2/2,2,2,2,1,2/2,2,2,2,2,2/2,2,2,2,3,2/2,1,2,2,2,2/82,2,2,2,1,2 1 0,0",
            "D3-SW",
        ),
        (
            "51,54,10,1,4,3/5,6,11,4,3,7/3,3,5,5,7,4/5,6,2,7,6,3/4,3,3,1,2,7/4,4,3,2,2,4 1 0,0",
            "A2-SE",
        ),
    ] {
        let state = start.variant().parse_position(position).unwrap();
        let events = trace(&state, mv(text));
        let relays = events
            .iter()
            .filter(|e| matches!(e, Event::PickUp { .. }))
            .count()
            - 1;
        assert_eq!(relays, MAX_RELAYS, "{text} at {position}");
        assert_eq!(events.last(), Some(&Event::RelayCap));
        let mut played = state;
        played.play(mv(text));
        assert_eq!(played.captures(0), 0, "a capped relay captures nothing");
        assert_eq!(played.to_move(), 1, "the turn passes");
        // The board says what happened: the cap, not a repeated state.
        let board = played.render(&View {
            last: Some((&state, mv(text))),
            color: false,
        });
        assert!(
            board.contains("reached the cap of 1000000 relays"),
            "{board}"
        );
        assert!(!board.contains("repeats an earlier state"), "{board}");
        // Inside a playout the chain stops long before, the state untouched.
        let mut in_playout = state;
        assert!(!in_playout.play_in_playout(mv(text)));
        assert_eq!(in_playout, state);
    }
}

/// Counts the relay moments a sowing visits.
struct Moments(usize);

impl crate::sowing::Observer for Moments {
    fn relay_moment(&mut self, _: usize) {
        self.0 += 1;
    }
}

/// A hand-made position with all 255 stones in one pit made a default
/// MCTS move take seconds: a few playout moves relayed for tens of
/// thousands of relays. In playouts every move now costs at most
/// [`PLAYOUT_RELAYS`] relays, and the playout stops (untouched) before a
/// longer one; every other move plays exactly as `play` does.
#[test]
fn playout_moves_relay_at_most_the_playout_limit() {
    let z = "0,0,0,0,0,0";
    let start = new_game(2, "standard");
    let mut stopped = 0;
    for position in [
        format!("255,0,0,0,0,0/{z}/{z}/{z}/{z}/{z} 1 0,0"),
        format!("{z}/{z}/0,0,255,0,0,0/{z}/{z}/{z} 1 0,0"),
    ] {
        let from = start.variant().parse_position(&position).unwrap();
        let mut rng = seeded(1);
        let mut buffer = Vec::new();
        for _ in 0..40 {
            let mut game = from;
            while let Some(m) = game.random_move(&mut rng, &mut buffer) {
                // Relay moments the rule's sowing visits (an endless relay's
                // detection runs a little past the repeat it finds).
                let mut moments = Moments(0);
                let mut board = game.board;
                crate::sowing::sow(&mut board, m.pit, m.dir, MAX_RELAYS, &mut moments);
                let mut by_rule = game;
                by_rule.play(m);
                let before = game;
                if !game.play_in_playout(m) {
                    assert!(
                        moments.0 > PLAYOUT_RELAYS,
                        "{m} stopped after {}",
                        moments.0
                    );
                    assert_eq!(game, before, "a stopped move leaves the state alone");
                    stopped += 1;
                    break;
                }
                assert!(moments.0 <= PLAYOUT_RELAYS, "{m}: {} relays", moments.0);
                assert_eq!(game, by_rule, "{m}");
            }
        }
    }
    assert!(stopped > 0, "no chain reached the playout limit");
}

#[test]
fn actions_are_pit_times_eight_plus_direction() {
    let game = new_game(3, "standard");
    assert_eq!(game.variant().action_count(), 288);
    let c3_ne = mv("C3-NE");
    assert_eq!(game.action(c3_ne), (2 * 6 + 2) * 8 + 1);
    assert_eq!(game.action_move(113), Some(c3_ne));
    assert_eq!(game.action_move(0), None, "A1-N breaks the edge rule");
    assert_eq!(game.action_move(288), None);
    let valid = (0..288).filter(|&a| game.action_move(a).is_some()).count();
    assert_eq!(valid, 16 * 8 + 16 * 5 + 4 * 3);
}

#[test]
fn keys_cover_the_board_captures_and_the_side_to_move() {
    let game = new_game(3, "standard");
    let board = "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,1";
    let key = |text: &str| game.variant().parse_position(text).unwrap().key();
    let base = key(&format!("{board} 1 0,0,1"));
    assert_eq!(base, key(&format!("  {board} 1 0,0,1 ")));
    assert_ne!(base, key(&format!("{board} 2 0,0,1")));
    assert_ne!(base, key(&format!("{board} 1 0,1,0")));
    let last_pit = board.replace("2,2,2,2,2,1", "2,2,2,2,1,2");
    assert_ne!(base, key(&format!("{last_pit} 1 0,0,1")));
    let two = new_game(2, "standard")
        .variant()
        .parse_position(&format!("{board} 1 0,1"))
        .unwrap();
    assert_ne!(two.key(), key(&format!("{board} 1 0,1,0")));
}

/// The test plan's form and the shared conformance suite on every
/// parameter set of it: all that the workspace's cross-game tests demand
/// of the game, found by this crate's own `cargo test`.
#[test]
fn conformance_on_every_parameter_set() {
    conformance::check_plan::<Calcala>(&TEST_PLAN);
}
