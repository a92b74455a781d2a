//! The lines under a board: a legend, the last move, whose turn it is or
//! the result, worded alike in every game and on both kinds of board.

use super::picture::{colour, Svg, MARGIN};
use super::text::{Glyph, Mark};
use crate::game::{Game, View};
use crate::notation::Notation;
use crate::render::{paint, Style};
use crate::variant::Variant;

/// The caption of a board, line by line, for the text board
/// ([`under`](Caption::under)) or a picture ([`draw`](Caption::draw)).
#[derive(Debug, Clone, Default)]
pub struct Caption {
    lines: Vec<String>,
    color: bool,
}

impl Caption {
    /// An empty caption; `color` lets the result be bold on a terminal
    /// (`View::color`; off for pictures).
    pub fn new(color: bool) -> Caption {
        Caption {
            lines: Vec::new(),
            color,
        }
    }

    /// Adds a line (a legend, counts, a game's own state).
    pub fn line(&mut self, line: impl Into<String>) -> &mut Caption {
        self.lines.push(line.into());
        self
    }

    /// Adds `Last move: SEAT MOVE` and then `note` (`""`, or a key to the
    /// marks), when `view` has a last move: every board says it alike.
    pub fn last_move<G: Notation>(&mut self, view: &View<'_, G>, note: &str) -> &mut Caption {
        if let Some((before, mv)) = view.last {
            let seat = before.variant().seat_name(before.to_move());
            let line = format!("Last move: {seat} {}{note}", before.format_move(mv));
            self.lines.push(line);
        }
        self
    }

    /// Adds the board's last line: `Game over: RESULT` once `state` is over,
    /// otherwise `SEAT to move` (capitalised: `Player 2 to move`). `result`
    /// says who won and why; `None` words it from the outcome alone
    /// (`North wins`, `draw`).
    pub fn status<G: Game>(&mut self, state: &G, result: Option<String>) -> &mut Caption {
        let line = match state.outcome() {
            Some(outcome) => {
                let result = result.unwrap_or_else(|| {
                    outcome.describe(state.players(), |seat| state.variant().seat_name(seat))
                });
                format!("Game over: {}", paint(&result, Style::Bold, self.color))
            }
            None => format!(
                "{} to move",
                capitalised(&state.variant().seat_name(state.to_move()))
            ),
        };
        self.lines.push(line);
        self
    }

    /// The lines so far.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The whole text board: the lines of `board`, then the caption's,
    /// without trailing spaces or a final newline.
    pub fn under(&self, board: &[String]) -> String {
        let lines: Vec<&str> = board
            .iter()
            .chain(&self.lines)
            .map(|line| line.trim_end())
            .collect();
        lines.join("\n")
    }

    /// Draws the caption on a picture, at the left margin, from the
    /// baseline `top` down, 20 pixels a line.
    pub fn draw(&self, svg: &mut Svg, top: f64) {
        for (i, line) in self.lines.iter().enumerate() {
            svg.text(MARGIN, top + 20.0 * i as f64, line, "");
        }
    }
}

/// What the last move did to a pit, marked and named alike on every
/// mancala board: a sign beside it on the text board, a ring around it on
/// the picture, and the same words in the legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touched {
    /// The pit the stones were picked up from.
    PickedUp,
    /// A pit or store a stone was sown into.
    Sown,
    /// A pit whose stones were captured.
    Captured,
}

impl Touched {
    /// The sign beside the pit on the text board: `^`, `*` or `x`.
    pub fn sign(self) -> char {
        match self {
            Touched::PickedUp => '^',
            Touched::Sown => '*',
            Touched::Captured => 'x',
        }
    }

    /// The pit's outline on the picture: a thick ring, a thin one, or a
    /// thick red one.
    pub fn ring(self) -> String {
        let (stroke, width) = match self {
            Touched::PickedUp => (colour::LAST_MOVE, 5.0),
            Touched::Sown => (colour::LAST_MOVE, 2.0),
            Touched::Captured => (colour::CAPTURED, 4.5),
        };
        format!(r#"stroke="{stroke}" stroke-width="{width}""#)
    }

    /// A pit's count on the text board, `text`, as the last move left it:
    /// in the pit's own `style` when untouched, highlighted where the stones
    /// were picked up, bold elsewhere, with [`sign`](Touched::sign) beside.
    pub fn glyph(touched: Option<Touched>, text: String, style: Style) -> Glyph {
        match touched {
            None => Glyph::new(text).style(style),
            Some(t @ Touched::PickedUp) => Glyph::new(text)
                .style(Style::Highlight)
                .mark(Mark::Sign(t.sign())),
            Some(t) => Glyph::new(text)
                .style(Style::Bold)
                .mark(Mark::Sign(t.sign())),
        }
    }

    fn words(self) -> &'static str {
        match self {
            Touched::PickedUp => "picked up",
            Touched::Sown => "sown",
            Touched::Captured => "captured",
        }
    }

    fn ring_words(self) -> &'static str {
        match self {
            Touched::PickedUp => "thick ring",
            Touched::Sown => "thin",
            Touched::Captured => "red",
        }
    }
}

/// The key to the marks a game uses, `touched`, worded alike in every
/// game: `(^ picked up, * sown, x captured)` on the text board, `(thick
/// ring: picked up, thin: sown, red: captured)` on a picture.
pub fn legend(touched: &[Touched], picture: bool) -> String {
    let keys: Vec<String> = touched
        .iter()
        .map(|t| match picture {
            true => format!("{}: {}", t.ring_words(), t.words()),
            false => format!("{} {}", t.sign(), t.words()),
        })
        .collect();
    format!("({})", keys.join(", "))
}

/// `text` with its first letter in upper case: it starts a sentence.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
