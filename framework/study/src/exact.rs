//! Exact values, where a solver covers a variant: the start's value for
//! the first player with its distance (win/loss tables: Diffusion) or its
//! final margin (margin tables: Kalah), and the **forgiveness** of the
//! start, the share of first moves that keep that value. A table is read
//! from a database given with `--db`, or solved in memory when it holds at
//! most `--exact-positions` positions.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tabula::solve::margin::{is_margin_database, MarginTable};
use tabula::solve::{Entry, Table, Value};
use tabula::{AnyGame, Registry};

use super::settings::Settings;

/// The start of a variant, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exact {
    /// `win/loss` or `margin`.
    pub kind: String,
    /// The table's identity.
    pub table: String,
    /// `solved in memory`, or the database's path.
    pub source: String,
    /// The start's value for the first player: `win`, `loss` or `draw`.
    pub value: String,
    /// Plies to the end with best play (win/loss tables).
    pub distance: Option<u32>,
    /// The final margin (its score less the other's) the first player
    /// secures (margin tables).
    pub margin: Option<i32>,
    /// Every first move with its value for the first player.
    pub moves: Vec<ExactMove>,
    /// The share of first moves that keep the start's value (its margin,
    /// in a margin table).
    pub forgiveness: f64,
    /// In a margin table, the share of first moves that keep the result
    /// (a win, a draw or a loss), whatever the margin.
    pub keeps_result: Option<f64>,
}

/// A first move, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExactMove {
    pub mv: String,
    pub value: String,
    pub distance: Option<u32>,
    pub margin: Option<i32>,
    /// Whether it keeps the start's value.
    pub keeps: bool,
}

impl Exact {
    /// `win in 53`, `loss in 20`, `draw`, `+8`.
    pub fn text(&self) -> String {
        match (self.margin, self.distance) {
            (Some(m), _) => format!("{m:+}"),
            (None, Some(d)) => format!("{} in {d}", self.value),
            (None, None) => self.value.clone(),
        }
    }
}

/// Where a variant's exact values can come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// No table: why not.
    Unavailable(String),
    /// A win/loss table, from a database or solved in memory.
    WinLoss(Option<PathBuf>),
    /// A margin table, from a database or solved in memory.
    Margin(Option<PathBuf>),
}

/// Where the exact values of `start` can come from under `settings`.
pub fn source(registry: &Registry, start: &dyn AnyGame, settings: &Settings) -> Source {
    let name = start.name();
    if let Some(solver) = registry.margin_solver(name) {
        // Only regular files: a FIFO named in a study's settings would hang.
        let db = settings.dbs.iter().filter(|db| db.is_file()).find(|db| {
            is_margin_database(db)
                && MarginTable::read_identity(db).is_ok_and(|id| solver.covered(&id, start))
        });
        if let Some(db) = db {
            return Source::Margin(Some(db.clone()));
        }
        return match solver.estimate(start).map(|e| e.positions) {
            Ok(n) if n <= settings.exact_positions => Source::Margin(None),
            Ok(n) => too_large(n, settings),
            Err(e) => Source::Unavailable(e),
        };
    }
    if let Some(solver) = registry.solver(name) {
        let identity = match solver.identity(start) {
            Ok(identity) => identity,
            Err(e) => return Source::Unavailable(e),
        };
        let db = settings.dbs.iter().filter(|db| db.is_file()).find(|db| {
            !is_margin_database(db)
                && Table::read_identity(db).is_ok_and(|(id, complete)| complete && id == identity)
        });
        if let Some(db) = db {
            return Source::WinLoss(Some(db.clone()));
        }
        return match identity.positions <= settings.exact_positions {
            true => Source::WinLoss(None),
            false => too_large(identity.positions, settings),
        };
    }
    Source::Unavailable(format!("{name} has no exact solver"))
}

fn too_large(positions: u64, settings: &Settings) -> Source {
    Source::Unavailable(format!(
        "its table of {positions} positions is over --exact-positions {}; give its database with --db",
        settings.exact_positions
    ))
}

/// The exact values of `start` from `source` (not [`Source::Unavailable`]).
pub fn compute(registry: &Registry, start: &dyn AnyGame, source: &Source) -> Result<Exact, String> {
    let name = start.name();
    match source {
        Source::Unavailable(why) => Err(why.clone()),
        Source::WinLoss(db) => {
            let solver = registry.solver(name).ok_or("no win/loss solver")?;
            let table = match db {
                Some(path) => Table::shared(path).map_err(|e| e.to_string())?,
                None => {
                    std::sync::Arc::new(solver.solve(start, None, None).map_err(|e| e.to_string())?)
                }
            };
            let analysis = solver.analyse(&table, start)?;
            let keeps = |e: &Entry| e.value == analysis.entry.value;
            let moves: Vec<ExactMove> = analysis
                .moves
                .iter()
                .map(|(mv, entry)| ExactMove {
                    mv: mv.clone(),
                    value: entry.value.to_string(),
                    distance: entry.plies,
                    margin: None,
                    keeps: keeps(entry),
                })
                .collect();
            Ok(Exact {
                kind: "win/loss".to_string(),
                table: table.identity().to_string(),
                source: describe(db.as_deref()),
                value: analysis.entry.value.to_string(),
                distance: analysis.entry.plies,
                margin: None,
                forgiveness: share(&moves, |m| m.keeps),
                keeps_result: None,
                moves,
            })
        }
        Source::Margin(db) => {
            let solver = registry.margin_solver(name).ok_or("no margin solver")?;
            let table = match db {
                Some(path) => solver.load(path, start)?,
                None => solver.solve(start, None)?,
            };
            let analysis = solver.analyse(&table, start)?;
            let result = |m: i32| match m.signum() {
                1 => Value::Win,
                -1 => Value::Loss,
                _ => Value::Draw,
            };
            let moves: Vec<ExactMove> = analysis
                .moves
                .iter()
                .map(|(mv, margin)| ExactMove {
                    mv: mv.clone(),
                    value: result(*margin).to_string(),
                    distance: None,
                    margin: Some(*margin),
                    keeps: *margin == analysis.margin,
                })
                .collect();
            let start_result = result(analysis.margin).to_string();
            Ok(Exact {
                kind: "margin".to_string(),
                table: solver.describe(start)?,
                source: describe(db.as_deref()),
                value: start_result.clone(),
                distance: None,
                margin: Some(analysis.margin),
                forgiveness: share(&moves, |m| m.keeps),
                keeps_result: Some(share(&moves, |m| m.value == start_result)),
                moves,
            })
        }
    }
}

fn describe(db: Option<&Path>) -> String {
    db.map_or("solved in memory".to_string(), |p| p.display().to_string())
}

/// The share of `moves` that `keep` holds for (0 without moves).
fn share(moves: &[ExactMove], keep: impl Fn(&ExactMove) -> bool) -> f64 {
    let kept = moves.iter().filter(|m| keep(m)).count();
    if moves.is_empty() {
        0.0
    } else {
        kept as f64 / moves.len() as f64
    }
}
