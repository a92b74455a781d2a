//! Solving seen through text and by game name, for the command line and
//! the REPL, and the [`Indexer`] that lets a generic agent use a game's
//! indexing.
//!
//! Agent kinds are compiled for every game type (`build<G: Game>`), so the
//! `perfect` agent cannot ask for `G: Indexed` in its bounds. Instead
//! `tabula::RegistryBuilder::solvable` keeps the game's [`Indexer`] in its
//! registry entry, which hands it to every agent built for the game.

use std::any::Any;
use std::marker::PhantomData;

use super::analysis::{analyse, AnalysisResult};
use super::estimate::{estimate, Estimate};
use super::retrograde::{solve_layers, SolveError, SolveProgress};
use super::table::{Identity, Table};
use super::value::Entry;
use super::Indexed;
use tabula_core::any::{AnyGame, Boxed};
use tabula_core::game::Game;

/// What a typed caller needs of an indexed game it only knows as `G: Game`.
pub struct Indexer<G: Game> {
    /// The identity of the table of `state`'s variant.
    pub identity: fn(&G) -> Identity,
    /// The value of a position and its moves (see [`analyse`]).
    pub analyse: fn(&Table, &G) -> AnalysisResult<G::Move>,
}

impl<G: Game> Clone for Indexer<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Indexer<G> {}

impl<G: Game> Indexer<G> {
    /// The indexing of `I`, seen as a game type `G` that does not promise
    /// `Indexed` in its bounds; `None` when `I` is not `G`.
    pub fn of<I: Indexed>() -> Option<Self> {
        let indexer = Indexer::<I> {
            identity: identity_of::<I>,
            analyse: analyse::<I>,
        };
        (&indexer as &dyn Any).downcast_ref::<Self>().copied()
    }
}

/// The identity of the table of `state`'s variant.
pub(crate) fn identity_of<G: Indexed>(state: &G) -> Identity {
    Identity {
        game: G::NAME.to_string(),
        variant: state.variant(),
        positions: state.index_count(),
    }
}

/// A position's value and its moves' values, with moves as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyAnalysis {
    /// The position's value for its side to move.
    pub entry: Entry,
    /// Each legal move's canonical text and its value for the side to move.
    pub moves: Vec<(String, Entry)>,
}

/// Solving one game, by name and through text: what `tabula solve`, the
/// REPL's `solve` and `tabula analyse` use.
pub trait Solver: Send + Sync {
    /// The game's registry name.
    fn game(&self) -> &'static str;
    /// The identity of the table of `game`'s variant.
    fn identity(&self, game: &dyn AnyGame) -> Result<Identity, String>;
    /// What building the table of `game`'s variant (all of it, or its
    /// first `layers` layers) will take, before it is started.
    fn estimate(&self, game: &dyn AnyGame, layers: Option<usize>) -> Result<Estimate, String>;
    /// Builds the table of `game`'s variant: all of it, or its first
    /// `layers` layers (see [`solve_layers`]).
    fn solve(
        &self,
        game: &dyn AnyGame,
        layers: Option<usize>,
        progress: Option<&(dyn Fn(&SolveProgress) + Sync)>,
    ) -> Result<Table, SolveError>;
    /// The value of `game`'s position and of each of its moves; refused
    /// when `table` is not the table of `game`'s variant.
    fn analyse(&self, table: &Table, game: &dyn AnyGame) -> Result<AnyAnalysis, String>;
}

/// The [`Solver`] of an indexed game type.
pub struct Solvable<G>(PhantomData<fn() -> G>);

impl<G> Default for Solvable<G> {
    fn default() -> Self {
        Solvable(PhantomData)
    }
}

impl<G: Indexed> Solvable<G> {
    fn state<'a>(&self, game: &'a dyn AnyGame) -> Result<&'a G, String> {
        game.as_any()
            .downcast_ref::<Boxed<G>>()
            .map(|boxed| &boxed.state)
            .ok_or_else(|| format!("{} is not a game of {}", game.spec(), G::NAME))
    }
}

impl<G: Indexed> Solver for Solvable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn identity(&self, game: &dyn AnyGame) -> Result<Identity, String> {
        Ok(identity_of(self.state(game)?))
    }

    fn estimate(&self, game: &dyn AnyGame, layers: Option<usize>) -> Result<Estimate, String> {
        estimate(self.state(game)?, layers.unwrap_or(usize::MAX)).map_err(|e| e.to_string())
    }

    fn solve(
        &self,
        game: &dyn AnyGame,
        layers: Option<usize>,
        progress: Option<&(dyn Fn(&SolveProgress) + Sync)>,
    ) -> Result<Table, SolveError> {
        let state = self.state(game).map_err(|reason| SolveError::BadIndexing {
            game: G::NAME.to_string(),
            variant: String::new(),
            reason,
        })?;
        solve_layers(state, layers.unwrap_or(usize::MAX), progress)
    }

    fn analyse(&self, table: &Table, game: &dyn AnyGame) -> Result<AnyAnalysis, String> {
        let state = self.state(game)?;
        let wanted = identity_of(state);
        if *table.identity() != wanted {
            return Err(format!(
                "the database solves {}, not {wanted}",
                table.identity()
            ));
        }
        let analysis = analyse(table, state)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| {
                format!(
                    "the database holds only the first {} layers of {}, not {}",
                    table.layers(),
                    table.identity(),
                    game.position()
                )
            })?;
        Ok(AnyAnalysis {
            entry: analysis.entry,
            moves: analysis
                .moves
                .into_iter()
                .map(|(mv, entry)| (state.format_move(mv), entry))
                .collect(),
        })
    }
}
