//! What fixes a study's games — the variants, the agents, the games per
//! variant, the ladder, the seed — checked before anything is played and
//! written to `study.json`, which `--resume` insists on and which reruns
//! the study exactly (`tabula study --config DIR/study.json`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tabula::files::{self, MAX_SETTINGS_BYTES};
use tabula::{AgentSpec, AnyGame, Registry};

use super::ladder::Ladder;
use super::sweep::{self, Vary};
use super::{Config, Shard};

/// `study.json`: the settings.
pub const SETTINGS_FILE: &str = "study.json";
/// The lock a study holds on its folder while it plays.
pub const LOCK_FILE: &str = "study.lock";

/// The settings that fix a study's games; `--resume` insists on them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The game swept, as given (`None` for a list of variants).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The sweeps of `game`'s parameters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vary: Vec<Vary>,
    /// The variants, canonical: the sweep's combinations, or the list given.
    pub variants: Vec<String>,
    /// The agent every seat of the self-play games has (canonical).
    pub agent: String,
    /// Self-play games per variant.
    pub games: usize,
    /// The skill ladder, if any.
    pub ladder: Option<Ladder>,
    /// Games per step of the ladder.
    pub ladder_games: usize,
    pub seed: u64,
    pub max_plies: usize,
    pub opening_plies: usize,
    /// The largest table solved in memory for the exact values, in positions.
    pub exact_positions: u64,
    /// Database files the exact values may be read from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dbs: Vec<PathBuf>,
}

/// `study.json` as written: the settings and the shard a folder plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingsFile {
    #[serde(flatten)]
    pub settings: Settings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// A study checked and ready: its settings, each variant's start, label
/// (what tells it from the others) and folder name.
pub struct Prepared {
    pub settings: Settings,
    pub starts: Vec<Box<dyn AnyGame>>,
    pub labels: Vec<String>,
    pub dirs: Vec<String>,
}

/// Reads and checks every setting of `config` before anything is played;
/// errors name the option (`--games ...`).
pub fn prepare(registry: &Registry, config: &Config) -> Result<Prepared, String> {
    let variants = match (&config.game, config.variants.is_empty()) {
        (Some(game), true) => sweep::expand(registry, game, &config.vary)?,
        (None, false) if config.vary.is_empty() => sweep::canonical(registry, &config.variants)?,
        (None, false) => return Err("--vary sweeps a game: name the game".to_string()),
        (Some(game), false) => {
            let listed = sweep::canonical(registry, &config.variants)?;
            if sweep::expand(registry, game, &config.vary)? != listed {
                return Err(format!(
                    "the variants listed are not those of `{}` with its sweeps; give one or the other",
                    tabula::excerpt(game)
                ));
            }
            listed
        }
        (None, true) => return Err("a study needs a game (or a list of variants)".to_string()),
    };
    let starts: Vec<Box<dyn AnyGame>> = variants
        .iter()
        .map(|v| registry.create(v).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let agent = check_agent(registry, &starts, &config.agent, "--agent")?;
    if let Some(ladder) = &config.ladder {
        for budget in ladder.budgets() {
            check_agent(registry, &starts, &ladder.agent(budget), "--ladder")?;
        }
        if config.ladder_games == 0 {
            return Err("--ladder-games must be at least 1 (or give --ladder none)".to_string());
        }
    }
    if !(1..=tabula_arena::MAX_PLIES).contains(&config.max_plies) {
        return Err(format!(
            "--max-plies must be from 1 to {}",
            tabula_arena::MAX_PLIES
        ));
    }
    if config.opening_plies >= config.max_plies {
        return Err("--opening-plies must be below --max-plies".to_string());
    }
    // Half a round's worth of games would need an odd schedule.
    if config.games > usize::MAX / 4 || config.ladder_games > usize::MAX / 4 {
        return Err("--games and --ladder-games must be below 2^61".to_string());
    }
    let labels = sweep::labels(&starts);
    let dirs = folder_names(&variants);
    Ok(Prepared {
        settings: Settings {
            game: config.game.as_ref().map(|g| g.trim().to_string()),
            vary: config.vary.clone(),
            variants,
            agent,
            games: config.games,
            ladder: config.ladder.clone(),
            ladder_games: config.ladder_games,
            seed: config.seed,
            max_plies: config.max_plies,
            opening_plies: config.opening_plies,
            exact_positions: config.exact_positions,
            dbs: config.dbs.clone(),
        },
        starts,
        labels,
        dirs,
    })
}

/// The canonical spec of `text`, an agent every variant can seat.
fn check_agent(
    registry: &Registry,
    starts: &[Box<dyn AnyGame>],
    text: &str,
    option: &str,
) -> Result<String, String> {
    let agent: AgentSpec = registry
        .parse_agent(text)
        .map_err(|e| format!("{option}: {e}"))?;
    if agent.is_human() {
        return Err(format!("{option}: `human` cannot play in a study"));
    }
    for start in starts {
        registry
            .agent(start.as_ref(), &agent, 0)
            .map_err(|e| format!("{option}: {e}"))?;
    }
    Ok(agent.to_string())
}

/// Each variant's folder under `variants/`: its spec as a file name
/// (`diffusion-width-4`), numbered when two would share one.
pub fn folder_names(variants: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(variants.len());
    for variant in variants {
        let stem = tabula_arena::file_stem(variant);
        let mut name = stem.clone();
        let mut n = 2;
        while names.contains(&name) {
            name = format!("{stem}-{n}");
            n += 1;
        }
        names.push(name);
    }
    names
}

/// The settings file of `dir`, if it has one.
pub fn read(dir: &Path) -> Result<Option<SettingsFile>, String> {
    let path = dir.join(SETTINGS_FILE);
    let Some(text) = files::read_small(&path, MAX_SETTINGS_BYTES)? else {
        return Ok(None);
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{} is damaged: {e}", path.display()))
}

/// Writes `dir`'s settings file atomically.
pub fn write(dir: &Path, file: &SettingsFile) -> Result<(), String> {
    let text = serde_json::to_string_pretty(file).expect("settings serialize") + "\n";
    files::write_atomic(&dir.join(SETTINGS_FILE), text.as_bytes())
}

impl Settings {
    /// The study these settings describe, as a [`Config`] with the other
    /// options at their defaults.
    pub fn config(&self) -> Config {
        Config {
            game: self.game.clone(),
            vary: self.vary.clone(),
            variants: self.variants.clone(),
            agent: self.agent.clone(),
            games: self.games,
            ladder: self.ladder.clone(),
            ladder_games: self.ladder_games,
            seed: self.seed,
            max_plies: self.max_plies,
            opening_plies: self.opening_plies,
            exact_positions: self.exact_positions,
            dbs: self.dbs.clone(),
            ..Config::default()
        }
    }
}

/// The differences between two studies' settings, as the options that
/// would reproduce the first; empty when they agree.
pub fn differences(saved: &SettingsFile, now: &SettingsFile) -> Vec<String> {
    let (s, n) = (&saved.settings, &now.settings);
    let mut out = Vec::new();
    let mut differ = |same: bool, text: String| {
        if !same {
            out.push(text);
        }
    };
    differ(
        s.variants == n.variants,
        format!("the variants were {}", s.variants.join(" ")),
    );
    differ(s.agent == n.agent, format!("--agent was {}", s.agent));
    differ(s.games == n.games, format!("--games was {}", s.games));
    differ(
        s.ladder == n.ladder,
        format!(
            "--ladder was {}",
            s.ladder
                .as_ref()
                .map_or("none".to_string(), |l| l.to_string())
        ),
    );
    differ(
        s.ladder_games == n.ladder_games,
        format!("--ladder-games was {}", s.ladder_games),
    );
    differ(s.seed == n.seed, format!("--seed was {}", s.seed));
    differ(
        s.max_plies == n.max_plies,
        format!("--max-plies was {}", s.max_plies),
    );
    differ(
        s.opening_plies == n.opening_plies,
        format!("--opening-plies was {}", s.opening_plies),
    );
    differ(
        s.exact_positions == n.exact_positions,
        format!("--exact-positions was {}", s.exact_positions),
    );
    differ(
        s.dbs == n.dbs,
        format!(
            "--db was {}",
            if s.dbs.is_empty() {
                "not given".to_string()
            } else {
                s.dbs
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        ),
    );
    differ(
        saved.shard == now.shard,
        match saved.shard {
            Some(shard) => format!("--shard was {shard}"),
            None => "--shard was not given".to_string(),
        },
    );
    out
}
