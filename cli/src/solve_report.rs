//! What `tabula solve` prints for both kinds of table: sizes for people,
//! the peak memory, and the answers to queries.

use serde_json::Value;
use tabula::AnyGame;

/// The process's peak resident memory (`VmHWM`), in bytes, where the
/// system tells it.
pub fn peak_memory() -> Option<u64> {
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
pub fn megabytes(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.2} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
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
        println!("{answer}");
    }
    Ok(())
}

/// The threads a solver works on: one per core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
