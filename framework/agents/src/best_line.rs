//! The move, line and report a `perfect` agent gives, whatever kind of
//! table it plays by.

use std::time::Instant;

use rand::Rng as _;

use super::{Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::outcome::Outcome;
use tabula_core::rng::Rng;
use tabula_search::search::{ChildStats, SearchReport};

/// The longest principal variation a decision reports.
const PV_PLIES: usize = 24;

/// One of the best moves `best` of `state`, chosen by `rng`, and the line
/// that follows with best play (`next_best` gives a position's first best
/// move, or why the table cannot say), up to [`PV_PLIES`] long: what both
/// kinds of table play and report.
pub(crate) fn best_line<G: Game>(
    state: &G,
    best: &[G::Move],
    rng: &mut Rng,
    next_best: impl Fn(&G) -> Result<Option<G::Move>, Forfeit>,
) -> Result<(G::Move, Vec<G::Move>), Forfeit> {
    if best.is_empty() {
        return Err(Forfeit::new("asked to move in a finished game"));
    }
    let mv = best[rng.random_range(0..best.len())];
    let mut pv = vec![mv];
    let mut line = state.clone();
    line.play(mv);
    while pv.len() < PV_PLIES && line.outcome().is_none() {
        let Some(next) = next_best(&line)? else {
            break;
        };
        pv.push(next);
        line.play(next);
    }
    Ok((mv, pv))
}

/// The decision to play `mv`, reported as a search would be: the proven
/// value of the position (`value`, `proven`) and of each move (`children`,
/// best first), the line, and the distance to the end where the table
/// knows one (it searched no depth).
pub(crate) fn decision<M: Copy>(
    (mv, pv): (M, Vec<M>),
    (value, proven): (f32, Outcome),
    children: Vec<ChildStats<M>>,
    distance: Option<u32>,
    started: Instant,
) -> Decision<M> {
    Decision {
        mv,
        search: Some(SearchReport {
            best: mv,
            iterations: 0,
            nodes: 0,
            elapsed: started.elapsed(),
            value,
            children,
            pv,
            proven: Some(proven),
            depth: None,
            distance,
        }),
    }
}
