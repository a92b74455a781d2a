//! The crosstable (W–D–L per pairing) and game pairs: in a 2-player round
//! a pairing plays the same opening once from each seat, and those two
//! games are one pair whose score (0, ½, 1, 1½ or 2) the pentanomial
//! statistics count. Their results arrive in any order, so a half waits
//! here for its partner; only pairs still under way are held.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::run::GameResult;
use super::sprt::{estimate, Estimate, Model, PairTally, SprtReport, SprtSpec};

/// One pairing's line of the crosstable, from the first agent's side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// The agents (display names): `first`'s wins are `second`'s losses.
    pub first: String,
    pub second: String,
    /// Games as W/D/L of `first`, and completed seat-swapped pairs.
    pub tally: PairTally,
    /// Games of the pairing stopped at the ply limit: no result, counted
    /// in none of the tally's (0 in summaries from before the count).
    #[serde(default)]
    pub adjudicated: u64,
    /// `first`'s mean score.
    pub score: Option<f64>,
    /// From the pairs where there are any, else from the single games.
    pub estimate: Option<Estimate>,
}

impl Pairing {
    /// The same line told from `second`'s side.
    pub fn turned(&self) -> Pairing {
        let t = &self.tally;
        let mut ptnml = t.ptnml;
        ptnml.reverse();
        Pairing {
            first: self.second.clone(),
            second: self.first.clone(),
            tally: PairTally {
                ptnml,
                wins: t.losses,
                draws: t.draws,
                losses: t.wins,
            },
            adjudicated: self.adjudicated,
            score: self.score.map(|s| 1.0 - s),
            estimate: self.estimate.map(Estimate::turned),
        }
    }
}

/// The crosstable of one section: a tally per pair of agents `a < b` that
/// met (kept per pair that met, so its size follows the games played,
/// not the square of the agents).
#[derive(Debug, Clone, Default)]
pub struct Crosstable {
    /// `(a, b)` → the tally from `a`'s side and the adjudicated games.
    tallies: BTreeMap<(usize, usize), (PairTally, u64)>,
}

impl Crosstable {
    /// Counts a finished 2-player game of two different agents.
    pub fn add_game(&mut self, result: &GameResult) {
        if let Some((a, b, score)) = lower_side(result) {
            self.tallies.entry((a, b)).or_default().0.add_game(score);
        }
    }

    /// Counts an adjudicated 2-player game of two different agents.
    pub fn add_adjudicated(&mut self, result: &GameResult) {
        if let [x, y] = result.seats[..] {
            if x != y {
                self.tallies.entry((x.min(y), x.max(y))).or_default().1 += 1;
            }
        }
    }

    /// Counts a completed pair: `a`'s scores from seat 0, then from seat 1.
    pub fn add_pair(&mut self, a: usize, b: usize, first: f64, second: f64) {
        self.tallies
            .entry((a, b))
            .or_default()
            .0
            .count_pair(first, second);
    }

    /// The pairings that met, in agent order.
    pub fn rows(&self, names: &[String]) -> Vec<Pairing> {
        self.tallies
            .iter()
            .map(|(&(a, b), &(tally, adjudicated))| {
                let games = tally.games() as f64;
                let model = if tally.pairs() > 0 {
                    Model::Pentanomial
                } else {
                    Model::Trinomial
                };
                Pairing {
                    first: names[a].clone(),
                    second: names[b].clone(),
                    tally,
                    adjudicated,
                    score: (games > 0.0)
                        .then(|| (tally.wins as f64 + tally.draws as f64 / 2.0) / games),
                    estimate: estimate(&tally, model),
                }
            })
            .collect()
    }
}

/// `(a, b, a's score)` with `a < b` for a finished 2-player game of two
/// different agents; `None` otherwise.
fn lower_side(result: &GameResult) -> Option<(usize, usize, f64)> {
    let [x, y] = result.seats[..] else {
        return None;
    };
    if x == y {
        return None;
    }
    let seat = usize::from(y < x);
    Some((x.min(y), x.max(y), result.score(seat)?))
}

/// Which pair a game belongs to: game, round and the two agents.
type PairKey = (usize, usize, usize, usize);

/// Halves of pairs waiting for their partner.
#[derive(Debug, Default)]
pub struct Pairer {
    /// The lower agent's seat and score (`None`: adjudicated).
    waiting: HashMap<PairKey, (usize, Option<f64>)>,
}

/// A completed pair: game, round, the agents `a < b`, and `a`'s scores
/// from seat 0 and from seat 1 (`None` when either game was adjudicated).
pub type Pair = (usize, usize, usize, usize, Option<(f64, f64)>);

impl Pairer {
    /// Takes one game; returns the pair it completes, if it does.
    pub fn add(&mut self, result: &GameResult) -> Option<Pair> {
        let [x, y] = result.seats[..] else {
            return None;
        };
        if x == y {
            return None;
        }
        let (a, b) = (x.min(y), x.max(y));
        let seat = usize::from(y < x);
        let key = (result.game, result.round, a, b);
        let score = result.score(seat);
        match self.waiting.remove(&key) {
            None => {
                self.waiting.insert(key, (seat, score));
                None
            }
            Some((other_seat, other)) => {
                let scores = score.zip(other).map(|(mine, theirs)| {
                    if seat == 0 {
                        (mine, theirs)
                    } else {
                        (theirs, mine)
                    }
                });
                // Two games of one pairing in one seat order cannot be
                // one pair; the schedule never makes them.
                (other_seat != seat).then_some((result.game, result.round, a, b, scores))
            }
        }
    }
}

/// The SPRT over the schedule's rounds in order: a pair counts only once
/// every earlier round's pair has, so the decision (and the pairs it
/// rests on) is the same whatever order the threads finish in, and a
/// resume continues it exactly.
#[derive(Debug)]
pub struct Sequential {
    spec: SprtSpec,
    agents: [String; 2],
    next_round: usize,
    early: BTreeMap<usize, Option<(f64, f64)>>,
    tally: PairTally,
    decided: bool,
}

impl Sequential {
    pub fn new(spec: SprtSpec, agents: [String; 2]) -> Self {
        Sequential {
            spec,
            agents,
            next_round: 0,
            early: BTreeMap::new(),
            tally: PairTally::default(),
            decided: false,
        }
    }

    /// Takes the pair of `round` (`None`: a game was adjudicated, so the
    /// round counts for nothing) and counts every round now in order,
    /// until the test decides.
    pub fn add(&mut self, round: usize, scores: Option<(f64, f64)>) {
        self.early.insert(round, scores);
        while !self.decided {
            let Some(scores) = self.early.remove(&self.next_round) else {
                break;
            };
            self.next_round += 1;
            if let Some((first, second)) = scores {
                self.tally.add_pair(first, second);
                self.decided = self.spec.decide(self.spec.llr(&self.tally)).is_some();
            }
        }
    }

    /// Whether a bound has been crossed: no more games are needed.
    pub fn decided(&self) -> bool {
        self.decided
    }

    pub fn report(&self) -> SprtReport {
        SprtReport::new(self.spec, self.agents.clone(), self.tally)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: usize, seats: [usize; 2], winner: Option<usize>) -> GameResult {
        GameResult {
            index: 0,
            game: 0,
            round,
            seats: seats.to_vec(),
            seed: 0,
            winners: Some(winner.map_or(vec![0, 1], |w| vec![w])),
            plies: 1,
            seconds: vec![0.0; 2],
            moves_made: vec![1; 2],
            forfeit: None,
            moves_key: 0,
        }
    }

    #[test]
    fn halves_meet_in_any_order_and_are_told_from_the_lower_agents_side() {
        let mut pairer = Pairer::default();
        // Agent 1 in seat 0 wins; then agent 0 in seat 0 draws.
        assert_eq!(pairer.add(&game(3, [1, 0], Some(0))), None);
        assert_eq!(pairer.add(&game(4, [0, 1], None)), None);
        assert_eq!(
            pairer.add(&game(3, [0, 1], None)),
            Some((0, 3, 0, 1, Some((0.5, 0.0))))
        );
        assert_eq!(
            pairer.add(&game(4, [1, 0], Some(1))),
            Some((0, 4, 0, 1, Some((0.5, 1.0))))
        );
        assert!(pairer.waiting.is_empty());
    }

    #[test]
    fn the_sequential_test_counts_rounds_in_order_only() {
        let spec = SprtSpec::default();
        let mut test = Sequential::new(spec, ["a".into(), "b".into()]);
        test.add(1, Some((1.0, 1.0)));
        assert_eq!(test.report().tally.pairs(), 0);
        test.add(0, Some((1.0, 0.0)));
        assert_eq!(test.report().tally.ptnml, [0, 0, 1, 0, 1]);
        test.add(2, None);
        test.add(3, Some((0.0, 0.0)));
        assert_eq!(test.report().tally.pairs(), 3);
    }

    #[test]
    fn the_crosstable_adds_up() {
        let mut table = Crosstable::default();
        for (seats, winner) in [([0, 1], Some(0)), ([1, 0], Some(0)), ([2, 0], None)] {
            table.add_game(&game(0, seats, winner));
        }
        table.add_pair(0, 1, 1.0, 0.0);
        let mut stopped = game(1, [1, 0], None);
        stopped.winners = None;
        table.add_adjudicated(&stopped);
        let rows = table.rows(&["a".into(), "b".into(), "c".into()]);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].adjudicated, rows[1].adjudicated), (1, 0));
        let turned = rows[0].turned();
        assert_eq!((turned.first.as_str(), turned.tally.wins), ("b", 1));
        assert_eq!(turned.tally.ptnml, [0, 0, 1, 0, 0]);
        assert_eq!(turned.turned(), rows[0]);
        assert_eq!((rows[0].tally.wins, rows[0].tally.losses), (1, 1));
        assert_eq!(rows[0].tally.ptnml, [0, 0, 1, 0, 0]);
        assert_eq!((rows[1].first.as_str(), rows[1].tally.draws), ("a", 1));
        assert_eq!(rows[1].score, Some(0.5));
    }
}
