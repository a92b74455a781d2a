//! The summary as a table for people, and as JSON and CSV for programs.

use std::fmt::Write as _;
use std::path::Path;

use super::chart;
use super::rating::{Standing, Swept, EXACT_LIMIT, PRIOR_DRAWS};
use super::run::GameResult;
use super::stats::{AgentRow, Degenerate, Section, Summary};
use tabula::files::write_atomic;
use tabula::table::{Column, TextTable};

/// Writes `summary.json`, `summary.csv` and the charts into `dir`, each
/// replaced atomically.
pub fn write_files(dir: &Path, summary: &Summary) -> Result<(), String> {
    write_atomic(&dir.join("summary.json"), json(summary).as_bytes())?;
    write_atomic(&dir.join("summary.csv"), csv(summary).as_bytes())?;
    write_atomic(
        &dir.join("crosstable.csv"),
        crosstable_csv(summary).as_bytes(),
    )?;
    for section in summary.games.iter().chain([&summary.overall]) {
        let path = dir.join(format!("ratings-{}.svg", chart::file_stem(&section.game)));
        write_atomic(
            &path,
            chart::chart(section, &anchor_label(summary)).as_bytes(),
        )?;
    }
    Ok(())
}

/// The warning that many games repeat earlier ones move for move, with
/// how to vary them; `None` when at least three in four games are
/// distinct. Agents with fixed seeds (`random(seed=1)` against
/// `random(seed=2)`) or that choose deterministically (`alphabeta`) replay
/// one game per pairing and seat order round after round, and such a
/// tournament's figures rest on far fewer games than they count.
pub fn repeats_warning(summary: &Summary) -> Option<String> {
    let (games, distinct) = (summary.overall.games, summary.overall.distinct);
    // Before summaries counted distinct games, `distinct` reads 0.
    if distinct == 0 || distinct * 4 >= games * 3 {
        return None;
    }
    Some(format!(
        "warning: only {distinct} of {games} games are distinct; the other {} repeat an \
         earlier game move for move (agents with fixed seeds or deterministic choices replay \
         the same game), so the results are {distinct} games' worth of evidence. Vary the \
         games with --opening-plies N (random opening moves, the same for both seat orders) \
         and agents without fixed seeds (no `seed=` in their specs)",
        games - distinct
    ))
}

/// The most agents the progress line names.
pub const LINE_AGENTS: usize = 8;

/// Each agent's score so far, for the progress bar.
#[derive(Debug, Clone)]
pub struct RunningScores {
    agents: Vec<String>,
    /// Score sum and finished appearances per agent.
    totals: Vec<(f64, usize)>,
}

impl RunningScores {
    pub fn new(agents: &[String]) -> Self {
        RunningScores {
            agents: agents.iter().map(|a| super::names::table_name(a)).collect(),
            totals: vec![(0.0, 0); agents.len()],
        }
    }

    pub fn add(&mut self, result: &GameResult) {
        for (seat, &agent) in result.seats.iter().enumerate() {
            if let Some(score) = result.score(seat) {
                self.totals[agent].0 += score;
                self.totals[agent].1 += 1;
            }
        }
    }

    /// `random 41.7% (12.5/30) · mcts 58.3% (17.5/30)`: every agent's, in
    /// their order, up to [`LINE_AGENTS`] agents; of more, the best so many
    /// by score so far, and how many are left out (a line, not a table:
    /// its cost and length stay the same however many agents play).
    pub fn line(&self) -> String {
        let part = |i: usize| match self.totals[i] {
            (_, 0) => format!("{} -", self.agents[i]),
            (sum, n) => format!(
                "{} {:.1}% ({sum}/{n})",
                self.agents[i],
                100.0 * sum / n as f64
            ),
        };
        let mut shown: Vec<usize> = (0..self.agents.len()).collect();
        if shown.len() > LINE_AGENTS {
            let mean = |i: usize| match self.totals[i] {
                (_, 0) => -1.0,
                (sum, n) => sum / n as f64,
            };
            shown.select_nth_unstable_by(LINE_AGENTS - 1, |&a, &b| {
                mean(b).total_cmp(&mean(a)).then(a.cmp(&b))
            });
            shown.truncate(LINE_AGENTS);
            shown.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        }
        let parts: Vec<String> = shown.iter().map(|&i| part(i)).collect();
        match self.agents.len() - shown.len() {
            0 => format!("score: {}", parts.join(" · ")),
            more => format!(
                "score (the best {LINE_AGENTS}): {} · {more} more",
                parts.join(" · ")
            ),
        }
    }
}

fn opt(value: Option<f64>, decimals: usize) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.decimals$}"))
}

fn percent(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{:.1}%", v * 100.0))
}

/// What the tables say is rated 0: an agent's name, or `mean`.
fn anchor_label(summary: &Summary) -> String {
    match summary.anchor.as_str() {
        super::stats::MEAN => "mean".to_string(),
        agent => super::names::table_name(agent),
    }
}

/// `123 ± 45` (the 95% half width), `0` for the anchoring agent, `-`
/// unrated; `won all` / `lost all` beside it for an agent that won or lost
/// every comparison it had.
fn elo(row: &AgentRow) -> String {
    let value = match (row.elo, row.elo_se) {
        (Some(e), Some(se)) if se > 0.0 => format!("{e:.0} ± {:.0}", tabula::stats::Z95 * se),
        (Some(e), _) => format!("{e:.0}"),
        _ => "-".to_string(),
    };
    match row.swept {
        Some(Swept::Won) => format!("{value} won all"),
        Some(Swept::Lost) => format!("{value} lost all"),
        None => value,
    }
}

/// The lines that say why a section's ratings say little, if they do, and
/// when its intervals are approximate.
pub fn degenerate_notes(section: &Section) -> Vec<String> {
    let played = |pick: &dyn Fn(&AgentRow) -> bool| -> Vec<&str> {
        section
            .agents
            .iter()
            .filter(|a| a.games > 0 && pick(a))
            .map(|a| a.name.as_str())
            .collect()
    };
    let mut notes = Vec::new();
    match section.degenerate {
        Some(Degenerate::Sweep) => {
            let mut parts = Vec::new();
            let won = played(&|a| a.swept == Some(Swept::Won));
            if !won.is_empty() {
                parts.push(format!("{} won every comparison", won.join(", ")));
            }
            let lost = played(&|a| a.swept == Some(Swept::Lost));
            if !lost.is_empty() {
                parts.push(format!("{} lost every comparison", lost.join(", ")));
            }
            if parts.is_empty() {
                parts.push("a group of agents won every comparison with the rest".to_string());
            }
            notes.push(format!(
                "sweep: {}; the results alone do not bound those ratings, the prior \
                 ({PRIOR_DRAWS} virtual draws per agent) does: the Elo is finite but \
                 says little more than the order; compare the score intervals",
                parts.join("; ")
            ));
        }
        Some(Degenerate::Inconclusive) => notes.push(
            "inconclusive: every agent's 95% Elo interval overlaps every other's; \
             play more games to tell them apart"
                .to_string(),
        ),
        Some(Degenerate::Disconnected) | None => {}
    }
    let unrated = played(&|a| a.standing == Standing::Unrated);
    if !unrated.is_empty() {
        notes.push(format!(
            "unrated: {} never met the rated agents, directly or through others",
            unrated.join(", ")
        ));
    }
    if section.approximate_intervals {
        notes.push(format!(
            "approximate intervals: more than {EXACT_LIMIT} agents are rated together, so \
             each interval takes its opponents' ratings as known (narrower than the \
             exact one where agents met few others)"
        ));
    }
    notes
}

fn section_table(out: &mut String, section: &Section, max_plies: usize, test: bool) {
    let name = match section.players {
        Some(p) => format!("{} ({p} players)", section.game),
        None => "all games".to_string(),
    };
    let _ = writeln!(
        out,
        "== {name}: {} games: {} finished, {} adjudicated at {max_plies} plies (no result)",
        section.games, section.finished, section.adjudicated
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
    for note in degenerate_notes(section) {
        let _ = writeln!(out, "   {note}");
    }
    let mut table = TextTable::new(vec![
        Column::left("agent"),
        Column::right("games").width(6),
        Column::right("W").width(5),
        Column::right("D").width(5),
        Column::right("L").width(5),
        Column::right("adjud.").width(6),
        Column::right("score").width(6),
        Column::right("95% Wilson").width(15),
        Column::right("Elo ± 95%").width(12),
        Column::right("forfeits").width(8),
        Column::right("s/move").width(9),
    ])
    .indent("   ");
    for a in &section.agents {
        let ci = match (a.score_low, a.score_high) {
            (Some(lo), Some(hi)) => format!("[{lo:.3}, {hi:.3}]"),
            _ => "-".to_string(),
        };
        table.row([
            a.name.clone(),
            a.games.to_string(),
            a.wins.to_string(),
            a.draws.to_string(),
            a.losses.to_string(),
            a.adjudicated.to_string(),
            opt(a.score, 3),
            ci,
            elo(a),
            a.forfeits.to_string(),
            opt(a.seconds_per_move, 4),
        ]);
    }
    out.push_str(&table.to_string());
    out.push('\n');
    crosstable_table(out, section, test);
}

/// A pairing's Elo from its own games: the estimate ± its 95% error; for a
/// pairing one side swept, which bounds its Elo one way only, the bound
/// its 95% Wilson interval gives, and the fact (`≤ -127 lost all`). In an
/// SPRT (`test`), the test's estimate whatever the games, as everywhere in
/// its report.
fn pairing_elo(p: &super::Pairing, test: bool) -> String {
    let t = &p.tally;
    let games = t.games() as usize;
    let swept = match (t.wins, t.draws, t.losses) {
        _ if test => None,
        (w, 0, 0) if w > 0 => Some(true),
        (0, 0, l) if l > 0 => Some(false),
        _ => None,
    };
    match (swept, p.estimate) {
        (Some(true), _) => {
            let (low, _) = tabula::stats::wilson(1.0, games);
            format!("≥ {:.0} won all", tabula::stats::elo_of_score(low))
        }
        (Some(false), _) => {
            let (_, high) = tabula::stats::wilson(0.0, games);
            format!("≤ {:.0} lost all", tabula::stats::elo_of_score(high))
        }
        (None, Some(e)) if test || e.elo.abs() < 1000.0 => {
            format!("{:.0} ± {:.0}", e.elo, e.elo_error)
        }
        _ => "-".to_string(),
    }
}

/// The crosstable: each pairing's W–D–L and score from the first agent's
/// side, and the seat-swapped pairs' counts.
fn crosstable_table(out: &mut String, section: &Section, test: bool) {
    if section.crosstable.is_empty() {
        return;
    }
    let mut table = TextTable::new(vec![
        Column::left("pairing"),
        Column::right("games").width(6),
        Column::right("W").width(5),
        Column::right("D").width(5),
        Column::right("L").width(5),
        Column::right("adjud.").width(6),
        Column::right("score").width(6),
        Column::right("Elo ± 95%").width(12),
        Column::right("pairs").width(6),
        Column::left("Ptnml(0-2)"),
    ])
    .indent("   ");
    for p in &section.crosstable {
        let t = &p.tally;
        table.row([
            format!("{} vs {}", p.first, p.second),
            t.games().to_string(),
            t.wins.to_string(),
            t.draws.to_string(),
            t.losses.to_string(),
            p.adjudicated.to_string(),
            opt(p.score, 3),
            pairing_elo(p, test),
            t.pairs().to_string(),
            format!("{:?}", t.ptnml),
        ]);
    }
    out.push_str(&table.to_string());
    out.push('\n');
}

/// The stdout report: one section per game, all games together, and an
/// agents × games table of Elo ratings.
pub fn table(summary: &Summary) -> String {
    let mut out = String::new();
    let max_plies = summary.settings.max_plies;
    for section in &summary.games {
        section_table(&mut out, section, max_plies, summary.sprt.is_some());
    }
    if summary.games.len() > 1 {
        section_table(
            &mut out,
            &summary.overall,
            max_plies,
            summary.sprt.is_some(),
        );
    }
    let _ = writeln!(
        out,
        "== Elo ± 95% by game ({} = 0; adjudicated games have no result and are not rated)",
        anchor_label(summary)
    );
    let mut sections: Vec<&Section> = summary.games.iter().collect();
    sections.push(&summary.overall);
    let mut columns = vec![Column::left("agent")];
    columns.extend(sections.iter().map(|s| Column::right(&s.game).width(11)));
    let mut table = TextTable::new(columns).indent("   ");
    for (i, agent) in summary.settings.agents.iter().enumerate() {
        let mut row = vec![super::names::table_name(agent)];
        row.extend(sections.iter().map(|s| elo(&s.agents[i])));
        table.row(row);
    }
    out.push_str(&table.to_string());
    if let Some(sprt) = &summary.sprt {
        out.push('\n');
        out.push_str(&sprt.text());
    }
    out
}

/// The columns of `crosstable.csv`.
pub const CROSSTABLE_HEADER: &str =
    "game,first,second,games,wins,draws,losses,adjudicated,score,pairs,ptnml0,ptnml1,ptnml2,ptnml3,ptnml4";

/// `crosstable.csv`: one row per game and pairing (W/D/L of `first`), then
/// the `all` rows.
pub fn crosstable_csv(summary: &Summary) -> String {
    let mut out = String::from(CROSSTABLE_HEADER);
    out.push('\n');
    for section in summary.games.iter().chain([&summary.overall]) {
        for p in &section.crosstable {
            let t = &p.tally;
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{}",
                csv_field(&section.game),
                csv_field(&p.first),
                csv_field(&p.second),
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                p.adjudicated,
                p.score.map_or(String::new(), |v| v.to_string()),
                t.pairs(),
                t.ptnml.map(|c| c.to_string()).join(","),
            );
        }
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
pub const CSV_HEADER: &str = "game,players,agent,games,wins,draws,losses,adjudicated,score,score_low,score_high,elo,elo_se,elo_low,elo_high,seconds_per_move,standing,swept,degenerate,forfeits";

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A unit enum's JSON name: `above`, `sweep`, ….
fn json_word(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
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
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
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
                json_word(&a.standing),
                a.swept.map_or(String::new(), |s| json_word(&s)),
                section.degenerate.map_or(String::new(), |d| json_word(&d)),
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
    fn running_scores_count_shares_and_skip_adjudicated_games() {
        let game = |seats: Vec<usize>, winners: Option<Vec<usize>>| GameResult {
            index: 0,
            game: 0,
            round: 0,
            seats,
            seed: 0,
            winners,
            plies: 1,
            seconds: vec![0.0; 2],
            moves_made: vec![1; 2],
            forfeit: None,
            moves_key: 0,
        };
        let mut scores = RunningScores::new(&["random".into(), "mcts".into(), "x".into()]);
        assert_eq!(scores.line(), "score: random - · mcts - · x -");
        scores.add(&game(vec![0, 1], Some(vec![1])));
        scores.add(&game(vec![1, 0], Some(vec![0, 1])));
        scores.add(&game(vec![0, 1], None));
        assert_eq!(
            scores.line(),
            "score: random 25.0% (0.5/2) · mcts 75.0% (1.5/2) · x -"
        );
        // Of many agents, the best few, by score.
        let many: Vec<String> = (0..20).map(|i| format!("a{i}")).collect();
        let mut scores = RunningScores::new(&many);
        scores.add(&game(vec![7, 3], Some(vec![0])));
        scores.add(&game(vec![12, 3], Some(vec![0, 1])));
        let line = scores.line();
        assert!(
            line.starts_with(
                "score (the best 8): a7 100.0% (1/1) · a12 50.0% (0.5/1) · a3 25.0% (0.5/2) · a0 -"
            ),
            "{line}"
        );
        assert!(line.ends_with(" · 12 more"), "{line}");
    }

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
