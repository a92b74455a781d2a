//! Playing a study: each variant's exact values, then its tournaments in
//! order — self-play, then the ladder step by step, stopping at the first
//! step that is not significant (unless sharded) — and the summary.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use tabula::files::{self, LockMode};
use tabula::Registry;

use super::exact::{self, Source};
use super::layout::{self, Part, VARIANTS_DIR};
use super::settings::{self, Prepared, SettingsFile, LOCK_FILE, SETTINGS_FILE};
use super::summary::{self, read_exact, write_exact, Summary};
use super::{output, Config, Event, Finished, Plan};

/// Plays the study `config` describes (or one shard of it), telling
/// `on_event` as it goes, and writes its tournaments, summary, tables and
/// charts to `config.out`. Every setting is checked before a game is played.
pub fn run(
    registry: &Registry,
    config: &Config,
    on_event: impl FnMut(Event<'_>),
) -> Result<Finished, String> {
    run_until(registry, config, &AtomicBool::new(false), on_event)
}

/// [`run`], stopping early when `interrupt` is set (by a Ctrl-C handler):
/// no new game starts, the games under way finish and are recorded, and
/// the summary of the games played is written; `resume` plays the rest.
pub fn run_until(
    registry: &Registry,
    config: &Config,
    interrupt: &AtomicBool,
    mut on_event: impl FnMut(Event<'_>),
) -> Result<Finished, String> {
    let prepared = settings::prepare(registry, config)?;
    match config.threads {
        Some(0) => return Err("--threads must be at least 1".to_string()),
        Some(n) if n > tabula_arena::MAX_THREADS => {
            return Err(format!(
                "--threads {n} is more than the maximum of {} games at once",
                tabula_arena::MAX_THREADS
            ))
        }
        _ => {}
    }
    for db in &config.dbs {
        if !db.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!("--db {}: no such file", db.display()));
        }
    }
    let settings = &prepared.settings;
    let out = &config.out;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let _lock = files::lock_dir(out, LOCK_FILE, LockMode::Write)?;
    let path = out.join(SETTINGS_FILE);
    if path.exists() && !path.metadata().is_ok_and(|m| m.is_file()) {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let here = SettingsFile {
        settings: settings.clone(),
        shard: config.shard,
    };
    let mut already_played = 0;
    match settings::read(out)? {
        Some(saved) if config.resume => {
            let differences = settings::differences(&saved, &here);
            if !differences.is_empty() {
                return Err(format!(
                    "cannot resume: the study was made with different settings ({}); run with \
                     those settings or use another --out",
                    differences.join(", ")
                ));
            }
            already_played = games_in(&summary::summarize(registry, out, &prepared, config.shard)?);
        }
        Some(_) => {
            return Err(format!(
                "{} holds a study already: add --resume to continue it, or choose another --out",
                out.display()
            ))
        }
        None => settings::write(out, &here)?,
    }
    let parts = layout::parts(settings);
    let games_of = |part: &Part| summary::scheduled(2 * part.rounds(settings), config.shard);
    let plan = Plan {
        variants: settings.variants.len(),
        parts: parts.len(),
        games: settings.variants.len() * parts.iter().map(games_of).sum::<usize>(),
        already_played,
        shard: config.shard,
        out: out.clone(),
    };
    on_event(Event::Started(&plan));
    let started = Instant::now();
    let mut played_now = 0;
    let mut interrupted = false;
    'variants: for (v, variant) in settings.variants.iter().enumerate() {
        let label = &prepared.labels[v];
        let variant_dir = out.join(VARIANTS_DIR).join(&prepared.dirs[v]);
        // Solved once, by the unsharded run or shard 0; merge fills gaps.
        if config.shard.is_none_or(|s| s.index == 0) && read_exact(&variant_dir)?.is_none() {
            solve(registry, &prepared, v, &variant_dir, &mut on_event)?;
        }
        for (i, part) in parts.iter().enumerate() {
            if interrupt.load(Ordering::Relaxed) {
                interrupted = true;
                break 'variants;
            }
            let name = part.name(settings);
            let dir = variant_dir.join(part.dir(settings));
            let arena = tabula_arena::Config {
                games: vec![variant.clone()],
                agents: part.agents(settings),
                rounds: part.rounds(settings),
                seed: layout::part_seed(settings.seed, variant, &name),
                threads: config.threads,
                max_plies: settings.max_plies,
                opening_plies: settings.opening_plies,
                // The study's own settings file guards the folder: a part
                // begun before goes on from where it stopped.
                resume: true,
                shard: config.shard,
                out: dir.clone(),
                ..tabula_arena::Config::default()
            };
            on_event(Event::PartStarted {
                variant: v,
                label,
                part: &name,
                games: games_of(part),
            });
            let finished =
                tabula_arena::play_until(registry, &arena, interrupt, |event| match event {
                    tabula_arena::Event::GameFinished { .. } => on_event(Event::GameFinished {
                        variant: v,
                        part: &name,
                    }),
                    tabula_arena::Event::Note(note) => on_event(Event::Note(note)),
                    _ => {}
                })
                .map_err(|e| format!("{label}, {name}: {e}"))?;
            played_now += finished.played_now;
            if finished.interrupted {
                interrupted = true;
                break 'variants;
            }
            // A shard cannot tell where the whole ladder stops: it plays it all.
            if let (Part::Step(k), None) = (part, config.shard) {
                let step = summary::read_step(registry, settings, &dir, *k, None)?;
                if !step.significant {
                    let skipped = parts[i + 1..].iter().map(games_of).sum();
                    on_event(Event::LadderStopped {
                        variant: v,
                        label,
                        step: &step,
                        skipped_games: skipped,
                    });
                    break;
                }
            }
        }
    }
    let summary = summary::summarize(registry, out, &prepared, config.shard)?;
    output::write_files(out, &summary)?;
    Ok(Finished {
        summary,
        played_now,
        interrupted,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Computes and keeps variant `v`'s exact values, telling `on_event`; a
/// variant no table covers is told, not an error.
fn solve(
    registry: &Registry,
    prepared: &Prepared,
    v: usize,
    variant_dir: &Path,
    on_event: &mut impl FnMut(Event<'_>),
) -> Result<(), String> {
    let start = prepared.starts[v].as_ref();
    let label = &prepared.labels[v];
    let source = exact::source(registry, start, &prepared.settings);
    if let Source::Unavailable(_) = source {
        return Ok(());
    }
    match exact::compute(registry, start, &source) {
        Ok(exact) => {
            write_exact(variant_dir, &exact)?;
            on_event(Event::Exact {
                variant: v,
                label,
                result: Ok(&exact),
            });
        }
        Err(why) => on_event(Event::Exact {
            variant: v,
            label,
            result: Err(&why),
        }),
    }
    Ok(())
}

/// The games recorded in a summary's tournaments.
fn games_in(summary: &Summary) -> usize {
    summary
        .variants
        .iter()
        .map(|v| {
            let self_play = v.self_play.as_ref().map_or(0, |s| s.games);
            let ladder = v
                .depth
                .as_ref()
                .map_or(0, |d| d.steps.iter().map(|s| s.games + s.adjudicated).sum());
            self_play + ladder
        })
        .sum()
}

/// The summary of the study in `dir` as far as it is played, without
/// writing anything: what a page watching it shows.
pub fn standings(registry: &Registry, dir: &Path) -> Result<Summary, String> {
    let file = settings::read(dir)?
        .ok_or_else(|| format!("{} holds no study (no {SETTINGS_FILE})", dir.display()))?;
    let prepared = settings::prepare(registry, &file.settings.config())
        .map_err(|e| format!("{}: {e}", dir.join(SETTINGS_FILE).display()))?;
    summary::summarize(registry, dir, &prepared, file.shard)
}

/// `tabula study summary`: the summary, tables and charts of the study in
/// `dir` made again from its records, without playing.
pub fn rebuild(registry: &Registry, dir: &Path) -> Result<Summary, String> {
    if !dir.is_dir() {
        return Err(format!("{} is not a study's folder", dir.display()));
    }
    let _lock = files::lock_dir(dir, LOCK_FILE, LockMode::Write)?;
    let summary = standings(registry, dir)?;
    output::write_files(dir, &summary)?;
    Ok(summary)
}
