//! Text tables for people: a header and rows of cells in columns padded to
//! their widest cell, each aligned left or right. The arena's standings,
//! `tabula analyse` and `tabula bench` print their tables with it, so they
//! line up the same way and no report pads columns by hand.
//!
//! ```
//! use tabula_core::table::{Column, TextTable};
//!
//! let mut table = TextTable::new(vec![Column::left("agent"), Column::right("score").width(6)]);
//! table.row(["random", "0.250"]);
//! table.row(["mcts(iterations=1000)", "0.750"]);
//! assert_eq!(
//!     table.to_string(),
//!     "agent                  score\n\
//!      random                 0.250\n\
//!      mcts(iterations=1000)  0.750\n"
//! );
//! ```

use std::fmt;

/// Where a cell's text sits in its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text, such as names.
    Left,
    /// Numbers, so that their digits line up.
    Right,
}

/// A column: its header, its alignment and the least width it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    header: String,
    align: Align,
    width: usize,
}

impl Column {
    /// A left-aligned column headed `header`.
    pub fn left(header: &str) -> Column {
        Column::new(header, Align::Left)
    }

    /// A right-aligned column headed `header`.
    pub fn right(header: &str) -> Column {
        Column::new(header, Align::Right)
    }

    fn new(header: &str, align: Align) -> Column {
        Column {
            header: header.to_string(),
            align,
            width: 0,
        }
    }

    /// At least `width` characters wide even when its cells are narrower:
    /// a report keeps its layout from run to run, and a table printed a
    /// row at a time (which cannot measure rows yet to come) stays aligned.
    pub fn width(mut self, width: usize) -> Column {
        self.width = width;
        self
    }
}

/// A table being filled; [`Display`](fmt::Display) writes it, a line each
/// for the header and every row, columns one space apart, with no space at
/// the ends of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextTable {
    indent: String,
    columns: Vec<Column>,
    rows: Vec<Vec<String>>,
}

impl TextTable {
    /// An empty table with these columns.
    pub fn new(columns: Vec<Column>) -> TextTable {
        TextTable {
            indent: String::new(),
            columns,
            rows: Vec::new(),
        }
    }

    /// Starts every line with `indent`, for a table under a heading.
    pub fn indent(mut self, indent: &str) -> TextTable {
        self.indent = indent.to_string();
        self
    }

    /// Adds a row. Cells beyond the last column are a mistake and panic;
    /// missing cells at the end are blank.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        assert!(
            cells.len() <= self.columns.len(),
            "{} cells for {} columns",
            cells.len(),
            self.columns.len()
        );
        self.rows.push(cells);
    }

    /// The header line alone, at the columns' own widths (not the rows'):
    /// with [`line`](TextTable::line), for a table printed as its rows
    /// become known.
    pub fn header(&self) -> String {
        self.format(&self.headers(), &self.widths(false))
    }

    /// `cells` as one line at the columns' own widths, as
    /// [`header`](TextTable::header) is.
    pub fn line<S: AsRef<str>>(&self, cells: &[S]) -> String {
        self.format(cells, &self.widths(false))
    }

    fn headers(&self) -> Vec<&str> {
        self.columns.iter().map(|c| c.header.as_str()).collect()
    }

    /// Each column's width: its least width and its header's, and with
    /// `rows` its widest cell's.
    fn widths(&self, rows: bool) -> Vec<usize> {
        let mut widths: Vec<usize> = self
            .columns
            .iter()
            .map(|c| c.width.max(chars(&c.header)))
            .collect();
        if rows {
            for row in &self.rows {
                for (width, cell) in widths.iter_mut().zip(row) {
                    *width = (*width).max(chars(cell));
                }
            }
        }
        widths
    }

    /// One line, newline included.
    fn format<S: AsRef<str>>(&self, cells: &[S], widths: &[usize]) -> String {
        let mut line = self.indent.clone();
        for (i, (column, &width)) in self.columns.iter().zip(widths).enumerate() {
            let cell = cells.get(i).map_or("", AsRef::as_ref);
            let pad = " ".repeat(width.saturating_sub(chars(cell)));
            if i > 0 {
                line.push(' ');
            }
            match column.align {
                Align::Left => line.extend([cell, &pad]),
                Align::Right => line.extend([&pad, cell]),
            }
        }
        let mut line = line.trim_end().to_string();
        line.push('\n');
        line
    }
}

impl fmt::Display for TextTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let widths = self.widths(true);
        f.write_str(&self.format(&self.headers(), &widths))?;
        for row in &self.rows {
            f.write_str(&self.format(row, &widths))?;
        }
        Ok(())
    }
}

/// Width as a terminal counts it for the text reports write (`±`, `–`
/// and `∞` take one place each, as `format!`'s padding counts them).
fn chars(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings() -> TextTable {
        let mut table = TextTable::new(vec![
            Column::left("agent"),
            Column::right("games").width(6),
            Column::right("Elo ± 95%").width(12),
        ])
        .indent("   ");
        table.row(["random", "12", "-"]);
        table.row(["mcts(iterations=1000)", "12", "+∞ sweep"]);
        table
    }

    #[test]
    fn columns_take_their_widest_cell_and_align_each_way() {
        assert_eq!(
            standings().to_string(),
            "   agent                  games    Elo ± 95%\n   \
                random                    12            -\n   \
                mcts(iterations=1000)     12     +∞ sweep\n"
        );
    }

    #[test]
    fn the_output_is_what_width_formats_give() {
        // The reports' tables were written with `{:<w$}` and `{:>w$}`
        // before; the table must print the same bytes.
        let table = standings();
        let width = "mcts(iterations=1000)".len();
        let by_hand = format!(
            "   {:<width$} {:>6} {:>12}\n   {:<width$} {:>6} {:>12}\n   {:<width$} {:>6} {:>12}\n",
            "agent",
            "games",
            "Elo ± 95%",
            "random",
            "12",
            "-",
            "mcts(iterations=1000)",
            "12",
            "+∞ sweep"
        );
        assert_eq!(table.to_string(), by_hand);
    }

    #[test]
    fn a_cell_wider_than_its_column_widens_it() {
        let mut table = TextTable::new(vec![Column::right("n").width(3), Column::left("name")]);
        table.row(["123456", "a"]);
        table.row(["7"]);
        assert_eq!(table.to_string(), "     n name\n123456 a\n     7\n");
    }

    #[test]
    fn lines_printed_one_at_a_time_keep_the_columns_widths() {
        let table = TextTable::new(vec![
            Column::left("game").width(8),
            Column::right("rate").width(6),
        ]);
        assert_eq!(table.header(), "game       rate\n");
        assert_eq!(table.line(&["calcala", "1.2M"]), "calcala    1.2M\n");
        // Too wide a cell overflows rather than being cut.
        assert_eq!(
            table.line(&["grid-diffusion", "9k"]),
            "grid-diffusion     9k\n"
        );
    }

    #[test]
    #[should_panic(expected = "3 cells for 2 columns")]
    fn too_many_cells_are_a_mistake() {
        let mut table = TextTable::new(vec![Column::left("a"), Column::left("b")]);
        table.row(["1", "2", "3"]);
    }
}
