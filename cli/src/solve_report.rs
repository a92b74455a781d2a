//! What `tabula solve` prints for both kinds of table: sizes for people,
//! the peak memory, and the answers to queries.

use std::path::Path;
use std::time::Instant;

use serde_json::Value;
use tabula::AnyGame;

use crate::out::outln;

/// The process's peak resident memory (`VmHWM`), in bytes, where the
/// system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// `1,679,616`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `2.18 GB`, `512 MB`.
fn megabytes(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.2} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
}

/// The positions `queries` (position texts of `game`), every one checked
/// before anything is built or printed.
pub fn queried(game: &dyn AnyGame, queries: &[String]) -> Result<Vec<Box<dyn AnyGame>>, String> {
    queries
        .iter()
        .map(|text| game.with_position(text).map_err(|e| e.to_string()))
        .collect()
}

/// Prints `answer` for each queried position, one JSON line each, once
/// every answer is in: a position the table cannot answer (beyond a
/// partial table) prints nothing at all.
pub fn print_answers(
    positions: &[Box<dyn AnyGame>],
    answer: impl Fn(&dyn AnyGame) -> Result<Value, String>,
) -> Result<(), String> {
    let answers = positions
        .iter()
        .map(|p| answer(p.as_ref()))
        .collect::<Result<Vec<_>, String>>()?;
    for answer in answers {
        outln!("{answer}");
    }
    Ok(())
}

/// The threads a solver works on: one per core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How `tabula solve` prints its report: on stdout, or on stderr when
/// stdout carries the queries' JSON lines.
pub fn reporter(queries: bool) -> impl Fn(String) {
    move |line| match queries {
        true => eprintln!("{line}"),
        false => outln!("{line}"),
    }
}

/// The table in the database `db` when the file exists (`load` checks it
/// is the game's), else one built by `build` and saved there when given:
/// either way reported, with the time it took and the size.
pub fn load_or_build<T>(
    db: Option<&Path>,
    report: &dyn Fn(String),
    load: impl FnOnce(&Path) -> Result<T, String>,
    starting: String,
    build: impl FnOnce() -> Result<T, String>,
    save: impl FnOnce(&T, &Path) -> Result<u64, String>,
) -> Result<T, String> {
    match db {
        Some(path) if path.exists() => {
            let started = Instant::now();
            let table = load(path)?;
            report(format!(
                "loaded {} ({}) in {:.1} s",
                path.display(),
                megabytes(std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)),
                started.elapsed().as_secs_f64()
            ));
            Ok(table)
        }
        path => build_and_save(path, report, starting, build, save),
    }
}

/// Builds a table with `build` and saves it to `path` when given (making
/// its folder first, so a bad path fails before the work), reporting
/// `starting`, then the time, the peak memory and the file's size.
fn build_and_save<T>(
    path: Option<&Path>,
    report: &dyn Fn(String),
    starting: String,
    build: impl FnOnce() -> Result<T, String>,
    save: impl FnOnce(&T, &Path) -> Result<u64, String>,
) -> Result<T, String> {
    if let Some(parent) = path.and_then(Path::parent) {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
    }
    report(starting);
    let started = Instant::now();
    let table = build()?;
    let seconds = started.elapsed().as_secs_f64();
    let peak = peak_memory().map_or("unknown".to_string(), megabytes);
    let saved = match path {
        Some(path) => {
            let bytes = save(&table, path)?;
            format!(", database {} ({})", megabytes(bytes), path.display())
        }
        None => String::new(),
    };
    report(format!(
        "solved in {seconds:.1} s, peak memory {peak}{saved}"
    ));
    Ok(table)
}
