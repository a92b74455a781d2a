//! Where a study keeps its games: each variant's folder under `variants/`
//! holds one arena results folder per tournament (`self-play/`, and
//! `ladder/16-32/` for each step of the ladder) and, where the variant is
//! solved, `exact.json`. Each tournament's seed is derived from the
//! study's seed, the variant's spec and the tournament's name, so adding a
//! variant to a sweep changes no other variant's games.

use std::path::PathBuf;

use super::settings::Settings;

/// The folder holding each variant's folder.
pub const VARIANTS_DIR: &str = "variants";
/// A variant's self-play tournament.
pub const SELF_PLAY_DIR: &str = "self-play";
/// A variant's exact values, where it is solved.
pub const EXACT_FILE: &str = "exact.json";

/// The display names of the two copies of the self-play agent (the arena
/// tells agents apart by their names).
pub const COPIES: [&str; 2] = ["self-play-1", "self-play-2"];

/// One tournament of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// The agent against itself.
    SelfPlay,
    /// Step `k` of the ladder: budget `k` against budget `k + 1`.
    Step(usize),
}

impl Part {
    /// Its name: `self-play`, `ladder/16-32`.
    pub fn name(&self, settings: &Settings) -> String {
        match self {
            Part::SelfPlay => SELF_PLAY_DIR.to_string(),
            Part::Step(k) => {
                let (weak, strong) = step_budgets(settings, *k);
                format!("ladder/{weak}-{strong}")
            }
        }
    }

    /// Its folder, relative to the variant's: its name's components.
    pub fn dir(&self, settings: &Settings) -> PathBuf {
        self.name(settings).split('/').collect()
    }

    /// Its two agents, the weaker first in a step.
    pub fn agents(&self, settings: &Settings) -> Vec<String> {
        match self {
            Part::SelfPlay => COPIES
                .iter()
                .map(|name| with_name(&settings.agent, name))
                .collect(),
            Part::Step(k) => {
                let ladder = settings.ladder.as_ref().expect("a step of a ladder");
                let (weak, strong) = step_budgets(settings, *k);
                vec![ladder.agent(weak), ladder.agent(strong)]
            }
        }
    }

    /// Its games (both seat orders of each round: an even number).
    pub fn rounds(&self, settings: &Settings) -> usize {
        let games = match self {
            Part::SelfPlay => settings.games,
            Part::Step(_) => settings.ladder_games,
        };
        games.div_ceil(2)
    }
}

/// The budgets of ladder step `k`.
pub fn step_budgets(settings: &Settings, k: usize) -> (u64, u64) {
    let budgets = settings.ladder.as_ref().expect("a ladder").budgets();
    (budgets[k], budgets[k + 1])
}

/// The tournaments of every variant, in the order they are played.
pub fn parts(settings: &Settings) -> Vec<Part> {
    let steps = settings
        .ladder
        .as_ref()
        .map_or(0, |l| l.budgets().len() - 1);
    let self_play = (settings.games > 0).then_some(Part::SelfPlay);
    self_play
        .into_iter()
        .chain((0..steps).map(Part::Step))
        .collect()
}

/// `spec` with display name `name` (`mcts(iterations=8,name=self-play-1)`).
fn with_name(spec: &str, name: &str) -> String {
    let mut parsed = tabula::Spec::parse(spec).expect("a canonical spec parses");
    parsed.args.retain(|(k, _)| k != tabula::agents::LABEL);
    parsed
        .args
        .push((tabula::agents::LABEL.to_string(), name.to_string()));
    parsed.to_string()
}

/// The seed of `variant`'s tournament named `part` in a study seeded
/// `seed`: a fixed function of the three, so a variant's games do not
/// depend on the other variants.
pub fn part_seed(seed: u64, variant: &str, part: &str) -> u64 {
    tabula::key::of(&[seed, text_key(variant), text_key(part)])
}

/// A key of `text`'s bytes.
fn text_key(text: &str) -> u64 {
    let words: Vec<u64> = text
        .as_bytes()
        .chunks(8)
        .map(|chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            u64::from_le_bytes(word)
        })
        .chain([text.len() as u64])
        .collect();
    tabula::key::of(&words)
}
