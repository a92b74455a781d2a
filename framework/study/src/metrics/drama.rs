//! Decisiveness and drama, read from the values the agents' own searches
//! gave their moves along a game (Browne's lead changes, decisiveness and
//! drama; Ludii's metrics of those names read a heuristic evaluation
//! instead).
//!
//! After each searched move the study keeps every seat's latest estimate
//! of its own expected score: the value its own last move carried (`1/N`
//! before it moved). A seat **leads** when its estimate exceeds every
//! other seat's by more than [`LEAD_MARGIN`], so that noise around an even
//! position is not counted as a lead. Each seat is compared by its own
//! values, not by the mover's value of the others (`1 − v` with two
//! players): the value of the move a search chose is the best of several
//! noisy estimates, so it leans the mover's way, and in an even game both
//! sides believe themselves slightly ahead. Compared seat against seat,
//! that lean cancels.

use super::trace::Trace;
use tabula::Seat;

/// How far a seat's estimate must exceed every other's to lead: 0.1 of a
/// game's score (in a 2-player game, a value above 0.55).
pub const LEAD_MARGIN: f64 = 0.1;

/// One decided game's drama.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameDrama {
    /// Times the lead passed from one seat to another.
    pub lead_changes: usize,
    /// The share of the game played before the winner led for good: 0 when
    /// it led after every searched move, 1 when it did not lead at the end.
    pub ahead_from: f64,
    /// Whether another seat led at some point.
    pub winner_behind: bool,
}

/// The drama of a game with one winner and some searched moves.
pub fn of(trace: &Trace) -> Option<GameDrama> {
    let winner = trace.winner()?;
    let players = trace.players;
    let mut estimates = vec![1.0 / players as f64; players];
    let (mut leader, mut changes, mut behind) = (None::<Seat>, 0, false);
    let mut last_not_leading = None;
    let mut searched = false;
    for (ply, (&mover, value)) in trace.movers.iter().zip(&trace.values).enumerate() {
        let Some(v) = *value else {
            continue;
        };
        searched = true;
        estimates[mover] = v;
        let now = lead(&estimates);
        if let Some(seat) = now {
            if leader.is_some_and(|before| before != seat) {
                changes += 1;
            }
            leader = Some(seat);
            behind |= seat != winner;
        }
        if now != Some(winner) {
            last_not_leading = Some(ply);
        }
    }
    searched.then(|| GameDrama {
        lead_changes: changes,
        ahead_from: last_not_leading.map_or(0.0, |ply| (ply + 1) as f64 / trace.plies() as f64),
        winner_behind: behind,
    })
}

/// The seat whose estimate exceeds every other's by more than the margin.
fn lead(estimates: &[f64]) -> Option<Seat> {
    let (best, &top) = estimates
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))?;
    let ahead = estimates
        .iter()
        .enumerate()
        .all(|(seat, &e)| seat == best || top - e > LEAD_MARGIN);
    ahead.then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_player(winner: Seat, values: &[f64]) -> Trace {
        Trace {
            players: 2,
            winners: Some(vec![winner]),
            movers: (0..values.len()).map(|i| i % 2).collect(),
            branching: vec![2; values.len()],
            values: values.iter().map(|&v| Some(v)).collect(),
        }
    }

    #[test]
    fn a_comeback_counts_its_lead_changes_and_when_the_winner_took_over() {
        // Seat 0 moves at even plies. Seat 1 leads (seat 0's 0.3 against
        // its 0.5 before it moved), then they even out, then seat 0 leads
        // from ply 4 to the end and wins.
        let trace = two_player(0, &[0.3, 0.8, 0.5, 0.5, 0.7, 0.2, 0.9, 0.05]);
        let drama = of(&trace).unwrap();
        assert_eq!(drama.lead_changes, 1);
        assert!(drama.winner_behind);
        // Not leading up to ply 3 (the 4th move): 4 of 8 plies.
        assert_eq!(drama.ahead_from, 0.5);
    }

    #[test]
    fn a_winner_ahead_throughout_has_no_drama() {
        // Seat 1 wins; every value says so, for either mover.
        let drama = of(&two_player(1, &[0.2, 0.9, 0.1, 0.8])).unwrap();
        assert_eq!(
            drama,
            GameDrama {
                lead_changes: 0,
                ahead_from: 0.0,
                winner_behind: false
            }
        );
    }

    #[test]
    fn both_sides_believing_themselves_ahead_is_no_lead() {
        // Each mover's value leans its own way: compared seat against
        // seat, nobody leads until seat 0's values pull clear.
        let drama = of(&two_player(0, &[0.57, 0.56, 0.58, 0.55, 0.8, 0.4])).unwrap();
        assert_eq!(drama.lead_changes, 0);
        assert!(!drama.winner_behind);
        assert_eq!(drama.ahead_from, 4.0 / 6.0);
    }

    #[test]
    fn values_near_even_are_no_lead_and_a_draw_has_no_drama() {
        let drama = of(&two_player(0, &[0.52, 0.47, 0.53, 0.46, 0.9])).unwrap();
        assert_eq!(drama.lead_changes, 0);
        assert!(!drama.winner_behind);
        assert_eq!(drama.ahead_from, 0.8);
        let mut draw = two_player(0, &[0.5, 0.5]);
        draw.winners = Some(vec![0, 1]);
        assert_eq!(of(&draw), None);
        let mut unsearched = two_player(0, &[0.5]);
        unsearched.values = vec![None];
        assert_eq!(of(&unsearched), None);
    }

    #[test]
    fn with_three_players_each_seat_keeps_its_own_latest_estimate() {
        // Seats 0, 1, 2 in turn; seat 2 wins. Seat 0 leads at first
        // (0.6 against 1/3), then seat 1 (0.7), then seat 2 for good.
        let trace = Trace {
            players: 3,
            winners: Some(vec![2]),
            movers: vec![0, 1, 2, 0, 1, 2],
            branching: vec![3; 6],
            values: [0.6, 0.75, 0.25, 0.2, 0.2, 0.9].map(Some).to_vec(),
        };
        let drama = of(&trace).unwrap();
        // Leaders: 0, 1, 1, 1, none (0.2, 0.2, 0.25 within the margin), 2.
        assert_eq!(drama.lead_changes, 2);
        assert!(drama.winner_behind);
        assert_eq!(drama.ahead_from, 5.0 / 6.0);
    }
}
