//! Game records in files: a saved game, or one record of a file with one
//! per line such as a tournament's `games.jsonl`.

use std::path::Path;

use tabula::files::Lines;
use tabula::{excerpt, GameRecord};

use crate::SessionError;

/// The file `path` names a record in, as messages show it: `games.jsonl#3`.
pub fn record_name(path: &Path, index: Option<usize>) -> String {
    match index {
        Some(n) => format!("{}#{n}", path.display()),
        None => path.display().to_string(),
    }
}

/// Record `index` (from 1; `None`: the only one) of the file at `path`.
pub fn read_record(path: &Path, index: Option<usize>) -> Result<GameRecord, SessionError> {
    let text = nth_line(path, index).map_err(SessionError::RecordFile)?;
    GameRecord::from_json(text.trim()).map_err(|error| SessionError::InFile {
        file: record_name(path, index),
        error: Box::new(error.into()),
    })
}

/// Whether `line` is one JSON object: what every record line is.
fn is_json_object(line: &[u8]) -> bool {
    // A file saved by an editor that marks UTF-8 starts with a byte order mark.
    let line = line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line);
    matches!(
        serde_json::from_slice::<serde_json::Value>(line),
        Ok(serde_json::Value::Object(_))
    )
}

/// Line `n` (from 1; `None`: the only one) of a file with one record per
/// line, read a line at a time so that a large `games.jsonl` costs one
/// line of memory; blank lines do not count.
fn nth_line(path: &Path, n: Option<usize>) -> Result<String, String> {
    let shown = excerpt(&path.display().to_string());
    let mut lines = Lines::open(path).map_err(|e| excerpt(&e))?;
    let mut count = 0;
    let mut chosen = None;
    while let Some(l) = lines.next_line().map_err(|e| excerpt(&e))? {
        if l.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        count += 1;
        if count == 1 && !is_json_object(&l.bytes) {
            // Said once, before counting "records" in a README or a log.
            return Err(format!(
                "{shown} is not a Tabula record file: its first line is no JSON object \
                 (records are the one-line JSON that `save` and a tournament's games.jsonl write)"
            ));
        }
        match n {
            Some(n) if n == count => {
                return String::from_utf8(l.bytes)
                    .map_err(|_| format!("{shown} record {n} is not UTF-8 text"))
            }
            None if count == 2 => break,
            None => chosen = Some(l.bytes),
            Some(_) => {}
        }
    }
    match (n, count) {
        (None, 0) => Err(format!("{shown} is empty")),
        (None, 1) => String::from_utf8(chosen.unwrap_or_default())
            .map_err(|_| format!("{shown} is not UTF-8 text")),
        (None, _) => {
            // Count them all to say how many there are.
            while let Some(l) = lines.next_line().map_err(|e| excerpt(&e))? {
                if !l.bytes.iter().all(u8::is_ascii_whitespace) {
                    count += 1;
                }
            }
            Err(format!(
                "{shown} holds {count} records; pick one with {shown}#N (1 to {count})"
            ))
        }
        (Some(n), count) => Err(format!("{shown} holds {count} records, not {n}")),
    }
}
