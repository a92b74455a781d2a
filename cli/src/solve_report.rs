//! What `tabula solve` prints for both kinds of table: sizes for people,
//! the peak memory, and the answers to queries.

use crate::out::outln;
use std::path::Path;
use std::time::Instant;

use serde_json::Value;
use tabula::solve::Estimate;
use tabula::AnyGame;

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
fn threads() -> usize {
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

/// The largest database `tabula solve` builds and throws away unasked:
/// beyond it a build takes a minute or more (Kalah 5 × 2's 30 MB took
/// 68 s, the full Diffusion table's 2.45 GB 21 minutes), and without
/// `--db` its result would be lost. Larger ones need `--db FILE` to keep
/// the table or `--no-save` to build it anyway.
pub const UNSAVED_LIMIT: u64 = 16_000_000;

/// A table to build when there is no database to load: what it is, what
/// building it takes, and whether the user asked to throw it away.
pub struct Plan {
    /// How the report names it: `diffusion(width=4,blocks=halves)`.
    pub what: String,
    /// What the build will take.
    pub estimate: Estimate,
    /// `--no-save`: build it without `--db`, however large.
    pub no_save: bool,
}

/// The table in the database `db` when the file exists (`load` checks it
/// is the game's), else one built by `build` as `plan` says and saved
/// there when given: either way reported, with the time it took and the
/// size.
pub fn load_or_build<T>(
    db: Option<&Path>,
    report: &dyn Fn(String),
    load: impl FnOnce(&Path) -> Result<T, String>,
    plan: Plan,
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
        path => build_and_save(path, report, plan, build, save),
    }
}

/// Refuses to start a build whose table would be large and lost (no
/// `--db`, no `--no-save`), and one whose `--db` cannot be written: both
/// before the work, never after it.
fn check_kept(path: Option<&Path>, plan: &Plan) -> Result<(), String> {
    let Some(path) = path else {
        let Estimate {
            positions,
            database_bytes,
            memory_bytes,
        } = plan.estimate;
        if database_bytes > UNSAVED_LIMIT && !plan.no_save {
            return Err(format!(
                "solving {} builds a table of {} positions: a database of {}, and about {} \
                 of memory while building; without --db it is thrown away at the end. Give \
                 --db FILE to keep it (the next run loads it), or --no-save to build it anyway",
                plan.what,
                thousands(positions),
                megabytes(database_bytes),
                megabytes(memory_bytes)
            ));
        }
        return Ok(());
    };
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
    }
    tabula::files::write_target(path)
        .map(drop)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Builds a table with `build` and saves it to `path` when given (making
/// its folder first, so a bad path fails before the work), reporting
/// what it is and what it takes, then the time, the peak memory and the
/// file's size.
fn build_and_save<T>(
    path: Option<&Path>,
    report: &dyn Fn(String),
    plan: Plan,
    build: impl FnOnce() -> Result<T, String>,
    save: impl FnOnce(&T, &Path) -> Result<u64, String>,
) -> Result<T, String> {
    check_kept(path, &plan)?;
    report(format!(
        "solving {} on {} threads: {} positions, a database of {}, about {} of memory",
        plan.what,
        threads(),
        thousands(plan.estimate.positions),
        megabytes(plan.estimate.database_bytes),
        megabytes(plan.estimate.memory_bytes)
    ));
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
