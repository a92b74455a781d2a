//! Charts of rows with an interval each on one horizontal axis: the
//! arena's ratings (an agent's Elo with its 95% interval) and `tabula
//! analyse`'s accuracy (an agent's share of good moves with its interval)
//! share this layout, so they read alike and neither writes SVG by hand.
//!
//! Rows are named in a label column on the left, as wide as the longest
//! label; the plot to its right has a grid line and a label at each tick of
//! the [`Axis`], and each row a dot at its value with a bar over its
//! interval, or a note saying why it has none. Hovering over a dot shows
//! its figures. The text is monospace, so its width is known and the
//! picture grows to hold every label, title and note ([`Svg::chart`]):
//! nothing is cut off, whatever the agents are called.
//!
//! ```
//! use tabula_core::chart::{Axis, IntervalColours, RowChart};
//! use tabula_core::stats::Estimate;
//!
//! let mut chart = RowChart::new("Shares", Axis::percent(), &["mcts", "random"], 28.0, 48.0);
//! let share = Estimate { value: 0.75, low: 0.6, high: 0.86 };
//! chart.interval(0, share, IntervalColours::BLUE, "75.0% (60.0–86.0)");
//! chart.note(1, "no moves at stake");
//! let svg = chart.finish();
//! assert!(svg.contains(">50%</text>"));
//! assert!(svg.contains("<title>75.0% (60.0–86.0)</title>"));
//! ```

use crate::stats::Estimate;
use crate::svg::{num, text_width, Svg};

/// The narrowest label column, for rows with short names.
const MIN_LABEL: f64 = 80.0;
/// Room between a label and the plot, and left of the longest label.
const LABEL_GAP: f64 = 10.0;
/// The size of the rows' labels (the picture's font size).
const LABEL_SIZE: f64 = 13.0;
/// Width of the plot.
const PLOT: f64 = 480.0;
/// Room right of the plot, and below it for the tick labels.
const MARGIN: f64 = 40.0;
/// Grid lines, tick labels, and notes in place of an interval.
const GRID: &str = "#ddd";
const TICK_TEXT: &str = "#555";
const NOTE_TEXT: &str = "#999";

/// The horizontal axis: the range shown, a tick every `step`, and how a
/// tick's value is written (`value × scale` followed by `unit`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Axis {
    /// The value at the left end of the plot.
    pub low: f64,
    /// The value at the right end.
    pub high: f64,
    /// The distance between ticks.
    pub step: f64,
    /// What a tick's value is multiplied by when written.
    pub scale: f64,
    /// What follows a tick's written value, such as `%`.
    pub unit: &'static str,
}

impl Axis {
    /// Shares from 0% to 100%, a tick every 10%.
    pub fn percent() -> Axis {
        Axis {
            low: 0.0,
            high: 1.0,
            step: 0.1,
            scale: 100.0,
            unit: "%",
        }
    }

    /// An axis over at least `low..=high`, rounded out to whole ticks. The
    /// step is the first of 1, 2, 5, 10, 20, 50, … that is at least
    /// `min_step` (above 0) and needs at most 8 steps, so the ticks are
    /// round numbers and not crowded.
    pub fn spanning(low: f64, high: f64, min_step: f64) -> Axis {
        let span = high - low;
        let first = 10f64.powf(min_step.log10().floor());
        let step = (0..64)
            .flat_map(|k| [1.0, 2.0, 5.0].map(|m| m * first * 10f64.powi(k)))
            .find(|&s| s >= min_step && span / s <= 8.0)
            .unwrap_or(min_step);
        let low = (low / step).floor() * step;
        let high = ((high / step).ceil() * step).max(low + step);
        Axis {
            low,
            high,
            step,
            scale: 1.0,
            unit: "",
        }
    }

    /// The ticks' values, from `low` to `high`.
    pub fn ticks(&self) -> impl Iterator<Item = f64> + '_ {
        let count = ((self.high - self.low) / self.step).round() as usize;
        (0..=count).map(|k| self.low + k as f64 * self.step)
    }

    /// A tick's label: `-200`, `30%`.
    pub fn label(&self, value: f64) -> String {
        format!("{}{}", num(value * self.scale), self.unit)
    }
}

/// The colours of an interval's bar and of the dot at its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntervalColours {
    /// The bar over the interval.
    pub bar: &'static str,
    /// The dot at the value.
    pub dot: &'static str,
}

impl IntervalColours {
    /// A light blue bar and a dark blue dot (the arena's ratings).
    pub const BLUE: IntervalColours = IntervalColours {
        bar: "#36c",
        dot: "#036",
    };
    /// Red bar and dot (`tabula analyse`, whose rows also carry blue bars).
    pub const RED: IntervalColours = IntervalColours {
        bar: "#c33",
        dot: "#c33",
    };
}

/// A chart being drawn: the frame (title, grid, tick labels) and the
/// rows' labels are drawn when it is made, then each row's interval or note.
#[derive(Debug, Clone)]
pub struct RowChart {
    svg: Svg,
    axis: Axis,
    /// The width of the label column: where the plot starts.
    label: f64,
    top: f64,
    row_height: f64,
}

impl RowChart {
    /// A chart of one row per label, each `row_height` pixels high, below
    /// `top` pixels for its `title` (and a legend, which the caller draws
    /// there). The label column is as wide as the longest label.
    pub fn new(
        title: &str,
        axis: Axis,
        labels: &[impl AsRef<str>],
        row_height: f64,
        top: f64,
    ) -> RowChart {
        let widest = labels
            .iter()
            .map(|l| text_width(l.as_ref(), LABEL_SIZE))
            .fold(0.0, f64::max);
        let label = (widest + 2.0 * LABEL_GAP).max(MIN_LABEL);
        let axis_y = top + labels.len() as f64 * row_height;
        let mut chart = RowChart {
            svg: Svg::chart(label + PLOT + MARGIN, axis_y + MARGIN),
            axis,
            label,
            top,
            row_height,
        };
        chart
            .svg
            .text(10.0, 22.0, title, r#"font-size="15" font-weight="bold""#);
        for tick in axis.ticks() {
            let x = chart.x(tick);
            let grid = format!(r#"stroke="{GRID}""#);
            chart.svg.line((x, top), (x, axis_y), &grid);
            let text = format!(r#"text-anchor="middle" fill="{TICK_TEXT}""#);
            chart.svg.text(x, axis_y + 18.0, &axis.label(tick), &text);
        }
        for (row, name) in labels.iter().enumerate() {
            let y = chart.row_middle(row) + 4.0;
            let x = label - LABEL_GAP;
            chart.svg.text(x, y, name.as_ref(), r#"text-anchor="end""#);
        }
        chart
    }

    /// Where `value` lies across the picture.
    pub fn x(&self, value: f64) -> f64 {
        self.label + (value - self.axis.low) / (self.axis.high - self.axis.low) * PLOT
    }

    /// The top edge of row `row` (counting from 0).
    pub fn row_top(&self, row: usize) -> f64 {
        self.top + row as f64 * self.row_height
    }

    /// The middle of row `row`, where its interval is drawn.
    fn row_middle(&self, row: usize) -> f64 {
        self.row_top(row) + self.row_height / 2.0
    }

    /// A bar over `estimate`'s interval and a dot at its value in row
    /// `row`; the dot shows `tooltip` when the pointer rests on it.
    pub fn interval(
        &mut self,
        row: usize,
        estimate: Estimate,
        colours: IntervalColours,
        tooltip: &str,
    ) {
        let y = self.row_middle(row);
        let bar = format!(r#"stroke="{}" stroke-width="2""#, colours.bar);
        let (low, high) = (self.x(estimate.low), self.x(estimate.high));
        self.svg.line((low, y), (high, y), &bar);
        let dot = format!(r#"fill="{}""#, colours.dot);
        let x = self.x(estimate.value);
        self.svg.circle_titled(x, y, 4.5, &dot, tooltip);
    }

    /// A note in row `row` in place of an interval, such as why it has none.
    pub fn note(&mut self, row: usize, text: &str) {
        let y = self.row_middle(row) + 4.0;
        let fill = format!(r#"fill="{NOTE_TEXT}""#);
        let x = self.x(self.axis.low) + 4.0;
        self.svg.text(x, y, text, &fill);
    }

    /// The picture, for what only one chart draws (a legend, more bars).
    pub fn svg(&mut self) -> &mut Svg {
        &mut self.svg
    }

    /// The finished document.
    pub fn finish(self) -> String {
        self.svg.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_axes_round_out_to_round_ticks() {
        let axis = Axis::spanning(-130.0, 420.0, 50.0);
        assert_eq!((axis.low, axis.high, axis.step), (-200.0, 500.0, 100.0));
        let labels: Vec<String> = axis.ticks().map(|t| axis.label(t)).collect();
        assert_eq!(labels.first().map(String::as_str), Some("-200"));
        assert_eq!(labels.last().map(String::as_str), Some("500"));
        assert_eq!(labels.len(), 8);
        // Nothing rated: one step from 0.
        let axis = Axis::spanning(0.0, 0.0, 50.0);
        assert_eq!((axis.low, axis.high, axis.step), (0.0, 50.0, 50.0));
        // A wide range takes a larger step, never more than 8 of them.
        let axis = Axis::spanning(-900.0, 3200.0, 50.0);
        assert_eq!(axis.step, 1000.0);
        assert!(axis.ticks().count() <= 9);
    }

    #[test]
    fn percent_ticks_are_whole_percentages() {
        let axis = Axis::percent();
        let labels: Vec<String> = axis.ticks().map(|t| axis.label(t)).collect();
        assert_eq!(labels.len(), 11);
        assert_eq!(labels[3], "30%");
        assert_eq!(labels[10], "100%");
    }

    #[test]
    fn rows_sit_below_the_title_and_values_across_the_plot() {
        let chart = RowChart::new("t", Axis::percent(), &["a", "b", "c"], 56.0, 64.0);
        assert_eq!(chart.row_top(0), 64.0);
        assert_eq!(chart.row_top(2), 64.0 + 112.0);
        // Short labels: the narrowest label column.
        assert_eq!(chart.x(0.0), MIN_LABEL);
        assert_eq!(chart.x(0.5), MIN_LABEL + PLOT / 2.0);
        let text = chart.finish();
        // 3 rows and the margin for the tick labels.
        assert!(text.contains(r#"height="272""#), "{text}");
        // A long label widens the label column, and the plot moves right.
        let long = "x".repeat(60);
        let chart = RowChart::new("t", Axis::percent(), &[long.as_str()], 56.0, 64.0);
        assert_eq!(
            chart.x(0.0),
            text_width(&long, LABEL_SIZE) + 2.0 * LABEL_GAP
        );
    }

    #[test]
    fn the_chart_is_well_formed_and_escapes_its_text() {
        let axis = Axis::spanning(-100.0, 100.0, 50.0);
        let labels = ["mcts(cmd=\"<x>\")", "random"];
        let mut chart = RowChart::new("a<b & \"c\"", axis, &labels, 28.0, 48.0);
        let elo = Estimate {
            value: 20.0,
            low: -40.0,
            high: 80.0,
        };
        chart.interval(0, elo, IntervalColours::BLUE, "20 [-40, 80]");
        chart.note(1, "unrated & unbounded");
        let text = chart.finish();
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert!(texts.contains(&"a<b & \"c\""), "{texts:?}");
        assert!(texts.contains(&"mcts(cmd=\"<x>\")"), "{texts:?}");
        assert!(texts.contains(&"unrated & unbounded"), "{texts:?}");
        // One dot, with its tooltip, at the value; its bar spans the interval.
        let dot = doc
            .descendants()
            .find(|n| n.has_tag_name("circle"))
            .unwrap();
        let left = text_width(labels[0], LABEL_SIZE) + 2.0 * LABEL_GAP;
        let x = |elo: f64| left + (elo + 100.0) / 200.0 * PLOT;
        assert_eq!(dot.attribute("cx"), Some(num(x(20.0)).as_str()));
        let title = dot.children().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("20 [-40, 80]"));
        let bar = doc
            .descendants()
            .filter(|n| n.has_tag_name("line"))
            .find(|n| n.attribute("stroke") == Some("#36c"))
            .unwrap();
        assert_eq!(bar.attribute("x1"), Some(num(x(-40.0)).as_str()));
        assert_eq!(bar.attribute("x2"), Some(num(x(80.0)).as_str()));
    }
}
