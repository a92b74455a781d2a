//! The numeric facets: [`Actions`], moves as numbers, and
//! [`Observation`], what a seat sees as numbers — what per-move statistics,
//! learned agents and the Python bindings read.

use crate::game::Game;
use crate::outcome::Seat;

/// A stable numbering of the moves of a variant, `0` to
/// [`action_count`](crate::Variant::action_count): for statistics kept per
/// move across positions (RAVE, MAST), alpha-beta's move ordering, policy
/// networks and the Python bindings' actions. Keep it compact and say in the
/// rustdoc what the numbers mean.
pub trait Actions: Game {
    /// The action number of `mv`: below the variant's
    /// [`action_count`](crate::Variant::action_count), distinct for
    /// distinct moves.
    fn action(&self, mv: Self::Move) -> usize;
    /// The move with this action number, the inverse of
    /// [`action`](Actions::action); `None` for a number that is no move of
    /// this variant. Legality here is not checked.
    fn action_move(&self, action: usize) -> Option<Self::Move>;
    /// Clears `actions` and fills it with the legal moves' action numbers,
    /// in [`legal_moves`](Game::legal_moves) order. The default lists the
    /// moves first; a game that can number its legal moves directly may
    /// say so here, without the list (the Python bindings ask for this
    /// before every move). The test kit checks that both agree.
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        actions.clear();
        actions.extend(moves.into_iter().map(|mv| self.action(mv)));
    }
}

/// What a seat sees of a position, as numbers: the input of learned agents
/// and of the Python bindings' observation tensors.
pub trait Observation: Game {
    /// Writes what `seat` sees of this state into `out`, whose length is
    /// the product of the variant's
    /// [`observation_shape`](crate::Variant::observation_shape).
    ///
    /// Every value must be written, finite and non-negative. The view is
    /// `seat`'s own: "mine" and "the opponents'" rather than colours, the
    /// board turned so that `seat` always sits on the same side, so one
    /// network serves every seat. It must tell apart any two positions
    /// with different position texts — so it says whose turn it is, unless
    /// that follows from the rest (tic-tac-toe's counts of marks); state
    /// the position text does not show (a ko history) may be left out. The
    /// test kit checks all of this.
    fn observe(&self, seat: Seat, out: &mut [f32]);
}
