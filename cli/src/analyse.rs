//! `tabula analyse`: every agent's moves in a tournament's games judged
//! against perfect play, from a solved game's database.
//!
//! A move *keeps* the value when a won position stays won after it and a
//! drawn one is not lost; a move that does not is a *blunder* (won to
//! drawn, won to lost, drawn to lost). Moves from lost positions cannot
//! change the value and are counted apart. A move is *perfect* when it is
//! among the moves a perfect player chooses (the fastest win, else a draw,
//! else the slowest loss). Phases are the thirds of each game by ply.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde::Serialize;
use tabula::solve::{Entry, Table, Value};
use tabula::svg::escape;
use tabula::{GameRecord, Registry};

/// The `analyse` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// A tournament's directory (with its games.jsonl), or a games.jsonl.
    results: PathBuf,
    /// The database built by `tabula solve GAME --db FILE` for the games'
    /// variant; records of other games or variants are skipped.
    #[arg(long)]
    db: PathBuf,
    /// Where accuracy.json and accuracy.svg go (default: the results directory).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The phases: thirds of a game by ply.
const PHASES: [&str; 3] = ["opening", "middle", "ending"];

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

    /// The share of moves at stake that kept the value, with its normal
    /// 95% half-width; `None` without such moves.
    pub fn accuracy(&self) -> Option<(f64, f64)> {
        share(self.kept, self.at_stake())
    }
}

fn share(part: u64, total: u64) -> Option<(f64, f64)> {
    (total > 0).then(|| {
        let p = part as f64 / total as f64;
        (p, 1.96 * (p * (1.0 - p) / total as f64).sqrt())
    })
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
    let file = std::fs::File::open(games).map_err(|e| format!("{}: {e}", games.display()))?;
    let mut by_agent: BTreeMap<String, (Counts, [Counts; 3])> = BTreeMap::new();
    let (mut analysed, mut skipped) = (0, 0);
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", games.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: String| format!("{} line {}: {e}", games.display(), number + 1);
        let record = GameRecord::from_json(&line).map_err(|e| at(e.to_string()))?;
        let states = record
            .replay(registry, None)
            .map_err(|e| at(e.to_string()))?;
        if solver.identity(states[0].as_ref()).ok().as_ref() != Some(identity) {
            skipped += 1;
            continue;
        }
        analysed += 1;
        let plies = record.moves.len();
        for (ply, mv) in record.moves.iter().enumerate() {
            let state = states[ply].as_ref();
            let agent = record
                .agents
                .get(state.to_move())
                .cloned()
                .unwrap_or_else(|| format!("seat {}", state.to_move() + 1));
            let analysis = solver.analyse(table, state).map_err(at)?;
            let after = analysis
                .moves
                .iter()
                .find(|(text, _)| text == mv)
                .map(|&(_, entry)| entry)
                .ok_or_else(|| at(format!("move {mv} is not legal at ply {}", ply + 1)))?;
            let best = analysis
                .moves
                .iter()
                .map(|&(_, e)| e)
                .min_by(|a, b| a.better(*b));
            let perfect = best == Some(after);
            let phase = (3 * ply / plies.max(1)).min(2);
            let counts = by_agent.entry(agent).or_default();
            counts.0.add(analysis.entry, after, perfect);
            counts.1[phase].add(analysis.entry, after, perfect);
        }
    }
    let agents = by_agent
        .into_iter()
        .map(|(agent, (all, phases))| AgentAccuracy {
            agent,
            accuracy: all.accuracy().map(|a| a.0),
            blunder_rate: share(all.blunders(), all.at_stake()).map(|s| s.0),
            perfect_rate: share(all.perfect, all.moves).map(|s| s.0),
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

fn percent(value: Option<(f64, f64)>) -> String {
    value.map_or("-".to_string(), |(p, h)| {
        format!("{:.1}% ± {:.1}", 100.0 * p, 100.0 * h)
    })
}

/// The report for people.
pub fn summary_table(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games judged against {} ({} of other games or variants skipped)",
        report.games, report.solves, report.skipped
    );
    let width = report
        .agents
        .iter()
        .map(|a| a.agent.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let _ = writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>15} {:>9} {:>9} {:>9} {:>8} {:>15} {:>15} {:>15}",
        "agent",
        "moves",
        "won",
        "drawn",
        "lost",
        "kept value",
        "won>draw",
        "won>lost",
        "draw>lost",
        "perfect",
        "opening",
        "middle",
        "ending"
    );
    for a in &report.agents {
        let c = &a.all;
        let _ = writeln!(
            out,
            "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>15} {:>9} {:>9} {:>9} {:>8} {:>15} {:>15} {:>15}",
            a.agent,
            c.moves,
            c.from_won,
            c.from_drawn,
            c.from_lost,
            percent(c.accuracy()),
            c.won_to_drawn,
            c.won_to_lost,
            c.drawn_to_lost,
            a.perfect_rate
                .map_or("-".to_string(), |p| format!("{:.1}%", 100.0 * p)),
            percent(a.phases["opening"].accuracy()),
            percent(a.phases["middle"].accuracy()),
            percent(a.phases["ending"].accuracy()),
        );
    }
    out
}

/// Agents as rows; per agent a bar of its accuracy in each phase and a dot
/// with a 95% interval for all its moves, on a 0–100% axis.
pub fn chart(report: &Report) -> String {
    const LABEL: f64 = 240.0;
    const PLOT: f64 = 480.0;
    const ROW: f64 = 56.0;
    const TOP: f64 = 64.0;
    const COLORS: [&str; 3] = ["#9cc3e6", "#4f8fcc", "#1f4f8a"];
    let rows = report.agents.len() as f64;
    let height = TOP + rows * ROW + 40.0;
    let width = LABEL + PLOT + 40.0;
    let x = |share: f64| LABEL + share * PLOT;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">Moves that keep the value (won stays won, drawn not lost): {}</text>"#,
        escape(&report.solves)
    );
    let mut legend = 10.0;
    for (phase, color) in PHASES.iter().zip(COLORS) {
        let _ = writeln!(
            svg,
            r#"<rect x="{legend}" y="34" width="12" height="12" fill="{color}"/><text x="{:.0}" y="45">{phase}</text>"#,
            legend + 16.0
        );
        legend += 90.0;
    }
    let _ = writeln!(
        svg,
        r##"<circle cx="{:.0}" cy="40" r="4.5" fill="#c33"/><text x="{:.0}" y="45">all moves, 95% interval</text>"##,
        legend + 6.0,
        legend + 16.0
    );
    let axis_y = TOP + rows * ROW;
    for tick in 0..=10 {
        let tx = x(tick as f64 / 10.0);
        let _ = writeln!(
            svg,
            r##"<line x1="{tx:.1}" y1="{TOP}" x2="{tx:.1}" y2="{axis_y}" stroke="#ddd"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}%</text>"##,
            axis_y + 18.0,
            tick * 10
        );
    }
    for (i, a) in report.agents.iter().enumerate() {
        let top = TOP + i as f64 * ROW;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL - 10.0,
            top + ROW / 2.0 + 4.0,
            escape(&a.agent)
        );
        for (k, (phase, color)) in PHASES.iter().zip(COLORS).enumerate() {
            if let Some((p, _)) = a.phases[phase].accuracy() {
                let _ = writeln!(
                    svg,
                    r#"<rect x="{LABEL}" y="{:.1}" width="{:.1}" height="12" fill="{color}"><title>{phase}: {:.1}%</title></rect>"#,
                    top + 8.0 + 13.0 * k as f64,
                    p * PLOT,
                    100.0 * p
                );
            }
        }
        if let Some((p, h)) = a.all.accuracy() {
            let y = top + ROW / 2.0 + 2.0;
            let _ = writeln!(
                svg,
                r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#c33" stroke-width="2"/><circle cx="{:.1}" cy="{y:.1}" r="4.5" fill="#c33"><title>{:.1}% ± {:.1}</title></circle>"##,
                x((p - h).max(0.0)),
                x((p + h).min(1.0)),
                x(p),
                100.0 * p,
                100.0 * h
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
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
    let table = Table::shared(&args.db).map_err(|e| e.to_string())?;
    let mut report = judge(registry, &table, &games)?;
    report.database = args.db.display().to_string();
    if report.games == 0 {
        return Err(format!(
            "{} has no game of {} to judge",
            games.display(),
            report.solves
        ));
    }
    print!("{}", summary_table(&report));
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let json_path = out.join("accuracy.json");
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    std::fs::write(&json_path, json + "\n").map_err(|e| format!("{}: {e}", json_path.display()))?;
    let svg_path = out.join("accuracy.svg");
    std::fs::write(&svg_path, chart(&report))
        .map_err(|e| format!("{}: {e}", svg_path.display()))?;
    println!("wrote {} and {}", json_path.display(), svg_path.display());
    Ok(())
}
