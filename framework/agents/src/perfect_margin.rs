//! `perfect` by a score-margin table (Kalah): every move secures the best
//! final margin the position allows.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::best_line::{best_line, decision};
use super::{Agent, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::outcome::Outcome;
use tabula_core::rng::{seeded, Rng};
use tabula_search::search::{ChildStats, Control};
use tabula_solve::margin::{MarginTable, Scorer};

/// A `perfect` agent playing by the margin table at `path`.
pub(crate) fn build<G: Game>(
    path: PathBuf,
    scorer: Scorer<G>,
    context: &BuildContext<'_, G>,
) -> Result<Box<dyn Agent<G>>, BuildError> {
    // Only the header here (building must be cheap); the table is loaded
    // at the first move, once for every agent using the file.
    let found = MarginTable::read_identity(&path).map_err(|e| e.to_string())?;
    if !(scorer.covered)(&found, context.start) {
        return Err(format!(
            "{} solves {found}, not {}",
            path.display(),
            (scorer.describe)(context.start)
        )
        .into());
    }
    Ok(Box::new(MarginAgent {
        path,
        scorer,
        table: None,
        rng: seeded(context.seed),
    }))
}

/// The agent: the table, loaded at its first move.
struct MarginAgent<G: Game> {
    path: PathBuf,
    scorer: Scorer<G>,
    table: Option<Arc<MarginTable>>,
    rng: Rng,
}

/// The expected score of a final margin for its side.
fn score(margin: i32) -> f32 {
    match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// The proven result of a final margin of `seat` (two players).
fn proven(margin: i32, seat: usize) -> Outcome {
    match margin.signum() {
        1 => Outcome::win(seat),
        0 => Outcome::draw(2),
        _ => Outcome::win(1 - seat),
    }
}

impl<G: Game> Agent<G> for MarginAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        _: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let started = Instant::now();
        let table = match &self.table {
            Some(table) => Arc::clone(table),
            None => {
                let table = (self.scorer.shared)(&self.path, state)
                    .map_err(|e| Forfeit::new(e.to_string()))?;
                Arc::clone(self.table.insert(table))
            }
        };
        let analysis = (self.scorer.analyse)(&table, state).ok_or_else(|| {
            Forfeit::new(format!(
                "asked to play {} with a database of {}({})",
                (self.scorer.describe)(state),
                table.game(),
                table.variant()
            ))
        })?;
        let line = best_line(state, &analysis.best_moves(), &mut self.rng, |line| {
            Ok((self.scorer.analyse)(&table, line).and_then(|a| a.best_moves().first().copied()))
        })?;
        let seat = state.to_move();
        let mut moves = analysis.moves;
        moves.sort_by_key(|&(_, margin)| std::cmp::Reverse(margin));
        let children = moves
            .iter()
            .map(|&(mv, margin)| ChildStats {
                mv,
                visits: 0,
                value: score(margin),
                proven: Some(proven(margin, seat)),
            })
            .collect();
        let value = (score(analysis.margin), proven(analysis.margin, seat));
        Ok(decision(line, value, children, None, started))
    }
}
