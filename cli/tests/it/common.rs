//! What the CLI tests share: running the `tabula` binary, scratch folders,
//! reading a results folder without its timings, the width-4 database, and
//! a tiny seeded generator.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;

/// One run's output.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub ok: bool,
}

/// Runs `tabula ARGS` with `stdin` piped in.
pub fn tabula(args: &[&str], stdin: &str) -> Run {
    tabula_in(Path::new("."), args, stdin)
}

/// Runs `tabula ARGS` in directory `dir` with `stdin` piped in.
pub fn tabula_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        ok: output.status.success(),
    }
}

/// A path of this test run's own under the temporary folder, with nothing
/// there yet: a results folder or a file. Names are unique across the
/// binary's modules.
pub fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabula-cli-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&path);
    let _ = fs::remove_file(&path);
    path
}

/// Removes the fields that change from run to run (timings), everywhere.
pub fn strip_timings(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("seconds_per_move");
            map.remove("seconds");
            map.values_mut().for_each(strip_timings);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_timings),
        _ => {}
    }
}

/// The complete (newline-terminated) records of games.jsonl by schedule
/// index, without timings; fails on a duplicate.
pub fn records(out: &Path) -> BTreeMap<u64, Value> {
    records_allowing(out, false)
}

/// [`records`], allowing identical duplicates when `duplicates` (the kill
/// loop injects them; the next resume that gets far enough removes them).
/// A last line without its newline counts when it is a whole record
/// (resume adds the newline), and is torn otherwise.
pub fn records_allowing(out: &Path, duplicates: bool) -> BTreeMap<u64, Value> {
    let bytes = fs::read(out.join("games.jsonl")).unwrap_or_default();
    let mut by_index = BTreeMap::new();
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let parsed = serde_json::from_slice::<Value>(line);
        if line.last() != Some(&b'\n') && parsed.is_err() {
            break;
        }
        let mut record: Value = parsed.expect("a complete line parses");
        strip_timings(&mut record);
        let index = record["index"].as_u64().unwrap();
        match by_index.insert(index, record.clone()) {
            None => {}
            Some(first) if duplicates => assert_eq!(first, record, "index {index}"),
            Some(_) => panic!("index {index} twice"),
        }
    }
    by_index
}

/// A JSON file of a results folder.
pub fn read_json(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// An SVG file the program wrote, checked to be a well-formed `<svg>`
/// document, and the text of its `<text>` and `<title>` elements (what a
/// reader sees, unescaped).
pub fn read_svg(path: &Path) -> (String, Vec<String>) {
    let svg = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("{} is not well-formed ({e}):\n{svg}", path.display()));
    assert_eq!(
        doc.root_element().tag_name().name(),
        "svg",
        "{}",
        path.display()
    );
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") || n.has_tag_name("title"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    (svg, texts)
}

/// summary.json without its timings.
pub fn summary(out: &Path) -> Value {
    let mut summary = read_json(&out.join("summary.json"));
    strip_timings(&mut summary);
    summary
}

/// The width-4 Diffusion database, built by `tabula solve` once per test
/// binary and shared by every test that needs it.
pub fn width4_db() -> &'static str {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let path = scratch("w4.db");
        let run = tabula(
            &[
                "solve",
                "diffusion(width=4)",
                "--db",
                path.to_str().unwrap(),
            ],
            "",
        );
        assert!(run.ok, "{}", run.stderr);
        assert!(run.stdout.contains("solved in"), "{}", run.stdout);
        assert!(run.stdout.contains("peak memory"), "{}", run.stdout);
        assert!(run.stdout.contains("database 1.9 MB"), "{}", run.stdout);
        assert!(
            run.stdout.contains("start diffusion(width=4)"),
            "{}",
            run.stdout
        );
        path
    })
    .to_str()
    .unwrap()
}

/// How long a poll waits for what a live process must eventually do. Only
/// a guard against a hang: a loaded machine is slower, never this slow.
pub const HANG: Duration = Duration::from_secs(300);

/// Polls `done` every few milliseconds until it holds; fails naming `what`
/// if the program hangs ([`HANG`]).
pub fn poll_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + HANG;
    while !done() {
        assert!(Instant::now() < deadline, "hung waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits for `child` to end; kills it and fails naming `what` if it hangs
/// ([`HANG`]).
pub fn end_or_kill(child: &mut std::process::Child, what: &str) {
    let deadline = Instant::now() + HANG;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("{what} hung");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// SplitMix64: a tiny seeded generator, so that generated input is the
/// same every run.
pub struct Rand(pub u64);

impl Rand {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}
