//! Records the commit the `tabula` command is built from, for
//! `tabula --version`: `TABULA_COMMIT` when the builder sets it (a package
//! built from a source archive), else what git says of the checkout, else
//! nothing (an archive without `.git`: the version alone).

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=TABULA_COMMIT");
    let commit = match std::env::var("TABULA_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => Some(commit.trim().to_string()),
        _ => git_commit(),
    };
    let version = env!("CARGO_PKG_VERSION");
    let version = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=TABULA_VERSION={version}");
}

/// `git` run in this crate's folder: its output, if it succeeded. The
/// folder is the one cargo names when it runs the script, not the one it
/// was compiled in (`env!`): a target folder shared by two checkouts (a
/// copy, a worktree) runs one compiled script for both.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(std::env::var_os("CARGO_MANIFEST_DIR")?)
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    output.status.success().then(|| text.trim().to_string())
}

/// The short hash and date of the checked-out commit, when this crate is
/// part of it (not an archive unpacked inside some other repository), and
/// the files that change when another commit is checked out, so that the
/// version is written again then.
fn git_commit() -> Option<String> {
    git(&["ls-files", "--error-unmatch", "Cargo.toml"])?;
    let git_dir = git(&["rev-parse", "--absolute-git-dir"])?;
    let common_dir = git(&["rev-parse", "--path-format=absolute", "--git-common-dir"])?;
    let mut watched = vec![Path::new(&git_dir).join("HEAD")];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(Path::new(&common_dir).join(branch));
        watched.push(Path::new(&common_dir).join("packed-refs"));
    }
    // A path that does not exist would make cargo run this script on
    // every build.
    for path in watched.iter().filter(|path| path.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let hash = git(&["rev-parse", "--short=12", "HEAD"])?;
    let date = git(&["log", "-1", "--format=%cs", "HEAD"])?;
    Some(format!("{hash} {date}"))
}
