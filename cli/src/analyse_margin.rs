//! `tabula analyse` with a score-margin database (Kalah): every agent's
//! moves judged by the final margin they give up.
//!
//! A move's margin is the final margin (the mover's store minus the
//! other's) it secures when both sides play best after it; the position's
//! is its best move's. The margin *lost* by a move is the difference, 0 for
//! a best move. A move *loses the result* when the position's margin was
//! positive and the move's is not, or was 0 and the move's is negative.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use tabula::solve::margin::{MarginIdentity, MarginTable};
use tabula::stats::Estimate;
use tabula::table::{Column, TextTable};
use tabula::Registry;

use crate::analyse_shared::{each_record, percent, phase_chart, ChartRow, PHASES};

/// Counts of one agent's moves, overall or in one phase.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MarginCounts {
    /// Moves judged.
    pub moves: u64,
    /// Moves that kept the position's best margin.
    pub kept: u64,
    /// The margin lost, summed over the moves.
    pub margin_lost: u64,
    /// The most margin one move lost.
    pub worst: u64,
    /// Moves that lost the result: won to drawn or lost, drawn to lost.
    pub result_lost: u64,
}

impl MarginCounts {
    fn add(&mut self, best: i32, played: i32) {
        let lost = u64::from((best - played).unsigned_abs());
        self.moves += 1;
        self.kept += u64::from(lost == 0);
        self.margin_lost += lost;
        self.worst = self.worst.max(lost);
        self.result_lost += u64::from(played.signum() < best.signum());
    }

    /// The margin lost per move; `None` without moves.
    pub fn mean_lost(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.margin_lost as f64 / self.moves as f64)
    }

    /// The share of moves that kept the best margin, with its 95% Wilson
    /// interval; `None` without moves.
    pub fn kept_share(&self) -> Option<Estimate> {
        Estimate::share(self.kept, self.moves)
    }
}

/// One agent's judged moves.
#[derive(Debug, Clone, Serialize)]
pub struct AgentMargins {
    pub agent: String,
    #[serde(flatten)]
    pub all: MarginCounts,
    pub mean_margin_lost: Option<f64>,
    pub kept_rate: Option<f64>,
    /// The same counts per phase (`opening`, `middle`, `ending`).
    pub phases: BTreeMap<&'static str, MarginCounts>,
}

/// The whole report, as written to accuracy.json.
#[derive(Debug, Serialize)]
pub struct MarginReport {
    pub database: String,
    pub solves: String,
    pub games: u64,
    pub skipped: u64,
    pub agents: Vec<AgentMargins>,
}

/// Judges every move of every record in `games` (a games.jsonl) that the
/// margin database at `db` covers.
pub fn judge(registry: &Registry, db: &Path, games: &Path) -> Result<MarginReport, String> {
    let identity = MarginTable::read_identity(db).map_err(|e| e.to_string())?;
    let solver = registry
        .margin_solver(&identity.game)
        .ok_or_else(|| format!("the database solves {identity}, which this program cannot play"))?;
    // Loaded with the first record it covers: checking a table needs a
    // position of its variant.
    let mut table: Option<MarginTable> = None;
    let mut by_agent: BTreeMap<String, (MarginCounts, [MarginCounts; 3])> = BTreeMap::new();
    let (games_judged, skipped) = each_record(registry, games, |start, plies| {
        if !solver.covered(&identity, start) {
            return Ok(false);
        }
        let table = match &mut table {
            Some(table) => table,
            slot => slot.insert(solver.load(db, start)?),
        };
        for ply in plies {
            let analysis = solver.analyse(table, ply.state)?;
            let played = analysis
                .moves
                .iter()
                .find(|(text, _)| text == ply.mv)
                .map(|&(_, margin)| margin)
                .ok_or_else(|| ply.illegal())?;
            let counts = by_agent.entry(ply.agent.clone()).or_default();
            counts.0.add(analysis.margin, played);
            counts.1[ply.phase].add(analysis.margin, played);
        }
        Ok(true)
    })?;
    let agents = by_agent
        .into_iter()
        .map(|(agent, (all, phases))| AgentMargins {
            agent,
            mean_margin_lost: all.mean_lost(),
            kept_rate: all.kept_share().map(|s| s.value),
            all,
            phases: PHASES.into_iter().zip(phases).collect(),
        })
        .collect();
    Ok(MarginReport {
        database: String::new(),
        solves: solves(&identity),
        games: games_judged,
        skipped,
        agents,
    })
}

/// `kalah(pits=3,empty_capture=on) up to 12 seeds, by score margin`.
fn solves(identity: &MarginIdentity) -> String {
    format!("{identity}, by score margin")
}

/// A mean margin lost, or `-`.
fn mean(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.2}"))
}

/// The report for people.
pub fn summary_table(report: &MarginReport) -> String {
    let mut table = TextTable::new(vec![
        Column::left("agent"),
        Column::right("moves").width(6),
        Column::right("kept best margin").width(18),
        Column::right("lost/move").width(9),
        Column::right("worst").width(6),
        Column::right("result lost").width(11),
        Column::right("opening").width(8),
        Column::right("middle").width(8),
        Column::right("ending").width(8),
    ]);
    for a in &report.agents {
        let c = &a.all;
        table.row([
            a.agent.clone(),
            c.moves.to_string(),
            percent(c.kept_share()),
            mean(a.mean_margin_lost),
            c.worst.to_string(),
            c.result_lost.to_string(),
            mean(a.phases["opening"].mean_lost()),
            mean(a.phases["middle"].mean_lost()),
            mean(a.phases["ending"].mean_lost()),
        ]);
    }
    format!(
        "{} games judged against {} ({} of other games or variants skipped); \
         lost/move: the final margin a move gives up, by phase on the right\n{table}",
        report.games, report.solves, report.skipped
    )
}

/// Agents as rows; per agent the share of moves that kept the best margin
/// in each phase, and of all its moves with a 95% interval.
pub fn chart(report: &MarginReport) -> String {
    let title = format!("Moves that keep the best margin: {}", report.solves);
    let rows: Vec<ChartRow> = report
        .agents
        .iter()
        .map(|a| ChartRow {
            agent: &a.agent,
            phases: PHASES.map(|phase| a.phases[phase].kept_share()),
            all: a.all.kept_share(),
        })
        .collect();
    phase_chart(&title, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_loses_what_it_gives_up_of_the_best_margin() {
        let mut counts = MarginCounts::default();
        counts.add(4, 4); // best
        counts.add(4, -2); // won to lost, 6 given up
        counts.add(0, -2); // drawn to lost
        counts.add(-4, -6); // lost, more so: the result was lost already
        counts.add(2, 0); // won to drawn
        assert_eq!(counts.moves, 5);
        assert_eq!(counts.kept, 1);
        assert_eq!(counts.margin_lost, 6 + 2 + 2 + 2);
        assert_eq!(counts.worst, 6);
        assert_eq!(counts.result_lost, 3);
        assert_eq!(counts.mean_lost(), Some(12.0 / 5.0));
        assert_eq!(MarginCounts::default().mean_lost(), None);
    }
}
