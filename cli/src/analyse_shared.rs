//! What `tabula analyse` does the same for both kinds of table: replaying
//! a tournament's records move by move, the phases, and the chart.

use std::path::Path;

use tabula::chart::{Axis, IntervalColours, RowChart};
use tabula::files::Lines;
use tabula::stats::Estimate;
use tabula::{AnyGame, GameRecord, Registry};

/// The phases: thirds of a game by ply.
pub const PHASES: [&str; 3] = ["opening", "middle", "ending"];

/// One move of a record being judged.
pub struct Ply<'a> {
    /// The agent that made it (the record's name for its seat).
    pub agent: String,
    /// The position it was made in.
    pub state: &'a dyn AnyGame,
    /// The move, as recorded.
    pub mv: &'a str,
    /// Its ply, from 0.
    pub ply: usize,
    /// Its phase: which third of the game ([`PHASES`]).
    pub phase: usize,
}

impl Ply<'_> {
    /// The error for a recorded move the position does not allow.
    pub fn illegal(&self) -> String {
        format!("move {} is not legal at ply {}", self.mv, self.ply + 1)
    }
}

/// Replays every record of `games` (a games.jsonl) and hands `judge` its
/// start and its moves; `judge` says whether it judged the record (`false`:
/// another game or variant, skipped). Returns the records judged and
/// skipped; an error names the line.
pub fn each_record(
    registry: &Registry,
    games: &Path,
    mut judge: impl FnMut(&dyn AnyGame, &[Ply<'_>]) -> Result<bool, String>,
) -> Result<(u64, u64), String> {
    let mut lines = Lines::open(games)?;
    let (mut judged, mut skipped) = (0, 0);
    while let Some(line) = lines.next_line()? {
        let number = line.number;
        let at = |e: String| format!("{} line {number}: {e}", games.display());
        let line = String::from_utf8(line.bytes).map_err(|_| at("not UTF-8 text".into()))?;
        if line.trim().is_empty() {
            continue;
        }
        let record = GameRecord::from_json(&line).map_err(|e| at(e.to_string()))?;
        let states = record
            .replay(registry, None)
            .map_err(|e| at(e.to_string()))?;
        let plies: Vec<Ply> = record
            .moves
            .iter()
            .enumerate()
            .map(|(ply, mv)| {
                let state = states[ply].as_ref();
                Ply {
                    agent: record
                        .agents
                        .get(state.to_move())
                        .cloned()
                        .unwrap_or_else(|| state.seat_name(state.to_move())),
                    state,
                    mv,
                    ply,
                    phase: (3 * ply / record.moves.len()).min(2),
                }
            })
            .collect();
        if judge(states[0].as_ref(), &plies).map_err(at)? {
            judged += 1;
        } else {
            skipped += 1;
        }
    }
    Ok((judged, skipped))
}

/// `30.4% (22.1–40.0)`: a share with its 95% Wilson interval (not `±`: the
/// interval is not symmetric), or `-`.
pub fn percent(share: Option<Estimate>) -> String {
    share.map_or("-".to_string(), |s| {
        format!(
            "{:.1}% ({:.1}–{:.1})",
            100.0 * s.value,
            100.0 * s.low,
            100.0 * s.high
        )
    })
}

/// One agent's shares for [`phase_chart`]: by phase, and of all its moves.
pub struct ChartRow<'a> {
    pub agent: &'a str,
    pub phases: [Option<Estimate>; 3],
    pub all: Option<Estimate>,
}

/// Agents as rows; per agent a bar of a share in each phase and a dot with
/// a 95% interval for all its moves, on a 0–100% axis.
pub fn phase_chart(title: &str, rows: &[ChartRow<'_>]) -> String {
    const ROW: f64 = 56.0;
    const PHASE_COLOURS: [&str; 3] = ["#9cc3e6", "#4f8fcc", "#1f4f8a"];
    // Below the title, 16 more pixels than a plain chart for the legend.
    let names: Vec<&str> = rows.iter().map(|a| a.agent).collect();
    let mut chart = RowChart::new(title, Axis::percent(), &names, ROW, 64.0);
    let svg = chart.svg();
    let mut legend = 10.0;
    for (phase, colour) in PHASES.iter().zip(PHASE_COLOURS) {
        svg.rect(legend, 34.0, 12.0, 12.0, &format!(r#"fill="{colour}""#));
        svg.text(legend + 16.0, 45.0, phase, "");
        legend += 90.0;
    }
    let dot = format!(r#"fill="{}""#, IntervalColours::RED.dot);
    svg.circle(legend + 6.0, 40.0, 4.5, &dot);
    svg.text(legend + 16.0, 45.0, "all moves, 95% Wilson interval", "");
    for (row, a) in rows.iter().enumerate() {
        let (top, zero) = (chart.row_top(row), chart.x(0.0));
        for (k, (phase, colour)) in PHASES.iter().zip(PHASE_COLOURS).enumerate() {
            if let Some(share) = a.phases[k] {
                let width = chart.x(share.value) - zero;
                let tooltip = format!("{phase}: {:.1}%", 100.0 * share.value);
                let y = top + 8.0 + 13.0 * k as f64;
                let fill = format!(r#"fill="{colour}""#);
                chart
                    .svg()
                    .rect_titled(zero, y, width, 12.0, &fill, &tooltip);
            }
        }
        if let Some(share) = a.all {
            chart.interval(row, share, IntervalColours::RED, &percent(Some(share)));
        }
    }
    chart.finish()
}
