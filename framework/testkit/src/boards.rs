//! What every board drawing must say, checked on one position: the text
//! board (the REPL's) has no trailing spaces, blank lines or final
//! newline, says the last move as `Last move: SEAT ...`, marks it in colour
//! and ends with whose turn it is or `Game over: ...`; the picture parses
//! as XML, is an `<svg>` with a size and a view box, names the last move
//! and the turn or result, and carries a click target (`data-cell`) for
//! the first cell of every legal move, which is how the web page enters
//! moves, named for people who do not see the board (`aria-label`). [`conformance::check`](crate::conformance::check) runs it on the
//! first games it plays, so a game's own tests find a board that breaks
//! these rules.

use tabula_core::{FullGame, Variant, View};

/// Checks both drawings of `state`, whose last move (if any) is `last`;
/// `at` says where, for the failure's message.
pub fn check<G: FullGame>(state: &G, last: Option<(&G, G::Move)>, at: &str) {
    let status = match state.outcome() {
        Some(_) => "Game over: ".to_string(),
        None => format!("{} to move", state.variant().seat_name(state.to_move())),
    };
    let mover = last.map(|(before, _)| before.variant().seat_name(before.to_move()));
    check_text(state, last, at, &status, mover.as_deref());
    check_picture(state, last, at, &status, mover.as_deref());
}

fn check_text<G: FullGame>(
    state: &G,
    last: Option<(&G, G::Move)>,
    at: &str,
    status: &str,
    mover: Option<&str>,
) {
    let board = state.render(&View { last, color: false });
    assert!(
        !board.ends_with('\n'),
        "{at}: the board ends with a newline:\n{board}"
    );
    for line in board.lines() {
        assert_eq!(line.trim_end(), line, "{at}: trailing spaces:\n{board}");
        assert!(!line.is_empty(), "{at}: a blank line:\n{board}");
    }
    let final_line = board.lines().last().unwrap_or("");
    assert!(
        final_line.starts_with("Game over: ") == state.outcome().is_some()
            && (state.outcome().is_some() || final_line.eq_ignore_ascii_case(status)),
        "{at}: the board does not end with `{status}`:\n{board}"
    );
    if let Some(mover) = mover {
        let said = board.lines().any(|line| {
            line.strip_prefix("Last move: ")
                .is_some_and(|rest| rest.starts_with(mover))
        });
        assert!(said, "{at}: no `Last move: {mover} ...`:\n{board}");
        let coloured = state.render(&View { last, color: true });
        assert!(
            coloured.contains("\x1b["),
            "{at}: the last move is not coloured"
        );
    }
}

fn check_picture<G: FullGame>(
    state: &G,
    last: Option<(&G, G::Move)>,
    at: &str,
    status: &str,
    mover: Option<&str>,
) {
    let svg = state.svg(&View { last, color: false });
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("{at}: the SVG is not well-formed XML ({e}):\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{at}: not an <svg>");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{at}: the SVG namespace"
    );
    for size in ["width", "height"] {
        let value: f64 = root
            .attribute(size)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{at}: the picture has no numeric {size}"));
        assert!(value > 0.0 && value.is_finite(), "{at}: {size} {value}");
    }
    assert!(root.attribute("viewBox").is_some(), "{at}: no viewBox");
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{at}: {svg}");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    let says_turn = match state.outcome() {
        Some(_) => texts.iter().any(|t| t.starts_with("Game over: ")),
        None => texts.iter().any(|t| {
            t.to_ascii_lowercase()
                .starts_with(&status.to_ascii_lowercase())
        }),
    };
    assert!(
        says_turn,
        "{at}: the picture does not say `{status}`: {texts:?}"
    );
    if let Some(mover) = mover {
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
            node.attribute("data-cell").unwrap_or_default(),
            node.attribute("aria-label"),
        );
        assert!(
            label.is_some_and(|l| (l.starts_with("pit ") || l.starts_with("cell "))
                && l.contains(&format!(" {cell}, "))),
            "{at}: target {cell} is named {label:?}: give picture::target a label \
             `pit NAME, ...` or `cell NAME, ...` saying what is there"
        );
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for mv in moves {
        let text = state.format_move(mv);
        let first = first_cell(&text);
        assert!(
            first.is_none_or(|cell| targets.contains(&cell)),
            "{at}: no click target `{}` for the move `{text}` (targets: {targets:?}): \
             draw one with tabula_core::draw::picture::target",
            first.unwrap_or_default()
        );
    }
}

/// The cell a click on the picture starts `mv` with: its first part, split
/// at `-`, `:` and `>` as the web page does (framework/web/assets/board.js);
/// `None` for a one-word move (`pass`), which is a button instead.
pub fn first_cell(mv: &str) -> Option<&str> {
    let tokens: Vec<&str> = mv
        .split(['-', ':', '>'])
        .filter(|t| !t.is_empty())
        .collect();
    let is_word = tokens.len() == 1
        && tokens[0].len() > 2
        && tokens[0].chars().all(|c| c.is_ascii_lowercase());
    (!is_word).then(|| tokens.first().copied().unwrap_or(mv))
}
