//! A solved game's database opened for judging: either kind of table,
//! answering a position's exact values through the registry's solver.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use tabula::solve::margin::{is_margin_database, MarginIdentity, MarginSolver, MarginTable};
use tabula::solve::{Solver, Table};
use tabula::{AnyGame, GameRecord, Registry};

use crate::exact::Exact;
use crate::game::{judge_game, JudgedGame};
use crate::JudgeError;

/// A database file, opened: a win/loss table (memory-mapped, shared with
/// every agent of the process using the same file) or a score-margin
/// table (Kalah; loaded at the first position asked for, since loading
/// checks it against a position of its variant).
pub struct Database {
    path: PathBuf,
    registry: Registry,
    table: Kind,
}

enum Kind {
    Results(Arc<Table>),
    Margins {
        identity: MarginIdentity,
        table: OnceLock<Arc<MarginTable>>,
    },
}

impl Database {
    /// Opens the database at `path`, of either kind (the file's first
    /// bytes tell which); refused when it is no sound database or solves a
    /// game `registry` has no solver for.
    pub fn open(registry: &Registry, path: &Path) -> Result<Database, JudgeError> {
        let table = if is_margin_database(path) {
            let identity = MarginTable::read_identity(path)?;
            if registry.margin_solver(&identity.game).is_none() {
                return Err(JudgeError::UnknownGame {
                    solves: identity.to_string(),
                });
            }
            Kind::Margins {
                identity,
                table: OnceLock::new(),
            }
        } else {
            let table = Table::shared(path)?;
            if registry.solver(&table.identity().game).is_none() {
                return Err(JudgeError::UnknownGame {
                    solves: table.identity().to_string(),
                });
            }
            Kind::Results(table)
        };
        Ok(Database {
            path: path.to_path_buf(),
            registry: registry.clone(),
            table,
        })
    }

    /// The registry whose solvers read it (and whose rules replay the
    /// games it judges).
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The file it was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether it is a score-margin table (Kalah) rather than a win/loss one.
    pub fn by_margin(&self) -> bool {
        matches!(self.table, Kind::Margins { .. })
    }

    /// What it solves: `diffusion(width=4,blocks=halves), 1679616
    /// positions`, or `kalah(pits=3,empty_capture=on) up to 12 seeds, by
    /// score margin`.
    pub fn solves(&self) -> String {
        match &self.table {
            Kind::Results(table) => table.identity().to_string(),
            Kind::Margins { identity, .. } => format!("{identity}, by score margin"),
        }
    }

    fn solver(&self) -> &dyn Solver {
        let Kind::Results(table) = &self.table else {
            unreachable!("asked only of a win/loss table")
        };
        self.registry
            .solver(&table.identity().game)
            .expect("checked when opened")
    }

    fn margin_solver(&self, identity: &MarginIdentity) -> &dyn MarginSolver {
        self.registry
            .margin_solver(&identity.game)
            .expect("checked when opened")
    }

    /// Whether it covers `game`'s game and variant (every position of it,
    /// for a whole table).
    pub fn covers(&self, game: &dyn AnyGame) -> bool {
        match &self.table {
            Kind::Results(table) => {
                table.identity().game == game.name()
                    && self.solver().identity(game).ok().as_ref() == Some(table.identity())
            }
            Kind::Margins { identity, .. } => {
                identity.game == game.name() && self.margin_solver(identity).covered(identity, game)
            }
        }
    }

    /// The exact value of `game`'s position and of each of its moves;
    /// refused, saying why, for another game or variant, a position
    /// outside the layers the table holds, or a file changed since it was
    /// opened.
    pub fn exact(&self, game: &dyn AnyGame) -> Result<Exact, JudgeError> {
        let refused = |reason: String| {
            JudgeError::NotCovered(format!("{reason} (loaded from {})", self.path.display()))
        };
        match &self.table {
            Kind::Results(table) => {
                table.unchanged()?;
                if table.identity().game != game.name() {
                    return Err(refused(format!(
                        "the database solves {}, not {}",
                        table.identity(),
                        game.spec()
                    )));
                }
                let analysis = self.solver().analyse(table, game).map_err(refused)?;
                Ok(Exact::of_results(analysis))
            }
            Kind::Margins { identity, table } => {
                let solver = self.margin_solver(identity);
                if identity.game != game.name() || !solver.covered(identity, game) {
                    return Err(refused(format!(
                        "the database solves {identity}, not {}",
                        game.spec()
                    )));
                }
                let table = match table.get() {
                    Some(table) => table,
                    None => {
                        // Its error names the file already.
                        let loaded = solver
                            .load(&self.path, game)
                            .map_err(JudgeError::NotCovered)?;
                        table.get_or_init(|| Arc::new(loaded))
                    }
                };
                let analysis = solver.analyse(table, game).map_err(refused)?;
                Ok(Exact::of_margins(analysis))
            }
        }
    }

    /// Every move of `record` judged against this database (see
    /// [`judge_game`]).
    pub fn judge_game(&self, record: &GameRecord) -> Result<JudgedGame, JudgeError> {
        judge_game(&self.registry, record, |state| self.exact(state))
    }
}
