//! The summary as a table for people, and as JSON and CSV for programs.

use std::fmt::Write as _;

use super::stats::{AgentRow, Section, Summary};

fn opt(value: Option<f64>, decimals: usize) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.decimals$}"))
}

fn percent(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{:.1}%", v * 100.0))
}

/// `123 ± 45` (the 95% half width), or `-`.
fn elo(row: &AgentRow) -> String {
    match (row.elo, row.elo_se) {
        (Some(e), Some(se)) if se > 0.0 => format!("{e:.0} ± {:.0}", super::stats::Z95 * se),
        (Some(e), _) => format!("{e:.0}"),
        _ => "-".to_string(),
    }
}

fn section_table(out: &mut String, section: &Section, max_plies: usize) {
    let name = match section.players {
        Some(p) => format!("{} ({p} players)", section.game),
        None => "all games".to_string(),
    };
    let _ = writeln!(
        out,
        "== {name}: {} games, {} adjudicated at {max_plies} plies",
        section.finished, section.adjudicated
    );
    if section.players.is_some() {
        let _ = writeln!(
            out,
            "   first seat wins {} (score {}), {} plies on average",
            percent(section.first_seat_win_rate),
            opt(section.first_seat_score, 3),
            opt(section.average_plies, 1)
        );
    }
    let width = section
        .agents
        .iter()
        .map(|a| a.agent.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let _ = writeln!(
        out,
        "   {:<width$} {:>6} {:>5} {:>5} {:>5} {:>6} {:>15} {:>12} {:>8} {:>9}",
        "agent", "games", "W", "D", "L", "score", "95% CI", "Elo ± 95%", "forfeits", "s/move"
    );
    for a in &section.agents {
        let ci = match (a.score_low, a.score_high) {
            (Some(lo), Some(hi)) => format!("[{lo:.3}, {hi:.3}]"),
            _ => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "   {:<width$} {:>6} {:>5} {:>5} {:>5} {:>6} {:>15} {:>12} {:>8} {:>9}",
            a.agent,
            a.games,
            a.wins,
            a.draws,
            a.losses,
            opt(a.score, 3),
            ci,
            elo(a),
            a.forfeits,
            opt(a.seconds_per_move, 4)
        );
    }
    out.push('\n');
}

/// The stdout report: one section per game, all games together, and an
/// agents × games table of Elo ratings.
pub fn table(summary: &Summary) -> String {
    let mut out = String::new();
    let max_plies = summary.settings.max_plies;
    for section in &summary.games {
        section_table(&mut out, section, max_plies);
    }
    if summary.games.len() > 1 {
        section_table(&mut out, &summary.overall, max_plies);
    }
    let _ = writeln!(
        out,
        "== Elo ± 95% by game ({} = 0; adjudicated games not counted)",
        summary.anchor
    );
    let mut columns: Vec<&Section> = summary.games.iter().collect();
    columns.push(&summary.overall);
    let width = summary
        .settings
        .agents
        .iter()
        .map(|a| a.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let cell = |s: &Section| s.game.len().max(11);
    let _ = write!(out, "   {:<width$}", "agent");
    for s in &columns {
        let _ = write!(out, " {:>w$}", s.game, w = cell(s));
    }
    out.push('\n');
    for (i, agent) in summary.settings.agents.iter().enumerate() {
        let _ = write!(out, "   {agent:<width$}");
        for s in &columns {
            let _ = write!(out, " {:>w$}", elo(&s.agents[i]), w = cell(s));
        }
        out.push('\n');
    }
    out
}

/// `summary.json`.
pub fn json(summary: &Summary) -> String {
    let mut text = serde_json::to_string_pretty(summary).expect("a summary serializes");
    text.push('\n');
    text
}

/// The columns of `summary.csv`.
pub const CSV_HEADER: &str = "game,players,agent,games,wins,draws,losses,adjudicated,score,score_low,score_high,elo,elo_se,elo_low,elo_high,seconds_per_move,forfeits";

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// `summary.csv`: one row per game and agent, then the `all` rows.
pub fn csv(summary: &Summary) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    let num = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
    for section in summary.games.iter().chain([&summary.overall]) {
        for a in &section.agents {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                csv_field(&section.game),
                section.players.map_or(String::new(), |p| p.to_string()),
                csv_field(&a.agent),
                a.games,
                a.wins,
                a.draws,
                a.losses,
                a.adjudicated,
                num(a.score),
                num(a.score_low),
                num(a.score_high),
                num(a.elo),
                num(a.elo_se),
                num(a.elo_low),
                num(a.elo_high),
                num(a.seconds_per_move),
                a.forfeits,
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_specs_with_commas() {
        assert_eq!(
            csv_field("mcts(iterations=5,c=1)"),
            "\"mcts(iterations=5,c=1)\""
        );
        assert_eq!(csv_field("random"), "random");
        assert_eq!(csv_field("a\"b,"), "\"a\"\"b,\"");
    }
}
