//! Reading a table: the value of a position and of each of its moves.

use super::retrograde::final_entry;
use super::table::{DbError, Table};
use super::value::Entry;
use super::Indexed;

/// A position's value and the value of each legal move, all exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis<M> {
    /// The position's value for its side to move.
    pub entry: Entry,
    /// Every legal move, in the game's order, with its value for the side
    /// to move (a move to the opponent's loss in `k` is a win in `k + 1`).
    pub moves: Vec<(M, Entry)>,
}

impl<M: Copy> Analysis<M> {
    /// The moves a perfect player chooses among: the fastest wins, else
    /// the draws, else the slowest losses.
    pub fn best_moves(&self) -> Vec<M> {
        let Some(best) = self
            .moves
            .iter()
            .map(|&(_, e)| e)
            .min_by(|a, b| a.better(*b))
        else {
            return Vec::new();
        };
        self.moves
            .iter()
            .filter(|&&(_, e)| e == best)
            .map(|&(mv, _)| mv)
            .collect()
    }
}

/// What [`analyse`] answers: the analysis, `None` where the table does
/// not cover the position, or why the table could not be read.
pub type AnalysisResult<M> = Result<Option<Analysis<M>>, DbError>;

/// The entry of `state` for its side to move, from `table` (which must be
/// the table of `state`'s variant) or from the rules when the game is over.
pub(crate) fn entry<G: Indexed>(table: &Table, state: &G) -> Result<Entry, DbError> {
    match state.outcome() {
        Some(outcome) => Ok(final_entry(state, outcome)),
        None => table.get(state.index()),
    }
}

/// The value of `state` and of each of its moves, read from `table`,
/// which must be the table of `state`'s variant (see [`Table::identity`]);
/// `Ok(None)` when the table does not cover `state` (a table of the first
/// layers only), or a move's result (only in a forged file: a table of
/// whole layers that covers a position covers its moves' results, which
/// are in the same or earlier layers). An error only when a table read
/// from its file finds the file cut short (see [`Table::get`]).
pub fn analyse<G: Indexed>(table: &Table, state: &G) -> AnalysisResult<G::Move> {
    if state.outcome().is_none() && !table.covers(state.index()) {
        return Ok(None);
    }
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut moves = Vec::with_capacity(legal.len());
    for mv in legal {
        let mut child = state.clone();
        child.play(mv);
        // Only a forged file covers part of a layer (a move leading
        // past what it holds): no answer, rather than a read past the end.
        if child.outcome().is_none() && !table.covers(child.index()) {
            return Ok(None);
        }
        moves.push((mv, entry(table, &child)?.for_mover()));
    }
    Ok(Some(Analysis {
        entry: entry(table, state)?,
        moves,
    }))
}
