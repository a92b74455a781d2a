//! Tables loaded once per process and shared by every agent using the same
//! file (the arena builds one agent per game and plays several games at
//! once); a file changed on disk since it was loaded is loaded again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What tells a rebuilt file from the one loaded: its size and time.
pub(crate) type FileStamp = (u64, Option<std::time::SystemTime>);

pub(crate) fn stamp_of(meta: &std::fs::Metadata) -> FileStamp {
    (meta.len(), meta.modified().ok())
}

/// The tables loaded so far, by file.
pub(crate) struct Shared<T>(Mutex<Vec<(PathBuf, FileStamp, Arc<T>)>>);

impl<T> Shared<T> {
    pub(crate) const fn new() -> Self {
        Shared(Mutex::new(Vec::new()))
    }

    /// The table of the file at `path`: the one loaded before when the file
    /// is unchanged and `reuse` accepts it, else `load`'s, kept for next time.
    pub(crate) fn get<E>(
        &self,
        path: &Path,
        io: impl Fn(std::io::Error) -> E,
        reuse: impl Fn(&T) -> bool,
        load: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let canonical = path.canonicalize().map_err(&io)?;
        let stamp = stamp_of(&std::fs::metadata(&canonical).map_err(&io)?);
        // Held while loading, so that games starting together load once.
        let mut shared = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let cached = shared
            .iter()
            .find(|(p, s, _)| *p == canonical && *s == stamp)
            .map(|(_, _, table)| Arc::clone(table));
        if let Some(table) = cached.filter(|table| reuse(table)) {
            return Ok(table);
        }
        let table = Arc::new(load()?);
        shared.retain(|(p, _, _)| *p != canonical);
        shared.push((canonical, stamp, Arc::clone(&table)));
        Ok(table)
    }
}
