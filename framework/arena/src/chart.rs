//! One section's ratings as a chart: agents as rows, each Elo with its 95%
//! interval on one axis (the shared [`RowChart`] layout).

use super::rating::Standing;
use super::stats::{AgentRow, Section};
use tabula::chart::{Axis, IntervalColours, RowChart};
use tabula::stats::Estimate;

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
    let ratings: Vec<Option<Estimate>> = section.agents.iter().map(rating).collect();
    // The axis holds 0 (the anchor) and every interval.
    let (low, high) = ratings
        .iter()
        .flatten()
        .fold((0.0f64, 0.0f64), |(low, high), r| {
            (low.min(r.low), high.max(r.high))
        });
    let title = format!(
        "{}: Elo with 95% intervals ({anchor} = 0, {} games)",
        section.game, section.finished
    );
    let axis = Axis::spanning(low, high, 50.0);
    let mut chart = RowChart::new(&title, axis, section.agents.len(), 28.0, 48.0);
    let specs: Vec<String> = section.agents.iter().map(|a| a.agent.clone()).collect();
    let names = super::names::chart_names(&specs);
    for (row, (rating, name)) in ratings.into_iter().zip(&names).enumerate() {
        let agent = &section.agents[row];
        chart.label(row, name);
        match rating {
            Some(r) => {
                let tooltip = format!("{:.0} [{:.0}, {:.0}]", r.value, r.low, r.high);
                chart.interval(row, r, IntervalColours::BLUE, &tooltip);
            }
            None => chart.note(
                row,
                match agent.standing {
                    Standing::Above => "won every comparison: Elo unbounded above",
                    Standing::Below => "lost every comparison: Elo unbounded below",
                    _ => "unrated",
                },
            ),
        }
    }
    chart.finish()
}

/// An agent's Elo with its 95% interval, if it is rated.
fn rating(row: &AgentRow) -> Option<Estimate> {
    Some(Estimate {
        value: row.elo?,
        low: row.elo_low?,
        high: row.elo_high?,
    })
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
