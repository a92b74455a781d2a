//! A tournament's directory: its settings file, its append-only
//! `games.jsonl`, the checks that let `--resume` and `merge` trust them, and
//! the repairs an interruption may need. Result files are never rewritten
//! in place (see [`tabula::files`]).

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula::{excerpt, GameRecord};

use super::run::{from_record, GameResult, TOURNAMENT_FIELD};
use super::schedule::Schedule;
use super::{Settings, Shard};
use tabula::files::{self, Lines};

pub const GAMES_FILE: &str = "games.jsonl";
pub const SETTINGS_FILE: &str = "arena.json";
pub const LOCK_FILE: &str = "arena.lock";

/// `arena.json`: the settings, the shard a directory plays, and the
/// anchor its summaries use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingsFile {
    #[serde(flatten)]
    pub settings: Settings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Who is rated 0 (an agent's spec, or `mean`), when `--anchor` chose;
    /// absent: the default. How the results are reported, not which games
    /// are played, so a resume may change it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
}

/// The settings file of `dir`, if it has one.
pub fn read_settings(dir: &Path) -> Result<Option<SettingsFile>, String> {
    let path = dir.join(SETTINGS_FILE);
    let Some(text) = files::read_small(&path, files::MAX_SETTINGS_BYTES)? else {
        return Ok(None);
    };
    serde_json::from_str(&text).map(Some).map_err(|e| {
        format!(
            "{} is damaged ({e}); delete it and the settings are recovered from the records",
            path.display()
        )
    })
}

/// Writes `dir`'s settings file atomically.
pub fn write_settings(dir: &Path, file: &SettingsFile) -> Result<(), String> {
    let text = serde_json::to_string_pretty(file).expect("settings serialize") + "\n";
    files::write_atomic(&dir.join(SETTINGS_FILE), text.as_bytes())
}

/// The differences between the settings results were made with and these,
/// as the flags that would reproduce them; empty when they agree.
pub fn differences(saved: &SettingsFile, now: &SettingsFile) -> Vec<String> {
    let (s, n) = (&saved.settings, &now.settings);
    let mut differences = Vec::new();
    if s.games != n.games {
        differences.push(format!("--games was {:?}", s.games.join(",")));
    }
    if s.agents != n.agents {
        differences.push(format!("--agents was {}", s.agents.join(" ")));
    }
    if s.rounds != n.rounds {
        differences.push(format!("--rounds was {}", s.rounds));
    }
    if s.seed != n.seed {
        differences.push(format!("--seed was {}", s.seed));
    }
    if s.max_plies != n.max_plies {
        differences.push(format!("--max-plies was {}", s.max_plies));
    }
    if s.opening_plies != n.opening_plies {
        differences.push(format!("--opening-plies was {}", s.opening_plies));
    }
    if s.sprt != n.sprt {
        differences.push(match s.sprt {
            Some(spec) => format!("--sprt was {spec}"),
            None => "--sprt was not given".to_string(),
        });
    }
    if s.gauntlet != n.gauntlet {
        differences.push(match s.gauntlet {
            Some(g) => format!(
                "--gauntlet was {}",
                s.agents.get(g).map_or("?", |a| a.as_str())
            ),
            None => "--gauntlet was not given".to_string(),
        });
    }
    if (&s.openings, s.openings_order, &s.openings_hash)
        != (&n.openings, n.openings_order, &n.openings_hash)
    {
        differences.push(match &s.openings {
            Some(path) => format!(
                "--openings was {} (order {}, contents {})",
                path.display(),
                s.openings_order.unwrap_or_default(),
                s.openings_hash.as_deref().unwrap_or("?")
            ),
            None => "--openings was not given".to_string(),
        });
    }
    if saved.shard != now.shard {
        differences.push(match saved.shard {
            Some(shard) => format!("--shard was {shard}"),
            None => "--shard was not given".to_string(),
        });
    }
    differences
}

/// Refuses to go on with results made with other settings.
pub fn compare(saved: &SettingsFile, now: &SettingsFile) -> Result<(), String> {
    let differences = differences(saved, now);
    if differences.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "cannot resume: the results were made with different settings ({}); \
             run with those settings or use another --out",
            differences.join(", ")
        ))
    }
}

/// How `games.jsonl` ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tail {
    /// With a complete, newline-terminated record (or empty).
    Clean,
    /// With a complete record that lacks its newline.
    Unterminated,
    /// With a record an interruption cut short, starting at `offset`.
    Torn { offset: u64, line: usize },
}

/// What a scan of `games.jsonl` found.
pub struct Scan {
    pub path: PathBuf,
    /// The results, the first record of each game.
    pub results: Vec<GameResult>,
    /// Where those records lie in the file: (offset, length without newline).
    pub kept: Vec<(u64, usize)>,
    /// Records of games already seen earlier in the file.
    pub duplicates: usize,
    pub tail: Tail,
    /// Whether some record names its tournament's settings (records written
    /// before records carried them do not).
    pub tagged: bool,
}

/// What every record must agree with.
pub struct Expect<'a> {
    /// The games, to replay every record's moves through the rules.
    pub registry: &'a tabula::Registry,
    pub schedule: &'a Schedule,
    pub settings: &'a Settings,
    /// The indexes this directory may hold.
    pub range: Range<usize>,
}

/// Reads `path` (absent: no games), checking every record against the
/// schedule. Only the last line may be cut short; it is reported in
/// [`Scan::tail`], not read.
pub fn scan(path: &Path, expect: &Expect) -> Result<Scan, String> {
    let mut scan = Scan {
        path: path.to_path_buf(),
        results: Vec::new(),
        kept: Vec::new(),
        duplicates: 0,
        tail: Tail::Clean,
        tagged: false,
    };
    if !path.exists() {
        return Ok(scan);
    }
    let mut lines = Lines::open(path)?;
    let mut seen = HashSet::new();
    while let Some(line) = lines.next_line()? {
        let at = |why: &str| format!("{} line {}: {why}", path.display(), line.number);
        if line.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let record = std::str::from_utf8(&line.bytes)
            .map_err(|_| "not UTF-8 text".to_string())
            .and_then(|text| GameRecord::from_json(text).map_err(|e| e.to_string()));
        let record = match record {
            Ok(record) => record,
            // Only the last line can lack its newline: cut short.
            Err(_) if !line.terminated => {
                scan.tail = Tail::Torn {
                    offset: line.offset,
                    line: line.number,
                };
                continue;
            }
            Err(e) => return Err(at(&e)),
        };
        let (index, result) = check(&record, expect, &mut scan.tagged).map_err(|e| at(&e))?;
        if !line.terminated {
            scan.tail = Tail::Unterminated;
        }
        if !seen.insert(index) {
            scan.duplicates += 1;
            continue;
        }
        scan.kept.push((line.offset, line.bytes.len()));
        scan.results.push(result);
    }
    Ok(scan)
}

/// Checks one record against the tournament; returns its index and result.
fn check(
    record: &GameRecord,
    expect: &Expect,
    tagged: &mut bool,
) -> Result<(usize, GameResult), String> {
    if let Some(value) = record.extra.get(TOURNAMENT_FIELD) {
        let recorded: Settings = serde_json::from_value(value.clone())
            .map_err(|e| format!("its `{TOURNAMENT_FIELD}` is damaged: {e}"))?;
        let wrap = |settings: &Settings| SettingsFile {
            settings: settings.clone(),
            shard: None,
            anchor: None,
        };
        let differences = differences(&wrap(&recorded), &wrap(expect.settings));
        if !differences.is_empty() {
            return Err(format!(
                "the results were made with different settings ({}); run with those \
                 settings or use another --out",
                differences.join(", ")
            ));
        }
        *tagged = true;
    }
    let index = record
        .extra
        .get("index")
        .and_then(Value::as_u64)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or("the record has no schedule `index`")?;
    let schedule = expect.schedule;
    if index >= schedule.len() {
        return Err(format!(
            "game {index} is not in this schedule of {} games: the results were made \
             with different settings",
            schedule.len()
        ));
    }
    if !expect.range.contains(&index) {
        return Err(format!(
            "game {index} is not in this shard (games {} to {}): the results were made \
             with a different --shard",
            expect.range.start,
            expect.range.end.saturating_sub(1)
        ));
    }
    let job = schedule.game(index);
    let settings = expect.settings;
    let expected: Vec<&str> = job
        .seats
        .iter()
        .map(|&a| settings.agents[a].as_str())
        .collect();
    if record.game != settings.games[job.game]
        || record.agents != expected
        || record.seed != job.seed
    {
        return Err(format!(
            "game {index} was {} with {} and seed {}, but these settings schedule {} with {} \
             and seed {}; run with the original settings or use another --out",
            excerpt(&record.game),
            excerpt(&record.agents.join(" ")),
            record.seed,
            settings.games[job.game],
            expected.join(" "),
            job.seed
        ));
    }
    let result = from_record(record, job.game)?;
    // The fields the statistics index by must be what the schedule says.
    let players = job.seats.len();
    if result.seats != job.seats || result.round != job.round {
        return Err(format!(
            "game {index}: its `seats` or `round` is not the schedule's"
        ));
    }
    if let Some(winners) = &result.winners {
        let mut sorted = winners.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if winners.is_empty()
            || sorted.len() != winners.len()
            || sorted[sorted.len() - 1] >= players
        {
            return Err(format!(
                "game {index}: `winners` must be distinct seats below {players}"
            ));
        }
    }
    check_fields(index, &result, players)?;
    check_moves(index, record, &result, expect.registry)?;
    Ok((index, result))
}

/// The longest time a seat's record may claim: far beyond any game, short
/// of what sums to infinity.
const MAX_SECONDS: f64 = 1e9;

/// The per-seat fields a summary reads: one entry per seat, finite times,
/// no more moves made than plies played, a forfeit by a seat of the game.
fn check_fields(index: usize, result: &GameResult, players: usize) -> Result<(), String> {
    let bad = |what: &str| Err(format!("game {index}: {what}"));
    if result.seconds.len() != players
        || result
            .seconds
            .iter()
            .any(|s| !(0.0..=MAX_SECONDS).contains(s))
    {
        return bad("`seconds` must hold a time per seat, from 0 to 10^9 seconds");
    }
    // A forfeited move (an illegal one) counts as made but is not played.
    let made: u64 = result.moves_made.iter().map(|&m| u64::from(m)).sum();
    if result.moves_made.len() != players || made > result.plies as u64 + 1 {
        return bad("`moves_made` must hold a count per seat, no more than the moves played");
    }
    if result
        .forfeit
        .as_ref()
        .is_some_and(|(seat, _)| *seat >= players)
    {
        return bad("`forfeit` names a seat the game does not have");
    }
    Ok(())
}

/// The record's moves replay through the rules, and its result is the
/// game's: the final position's outcome, unless a seat forfeited (it
/// loses) or the game was stopped (adjudicated, no outcome yet).
fn check_moves(
    index: usize,
    record: &GameRecord,
    result: &GameResult,
    registry: &tabula::Registry,
) -> Result<(), String> {
    let states = record
        .replay(registry, None)
        .map_err(|e| format!("game {index}: its moves do not replay: {e}"))?;
    let last = states.last().expect("a replay holds the start");
    let outcome: Option<Vec<usize>> = last.outcome().map(|o| o.winners().collect());
    let agrees = match (&result.forfeit, &result.winners) {
        (Some(_), Some(_)) => outcome.is_none(),
        (None, winners) => *winners == outcome,
        (Some(_), None) => false,
    };
    if !agrees {
        return Err(format!(
            "game {index}: its result is not what its moves give"
        ));
    }
    Ok(())
}

/// Makes `games.jsonl` ready for appending after `scan`: a torn last
/// record is cut off at its first byte, a missing last newline is added,
/// and duplicate records are dropped by writing the kept records to a new
/// file renamed over the old. Returns what it did, for the log.
pub fn repair(scan: &Scan) -> Result<Vec<String>, String> {
    let path = &scan.path;
    let failed = |e: std::io::Error| format!("cannot repair {}: {e}", path.display());
    let mut notes = Vec::new();
    if scan.duplicates > 0 {
        files::write_atomic_with(path, |out| copy_records(scan, out))?;
        notes.push(format!(
            "removed {} duplicate record(s) from {}",
            scan.duplicates,
            path.display()
        ));
        if let Tail::Torn { line, .. } = scan.tail {
            notes.push(format!("dropped line {line}, cut short by an interruption"));
        }
        return Ok(notes);
    }
    match scan.tail {
        Tail::Clean => {}
        Tail::Torn { offset, line } => {
            let file = OpenOptions::new().write(true).open(path).map_err(failed)?;
            file.set_len(offset).map_err(failed)?;
            file.sync_all().map_err(failed)?;
            notes.push(format!(
                "dropped line {line} of {}, cut short by an interruption",
                path.display()
            ));
        }
        Tail::Unterminated => {
            let mut file = OpenOptions::new().append(true).open(path).map_err(failed)?;
            file.write_all(b"\n").map_err(failed)?;
            file.sync_all().map_err(failed)?;
        }
    }
    Ok(notes)
}

/// The settings the first record of `path` that names them names; `None`
/// when no record does (or there is no file).
pub fn settings_from_records(path: &Path) -> Result<Option<Settings>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let mut lines = Lines::open(path)?;
    while let Some(line) = lines.next_line()? {
        let record = std::str::from_utf8(&line.bytes)
            .ok()
            .and_then(|text| GameRecord::from_json(text).ok());
        if let Some(value) = record.and_then(|r| r.extra.get(TOURNAMENT_FIELD).cloned()) {
            return serde_json::from_value(value).map(Some).map_err(|e| {
                format!(
                    "{} line {}: its `{TOURNAMENT_FIELD}` is damaged: {e}",
                    path.display(),
                    line.number
                )
            });
        }
    }
    Ok(None)
}

/// Writes the kept records of `scan`, each with its newline, to `out`.
pub fn copy_records(scan: &Scan, out: &mut dyn Write) -> Result<(), String> {
    let mut lines = Lines::open(&scan.path)?;
    let mut kept = scan.kept.iter().peekable();
    while let Some(line) = lines.next_line()? {
        let Some(&&(offset, _)) = kept.peek() else {
            break;
        };
        if line.offset == offset {
            kept.next();
            out.write_all(&line.bytes)
                .and_then(|()| out.write_all(b"\n"))
                .map_err(|e| format!("cannot copy records: {e}"))?;
        }
    }
    if kept.next().is_some() {
        return Err(format!("{} changed while it was read", scan.path.display()));
    }
    Ok(())
}

/// Appends records to `games.jsonl`, one `write` per record, syncing to
/// disk at most once a second (a kill loses nothing written; a power cut
/// at most the last second's games) and when finished.
pub struct Appender {
    file: File,
    path: PathBuf,
    synced: Instant,
}

impl Appender {
    pub fn open(path: &Path) -> Result<Self, String> {
        // Opening a FIFO to write would block until someone reads it.
        if path.exists() && !path.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!("{} is not a regular file", path.display()));
        }
        let file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        Ok(Appender {
            file,
            path: path.to_path_buf(),
            synced: Instant::now(),
        })
    }

    pub fn append(&mut self, record: &GameRecord) -> Result<(), String> {
        let mut line = record.to_json();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        if self.synced.elapsed() >= Duration::from_secs(1) {
            self.sync()?;
        }
        Ok(())
    }

    pub fn sync(&mut self) -> Result<(), String> {
        self.synced = Instant::now();
        self.file
            .sync_data()
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}
