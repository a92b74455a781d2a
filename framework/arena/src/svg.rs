//! A hand-written SVG chart of one section's ratings with 95% error bars.

use std::fmt::Write as _;

use super::rating::Standing;
use super::stats::Section;
use tabula::svg::escape;

/// A file name for a game spec: `calcala(players=3)` → `calcala-players-3`.
pub fn file_stem(game: &str) -> String {
    let mut stem = String::new();
    for c in game.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    stem.trim_end_matches('-').to_string()
}

/// Agents as rows, Elo on a shared horizontal axis, a dot at the rating
/// and a bar over its 95% interval; unrated agents are listed as such.
pub fn chart(section: &Section, anchor: &str) -> String {
    const LABEL: f64 = 240.0;
    const PLOT: f64 = 480.0;
    const ROW: f64 = 28.0;
    const TOP: f64 = 48.0;
    let rows = section.agents.len() as f64;
    let height = TOP + rows * ROW + 40.0;
    let width = LABEL + PLOT + 40.0;
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for a in &section.agents {
        if let (Some(l), Some(h)) = (a.elo_low, a.elo_high) {
            lo = lo.min(l);
            hi = hi.max(h);
        }
    }
    // Round the axis out to a step of 50, 100, 200, 500... Elo.
    let step = [50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0]
        .into_iter()
        .find(|s| (hi - lo) / s <= 8.0)
        .unwrap_or(10000.0);
    lo = (lo / step).floor() * step;
    hi = ((hi / step).ceil() * step).max(lo + step);
    let x = |elo: f64| LABEL + (elo - lo) / (hi - lo) * PLOT;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}: Elo with 95% intervals ({} = 0, {} games)</text>"#,
        escape(&section.game),
        escape(anchor),
        section.finished
    );
    let axis_y = TOP + rows * ROW;
    let mut tick = lo;
    while tick <= hi + 1e-9 {
        let tx = x(tick);
        let _ = writeln!(
            svg,
            r##"<line x1="{tx:.1}" y1="{TOP}" x2="{tx:.1}" y2="{axis_y}" stroke="#ddd"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick:.0}</text>"##,
            axis_y + 18.0
        );
        tick += step;
    }
    for (i, a) in section.agents.iter().enumerate() {
        let y = TOP + (i as f64 + 0.5) * ROW;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL - 10.0,
            y + 4.0,
            escape(&a.agent)
        );
        match (a.elo, a.elo_low, a.elo_high) {
            (Some(e), Some(l), Some(h)) => {
                let _ = writeln!(
                    svg,
                    r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#36c" stroke-width="2"/><circle cx="{:.1}" cy="{y:.1}" r="4.5" fill="#036"><title>{e:.0} [{l:.0}, {h:.0}]</title></circle>"##,
                    x(l),
                    x(h),
                    x(e)
                );
            }
            _ => {
                let why = match a.standing {
                    Standing::Above => "won every comparison: Elo unbounded above",
                    Standing::Below => "lost every comparison: Elo unbounded below",
                    _ => "unrated",
                };
                let _ = writeln!(
                    svg,
                    r##"<text x="{:.1}" y="{:.1}" fill="#999">{why}</text>"##,
                    LABEL + 4.0,
                    y + 4.0
                );
            }
        }
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_plain_file_names() {
        assert_eq!(file_stem("calcala(players=3)"), "calcala-players-3");
        assert_eq!(file_stem("diffusion"), "diffusion");
        assert_eq!(file_stem("a(b=1,c=2)"), "a-b-1-c-2");
    }
}
