//! Score-valued solving: for games whose result is a score margin and
//! whose material only leaves the board (Kalah's seeds go into stores and
//! never come back), the best margin the side to move can secure from
//! every position, as Awari was solved.
//!
//! Positions are layered by the seeds on the board. A move never adds any,
//! so when a layer is solved every move out of it leads to a solved
//! position. Within a layer the game must be acyclic (in Kalah a move that
//! keeps every seed on the board sows only along the mover's own row,
//! toward its store, and passes the turn), so one memoised depth-first
//! pass over the layer gives every value exactly.
//!
//! An entry is the best **future gain** for the side to move: the final
//! margin (its score minus the opponent's) less the margin it has now. It
//! does not depend on the stores, so the index need not hold them.

mod compositions;
mod db;
mod erased;
mod solver;

pub use compositions::Compositions;
pub use db::{is_margin_database, MarginDbError, MarginIdentity, MARGIN_FORMAT};
pub use erased::{AnyMarginAnalysis, MarginSolver, ScoredSolver, Scorer};
pub(crate) use solver::check_size;
pub use solver::{margin_analysis, solve_margins, MarginAnalysis, MarginError, MarginTable};

use tabula_core::game::Game;

/// A two-player game solved by score margin (see the module docs).
///
/// Positions with the same layer and index must have the same future gain
/// for their side to move (Kalah numbers a position with North to move as
/// its mirror image with South to move).
pub trait Scored: Game {
    /// What a table of this variant depends on: a database covers every
    /// position of the variants with this text.
    fn margin_variant(&self) -> String;

    /// The most seeds the board can hold in this variant: the layers are
    /// `0..=max_seeds()`.
    fn max_seeds(&self) -> u32;

    /// Seeds on the board now: this position's layer.
    fn seeds_on_board(&self) -> u32;

    /// How many indices layer `seeds` uses.
    fn layer_size(&self, seeds: u32) -> u64;

    /// This position's index within its layer.
    fn index_in_layer(&self) -> u64;

    /// A position with index `index` in layer `seeds`, its game not over;
    /// `None` for an index no game reaches or a finished game (its entry is
    /// then 0 and never read).
    fn position_in_layer(&self, seeds: u32, index: u64) -> Option<Self>;

    /// Seat 0's score minus seat 1's, as the game stands.
    fn score_margin(&self) -> i32;
}
