//! Continuing a tournament from its `games.jsonl`.

use std::path::Path;

use tabula::{AgentSpec, GameRecord};

use super::run::{from_record, GameResult};
use super::schedule::Scheduled;
use super::Settings;

/// What an earlier run left: its results, and the lines to keep (a last
/// line cut short by an interruption is dropped).
pub struct Previous {
    pub results: Vec<GameResult>,
    pub lines: Vec<String>,
    /// Whether the file held a cut-off last line that must be removed.
    pub truncated: bool,
}

/// Differences between the settings a directory was made with and these.
pub fn compare(saved: &Settings, now: &Settings) -> Result<(), String> {
    let mut differences = Vec::new();
    if saved.games != now.games {
        differences.push(format!("--games was {:?}", saved.games.join(",")));
    }
    if saved.agents != now.agents {
        differences.push(format!("--agents was {}", saved.agents.join(" ")));
    }
    if saved.rounds != now.rounds {
        differences.push(format!("--rounds was {}", saved.rounds));
    }
    if saved.seed != now.seed {
        differences.push(format!("--seed was {}", saved.seed));
    }
    if saved.max_plies != now.max_plies {
        differences.push(format!("--max-plies was {}", saved.max_plies));
    }
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

/// Reads `games.jsonl`, checking every record against the schedule.
pub fn load(
    path: &Path,
    schedule: &[Scheduled],
    settings: &Settings,
    agents: &[AgentSpec],
) -> Result<Previous, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut previous = Previous {
        results: Vec::new(),
        lines: Vec::new(),
        truncated: false,
    };
    let mut seen = vec![false; schedule.len()];
    for (n, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| format!("cannot resume: {} line {}: {why}", path.display(), n + 1);
        let record = match GameRecord::from_json(line) {
            Ok(record) => record,
            // Only the last line can have been cut short by an interruption.
            Err(_) if n + 1 == lines.len() && !text.ends_with('\n') => {
                previous.truncated = true;
                break;
            }
            Err(e) => return Err(at(e.to_string())),
        };
        let index = record
            .extra
            .get("index")
            .and_then(|v| v.as_u64())
            .ok_or_else(|| at("the record has no schedule `index`".to_string()))?
            as usize;
        let job = schedule.get(index).ok_or_else(|| {
            at(format!(
                "game {index} is not in this schedule of {} games: the results were made \
                 with different settings",
                schedule.len()
            ))
        })?;
        let expected: Vec<String> = job.seats.iter().map(|&a| agents[a].to_string()).collect();
        if record.game != settings.games[job.game]
            || record.agents != expected
            || record.seed != job.seed
        {
            return Err(at(format!(
                "game {index} was {} with {} and seed {}, but these settings schedule {} with {} \
                 and seed {}; run with the original settings or use another --out",
                record.game,
                record.agents.join(" "),
                record.seed,
                settings.games[job.game],
                expected.join(" "),
                job.seed
            )));
        }
        if std::mem::replace(&mut seen[index], true) {
            continue;
        }
        previous
            .results
            .push(from_record(&record, job.game).map_err(at)?);
        previous.lines.push(line.to_string());
    }
    Ok(previous)
}
