//! A study's summary, made from its folder: every variant's tournaments
//! read back (with [`tabula_arena::each_record`], as the arena's own
//! resume reads them) and its exact values.

use std::path::Path;

use serde::{Deserialize, Serialize};
use tabula::files;
use tabula::Registry;

use super::exact::{self, Exact, Source};
use super::layout::{self, Part, EXACT_FILE, VARIANTS_DIR};
use super::metrics::depth::{Depth, Step, StepTally};
use super::metrics::trace::Trace;
use super::metrics::{SelfPlay, SelfPlayTally};
use super::settings::{Prepared, Settings};
use super::Shard;

/// What a study found, variant by variant (`summary.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub settings: Settings,
    /// The shard this folder plays, when it plays one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    pub variants: Vec<VariantSummary>,
}

/// One variant's metrics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantSummary {
    /// Its canonical spec.
    pub variant: String,
    /// What tells it from the other variants (`stones=2`).
    pub label: String,
    /// Its folder in the study's, holding its tournaments.
    pub folder: String,
    pub players: usize,
    /// The self-play games' metrics, once some are played.
    pub self_play: Option<SelfPlay>,
    /// The ladder's steps and the depth they show, with a ladder.
    pub depth: Option<Depth>,
    /// The start's exact values, where a solver covers the variant.
    pub exact: Option<Exact>,
    /// Why there are no exact values, when there are none.
    pub exact_note: Option<String>,
}

/// The summary of the study in `out`, as far as it is played.
pub fn summarize(
    registry: &Registry,
    out: &Path,
    prepared: &Prepared,
    shard: Option<Shard>,
) -> Result<Summary, String> {
    let settings = &prepared.settings;
    let mut variants = Vec::with_capacity(settings.variants.len());
    for (v, variant) in settings.variants.iter().enumerate() {
        let folder = Path::new(VARIANTS_DIR).join(&prepared.dirs[v]);
        let start = prepared.starts[v].as_ref();
        let mut self_play = None;
        let mut steps = Vec::new();
        for part in layout::parts(settings) {
            let dir = out.join(&folder).join(part.dir(settings));
            match part {
                Part::SelfPlay => {
                    self_play = read_self_play(registry, settings, &dir, start, shard)?
                }
                Part::Step(k) => steps.push(read_step(registry, settings, &dir, k, shard)?),
            }
        }
        let depth = settings
            .ladder
            .as_ref()
            .map(|ladder| Depth::of(ladder.to_string(), steps));
        let (exact, exact_note) = match read_exact(&out.join(&folder))? {
            Some(exact) => (Some(exact), None),
            None => match exact::source(registry, start, settings) {
                Source::Unavailable(why) => (None, Some(why)),
                _ => (None, Some("not computed yet".to_string())),
            },
        };
        variants.push(VariantSummary {
            variant: variant.clone(),
            label: prepared.labels[v].clone(),
            folder: folder.to_string_lossy().replace('\\', "/"),
            players: start.players(),
            self_play,
            depth,
            exact,
            exact_note,
        });
    }
    Ok(Summary {
        settings: settings.clone(),
        shard,
        variants,
    })
}

/// Whether `dir` holds a tournament (its settings are written first).
fn started(dir: &Path) -> bool {
    dir.join("arena.json").is_file()
}

/// The self-play metrics of the tournament in `dir`, once it started.
fn read_self_play(
    registry: &Registry,
    settings: &Settings,
    dir: &Path,
    start: &dyn tabula::AnyGame,
    shard: Option<Shard>,
) -> Result<Option<SelfPlay>, String> {
    if !started(dir) {
        return Ok(None);
    }
    // In schedule order, so that the sums do not depend on the order the
    // games finished in (a resumed or merged study's records are in another).
    let mut traces = Vec::new();
    tabula_arena::each_record(registry, dir, |result, record| {
        traces.push((result.index, Trace::read(registry, result, record)?));
        Ok(())
    })?;
    traces.sort_by_key(|(index, _)| *index);
    let mut tally = SelfPlayTally::new(start.players());
    for (_, trace) in &traces {
        tally.add(trace);
    }
    let scheduled = scheduled(2 * Part::SelfPlay.rounds(settings), shard);
    Ok(Some(tally.finish(scheduled)))
}

/// Ladder step `k` as its tournament in `dir` stands (not played: no games).
pub fn read_step(
    registry: &Registry,
    settings: &Settings,
    dir: &Path,
    k: usize,
    shard: Option<Shard>,
) -> Result<Step, String> {
    let part = Part::Step(k);
    let played = started(dir);
    let mut tally = StepTally::default();
    if played {
        // The stronger agent is the second (see `Part::agents`).
        let mut results = Vec::new();
        tabula_arena::each_record(registry, dir, |result, _| {
            results.push(result.clone());
            Ok(())
        })?;
        results.sort_by_key(|r| r.index);
        for result in &results {
            tally.add(result, 1);
        }
    }
    let [weak, strong]: [String; 2] = part
        .agents(settings)
        .try_into()
        .expect("a step has two agents");
    let scheduled = scheduled(2 * part.rounds(settings), shard);
    Ok(tally.finish(weak, strong, scheduled, played))
}

/// The games of a schedule of `total` a shard plays (all without one).
pub(crate) fn scheduled(total: usize, shard: Option<Shard>) -> usize {
    match shard {
        None => total,
        Some(s) => {
            let cut = |k: usize| (total as u128 * k as u128 / s.count as u128) as usize;
            cut(s.index + 1) - cut(s.index)
        }
    }
}

/// The variant folder's exact values, if they were computed.
pub fn read_exact(variant_dir: &Path) -> Result<Option<Exact>, String> {
    let path = variant_dir.join(EXACT_FILE);
    let Some(text) = files::read_small(&path, files::MAX_SETTINGS_BYTES)? else {
        return Ok(None);
    };
    serde_json::from_str(&text).map(Some).map_err(|e| {
        format!(
            "{} is damaged ({e}); delete it and it is computed again",
            path.display()
        )
    })
}

/// Writes the variant folder's exact values.
pub fn write_exact(variant_dir: &Path, exact: &Exact) -> Result<(), String> {
    std::fs::create_dir_all(variant_dir)
        .map_err(|e| format!("cannot create {}: {e}", variant_dir.display()))?;
    let text = serde_json::to_string_pretty(exact).expect("exact values serialize") + "\n";
    files::write_atomic(&variant_dir.join(EXACT_FILE), text.as_bytes())
}
