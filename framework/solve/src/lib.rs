//! Exact solving: the value of every position of a small game, with the
//! distance to the end under best play, by retrograde analysis.
//!
//! A game that can number its positions implements [`Indexed`];
//! [`solve`] then computes a [`Table`] holding, for every position, an
//! [`Entry`]: win, loss or draw for the side to move (endless play is a
//! draw) and the plies to the end when the winner hurries and the loser
//! delays. Tables are saved to and loaded from database files whose header
//! names the game, the variant, the sizes and a checksum; a wrong,
//! truncated or corrupt file is refused with the reason ([`DbError`]).
//! [`analyse`] reads the value of a position and of each of its moves,
//! which the `perfect` agent plays by.
//!
//! The type-erased [`Solver`] lets the command line and the REPL solve and
//! query a game by name; `tabula::RegistryBuilder::solvable`
//! registers one.

mod analysis;
mod erased;
mod estimate;
pub mod margin;
mod packed;
mod retrograde;
mod shared;
mod table;
mod value;

use std::ops::Range;

pub use analysis::{analyse, Analysis, AnalysisResult};
pub use erased::{AnyAnalysis, Indexer, Solvable, Solver};
pub use estimate::{estimate, margin_estimate, Estimate};
pub use retrograde::{solve, solve_layers, SolveError, SolveProgress, MAX_POSITIONS};
pub use table::{
    DbError, Identity, Stats, Table, FORMAT, IN_MEMORY_BYTES, IN_MEMORY_VARIABLE, VERSION,
};
pub use value::{Entry, Value};

use tabula_core::game::Game;

/// A two-player game whose positions can be numbered, so that a table can
/// hold a value for each: what [`solve`] needs.
///
/// Indices run over `0..index_count()`. Positions with the same index
/// must have the same value for their side to move, so an index may stand
/// for a class of symmetric positions (Diffusion numbers a position with B
/// to move as its 180° rotation with A to move). The indices are grouped
/// into [`layers`](Indexed::layers), ranges solved in order: a move never
/// leads from a layer to a later one (Diffusion layers by the stones on
/// the board, which a move never increases), so when a layer is solved
/// every move that leaves it leads to a solved position.
///
/// Every method reads the variant from `self`, any position of it, as
/// [`Game::parse_position`] does.
pub trait Indexed: Game {
    /// What a table of this variant depends on, e.g. `width=6,blocks=halves`:
    /// a database covers every position of the variants with this text.
    fn variant(&self) -> String;

    /// How many indices this variant uses.
    fn index_count(&self) -> u64;

    /// The layers in solving order: consecutive ranges that together cover
    /// `0..index_count()`.
    fn layers(&self) -> Vec<Range<u64>>;

    /// This position's index.
    fn index(&self) -> u64;

    /// The number of this position's layer in [`layers`](Indexed::layers).
    /// The solver asks it of every move's result, to tell moves within the
    /// layer (which need no index then) from moves out of it; the default
    /// finds the index's layer.
    fn layer(&self) -> usize {
        let index = self.index();
        self.layers().partition_point(|layer| layer.end <= index)
    }

    /// A position with index `index` of this variant; `None` for an index
    /// no game can reach (its entry is then meaningless).
    fn position_at(&self, index: u64) -> Option<Self>;

    /// Appends to `out` every position `p` (the game not over in `p`) with a
    /// move that leads to `self` and stays in `self`'s layer, once for each
    /// such move. Moves to another layer are not listed.
    fn unmoves(&self, out: &mut Vec<Self>);
}

#[cfg(test)]
mod tests;
