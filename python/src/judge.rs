//! Judging play against a solved game's database (the `tabula-judge`
//! library, as `tabula analyse` uses it): a tournament's report, and one
//! recorded game move by move, as JSON text. `tabula.analyse` and
//! `tabula.judge_game` are the friendly wrappers.

use std::path::PathBuf;

use pyo3::prelude::*;
use tabula::GameRecord;
use tabula_judge::Database;

use crate::{registry, value_error};

/// Judges every record of `results` (a tournament's folder, or its
/// `games.jsonl`) of the game and variant the database at `db` covers, as
/// `tabula analyse` does, and returns the report (the JSON text of
/// `accuracy.json`); with `out`, writes `accuracy.json` and
/// `accuracy.svg` there too. The GIL is released while it works.
#[pyfunction]
#[pyo3(signature = (results, db, out=None))]
pub fn analyse_report(
    py: Python<'_>,
    results: PathBuf,
    db: PathBuf,
    out: Option<PathBuf>,
) -> PyResult<String> {
    py.detach(|| {
        let games = match results.is_dir() {
            true => results.join("games.jsonl"),
            false => results,
        };
        let database = Database::open(registry(), &db)?;
        let report = tabula_judge::analyse(&database, &games)?;
        if let Some(out) = out {
            report.write(&out)?;
        }
        Ok(report.json())
    })
    .map_err(|e: tabula_judge::JudgeError| value_error(e))
}

/// Judges every move of `record` (a game record's JSON text: a line of
/// `games.jsonl`, or a game the REPL saved) against the database at `db`,
/// and returns the judged game as JSON text.
#[pyfunction]
pub fn judge_record(py: Python<'_>, record: &str, db: PathBuf) -> PyResult<String> {
    py.detach(|| {
        let record = GameRecord::from_json(record)?;
        let database = Database::open(registry(), &db)?;
        Ok(database.judge_game(&record)?.json())
    })
    .map_err(|e: tabula_judge::JudgeError| value_error(e))
}
