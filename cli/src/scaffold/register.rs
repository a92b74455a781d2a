//! Registering a new game in the workspace: the edits to its `Cargo.toml`
//! (a member, a workspace dependency, the test profile's `opt-level = 3`),
//! to the catalog's `games/Cargo.toml` (a dependency) and to
//! `games/src/lib.rs` (the `pub use` and the `each_game` line).
//!
//! Each edit is a line put after the last line of its kind (the last
//! member under `games/`, the last game's `visit`), so the files keep
//! their order and their comments. An edit whose line is already there is
//! left out, so registering twice changes nothing; every edit is computed
//! before any file is written, so a file that cannot take its edit stops
//! the command with nothing written.

use std::fs;
use std::path::{Path, PathBuf};

use super::Names;

/// The workspace's files a game's registration edits.
const MANIFEST: &str = "Cargo.toml";
const CATALOG_MANIFEST: &str = "games/Cargo.toml";
const CATALOG: &str = "games/src/lib.rs";

/// A file's new text, and what was added to it, in words.
#[derive(Debug)]
pub(super) struct Edit {
    /// The file, as found from the workspace's root.
    pub(super) file: PathBuf,
    /// Its whole new text.
    pub(super) text: String,
    /// What the edit adds, for the command's output.
    pub(super) summary: String,
}

impl Edit {
    /// Writes the new text in place of the file's (atomically).
    pub(super) fn apply(&self) -> Result<(), String> {
        tabula::files::write_atomic(&self.file, self.text.as_bytes())
    }
}

/// Whether `root` is a Tabula workspace a game can be registered in.
pub(super) fn is_workspace(root: &Path) -> bool {
    [MANIFEST, CATALOG_MANIFEST, CATALOG]
        .iter()
        .all(|file| root.join(file).is_file())
}

/// The edits registering the game `names`, whose crate is the workspace
/// member `member` (`games/grid-race`), in the workspace at `root`: only
/// those still to make. Refuses a name the catalog already has.
pub(super) fn edits(root: &Path, names: &Names, member: &str) -> Result<Vec<Edit>, String> {
    let read = |file: &str| {
        fs::read_to_string(root.join(file))
            .map_err(|e| format!("cannot read {}: {e}", root.join(file).display()))
    };
    let catalog = read(CATALOG)?;
    let use_line = format!("pub use {}::{};", names.krate, names.type_name);
    if catalog.contains(&use_line) {
        return Err(format!(
            "`{}` is registered already ({CATALOG} has `{use_line}`)",
            names.name
        ));
    }
    let mut out = Vec::new();
    let mut edit = |file: &str, text: String, new: String, summary: String| {
        if new != text {
            out.push(Edit {
                file: root.join(file),
                text: new,
                summary,
            });
        }
    };
    let manifest = read(MANIFEST)?;
    let new = edit_manifest(&manifest, names, member)?;
    edit(
        MANIFEST,
        manifest,
        new,
        format!(
            "member \"{member}\", dependency {}, [profile.test.package.{}] opt-level = 3",
            names.package, names.package
        ),
    );
    let games = read(CATALOG_MANIFEST)?;
    let line = format!("{}.workspace = true", names.package);
    let new = insert_after_last(&games, CATALOG_MANIFEST, "tabula-", &line)?;
    edit(CATALOG_MANIFEST, games, new, format!("dependency `{line}`"));
    let visit = format!(
        "    visitor.visit::<{}>(&{}::TEST_PLAN);",
        names.type_name, names.krate
    );
    let new = insert_after_last(&catalog, CATALOG, "pub use tabula_", &use_line)?;
    let new = insert_after_last(&new, CATALOG, "    visitor.visit::<", &visit)?;
    edit(
        CATALOG,
        catalog,
        new,
        format!("`{use_line}` and in each_game `{}`", visit.trim()),
    );
    Ok(out)
}

/// The workspace manifest with the member, the workspace dependency and
/// the test profile's section for the game.
fn edit_manifest(text: &str, names: &Names, member: &str) -> Result<String, String> {
    let package = &names.package;
    let text = insert_after_last(
        text,
        MANIFEST,
        "    \"games/",
        &format!("    \"{member}\","),
    )?;
    let text = insert_after_last(
        &text,
        MANIFEST,
        "tabula-",
        &format!("{package} = {{ path = \"{member}\" }}"),
    )
    .and_then(|t| check_order(t, "[workspace.dependencies]", package, "[profile"))?;
    let profile = format!("[profile.test.package.{package}]\nopt-level = 3");
    if text.contains(&format!("[profile.test.package.{package}]")) {
        return Ok(text);
    }
    let anchor = "[profile.test.package.tabula-tests]";
    match text.find(anchor) {
        Some(at) => Ok(format!("{}{profile}\n{}", &text[..at], &text[at..])),
        None => Err(format!(
            "{MANIFEST} has no `{anchor}` to put `{profile}` before"
        )),
    }
}

/// Whether the dependency line for `package` landed between `section` and
/// `next` (the last line starting `tabula-` must be a workspace dependency).
fn check_order(text: String, section: &str, package: &str, next: &str) -> Result<String, String> {
    let start = text.find(section);
    let line = text.find(&format!("\n{package} = {{ path"));
    let end = start.and_then(|s| text[s..].find(next).map(|e| s + e));
    match (start, line, end) {
        (Some(s), Some(l), Some(e)) if s < l && l < e => Ok(text),
        _ => Err(format!(
            "{MANIFEST}: the workspace dependency for {package} would not land under {section}"
        )),
    }
}

/// `text` with `line` put after its last line starting with `prefix`;
/// unchanged if `line` is there already.
fn insert_after_last(text: &str, file: &str, prefix: &str, line: &str) -> Result<String, String> {
    if text.lines().any(|l| l == line) {
        return Ok(text.to_string());
    }
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with(prefix))
        .ok_or_else(|| format!("{file} has no line starting `{prefix}` to put `{line}` after"))?;
    lines.insert(last + 1, line);
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// The lines to add by hand, where the command does not register the game.
pub(super) fn by_hand(names: &Names, member: &str) -> String {
    let Names {
        type_name,
        package,
        krate,
        ..
    } = names;
    format!(
        "  {MANIFEST}          members: \"{member}\"
                      [workspace.dependencies]: {package} = {{ path = \"{member}\" }}
                      [profile.test.package.{package}] opt-level = 3
  {CATALOG_MANIFEST}    [dependencies]: {package}.workspace = true
  {CATALOG}    pub use {krate}::{type_name};
                      in each_game: visitor.visit::<{type_name}>(&{krate}::TEST_PLAN);"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace's real files, in a scratch folder.
    fn scratch(tag: &str) -> PathBuf {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let dir =
            std::env::temp_dir().join(format!("tabula-register-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for file in [MANIFEST, CATALOG_MANIFEST, CATALOG] {
            let to = dir.join(file);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            fs::copy(here.join(file), to).unwrap();
        }
        dir
    }

    #[test]
    fn registering_adds_each_line_once_where_its_kind_is() {
        let dir = scratch("once");
        assert!(is_workspace(&dir));
        let names = Names::new("grid-race").unwrap();
        let edits = edits(&dir, &names, "games/grid-race").unwrap();
        assert_eq!(edits.len(), 3, "{edits:?}");
        for edit in &edits {
            edit.apply().unwrap();
        }
        let read = |file: &str| fs::read_to_string(dir.join(file)).unwrap();
        let manifest: toml::Table = read(MANIFEST).parse().unwrap();
        let workspace = &manifest["workspace"];
        let members = workspace["members"].as_array().unwrap();
        assert!(members
            .iter()
            .any(|m| m.as_str() == Some("games/grid-race")));
        assert_eq!(
            workspace["dependencies"]["tabula-grid-race"]["path"].as_str(),
            Some("games/grid-race")
        );
        let level = &manifest["profile"]["test"]["package"]["tabula-grid-race"]["opt-level"];
        assert_eq!(level.as_integer(), Some(3));
        let games: toml::Table = read(CATALOG_MANIFEST).parse().unwrap();
        assert_eq!(
            games["dependencies"]["tabula-grid-race"]["workspace"].as_bool(),
            Some(true)
        );
        let catalog = read(CATALOG);
        assert!(catalog.contains("pub use tabula_grid_race::GridRace;\n"));
        let visit = "    visitor.visit::<GridRace>(&tabula_grid_race::TEST_PLAN);\n}";
        assert!(
            catalog.contains(visit),
            "the last line of each_game: {catalog}"
        );
        // Once registered, the name is taken; nothing else changed.
        let again = super::edits(&dir, &names, "games/grid-race").unwrap_err();
        assert!(again.contains("registered already"), "{again}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_shipped_name_or_a_workspace_without_anchors_is_refused_untouched() {
        let dir = scratch("refused");
        let taken = edits(&dir, &Names::new("kalah").unwrap(), "games/kalah").unwrap_err();
        assert!(taken.contains("registered already"), "{taken}");
        let before = fs::read_to_string(dir.join(MANIFEST)).unwrap();
        fs::write(dir.join(CATALOG), "//! no list here\n").unwrap();
        let names = Names::new("grid-race").unwrap();
        let error = edits(&dir, &names, "games/grid-race").unwrap_err();
        assert!(error.contains("no line starting"), "{error}");
        assert_eq!(fs::read_to_string(dir.join(MANIFEST)).unwrap(), before);
        let _ = fs::remove_dir_all(&dir);
    }
}
