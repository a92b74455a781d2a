//! The one SVG writer of the code base: board pictures
//! ([`Picture::svg`](crate::Picture::svg)) and every chart ([`crate::chart`], the
//! training curve) draw with it, so markup is written and escaped in one
//! place. A canvas, a few shapes whose presentation attributes are written
//! as plain text, tooltips, escaped labels, and the colours every board uses
//! for the same things, so the games' pictures look like one family.
//!
//! ```
//! use tabula_core::svg::{colour, Svg};
//!
//! let mut svg = Svg::new(60.0, 40.0);
//! svg.circle(20.0, 20.0, 12.5, &format!(r#"fill="{}""#, colour::DARK_PIECE));
//! svg.text(45.0, 25.0, "a<b", r#"text-anchor="middle""#);
//! let text = svg.finish();
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\""));
//! assert!(text.contains(r#"<circle cx="20" cy="20" r="12.5""#));
//! assert!(text.contains(">a&lt;b</text>"));
//! assert!(text.ends_with("</svg>\n"));
//! ```

use std::fmt::Write as _;

/// The colours of the board pictures: the same meaning, the same colour,
/// in every game.
pub mod colour {
    /// The picture's background.
    pub const PAPER: &str = "#ffffff";
    /// The board's surface.
    pub const BOARD: &str = "#ecd9b0";
    /// Lines, outlines and text.
    pub const INK: &str = "#222222";
    /// Coordinates and other secondary text.
    pub const MUTED: &str = "#6b6b6b";
    /// White (light) pieces.
    pub const LIGHT_PIECE: &str = "#fafafa";
    /// Black (dark) pieces.
    pub const DARK_PIECE: &str = "#262626";
    /// The last move: a ring or fill around what it touched.
    pub const LAST_MOVE: &str = "#e8590c";
    /// What the last move captured.
    pub const CAPTURED: &str = "#c92a2a";
    /// A goal or target cell.
    pub const GOAL: &str = "#2f9e44";
    /// Seat colours for games whose pieces belong to nobody (mancala
    /// blocks, Calcala's capture piles), seat 1 first.
    pub const SEATS: [&str; 4] = ["#1971c2", "#c2255c", "#2b8a3e", "#e67700"];
}

/// An SVG document being written, top-left origin, units in pixels.
#[derive(Debug, Clone)]
pub struct Svg {
    width: f64,
    height: f64,
    font_family: &'static str,
    font_size: f64,
    /// Whether text grows the picture to hold it (charts; see [`Svg::chart`]).
    fit_text: bool,
    body: String,
}

/// The advance of one character of a monospace font, in ems: about 0.6 in
/// the common ones (DejaVu Sans Mono 0.602, Liberation Mono and Courier
/// 0.6, Consolas 0.55), taken a little wider to be safe, so a chart in
/// monospace can tell how wide its text is.
pub const MONOSPACE_ADVANCE: f64 = 0.61;

/// How wide `text` is set in a monospace font of `font_size` pixels: its
/// characters times [`MONOSPACE_ADVANCE`], wide (East Asian) characters
/// counting two.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    let cells: usize = text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum();
    cells as f64 * MONOSPACE_ADVANCE * font_size
}

/// Characters that take two cells in a monospace font: CJK, Hangul, full
/// width forms and emoji (a conservative over-estimate elsewhere).
fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1FAFF | 0x20000..=0x3FFFD)
}

impl Svg {
    /// A `width` × `height` picture on a white background, sans-serif text
    /// of 14 pixels (the boards' size).
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            font_family: "sans-serif",
            font_size: 14.0,
            fit_text: false,
            body: String::new(),
        }
    }

    /// A chart's picture, at least `width` × `height`: monospace text of 13
    /// pixels, whose width [`text_width`] can tell, and every text drawn
    /// widens and lengthens the picture as far as it reaches, so labels and
    /// titles of any length are never cut off.
    pub fn chart(width: f64, height: f64) -> Svg {
        Svg {
            font_family: "monospace",
            font_size: 13.0,
            fit_text: true,
            ..Svg::new(width, height)
        }
    }

    /// The picture's size so far.
    pub fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    /// The right edge of `text` drawn at `x` with `attrs` (its anchor and
    /// font size), as [`Svg::text`] draws it.
    pub fn text_right(&self, x: f64, text: &str, attrs: &str) -> f64 {
        let width = text_width(text, self.size_in(attrs));
        match attribute(attrs, "text-anchor") {
            Some("end") => x,
            Some("middle") => x + width / 2.0,
            _ => x + width,
        }
    }

    /// The font size `attrs` sets, else the picture's.
    fn size_in(&self, attrs: &str) -> f64 {
        attribute(attrs, "font-size")
            .and_then(|size| size.parse().ok())
            .unwrap_or(self.font_size)
    }

    /// A rectangle; `attrs` are further attributes such as `fill="#fff"`.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, attrs: &str) {
        self.element("rect", &rect_geometry(x, y, width, height), attrs, None);
    }

    /// A rectangle that shows `title` (escaped here) when the pointer rests
    /// on it: charts tell their exact figures this way.
    pub fn rect_titled(
        &mut self,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
        attrs: &str,
        title: &str,
    ) {
        let geometry = rect_geometry(x, y, width, height);
        self.element("rect", &geometry, attrs, Some(&tooltip(title)));
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        self.element("circle", &circle_geometry(cx, cy, r), attrs, None);
    }

    /// A circle that shows `title` (escaped here) when the pointer rests on it.
    pub fn circle_titled(&mut self, cx: f64, cy: f64, r: f64, attrs: &str, title: &str) {
        let geometry = circle_geometry(cx, cy, r);
        self.element("circle", &geometry, attrs, Some(&tooltip(title)));
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), attrs: &str) {
        let geometry = format!(
            "x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"",
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1)
        );
        self.element("line", &geometry, attrs, None);
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        self.element("polygon", &point_list(points), attrs, None);
    }

    /// An open line through `points`, such as a curve over time; give it
    /// `fill="none"` unless the area under it is meant to be filled.
    pub fn polyline(&mut self, points: &[(f64, f64)], attrs: &str) {
        self.element("polyline", &point_list(points), attrs, None);
    }

    /// `text` (escaped here) with its baseline starting at (`x`, `y`), or
    /// centred there with `text-anchor="middle"` in `attrs`.
    pub fn text(&mut self, x: f64, y: f64, text: &str, attrs: &str) {
        if self.fit_text {
            // Room to the right and below for the text, and a margin.
            let margin = self.font_size;
            self.width = self.width.max(self.text_right(x, text, attrs) + margin);
            self.height = self
                .height
                .max(y + self.size_in(attrs) * 0.3 + margin / 2.0);
        }
        let position = format!("x=\"{}\" y=\"{}\"", num(x), num(y));
        self.element("text", &position, attrs, Some(&escape(text)));
    }

    /// One element, the only place markup is written: `<tag geometry
    /// attrs/>`, or with `content` (markup already escaped) inside it.
    fn element(&mut self, tag: &str, geometry: &str, attrs: &str, content: Option<&str>) {
        let space = if attrs.is_empty() { "" } else { " " };
        let _ = match content {
            None => writeln!(self.body, "<{tag} {geometry}{space}{attrs}/>"),
            Some(content) => writeln!(
                self.body,
                "<{tag} {geometry}{space}{attrs}>{content}</{tag}>"
            ),
        };
    }

    /// The finished document, at the size its content needs.
    pub fn finish(self) -> String {
        let (w, h) = (num(self.width), num(self.height));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{}\" font-size=\"{}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>\n{}</svg>\n",
            self.font_family,
            num(self.font_size),
            colour::PAPER,
            self.body
        )
    }
}

/// The value of attribute `name` in `attrs` (`text-anchor="end"`), as the
/// drawing calls write them.
fn attribute<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let start = attrs.find(&format!("{name}=\""))? + name.len() + 2;
    let rest = &attrs[start..];
    Some(&rest[..rest.find('"')?])
}

/// `text` safe inside an XML element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn rect_geometry(x: f64, y: f64, width: f64, height: f64) -> String {
    format!(
        "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x),
        num(y),
        num(width),
        num(height)
    )
}

/// A `<title>` element: the tooltip of the shape that holds it.
fn tooltip(title: &str) -> String {
    format!("<title>{}</title>", escape(title))
}

fn circle_geometry(cx: f64, cy: f64, r: f64) -> String {
    format!("cx=\"{}\" cy=\"{}\" r=\"{}\"", num(cx), num(cy), num(r))
}

/// `points="x,y x,y ..."`, the points of a polygon or polyline.
fn point_list(points: &[(f64, f64)]) -> String {
    let points: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    format!("points=\"{}\"", points.join(" "))
}

/// A coordinate with at most two decimals and no trailing zeros (`12`,
/// `12.5`), so pictures are small and the same on every machine; charts
/// write their axis labels with it too.
pub(crate) fn num(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".to_string(),
        text => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.25), "-2.25");
    }

    #[test]
    fn charts_get_their_font_size_tooltips_and_polylines() {
        let mut svg = Svg::chart(10.0, 10.0);
        svg.circle_titled(1.0, 2.0, 3.0, r#"fill="red""#, "a<b");
        svg.rect_titled(0.0, 1.0, 2.5, 3.0, r#"fill="blue""#, "50.0%");
        svg.polyline(&[(0.0, 0.0), (1.5, 2.25)], r#"fill="none""#);
        let text = svg.finish();
        assert!(
            text.contains(r#"font-family="monospace" font-size="13">"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#"<circle cx="1" cy="2" r="3" fill="red"><title>a&lt;b</title></circle>"#
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"<rect x="0" y="1" width="2.5" height="3" fill="blue"><title>50.0%</title></rect>"#),
            "{text}"
        );
        assert!(
            text.contains(r#"<polyline points="0,0 1.5,2.25" fill="none"/>"#),
            "{text}"
        );
        assert!(Svg::new(1.0, 1.0).finish().contains(r#"font-size="14">"#));
        // No attributes, no stray space.
        let mut svg = Svg::new(1.0, 1.0);
        svg.text(1.0, 2.0, "plain", "");
        assert!(svg.finish().contains("<text x=\"1\" y=\"2\">plain</text>"));
    }

    #[test]
    fn a_chart_grows_to_hold_its_text_and_a_board_does_not() {
        let label = "engine(cmd=greedy_engine.py,time=200ms)";
        assert_eq!(text_width("abcd", 10.0), 4.0 * MONOSPACE_ADVANCE * 10.0);
        assert_eq!(text_width("棋", 10.0), text_width("ab", 10.0));
        let mut chart = Svg::chart(100.0, 50.0);
        chart.text(10.0, 20.0, label, r#"font-size="15""#);
        let right = 10.0 + text_width(label, 15.0);
        assert!(chart.size().0 > right, "{:?}", chart.size());
        // Anchored at its end or middle, text reaches less far.
        assert_eq!(chart.text_right(90.0, "abcd", r#"text-anchor="end""#), 90.0);
        let half = text_width("abcd", 13.0) / 2.0;
        assert_eq!(
            chart.text_right(90.0, "abcd", r#"text-anchor="middle""#),
            90.0 + half
        );
        // Below the bottom edge: taller.
        chart.text(10.0, 80.0, "x", "");
        assert!(chart.size().1 > 80.0);
        let text = chart.finish();
        assert!(
            text.contains(&format!(r#"viewBox="0 0 {}"#, num(right + 13.0))),
            "{text}"
        );
        let mut board = Svg::new(100.0, 50.0);
        board.text(10.0, 20.0, label, "");
        assert_eq!(board.size(), (100.0, 50.0));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
