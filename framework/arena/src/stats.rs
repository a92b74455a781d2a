//! Tallies, scores with confidence intervals, and ratings, per game and
//! over all games.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::pairs::{Crosstable, Pairer, Pairing, Sequential};
use super::rating::{Anchor, Fit, Pairwise, Rating, Standing, Swept, UNITS};
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
    /// `anchor` (the agent rated 0), `rated`, or `unrated` (no results
    /// relate it to the rated agents, or it has none).
    pub standing: Standing,
    /// `won` or `lost` when it won or lost every comparison it had: a fact
    /// of the results, beside its Elo (which the prior keeps finite);
    /// `null` otherwise.
    #[serde(default)]
    pub swept: Option<Swept>,
    /// Bradley–Terry Elo relative to the anchor, its standard error and 95%
    /// CI (in an SPRT, the test's own estimate: see [`Summary::sprt`]).
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
    /// Why the ratings say little: `sweep` (some agent, or some group,
    /// won or lost every comparison with the rest, so the results alone do
    /// not bound those ratings: the prior does), `disconnected` (some agent
    /// that played is related to the rated agents by no results, so it is
    /// unrated) or `inconclusive` (every rated agent's 95% Elo interval
    /// overlaps every other's); `None` otherwise, and in an SPRT, whose
    /// verdict is the test's.
    pub degenerate: Option<Degenerate>,
    /// Whether the Elo intervals are approximate: a group of more than
    /// [`super::rating::EXACT_LIMIT`] rated agents (see docs/arena.md).
    #[serde(default)]
    pub approximate_intervals: bool,
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
    Disconnected,
    Inconclusive,
}

/// Everything `summary.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub settings: Settings,
    /// The shard these results are (absent for a whole tournament).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::Shard>,
    /// Who is rated 0: an agent's spec, or `mean` (the mean of the rated
    /// agents).
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
    fn row(
        &self,
        agent: &str,
        standing: Standing,
        swept: Option<Swept>,
        rating: Option<Rating>,
    ) -> AgentRow {
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
            swept,
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
            crosstable: Crosstable::default(),
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
            self.crosstable.add_adjudicated(result);
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
        anchor: Anchor,
    ) -> Section {
        let fit = self.pairwise.fit(anchor);
        let standings = fit.standings(anchor);
        let names: Vec<String> = agents.iter().map(|a| super::names::table_name(a)).collect();
        let agents: Vec<AgentRow> = agents
            .iter()
            .enumerate()
            .map(|(i, name)| self.tallies[i].row(name, standings[i], fit.swept[i], fit.ratings[i]))
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
            degenerate: degenerate(&agents, &fit),
            approximate_intervals: !fit.exact,
            distinct: 0,
            crosstable: self.crosstable.rows(&names),
            agents,
        }
    }
}

/// Whether a section's ratings say little (see [`Section::degenerate`]).
fn degenerate(rows: &[AgentRow], fit: &Fit) -> Option<Degenerate> {
    if !fit.bounded {
        return Some(Degenerate::Sweep);
    }
    if rows
        .iter()
        .any(|r| r.games > 0 && r.standing == Standing::Unrated)
    {
        return Some(Degenerate::Disconnected);
    }
    // Intervals on a line overlap pairwise exactly when the highest low
    // end lies below the lowest high end.
    let intervals: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.games > 0)
        .filter_map(|r| r.elo_low.zip(r.elo_high))
        .collect();
    let highest_low = intervals.iter().map(|i| i.0).fold(f64::MIN, f64::max);
    let lowest_high = intervals.iter().map(|i| i.1).fold(f64::MAX, f64::min);
    (intervals.len() >= 2 && highest_low <= lowest_high).then_some(Degenerate::Inconclusive)
}

/// The agents an SPRT tests: the first (the candidate) against the second
/// (the baseline), or the gauntlet's other agent against it.
pub fn sprt_agents(settings: &Settings) -> (usize, usize) {
    match settings.gauntlet {
        Some(0) => (1, 0),
        _ => (0, 1),
    }
}

/// Who is rated 0 when nobody says: in an SPRT the baseline (so the
/// candidate's Elo is the test's estimate, with its sign), in a gauntlet
/// its agent (every other is rated against it), else the mean of the rated
/// agents — never one agent, which might have won or lost every game.
pub fn default_anchor(settings: &Settings) -> Anchor {
    match (&settings.sprt, settings.gauntlet) {
        (Some(_), _) => Anchor::Agent(sprt_agents(settings).1),
        (None, Some(g)) => Anchor::Agent(g),
        (None, None) => Anchor::Mean,
    }
}

/// What `summary.json` and `arena.json` write for `anchor`: the agent's
/// spec, or `mean`.
pub fn anchor_name(anchor: Anchor, agents: &[String]) -> String {
    match anchor {
        Anchor::Mean => MEAN.to_string(),
        Anchor::Agent(a) => agents[a].clone(),
    }
}

/// The word for the mean anchor.
pub const MEAN: &str = "mean";

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
    /// Who is rated 0.
    anchor: Anchor,
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
    /// `settings` describe, rated relative to `anchor`.
    pub fn new(players: &[usize], settings: &Settings, anchor: Anchor) -> Self {
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
            anchor,
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
        let anchor = self.anchor;
        let mut summary = Summary {
            settings: settings.clone(),
            shard: None,
            anchor: anchor_name(anchor, agents),
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
        if let Some(report) = &summary.sprt {
            let (candidate, baseline) = sprt_agents(settings);
            for section in summary.games.iter_mut().chain([&mut summary.overall]) {
                rate_by_test(section, report, candidate, baseline, anchor);
            }
        }
        summary
    }
}

/// Rates an SPRT's section by the test's own estimate, so that the report
/// gives one Elo, with one sign, everywhere: the candidate's over the
/// baseline (negated for the baseline when the candidate is the anchor),
/// its 95% interval the test's, the crosstable told from the candidate's
/// side, and no verdict but the test's.
fn rate_by_test(
    section: &mut Section,
    report: &SprtReport,
    candidate: usize,
    baseline: usize,
    anchor: Anchor,
) {
    section.degenerate = None;
    section.approximate_intervals = false;
    let estimate = report.estimate();
    let (rated, sign) = match anchor {
        Anchor::Agent(a) if a == candidate => (baseline, -1.0),
        _ => (candidate, 1.0),
    };
    for (i, row) in section.agents.iter_mut().enumerate() {
        let (standing, value) = match (i == rated, estimate) {
            (true, Some(e)) => (Standing::Rated, Some((sign * e.elo, e.elo_error))),
            (true, None) => (Standing::Unrated, None),
            (false, _) => (Standing::Anchor, Some((0.0, 0.0))),
        };
        row.standing = standing;
        row.elo = value.map(|(elo, _)| elo);
        row.elo_se = value.map(|(_, error)| error / Z95);
        row.elo_low = value.map(|(elo, error)| elo - error);
        row.elo_high = value.map(|(elo, error)| elo + error);
    }
    let [first, _] = &report.agents;
    for pairing in &mut section.crosstable {
        if pairing.second == *first {
            *pairing = pairing.turned();
        }
        pairing.estimate = estimate;
    }
}

/// The summary of `results`, rated relative to `anchor`.
pub fn summarize(
    settings: &Settings,
    players: &[usize],
    scheduled: usize,
    anchor: Anchor,
    results: &[GameResult],
) -> Summary {
    let mut totals = Totals::new(players, settings, anchor);
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
        let s = summarize(
            &settings(&["mcts", "random", "x"]),
            &[3],
            3,
            Anchor::Agent(1),
            &results,
        );
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
        let s = summarize(
            &settings(&["random", "engine"]),
            &[2],
            2,
            Anchor::Mean,
            &results,
        );
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
        let s = summarize(&settings(&["a", "b"]), &[2], 4, Anchor::Mean, &results);
        let a = &s.games[0].agents[0];
        assert_eq!(a.score, Some(0.75));
        // 3 of 4: the textbook Wilson interval [0.3006, 0.9544].
        assert!((a.score_low.unwrap() - 0.300_6).abs() < 1e-4, "{a:?}");
        assert!((a.score_high.unwrap() - 0.954_4).abs() < 1e-4, "{a:?}");
    }

    #[test]
    fn a_clean_sweep_is_marked_beside_finite_ratings_whatever_the_anchor() {
        let results: Vec<GameResult> = (0..12)
            .map(|i| result(i, vec![i % 2, 1 - i % 2], Some(vec![i % 2])))
            .collect();
        // Agent 0 wins all 12, from either seat.
        let agents = settings(&["mcts", "random"]);
        for anchor in [Anchor::Mean, Anchor::Agent(0), Anchor::Agent(1)] {
            let s = summarize(&agents, &[2], 12, anchor, &results);
            let g = &s.games[0];
            assert_eq!(g.degenerate, Some(Degenerate::Sweep));
            let (mcts, random) = (&g.agents[0], &g.agents[1]);
            assert_eq!((mcts.wins, mcts.losses), (12, 0));
            assert_eq!(
                (mcts.swept, random.swept),
                (Some(Swept::Won), Some(Swept::Lost))
            );
            // 12 : 0 and 2 virtual draws: 13 : 1, 400·log10(13) = 445.6.
            let gap = mcts.elo.unwrap() - random.elo.unwrap();
            assert!((gap - 445.6).abs() < 0.1, "{gap}");
            for row in [mcts, random] {
                let (low, high) = (row.elo_low.unwrap(), row.elo_high.unwrap());
                assert!(
                    low.is_finite() && high.is_finite() && low <= high,
                    "{row:?}"
                );
            }
            // 12 of 12: Wilson's lower end is 0.7575, not 1.
            assert!((mcts.score_low.unwrap() - 0.757_5).abs() < 1e-4, "{mcts:?}");
            assert_eq!(mcts.score_high, Some(1.0));
            assert!((random.score_high.unwrap() - 0.242_5).abs() < 1e-4);
        }
        let s = summarize(&agents, &[2], 12, Anchor::Mean, &results);
        assert_eq!(s.anchor, "mean");
        let g = &s.games[0];
        assert_eq!(g.agents[0].standing, Standing::Rated);
        assert!((g.agents[0].elo.unwrap() + g.agents[1].elo.unwrap()).abs() < 1e-6);
        let s = summarize(&agents, &[2], 12, Anchor::Agent(1), &results);
        assert_eq!(s.games[0].agents[1].standing, Standing::Anchor);
        assert_eq!(s.games[0].agents[1].elo, Some(0.0));
    }

    #[test]
    fn an_agent_no_result_relates_to_the_others_is_unrated_and_said_so() {
        // 0 and 1 play; 2 and 3 play each other only.
        let results = vec![
            result(0, vec![0, 1], Some(vec![0])),
            result(1, vec![1, 0], Some(vec![0])),
            result(2, vec![0, 1], Some(vec![1])),
            result(3, vec![2, 3], Some(vec![0])),
            result(4, vec![3, 2], Some(vec![0])),
        ];
        let agents = settings(&["a", "b", "c", "d"]);
        let s = summarize(&agents, &[2], 5, Anchor::Mean, &results);
        let g = &s.games[0];
        assert_eq!(g.degenerate, Some(Degenerate::Disconnected));
        let rated: Vec<Standing> = g.agents.iter().map(|a| a.standing).collect();
        assert_eq!(
            rated,
            [
                Standing::Rated,
                Standing::Rated,
                Standing::Unrated,
                Standing::Unrated
            ]
        );
    }

    #[test]
    fn an_sprt_counts_whole_rounds_in_order_from_the_candidates_side() {
        // A gauntlet of agent 0: the candidate is agent 1, which wins
        // every game. Rounds arrive last first.
        let mut settings = settings(&["base", "candidate"]);
        settings.sprt = Some(crate::SprtSpec::default());
        settings.gauntlet = Some(0);
        let mut totals = Totals::new(&[2], &settings, default_anchor(&settings));
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
        // The tables give the test's estimate, from the candidate's side,
        // and no verdict of their own.
        let estimate = sprt.estimate().unwrap();
        let g = &summary.games[0];
        assert_eq!(g.degenerate, None);
        assert_eq!(g.agents[1].elo, Some(estimate.elo));
        assert_eq!(
            g.agents[1].elo_high,
            Some(estimate.elo + estimate.elo_error)
        );
        assert_eq!(
            (g.agents[0].standing, g.agents[0].elo),
            (Standing::Anchor, Some(0.0))
        );
        let pairing = &g.crosstable[0];
        assert_eq!(
            (pairing.first.as_str(), pairing.second.as_str()),
            ("candidate", "base")
        );
        assert_eq!(pairing.estimate, Some(estimate));
        assert_eq!(pairing.tally.wins, sprt.tally.wins);
    }

    /// A uniform number in [0, 1) from `k`.
    fn uniform(k: u64) -> f64 {
        (crate::schedule::mix(k) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// 20,000 agents, each meeting only three others in both seat orders
    /// (a sparse schedule, as a gauntlet or a partly played round robin
    /// is): every agent is rated, finitely, near its true strength, and the
    /// whole summary takes memory and time in proportion to the games.
    #[test]
    fn twenty_thousand_agents_of_a_sparse_schedule_are_all_rated() {
        let n = 20_000;
        let truth: Vec<f64> = (0..n).map(|i| 600.0 * uniform(i as u64) - 300.0).collect();
        let mut results = Vec::new();
        for i in 0..n {
            for step in [1, 57, 3001] {
                let j = (i + step) % n;
                for seats in [vec![i, j], vec![j, i], vec![i, j], vec![j, i]] {
                    let k = results.len();
                    let p = 1.0 / (1.0 + 10f64.powf((truth[seats[1]] - truth[seats[0]]) / 400.0));
                    let winner = usize::from(uniform(1 << 40 | k as u64) >= p);
                    let mut game = result(k, seats, Some(vec![winner]));
                    game.moves_key = k as u64;
                    results.push(game);
                }
            }
        }
        let names: Vec<String> = (0..n).map(|i| format!("agent{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let s = summarize(
            &settings(&names),
            &[2],
            results.len(),
            Anchor::Mean,
            &results,
        );
        let g = &s.games[0];
        assert_eq!(g.finished, 12 * n);
        assert!(g.approximate_intervals);
        assert_eq!(g.crosstable.len(), 3 * n);
        let elo: Vec<f64> = g.agents.iter().map(|a| a.elo.unwrap()).collect();
        assert!(g.agents.iter().all(|a| a.standing == Standing::Rated
            && a.elo_se.is_some_and(|se| se.is_finite() && se > 0.0)));
        assert!(elo.iter().sum::<f64>().abs() < 1e-6 * n as f64);
        // Ratings from 12 games each, against truths spread over 600 Elo:
        // correlated, though each alone is uncertain.
        let mean_truth = truth.iter().sum::<f64>() / n as f64;
        let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
        for (e, t) in elo.iter().zip(&truth) {
            let t = t - mean_truth;
            (sxy, sxx, syy) = (sxy + e * t, sxx + t * t, syy + e * e);
        }
        let correlation = sxy / (sxx * syy).sqrt();
        assert!(correlation > 0.7, "correlation {correlation}");
    }

    #[test]
    fn even_results_are_inconclusive_and_clear_ones_are_not() {
        let game = |i: usize, winner: usize| result(i, vec![0, 1], Some(vec![winner]));
        let even: Vec<GameResult> = (0..6).map(|i| game(i, i % 2)).collect();
        let s = summarize(&settings(&["a", "random"]), &[2], 6, Anchor::Mean, &even);
        assert_eq!(s.games[0].degenerate, Some(Degenerate::Inconclusive));
        assert_eq!(s.games[0].agents[0].standing, Standing::Rated);
        let clear: Vec<GameResult> = (0..200)
            .map(|i| game(i, usize::from(i % 10 == 0)))
            .collect();
        let s = summarize(&settings(&["a", "random"]), &[2], 200, Anchor::Mean, &clear);
        assert_eq!(s.games[0].degenerate, None);
    }
}
