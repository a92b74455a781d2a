//! `tabula analyse`: every agent's moves in a tournament's games judged
//! against perfect play, from a solved game's database.
//!
//! A move *keeps* the value when a won position stays won after it and a
//! drawn one is not lost; a move that does not is a *blunder* (won to
//! drawn, won to lost, drawn to lost). Moves from lost positions cannot
//! change the value and are counted apart. A move is *perfect* when it is
//! among the moves a perfect player chooses (the fastest win, else a draw,
//! else the slowest loss). Phases are the thirds of each game by ply.

use crate::out::{out, outln};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;
use tabula::files::write_atomic;
use tabula::solve::margin::is_margin_database;
use tabula::solve::{Entry, Table, Value};
use tabula::stats::Estimate;
use tabula::table::{Column, TextTable};
use tabula::Registry;

use crate::analyse_shared::{each_record, percent, phase_chart, ChartRow, PHASES};

/// The `analyse` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// A tournament's directory (with its games.jsonl), or a games.jsonl.
    results: PathBuf,
    /// The database built by `tabula solve GAME --db FILE` for the games'
    /// variant (win/loss, or score margin for Kalah); records of other
    /// games or variants are skipped.
    #[arg(long)]
    db: PathBuf,
    /// Where accuracy.json and accuracy.svg go (default: the results directory).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Counts of one agent's moves, overall or in one phase.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Counts {
    /// Moves judged.
    pub moves: u64,
    /// Moves from won, drawn and lost positions.
    pub from_won: u64,
    pub from_drawn: u64,
    pub from_lost: u64,
    /// Moves from won or drawn positions that kept the value.
    pub kept: u64,
    /// Blunders: won to drawn, won to lost, drawn to lost.
    pub won_to_drawn: u64,
    pub won_to_lost: u64,
    pub drawn_to_lost: u64,
    /// Moves a perfect player could have made.
    pub perfect: u64,
}

impl Counts {
    fn add(&mut self, before: Entry, after: Entry, perfect: bool) {
        self.moves += 1;
        self.perfect += u64::from(perfect);
        match (before.value, after.value) {
            (Value::Win, Value::Win) | (Value::Draw, Value::Draw) => self.kept += 1,
            (Value::Win, Value::Draw) => self.won_to_drawn += 1,
            (Value::Win, Value::Loss) => self.won_to_lost += 1,
            (Value::Draw, Value::Loss) => self.drawn_to_lost += 1,
            // A drawn position has no winning move, a lost one only losing moves.
            _ => {}
        }
        match before.value {
            Value::Win => self.from_won += 1,
            Value::Draw => self.from_drawn += 1,
            Value::Loss => self.from_lost += 1,
        }
    }

    /// Moves that could lose something: from won or drawn positions.
    pub fn at_stake(&self) -> u64 {
        self.from_won + self.from_drawn
    }

    pub fn blunders(&self) -> u64 {
        self.won_to_drawn + self.won_to_lost + self.drawn_to_lost
    }

    /// The share of moves at stake that kept the value, with its 95%
    /// Wilson interval; `None` without such moves.
    pub fn accuracy(&self) -> Option<Estimate> {
        Estimate::share(self.kept, self.at_stake())
    }
}

/// One agent's judged moves.
#[derive(Debug, Clone, Serialize)]
pub struct AgentAccuracy {
    pub agent: String,
    #[serde(flatten)]
    pub all: Counts,
    pub accuracy: Option<f64>,
    pub blunder_rate: Option<f64>,
    pub perfect_rate: Option<f64>,
    /// The same counts per phase (`opening`, `middle`, `ending`).
    pub phases: BTreeMap<&'static str, Counts>,
}

/// The whole report, as written to accuracy.json.
#[derive(Debug, Serialize)]
pub struct Report {
    pub database: String,
    pub solves: String,
    pub games: u64,
    pub skipped: u64,
    pub agents: Vec<AgentAccuracy>,
}

/// Judges every move of every record in `games` (a games.jsonl) that is of
/// `table`'s game and variant.
pub fn judge(registry: &Registry, table: &Table, games: &Path) -> Result<Report, String> {
    let identity = table.identity();
    let solver = registry.solver(&identity.game).ok_or_else(|| {
        format!(
            "the database solves {}, which this program cannot play",
            identity.game
        )
    })?;
    let mut by_agent: BTreeMap<String, (Counts, [Counts; 3])> = BTreeMap::new();
    let (analysed, skipped) = each_record(registry, games, |start, plies| {
        if solver.identity(start).ok().as_ref() != Some(identity) {
            return Ok(false);
        }
        table.unchanged().map_err(|e| e.to_string())?;
        for ply in plies {
            let analysis = solver.analyse(table, ply.state)?;
            let after = analysis
                .moves
                .iter()
                .find(|(text, _)| text == ply.mv)
                .map(|&(_, entry)| entry)
                .ok_or_else(|| ply.illegal())?;
            let best = analysis
                .moves
                .iter()
                .map(|&(_, e)| e)
                .min_by(|a, b| a.better(*b));
            let perfect = best == Some(after);
            let counts = by_agent.entry(ply.agent.clone()).or_default();
            counts.0.add(analysis.entry, after, perfect);
            counts.1[ply.phase].add(analysis.entry, after, perfect);
        }
        Ok(true)
    })?;
    let agents = by_agent
        .into_iter()
        .map(|(agent, (all, phases))| AgentAccuracy {
            agent,
            accuracy: all.accuracy().map(|a| a.value),
            blunder_rate: Estimate::share(all.blunders(), all.at_stake()).map(|s| s.value),
            perfect_rate: Estimate::share(all.perfect, all.moves).map(|s| s.value),
            all,
            phases: PHASES.into_iter().zip(phases).collect(),
        })
        .collect();
    Ok(Report {
        database: String::new(),
        solves: identity.to_string(),
        games: analysed,
        skipped,
        agents,
    })
}

/// The report for people.
pub fn summary_table(report: &Report) -> String {
    let mut table = TextTable::new(vec![
        Column::left("agent"),
        Column::right("moves").width(6),
        Column::right("won").width(6),
        Column::right("drawn").width(6),
        Column::right("lost").width(6),
        Column::right("kept value").width(15),
        Column::right("won>draw").width(9),
        Column::right("won>lost").width(9),
        Column::right("draw>lost").width(9),
        Column::right("perfect").width(8),
        Column::right("opening").width(15),
        Column::right("middle").width(15),
        Column::right("ending").width(15),
    ]);
    for a in &report.agents {
        let c = &a.all;
        table.row([
            a.agent.clone(),
            c.moves.to_string(),
            c.from_won.to_string(),
            c.from_drawn.to_string(),
            c.from_lost.to_string(),
            percent(c.accuracy()),
            c.won_to_drawn.to_string(),
            c.won_to_lost.to_string(),
            c.drawn_to_lost.to_string(),
            a.perfect_rate
                .map_or("-".to_string(), |p| format!("{:.1}%", 100.0 * p)),
            percent(a.phases["opening"].accuracy()),
            percent(a.phases["middle"].accuracy()),
            percent(a.phases["ending"].accuracy()),
        ]);
    }
    format!(
        "{} games judged against {} ({} of other games or variants skipped)\n{table}",
        report.games, report.solves, report.skipped
    )
}

/// Agents as rows; per agent a bar of its accuracy in each phase and a dot
/// with a 95% interval for all its moves, on a 0–100% axis.
pub fn chart(report: &Report) -> String {
    let title = format!(
        "Moves that keep the value (won stays won, drawn not lost): {}",
        report.solves
    );
    let rows: Vec<ChartRow> = report
        .agents
        .iter()
        .map(|a| ChartRow {
            agent: &a.agent,
            phases: PHASES.map(|phase| a.phases[phase].accuracy()),
            all: a.all.accuracy(),
        })
        .collect();
    phase_chart(&title, &rows)
}

pub fn run(registry: &Registry, args: AnalyseArgs) -> Result<(), String> {
    let games = if args.results.is_dir() {
        args.results.join("games.jsonl")
    } else {
        args.results.clone()
    };
    let out = match &args.out {
        Some(out) => out.clone(),
        None => games
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    let database = args.db.display().to_string();
    // A score-margin table (Kalah) is judged by the margin each move gives up.
    let (json, summary, svg) = if is_margin_database(&args.db) {
        let mut report = crate::analyse_margin::judge(registry, &args.db, &games)?;
        report.database = database;
        if report.games == 0 {
            return Err(no_game(&games, &report.solves));
        }
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        let summary = crate::analyse_margin::summary_table(&report);
        (json, summary, crate::analyse_margin::chart(&report))
    } else {
        let table = Table::shared(&args.db).map_err(|e| e.to_string())?;
        let mut report = judge(registry, &table, &games)?;
        report.database = database;
        if report.games == 0 {
            return Err(no_game(&games, &report.solves));
        }
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        (json, summary_table(&report), chart(&report))
    };
    // The files first: a reader that stops reading ends the program.
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let json_path = out.join("accuracy.json");
    write_atomic(&json_path, (json + "\n").as_bytes())?;
    let svg_path = out.join("accuracy.svg");
    write_atomic(&svg_path, svg.as_bytes())?;
    out!("{summary}");
    outln!("wrote {} and {}", json_path.display(), svg_path.display());
    Ok(())
}

fn no_game(games: &Path, solves: &str) -> String {
    format!("{} has no game of {solves} to judge", games.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Long agent specs (alike but in the middle) and a long variant: all
    /// the text lies inside the picture, each agent's label once.
    #[test]
    fn the_chart_holds_long_labels_and_title() {
        let counts = Counts {
            moves: 40,
            from_won: 30,
            from_lost: 10,
            kept: 24,
            ..Counts::default()
        };
        let agent = |middle: &str| AgentAccuracy {
            agent: format!(
                r#"engine(cmd="python3 /home/someone/{middle}/examples/engines/greedy_engine.py",time=200ms)"#
            ),
            all: counts.clone(),
            accuracy: None,
            blunder_rate: None,
            perfect_rate: None,
            phases: PHASES.iter().map(|p| (*p, counts.clone())).collect(),
        };
        let report = Report {
            database: "db".to_string(),
            solves: "diffusion(width=6,blocks=halves,stones=4), 2176782336 positions".to_string(),
            games: 3,
            skipped: 0,
            agents: vec![agent("first"), agent("second")],
        };
        let svg = chart(&report);
        let outside = tabula_testkit::svg_text::outside(&svg).unwrap();
        assert!(outside.is_empty(), "{outside:?}\n{svg}");
        let (_, texts) = tabula_testkit::svg_text::texts(&svg).unwrap();
        for a in &report.agents {
            let shown = texts.iter().filter(|t| t.content == a.agent).count();
            assert_eq!(shown, 1, "{} in {svg}", a.agent);
        }
        assert!(texts.iter().any(|t| t.content.ends_with(&report.solves)));
    }

    #[test]
    fn shares_are_written_with_their_wilson_interval() {
        // 14 of 46: the Wald interval would be 30.4% ± 13.3.
        assert_eq!(percent(Estimate::share(14, 46)), "30.4% (19.1–44.8)");
        assert_eq!(percent(Estimate::share(5, 5)), "100.0% (56.6–100.0)");
        assert_eq!(percent(Estimate::share(0, 0)), "-");
    }
}
