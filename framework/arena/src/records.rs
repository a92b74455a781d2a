//! A results folder's games read back whole, moves and all, for reports
//! that need more than the results (`tabula study` reads each game's moves
//! and its agents' values along it).

use std::collections::HashMap;
use std::path::Path;

use tabula::files::Lines;
use tabula::{GameRecord, Registry};

use super::rebuild::scan_folder;
use super::run::GameResult;
use super::{store, Settings};

/// Calls `each` with every game `dir`'s `games.jsonl` holds, in the file's
/// order: its result and its record, each checked against the folder's
/// settings as `--resume` checks them (a game recorded twice is read once;
/// a last record an interruption cut short is left out). Returns the
/// folder's settings. Takes no lock, like [`standings`](super::standings).
pub fn each_record(
    registry: &Registry,
    dir: &Path,
    mut each: impl FnMut(&GameResult, &GameRecord) -> Result<(), String>,
) -> Result<Settings, String> {
    let folder = scan_folder(registry, dir)?;
    let path = dir.join(store::GAMES_FILE);
    let kept: HashMap<u64, usize> = folder
        .scan
        .kept
        .iter()
        .enumerate()
        .map(|(i, &(offset, _))| (offset, i))
        .collect();
    if !kept.is_empty() {
        let mut lines = Lines::open(&path)?;
        while let Some(line) = lines.next_line()? {
            let Some(&i) = kept.get(&line.offset) else {
                continue;
            };
            // Read and checked once already: only a change since then fails.
            let record = std::str::from_utf8(&line.bytes)
                .map_err(|e| e.to_string())
                .and_then(|text| GameRecord::from_json(text).map_err(|e| e.to_string()))
                .map_err(|e| format!("{} line {}: {e}", path.display(), line.number))?;
            each(&folder.scan.results[i], &record)?;
        }
    }
    Ok(folder.file.settings)
}
