//! The summary as tables for people (`summary.txt`, what `tabula study`
//! prints), as JSON and CSV for programs, and as charts.

use std::fmt::Write as _;
use std::path::Path;

use tabula::files::write_atomic;
use tabula::table::{Column, TextTable};

use super::chart;
use super::metrics::{Interval, SelfPlay};
use super::summary::{Summary, VariantSummary};

/// Writes `summary.json`, `summary.csv`, `summary.txt` and the charts into
/// `dir`, each replaced atomically.
pub fn write_files(dir: &Path, summary: &Summary) -> Result<(), String> {
    write_atomic(&dir.join("summary.json"), json(summary).as_bytes())?;
    write_atomic(&dir.join("summary.csv"), csv(summary).as_bytes())?;
    write_atomic(&dir.join("summary.txt"), table(summary).as_bytes())?;
    for (name, svg) in chart_files(summary) {
        write_atomic(&dir.join(name), svg.as_bytes())?;
    }
    Ok(())
}

/// The charts of `summary`, as (file name, SVG).
pub fn chart_files(summary: &Summary) -> Vec<(String, String)> {
    chart::charts(summary)
}

/// `summary.json`.
pub fn json(summary: &Summary) -> String {
    serde_json::to_string_pretty(summary).expect("a summary serializes") + "\n"
}

/// A share as a percentage: `71.3%`.
fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A share with its interval: `62.5% [47.0, 75.8]`.
fn pct_with(i: &Interval) -> String {
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        i.value * 100.0,
        i.low * 100.0,
        i.high * 100.0
    )
}

/// A number with its interval: `17.8 [16.8, 18.7]`.
fn with_range(i: &Interval) -> String {
    format!("{:.1} [{:.1}, {:.1}]", i.value, i.low, i.high)
}

fn or_dash(cell: Option<String>) -> String {
    cell.unwrap_or_else(|| "–".to_string())
}

/// A table under its heading, as the arena prints its tables.
fn section(out: &mut String, heading: &str, table: TextTable) {
    let _ = write!(out, "\n== {heading}\n{}", table.indent("   "));
}

/// Every table of the summary, under a heading each.
pub fn table(summary: &Summary) -> String {
    let s = &summary.settings;
    let mut out = String::new();
    let ladder = s.ladder.as_ref().map_or("none".to_string(), |l| {
        format!("{l}, {} games a step", s.ladder_games)
    });
    let _ = writeln!(
        out,
        "study of {} variant(s); self-play: {}, {} games each; ladder: {ladder}; seed {}",
        summary.variants.len(),
        s.agent,
        s.games,
        s.seed
    );
    if let Some(shard) = summary.shard {
        let _ = writeln!(out, "shard {shard} of every tournament");
    }
    let with_self_play: Vec<(&VariantSummary, &SelfPlay)> = summary
        .variants
        .iter()
        .filter_map(|v| Some((v, v.self_play.as_ref()?)))
        .collect();
    if !with_self_play.is_empty() {
        balance(&mut out, &with_self_play);
        length(&mut out, &with_self_play);
        drama(&mut out, &with_self_play);
    }
    depth(&mut out, summary);
    exact(&mut out, summary);
    out
}

fn balance(out: &mut String, rows: &[(&VariantSummary, &SelfPlay)]) {
    let seats = rows.iter().map(|(v, _)| v.players).max().unwrap_or(2);
    let mut columns = vec![Column::left("variant"), Column::right("games")];
    for seat in 1..=seats {
        columns.push(Column::right(&format!("seat {seat} [95%]")));
    }
    columns.extend([
        Column::right("first-move advantage"),
        Column::right("draws"),
        Column::right("adjudicated"),
    ]);
    let mut table = TextTable::new(columns);
    for (v, s) in rows {
        let mut cells = vec![v.label.clone(), s.games.to_string()];
        for seat in 0..seats {
            cells.push(s.seats.get(seat).map(pct_with).unwrap_or_default());
        }
        cells.push(or_dash(s.first_move_advantage.map(|i| {
            format!(
                "{:+.1} [{:+.1}, {:+.1}]",
                i.value * 100.0,
                i.low * 100.0,
                i.high * 100.0
            )
        })));
        cells.push(or_dash(s.draws.map(|i| pct(i.value))));
        cells.push(or_dash(s.adjudicated.map(|i| pct(i.value))));
        table.row(cells);
    }
    section(
        out,
        "Balance: each seat's score in self-play (95% Wilson), over the finished games",
        table,
    );
}

fn length(out: &mut String, rows: &[(&VariantSummary, &SelfPlay)]) {
    let mut table = TextTable::new(vec![
        Column::left("variant"),
        Column::right("plies [95%]"),
        Column::right("median"),
        Column::right("p10"),
        Column::right("p90"),
        Column::right("turns"),
        Column::right("branching [95%]"),
        Column::right("opening"),
        Column::right("middle"),
        Column::right("ending"),
    ]);
    let value = |i: Option<Interval>| or_dash(i.map(|i| format!("{}", i.value)));
    let mean = |i: Option<Interval>| or_dash(i.map(|i| format!("{:.1}", i.value)));
    for (v, s) in rows {
        table.row([
            v.label.clone(),
            or_dash(s.plies.mean.as_ref().map(with_range)),
            value(s.plies.median),
            value(s.plies.p10),
            value(s.plies.p90),
            mean(s.turns.mean),
            or_dash(s.branching.as_ref().map(with_range)),
            mean(s.branching_by_phase.opening),
            mean(s.branching_by_phase.middle),
            mean(s.branching_by_phase.ending),
        ]);
    }
    section(
        out,
        "Duration: plies and turns per finished game (means); branching: legal moves per ply, by thirds of the game",
        table,
    );
}

fn drama(out: &mut String, rows: &[(&VariantSummary, &SelfPlay)]) {
    let mut table = TextTable::new(vec![
        Column::left("variant"),
        Column::right("decided"),
        Column::right("lead changes [95%]"),
        Column::right("winner leads for good from [95%]"),
        Column::right("comebacks [95%]"),
    ]);
    for (v, s) in rows {
        let d = &s.drama;
        table.row([
            v.label.clone(),
            d.games.to_string(),
            or_dash(d.lead_changes.as_ref().map(with_range)),
            or_dash(d.ahead_from.as_ref().map(pct_with)),
            or_dash(d.comebacks.as_ref().map(pct_with)),
        ]);
    }
    section(
        out,
        "Decisiveness and drama: games with one winner, by the searches' own values",
        table,
    );
}

fn depth(out: &mut String, summary: &Summary) {
    let mut table = TextTable::new(vec![
        Column::left("variant"),
        Column::right("depth"),
        Column::left("step"),
        Column::right("games"),
        Column::right("score [95%]"),
        Column::right("Elo [95%]"),
        Column::left("significant"),
    ]);
    let mut any = false;
    for v in &summary.variants {
        let Some(depth) = &v.depth else { continue };
        any = true;
        let verdict = format!(
            "{}{}",
            if depth.open_ended { ">= " } else { "" },
            depth.depth
        );
        for (k, step) in depth.steps.iter().enumerate() {
            let (label, verdict) = match k {
                0 => (v.label.clone(), verdict.clone()),
                _ => (String::new(), String::new()),
            };
            let name = format!("{} vs {}", step.strong, step.weak);
            if !step.played {
                table.row([label, verdict, name, "–".into(), "not played".into()]);
                continue;
            }
            table.row([
                label,
                verdict,
                name,
                step.games.to_string(),
                or_dash(step.score.as_ref().map(pct_with)),
                or_dash(
                    step.elo
                        .map(|i| format!("{:+.0} [{:+.0}, {:+.0}]", i.value, i.low, i.high)),
                ),
                if step.significant { "yes" } else { "no" }.to_string(),
            ]);
        }
    }
    if any {
        section(
            out,
            "Depth (skill trace): each step's stronger agent against the weaker",
            table,
        );
    }
}

fn exact(out: &mut String, summary: &Summary) {
    let mut table = TextTable::new(vec![
        Column::left("variant"),
        Column::right("start (first player)"),
        Column::right("forgiveness"),
        Column::right("keeping"),
        Column::left("table"),
    ]);
    for v in &summary.variants {
        match &v.exact {
            Some(e) => {
                let kept = e.moves.iter().filter(|m| m.keeps).count();
                table.row([
                    v.label.clone(),
                    e.text(),
                    pct(e.forgiveness),
                    format!("{kept} of {} moves", e.moves.len()),
                    e.table.clone(),
                ]);
            }
            None => table.row([
                v.label.clone(),
                "–".to_string(),
                "–".to_string(),
                String::new(),
                v.exact_note.clone().unwrap_or_default(),
            ]),
        }
    }
    section(out, "Exact values under perfect play", table);
}

/// One line per variant and metric: `variant,label,metric,value,low,high,n`.
fn csv(summary: &Summary) -> String {
    let mut out = String::from("variant,label,metric,value,low,high,n\n");
    for v in &summary.variants {
        let mut row = |metric: &str, i: Option<Interval>, n: usize| {
            if let Some(i) = i {
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{n}",
                    quote(&v.variant),
                    quote(&v.label),
                    quote(metric),
                    i.value,
                    i.low,
                    i.high
                );
            }
        };
        if let Some(s) = &v.self_play {
            row("completion", s.completion, s.games);
            row("adjudicated", s.adjudicated, s.games);
            row("draws", s.draws, s.finished);
            for (seat, score) in s.seats.iter().enumerate() {
                row(
                    &format!("seat_{}_score", seat + 1),
                    Some(*score),
                    s.finished,
                );
            }
            row("first_move_advantage", s.first_move_advantage, s.finished);
            for (name, spread) in [("plies", &s.plies), ("turns", &s.turns)] {
                row(&format!("{name}_mean"), spread.mean, s.finished);
                row(&format!("{name}_median"), spread.median, s.finished);
                row(&format!("{name}_p10"), spread.p10, s.finished);
                row(&format!("{name}_p90"), spread.p90, s.finished);
            }
            row("branching", s.branching, s.games);
            row("branching_opening", s.branching_by_phase.opening, s.games);
            row("branching_middle", s.branching_by_phase.middle, s.games);
            row("branching_ending", s.branching_by_phase.ending, s.games);
            row("lead_changes", s.drama.lead_changes, s.drama.games);
            row("ahead_from", s.drama.ahead_from, s.drama.games);
            row("comebacks", s.drama.comebacks, s.drama.games);
        }
        if let Some(d) = &v.depth {
            row(
                "depth",
                Some(Interval::exact(d.depth as f64)),
                d.steps.len(),
            );
            for step in &d.steps {
                let name = format!("step_score({} vs {})", step.strong, step.weak);
                row(&name, step.score, step.games);
            }
        }
        if let Some(e) = &v.exact {
            row(
                "exact_forgiveness",
                Some(Interval::exact(e.forgiveness)),
                e.moves.len(),
            );
            let value = match e.value.as_str() {
                "win" => 1.0,
                "loss" => 0.0,
                _ => 0.5,
            };
            row("exact_value", Some(Interval::exact(value)), 1);
            if let Some(d) = e.distance {
                row("exact_distance", Some(Interval::exact(f64::from(d))), 1);
            }
            if let Some(m) = e.margin {
                row("exact_margin", Some(Interval::exact(f64::from(m))), 1);
            }
        }
    }
    out
}

/// A CSV field, quoted (specs hold commas).
fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}
