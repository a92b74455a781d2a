//! Margin solving by game name and through text, for the command line:
//! the registry keeps one [`MarginSolver`] per game made `scored`, and
//! hands the game's [`Scorer`] to every agent built for it (as it does an
//! `Indexer` for win/loss tables).

use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

use super::db::{MarginDbError, MarginIdentity};
use super::solver::{margin_analysis, solve_margins, MarginAnalysis, MarginTable};
use super::Scored;
use crate::estimate::{margin_estimate, Estimate};
use tabula_core::any::{AnyGame, Boxed};
use tabula_core::game::Game;

/// What a typed caller (the `perfect` agent) needs of a scored game it only
/// knows as `G: Game`.
pub struct Scorer<G: Game> {
    /// The text naming the table `state`'s variant needs.
    pub describe: fn(&G) -> String,
    /// Whether a database of this identity covers `state`'s variant.
    pub covered: fn(&MarginIdentity, &G) -> bool,
    /// The table at a path for `state`'s variant, shared within the process.
    pub shared: fn(&Path, &G) -> Result<Arc<MarginTable>, MarginDbError>,
    /// The margin of a position and of each of its moves.
    pub analyse: fn(&MarginTable, &G) -> Option<MarginAnalysis<G::Move>>,
}

impl<G: Game> Clone for Scorer<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Scorer<G> {}

impl<G: Game> Scorer<G> {
    /// The scoring of `S`, seen as a game type `G` that does not promise
    /// `Scored` in its bounds; `None` when `S` is not `G`.
    pub fn of<S: Scored>() -> Option<Self> {
        let scorer = Scorer::<S> {
            describe: describe_of::<S>,
            covered: |identity, state| identity.covers(state),
            shared: MarginTable::shared::<S>,
            analyse: margin_analysis::<S>,
        };
        (&scorer as &dyn Any).downcast_ref::<Self>().copied()
    }
}

/// The table `state`'s variant needs, in words.
fn describe_of<G: Scored>(state: &G) -> String {
    MarginIdentity::of(state).to_string()
}

/// A position's best margin and each move's, with moves as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyMarginAnalysis {
    /// The final margin the side to move secures (its score minus the
    /// opponent's, stores so far included).
    pub margin: i32,
    /// Each legal move's canonical text and the final margin it secures
    /// for the side to move.
    pub moves: Vec<(String, i32)>,
}

/// Solving one game by margin, by name and through text.
pub trait MarginSolver: Send + Sync {
    /// The game's registry name.
    fn game(&self) -> &'static str;
    /// The text naming the table `game` needs (`kalah(pits=4,…)`).
    fn describe(&self, game: &dyn AnyGame) -> Result<String, String>;
    /// What building the table of `game`'s variant will take, before it
    /// is started.
    fn estimate(&self, game: &dyn AnyGame) -> Result<Estimate, String>;
    /// Builds the table of `game`'s variant, every layer up to its seeds,
    /// calling `progress` with each layer as it starts.
    fn solve(
        &self,
        game: &dyn AnyGame,
        progress: Option<&dyn Fn(u32, u32)>,
    ) -> Result<MarginTable, String>;
    /// Loads the database at `path`, refused unless it covers `game`.
    fn load(&self, path: &Path, game: &dyn AnyGame) -> Result<MarginTable, String>;
    /// Whether a database of `identity` covers `game`'s variant.
    fn covered(&self, identity: &MarginIdentity, game: &dyn AnyGame) -> bool;
    /// The margin of `game`'s position and of each of its moves.
    fn analyse(&self, table: &MarginTable, game: &dyn AnyGame)
        -> Result<AnyMarginAnalysis, String>;
}

/// The [`MarginSolver`] of a scored game type.
pub struct ScoredSolver<G>(PhantomData<fn() -> G>);

impl<G> Default for ScoredSolver<G> {
    fn default() -> Self {
        ScoredSolver(PhantomData)
    }
}

fn state<G: Scored>(game: &dyn AnyGame) -> Result<&G, String> {
    game.as_any()
        .downcast_ref::<Boxed<G>>()
        .map(|boxed| &boxed.state)
        .ok_or_else(|| format!("{} is not a game of {}", game.spec(), G::NAME))
}

impl<G: Scored> MarginSolver for ScoredSolver<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn describe(&self, game: &dyn AnyGame) -> Result<String, String> {
        Ok(describe_of(state::<G>(game)?))
    }

    fn estimate(&self, game: &dyn AnyGame) -> Result<Estimate, String> {
        margin_estimate(state::<G>(game)?).map_err(|e| e.to_string())
    }

    fn solve(
        &self,
        game: &dyn AnyGame,
        progress: Option<&dyn Fn(u32, u32)>,
    ) -> Result<MarginTable, String> {
        solve_margins(state::<G>(game)?, progress).map_err(|e| e.to_string())
    }

    fn load(&self, path: &Path, game: &dyn AnyGame) -> Result<MarginTable, String> {
        MarginTable::load(path, state::<G>(game)?).map_err(|e| e.to_string())
    }

    fn covered(&self, identity: &MarginIdentity, game: &dyn AnyGame) -> bool {
        state::<G>(game).is_ok_and(|state| identity.covers(state))
    }

    fn analyse(
        &self,
        table: &MarginTable,
        game: &dyn AnyGame,
    ) -> Result<AnyMarginAnalysis, String> {
        let state = state::<G>(game)?;
        let analysis = margin_analysis(table, state).ok_or_else(|| {
            format!(
                "the database solves {}({}), which does not hold {}",
                table.game(),
                table.variant(),
                game.position()
            )
        })?;
        Ok(AnyMarginAnalysis {
            margin: analysis.margin,
            moves: analysis
                .moves
                .into_iter()
                .map(|(mv, margin)| (state.format_move(mv), margin))
                .collect(),
        })
    }
}
