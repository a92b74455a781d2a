//! Every registered game draws its boards alike and draws a well-formed
//! SVG picture: on random games over every parameter set of its test plan,
//! the text board has no trailing spaces, blank lines or final newline,
//! says the last move as `Last move: SEAT ...` and ends with whose turn it
//! is or `Game over: ...`; the picture parses as XML (roxmltree), is an
//! `<svg>` with a size and a view box, and names the last move and the
//! turn or result, and carries a click target (`data-cell`) for the first
//! cell of every legal move, which is how the web page enters moves. A
//! game in the catalog is covered without any edit.

use rand::Rng as _;
use tabula::AnyGame;

/// Plies of one random game at most, and how often its boards are checked.
const MAX_PLIES: usize = 300;
const EVERY: usize = 20;

#[test]
fn every_registered_game_draws_clean_boards_and_well_formed_pictures() {
    let registry = tabula_games::registry();
    let mut checked = 0;
    for name in registry.names() {
        let plan = tabula_games::test_plan(&name).expect("a test plan");
        for (i, variant) in plan.variants.iter().enumerate() {
            let mut rng = tabula::rng::seeded(i as u64 + 1);
            let mut game = registry.create(variant.spec).unwrap();
            check(game.as_ref(), None, variant.spec);
            for ply in 1..=MAX_PLIES {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let before = game.clone();
                let mv = game.play(&moves[rng.random_range(0..moves.len())]).unwrap();
                if ply == 1 || ply % EVERY == 0 || game.outcome().is_some() {
                    check(game.as_ref(), Some((before.as_ref(), &mv)), variant.spec);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} boards checked");
}

/// Both drawings of `game`, whose last move (if any) is `last`.
fn check(game: &dyn AnyGame, last: Option<(&dyn AnyGame, &String)>, spec: &str) {
    let last_text = last.map(|(before, mv)| (before, mv.as_str()));
    let at = format!("{spec} at `{}`", game.position());
    let mover = last.map(|(before, _)| before.seat_name(before.to_move()));
    let status = match game.outcome() {
        Some(_) => "Game over: ".to_string(),
        None => format!("{} to move", game.seat_name(game.to_move())),
    };

    let board = game.render(last_text, false);
    assert!(
        !board.ends_with('\n'),
        "{at}: board ends with a newline:\n{board}"
    );
    for line in board.lines() {
        assert_eq!(line.trim_end(), line, "{at}: trailing spaces:\n{board}");
        assert!(!line.is_empty(), "{at}: a blank line:\n{board}");
    }
    let final_line = board.lines().last().unwrap_or("");
    assert!(
        final_line.starts_with("Game over: ") == game.outcome().is_some()
            && (game.outcome().is_some() || final_line.eq_ignore_ascii_case(&status)),
        "{at}: the board ends with `{status}`:\n{board}"
    );
    if let Some(mover) = &mover {
        let said = board.lines().any(|line| {
            line.strip_prefix("Last move: ")
                .is_some_and(|rest| rest.starts_with(mover.as_str()))
        });
        assert!(said, "{at}: no `Last move: {mover} ...`:\n{board}");
    }
    if last.is_some() {
        let colored = game.render(last_text, true);
        assert!(
            colored.contains("\x1b["),
            "{at}: the last move is not coloured"
        );
    }

    let svg = game
        .svg(last_text)
        .unwrap_or_else(|| panic!("{at}: no SVG picture"));
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("{at}: the SVG is not well-formed XML ({e}):\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{at}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{at}"
    );
    for size in ["width", "height"] {
        let value: f64 = root
            .attribute(size)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{at}: no numeric {size}"));
        assert!(value > 0.0 && value.is_finite(), "{at}: {size} {value}");
    }
    assert!(root.attribute("viewBox").is_some(), "{at}: no viewBox");
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{at}: {svg}");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    let turn = match game.outcome() {
        Some(_) => texts.iter().any(|t| t.starts_with("Game over: ")),
        None => texts.iter().any(|t| {
            t.to_ascii_lowercase()
                .starts_with(&status.to_ascii_lowercase())
        }),
    };
    assert!(turn, "{at}: the picture does not say `{status}`: {texts:?}");
    if let Some(mover) = &mover {
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with(&format!("Last move: {mover}"))),
            "{at}: the picture does not name the last move: {texts:?}"
        );
    }
    let targets: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-cell"))
        .collect();
    // Each target is named for people who do not see the board: what it
    // is, its name in the notation, and what is there.
    for node in doc.descendants().filter(|n| n.has_attribute("data-cell")) {
        let (cell, label) = (
            node.attribute("data-cell").unwrap(),
            node.attribute("aria-label"),
        );
        assert!(
            label.is_some_and(|l| (l.starts_with("pit ") || l.starts_with("cell "))
                && l.contains(&format!(" {cell}, "))),
            "{at}: target {cell} is named {label:?}"
        );
    }
    for mv in game.legal_moves() {
        // The web page splits a move into the cells it names, as here
        // (framework/web/assets/board.js); a one-word move (`pass`) is a
        // button instead.
        let tokens: Vec<&str> = mv
            .split(['-', ':', '>'])
            .filter(|t| !t.is_empty())
            .collect();
        let is_word = tokens.len() == 1
            && tokens[0].len() > 2
            && tokens[0].chars().all(|c| c.is_ascii_lowercase());
        assert!(
            is_word || targets.contains(&tokens[0]),
            "{at}: no click target `{}` for the move `{mv}` (targets: {targets:?})",
            tokens[0]
        );
    }
}
