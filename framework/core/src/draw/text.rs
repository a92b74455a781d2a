//! Text boards: the [`Glyph`] of one cell with its last-move [`Mark`], and
//! the [`Canvas`] a board is written on column by column, which puts the
//! marks beside the cells and colours only when the terminal wants it.

use crate::render::{paint, Style};

/// How a cell shows that the last move touched it: the same with colour
/// and without, so that scripts and logs see it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mark {
    /// Not touched.
    #[default]
    None,
    /// Highlighted in colour, bracketed without (`.[X].`); where the
    /// brackets of two neighbours meet they become one `|` (`[X|O]`).
    Bracket,
    /// A sign in the column after the cell (`^`, `*`, `x`), shown with and
    /// without colour; the cell keeps its own style.
    Sign(char),
}

/// What one cell shows on a text board: its text, its style and its mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    pub(crate) text: String,
    style: Option<Style>,
    mark: Mark,
}

impl Glyph {
    /// `text`, unstyled and unmarked.
    pub fn new(text: impl Into<String>) -> Glyph {
        Glyph {
            text: text.into(),
            style: None,
            mark: Mark::None,
        }
    }

    /// The glyph in `style` (when colour is on).
    pub fn style(self, style: Style) -> Glyph {
        Glyph {
            style: Some(style),
            ..self
        }
    }

    /// The glyph marked as touched by the last move.
    pub fn mark(self, mark: Mark) -> Glyph {
        Glyph { mark, ..self }
    }
}

/// A text board being written: lines of one-column slots, addressed by
/// line and column from the top left, so that a board lays out its cells,
/// coordinates and marks by position rather than by concatenation.
/// Unwritten slots are spaces; [`into_lines`](Canvas::into_lines) drops
/// the trailing ones.
#[derive(Debug, Clone)]
pub struct Canvas {
    /// Each slot holds what one column shows (ANSI codes included), or
    /// nothing where a wider text written before it runs on.
    lines: Vec<Vec<String>>,
    color: bool,
}

impl Canvas {
    /// An empty canvas; `color` says whether styles may use ANSI colour
    /// (`View::color`).
    pub fn new(color: bool) -> Canvas {
        Canvas {
            lines: Vec::new(),
            color,
        }
    }

    /// Writes `text` unstyled from column `col` of line `line`.
    pub fn write(&mut self, line: usize, col: usize, text: &str) {
        self.put(line, col, text, None);
    }

    /// Writes `text` from column `col` of line `line`, in `style` when
    /// colour is on.
    pub fn paint(&mut self, line: usize, col: usize, text: &str, style: Style) {
        self.put(line, col, text, Some(style));
    }

    /// Writes `glyph` from column `col` of line `line`, its mark in the
    /// columns beside it: a [`Mark::Bracket`] in the columns before and
    /// after its text (highlighting it instead when colour is on), a
    /// [`Mark::Sign`] in the column after.
    pub fn glyph(&mut self, line: usize, col: usize, glyph: &Glyph) {
        let width = glyph.text.chars().count();
        let style = match glyph.mark {
            Mark::Bracket if self.color => Some(Style::Highlight),
            _ => glyph.style,
        };
        self.put(line, col, &glyph.text, style);
        match glyph.mark {
            Mark::Bracket if !self.color => {
                if let Some(before) = col.checked_sub(1) {
                    self.bracket(line, before, '[');
                }
                self.bracket(line, col + width, ']');
            }
            Mark::Sign(sign) => self.put(line, col + width, &sign.to_string(), None),
            _ => {}
        }
    }

    /// The lines written, without trailing spaces (blank lines stay).
    pub fn into_lines(self) -> Vec<String> {
        self.lines
            .into_iter()
            .map(|slots| slots.concat().trim_end().to_string())
            .collect()
    }

    /// Puts `text` in the slot at `col`, the slots it runs on emptied.
    fn put(&mut self, line: usize, col: usize, text: &str, style: Option<Style>) {
        let width = text.chars().count();
        if width == 0 {
            return;
        }
        let text = match style {
            Some(style) => paint(text, style, self.color),
            None => text.to_string(),
        };
        let slots = self.slots(line, col + width);
        slots[col] = text;
        for slot in &mut slots[col + 1..col + width] {
            slot.clear();
        }
    }

    /// Puts a bracket in the column `col`; one already there becomes `|`.
    fn bracket(&mut self, line: usize, col: usize, bracket: char) {
        let slot = &mut self.slots(line, col + 1)[col];
        *slot = if slot == " " {
            bracket.to_string()
        } else {
            "|".to_string()
        };
    }

    /// Line `line`, grown to at least `width` slots.
    fn slots(&mut self, line: usize, width: usize) -> &mut Vec<String> {
        if self.lines.len() <= line {
            self.lines.resize(line + 1, Vec::new());
        }
        let slots = &mut self.lines[line];
        if slots.len() < width {
            slots.resize(width, " ".to_string());
        }
        slots
    }
}
