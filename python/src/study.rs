//! `tabula.study`'s native half: a study with `tabula study`'s settings,
//! played by the `tabula-study` library as the command plays it.

use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;
use tabula_study::{Config, Ladder, Vary};

use crate::agent::{until_interrupted, whole};
use crate::{registry, value_error};

/// Plays a study with `tabula study`'s settings and returns the summary it
/// wrote to `summary.json` (JSON text), with the GIL released; `None`
/// leaves an option at the command's default. `tabula.study` is the
/// friendly wrapper.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, vary, variants, agent, games, ladder, ladder_games, seed, threads, max_plies, opening_plies, exact_positions, dbs, out, resume, shard))]
pub fn study_summary(
    py: Python<'_>,
    game: Option<String>,
    vary: Vec<String>,
    variants: Vec<String>,
    agent: Option<String>,
    games: Option<i128>,
    ladder: Option<String>,
    ladder_games: Option<i128>,
    seed: i128,
    threads: Option<i128>,
    max_plies: i128,
    opening_plies: i128,
    exact_positions: Option<i128>,
    dbs: Vec<String>,
    out: String,
    resume: bool,
    shard: Option<String>,
) -> PyResult<String> {
    let config = (|| -> Result<Config, String> {
        let defaults = Config::default();
        let ladder = match ladder.as_deref().map(str::trim) {
            None => defaults.ladder,
            Some(none) if none.eq_ignore_ascii_case("none") => None,
            Some(text) => Some(text.parse::<Ladder>()?),
        };
        Ok(Config {
            game,
            vary: vary
                .iter()
                .map(|v| v.parse::<Vary>())
                .collect::<Result<_, _>>()?,
            variants,
            agent: agent.unwrap_or(defaults.agent),
            games: games.map_or(Ok(defaults.games), |n| whole("games", n))?,
            ladder,
            ladder_games: (ladder_games.map(|n| whole("ladder-games", n)))
                .unwrap_or(Ok(defaults.ladder_games))?,
            seed: whole("seed", seed)?,
            threads: threads.map(|t| whole("threads", t)).transpose()?,
            max_plies: whole("max-plies", max_plies)?,
            opening_plies: whole("opening-plies", opening_plies)?,
            exact_positions: (exact_positions.map(|n| whole("exact-positions", n)))
                .unwrap_or(Ok(defaults.exact_positions))?,
            dbs: dbs.into_iter().map(Into::into).collect(),
            out: out.into(),
            resume,
            shard: shard.map(|s| s.parse()).transpose()?,
        })
    })()
    .map_err(value_error)?;
    // On Ctrl-C no new game starts, the games under way finish and the
    // summary of the finished games is written.
    let interrupt = AtomicBool::new(false);
    until_interrupted(py, &interrupt, || {
        tabula_study::run_until(registry(), &config, &interrupt, |_| {})
            .map(|finished| tabula_study::json(&finished.summary))
    })?
    .unwrap_or_else(|| Err("the study panicked".to_string()))
    .map_err(value_error)
}
