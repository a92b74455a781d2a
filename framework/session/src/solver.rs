//! Exact values from a solved game's database: the position's value and
//! every legal move's, as the `perfect` agent sees them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula::solve::margin::{MarginSolver, MarginTable};
use tabula::solve::{Entry, Solver, Table};
use tabula::{AnyGame, Registry};
use tabula_judge::{Exact, ExactValue};

use crate::SessionError;

/// The solver of `game`'s game, or why there is none.
pub fn solver_for<'a>(
    registry: &'a Registry,
    game: &dyn AnyGame,
) -> Result<&'a dyn Solver, SessionError> {
    registry
        .solver(game.name())
        .ok_or_else(|| no_solver(game, registry.solvable_names()))
}

/// The margin solver of `game`'s game, or why there is none.
pub fn margin_solver_for<'a>(
    registry: &'a Registry,
    game: &dyn AnyGame,
) -> Result<&'a dyn MarginSolver, SessionError> {
    registry
        .margin_solver(game.name())
        .ok_or_else(|| no_solver(game, registry.margin_solvable_names()))
}

/// `game` has no solver of the kind asked for; `solvable` have one.
pub(crate) fn no_solver(game: &dyn AnyGame, solvable: Vec<&str>) -> SessionError {
    SessionError::NoSolver {
        game: game.name().to_string(),
        solvable: solvable.into_iter().map(str::to_string).collect(),
    }
}

/// Loads the database at `path` (shared with agents using the same file)
/// and checks that it is `game`'s variant's.
pub fn load_table(
    solver: &dyn Solver,
    game: &dyn AnyGame,
    path: &Path,
) -> Result<Arc<Table>, SessionError> {
    let table = Table::shared(path)?;
    let expected = solver.identity(game).map_err(SessionError::Solver)?;
    table.check(&path.display().to_string(), &expected)?;
    Ok(table)
}

/// A database loaded into a session, with the file it came from.
pub(crate) struct LoadedTable {
    pub path: PathBuf,
    pub table: Arc<Table>,
}

/// A margin database loaded into a session, with the file it came from.
pub(crate) struct LoadedMargins {
    pub path: PathBuf,
    pub table: Arc<MarginTable>,
}

/// The best final margin of a position and of each of its legal moves,
/// for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarginView {
    /// The margin (its store minus the other's at the end) the side to
    /// move secures.
    pub margin: i32,
    /// The legal moves, best first, each with the margin it secures.
    pub moves: Vec<(String, i32)>,
}

impl LoadedMargins {
    /// `game`'s margins, from this table.
    pub fn exact(
        &self,
        solver: &dyn MarginSolver,
        game: &dyn AnyGame,
    ) -> Result<Exact, SessionError> {
        let analysis =
            solver
                .analyse(&self.table, game)
                .map_err(|reason| SessionError::Unsolved {
                    reason,
                    path: self.path.clone(),
                })?;
        Ok(Exact::of_margins(analysis))
    }
}

impl MarginView {
    /// The margins of a score-margin table's `exact` values.
    pub(crate) fn of(exact: Exact) -> MarginView {
        MarginView {
            margin: margin(exact.value),
            moves: exact
                .moves
                .into_iter()
                .map(|m| (m.mv, margin(m.value)))
                .collect(),
        }
    }
}

/// A value a score-margin table gave.
fn margin(value: ExactValue) -> i32 {
    match value {
        ExactValue::Margin(margin) => margin,
        ExactValue::Result(_) => unreachable!("a margin table gives margins"),
    }
}

/// A value a win/loss table gave.
fn entry(value: ExactValue) -> Entry {
    match value {
        ExactValue::Result(entry) => entry,
        ExactValue::Margin(_) => unreachable!("a win/loss table gives results"),
    }
}

/// The exact value of a position and of each of its legal moves, for the
/// side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolverAnalysis {
    /// The position's value.
    pub value: Entry,
    /// The legal moves, best first (faster wins, then draws, then slower
    /// losses), each with the value it keeps.
    pub moves: Vec<MoveValue>,
}

/// One legal move's exact value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValue {
    /// The move, canonical.
    pub mv: String,
    /// Its value for the side to move.
    pub value: Entry,
    /// Whether it keeps the position's value: a move perfect play makes.
    pub best: bool,
}

impl LoadedTable {
    /// `game`'s values, from this table.
    pub fn exact(&self, solver: &dyn Solver, game: &dyn AnyGame) -> Result<Exact, SessionError> {
        self.table.unchanged()?;
        let analysis =
            solver
                .analyse(&self.table, game)
                .map_err(|reason| SessionError::Unsolved {
                    reason,
                    path: self.path.clone(),
                })?;
        Ok(Exact::of_results(analysis))
    }
}

impl SolverAnalysis {
    /// The values of a win/loss table's `exact` values.
    pub(crate) fn of(exact: Exact) -> SolverAnalysis {
        SolverAnalysis {
            value: entry(exact.value),
            moves: exact
                .moves
                .into_iter()
                .map(|m| MoveValue {
                    mv: m.mv,
                    value: entry(m.value),
                    best: m.best,
                })
                .collect(),
        }
    }
}
