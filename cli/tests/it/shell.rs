//! What a command-line tool is expected to have: `--version` with the
//! commit it was built from, completion scripts for the shells, and a
//! clear error for a bad `TABULA_CPU`.

use std::process::Command;

use crate::common::tabula;

/// The commit `git` says this checkout is at, if it is one.
fn checkout_commit() -> Option<String> {
    let output = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

#[test]
fn version_names_the_commit_it_was_built_from() {
    let run = tabula(&["--version"], "");
    assert!(run.ok, "{}", run.stderr);
    let expected = format!("tabula {}", env!("CARGO_PKG_VERSION"));
    assert!(run.stdout.starts_with(&expected), "{}", run.stdout);
    // Built from a git checkout (as the tests are, except from a source
    // archive), it names the commit; a builder's TABULA_COMMIT wins.
    match (option_env!("TABULA_COMMIT"), checkout_commit()) {
        (Some(commit), _) => assert!(run.stdout.contains(commit), "{}", run.stdout),
        (None, Some(commit)) => assert!(
            run.stdout.contains(&format!("({commit} ")),
            "{} should name {commit}",
            run.stdout
        ),
        (None, None) => assert_eq!(run.stdout.trim(), expected),
    }
}

#[test]
fn completions_are_printed_for_every_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef tabula"),
        ("fish", "complete -c tabula"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let run = tabula(&["completions", shell], "");
        assert!(run.ok, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains(marker), "{shell}:\n{}", run.stdout);
        // The subcommands and their options are in the script.
        for word in ["arena", "serve", "seconds"] {
            assert!(run.stdout.contains(word), "{shell} lacks {word}");
        }
    }
    let bad = tabula(&["completions", "tcsh"], "");
    assert!(!bad.ok && bad.stderr.contains("tcsh"), "{}", bad.stderr);
}

#[test]
fn tabula_cpu_chooses_the_path_or_is_refused() {
    let run = |value: &str| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["bench", "diffusion", "--seconds", "0.01"])
            .env("TABULA_CPU", value)
            .output()
            .expect("tabula starts")
    };
    let baseline = run("baseline");
    let stdout = String::from_utf8_lossy(&baseline.stdout);
    assert!(baseline.status.success(), "{stdout}");
    assert!(
        stdout.contains("hot loops: baseline; n-th set bit: portable"),
        "{stdout}"
    );
    let auto = run("auto");
    assert!(auto.status.success());
    let bad = run("fastest");
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("TABULA_CPU must be `auto` or `baseline`, not `fastest`"),
        "{stderr}"
    );
}
