//! `tabula arena merge`: one tournament's shards, played anywhere, made
//! into the directory an unsharded run would have written.
//!
//! Every shard directory must hold the same tournament (the same settings,
//! from `arena.json` or else from the records), the shards must not share
//! a game, and together they must hold every game of the schedule; when
//! they do not, the error lists the missing or duplicated game indexes and
//! the shards they belong to. The inputs are only read (under a shared
//! lock, so a shard still being played is refused).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tabula::Registry;

use super::schedule::Schedule;
use super::stats::Summary;
use super::store::{self, Expect, Scan, SettingsFile, Tail};
use super::{output, stats, Settings, Shard};
use tabula::files::{self, LockMode};

/// One shard directory, read.
struct Part {
    dir: PathBuf,
    shard: Option<Shard>,
    scan: Scan,
    _lock: files::DirLock,
}

/// The settings a directory was played with.
pub(crate) fn settings_of(dir: &Path) -> Result<SettingsFile, String> {
    if let Some(file) = store::read_settings(dir)? {
        return Ok(file);
    }
    match store::settings_from_records(&dir.join(store::GAMES_FILE))? {
        Some(settings) => Ok(SettingsFile {
            settings,
            shard: None,
            anchor: None,
        }),
        None => Err(format!(
            "{} holds no tournament: it has neither {} nor records that name their settings",
            dir.display(),
            store::SETTINGS_FILE
        )),
    }
}

/// `3, 5-9, 12` for sorted indexes.
pub fn ranges(indexes: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < indexes.len() {
        let mut j = i;
        while j + 1 < indexes.len() && indexes[j + 1] == indexes[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            indexes[i].to_string()
        } else {
            format!("{}-{}", indexes[i], indexes[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The indexes of `0..len` that no `covered` range holds, as ranges.
fn gaps(len: usize, mut covered: Vec<usize>) -> Vec<(usize, usize)> {
    covered.sort_unstable();
    covered.dedup();
    let mut gaps = Vec::new();
    let mut next = 0;
    for &i in &covered {
        if i > next {
            gaps.push((next, i - 1));
        }
        next = i + 1;
    }
    if next < len {
        gaps.push((next, len - 1));
    }
    gaps
}

fn show(gaps: &[(usize, usize)]) -> String {
    gaps.iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Merges the results folders of a sharded tournament (`dirs`, each played
/// with a `shard`) into `out`, with the summary, CSV and charts of an
/// unsharded run, and returns that summary. Its ratings are relative to
/// `anchor` (an agent's spec or name, or `mean`), else to the first
/// shard's. Notes (a record cut short by an interruption) go to `on_note`.
pub fn merge(
    registry: &Registry,
    dirs: &[PathBuf],
    out: &Path,
    anchor: Option<&str>,
    mut on_note: impl FnMut(String),
) -> Result<Summary, String> {
    if dirs.is_empty() {
        return Err("name the shards' results folders to merge".to_string());
    }
    for dir in dirs {
        if dir.canonicalize().ok().is_some() && dir.canonicalize().ok() == out.canonicalize().ok() {
            return Err(format!(
                "--out {} is one of the shards; merge into another directory",
                out.display()
            ));
        }
    }
    // The tournament: every directory's settings must be the first one's.
    let mut first: Option<(PathBuf, Settings, Option<String>)> = None;
    let mut read = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            return Err(format!("{} is not a directory", dir.display()));
        }
        let lock = files::lock_dir(dir, store::LOCK_FILE, LockMode::Read)?;
        let file = settings_of(dir)?;
        match &first {
            None => first = Some((dir.clone(), file.settings.clone(), file.anchor.clone())),
            Some((first_dir, settings, _)) => {
                let plain = |s: &Settings| SettingsFile {
                    settings: s.clone(),
                    shard: None,
                    anchor: None,
                };
                let differences = store::differences(&plain(&file.settings), &plain(settings));
                if !differences.is_empty() {
                    return Err(format!(
                        "{} is not the tournament of {}: there {}",
                        dir.display(),
                        first_dir.display(),
                        differences
                            .iter()
                            .map(|d| d.replacen(" was ", " is ", 1))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            }
        }
        read.push((dir.clone(), file.shard, lock));
    }
    let (_, settings, saved_anchor) = first.expect("at least one folder");
    let file = SettingsFile {
        settings: settings.clone(),
        shard: None,
        anchor: saved_anchor,
    };
    let file = match anchor {
        Some(text) => super::with_anchor(registry, file, text, "--anchor")?,
        None => file,
    };
    let anchor = super::saved_anchor(registry, &file)?;
    let (players, schedule) = Schedule::of_settings(registry, &settings, "the shards'")?;
    let expect = Expect {
        registry,
        schedule: &schedule,
        settings: &settings,
        range: 0..schedule.len(),
    };
    let mut parts = Vec::new();
    for (dir, shard, lock) in read {
        let path = dir.join(store::GAMES_FILE);
        let scan = store::scan(&path, &expect)?;
        if let Tail::Torn { line, .. } = scan.tail {
            on_note(format!(
                "{} line {line} was cut short by an interruption; not counted",
                path.display()
            ));
        }
        parts.push(Part {
            dir,
            shard,
            scan,
            _lock: lock,
        });
    }
    check_partition(&schedule, &parts)?;

    // Write: the records shard by shard (in the order of their first game),
    // then the settings and the summary of an unsharded run.
    parts.sort_by_key(|p| p.scan.results.iter().map(|r| r.index).min());
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let _lock = files::lock_dir(out, store::LOCK_FILE, LockMode::Write)?;
    let games_path = out.join(store::GAMES_FILE);
    if std::fs::metadata(&games_path).is_ok_and(|m| m.len() > 0) {
        return Err(format!(
            "{} already holds games; merge into an empty directory",
            games_path.display()
        ));
    }
    store::write_settings(out, &file)?;
    files::write_atomic_with(&games_path, |w| {
        parts
            .iter()
            .try_for_each(|p| store::copy_records(&p.scan, w))
    })?;
    let results: Vec<_> = parts
        .iter()
        .flat_map(|p| p.scan.results.iter().cloned())
        .collect();
    let summary = stats::summarize(&settings, &players, schedule.len(), anchor, &results);
    output::write_files(out, &summary)?;
    Ok(summary)
}

/// Refuses shards that share games or leave some out, listing them.
fn check_partition(schedule: &Schedule, parts: &[Part]) -> Result<(), String> {
    let mut holders: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (p, part) in parts.iter().enumerate() {
        for r in &part.scan.results {
            holders.entry(r.index).or_default().push(p);
        }
    }
    let mut problems = Vec::new();
    // Duplicates, grouped by the directories that share them.
    let mut shared: BTreeMap<Vec<usize>, Vec<usize>> = BTreeMap::new();
    for (&index, owners) in &holders {
        if owners.len() > 1 {
            shared.entry(owners.clone()).or_default().push(index);
        }
    }
    for (owners, indexes) in &shared {
        let dirs: Vec<String> = owners
            .iter()
            .map(|&p| parts[p].dir.display().to_string())
            .collect();
        problems.push(format!(
            "{} game(s) are in more than one directory ({}): {}",
            indexes.len(),
            dirs.join(", "),
            ranges(indexes)
        ));
    }
    let missing = gaps(schedule.len(), holders.keys().copied().collect());
    if !missing.is_empty() {
        let count: usize = missing.iter().map(|&(a, b)| b - a + 1).sum();
        problems.push(format!(
            "{count} of {} game(s) are missing: {}",
            schedule.len(),
            show(&missing)
        ));
        problems.extend(shard_hints(schedule, parts, &missing));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "cannot merge: the directories are not the whole tournament, once:\n  {}",
            problems.join("\n  ")
        ))
    }
}

/// Which shards the missing games belong to, when every directory names
/// a shard of the same count: the shards not given, and the unfinished.
fn shard_hints(schedule: &Schedule, parts: &[Part], missing: &[(usize, usize)]) -> Vec<String> {
    let shards: Vec<Shard> = parts.iter().filter_map(|p| p.shard).collect();
    let Some(count) = shards.first().map(|s| s.count) else {
        return Vec::new();
    };
    if shards.len() != parts.len() || shards.iter().any(|s| s.count != count) {
        return Vec::new();
    }
    let mut hints = Vec::new();
    for index in 0..count {
        let range = schedule.shard(index, count);
        let lacking: usize = missing
            .iter()
            .map(|&(a, b)| (b + 1).min(range.end).saturating_sub(a.max(range.start)))
            .sum();
        if lacking == 0 {
            continue;
        }
        let shard = Shard { index, count };
        match parts.iter().find(|p| p.shard == Some(shard)) {
            None => hints.push(format!(
                "shard {shard} (games {}-{}) is not among the directories",
                range.start,
                range.end - 1
            )),
            Some(p) => hints.push(format!(
                "shard {shard} in {} lacks {lacking} of its {} games: run it again with --resume",
                p.dir.display(),
                range.len()
            )),
        }
    }
    hints
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_gaps_are_exact() {
        assert_eq!(ranges(&[3, 5, 6, 7, 8, 9, 12]), "3, 5-9, 12");
        assert_eq!(ranges(&[]), "");
        assert_eq!(gaps(10, vec![0, 1, 5, 2, 9]), vec![(3, 4), (6, 8)]);
        assert_eq!(gaps(3, vec![]), vec![(0, 2)]);
        assert_eq!(gaps(3, vec![0, 1, 2]), vec![]);
        assert_eq!(show(&[(3, 4), (6, 6)]), "3-4, 6");
    }
}
