//! Text styles for boards, and ANSI colour when the terminal wants it.

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
    /// Blue text (dark blue is hard to read on a dark terminal: prefer
    /// [`BrightRed`](Style::BrightRed) for black pieces).
    Blue,
    /// Magenta text.
    Magenta,
    /// Cyan text.
    Cyan,
    /// Bold bright red, readable on dark and light terminals alike: black
    /// pieces beside white ones drawn [`Bold`](Style::Bold).
    BrightRed,
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
        Style::BrightRed => "1;91",
        Style::Highlight => "30;43",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}
