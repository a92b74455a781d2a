//! The standings of a results folder read while its tournament may still
//! be running (a page watching it): the games recorded so far, summarised
//! as a finished run's would be. A record being written is not read yet.
//! The games under way are in [`under_way`](super::under_way).

use std::path::Path;

use tabula::Registry;

use super::rebuild::summarize_folder;
use super::stats::Summary;
use super::store;

/// The summary of the games `dir`'s `games.jsonl` holds now, against its
/// `arena.json` settings (of its shard, when it plays one).
pub fn standings(registry: &Registry, dir: &Path) -> Result<Summary, String> {
    // A folder a tournament is starting in has its settings first.
    if store::read_settings(dir)?.is_none() {
        return Err(format!(
            "{} holds no tournament yet (no {})",
            dir.display(),
            store::SETTINGS_FILE
        ));
    }
    Ok(summarize_folder(registry, dir)?.0)
}

/// Whether a tournament is writing to `dir` now (it holds the folder's
/// lock), so that a page watching it keeps reading.
pub fn playing(dir: &Path) -> bool {
    // The probe holds a reader's lock for an instant only.
    tabula::files::lock_dir(dir, store::LOCK_FILE, tabula::files::LockMode::Read).is_err()
}
