//! Tallies, scores with confidence intervals, and ratings, per game and
//! over all games.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::pairs::{Crosstable, Pairer, Pairing, Sequential};
use super::rating::{Pairwise, Rating, Standing, UNITS};
use super::run::GameResult;
use super::sprt::SprtReport;
use super::Settings;
use tabula::stats::{wilson, Z95};

/// One agent's line of a section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentRow {
    /// The agent's canonical spec.
    pub agent: String,
    /// What tables call it: its display name (`name=...`), else its spec.
    #[serde(default)]
    pub name: String,
    /// Seats it played in finished games (an agent in two seats counts twice).
    pub games: usize,
    /// Sole wins, shared wins (a 2-player draw is a win shared by both), losses.
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Seats it played in games stopped at the ply limit.
    pub adjudicated: usize,
    /// Mean share of the result (1/k for each of k winners) and its 95%
    /// Wilson score interval.
    pub score: Option<f64>,
    pub score_low: Option<f64>,
    pub score_high: Option<f64>,
    /// Whether the Elo below exists: `anchor`, `rated`, or `above` /
    /// `below` (a clean sweep: unbounded, so no Elo), `unrated`.
    pub standing: Standing,
    /// Bradley–Terry Elo relative to the anchor, its standard error and 95% CI.
    pub elo: Option<f64>,
    pub elo_se: Option<f64>,
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    pub seconds_per_move: Option<f64>,
    /// Games it lost by forfeit (a crash, a hang, an illegal move): counted
    /// among its losses too.
    pub forfeits: usize,
}

/// The results of one game, or of all games together (`game` = `all`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub game: String,
    /// Seats per game; `None` for the section over all games.
    pub players: Option<usize>,
    pub games: usize,
    pub finished: usize,
    pub adjudicated: usize,
    /// Share of finished games the first seat won alone, and its mean score.
    pub first_seat_win_rate: Option<f64>,
    pub first_seat_score: Option<f64>,
    /// Mean length of finished games.
    pub average_plies: Option<f64>,
    /// Why the ratings say little: `sweep` (some agent's side won or lost
    /// every comparison, so its Elo is unbounded and not given) or
    /// `inconclusive` (every rated agent's 95% Elo interval overlaps every
    /// other's); `None` otherwise.
    pub degenerate: Option<Degenerate>,
    /// Games (finished or adjudicated) that differ from every other in
    /// their moves or in who sat where: agents that choose alike replay the
    /// same game, and then `games` overstates the evidence (0 in summaries
    /// from before the count).
    #[serde(default)]
    pub distinct: usize,
    pub agents: Vec<AgentRow>,
    /// W–D–L per pairing of 2-player games, with the seat-swapped pairs'
    /// counts (empty in summaries from before the crosstable).
    #[serde(default)]
    pub crosstable: Vec<Pairing>,
}

/// See [`Section::degenerate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Degenerate {
    Sweep,
    Inconclusive,
}

/// Everything `summary.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub settings: Settings,
    /// The shard these results are (absent for a whole tournament).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::Shard>,
    /// The agent whose rating is 0.
    pub anchor: String,
    /// Games scheduled and games played so far.
    pub scheduled: usize,
    pub played: usize,
    pub games: Vec<Section>,
    pub overall: Section,
    /// The sequential test, when the tournament is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

#[derive(Default, Clone)]
struct Tally {
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    adjudicated: usize,
    /// Shares of results in twelfths (a share is 1/k for k ≤ 4 winners),
    /// so that the sum is exact whatever order games finish in.
    score_units: u64,
    seconds: f64,
    moves: u64,
    forfeits: usize,
}

impl Tally {
    fn row(&self, agent: &str, standing: Standing, rating: Option<Rating>) -> AgentRow {
        let mean = (self.games > 0).then(|| self.score_units as f64 / UNITS / self.games as f64);
        let ci = mean.map(|m| wilson(m, self.games));
        AgentRow {
            agent: agent.to_string(),
            name: super::names::table_name(agent),
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            adjudicated: self.adjudicated,
            score: mean,
            score_low: ci.map(|(low, _)| low),
            score_high: ci.map(|(_, high)| high),
            standing,
            elo: rating.map(|r| r.elo),
            elo_se: rating.map(|r| r.se),
            elo_low: rating.map(|r| r.elo - Z95 * r.se),
            elo_high: rating.map(|r| r.elo + Z95 * r.se),
            seconds_per_move: (self.moves > 0).then(|| self.seconds / self.moves as f64),
            forfeits: self.forfeits,
        }
    }
}

struct Accumulator {
    tallies: Vec<Tally>,
    pairwise: Pairwise,
    crosstable: Crosstable,
    games: usize,
    finished: usize,
    adjudicated: usize,
    first_seat_wins: usize,
    /// The first seat's shares, in twelfths.
    first_seat_units: u64,
    plies: usize,
}

/// A seat's share of `result` in twelfths.
fn units(result: &GameResult, seat: usize) -> u64 {
    (result.score(seat).unwrap_or(0.0) * UNITS).round() as u64
}

impl Accumulator {
    fn new(agents: usize) -> Self {
        Accumulator {
            tallies: vec![Tally::default(); agents],
            pairwise: Pairwise::new(agents),
            crosstable: Crosstable::new(agents),
            games: 0,
            finished: 0,
            adjudicated: 0,
            first_seat_wins: 0,
            first_seat_units: 0,
            plies: 0,
        }
    }

    fn add(&mut self, result: &GameResult) {
        self.games += 1;
        for (seat, &agent) in result.seats.iter().enumerate() {
            let tally = &mut self.tallies[agent];
            tally.seconds += result.seconds.get(seat).copied().unwrap_or(0.0);
            tally.moves += u64::from(result.moves_made.get(seat).copied().unwrap_or(0));
        }
        if let Some(&agent) = result
            .forfeit
            .as_ref()
            .and_then(|(s, _)| result.seats.get(*s))
        {
            self.tallies[agent].forfeits += 1;
        }
        let Some(winners) = &result.winners else {
            self.adjudicated += 1;
            for &agent in &result.seats {
                self.tallies[agent].adjudicated += 1;
            }
            return;
        };
        self.finished += 1;
        self.plies += result.plies;
        let players = result.seats.len();
        if winners.as_slice() == [0] {
            self.first_seat_wins += 1;
        }
        self.first_seat_units += units(result, 0);
        self.crosstable.add_game(result);
        for (seat, &agent) in result.seats.iter().enumerate() {
            let tally = &mut self.tallies[agent];
            tally.games += 1;
            tally.score_units += units(result, seat);
            match (winners.contains(&seat), winners.len()) {
                (true, 1) => tally.wins += 1,
                (true, _) => tally.draws += 1,
                (false, _) => tally.losses += 1,
            }
        }
        // Every pair of seats is one comparison: the higher score wins, equal
        // scores draw; a game's comparisons weigh 1/(players-1) each.
        let weight = 1.0 / (players.max(2) - 1) as f64;
        for p in 0..players {
            for q in p + 1..players {
                let (sp, sq) = (
                    result.score(p).unwrap_or(0.0),
                    result.score(q).unwrap_or(0.0),
                );
                let score = if sp > sq {
                    1.0
                } else if sp < sq {
                    0.0
                } else {
                    0.5
                };
                self.pairwise
                    .add(result.seats[p], result.seats[q], score, weight);
            }
        }
    }

    fn section(
        &self,
        game: &str,
        players: Option<usize>,
        agents: &[String],
        anchor: usize,
    ) -> Section {
        let ratings = self.pairwise.fit(anchor);
        let standings = self.pairwise.standings(anchor);
        let names: Vec<String> = agents.iter().map(|a| super::names::table_name(a)).collect();
        let agents: Vec<AgentRow> = agents
            .iter()
            .enumerate()
            .map(|(i, name)| self.tallies[i].row(name, standings[i], ratings[i]))
            .collect();
        let finished = (self.finished > 0).then_some(self.finished as f64);
        let per_game = players.is_some();
        Section {
            game: game.to_string(),
            players,
            games: self.games,
            finished: self.finished,
            adjudicated: self.adjudicated,
            first_seat_win_rate: finished
                .filter(|_| per_game)
                .map(|f| self.first_seat_wins as f64 / f),
            first_seat_score: finished
                .filter(|_| per_game)
                .map(|f| self.first_seat_units as f64 / UNITS / f),
            average_plies: finished.map(|f| self.plies as f64 / f),
            degenerate: degenerate(&agents),
            distinct: 0,
            crosstable: self.crosstable.rows(&names),
            agents,
        }
    }
}

/// Whether a section's ratings say little (see [`Section::degenerate`]).
fn degenerate(rows: &[AgentRow]) -> Option<Degenerate> {
    let swept = rows
        .iter()
        .any(|r| r.games > 0 && !matches!(r.standing, Standing::Anchor | Standing::Rated));
    if swept {
        return Some(Degenerate::Sweep);
    }
    let intervals: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.games > 0)
        .filter_map(|r| r.elo_low.zip(r.elo_high))
        .collect();
    let overlap = |a: &(f64, f64), b: &(f64, f64)| a.0 <= b.1 && b.0 <= a.1;
    let all_overlap = intervals
        .iter()
        .enumerate()
        .all(|(i, a)| intervals[i + 1..].iter().all(|b| overlap(a, b)));
    (intervals.len() >= 2 && all_overlap).then_some(Degenerate::Inconclusive)
}

/// The agents an SPRT tests: the first (the candidate) against the second
/// (the baseline), or the gauntlet's other agent against it.
pub fn sprt_agents(settings: &Settings) -> (usize, usize) {
    match settings.gauntlet {
        Some(0) => (1, 0),
        _ => (0, 1),
    }
}

/// The agent rated 0: the first `random` agent, else the first agent.
pub fn anchor(agents: &[String]) -> usize {
    agents
        .iter()
        .position(|a| a == "random" || a.starts_with("random("))
        .unwrap_or(0)
}

/// Summarises `results` (in any order; they are sorted by schedule index
/// first so that the sums, and so the numbers, never depend on timing).
/// A tournament's running totals, per game and over all games: held in
/// memory bounded by the agents and games, not by the games played, and
/// exact whatever order the games finish in.
pub struct Totals {
    per_game: Vec<Accumulator>,
    overall: Accumulator,
    played: usize,
    /// Each game's distinct games by [`GameResult::moves_key`]: the one
    /// part that grows with the games played, 10 to 21 bytes a distinct
    /// game (the hash and the set's overhead).
    distinct: Vec<HashSet<u64>>,
    /// Halves of seat-swapped pairs waiting for their partner.
    pairer: Pairer,
    /// The SPRT, when the tournament is one.
    sequential: Option<Sequential>,
    /// Whether the SPRT's candidate has the higher index: pairs are told
    /// from the lower's side, so their scores are turned round.
    sprt_flipped: bool,
    /// Games taken, counted or not.
    received: usize,
    /// In an SPRT: games of rounds not yet counted, the next round to
    /// count, and the games a round has.
    waiting: BTreeMap<usize, Vec<GameResult>>,
    next_round: usize,
    per_round: usize,
}

impl Totals {
    /// No games yet, for games of `players` seats each, of the tournament
    /// `settings` describe.
    pub fn new(players: &[usize], settings: &Settings) -> Self {
        let agents = settings.agents.len();
        let (candidate, baseline) = sprt_agents(settings);
        let sequential = settings.sprt.map(|spec| {
            let name = |i: usize| super::names::table_name(&settings.agents[i]);
            Sequential::new(spec, [name(candidate), name(baseline)])
        });
        Totals {
            pairer: Pairer::default(),
            sequential,
            sprt_flipped: candidate > baseline,
            received: 0,
            waiting: BTreeMap::new(),
            next_round: 0,
            // An SPRT's round is one pairing in both seat orders.
            per_round: 2,
            per_game: players.iter().map(|_| Accumulator::new(agents)).collect(),
            overall: Accumulator::new(agents),
            played: 0,
            distinct: vec![HashSet::new(); players.len()],
        }
    }

    /// Takes a finished (or adjudicated) game. In an SPRT the games are
    /// counted a whole round at a time in schedule order, up to the round
    /// that decides: games played past it (under way when it decided) are
    /// recorded but counted nowhere, so that the tables, like the test, are
    /// the same whatever order threads finish in.
    pub fn add(&mut self, result: &GameResult) {
        self.received += 1;
        if self.sequential.is_none() {
            return self.count(result);
        }
        self.waiting
            .entry(result.round)
            .or_default()
            .push(result.clone());
        while !self.decided() {
            let round = self.next_round;
            match self.waiting.get(&round) {
                Some(games) if games.len() >= self.per_round => {}
                _ => break,
            }
            for game in self.waiting.remove(&round).unwrap_or_default() {
                self.count(&game);
            }
            self.next_round += 1;
        }
        if self.decided() {
            self.waiting.clear();
        }
    }

    /// Counts a game in every total.
    fn count(&mut self, result: &GameResult) {
        self.per_game[result.game].add(result);
        self.overall.add(result);
        self.played += 1;
        self.distinct[result.game].insert(result.moves_key);
        if let Some((game, round, a, b, scores)) = self.pairer.add(result) {
            if let Some((first, second)) = scores {
                self.per_game[game].crosstable.add_pair(a, b, first, second);
                self.overall.crosstable.add_pair(a, b, first, second);
            }
            if let Some(test) = &mut self.sequential {
                let flip = self.sprt_flipped;
                let scores = scores.map(|(x, y)| if flip { (1.0 - x, 1.0 - y) } else { (x, y) });
                test.add(round, scores);
            }
        }
    }

    /// Whether the SPRT has decided (never, without one).
    pub fn decided(&self) -> bool {
        self.sequential.as_ref().is_some_and(Sequential::decided)
    }

    /// Games taken, counted or not (in an SPRT, those past its decision
    /// are not).
    pub fn received(&self) -> usize {
        self.received
    }

    /// The summary of the games counted, `scheduled` of which the run
    /// plays.
    pub fn summary(&self, settings: &Settings, players: &[usize], scheduled: usize) -> Summary {
        let agents = &settings.agents;
        let anchor = settings.gauntlet.unwrap_or_else(|| anchor(agents));
        let mut summary = Summary {
            settings: settings.clone(),
            shard: None,
            anchor: agents[anchor].clone(),
            scheduled,
            played: self.played,
            games: self
                .per_game
                .iter()
                .enumerate()
                .map(|(g, acc)| acc.section(&settings.games[g], Some(players[g]), agents, anchor))
                .collect(),
            overall: self.overall.section("all", None, agents, anchor),
            sprt: None,
        };
        for (section, distinct) in summary.games.iter_mut().zip(&self.distinct) {
            section.distinct = distinct.len();
        }
        summary.overall.distinct = self.distinct.iter().map(HashSet::len).sum();
        summary.sprt = self.sequential.as_ref().map(Sequential::report);
        summary
    }
}

/// The summary of `results`.
pub fn summarize(
    settings: &Settings,
    players: &[usize],
    scheduled: usize,
    results: &[GameResult],
) -> Summary {
    let mut totals = Totals::new(players, settings);
    for result in results {
        totals.add(result);
    }
    totals.summary(settings, players, scheduled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(index: usize, seats: Vec<usize>, winners: Option<Vec<usize>>) -> GameResult {
        let players = seats.len();
        GameResult {
            index,
            game: 0,
            round: 0,
            seats,
            seed: 0,
            winners,
            plies: 10,
            seconds: vec![0.5; players],
            moves_made: vec![5; players],
            forfeit: None,
            moves_key: 0,
        }
    }

    fn settings(agents: &[&str]) -> Settings {
        Settings {
            games: vec!["g".into()],
            agents: agents.iter().map(|a| a.to_string()).collect(),
            rounds: 1,
            seed: 0,
            max_plies: 100,
            opening_plies: 0,
            ..Settings::default()
        }
    }

    #[test]
    fn tallies_three_player_results() {
        let results = vec![
            result(0, vec![0, 1, 2], Some(vec![0])),
            result(1, vec![1, 2, 0], Some(vec![0, 2])),
            result(2, vec![2, 0, 1], None),
        ];
        let s = summarize(&settings(&["mcts", "random", "x"]), &[3], 3, &results);
        assert_eq!(s.anchor, "random");
        let g = &s.games[0];
        assert_eq!((g.games, g.finished, g.adjudicated), (3, 2, 1));
        assert_eq!(g.first_seat_win_rate, Some(0.5));
        assert_eq!(g.first_seat_score, Some(0.75));
        let mcts = &g.agents[0];
        assert_eq!(
            (mcts.games, mcts.wins, mcts.draws, mcts.losses),
            (2, 1, 1, 0)
        );
        assert_eq!(mcts.score, Some(0.75));
        assert_eq!(mcts.adjudicated, 1);
        let random = &g.agents[1];
        assert_eq!((random.wins, random.draws, random.losses), (0, 1, 1));
        assert_eq!(random.elo, Some(0.0));
        assert!(mcts.elo.unwrap() > 0.0);
        // The seconds of adjudicated games count too.
        assert_eq!(mcts.seconds_per_move, Some(0.1));
        assert_eq!(s.overall.agents, g.agents);
    }

    #[test]
    fn forfeits_are_counted_per_agent_and_as_losses() {
        let mut lost = result(0, vec![1, 0], Some(vec![1]));
        lost.forfeit = Some((0, "timeout after 2.31 s".into()));
        let results = vec![lost, result(1, vec![0, 1], Some(vec![0]))];
        let s = summarize(&settings(&["random", "engine"]), &[2], 2, &results);
        let [random, engine] = &s.games[0].agents[..] else {
            panic!("two rows")
        };
        assert_eq!((engine.forfeits, engine.losses), (1, 2));
        assert_eq!((random.forfeits, random.wins), (0, 2));
        assert_eq!(s.overall.agents[1].forfeits, 1);
    }

    #[test]
    fn score_interval_is_the_wilson_interval() {
        let results: Vec<GameResult> = (0..4)
            .map(|i| result(i, vec![0, 1], Some(vec![if i == 0 { 1 } else { 0 }])))
            .collect();
        let s = summarize(&settings(&["a", "b"]), &[2], 4, &results);
        let a = &s.games[0].agents[0];
        assert_eq!(a.score, Some(0.75));
        // 3 of 4: the textbook Wilson interval [0.3006, 0.9544].
        assert!((a.score_low.unwrap() - 0.300_6).abs() < 1e-4, "{a:?}");
        assert!((a.score_high.unwrap() - 0.954_4).abs() < 1e-4, "{a:?}");
    }

    #[test]
    fn a_clean_sweep_is_marked_and_its_interval_does_not_collapse() {
        let results: Vec<GameResult> = (0..12)
            .map(|i| result(i, vec![i % 2, 1 - i % 2], Some(vec![i % 2])))
            .collect();
        // Agent 0 wins all 12, from either seat.
        let s = summarize(&settings(&["mcts", "random"]), &[2], 12, &results);
        let g = &s.games[0];
        assert_eq!(g.degenerate, Some(Degenerate::Sweep));
        let (mcts, random) = (&g.agents[0], &g.agents[1]);
        assert_eq!((mcts.wins, mcts.losses), (12, 0));
        assert_eq!(mcts.standing, Standing::Above);
        assert_eq!((mcts.elo, mcts.elo_low), (None, None));
        assert_eq!(random.standing, Standing::Anchor);
        // 12 of 12: Wilson's lower end is 0.7575, not 1.
        assert!((mcts.score_low.unwrap() - 0.757_5).abs() < 1e-4, "{mcts:?}");
        assert_eq!(mcts.score_high, Some(1.0));
        assert!((random.score_high.unwrap() - 0.242_5).abs() < 1e-4);
    }

    #[test]
    fn an_sprt_counts_whole_rounds_in_order_from_the_candidates_side() {
        // A gauntlet of agent 0: the candidate is agent 1, which wins
        // every game. Rounds arrive last first.
        let mut settings = settings(&["base", "candidate"]);
        settings.sprt = Some(crate::SprtSpec::default());
        settings.gauntlet = Some(0);
        let mut totals = Totals::new(&[2], &settings);
        let game = |index: usize, seats: Vec<usize>| {
            let mut r = result(
                index,
                seats.clone(),
                Some(vec![seats.iter().position(|&a| a == 1).unwrap()]),
            );
            r.round = index / 2;
            r
        };
        let games: Vec<GameResult> = (0..600)
            .map(|i| game(i, if i % 2 == 0 { vec![0, 1] } else { vec![1, 0] }))
            .collect();
        // Round 1 alone counts for nothing until round 0 is in.
        totals.add(&games[2]);
        totals.add(&games[3]);
        assert_eq!(totals.summary(&settings, &[2], 600).played, 0);
        for g in games.iter().take(2).chain(&games[4..]) {
            totals.add(g);
        }
        let summary = totals.summary(&settings, &[2], 600);
        let sprt = summary.sprt.expect("a report");
        assert_eq!(sprt.accepted, Some(crate::Hypothesis::H1));
        assert_eq!(sprt.agents, ["candidate".to_string(), "base".to_string()]);
        let pairs = sprt.tally.pairs() as usize;
        assert_eq!(sprt.tally.ptnml, [0, 0, 0, 0, pairs as u64]);
        // The tables stop at the decision too; the rest were taken only.
        assert_eq!(summary.played, 2 * pairs);
        assert_eq!(totals.received(), 600);
        assert_eq!(summary.anchor, "base");
    }

    #[test]
    fn even_results_are_inconclusive_and_clear_ones_are_not() {
        let game = |i: usize, winner: usize| result(i, vec![0, 1], Some(vec![winner]));
        let even: Vec<GameResult> = (0..6).map(|i| game(i, i % 2)).collect();
        let s = summarize(&settings(&["a", "random"]), &[2], 6, &even);
        assert_eq!(s.games[0].degenerate, Some(Degenerate::Inconclusive));
        assert_eq!(s.games[0].agents[0].standing, Standing::Rated);
        let clear: Vec<GameResult> = (0..200)
            .map(|i| game(i, usize::from(i % 10 == 0)))
            .collect();
        let s = summarize(&settings(&["a", "random"]), &[2], 200, &clear);
        assert_eq!(s.games[0].degenerate, None);
    }
}
