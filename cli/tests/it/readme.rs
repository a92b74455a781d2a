//! The README's tour and scripting example are real sessions: this test
//! replays their commands and compares the output with what the README
//! shows (timings aside). After a deliberate change of output, run
//! `TABULA_BLESS=1 cargo test -p tabula-cli --test it -- readme::` to rewrite the
//! blocks, and read the diff.

use std::path::PathBuf;

use crate::common;

/// Runs `tabula ARGS` with `stdin`; returns stdout.
fn tabula(args: &[&str], stdin: &str) -> String {
    common::tabula(args, stdin).stdout
}

fn readme_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../README.md")
}

/// Timings differ between runs: `0.36 s` reads `_ s`.
fn mask_timings(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" s") {
        let (head, tail) = rest.split_at(at);
        // Where the number before ` s` starts: after the last character
        // that is not a digit or a point (which may be wider than a byte).
        let number = head
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        if head[number..].contains('.') {
            out.push_str(&head[..number]);
            out.push('_');
        } else {
            out.push_str(head);
        }
        out.push_str(" s");
        rest = &tail[2..];
    }
    out.push_str(rest);
    out
}

/// The block after `marker`: its first line (the command) and the rest,
/// with the byte range of the rest in the README.
fn block(readme: &str, marker: &str) -> (String, String, std::ops::Range<usize>) {
    let at = readme
        .find(marker)
        .unwrap_or_else(|| panic!("README has no `{marker}` block"));
    let open = at + readme[at..].find("```text\n").expect("a text block") + "```text\n".len();
    let first_end = open + readme[open..].find('\n').unwrap() + 1;
    let close = first_end + readme[first_end..].find("```").expect("the block ends");
    (
        readme[open..first_end].trim_end().to_string(),
        readme[first_end..close].to_string(),
        first_end..close,
    )
}

/// The commands of a transcript: what follows each prompt.
fn commands(transcript: &str) -> String {
    transcript
        .lines()
        .filter_map(|line| {
            let (prompt, command) = line.split_once("> ")?;
            let is_prompt = !prompt.contains(' ')
                || (prompt.contains(" [") && prompt.ends_with(']') && !prompt.starts_with(' '));
            is_prompt.then(|| format!("{command}\n"))
        })
        .collect()
}

/// Compares, or with TABULA_BLESS=1 rewrites, one block of the README.
fn check(
    readme: &mut String,
    range: std::ops::Range<usize>,
    shown: &str,
    actual: &str,
    what: &str,
) {
    check_in(
        &readme_path(),
        readme,
        range,
        shown,
        actual,
        what,
        mask_timings,
    );
}

/// Compares, or with TABULA_BLESS=1 rewrites, one block of the document
/// at `path` (whose text is `doc`), after `mask` hides what differs
/// between runs.
fn check_in(
    path: &std::path::Path,
    doc: &mut String,
    range: std::ops::Range<usize>,
    shown: &str,
    actual: &str,
    what: &str,
    mask: fn(&str) -> String,
) {
    if mask(shown) == mask(actual) {
        return;
    }
    if std::env::var_os("TABULA_BLESS").is_some() {
        doc.replace_range(range, actual);
        std::fs::write(path, doc.as_bytes()).unwrap();
        return;
    }
    panic!(
        "the README's {what} differs from what tabula prints now.\n--- README\n{shown}\n--- tabula\n{actual}\n\
         If the change is intended: TABULA_BLESS=1 cargo test -p tabula-cli --test it -- readme::"
    );
}

#[test]
fn the_tour_is_a_real_session() {
    let mut readme = std::fs::read_to_string(readme_path()).unwrap();
    let (command, shown, range) = block(&readme, "<!-- tour:");
    assert_eq!(command, "$ tabula");
    let mut script = commands(&shown);
    if script.is_empty() {
        // A fresh README block: the tour's commands.
        script = [
            "agent 2 mcts(iterations=20000)",
            "D",
            "hint",
            "undo 2",
            "agent 1 mcts(iterations=2000)",
            "go 4",
            "history",
            "new calcala(players=3)",
            "agent 2 random",
            "agent 3 mcts(iterations=500)",
            "C3-SE",
        ]
        .map(|c| format!("{c}\n"))
        .concat();
    }
    let actual = tabula(&["play", "--transcript"], &script);
    check(&mut readme, range, &shown, &actual, "tour");
}

#[test]
fn the_scripting_example_prints_what_it_shows() {
    let mut readme = std::fs::read_to_string(readme_path()).unwrap();
    let (command, shown, range) = block(&readme, "<!-- script:");
    let input = command
        .strip_prefix("$ printf '")
        .and_then(|rest| rest.strip_suffix("' | tabula play"))
        .expect("$ printf '...' | tabula play");
    let actual = tabula(&["play"], &input.replace("\\n", "\n"));
    check(&mut readme, range, &shown, &actual, "scripting example");
}

fn arena_doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/arena.md")
}

/// Timings in an arena's tables: `0.36 s`, and the `s/move` column (the
/// last number of a standings row).
fn mask_arena_timings(text: &str) -> String {
    let masked: Vec<String> = mask_timings(text)
        .lines()
        .map(|line| match line.rsplit_once(' ') {
            Some((head, last)) if last.contains('.') && last.parse::<f64>().is_ok() => {
                format!("{head} _")
            }
            _ => line.to_string(),
        })
        .collect();
    masked.join("\n")
}

/// docs/arena.md's experiment file is the one in `examples/experiments/`,
/// and the tournament it describes prints what the page shows; played
/// again from its own `arena.json`, it gives the same records.
#[test]
fn the_experiment_example_replays() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut doc = std::fs::read_to_string(arena_doc_path()).unwrap();
    let file = "examples/experiments/three-families.toml";
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let readme = std::fs::read_to_string(readme_path()).unwrap();
    for (name, shown) in [("docs/arena.md", &doc), ("README.md", &readme)] {
        let marker = format!("<!-- experiment-file: {file} -->\n```toml\n");
        let at = shown
            .find(&marker)
            .unwrap_or_else(|| panic!("{name} shows no {file}"));
        let at = at + marker.len();
        let shown_file = &shown[at..at + shown[at..].find("```").unwrap()];
        assert_eq!(shown_file, text, "{name} shows another file than {file}");
    }

    let (command, shown, range) = block(&doc, "<!-- experiment:");
    assert_eq!(command, format!("$ tabula arena --config {file}"));
    let dir = common::scratch("experiment");
    std::fs::create_dir_all(&dir).unwrap();
    let config = root.join(file);
    let run = common::tabula_in(&dir, &["arena", "--config", config.to_str().unwrap()], "");
    assert!(run.ok, "{}", run.stderr);
    check_in(
        &arena_doc_path(),
        &mut doc,
        range,
        &shown,
        &run.stdout,
        "experiment",
        mask_arena_timings,
    );

    let out = dir.join("results/three-families");
    let again = dir.join("again");
    let run = common::tabula_in(
        &dir,
        &[
            "arena",
            "--config",
            out.join("arena.json").to_str().unwrap(),
            "--out",
            again.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    let first = common::records(&out);
    assert_eq!(first.len(), 18);
    assert_eq!(common::records(&again), first);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timings_are_masked_and_nothing_else() {
    assert_eq!(
        mask_timings("in 0.36 s, 12 s left, 3.5 s"),
        "in _ s, 12 s left, _ s"
    );
}
