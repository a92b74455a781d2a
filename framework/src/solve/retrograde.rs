//! Retrograde analysis, one layer at a time, on all cores.
//!
//! Layers are solved in order, so every move that leaves the layer being
//! solved leads to a solved position (or ends the game). Within a layer:
//!
//! 1. *Count.* Every position looks at its moves once: a move that ends
//!    the game or leaves the layer has a known value and sets a candidate
//!    (the fastest win, the slowest loss, whether a draw is available);
//!    a move within the layer adds one to the position's count of unknown
//!    children.
//! 2. *Waves.* Positions are decided in order of distance, `d = 0, 1, 2…`
//!    (a bucket of candidates per distance). When a position is decided at
//!    `d`, its predecessors in the layer ([`Indexed::unmoves`]) learn it:
//!    a loss makes each a win in `d + 1` at the latest; a win lowers each
//!    one's count and raises its slowest-loss candidate, and a predecessor
//!    whose count reaches zero with no win and no draw among its children
//!    is a loss at that candidate. Deciding in distance order makes every
//!    distance exact: a win is decided at its fastest winning move, a loss
//!    only once its longest defence is known.
//! 3. Whatever is undecided when the buckets run dry is a draw: neither
//!    side can force the game to end.
//!
//! The per-layer work (a count, two distance candidates and a code per
//! position, 7 bytes) is freed after each layer; the table is one byte
//! per position.

use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use thiserror::Error;

use super::table::{Identity, Stats, Table};
use super::value::{decode, encode, Code, Entry, Value, MAX_INLINE_PLIES, OVERFLOW};
use super::Indexed;
use crate::game::Game;
use crate::outcome::Outcome;

/// The largest table [`solve`] builds: 16 Gi positions (16 GiB of codes).
pub const MAX_POSITIONS: u64 = 1 << 34;

/// Positions handled per parallel task, and between progress reports.
const CHUNK: usize = 1 << 14;
/// "No winning move known yet" in the fastest-win candidates.
const NO_WIN: u16 = u16::MAX;
/// Set in a position's count when one of its children is a known draw.
const DRAW_CHILD: u16 = 1 << 15;

/// How far a build has come, for progress bars.
#[derive(Debug, Clone, Copy)]
pub struct SolveProgress {
    /// Work done, in position steps (each position counts twice: once
    /// when its moves are counted, once when it is decided or left a draw).
    pub done: u64,
    /// All the work: twice the positions.
    pub total: u64,
    /// The layer being solved, from 0.
    pub layer: usize,
    /// The number of layers.
    pub layers: usize,
}

/// Why a table cannot be built.
#[derive(Debug, Error)]
pub enum SolveError {
    /// More positions than this solver builds tables for.
    #[error(
        "{game}({variant}) has {positions} positions: its table would take {}, \
         more than this solver builds (at most {MAX_POSITIONS} positions)",
        human_bytes(*positions)
    )]
    TooLarge {
        /// The game.
        game: String,
        /// Its variant.
        variant: String,
        /// How many positions the table would have.
        positions: u64,
    },
    /// The game's [`Indexed`] implementation breaks its contract.
    #[error("{game}({variant}): {reason}")]
    BadIndexing {
        /// The game.
        game: String,
        /// Its variant.
        variant: String,
        /// What is wrong.
        reason: String,
    },
}

/// `2.18 GB`: a byte count for people.
pub(crate) fn human_bytes(bytes: u64) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} bytes"),
        _ => format!("{value:.2} {}", units[unit]),
    }
}

/// Solves every position of `start`'s variant. `progress`, when given, is
/// called from the worker threads as the work advances.
pub fn solve<G: Indexed>(
    start: &G,
    progress: Option<&(dyn Fn(&SolveProgress) + Sync)>,
) -> Result<Table, SolveError> {
    let started = Instant::now();
    let identity = Identity {
        game: G::NAME.to_string(),
        variant: start.variant(),
        positions: start.index_count(),
    };
    let bad = |reason: String| SolveError::BadIndexing {
        game: identity.game.clone(),
        variant: identity.variant.clone(),
        reason,
    };
    if identity.positions > MAX_POSITIONS {
        return Err(SolveError::TooLarge {
            game: identity.game.clone(),
            variant: identity.variant.clone(),
            positions: identity.positions,
        });
    }
    let layers = start.layers();
    let mut next = 0;
    for layer in &layers {
        if layer.start != next || layer.end < layer.start {
            return Err(bad(format!(
                "layer {layer:?} does not follow the previous one at {next}"
            )));
        }
        if layer.end - layer.start > u64::from(u32::MAX) {
            return Err(bad(format!("layer {layer:?} has more than 2^32 positions")));
        }
        next = layer.end;
    }
    if next != identity.positions {
        return Err(bad(format!(
            "the layers end at {next}, not at {}",
            identity.positions
        )));
    }
    let mut codes = vec![0 as Code; identity.positions as usize];
    let mut overflow = Vec::new();
    let mut stats = Stats::default();
    let done = AtomicU64::new(0);
    for (number, layer) in layers.iter().enumerate() {
        let report = |steps: u64| {
            let now = done.fetch_add(steps, Ordering::Relaxed) + steps;
            if let Some(progress) = progress {
                progress(&SolveProgress {
                    done: now,
                    total: 2 * identity.positions,
                    layer: number,
                    layers: layers.len(),
                });
            }
        };
        let (lower, rest) = codes.split_at_mut(layer.start as usize);
        let solved = Solved {
            codes: lower,
            overflow: &overflow,
        };
        let work = solve_layer(
            start,
            layer.clone(),
            &solved,
            &mut rest[..(layer.end - layer.start) as usize],
            &report,
        )
        .map_err(bad)?;
        stats.unreachable += work.unreachable;
        stats.max_plies = stats.max_plies.max(work.max_plies);
        // Layers follow each other, so the list stays sorted by index.
        let mut long = work.overflow;
        long.sort_by_key(|&(index, _)| index);
        overflow.extend(long);
    }
    count(&codes, &overflow, &mut stats);
    stats.seconds = started.elapsed().as_secs_f64();
    Ok(Table::new(identity, stats, codes, overflow))
}

/// Counts wins, losses and draws (unreachable indices are draws by code,
/// so they are taken off the draws).
fn count(codes: &[Code], overflow: &[(u64, Entry)], stats: &mut Stats) {
    let (wins, losses, zeros) = codes
        .par_chunks(1 << 20)
        .map(|chunk| {
            let mut counts = (0u64, 0u64, 0u64);
            for &code in chunk {
                match code {
                    0 => counts.2 += 1,
                    OVERFLOW => {}
                    c if c % 2 == 1 => counts.0 += 1,
                    _ => counts.1 += 1,
                }
            }
            counts
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    let long_wins = overflow
        .iter()
        .filter(|(_, e)| e.value == Value::Win)
        .count() as u64;
    stats.wins = wins + long_wins;
    stats.losses = losses + overflow.len() as u64 - long_wins;
    stats.draws = zeros - stats.unreachable;
}

/// The layers solved so far.
struct Solved<'a> {
    codes: &'a [Code],
    overflow: &'a [(u64, Entry)],
}

impl Solved<'_> {
    fn get(&self, index: u64) -> Entry {
        match self.codes[index as usize] {
            OVERFLOW => {
                let at = self
                    .overflow
                    .binary_search_by_key(&index, |&(i, _)| i)
                    .expect("every long distance has an overflow entry");
                self.overflow[at].1
            }
            code => decode(code),
        }
    }
}

/// What solving one layer yields besides its codes.
struct LayerResult {
    unreachable: u64,
    max_plies: u32,
    overflow: Vec<(u64, Entry)>,
}

/// The working state of one layer, indexed from the layer's start.
struct Work {
    /// The decided code, 0 while undecided (no decided entry has code 0).
    code: Vec<AtomicU8>,
    /// Children in the layer not yet decided, plus [`DRAW_CHILD`].
    pending: Vec<AtomicU16>,
    /// The fastest win known, in plies, or [`NO_WIN`].
    win: Vec<AtomicU16>,
    /// The slowest loss known so far, in plies (over decided children).
    loss: Vec<AtomicU16>,
}

impl Work {
    fn new(len: usize) -> Self {
        Work {
            code: (0..len).map(|_| AtomicU8::new(0)).collect(),
            pending: (0..len).map(|_| AtomicU16::new(0)).collect(),
            win: (0..len).map(|_| AtomicU16::new(NO_WIN)).collect(),
            loss: (0..len).map(|_| AtomicU16::new(0)).collect(),
        }
    }

    /// Decides position `i` at distance `d` if it is due then: returns its
    /// entry when this call decided it.
    fn claim(&self, i: u32, d: u16) -> Option<Entry> {
        let i = i as usize;
        if self.code[i].load(Ordering::Relaxed) != 0 {
            return None;
        }
        let win = self.win[i].load(Ordering::Relaxed);
        let entry = if win == d {
            Entry::win(u32::from(d))
        } else if win == NO_WIN
            && self.pending[i].load(Ordering::Acquire) == 0
            && self.loss[i].load(Ordering::Relaxed) == d
        {
            Entry::loss(u32::from(d))
        } else {
            return None;
        };
        self.code[i]
            .compare_exchange(0, encode(entry), Ordering::Relaxed, Ordering::Relaxed)
            .ok()
            .map(|_| entry)
    }
}

/// The value of a finished game for its side to move.
pub(crate) fn final_entry<G: Game>(state: &G, outcome: Outcome) -> Entry {
    if outcome.is_draw(state.players()) {
        Entry::DRAW
    } else if outcome.is_winner(state.to_move()) {
        Entry::win(0)
    } else {
        Entry::loss(0)
    }
}

/// A candidate distance as stored in the work arrays.
fn plies16(plies: u32) -> Result<u16, String> {
    u16::try_from(plies)
        .ok()
        .filter(|&p| p < NO_WIN)
        .ok_or_else(|| format!("a distance of {plies} plies is beyond this solver"))
}

fn solve_layer<G: Indexed>(
    start: &G,
    range: Range<u64>,
    solved: &Solved<'_>,
    out: &mut [Code],
    report: &(dyn Fn(u64) + Sync),
) -> Result<LayerResult, String> {
    let len = out.len();
    let work = Work::new(len);
    let base = range.start;

    // 1. Count: each position's moves, once.
    let counted: Vec<Result<(Vec<(u16, u32)>, u64), String>> = (0..len.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut moves = Vec::new();
            let mut due = Vec::new();
            let mut unreachable = 0;
            let chunk_range = chunk * CHUNK..((chunk + 1) * CHUNK).min(len);
            for i in chunk_range.clone() {
                let Some(state) = start.from_index(base + i as u64) else {
                    unreachable += 1;
                    continue;
                };
                if let Some(outcome) = state.outcome() {
                    work.code[i].store(encode(final_entry(&state, outcome)), Ordering::Relaxed);
                    continue;
                }
                let (mut pending, mut win, mut loss) = (0u16, NO_WIN, 0u16);
                state.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut child = state.clone();
                    child.play(mv);
                    let entry = match child.outcome() {
                        Some(outcome) => final_entry(&child, outcome),
                        None => {
                            let index = child.index();
                            if index >= range.end {
                                return Err(format!(
                                    "a move from index {} leads to index {index}, in a later layer",
                                    base + i as u64
                                ));
                            }
                            if index >= base {
                                pending += 1;
                                continue;
                            }
                            solved.get(index)
                        }
                    };
                    let entry = entry.for_mover();
                    match (entry.value, entry.plies) {
                        (Value::Win, Some(k)) => win = win.min(plies16(k)?),
                        (Value::Loss, Some(k)) => loss = loss.max(plies16(k)?),
                        _ => pending |= DRAW_CHILD,
                    }
                }
                work.pending[i].store(pending, Ordering::Relaxed);
                work.win[i].store(win, Ordering::Relaxed);
                work.loss[i].store(loss, Ordering::Relaxed);
                if win != NO_WIN {
                    due.push((win, i as u32));
                } else if pending == 0 {
                    due.push((loss, i as u32));
                }
            }
            report(chunk_range.len() as u64);
            Ok((due, unreachable))
        })
        .collect();
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let mut unreachable = 0;
    for result in counted {
        let (due, count) = result?;
        unreachable += count;
        file(&mut buckets, due);
    }

    // 2. Waves, in order of distance.
    let mut max_plies = 0;
    let mut overflow = Vec::new();
    let mut decided = 0u64;
    let mut d = 0usize;
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        let d16 = plies16(d as u32)?;
        let frontier: Vec<(u32, Entry)> = bucket
            .par_iter()
            .with_min_len(1024)
            .filter_map(|&i| work.claim(i, d16).map(|entry| (i, entry)))
            .collect();
        drop(bucket);
        if !frontier.is_empty() {
            max_plies = d as u32;
        }
        if d as u32 > MAX_INLINE_PLIES {
            overflow.extend(frontier.iter().map(|&(i, e)| (base + u64::from(i), e)));
        }
        let propagated: Vec<Result<Vec<(u16, u32)>, String>> = frontier
            .par_chunks(CHUNK / 4)
            .map(|chunk| {
                let mut before = Vec::new();
                let mut due = Vec::new();
                let next = plies16(d as u32 + 1)?;
                for &(i, entry) in chunk {
                    let state = start
                        .from_index(base + u64::from(i))
                        .ok_or_else(|| format!("index {} was decided but has no position", base + u64::from(i)))?;
                    before.clear();
                    state.unmoves(&mut before);
                    for p in &before {
                        let index = p.index();
                        if !range.contains(&index) {
                            return Err(format!(
                                "an unmove from index {} leads to index {index}, outside its layer",
                                base + u64::from(i)
                            ));
                        }
                        let j = (index - base) as usize;
                        if work.code[j].load(Ordering::Relaxed) != 0 {
                            continue;
                        }
                        if entry.value == Value::Loss {
                            if work.win[j].fetch_min(next, Ordering::Relaxed) > next {
                                due.push((next, j as u32));
                            }
                        } else {
                            work.loss[j].fetch_max(next, Ordering::AcqRel);
                            let count = work.pending[j].fetch_sub(1, Ordering::AcqRel);
                            if count & !DRAW_CHILD == 0 {
                                return Err(format!(
                                    "index {index} has more predecessors' moves than moves"
                                ));
                            }
                            if count == 1 && work.win[j].load(Ordering::Relaxed) == NO_WIN {
                                due.push((work.loss[j].load(Ordering::Acquire), j as u32));
                            }
                        }
                    }
                }
                Ok(due)
            })
            .collect();
        for due in propagated {
            file(&mut buckets, due?);
        }
        decided += frontier.len() as u64;
        report(frontier.len() as u64);
        d += 1;
    }

    // 3. The undecided are draws (code 0); unreachable indices too.
    out.par_iter_mut()
        .zip(work.code.par_iter())
        .for_each(|(out, code)| *out = code.load(Ordering::Relaxed));
    report(len as u64 - decided);
    Ok(LayerResult {
        unreachable,
        max_plies,
        overflow,
    })
}

/// Puts each `(distance, position)` into its distance's bucket.
fn file(buckets: &mut Vec<Vec<u32>>, due: Vec<(u16, u32)>) {
    for (d, i) in due {
        let d = d as usize;
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        buckets[d].push(i);
    }
}
