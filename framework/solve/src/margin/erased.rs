//! Margin solving by game name and through text, for the command line:
//! the registry keeps one [`MarginSolver`] per game made `scored`.

use std::marker::PhantomData;
use std::path::Path;

use super::solver::{margin_analysis, solve_margins, MarginTable};
use super::Scored;
use tabula_core::any::{AnyGame, Boxed};

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
    /// Builds the table of `game`'s variant, every layer up to its seeds,
    /// calling `progress` with each layer as it starts.
    fn solve(
        &self,
        game: &dyn AnyGame,
        progress: Option<&dyn Fn(u32, u32)>,
    ) -> Result<MarginTable, String>;
    /// Loads the database at `path`, refused unless it covers `game`.
    fn load(&self, path: &Path, game: &dyn AnyGame) -> Result<MarginTable, String>;
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
        let state = state::<G>(game)?;
        Ok(format!(
            "{}({}) up to {} seeds",
            G::NAME,
            state.margin_variant(),
            state.max_seeds()
        ))
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
