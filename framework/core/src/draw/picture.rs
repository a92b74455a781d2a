//! The pieces every board picture is made of: a titled canvas, coordinate
//! labels, stones, pits, and the last move's ring and arrow, drawn alike
//! in every game with the shared [`colour`]s.

pub use crate::svg::{colour, Svg};

/// The left edge of a picture's title and caption.
pub const MARGIN: f64 = 16.0;

/// A `width` × `height` picture with `title` at its top left, in bold: how
/// every board picture starts.
pub fn titled(width: f64, height: f64, title: &str) -> Svg {
    let mut svg = Svg::new(width, height);
    svg.text(MARGIN, 24.0, title, r#"font-size="16" font-weight="bold""#);
    svg
}

/// A coordinate (`a`, `7`), centred on `at` in the muted colour.
pub fn label(svg: &mut Svg, at: (f64, f64), text: &str) {
    // The baseline 5 pixels down centres 14-pixel text on `at`.
    svg.text(
        at.0,
        at.1 + 5.0,
        text,
        &format!(r#"text-anchor="middle" fill="{}""#, colour::MUTED),
    );
}

/// A stone or piece of colour `fill` (such as [`colour::DARK_PIECE`]),
/// outlined in ink; `extra` attributes follow (`fill-opacity="0.45"`, or
/// nothing).
pub fn stone(svg: &mut Svg, at: (f64, f64), radius: f64, fill: &str, extra: &str) {
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" {extra}")
    };
    svg.circle(
        at.0,
        at.1,
        radius,
        &format!(
            r#"fill="{fill}" stroke="{}" stroke-width="1.5"{extra}"#,
            colour::INK
        ),
    );
}

/// A pit of a mancala board: a circle with the attributes `attrs` (its
/// fill and rim), and the number of stones in it written in its middle.
pub fn pit(svg: &mut Svg, at: (f64, f64), radius: f64, stones: &str, attrs: &str) {
    svg.circle(at.0, at.1, radius, attrs);
    svg.text(
        at.0,
        at.1 + 6.0,
        stones,
        &format!(
            r#"text-anchor="middle" font-size="17" fill="{}""#,
            colour::INK
        ),
    );
}

/// The attributes of the ring around a cell the last move touched: an
/// outline to draw inside the cell's own (a square or a hexagon 2 pixels
/// smaller).
pub fn last_move_ring() -> String {
    format!(
        r#"fill="none" stroke="{}" stroke-width="3.5""#,
        colour::LAST_MOVE
    )
}

/// A square ring around the cell of side `side` centred on `at`, 2
/// pixels inside it: a cell the last move touched.
pub fn ring_square(svg: &mut Svg, at: (f64, f64), side: f64) {
    let half = side / 2.0 - 2.0;
    svg.rect(
        at.0 - half,
        at.1 - half,
        side - 4.0,
        side - 4.0,
        &last_move_ring(),
    );
}

/// The path of the last move from one cell's centre to another's.
pub fn arrow(svg: &mut Svg, from: (f64, f64), to: (f64, f64)) {
    svg.line(
        from,
        to,
        &format!(
            r#"stroke="{}" stroke-width="3" stroke-opacity="0.7""#,
            colour::LAST_MOVE
        ),
    );
}

/// An invisible click target over the cell or pit centred on `at`, named
/// by its text in the game's move notation (`D`, `c3`, `G4`): the web page
/// enters moves by clicking these. `label` says what is there for people
/// who do not see the board (`pit D, South, 4 seeds`): the page's
/// accessible name of the cell. Drawn after everything else, so that it
/// lies on top.
pub fn target(svg: &mut Svg, at: (f64, f64), radius: f64, name: &str, label: &str) {
    svg.circle(
        at.0,
        at.1,
        radius,
        &format!(
            r#"class="target" data-cell="{}" aria-label="{}" fill="transparent""#,
            crate::svg::escape(name),
            crate::svg::escape(label)
        ),
    );
}

/// `1 stone`, `4 stones`: a count with its noun, for labels.
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    match count.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}
