//! The standings of a results folder read while its tournament may still
//! be running (a page watching it): the games recorded so far, summarised
//! as a finished run's would be. A record being written is not read yet.

use std::path::Path;

use tabula::Registry;

use super::schedule::Schedule;
use super::stats::{summarize, Summary};
use super::store::{self, Expect};

/// The summary of the games `dir`'s `games.jsonl` holds now, against its
/// `arena.json` settings (of its shard, when it plays one).
pub fn standings(registry: &Registry, dir: &Path) -> Result<Summary, String> {
    let file = store::read_settings(dir)?.ok_or_else(|| {
        format!(
            "{} holds no tournament yet (no {})",
            dir.display(),
            store::SETTINGS_FILE
        )
    })?;
    let settings = file.settings;
    let mut players = Vec::new();
    for game in &settings.games {
        players.push(registry.create(game).map_err(|e| e.to_string())?.players());
    }
    let schedule = Schedule::new(
        &players,
        settings.agents.len(),
        settings.rounds,
        settings.seed,
    )?;
    let range = match file.shard {
        Some(s) => schedule.shard(s.index, s.count),
        None => 0..schedule.len(),
    };
    let expect = Expect {
        registry,
        schedule: &schedule,
        settings: &settings,
        range: range.clone(),
    };
    let scan = store::scan(&dir.join(store::GAMES_FILE), &expect)?;
    let mut summary = summarize(&settings, &players, schedule.len(), &scan.results);
    summary.scheduled = range.len();
    summary.shard = file.shard;
    Ok(summary)
}

/// Whether a tournament is writing to `dir` now (it holds the folder's
/// lock), so that a page watching it keeps reading.
pub fn playing(dir: &Path) -> bool {
    // The probe holds a reader's lock for an instant only.
    tabula::files::lock_dir(dir, store::LOCK_FILE, tabula::files::LockMode::Read).is_err()
}
