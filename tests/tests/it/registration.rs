//! Registration in one place: the cross-game tests and benchmarks reach the
//! shipped games through `tabula_games::each_game` (with their types) or
//! the registry (by name), never through a list of their own, so that a new
//! game is covered everywhere by its catalog line alone. A source that
//! lists game types fails here, naming the file and what to use instead.

use std::path::{Path, PathBuf};

use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;

/// The shipped games' type names (`Diffusion`, `GridDiffusion`, ...).
fn type_names() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl GameVisitor for Names {
        fn visit<G: FullGame>(&mut self, _: &'static Plan) {
            let path = std::any::type_name::<G>();
            self.0.push(path.rsplit("::").next().unwrap_or(path));
        }
    }
    let mut names = Names(Vec::new());
    tabula_games::each_game(&mut names);
    names.0
}

/// Sources whose subject is each game's own rules or evaluation, and so name
/// them: the property tests of every game's invariants, and the example
/// that fits each game's evaluation features (a game without features has
/// nothing to fit).
const ABOUT_EACH_GAME: &[&str] = &["properties.rs", "fit_eval.rs"];

/// The `.rs` files under `dir`, recursively.
pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `name` is used in `code` as a type or path (followed by `>`,
/// `,`, `}`, `)`, `;` or `::`), not as a word of prose or inside a longer
/// name (`Diffusion` in `GridDiffusion`).
fn names_type(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + name.len()..];
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && [">", ",", "}", ")", ";", "::"]
                .iter()
                .any(|end| after.starts_with(end))
    })
}

#[test]
fn no_cross_game_test_or_benchmark_keeps_a_list_of_games() {
    let names = type_names();
    assert!(names.len() >= 4, "{names:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "benches", "examples", "../cli/tests"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "the sources were not found");
    let mut lists = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_str().unwrap();
        if ABOUT_EACH_GAME.contains(&name) {
            continue;
        }
        let code = std::fs::read_to_string(file).unwrap();
        let named: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| names_type(&code, n))
            .collect();
        if named.len() > 1 {
            lists.push(format!(
                "{} names the games {named:?}: iterate `tabula_games::each_game` (with the \
                 types) or the registry (by name) instead",
                file.display()
            ));
        }
    }
    assert!(lists.is_empty(), "{}", lists.join("\n"));
}

/// The shipped games' registry names (`diffusion`, `grid-diffusion`, ...).
fn registry_names() -> Vec<String> {
    tabula_games::registry().names()
}

/// Lines of code within which three games named by spec literals make a
/// list (a formatted array puts one entry per line).
const LIST_WINDOW: usize = 5;

/// The games `line` names as the start of a string literal: `"calcala"`,
/// `'calcala(players=3)'`, `` `differo` ``.
fn named_specs<'a>(line: &str, names: &'a [String]) -> Vec<&'a str> {
    names
        .iter()
        .filter(|name| {
            line.match_indices(name.as_str()).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + name.len()..].chars().next();
                matches!(before, Some('"' | '\'' | '`'))
                    && matches!(after, Some('"' | '\'' | '`' | '('))
            })
        })
        .map(String::as_str)
        .collect()
}

/// Whether some `LIST_WINDOW` consecutive lines of `code` name three or
/// more games by spec literals.
fn lists_specs(code: &str, names: &[String]) -> Option<Vec<String>> {
    let lines: Vec<Vec<&str>> = code.lines().map(|l| named_specs(l, names)).collect();
    lines
        .windows(LIST_WINDOW.min(lines.len().max(1)))
        .find_map(|window| {
            let mut named: Vec<String> = window.iter().flatten().map(|s| s.to_string()).collect();
            named.sort();
            named.dedup();
            (named.len() >= 3).then_some(named)
        })
}

/// The fuzz targets and the Python suite reach the games through the
/// registry too (`game_specs()` there, `tabula.registered_games()` and
/// `tabula.representative_specs` here), never through a list of spec texts.
#[test]
fn no_fuzz_target_or_python_test_keeps_a_list_of_specs() {
    let names = registry_names();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut lists = Vec::new();
    let mut read = 0;
    for dir in [
        "fuzz/src",
        "fuzz/fuzz_targets",
        "python/tests",
        "python/tabula",
        "python/src",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if !path.extension().is_some_and(|e| e == "rs" || e == "py") {
                continue;
            }
            read += 1;
            let code = std::fs::read_to_string(&path).unwrap();
            if let Some(named) = lists_specs(&code, &names) {
                lists.push(format!(
                    "{} lists the games {named:?}: iterate the registry instead \
                     (`tabula.registered_games()` with `tabula.representative_specs(name)` \
                     in Python, `tabula_games::each_game` in Rust)",
                    path.display()
                ));
            }
        }
    }
    assert!(read > 10, "the sources were not found");
    assert!(lists.is_empty(), "{}", lists.join("\n"));
}

#[test]
fn a_list_of_specs_is_told_from_one_game_per_test() {
    let names: Vec<String> = ["diffusion", "calcala", "differo"]
        .map(String::from)
        .to_vec();
    let list = "SPECS = [\n  \"diffusion\",\n  \"calcala(players=3)\",\n  'differo',\n]";
    assert!(lists_specs(list, &names).is_some());
    let apart =
        "load_game(\"diffusion\")\n\n\n\n\n\nload_game(\"calcala\")\nx\n\n\n\n\nload(`differo`)";
    assert!(lists_specs(apart, &names).is_none());
    // A name inside prose or a longer name is not a spec literal.
    assert!(named_specs("the diffusion game, \"grid-diffusion\"", &names).is_empty());
}

#[test]
fn a_type_is_told_from_prose_and_longer_names() {
    assert!(names_type("check::<Nim>(", "Nim"));
    assert!(names_type("use x::{Nim, Go};", "Nim"));
    assert!(!names_type("a game of Nim is short", "Nim"));
    assert!(!names_type("SuperNim::NAME", "Nim"));
}
