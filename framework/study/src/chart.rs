//! Each metric across the sweep as a chart: one row per variant (or per
//! variant and seat, or per ladder step), a dot at the value and a bar
//! over its 95% interval, drawn with core's [`RowChart`].

use tabula::chart::{Axis, IntervalColours, RowChart};

use super::metrics::Interval;
use super::summary::{Summary, VariantSummary};

/// One row: its label, and its estimate or the reason it has none.
type Row = (String, Result<Interval, String>);

/// The charts of `summary`, as (file name, SVG): one per metric that any
/// variant has a value of.
pub fn charts(summary: &Summary) -> Vec<(String, String)> {
    let variants = &summary.variants;
    let title = |what: &str| format!("{what} ({})", subject(summary));
    let mut charts = Vec::new();
    let mut add = |name: &str, chart: Option<String>| {
        if let Some(svg) = chart {
            charts.push((format!("{name}.svg"), svg));
        }
    };
    // Every seat's score, with the fair share marked when all agree.
    let seats: Vec<Row> = variants
        .iter()
        .flat_map(|v| {
            (0..v.players).map(move |seat| {
                let score = v
                    .self_play
                    .as_ref()
                    .and_then(|s| s.seats.get(seat).copied());
                let label = match v.players {
                    2 if seat == 0 => format!("{}: first", v.label),
                    2 => format!("{}: second", v.label),
                    _ => format!("{}: seat {}", v.label, seat + 1),
                };
                (label, score.ok_or_else(|| "no finished games".to_string()))
            })
        })
        .collect();
    let fair = variants
        .iter()
        .all(|v| v.players == variants[0].players)
        .then(|| 1.0 / variants[0].players.max(1) as f64);
    add(
        "balance",
        percent(
            &title("Balance: each seat's score in self-play, 95% Wilson"),
            &seats,
            fair,
        ),
    );
    let self_play = |pick: fn(&VariantSummary) -> Option<Interval>, why: &str| -> Vec<Row> {
        variants
            .iter()
            .map(|v| (v.label.clone(), pick(v).ok_or_else(|| why.to_string())))
            .collect()
    };
    let rows = self_play(|v| v.self_play.as_ref()?.completion, "no games");
    add(
        "completion",
        percent(&title("Completion: games ended by the rules"), &rows, None),
    );
    let rows = self_play(|v| v.self_play.as_ref()?.draws, "no finished games");
    add(
        "draws",
        percent(
            &title("Draws: finished games with no single winner"),
            &rows,
            None,
        ),
    );
    let rows = self_play(
        |v| v.self_play.as_ref()?.plies.mean,
        "fewer than 2 finished games",
    );
    add(
        "duration",
        counts(&title("Duration: plies per game, mean"), &rows),
    );
    let rows = self_play(|v| v.self_play.as_ref()?.branching, "fewer than 2 games");
    add(
        "branching",
        counts(&title("Branching: legal moves per ply, mean"), &rows),
    );
    let rows = self_play(
        |v| v.self_play.as_ref()?.drama.lead_changes,
        "fewer than 2 decided games",
    );
    add(
        "lead-changes",
        counts(&title("Lead changes per game"), &rows),
    );
    let rows = self_play(
        |v| v.self_play.as_ref()?.drama.ahead_from,
        "fewer than 2 decided games",
    );
    add(
        "decisiveness",
        percent(
            &title("Decisiveness: share of the game before the winner leads for good"),
            &rows,
            None,
        ),
    );
    let rows = self_play(
        |v| v.self_play.as_ref()?.drama.comebacks,
        "no decided games",
    );
    add(
        "drama",
        percent(&title("Drama: winners that were behind"), &rows, None),
    );
    let steps: Vec<Row> = variants
        .iter()
        .filter_map(|v| Some((v, v.depth.as_ref()?)))
        .flat_map(|(v, depth)| {
            depth.steps.iter().map(move |step| {
                let label = format!(
                    "{}: {} vs {}",
                    v.label,
                    budget(&step.strong),
                    budget(&step.weak)
                );
                let why = if step.played {
                    "no finished games"
                } else {
                    "not played: the ladder stopped below"
                };
                (label, step.score.ok_or_else(|| why.to_string()))
            })
        })
        .collect();
    add(
        "depth",
        percent(
            &title("Depth: the stronger agent's score at each doubling"),
            &steps,
            Some(0.5),
        ),
    );
    let rows: Vec<Row> = variants
        .iter()
        .map(|v| {
            let exact = v.exact.as_ref().map(|e| Interval::exact(e.forgiveness));
            let why = v.exact_note.clone().unwrap_or_default();
            (v.label.clone(), exact.ok_or(why))
        })
        .collect();
    if variants.iter().any(|v| v.exact.is_some()) {
        add(
            "forgiveness",
            percent(
                &title("Forgiveness: first moves that keep the start's value"),
                &rows,
                None,
            ),
        );
    }
    charts
}

/// What the study is of, for titles: the game swept, or the variants' count.
fn subject(summary: &Summary) -> String {
    match &summary.settings.game {
        Some(game) => game.clone(),
        None => format!("{} variants", summary.variants.len()),
    }
}

/// The budget in an agent spec (`mcts(iterations=32)` → `32`), else the spec.
fn budget(agent: &str) -> String {
    let parsed = tabula::Spec::parse(agent).ok();
    parsed
        .and_then(|s| s.args.last().map(|(_, v)| v.clone()))
        .unwrap_or_else(|| agent.to_string())
}

/// A chart of shares from 0% to 100%, with a dashed line at `mark`.
fn percent(title: &str, rows: &[Row], mark: Option<f64>) -> Option<String> {
    let mut chart = frame(title, Axis::percent(), rows)?;
    if let Some(mark) = mark {
        let x = chart.x(mark);
        let (top, bottom) = (chart.row_top(0), chart.row_top(rows.len()));
        chart.svg().line(
            (x, top),
            (x, bottom),
            r##"stroke="#999" stroke-dasharray="4 3""##,
        );
    }
    Some(draw(chart, rows, |v| format!("{:.1}%", v * 100.0)))
}

/// A chart of counts from 0, on round ticks.
fn counts(title: &str, rows: &[Row]) -> Option<String> {
    let high = rows
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok())
        .map(|i| i.high)
        .fold(0.0, f64::max);
    let step = (high / 8.0).max(1.0);
    let chart = frame(title, Axis::spanning(0.0, high, step), rows)?;
    Some(draw(chart, rows, |v| format!("{v:.1}")))
}

/// The chart's frame, `None` when no row has a value.
fn frame(title: &str, axis: Axis, rows: &[Row]) -> Option<RowChart> {
    if rows.iter().all(|(_, r)| r.is_err()) {
        return None;
    }
    let labels: Vec<&str> = rows.iter().map(|(l, _)| l.as_str()).collect();
    Some(RowChart::new(title, axis, &labels, 28.0, 48.0))
}

/// Each row's interval (clamped to the axis) or its note.
fn draw(mut chart: RowChart, rows: &[Row], show: impl Fn(f64) -> String) -> String {
    for (row, (_, value)) in rows.iter().enumerate() {
        match value {
            Ok(i) => {
                let tip = format!("{} [{}, {}]", show(i.value), show(i.low), show(i.high));
                let clamped = Interval {
                    value: i.value,
                    low: i.low.max(0.0),
                    high: i.high,
                };
                chart.interval(row, clamped.into(), IntervalColours::BLUE, &tip);
            }
            Err(why) => chart.note(row, why),
        }
    }
    chart.finish()
}
