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
        let number = head
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |i| i + 1);
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

/// Compares, or with TABULA_BLESS=1 rewrites, one block.
fn check(
    readme: &mut String,
    range: std::ops::Range<usize>,
    shown: &str,
    actual: &str,
    what: &str,
) {
    if mask_timings(shown) == mask_timings(actual) {
        return;
    }
    if std::env::var_os("TABULA_BLESS").is_some() {
        readme.replace_range(range, actual);
        std::fs::write(readme_path(), readme.as_bytes()).unwrap();
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

#[test]
fn timings_are_masked_and_nothing_else() {
    assert_eq!(
        mask_timings("in 0.36 s, 12 s left, 3.5 s"),
        "in _ s, 12 s left, _ s"
    );
}
