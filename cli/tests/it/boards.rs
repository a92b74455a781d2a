//! The board pictures in `docs/boards/` (shown in docs/usage.md, one per
//! game) are what `show --svg` draws after a few fixed moves: this test
//! replays them and compares. After a deliberate change of the pictures,
//! `TABULA_BLESS=1 cargo test --workspace --test it -- boards::` rewrites them.

use std::path::PathBuf;

use crate::common::tabula;

/// Each picture: its file in `docs/boards/`, the game, the moves before it.
const PICTURES: &[(&str, &str, &str)] = &[
    ("diffusion", "diffusion", "D e C f"),
    (
        "grid-diffusion",
        "grid-diffusion(size=6x6,stones=8)",
        "e2 c1 e4 e5 e1 b5 b1 e3 b4 d5 c5 b2 f3 b3 d1 d6 e2:b2-a2 d5-a3 e1:e3-e2 b3:f3-f4 f4:b5-a5",
    ),
    ("calcala", "calcala(players=3)", "C3-SE D5-S E4-S"),
    ("differo", "differo", "C2-C5 F3-I6 D7-A4 H8-H4"),
    ("kalah", "kalah", "C F b"),
    ("oware", "oware", "C d E f"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_pictures_shown_are_what_show_svg_draws() {
    let page = std::fs::read_to_string(root().join("docs/usage.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("tabula-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut stale = Vec::new();
    for (name, game, moves) in PICTURES {
        let shown = format!("docs/boards/{name}.svg");
        let link = format!("(boards/{name}.svg)");
        assert!(page.contains(&link), "docs/usage.md shows no {shown}");
        let drawn = dir.join(format!("{name}.svg"));
        let script = format!(
            "{}\nshow --svg {}\n",
            moves.replace(' ', "\n"),
            drawn.display()
        );
        let run = tabula(&["play", game], &script);
        assert!(run.ok, "{game}: {}{}", run.stdout, run.stderr);
        let drawn = std::fs::read_to_string(&drawn).unwrap();
        let path = root().join(&shown);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(drawn.as_str()) {
            continue;
        }
        if std::env::var_os("TABULA_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, drawn).unwrap();
        } else {
            stale.push(shown);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        stale.is_empty(),
        "{stale:?} differ from what `show --svg` draws now; if the change is intended: \
         TABULA_BLESS=1 cargo test --workspace --test it -- boards::"
    );
}
