//! `tabula study merge`: a study's shards, played anywhere, made into the
//! folder an unsharded run would have written — each tournament merged by
//! the arena's own merge, the exact values copied (or computed), the
//! summary, tables and charts written.

use std::path::{Path, PathBuf};

use tabula::files::{self, LockMode};
use tabula::Registry;

use super::layout::{self, VARIANTS_DIR};
use super::settings::{self, SettingsFile, LOCK_FILE, SETTINGS_FILE};
use super::summary::{self, read_exact, write_exact, Summary};
use super::{exact, output};

/// Merges the folders of a sharded study (`dirs`, each played with a
/// `--shard`) into `out` and returns the summary. Notes (a record cut
/// short by an interruption) go to `on_note`.
pub fn merge(
    registry: &Registry,
    dirs: &[PathBuf],
    out: &Path,
    mut on_note: impl FnMut(String),
) -> Result<Summary, String> {
    if dirs.is_empty() {
        return Err("name the shards' study folders to merge".to_string());
    }
    let mut first: Option<(&PathBuf, SettingsFile)> = None;
    let mut locks = Vec::new();
    for dir in dirs {
        if dir.canonicalize().ok().is_some() && dir.canonicalize().ok() == out.canonicalize().ok() {
            return Err(format!(
                "--out {} is one of the shards; merge into another folder",
                out.display()
            ));
        }
        if !dir.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
        locks.push(files::lock_dir(dir, LOCK_FILE, LockMode::Read)?);
        let file = settings::read(dir)?
            .ok_or_else(|| format!("{} holds no study (no {SETTINGS_FILE})", dir.display()))?;
        match &first {
            None => first = Some((dir, file)),
            Some((first_dir, saved)) => {
                let plain = |f: &SettingsFile| SettingsFile {
                    shard: None,
                    ..f.clone()
                };
                let differences = settings::differences(&plain(&file), &plain(saved));
                if !differences.is_empty() {
                    return Err(format!(
                        "{} is not the study of {}: there {}",
                        dir.display(),
                        first_dir.display(),
                        differences.join(", ")
                    ));
                }
            }
        }
    }
    let (_, file) = first.expect("at least one folder");
    let prepared = settings::prepare(registry, &file.settings.config())?;
    let s = &prepared.settings;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let _lock = files::lock_dir(out, LOCK_FILE, LockMode::Write)?;
    if out.join(SETTINGS_FILE).exists() {
        return Err(format!(
            "{} holds a study already; merge into an empty folder",
            out.display()
        ));
    }
    for (v, dir_name) in prepared.dirs.iter().enumerate() {
        let variant = Path::new(VARIANTS_DIR).join(dir_name);
        for part in layout::parts(s) {
            let name = part.name(s);
            let shards: Vec<PathBuf> = dirs
                .iter()
                .map(|d| d.join(&variant).join(part.dir(s)))
                .filter(|d| d.is_dir())
                .collect();
            if shards.is_empty() {
                return Err(format!(
                    "no shard holds {} of {}: play every shard to the end (--resume)",
                    name, s.variants[v]
                ));
            }
            tabula_arena::merge(
                registry,
                &shards,
                &out.join(&variant).join(part.dir(s)),
                None,
                &mut on_note,
            )
            .map_err(|e| format!("{}, {name}: {e}", s.variants[v]))?;
        }
        let found = dirs
            .iter()
            .map(|d| read_exact(&d.join(&variant)))
            .find_map(|r| r.transpose())
            .transpose()?;
        let start = prepared.starts[v].as_ref();
        let found = match found {
            Some(exact) => Some(exact),
            None => match exact::source(registry, start, s) {
                exact::Source::Unavailable(_) => None,
                source => exact::compute(registry, start, &source)
                    .map_err(|why| on_note(format!("{}: no exact values: {why}", s.variants[v])))
                    .ok(),
            },
        };
        if let Some(exact) = found {
            write_exact(&out.join(&variant), &exact)?;
        }
    }
    settings::write(
        out,
        &SettingsFile {
            settings: s.clone(),
            shard: None,
        },
    )?;
    let summary = summary::summarize(registry, out, &prepared, None)?;
    output::write_files(out, &summary)?;
    Ok(summary)
}
