//! `tabula new-game NAME`: a new game crate, written from the template game
//! (take-away, `examples/takeaway/`, a complete and tested game in the
//! layout every shipped game uses), with the template's names replaced,
//! then registered in the workspace it is run in (`register`): a workspace
//! member and dependency, the catalog's dependency and its line in
//! `each_game`, and the test profile's `opt-level = 3`. The template is
//! compiled and tested with the workspace, so a scaffolded crate starts out
//! building and passing conformance, and `cargo test -p tabula-NAME` runs
//! at once.

mod register;

use crate::out::outln;
use std::fs;
use std::path::{Path, PathBuf};

/// The template's files, by path in its crate, with their text.
const TEMPLATE: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../../../examples/takeaway/Cargo.toml"),
    ),
    (
        "RULES.txt",
        include_str!("../../../examples/takeaway/RULES.txt"),
    ),
    (
        "src/lib.rs",
        include_str!("../../../examples/takeaway/src/lib.rs"),
    ),
    (
        "src/state.rs",
        include_str!("../../../examples/takeaway/src/state.rs"),
    ),
    (
        "src/variant.rs",
        include_str!("../../../examples/takeaway/src/variant.rs"),
    ),
    (
        "src/notation.rs",
        include_str!("../../../examples/takeaway/src/notation.rs"),
    ),
    (
        "src/observation.rs",
        include_str!("../../../examples/takeaway/src/observation.rs"),
    ),
    (
        "src/eval.rs",
        include_str!("../../../examples/takeaway/src/eval.rs"),
    ),
    (
        "src/render.rs",
        include_str!("../../../examples/takeaway/src/render.rs"),
    ),
    (
        "src/svg.rs",
        include_str!("../../../examples/takeaway/src/svg.rs"),
    ),
    (
        "src/tests.rs",
        include_str!("../../../examples/takeaway/src/tests.rs"),
    ),
];

/// `tabula new-game`'s options.
#[derive(clap::Args, Debug)]
pub struct NewGameArgs {
    /// The game's name as users type it: lowercase letters and digits, words
    /// joined by `-` (e.g. `kalah`, `grid-race`).
    name: String,
    /// The folder the crate's folder is made in (the workspace's `games/`).
    #[arg(long, default_value = "games")]
    dir: PathBuf,
    /// Write the crate only: leave the workspace's files as they are (the
    /// lines to add are printed instead).
    #[arg(long)]
    no_register: bool,
}

/// A game's names in the forms the template uses.
pub(crate) struct Names {
    /// `grid-race`: the spec name, the folder.
    name: String,
    /// `GridRace`: the type.
    type_name: String,
    /// `Grid Race`: the name people read (the picture's title, the rules'
    /// heading).
    title: String,
    /// `tabula-grid-race` and `tabula_grid_race`: the crate.
    package: String,
    krate: String,
}

impl Names {
    pub(crate) fn new(name: &str) -> Result<Names, String> {
        let valid = !name.is_empty()
            && name.len() <= 40
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.split('-').all(|w| {
                !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            });
        if !valid {
            return Err(format!(
                "`{}` is not a game name: use lowercase letters and digits, words joined by `-`, \
                 starting with a letter (e.g. `kalah`, `grid-race`)",
                tabula::excerpt(name)
            ));
        }
        let words: Vec<String> = name
            .split('-')
            .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
            .collect();
        Ok(Names {
            name: name.to_string(),
            type_name: words.concat(),
            title: words.join(" "),
            package: format!("tabula-{name}"),
            krate: format!("tabula_{}", name.replace('-', "_")),
        })
    }

    /// The template's manifest for this game: its names, and a description
    /// of its own (the template's describes the template).
    fn manifest(&self, text: &str) -> String {
        let describe = format!("description = \"{}, a game for Tabula\"", self.title);
        self.apply(text)
            .lines()
            .map(|line| {
                if line.starts_with("description = ") {
                    describe.as_str()
                } else {
                    line
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }

    /// The template's `text` with its names replaced by these.
    fn apply(&self, text: &str) -> String {
        text.replace("Take-away", &self.title)
            .replace("tabula-takeaway", &self.package)
            .replace("tabula_takeaway", &self.krate)
            .replace("Takeaway", &self.type_name)
            .replace("takeaway", &self.name)
    }
}

/// Writes the crate `dir/NAME/` from the template; returns its folder.
fn write(names: &Names, dir: &Path) -> Result<PathBuf, String> {
    let root = dir.join(&names.name);
    if root.exists() {
        return Err(format!("{} already exists", root.display()));
    }
    for (path, text) in TEMPLATE {
        let file = root.join(path);
        let parent = file.parent().expect("a file in the crate");
        fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        let text = match *path {
            "Cargo.toml" => names.manifest(text),
            _ => names.apply(text),
        };
        tabula::files::write_atomic(&file, text.as_bytes())?;
    }
    Ok(root)
}

/// Runs `tabula new-game`: checks the name and, unless `--no-register`,
/// that the workspace here can take the game, before anything is written;
/// then writes the crate and the workspace's edited files.
pub fn run(args: &NewGameArgs) -> Result<(), String> {
    let names = Names::new(&args.name)?;
    let member = args.dir.join(&names.name);
    let member = member.to_string_lossy().replace('\\', "/");
    let workspace = Path::new(".");
    let edits = if args.no_register {
        None
    } else if register::is_workspace(workspace) {
        Some(register::edits(workspace, &names, &member)?)
    } else {
        None
    };
    let root = write(&names, &args.dir)?;
    let Names {
        name,
        type_name,
        package,
        ..
    } = &names;
    let path = root.display();
    outln!(
        "wrote {path}: the template game (take-away) as `{name}`, type `{type_name}`, \
         crate `{package}`; its tests pass as it is."
    );
    match edits {
        Some(edits) => {
            for edit in &edits {
                edit.apply()?;
                // Named from the workspace's root, as the guide names them
                // (`Cargo.toml`, not `./Cargo.toml`).
                let file = edit.file.strip_prefix(workspace).unwrap_or(&edit.file);
                outln!("registered in {}: {}", file.display(), edit.summary);
            }
            outln!(
                "
Now `cargo test -p {package}` runs its tests (conformance included); `tabula list`,
the REPL, the arena, `tabula serve` and Python offer it once built, and
`cargo test --workspace` plays it in every cross-game test. Cargo.lock gains the
crate at the first cargo command and python/Cargo.lock at the next Python build:
commit both with the game.
Write your rules into {path}/RULES.txt and src/, module by module."
            );
        }
        None => {
            let why = if args.no_register {
                "--no-register"
            } else {
                "no Tabula workspace here (a Cargo.toml with games/src/lib.rs beside it)"
            };
            outln!(
                "not registered ({why}); from the workspace's root, add:\n{}",
                register::by_hand(&names, &member)
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_take_every_form() {
        let names = Names::new("grid-race").unwrap();
        assert_eq!(names.type_name, "GridRace");
        assert_eq!(names.title, "Grid Race");
        assert_eq!(names.package, "tabula-grid-race");
        assert_eq!(names.krate, "tabula_grid_race");
        for bad in ["", "Kalah", "9men", "grid--race", "race-", "a b", "x\u{e9}"] {
            assert!(Names::new(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_template_is_every_file_of_the_takeaway_crate() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/takeaway");
        let mut on_disk = Vec::new();
        for dir in ["", "src"] {
            for entry in fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() {
                    let name = path.file_name().unwrap().to_str().unwrap();
                    on_disk.push(if dir.is_empty() {
                        name.to_string()
                    } else {
                        format!("{dir}/{name}")
                    });
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<String> = TEMPLATE.iter().map(|(p, _)| p.to_string()).collect();
        listed.sort();
        assert_eq!(listed, on_disk, "add the template's new files to TEMPLATE");
    }

    #[test]
    fn a_new_game_is_the_template_renamed_and_an_existing_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("tabula-scaffold-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let names = Names::new("grid-race").unwrap();
        let root = write(&names, &dir).unwrap();
        for (path, _) in TEMPLATE {
            let text = fs::read_to_string(root.join(path)).unwrap();
            assert!(
                !["takeaway", "Takeaway", "Take-away"]
                    .iter()
                    .any(|old| text.contains(old)),
                "{path} keeps the template's name"
            );
        }
        let variant = fs::read_to_string(root.join("src/variant.rs")).unwrap();
        assert!(
            variant.contains("impl Variant for GridRaceVariant"),
            "{variant}"
        );
        assert!(variant.contains(r#"const NAME: &'static str = "grid-race";"#));
        let rules = fs::read_to_string(root.join("RULES.txt")).unwrap();
        assert!(rules.starts_with("Grid Race\n"), "{rules}");
        let state = fs::read_to_string(root.join("src/state.rs")).unwrap();
        assert!(state.contains("impl Game for GridRace {"), "{state}");
        let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(r#"name = "tabula-grid-race""#),
            "{manifest}"
        );
        assert!(
            manifest.contains(r#"description = "Grid Race, a game for Tabula""#),
            "{manifest}"
        );
        let again = write(&names, &dir).unwrap_err();
        assert!(again.contains("already exists"), "{again}");
        let _ = fs::remove_dir_all(&dir);
    }
}
