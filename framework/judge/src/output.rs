//! A [`Report`] for people and files: the text table `tabula analyse`
//! prints, the chart, and `accuracy.json` and `accuracy.svg`.

use std::path::{Path, PathBuf};

use tabula::chart::{Axis, IntervalColours, RowChart};
use tabula::files::write_atomic;
use tabula::stats::Estimate;
use tabula::table::{Column, TextTable};

use crate::game::{Phase, PHASES};
use crate::report::{AgentReport, Report, Tally};
use crate::JudgeError;

/// `30.4% (22.1–40.0)`: a share with its 95% Wilson interval (not `±`:
/// the interval is not symmetric), or `-`.
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

/// A mean margin lost, or `-`.
fn mean(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.2}"))
}

impl AgentReport {
    fn phase(&self, phase: Phase) -> &Tally {
        &self.phases[&phase]
    }
}

impl Report {
    /// The report as `accuracy.json` holds it.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serializes")
    }

    /// The report for people: what was judged, then a row per agent.
    pub fn text(&self) -> String {
        let mut text = format!(
            "{} games judged against {} ({} of other games or variants skipped)\n",
            self.games, self.solves, self.skipped
        );
        if self.opening_plies > 0 {
            text += &format!(
                "{} opening plies chosen by no agent (--opening-plies, an opening suite) \
                 are not judged; phases are thirds of the moves the agents chose\n",
                self.opening_plies
            );
        }
        match self.by_margin {
            true => {
                text += "lost/move: the final margin a move gives up, by phase on the right\n";
                text + &self.margin_table()
            }
            false => text + &self.result_table(),
        }
    }

    /// The table of a win/loss database's report.
    fn result_table(&self) -> String {
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
        for a in &self.agents {
            let c = &a.all.counts;
            table.row([
                a.name.clone(),
                c.moves.to_string(),
                c.from_won.to_string(),
                c.from_drawn.to_string(),
                c.from_lost.to_string(),
                percent(a.all.accuracy),
                c.won_to_drawn.to_string(),
                c.won_to_lost.to_string(),
                c.drawn_to_lost.to_string(),
                a.all
                    .perfect_rate
                    .map_or("-".to_string(), |p| format!("{:.1}%", 100.0 * p.value)),
                percent(a.phase(Phase::Opening).accuracy),
                percent(a.phase(Phase::Middle).accuracy),
                percent(a.phase(Phase::Ending).accuracy),
            ]);
        }
        table.to_string()
    }

    /// The table of a score-margin database's report.
    fn margin_table(&self) -> String {
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
        for a in &self.agents {
            let c = &a.all.counts;
            table.row([
                a.name.clone(),
                c.moves.to_string(),
                percent(a.all.perfect_rate),
                mean(a.all.mean_margin_lost),
                c.worst.unwrap_or(0).to_string(),
                c.blunders().to_string(),
                mean(a.phase(Phase::Opening).mean_margin_lost),
                mean(a.phase(Phase::Middle).mean_margin_lost),
                mean(a.phase(Phase::Ending).mean_margin_lost),
            ]);
        }
        table.to_string()
    }

    /// Agents as rows, by display name; per agent a bar of its share in
    /// each phase and a dot with its 95% interval for all its moves, on a
    /// 0–100% axis: the share that kept the result (win/loss), or that
    /// kept the best margin.
    pub fn chart(&self) -> String {
        const ROW: f64 = 56.0;
        const PHASE_COLOURS: [&str; 3] = ["#9cc3e6", "#4f8fcc", "#1f4f8a"];
        let (title, share): (&str, fn(&Tally) -> Option<Estimate>) = match self.by_margin {
            true => ("Moves that keep the best margin", |t| t.perfect_rate),
            false => (
                "Moves that keep the value (won stays won, drawn not lost)",
                |t| t.accuracy,
            ),
        };
        let names: Vec<&str> = self.agents.iter().map(|a| a.name.as_str()).collect();
        // The title, a line saying what was judged, then the legend.
        let mut chart = RowChart::new(title, Axis::percent(), &names, ROW, 80.0);
        let svg = chart.svg();
        let judged = format!("{}: {} games", self.solves, self.games);
        svg.text(10.0, 42.0, &judged, "");
        let mut legend = 10.0;
        for (phase, colour) in PHASES.iter().zip(PHASE_COLOURS) {
            svg.rect(legend, 52.0, 12.0, 12.0, &format!(r#"fill="{colour}""#));
            svg.text(legend + 16.0, 63.0, phase.name(), "");
            legend += 90.0;
        }
        let dot = format!(r#"fill="{}""#, IntervalColours::RED.dot);
        svg.circle(legend + 6.0, 58.0, 4.5, &dot);
        svg.text(legend + 16.0, 63.0, "all moves, 95% Wilson interval", "");
        for (row, a) in self.agents.iter().enumerate() {
            let (top, zero) = (chart.row_top(row), chart.x(0.0));
            for (k, (phase, colour)) in PHASES.iter().zip(PHASE_COLOURS).enumerate() {
                if let Some(share) = share(a.phase(*phase)) {
                    let width = chart.x(share.value) - zero;
                    let tooltip = format!("{}: {:.1}%", phase.name(), 100.0 * share.value);
                    let y = top + 8.0 + 13.0 * k as f64;
                    let fill = format!(r#"fill="{colour}""#);
                    chart
                        .svg()
                        .rect_titled(zero, y, width, 12.0, &fill, &tooltip);
                }
            }
            if let Some(all) = share(&a.all) {
                chart.interval(row, all, IntervalColours::RED, &percent(Some(all)));
            }
        }
        chart.finish()
    }

    /// Writes `accuracy.json` and `accuracy.svg` into `dir` (made if
    /// missing), each replaced whole; returns their paths.
    pub fn write(&self, dir: &Path) -> Result<(PathBuf, PathBuf), JudgeError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| JudgeError::Write(format!("{}: {e}", dir.display())))?;
        let (json, svg) = (dir.join("accuracy.json"), dir.join("accuracy.svg"));
        write_atomic(&json, (self.json() + "\n").as_bytes()).map_err(JudgeError::Write)?;
        write_atomic(&svg, self.chart().as_bytes()).map_err(JudgeError::Write)?;
        Ok((json, svg))
    }
}
