//! `tabula arena summary`: a results folder's summary, CSV and charts made
//! again from its `games.jsonl` alone, without playing — after a crash
//! that left them behind, a newer tabula's summary, or records copied from
//! elsewhere.

use std::ops::Range;
use std::path::Path;

use tabula::Registry;

use super::merge::settings_of;
use super::output;
use super::schedule::Schedule;
use super::stats::{self, Summary};
use super::store::{self, Expect, Tail};
use tabula::files::{self, LockMode};

/// Reads the tournament in `dir` (its `arena.json`, else the settings its
/// records name, and every record, checked as `--resume` checks them) and
/// writes its `summary.json`, `summary.csv` and charts, returning the
/// summary. With `anchor` (an agent's spec or name, or `mean`) the ratings
/// are relative to it, and `arena.json` keeps it for later summaries; else
/// to the folder's own anchor. A record an interruption cut short is left
/// out and told to `on_note`; any other damage is an error naming the line.
pub fn rebuild(
    registry: &Registry,
    dir: &Path,
    anchor: Option<&str>,
    mut on_note: impl FnMut(String),
) -> Result<Summary, String> {
    if !dir.is_dir() {
        return Err(match dir.exists() {
            true => format!("{} is not a directory", dir.display()),
            false => format!("{} does not exist", dir.display()),
        });
    }
    let games_path = dir.join(store::GAMES_FILE);
    if !games_path.exists() {
        return Err(format!(
            "{} has no {}: it is no tournament's results folder",
            dir.display(),
            store::GAMES_FILE
        ));
    }
    // Exclusive: a running arena on the folder is refused, and refuses.
    let _lock = files::lock_dir(dir, store::LOCK_FILE, LockMode::Write)?;
    if let Some(text) = anchor {
        let file = super::with_anchor(registry, settings_of(dir)?, text, "--anchor")?;
        store::write_settings(dir, &file)?;
    }
    let (summary, scan) = summarize_folder(registry, dir)?;
    if let Tail::Torn { line, .. } = scan.tail {
        on_note(format!(
            "{} line {line} was cut short by an interruption; not counted \
             (`tabula arena --resume` repairs it and plays that game again)",
            games_path.display()
        ));
    }
    if scan.duplicates > 0 {
        on_note(format!(
            "{} holds {} record(s) of games recorded earlier in the file; each game is counted once",
            games_path.display(),
            scan.duplicates
        ));
    }
    output::write_files(dir, &summary)?;
    Ok(summary)
}

/// The summary of the games `dir`'s `games.jsonl` holds now, checked
/// against the folder's settings as `--resume` checks them, with the scan
/// (for what it left out). Takes no lock: [`rebuild`] holds one, a page
/// watching a running tournament reads beside it (a record being written
/// is not read yet).
pub(crate) fn summarize_folder(
    registry: &Registry,
    dir: &Path,
) -> Result<(Summary, store::Scan), String> {
    let folder = scan_folder(registry, dir)?;
    let anchor = super::saved_anchor(registry, &folder.file)?;
    let settings = &folder.file.settings;
    let played = folder.range.len();
    let mut summary = stats::summarize(
        settings,
        &folder.players,
        played,
        anchor,
        &folder.scan.results,
    );
    summary.shard = folder.file.shard;
    Ok((summary, folder.scan))
}

/// A results folder read: its settings, each game's seat count, the range
/// of the schedule it plays (a shard's, or all) and its records.
pub(crate) struct Folder {
    pub file: store::SettingsFile,
    pub players: Vec<usize>,
    pub range: Range<usize>,
    pub scan: store::Scan,
}

/// Reads `dir`: its settings (its `arena.json`, else those its records
/// name) and its `games.jsonl`, every record checked against them as
/// `--resume` checks them.
pub(crate) fn scan_folder(registry: &Registry, dir: &Path) -> Result<Folder, String> {
    let file = settings_of(dir)?;
    let (players, schedule) = Schedule::of_settings(registry, &file.settings, "the tournament's")?;
    let range = match file.shard {
        Some(s) => schedule.shard(s.index, s.count),
        None => 0..schedule.len(),
    };
    let expect = Expect {
        registry,
        schedule: &schedule,
        settings: &file.settings,
        range: range.clone(),
    };
    let scan = store::scan(&dir.join(store::GAMES_FILE), &expect)?;
    Ok(Folder {
        file,
        players,
        range,
        scan,
    })
}
