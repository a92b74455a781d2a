//! A tournament's games judged: every agent's own moves counted, overall
//! and per phase, each share with its 95% Wilson interval. The moves of
//! a tournament's opening, which no agent chose, are counted apart.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use tabula::files::Lines;
use tabula::stats::Estimate;
use tabula::GameRecord;

use crate::exact::{Judged, Lost};
use crate::game::{JudgedGame, Phase, PHASES};
use crate::{Database, JudgeError};

/// Counts of moves: one agent's, overall or in one phase.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Moves judged.
    pub moves: u64,
    /// Moves from won positions (for the mover).
    pub from_won: u64,
    /// Moves from drawn positions.
    pub from_drawn: u64,
    /// Moves from lost positions: nothing to keep, so counted apart.
    pub from_lost: u64,
    /// Moves from won or drawn positions that kept the result.
    pub kept: u64,
    /// Moves that turned a won position into a drawn one.
    pub won_to_drawn: u64,
    /// Moves that turned a won position into a lost one.
    pub won_to_lost: u64,
    /// Moves that turned a drawn position into a lost one.
    pub drawn_to_lost: u64,
    /// Moves perfect play chooses (for a margin table: that kept the best
    /// margin).
    pub perfect: u64,
    /// Score-margin tables: the final margin the moves gave up, in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_lost: Option<u64>,
    /// Score-margin tables: the most margin one move gave up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst: Option<u64>,
}

impl Counts {
    /// Counts one judged move.
    pub fn add(&mut self, judged: &Judged) {
        self.moves += 1;
        self.perfect += u64::from(judged.perfect);
        match judged.position.result() {
            tabula::solve::Value::Win => self.from_won += 1,
            tabula::solve::Value::Draw => self.from_drawn += 1,
            tabula::solve::Value::Loss => self.from_lost += 1,
        }
        self.kept += u64::from(judged.kept());
        match judged.lost {
            Some(Lost::WonToDrawn) => self.won_to_drawn += 1,
            Some(Lost::WonToLost) => self.won_to_lost += 1,
            Some(Lost::DrawnToLost) => self.drawn_to_lost += 1,
            None => {}
        }
        if let Some(lost) = judged.margin_lost {
            let lost = u64::from(lost);
            self.margin_lost = Some(self.margin_lost.unwrap_or(0) + lost);
            self.worst = Some(self.worst.unwrap_or(0).max(lost));
        }
    }

    /// Moves that had a result to lose: from won or drawn positions.
    pub fn at_stake(&self) -> u64 {
        self.from_won + self.from_drawn
    }

    /// Moves that gave a result away: won → drawn, won → lost, drawn → lost.
    pub fn blunders(&self) -> u64 {
        self.won_to_drawn + self.won_to_lost + self.drawn_to_lost
    }

    /// The share of the moves at stake that kept the result (accuracy);
    /// `None` without such moves.
    pub fn accuracy(&self) -> Option<Estimate> {
        Estimate::share(self.kept, self.at_stake())
    }

    /// The share of the moves at stake that gave the result away.
    pub fn blunder_rate(&self) -> Option<Estimate> {
        Estimate::share(self.blunders(), self.at_stake())
    }

    /// The share of all moves that perfect play chooses (for a margin
    /// table: that kept the best margin).
    pub fn perfect_rate(&self) -> Option<Estimate> {
        Estimate::share(self.perfect, self.moves)
    }

    /// The margin given up per move (score-margin tables).
    pub fn mean_margin_lost(&self) -> Option<f64> {
        let lost = self.margin_lost?;
        (self.moves > 0).then(|| lost as f64 / self.moves as f64)
    }
}

/// [`Counts`] with their shares, as reports show and write them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tally {
    /// The counts.
    #[serde(flatten)]
    pub counts: Counts,
    /// [`Counts::accuracy`], with its interval.
    pub accuracy: Option<Estimate>,
    /// [`Counts::blunder_rate`], with its interval.
    pub blunder_rate: Option<Estimate>,
    /// [`Counts::perfect_rate`], with its interval.
    pub perfect_rate: Option<Estimate>,
    /// [`Counts::mean_margin_lost`] (score-margin tables only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_margin_lost: Option<f64>,
}

impl From<Counts> for Tally {
    fn from(counts: Counts) -> Tally {
        Tally {
            accuracy: counts.accuracy(),
            blunder_rate: counts.blunder_rate(),
            perfect_rate: counts.perfect_rate(),
            mean_margin_lost: counts.mean_margin_lost(),
            counts,
        }
    }
}

/// One agent's judged moves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentReport {
    /// The agent's spec, as the records give it.
    pub agent: String,
    /// What tables and charts call it: its display name (`name=...`),
    /// else its spec.
    pub name: String,
    /// All its moves.
    #[serde(flatten)]
    pub all: Tally,
    /// Its moves in each third of the moves the agents chose in a game.
    pub phases: BTreeMap<Phase, Tally>,
}

/// The agents' moves in a tournament's games, judged against one
/// database: what `tabula analyse` prints and writes to `accuracy.json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The database file.
    pub database: String,
    /// What it solves ([`Database::solves`]).
    pub solves: String,
    /// Whether it is a score-margin table (Kalah): moves are then judged by
    /// the margin they give up too.
    pub by_margin: bool,
    /// Games judged.
    pub games: u64,
    /// Records of other games or variants, not judged.
    pub skipped: u64,
    /// Plies of the judged games that no agent chose (a tournament's
    /// `--opening-plies` or opening suite): not counted for any agent.
    pub opening_plies: u64,
    /// The agents, in the order of their specs.
    pub agents: Vec<AgentReport>,
}

/// The counts so far, while games are judged one by one.
#[derive(Debug, Default)]
pub struct Tallies {
    by_agent: BTreeMap<String, (Counts, [Counts; 3])>,
    games: u64,
    skipped: u64,
    opening_plies: u64,
}

impl Tallies {
    /// Counts the agents' moves of `game`.
    pub fn add(&mut self, game: &JudgedGame) {
        self.games += 1;
        self.opening_plies += game.opening_plies as u64;
        for ply in game.chosen() {
            let (Some(agent), Some(phase)) = (&ply.agent, ply.phase) else {
                continue;
            };
            let (all, phases) = self.by_agent.entry(agent.clone()).or_default();
            all.add(&ply.judged);
            phases[phase as usize].add(&ply.judged);
        }
    }

    /// Counts a record that was not judged (another game or variant).
    pub fn skip(&mut self) {
        self.skipped += 1;
    }

    /// The report of what was counted, against `database`.
    pub fn report(self, database: &Database) -> Report {
        let registry = database.registry();
        let agents = self
            .by_agent
            .into_iter()
            .map(|(agent, (all, phases))| AgentReport {
                name: registry
                    .parse_agent(&agent)
                    .map_or_else(|_| agent.clone(), |spec| spec.display_name()),
                agent,
                all: all.into(),
                phases: PHASES
                    .into_iter()
                    .zip(phases.into_iter().map(Tally::from))
                    .collect(),
            })
            .collect();
        Report {
            database: database.path().display().to_string(),
            solves: database.solves(),
            by_margin: database.by_margin(),
            games: self.games,
            skipped: self.skipped,
            opening_plies: self.opening_plies,
            agents,
        }
    }
}

/// Judges every record of `games` (a tournament's `games.jsonl`) of the
/// game and variant `database` covers; records of others are counted as
/// skipped. Refused, naming the line, for a record that is no valid game,
/// and when no record is of the database's game and variant.
pub fn analyse(database: &Database, games: &Path) -> Result<Report, JudgeError> {
    let file = games.display().to_string();
    let mut lines = Lines::open(games).map_err(JudgeError::Read)?;
    let mut tallies = Tallies::default();
    while let Some(line) = lines.next_line().map_err(JudgeError::Read)? {
        let at = |error: JudgeError| JudgeError::Line {
            file: file.clone(),
            line: line.number,
            error: Box::new(error),
        };
        let text = std::str::from_utf8(&line.bytes)
            .map_err(|_| at(JudgeError::Read("not UTF-8 text".to_string())))?;
        if text.trim().is_empty() {
            continue;
        }
        let record = GameRecord::from_json(text).map_err(|e| at(e.into()))?;
        let start = record
            .replay(database.registry(), Some(0))
            .map_err(|e| at(e.into()))?;
        if !database.covers(start[0].as_ref()) {
            tallies.skip();
            continue;
        }
        tallies.add(&database.judge_game(&record).map_err(at)?);
    }
    let report = tallies.report(database);
    if report.games == 0 {
        return Err(JudgeError::NothingToJudge {
            file,
            solves: report.solves,
        });
    }
    Ok(report)
}
