//! Depth as a skill trace: the same agent at doubling budgets, each step
//! (budget `b` against `2b`) a tournament of its own. A step is
//! **significant** when the stronger agent's score's 95% Wilson interval
//! lies wholly above one half; the variant's depth over the ladder's range
//! is the number of significant steps from the bottom, counted until the
//! first that is not (Browne's skill trace and Ludii's "Skill trace" climb
//! the same ladder; Ludii scores the ladder's area and a fitted slope
//! instead).

use serde::{Deserialize, Serialize};
use tabula::stats::elo_of_score;
use tabula_arena::GameResult;

use super::Interval;

/// One step of the ladder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The weaker and the stronger agent.
    pub weak: String,
    pub strong: String,
    /// Games scheduled (of this folder's shard, when sharded), and those
    /// that ended by the rules (counted) or at the ply limit (not).
    pub scheduled: usize,
    pub games: usize,
    pub adjudicated: usize,
    /// The stronger agent's mean score, with its Wilson interval.
    pub score: Option<Interval>,
    /// That score as an Elo difference (undefined at 0 or 1).
    pub elo: Option<Interval>,
    /// Whether the score's interval lies wholly above one half.
    pub significant: bool,
    /// Whether the step was played (a ladder stops after the first step
    /// that is not significant).
    pub played: bool,
}

/// The ladder's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Depth {
    /// The ladder, as given (`mcts(iterations=16..1024)`).
    pub ladder: String,
    pub steps: Vec<Step>,
    /// Significant steps from the bottom, up to the first that is not.
    pub depth: usize,
    /// Whether every step was significant: the depth is then at least
    /// this, and a longer ladder may find more.
    pub open_ended: bool,
}

impl Depth {
    /// The verdict on `steps`, lowest first.
    pub fn of(ladder: String, steps: Vec<Step>) -> Depth {
        let depth = steps.iter().take_while(|s| s.significant).count();
        Depth {
            ladder,
            open_ended: depth == steps.len(),
            depth,
            steps,
        }
    }
}

/// A step's games so far: the stronger agent's points and the games.
#[derive(Debug, Clone, Default)]
pub struct StepTally {
    points: f64,
    games: usize,
    adjudicated: usize,
}

impl StepTally {
    /// Counts one game of the step, whose agent `strong` is the stronger.
    pub fn add(&mut self, result: &GameResult, strong: usize) {
        if result.winners.is_none() {
            self.adjudicated += 1;
            return;
        }
        self.games += 1;
        // With more seats than agents an agent holds several seats: its
        // score is their sum (the two lineups of a round give each agent
        // half of the seats, so the fair score is still one half).
        self.points += (result.seats.iter().enumerate())
            .filter(|&(_, &agent)| agent == strong)
            .filter_map(|(seat, _)| result.score(seat))
            .sum::<f64>();
    }

    /// The step, `scheduled` games being how many its folder plays.
    pub fn finish(&self, weak: String, strong: String, scheduled: usize, played: bool) -> Step {
        let score = Interval::share(self.points, self.games);
        let elo = score.and_then(|s| {
            let elo = |x: f64| Some(elo_of_score(x)).filter(|e| e.is_finite());
            Some(Interval {
                value: elo(s.value)?,
                low: elo(s.low)?,
                high: elo(s.high)?,
            })
        });
        Step {
            weak,
            strong,
            scheduled,
            games: self.games,
            adjudicated: self.adjudicated,
            significant: score.is_some_and(|s| s.above(0.5)),
            score,
            elo,
            played,
        }
    }
}
