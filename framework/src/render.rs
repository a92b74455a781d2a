//! What a game's board rendering is told, and a helper for colour.

use crate::game::Game;

/// The context of one board drawing.
#[derive(Debug, Clone, Copy)]
pub struct View<'a, G: Game> {
    /// The position before the last move, and that move, so the board can
    /// mark what just happened (sowing paths, the moved piece).
    pub last: Option<(&'a G, G::Move)>,
    /// Whether ANSI colour may be used (off when output is not a terminal).
    pub color: bool,
}

impl<G: Game> View<'_, G> {
    /// A view with no last move and no colour.
    pub fn plain() -> Self {
        View {
            last: None,
            color: false,
        }
    }

    /// `text` in the given style when colour is on, unchanged otherwise.
    pub fn paint(&self, text: &str, style: Style) -> String {
        paint(text, style, self.color)
    }
}

/// The few text styles boards use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Bold text.
    Bold,
    /// Dim (faint) text.
    Dim,
    /// Red text.
    Red,
    /// Green text.
    Green,
    /// Yellow text.
    Yellow,
    /// Blue text.
    Blue,
    /// Magenta text.
    Magenta,
    /// Cyan text.
    Cyan,
    /// Black text on a yellow background: the last move.
    Highlight,
}

/// `text` wrapped in the ANSI codes of `style` when `color` is on.
pub fn paint(text: &str, style: Style, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let code = match style {
        Style::Bold => "1",
        Style::Dim => "2",
        Style::Red => "31",
        Style::Green => "32",
        Style::Yellow => "33",
        Style::Blue => "34",
        Style::Magenta => "35",
        Style::Cyan => "36",
        Style::Highlight => "30;43",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}
