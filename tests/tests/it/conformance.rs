//! Every shipped game passes the shared conformance suite, in its own
//! crate: each game's test runs `conformance::check_plan::<G>(&TEST_PLAN)`
//! over every parameter set of the plan the catalog
//! (`tabula_games::each_game`) gives with it, and `cargo test --workspace`
//! runs those tests; with `TABULA_SOAK_GAMES` set they soak the game
//! instead (the soak tier, which finds them by their name). Here a cheap
//! guard checks that no catalogued game lacks that test, instead of running
//! the suite a second time: it is generic, so a second run compiled it
//! again for every game and repeated the workspace's longest test.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;

use crate::registration::sources;

/// A manifest, parsed.
fn manifest(dir: &Path) -> toml::Table {
    let path = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The workspace's crates: their names as paths spell them (`tabula_kalah`)
/// and their folders, from the root manifest's `members`.
fn workspace_crates() -> HashMap<String, PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = manifest(&root);
    let members = workspace
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(toml::Value::as_array)
        .expect("the root manifest lists its members");
    members
        .iter()
        .map(|member| {
            let member = member.as_str().expect("a member is a path");
            let dir = root.join(member);
            let name = manifest(&dir)
                .get("package")
                .and_then(|p| p.get("name"))
                .and_then(toml::Value::as_str)
                .unwrap_or_else(|| panic!("{member}/Cargo.toml names no package"))
                .replace('-', "_");
            (name, dir)
        })
        .collect()
}

/// The name of each game's conformance test: the soak tier runs the tests
/// of that name (`.ci/run`).
const TEST: &str = "conformance_on_every_parameter_set";

#[test]
fn every_catalogued_game_runs_the_suite_in_its_own_crate() {
    struct Types(Vec<(&'static str, &'static str)>);
    impl GameVisitor for Types {
        fn visit<G: FullGame>(&mut self, _: &'static Plan) {
            self.0.push((G::Variant::NAME, std::any::type_name::<G>()));
        }
    }
    let mut games = Types(Vec::new());
    tabula_games::each_game(&mut games);
    // The registry is built from the same list: nothing registered escapes.
    let names: Vec<&str> = games.0.iter().map(|(name, _)| *name).collect();
    assert_eq!(tabula_games::registry().names(), names);

    let crates = workspace_crates();
    assert!(crates.len() > 10, "the members were not found: {crates:?}");
    let mut missing = Vec::new();
    for (name, path) in games.0 {
        // `tabula_kalah::Kalah`, or a longer path: the crate, the type.
        let krate = path.split("::").next().unwrap_or(path);
        let ty = path.rsplit("::").next().unwrap_or(path);
        let dir = crates
            .get(krate)
            .unwrap_or_else(|| panic!("{name}: its crate `{krate}` is no workspace member"));
        let call = format!("conformance::check_plan::<{ty}>(&TEST_PLAN)");
        let test = format!("fn {TEST}() {{\n    {call};");
        let mut files = Vec::new();
        sources(&dir.join("src"), &mut files);
        if dir.join("tests").is_dir() {
            sources(&dir.join("tests"), &mut files);
        }
        let tested = files
            .iter()
            .any(|file| std::fs::read_to_string(file).unwrap().contains(&test));
        if !tested {
            missing.push(format!(
                "{name}: no test `{TEST}` in {} runs `{call}` (docs/adding-a-game.md, \"The \
                 conformance test\"; the soak tier finds it by that name)",
                dir.display()
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
