//! One section's ratings as a chart: agents as rows, each Elo with its 95%
//! interval on one axis (the shared [`RowChart`] layout).

use super::rating::Swept;
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
/// and a bar over its 95% interval; an agent that won or lost every
/// comparison says so in its label, unrated agents are listed as such.
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
    let specs: Vec<String> = section.agents.iter().map(|a| a.agent.clone()).collect();
    let names: Vec<String> = super::names::chart_names(&specs)
        .into_iter()
        .zip(&section.agents)
        .map(|(name, agent)| match agent.swept {
            Some(Swept::Won) => format!("{name} (won all)"),
            Some(Swept::Lost) => format!("{name} (lost all)"),
            None => name,
        })
        .collect();
    let mut chart = RowChart::new(&title, axis, &names, 28.0, 48.0);
    for (row, rating) in ratings.into_iter().enumerate() {
        let agent = &section.agents[row];
        match rating {
            Some(r) => {
                let tooltip = format!("{:.0} [{:.0}, {:.0}]", r.value, r.low, r.high);
                chart.interval(row, r, IntervalColours::BLUE, &tooltip);
            }
            None if agent.games == 0 => chart.note(row, "no finished games"),
            None => chart.note(row, "unrated: never met the rated agents"),
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

    use crate::run::GameResult;
    use crate::Settings;

    /// Long engine specs that differ only in their middle, a long display
    /// name and a long game spec: every text lies inside the picture and
    /// every agent's label is its own.
    #[test]
    fn long_labels_and_titles_fit_and_stay_apart() {
        let engine = |dir: &str| {
            format!(
                r#"engine(cmd="python3 /home/someone/tournaments/{dir}/examples/engines/greedy_engine.py --depth 3",time=200ms)"#
            )
        };
        let agents = vec![
            "random".to_string(),
            engine("first"),
            engine("second"),
            format!(
                "mcts(iterations=1000,name={})",
                "a-very-long-display-name-".repeat(3)
            ),
        ];
        let game = "calcala(players=2,setup=short,board=a-very-long-board-description)";
        let settings = Settings {
            games: vec![game.to_string()],
            agents: agents.clone(),
            rounds: 1,
            seed: 1,
            max_plies: 1000,
            opening_plies: 0,
            ..Settings::default()
        };
        // Every pairing in both seat orders, the first seat winning.
        let mut results = Vec::new();
        for a in 0..agents.len() {
            for b in (0..agents.len()).filter(|&b| b != a) {
                results.push(GameResult {
                    index: results.len(),
                    game: 0,
                    round: 0,
                    seats: vec![a, b],
                    seed: 0,
                    winners: Some(vec![if (a + b) % 2 == 0 { 0 } else { 1 }]),
                    plies: 10,
                    seconds: vec![0.1; 2],
                    moves_made: vec![5; 2],
                    forfeit: None,
                    moves_key: 0,
                });
            }
        }
        let summary = crate::stats::summarize(
            &settings,
            &[2],
            results.len(),
            crate::Anchor::Mean,
            &results,
        );
        let svg = chart(&summary.games[0], "random");
        let outside = tabula_testkit::svg_text::outside(&svg).unwrap();
        assert!(outside.is_empty(), "{outside:?}\n{svg}");
        let (_, texts) = tabula_testkit::svg_text::texts(&svg).unwrap();
        let labels = crate::names::chart_names(&agents);
        let distinct: std::collections::HashSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), agents.len(), "{labels:?}");
        for label in &labels {
            let shown = texts.iter().filter(|t| &t.content == label).count();
            assert_eq!(shown, 1, "{label} in {svg}");
        }
        assert!(texts.iter().any(|t| t.content.starts_with(game)), "{svg}");
    }

    #[test]
    fn stems_are_plain_file_names() {
        assert_eq!(file_stem("calcala(players=3)"), "calcala-players-3");
        assert_eq!(file_stem("diffusion"), "diffusion");
        assert_eq!(file_stem("a(b=1,c=2)"), "a-b-1-c-2");
    }
}
