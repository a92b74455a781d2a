//! Solving seen through text and by game name, for the command line and
//! the REPL, and the lookup that lets a generic agent find a game's
//! indexing.
//!
//! Agent kinds are compiled for every game type (`build<G: Game>`), so the
//! `perfect` agent cannot ask for `G: Indexed` in its bounds. Instead each
//! indexed game type is registered once ([`register`], which
//! `tabula::RegistryBuilder::solvable` calls),
//! and [`indexer`] finds it by type.

use std::any::{Any, TypeId};
use std::marker::PhantomData;
use std::sync::RwLock;

use super::analysis::{analyse, Analysis};
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
    pub analyse: fn(&Table, &G) -> Option<Analysis<G::Move>>,
}

impl<G: Game> Clone for Indexer<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Indexer<G> {}

/// The identity of the table of `state`'s variant.
pub(crate) fn identity_of<G: Indexed>(state: &G) -> Identity {
    Identity {
        game: G::NAME.to_string(),
        variant: state.variant(),
        positions: state.index_count(),
    }
}

/// The registered indexers, one per game type.
static INDEXERS: RwLock<Vec<(TypeId, Box<dyn Any + Send + Sync>)>> = RwLock::new(Vec::new());

/// Makes `G`'s indexing findable by [`indexer`] (idempotent).
pub fn register<G: Indexed>() {
    let mut indexers = INDEXERS.write().unwrap_or_else(|e| e.into_inner());
    if indexers.iter().all(|(id, _)| *id != TypeId::of::<G>()) {
        let indexer = Indexer::<G> {
            identity: identity_of::<G>,
            analyse: analyse::<G>,
        };
        indexers.push((TypeId::of::<G>(), Box::new(indexer)));
    }
}

/// `G`'s indexing, if `G` was [`register`]ed.
pub fn indexer<G: Game>() -> Option<Indexer<G>> {
    let indexers = INDEXERS.read().unwrap_or_else(|e| e.into_inner());
    indexers
        .iter()
        .find(|(id, _)| *id == TypeId::of::<G>())
        .and_then(|(_, indexer)| indexer.downcast_ref::<Indexer<G>>())
        .copied()
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
        let analysis = analyse(table, state).ok_or_else(|| {
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
