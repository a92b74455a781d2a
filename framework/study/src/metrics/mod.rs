//! The metrics of a variant, each with its 95% interval where it is an
//! estimate: from the self-play games, balance, completion, length,
//! branching and drama ([`SelfPlay`]); from the ladder, depth
//! ([`depth::Depth`]). `docs/study.md` defines each.

pub mod depth;
pub mod drama;
pub mod interval;
pub mod trace;

use serde::{Deserialize, Serialize};

pub use interval::{Interval, Spread};
use trace::Trace;

/// What the self-play games of a variant show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelfPlay {
    /// Games scheduled (of this folder's shard, when sharded) and recorded.
    pub scheduled: usize,
    pub games: usize,
    /// Games that ended by the rules: a win, a shared result or a forfeit.
    pub finished: usize,
    /// The share of games that ended by the rules.
    pub completion: Option<Interval>,
    /// The share of games stopped at the ply limit (adjudicated).
    pub adjudicated: Option<Interval>,
    /// The share of finished games with more than one winner.
    pub draws: Option<Interval>,
    /// Each seat's mean score over the finished games (1 a win, 1/k each
    /// of k winners), with its Wilson interval.
    pub seats: Vec<Interval>,
    /// The first seat's score less its fair share (1/players).
    pub first_move_advantage: Option<Interval>,
    /// Plies and turns of the finished games.
    pub plies: Spread,
    pub turns: Spread,
    /// Legal moves per ply: each game's mean, averaged over the games, and
    /// the same in each third of the games (opening, middle, ending).
    pub branching: Option<Interval>,
    pub branching_by_phase: Phases,
    pub drama: Drama,
}

/// A mean per third of the games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phases {
    pub opening: Option<Interval>,
    pub middle: Option<Interval>,
    pub ending: Option<Interval>,
}

/// Decisiveness and drama over the games with one winner whose moves were
/// searched (see [`drama`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Drama {
    /// The games measured.
    pub games: usize,
    /// Lead changes per game.
    pub lead_changes: Option<Interval>,
    /// The share of a game played before the winner led for good.
    pub ahead_from: Option<Interval>,
    /// The share of games whose winner was behind at some point.
    pub comebacks: Option<Interval>,
}

/// The self-play games read so far.
#[derive(Debug, Clone)]
pub struct SelfPlayTally {
    players: usize,
    games: usize,
    finished: usize,
    draws: usize,
    points: Vec<f64>,
    plies: Vec<f64>,
    turns: Vec<f64>,
    branching: Vec<f64>,
    phases: [Vec<f64>; 3],
    lead_changes: Vec<f64>,
    ahead_from: Vec<f64>,
    behind: usize,
}

impl SelfPlayTally {
    /// No games yet, of a `players`-seat game.
    pub fn new(players: usize) -> Self {
        SelfPlayTally {
            players,
            games: 0,
            finished: 0,
            draws: 0,
            points: vec![0.0; players],
            plies: Vec::new(),
            turns: Vec::new(),
            branching: Vec::new(),
            phases: Default::default(),
            lead_changes: Vec::new(),
            ahead_from: Vec::new(),
            behind: 0,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, trace: &Trace) {
        self.games += 1;
        if let Some(winners) = &trace.winners {
            self.finished += 1;
            self.draws += usize::from(winners.len() > 1);
            for &seat in winners {
                self.points[seat] += 1.0 / winners.len() as f64;
            }
            self.plies.push(trace.plies() as f64);
            self.turns.push(trace.turns() as f64);
        }
        let n = trace.plies();
        if n > 0 {
            self.branching
                .push(trace.branching.iter().sum::<usize>() as f64 / n as f64);
            for (phase, samples) in self.phases.iter_mut().enumerate() {
                let plies = &trace.branching[phase * n / 3..(phase + 1) * n / 3];
                if !plies.is_empty() {
                    samples.push(plies.iter().sum::<usize>() as f64 / plies.len() as f64);
                }
            }
        }
        if let Some(drama) = drama::of(trace) {
            self.lead_changes.push(drama.lead_changes as f64);
            self.ahead_from.push(drama.ahead_from);
            self.behind += usize::from(drama.winner_behind);
        }
    }

    /// The metrics of the games counted, `scheduled` being how many the
    /// folder plays.
    pub fn finish(&self, scheduled: usize) -> SelfPlay {
        let seats: Vec<Interval> = self
            .points
            .iter()
            .filter_map(|&points| Interval::share(points, self.finished))
            .collect();
        let fair = 1.0 / self.players as f64;
        let drama_games = self.lead_changes.len();
        SelfPlay {
            scheduled,
            games: self.games,
            finished: self.finished,
            completion: Interval::share(self.finished as f64, self.games),
            adjudicated: Interval::share((self.games - self.finished) as f64, self.games),
            draws: Interval::share(self.draws as f64, self.finished),
            first_move_advantage: seats.first().map(|s| s.shifted(-fair)),
            seats,
            plies: Spread::of(&self.plies),
            turns: Spread::of(&self.turns),
            branching: Interval::mean(&self.branching),
            branching_by_phase: Phases {
                opening: Interval::mean(&self.phases[0]),
                middle: Interval::mean(&self.phases[1]),
                ending: Interval::mean(&self.phases[2]),
            },
            drama: Drama {
                games: drama_games,
                lead_changes: Interval::mean(&self.lead_changes),
                ahead_from: Interval::mean(&self.ahead_from),
                comebacks: Interval::share(self.behind as f64, drama_games),
            },
        }
    }
}
