//! Every subcommand that prints, piped into a reader that stops reading
//! (`tabula list | head -1`): it ends quietly, with status 0 or by
//! SIGPIPE, never a panic about a broken pipe. Each runs twice: with the
//! reader gone before the first write (so the write surely fails), and
//! with a reader that takes one line and closes, as `head -1` does.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

use crate::common::{end_or_kill, scratch, tabula, width4_db};

/// One subcommand: its arguments and what it reads on stdin.
struct Case {
    name: &'static str,
    args: Vec<String>,
    stdin: &'static str,
    /// Whether a reader of one line sees all it prints (so only the
    /// reader gone at once is tried): the one-line reader would wait out
    /// its whole work, which says nothing more.
    closed_only: bool,
}

fn case(name: &'static str, args: &[&str], stdin: &'static str) -> Case {
    Case {
        name,
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin,
        closed_only: false,
    }
}

/// How the reader stops.
#[derive(Clone, Copy, Debug)]
enum Reader {
    /// Closed before the program starts writing.
    Gone,
    /// Reads one line, then closes.
    OneLine,
}

/// Runs `tabula ARGS` in `dir` with its output read by `reader`; returns
/// how it ended and what it said on stderr.
fn piped(dir: &Path, case: &Case, reader: Reader) -> (ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&case.args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Gone at once: closed before the program writes anything.
    let stdout = match reader {
        Reader::Gone => None,
        Reader::OneLine => child.stdout.take(),
    };
    drop(child.stdout.take());
    // The input first, and closed: a REPL prints nothing until it reads.
    let mut stdin = child.stdin.take().unwrap();
    let input = case.stdin.to_string();
    let writing = std::thread::spawn(move || {
        use std::io::Write as _;
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stderr = child.stderr.take().unwrap();
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    if let Some(stdout) = stdout {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
    }
    end_or_kill(&mut child, case.name);
    writing.join().unwrap();
    (child.wait().unwrap(), reading.join().unwrap())
}

/// Status 0, or death by SIGPIPE (141 in a shell).
fn quiet(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if status.signal() == Some(13) {
            return true;
        }
    }
    status.success()
}

/// A small tournament's command line, less where its results go.
const ARENA: [&str; 6] = [
    "arena",
    "--games",
    "diffusion(width=4)",
    "--agents",
    "random",
    "random(name=other)",
];

#[test]
fn every_subcommand_ends_quietly_when_its_reader_stops() {
    let dir = scratch("pipes");
    fs::create_dir_all(&dir).unwrap();
    // A tournament to summarise, merge and judge.
    let results = dir.join("results");
    let out = ["--rounds", "2", "--out", results.to_str().unwrap()];
    let run = tabula(&[&ARENA[..], &out].concat(), "");
    assert!(run.ok, "{}", run.stderr);
    let db = width4_db();
    let results = results.to_str().unwrap();
    let cases = [
        case("list", &["list"], ""),
        case("agents", &["agents"], ""),
        case("completions", &["completions", "bash"], ""),
        case("play", &["play"], "new diffusion\nmoves\nshow\nhelp\n"),
        case(
            "bench",
            &["bench", "diffusion(width=4)", "--seconds", "0.05"],
            "",
        ),
        case("arena", &[&ARENA[..], &["--out", "again"]].concat(), ""),
        case("arena summary", &["arena", "summary", results], ""),
        case(
            "arena merge",
            &["arena", "merge", results, "--out", "merged"],
            "",
        ),
        case(
            "engine",
            &["engine", "random"],
            "tabula-engine 1\ngame diffusion\nposition start\ngo\nquit\n",
        ),
        case("perft", &["perft", "diffusion(width=4)", "3"], ""),
        case(
            "solve",
            &[
                "solve",
                "diffusion(width=4)",
                "--db",
                db,
                "--query",
                "2222/2222 A",
            ],
            "",
        ),
        case(
            "analyse",
            &["analyse", results, "--db", db, "--out", "judged"],
            "",
        ),
        Case {
            closed_only: true,
            ..case(
                "train",
                &[
                    "train",
                    "diffusion(width=4)",
                    "--iterations",
                    "1",
                    "--games",
                    "1",
                    "--simulations",
                    "2",
                    "--hidden",
                    "4",
                    "--blocks",
                    "0",
                    "--eval-every",
                    "0",
                    "--out",
                    "trained",
                ],
                "",
            )
        },
        case("new-game", &["new-game", "piped-game", "--dir", "made"], ""),
        case(
            "study",
            &[
                "study",
                "diffusion(width=4)",
                "--vary",
                "stones=1,2",
                "--agent",
                "random",
                "--games",
                "2",
                "--ladder",
                "none",
                "--exact-positions",
                "0",
                "--out",
                "studied",
            ],
            "",
        ),
    ];
    // Every subcommand that prints is here (`serve` prints its address and
    // serves on, whether or not anyone reads it: `serve::` tests it).
    let help = tabula(&["--help"], "").stdout;
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| !["help", "serve"].contains(name))
        .collect();
    assert!(listed.len() >= 10, "{help}");
    for name in listed {
        assert!(
            cases.iter().any(|c| c.args[0] == name),
            "no broken-pipe case for `tabula {name}`"
        );
    }
    let mut failures = Vec::new();
    for case in &cases {
        let readers: &[Reader] = match case.closed_only {
            true => &[Reader::Gone],
            false => &[Reader::Gone, Reader::OneLine],
        };
        for &reader in readers {
            // Each run makes its outputs afresh.
            for made in ["again", "merged", "judged", "trained", "made", "studied"] {
                let _ = fs::remove_dir_all(dir.join(made));
            }
            let (status, stderr) = piped(&dir, case, reader);
            if !quiet(status) || stderr.contains("panicked") || stderr.contains("Broken pipe") {
                failures.push(format!("{} ({reader:?}): {status}\n{stderr}", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = fs::remove_dir_all(&dir);
}
