//! Every fenced block of the project's markdown is run here, or says why
//! not, so that no example drifts from the program unseen.
//!
//! A block is handled by its language and by the HTML comment on the line
//! right before its fence, if any:
//!
//! - `<!-- not run: REASON -->`: shown only; the reason is required.
//! - `<!-- excerpt: PATH -->`: the block is part of the file `PATH`
//!   (compared without whitespace and comments; a line with `...` skips).
//! - `sh`/`bash`: each command runs and must succeed (`tabula ARGS`,
//!   `cargo run --release -- ARGS` and `python3 ARGS`); anything else must
//!   be marked.
//! - `text` starting `$ COMMAND`: a transcript; the command runs and its
//!   output must be what follows. A REPL session (prompts) is replayed
//!   command by command; `>`/`<` lines are what a program reads and writes.
//! - `rust`: its page is compiled as doctests (`cli/src/lib.rs`), unless an
//!   excerpt.
//! - `python`: run by `python/tests/test_docs.py`.
//! - `text` otherwise, `toml`, `json`, `yaml`, `dockerfile`: content, not
//!   commands.
//!
//! Commands of one page run in order in one fresh folder, where `examples/`
//! and `games/*` are the checkout's. After a deliberate change of output,
//! `TABULA_BLESS=1 cargo test --workspace --test it -- docs::` rewrites
//! the transcripts; read the diff.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

/// Every markdown file of the checkout (build output and hidden folders aside),
/// relative to the root.
fn pages() -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, out);
            } else if name.ends_with(".md") {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    walk(&root(), &root(), &mut out);
    out.sort();
    out
}

/// One fenced block of a page.
#[derive(Debug)]
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    lang: String,
    /// The text of the comment right before the fence, if any.
    marker: Option<String>,
    body: String,
    /// Where `body` lies in the page.
    range: Range<usize>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut previous = "";
    let mut open: Option<(usize, String, String, Option<String>, usize)> = None;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        match &open {
            None if trimmed.starts_with("```") => {
                let fence: String = trimmed.chars().take_while(|&c| c == '`').collect();
                let marker = previous
                    .trim()
                    .strip_prefix("<!--")
                    .and_then(|m| m.strip_suffix("-->"))
                    .map(|m| m.trim().to_string());
                let lang = trimmed[fence.len()..].trim().to_string();
                open = Some((number + 1, lang, fence, marker, offset + line.len()));
            }
            Some((start, lang, fence, marker, body_start)) if trimmed == fence => {
                out.push(Block {
                    line: *start,
                    lang: lang.clone(),
                    marker: marker.clone(),
                    body: text[*body_start..offset].to_string(),
                    range: *body_start..offset,
                });
                open = None;
            }
            _ => {}
        }
        previous = line;
        offset += line.len();
    }
    assert!(open.is_none(), "a block is never closed");
    out
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

/// The engine protocol's `time=MS` reads `time=_`.
fn mask_protocol(text: &str) -> String {
    let masked: Vec<String> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|word| match word.strip_prefix("time=") {
                    Some(ms) if ms.parse::<u64>().is_ok() => "time=_",
                    _ => word,
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    masked.join("\n")
}

/// The commands of a REPL transcript: what follows each prompt.
fn repl_commands(transcript: &str) -> String {
    transcript
        .lines()
        .filter_map(|line| {
            let (prompt, command) = line.split_once("> ")?;
            is_prompt(prompt).then(|| format!("{command}\n"))
        })
        .collect()
}

/// `diffusion [South]` or `>`-less words such as `tabula`: a REPL prompt.
fn is_prompt(prompt: &str) -> bool {
    !prompt.is_empty()
        && (!prompt.contains(' ')
            || (prompt.contains(" [") && prompt.ends_with(']') && !prompt.starts_with(' ')))
}

/// One command line as a program and its arguments, or why it cannot run.
fn argv(line: &str) -> Result<Vec<String>, String> {
    let words = shlex::split(line).ok_or_else(|| format!("cannot split `{line}` into words"))?;
    let words: Vec<String> = words
        .into_iter()
        .take_while(|w| !w.starts_with('#'))
        .collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["tabula", ..] | ["python3", ..] => Ok(words),
        ["cargo", "run", "--release", "--", ..] => {
            Ok([vec!["tabula".to_string()], words[4..].to_vec()].concat())
        }
        _ => Err(format!(
            "cannot run `{line}` here: run it from cli/tests/it/docs.rs, or mark the block \
             `<!-- not run: REASON -->`"
        )),
    }
}

/// The program a command names: `tabula` is the binary under test.
fn program(name: &str) -> &str {
    match name {
        "tabula" => env!("CARGO_BIN_EXE_tabula"),
        other => other,
    }
}

/// Runs `argv` in `dir` with `stdin`; returns (success, stdout, stderr).
fn run(dir: &Path, argv: &[String], stdin: &str) -> (bool, String, String) {
    let program = program(&argv[0]);
    let mut child = Command::new(program)
        .current_dir(dir)
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} starts: {e}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The command lines of an `sh` block: continued lines joined, blank and
/// comment lines left out.
fn command_lines(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in body.lines() {
        match line.trim_end().strip_suffix('\\') {
            Some(head) => current.push_str(head),
            None => {
                current.push_str(line);
                let command = std::mem::take(&mut current);
                if !command.trim().is_empty() && !command.trim().starts_with('#') {
                    out.push(command.trim().to_string());
                }
            }
        }
    }
    out
}

/// A fresh folder for one page's commands, with the checkout's `examples/`
/// and each of its `games/*` (so `games/` itself takes new games).
fn page_dir(page: &str) -> PathBuf {
    let dir = common::scratch(&format!("docs-{}", page.replace(['/', '.'], "-")));
    fs::create_dir_all(dir.join("games")).unwrap();
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples")).unwrap();
    for entry in fs::read_dir(root().join("games")).unwrap() {
        let path = entry.unwrap().path();
        std::os::unix::fs::symlink(&path, dir.join("games").join(path.file_name().unwrap()))
            .unwrap();
    }
    dir
}

/// Whitespace and `//` comments removed, and a comma before a closing
/// bracket (rustfmt adds them): what an excerpt and its source share.
fn normalise(code: &str) -> String {
    let without_comments: String = code
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect();
    let compact: String = without_comments
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    compact
        .replace(",}", "}")
        .replace(",)", ")")
        .replace(",]", "]")
}

/// The excerpt's pieces (split at lines holding `...`) appear in `source`
/// in order.
fn is_excerpt(excerpt: &str, source: &str) -> bool {
    let source = normalise(source);
    let mut from = 0;
    let mut piece = String::new();
    let mut pieces = Vec::new();
    for line in excerpt.lines() {
        if line.contains("...") || line.contains('…') {
            pieces.push(std::mem::take(&mut piece));
        } else {
            piece.push_str(line);
            piece.push('\n');
        }
    }
    pieces.push(piece);
    pieces
        .iter()
        .map(|p| normalise(p))
        .all(|p| match source[from..].find(&p) {
            Some(at) => {
                from += at + p.len();
                true
            }
            None => false,
        })
}

/// What a page's check found: failures, and blocks to rewrite when blessing.
#[derive(Default)]
struct Outcome {
    failures: Vec<String>,
    rewrites: Vec<(Range<usize>, String)>,
}

impl Outcome {
    /// Compares `shown` with `actual` after `mask`; a difference is a
    /// failure, or a rewrite of `range` when blessing.
    fn compare(
        &mut self,
        at: &str,
        range: Range<usize>,
        shown: &str,
        actual: &str,
        mask: fn(&str) -> String,
    ) {
        if mask(shown).trim_end() == mask(actual).trim_end() {
            return;
        }
        if std::env::var_os("TABULA_BLESS").is_some() {
            self.rewrites.push((range, actual.to_string()));
        } else {
            self.failures.push(format!(
                "{at}: the page shows another output than the program prints now.\n\
                 --- page\n{shown}--- program\n{actual}"
            ));
        }
    }
}

/// Runs a `$ COMMAND` transcript: `block.body`'s first line is the command.
fn transcript(dir: &Path, at: &str, block: &Block, outcome: &mut Outcome) {
    let (first, shown) = block.body.split_once('\n').unwrap_or((&block.body, ""));
    let range = block.range.start + first.len() + 1..block.range.end;
    let command = first.strip_prefix("$ ").unwrap();
    let (stdin, command) = match command.split_once(" | ") {
        Some((printf, command)) => {
            let words = shlex::split(printf).unwrap_or_default();
            match &words[..] {
                [p, text] if p == "printf" => (text.replace("\\n", "\n"), command),
                _ => {
                    outcome
                        .failures
                        .push(format!("{at}: only `printf '...' |` may feed a command"));
                    return;
                }
            }
        }
        None => (String::new(), command),
    };
    let mut argv = match argv(command) {
        Ok(argv) => argv,
        Err(why) => return outcome.failures.push(format!("{at}: {why}")),
    };
    if shown.lines().any(|l| l.starts_with("> ")) {
        match drive(dir, &argv, shown) {
            Ok(actual) => outcome.compare(at, range, shown, &actual, mask_protocol),
            Err(why) => outcome.failures.push(format!("{at}: {why}")),
        }
        return;
    }
    let repl = repl_commands(shown);
    let engine = argv.get(1).map(String::as_str) == Some("engine");
    let (stdin, mask): (String, fn(&str) -> String) = if !repl.is_empty() {
        // `$ tabula` or `$ tabula play ...`, replayed as a terminal shows it.
        let args: Vec<String> = argv.drain(1..).collect();
        let args = args.strip_prefix(&["play".to_string()]).unwrap_or(&args);
        argv.extend(["play".to_string(), "--transcript".to_string()]);
        argv.extend(args.iter().cloned());
        (repl, mask_timings)
    } else if argv.get(1).map(String::as_str) == Some("arena") {
        (stdin, mask_arena_timings)
    } else if engine {
        (stdin, mask_protocol)
    } else {
        (stdin, mask_timings)
    };
    let (ok, stdout, stderr) = run(dir, &argv, &stdin);
    if !ok {
        outcome
            .failures
            .push(format!("{at}: `{command}` failed:\n{stderr}"));
        return;
    }
    let stdout: String = if engine {
        stdout
            .lines()
            .filter(|l| !is_progress(l))
            .map(|l| format!("{l}\n"))
            .collect()
    } else {
        stdout
    };
    outcome.compare(at, range, shown, &stdout, mask);
}

/// A protocol line without its `# comment` (two spaces or more before it).
fn strip_comment(line: &str) -> &str {
    match line.find("  #") {
        Some(at) => line[..at].trim_end(),
        None => line,
    }
}

/// A search's progress line (`info` without `nodes=`): how many appear
/// depends on the machine's speed.
fn is_progress(line: &str) -> bool {
    line.starts_with("info ") && !line.contains(" nodes=")
}

/// Drives `argv` as a client would: sends each `>` line of `shown`, then
/// reads the answers up to the one that ends that command (`ok`,
/// `bestmove`, `error`; `quit` and `stop` have none), progress lines left
/// out. Returns the session written as the page writes it.
fn drive(dir: &Path, argv: &[String], shown: &str) -> Result<String, String> {
    let program = program(&argv[0]);
    let mut child = Command::new(program)
        .current_dir(dir)
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{program} does not start: {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
            if lines.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let mut out = String::new();
    let mut result = Ok(());
    for line in shown.lines().filter(|l| l.starts_with("> ")) {
        out.push_str(line);
        out.push('\n');
        let sent = strip_comment(&line[2..]);
        if writeln!(stdin, "{sent}").is_err() {
            result = Err(format!("the program ended before `{sent}`"));
            break;
        }
        if sent == "quit" || sent == "stop" {
            continue;
        }
        loop {
            let Ok(answer) = answers.recv_timeout(common::HANG) else {
                result = Err(format!("no answer to `{sent}`"));
                break;
            };
            if is_progress(&answer) {
                continue;
            }
            out.push_str(&format!("< {answer}\n"));
            let word = answer.split(' ').next().unwrap_or("");
            if ["ok", "bestmove", "error"].contains(&word) {
                break;
            }
        }
        if result.is_err() {
            break;
        }
    }
    drop(stdin);
    common::end_or_kill(&mut child, program);
    result.map(|()| out)
}

/// Checks one page: runs its blocks, or finds why not.
fn check_page(page: &str, text: &str) -> Outcome {
    let mut outcome = Outcome::default();
    let mut dir: Option<PathBuf> = None;
    for block in blocks(text) {
        let at = format!("{page}:{}", block.line);
        let marker = block.marker.as_deref().unwrap_or("");
        if let Some(reason) = marker.strip_prefix("not run:") {
            if reason.trim().len() < 10 {
                outcome
                    .failures
                    .push(format!("{at}: `not run:` needs a reason"));
            }
            continue;
        }
        if let Some(path) = marker.strip_prefix("excerpt:") {
            let path = path.trim();
            match fs::read_to_string(root().join(path)) {
                Ok(source) if is_excerpt(&block.body, &source) => {}
                Ok(_) => outcome
                    .failures
                    .push(format!("{at}: the block is not part of {path} (any more)")),
                Err(e) => outcome.failures.push(format!("{at}: {path}: {e}")),
            }
            continue;
        }
        let lang = block.lang.split(',').next().unwrap_or("");
        let mut workdir = || dir.get_or_insert_with(|| page_dir(page)).clone();
        match lang {
            "sh" | "bash" => {
                for line in command_lines(&block.body) {
                    match argv(&line) {
                        Ok(argv) => {
                            let (ok, _, stderr) = run(&workdir(), &argv, "");
                            if !ok {
                                outcome
                                    .failures
                                    .push(format!("{at}: `{line}` failed:\n{stderr}"));
                            }
                        }
                        Err(why) => outcome.failures.push(format!("{at}: {why}")),
                    }
                }
            }
            "text" if block.body.starts_with("$ ") => {
                transcript(&workdir(), &at, &block, &mut outcome);
            }
            "text"
                if block.body.lines().any(|l| l.starts_with("> "))
                    || !repl_commands(&block.body).is_empty() =>
            {
                outcome.failures.push(format!(
                    "{at}: a session needs its command: start the block with `$ COMMAND`"
                ));
            }
            "text" | "toml" | "json" | "yaml" | "dockerfile" => {}
            "rust" => {
                let lib = fs::read_to_string(root().join("cli/src/lib.rs")).unwrap();
                if !lib.contains(&format!("include_str!(\"../../{page}\")")) {
                    outcome.failures.push(format!(
                        "{at}: a rust block is compiled where cli/src/lib.rs includes its page \
                         as doctests, or marked `<!-- excerpt: PATH -->`"
                    ));
                }
            }
            "python" => {
                // Python's test suite (`.ci/python.sh`) runs them.
                let tests = fs::read_to_string(root().join("python/tests/test_docs.py"))
                    .expect("python/tests/test_docs.py runs the python blocks");
                if !tests.contains(&format!("\"{page}\"")) {
                    outcome.failures.push(format!(
                        "{at}: python blocks run from python/tests/test_docs.py, which must name {page}"
                    ));
                }
            }
            "" => outcome.failures.push(format!(
                "{at}: the block needs a language (sh, text, rust, toml, ...)"
            )),
            other => outcome
                .failures
                .push(format!("{at}: no rule for `{other}` blocks")),
        }
    }
    if let Some(dir) = dir {
        let _ = fs::remove_dir_all(dir);
    }
    outcome
}

#[test]
fn every_block_is_run_or_says_why() {
    let pages = pages();
    assert!(pages.len() > 10, "{pages:?}");
    // Pages are independent: check them side by side.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = pages
            .iter()
            .map(|page| {
                scope.spawn(move || {
                    let path = root().join(page);
                    let mut text = fs::read_to_string(&path).unwrap();
                    let mut outcome = check_page(page, &text);
                    if !outcome.rewrites.is_empty() {
                        outcome.rewrites.sort_by_key(|(range, _)| range.start);
                        for (range, actual) in outcome.rewrites.iter().rev() {
                            text.replace_range(range.clone(), actual);
                        }
                        fs::write(&path, text).unwrap();
                    }
                    outcome.failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{}\n\nIf an output change is intended: \
         TABULA_BLESS=1 cargo test --workspace --test it -- docs::",
        failures.join("\n\n")
    );
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A page's text outside its fenced blocks and inline code.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.trim().starts_with("```") {
            inside = !inside;
            continue;
        }
        if !inside {
            let mut code = false;
            for part in line.split('`') {
                if !code {
                    out.push_str(part);
                }
                code = !code;
            }
            out.push('\n');
        }
    }
    out
}

/// The anchors a page's headings make.
fn anchors(text: &str) -> BTreeSet<String> {
    prose_with_code_headings(text)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

/// Headings keep their inline code (`tabula solve` is part of the anchor).
fn prose_with_code_headings(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.trim().starts_with("```") {
            inside = !inside;
        } else if !inside {
            out.push_str(&line.replace('`', ""));
            out.push('\n');
        }
    }
    out
}

/// The targets of a page's links: `[text](target)`.
fn links(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// The README fits on a screen or two and points into docs/ for the rest
/// (as the READMEs of the projects we measure ourselves against do).
#[test]
fn the_readme_stays_short() {
    let lines = fs::read_to_string(root().join("README.md"))
        .unwrap()
        .lines()
        .count();
    assert!(
        lines <= 150,
        "README.md has {lines} lines: move detail into docs/ (at most 150)"
    );
}

#[test]
fn every_relative_link_resolves() {
    let mut failures = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(root().join(&page)).unwrap();
        let base = root().join(&page).parent().unwrap().to_path_buf();
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                root().join(&page)
            } else {
                base.join(file)
            };
            if !target.exists() {
                failures.push(format!("{page}: ({link}): no such file"));
                continue;
            }
            if !fragment.is_empty() && target.extension().is_some_and(|e| e == "md") {
                let target_text = fs::read_to_string(&target).unwrap();
                if !anchors(&target_text).contains(fragment) {
                    failures.push(format!("{page}: ({link}): no such heading"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The subcommands `tabula --help` (or `tabula SUBCOMMAND --help`) lists
/// under `Commands:`, as clap writes them, `help` aside.
fn subcommands(args: &[&str]) -> Vec<String> {
    let run = common::tabula(&[args, &["--help"]].concat(), "");
    assert!(run.ok, "{}", run.stderr);
    run.stdout
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// docs/usage.md's command table has a row for every subcommand the
/// program has, and for `tabula arena`'s own (README says it covers them).
#[test]
fn the_usage_table_names_every_subcommand() {
    let text = fs::read_to_string(root().join("docs/usage.md")).unwrap();
    let table: String = text
        .split("## The command line")
        .nth(1)
        .expect("usage.md has `## The command line`")
        .lines()
        .take_while(|l| l.is_empty() || l.starts_with('|'))
        .collect::<Vec<_>>()
        .join("\n");
    let mut commands: Vec<String> = subcommands(&[]);
    assert!(commands.len() >= 10, "{commands:?}");
    commands.extend(
        subcommands(&["arena"])
            .into_iter()
            .map(|sub| format!("arena {sub}")),
    );
    let missing: Vec<&String> = commands
        .iter()
        .filter(|command| !table.contains(&format!("`tabula {command}")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/usage.md's command table has no row for {missing:?}"
    );
}

/// `pattern` matches `text` where `...` stands for any run of text.
fn matches_elided(pattern: &str, text: &str) -> bool {
    let mut rest = text;
    let parts: Vec<&str> = pattern.split("...").collect();
    for (i, part) in parts.iter().enumerate() {
        let found = match i {
            0 => rest.starts_with(part).then_some(0),
            _ if i == parts.len() - 1 => rest.ends_with(part).then(|| rest.len() - part.len()),
            _ => rest.find(part),
        };
        match found {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    parts.len() > 1 || rest.is_empty()
}

/// docs/protocol.md's notation table has a row for every registered game,
/// with a move the game reads and its start position's text (`...` may
/// stand for a repeated part).
#[test]
fn the_protocol_gives_every_games_notation() {
    let text = fs::read_to_string(root().join("docs/protocol.md")).unwrap();
    let registry = tabula_games::registry();
    let mut failures = Vec::new();
    for name in registry.names() {
        let Some(row) = text
            .lines()
            .find(|l| l.starts_with(&format!("| `{name}` |")))
        else {
            failures.push(format!("{name}: no row"));
            continue;
        };
        let cells: Vec<&str> = row.split(" | ").collect();
        let code = |cell: &str| -> Vec<String> {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        let start = registry.create(&name).unwrap();
        let (notation, position) = (cells.get(1).copied(), cells.get(2).copied());
        if !notation.is_some_and(|n| code(n).iter().any(|mv| start.parse_action(mv).is_ok())) {
            failures.push(format!("{name}: no move the game reads in {notation:?}"));
        }
        let shown = position.and_then(|p| code(p).into_iter().next());
        if !shown
            .as_deref()
            .is_some_and(|p| matches_elided(p, &start.position()))
        {
            failures.push(format!(
                "{name}: the start position is `{}`, the table says {shown:?}",
                start.position()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn elided_patterns_match_only_what_they_elide() {
    assert!(matches_elided("a/.../c", "a/b/b/c"));
    assert!(matches_elided("abc", "abc"));
    assert!(!matches_elided("abc", "abcd"));
    assert!(!matches_elided("a/.../d", "a/b/c"));
}

/// The folders tournaments and studies write: each example names its own, so that
/// following one page after another never finds a folder taken.
#[test]
fn every_example_tournament_writes_a_folder_of_its_own() {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut failures = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(root().join(&page)).unwrap();
        for block in blocks(&text) {
            let lines = match block.lang.as_str() {
                "sh" | "bash" => command_lines(&block.body),
                // An experiment file's `out = "DIR"`, as the option it stands for.
                "toml" => block
                    .body
                    .lines()
                    .filter_map(|l| l.strip_prefix("out = "))
                    .map(|out| format!("tabula arena --out {out}"))
                    .collect(),
                "text" => command_lines(&block.body)
                    .into_iter()
                    .filter_map(|l| l.strip_prefix("$ ").map(str::to_string))
                    .collect(),
                _ => continue,
            };
            for line in lines {
                let words = shlex::split(&line).unwrap_or_default();
                let writes = words.iter().any(|w| w == "arena" || w == "study");
                if !writes || words.iter().any(|w| w == "--resume") {
                    continue;
                }
                let out = words.windows(2).find(|w| w[0] == "--out");
                if let Some(out) = out {
                    let at = format!("{page}:{}", block.line);
                    if let Some(first) = seen.insert(out[1].clone(), at.clone()) {
                        failures.push(format!("{at} and {first} both write {}", out[1]));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn timings_are_masked_and_nothing_else() {
    assert_eq!(
        mask_timings("in 0.36 s, 12 s left, 3.5 s"),
        "in _ s, 12 s left, _ s"
    );
    assert_eq!(
        mask_protocol("info time=23 iterations=5000"),
        "info time=_ iterations=5000"
    );
}

#[test]
fn an_excerpt_may_skip_but_not_change() {
    let source = "fn f() {\n    let a = 1;\n    let b = 2;\n    let c = 3;\n}\n";
    assert!(is_excerpt(
        "fn f() {\n    let a = 1; // one\n    ...\n    let c = 3;\n}\n",
        source
    ));
    assert!(!is_excerpt("fn f() {\n    let a = 2;\n}\n", source));
    assert!(!is_excerpt("let c = 3;\n...\nlet a = 1;\n", source));
}

#[test]
fn an_unmarked_command_is_found() {
    let page = "```sh\ncargo publish\n```\n\n```\nplain\n```\n\n\
                ```text\ndiffusion [South]> D\n```\n\n```text\na board, not a command\n```\n";
    let outcome = check_page("nowhere.md", page);
    assert_eq!(outcome.failures.len(), 3, "{:?}", outcome.failures);
    let marked = "<!-- not run: publishing is for maintainers -->\n```sh\ncargo publish\n```\n";
    assert!(check_page("nowhere.md", marked).failures.is_empty());
}

#[test]
fn a_transcript_that_drifted_is_found() {
    let page = "```text\n$ printf 'new diffusion\\n' | tabula play\nnew game: differo\n```\n";
    let outcome = check_page("nowhere.md", page);
    // Blessing rewrites the block instead of failing.
    let found = outcome.failures.len() + outcome.rewrites.len();
    assert_eq!(found, 1, "{:?}", outcome.failures);
    let right = "```text\n$ printf 'new diffusion\\n' | tabula play\nnew game: diffusion\n```\n";
    let outcome = check_page("nowhere.md", right);
    assert!(outcome.failures.is_empty() && outcome.rewrites.is_empty());
}
