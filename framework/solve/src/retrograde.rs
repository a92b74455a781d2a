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
//! position, one 8-byte word) is freed after each layer; the table is
//! nine bits per position ([`packed`](super::packed)).

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use thiserror::Error;

use super::packed::{self, packed_len};
use super::table::{Identity, Stats, Table};
use super::value::{decode, encode, Code, Entry, Value, MAX_INLINE_PLIES, OVERFLOW};
use super::Indexed;
use tabula_core::game::Game;
use tabula_core::outcome::Outcome;

/// The largest table [`solve`] builds: 16 Gi positions (18 GiB of codes).
pub const MAX_POSITIONS: u64 = 1 << 34;

/// Positions handled per parallel task, and between progress reports.
const CHUNK: usize = 1 << 14;
/// "No winning move known yet" in the fastest-win candidates.
const NO_WIN: u16 = u16::MAX;

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
    /// The memory a table or a layer's working state needs cannot be had.
    #[error(
        "{game}({variant}): no memory for {what} ({}); free memory or solve fewer layers (--layers)",
        human_bytes(*bytes)
    )]
    OutOfMemory {
        /// The game.
        game: String,
        /// Its variant.
        variant: String,
        /// What could not be allocated.
        what: &'static str,
        /// How many bytes it needed.
        bytes: u64,
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

/// Refuses a variant with more positions than the solver builds, before
/// its layers are even listed.
pub(crate) fn check_size<G: Indexed>(start: &G) -> Result<(), SolveError> {
    match start.index_count() {
        positions if positions > MAX_POSITIONS => Err(SolveError::TooLarge {
            game: G::NAME.to_string(),
            variant: start.variant(),
            positions,
        }),
        _ => Ok(()),
    }
}

/// Solves every position of `start`'s variant. `progress`, when given, is
/// called from the worker threads as the work advances.
pub fn solve<G: Indexed>(
    start: &G,
    progress: Option<&(dyn Fn(&SolveProgress) + Sync)>,
) -> Result<Table, SolveError> {
    solve_layers(start, usize::MAX, progress)
}

/// Solves the first `layers` layers of `start`'s variant only (all of them
/// when there are fewer): a table that covers the positions of those layers
/// (for Diffusion, those with at most `layers - 1` stones on the board).
pub fn solve_layers<G: Indexed>(
    start: &G,
    layers: usize,
    progress: Option<&(dyn Fn(&SolveProgress) + Sync)>,
) -> Result<Table, SolveError> {
    let wanted = layers;
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
    check_size(start)?;
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
    let all = layers.len();
    let layers = &layers[..wanted.min(all)];
    let covered = layers.last().map_or(0, |l| l.end);
    let out_of_memory = |what: &'static str, bytes: u64| SolveError::OutOfMemory {
        game: G::NAME.to_string(),
        variant: start.variant(),
        what,
        bytes,
    };
    let bytes = packed_len(covered) as usize;
    let mut codes: Vec<u8> = Vec::new();
    codes
        .try_reserve_exact(bytes)
        .map_err(|_| out_of_memory("the table", bytes as u64))?;
    codes.resize(bytes, 0);
    let mut overflow = Vec::new();
    let mut stats = Stats::default();
    let done = AtomicU64::new(0);
    for (number, layer) in layers.iter().enumerate() {
        let report = |steps: u64| {
            let now = done.fetch_add(steps, Ordering::Relaxed) + steps;
            if let Some(progress) = progress {
                progress(&SolveProgress {
                    done: now,
                    total: 2 * covered,
                    layer: number,
                    layers: layers.len(),
                });
            }
        };
        let solved = Solved {
            codes: &codes,
            overflow: &overflow,
        };
        let len = (layer.end - layer.start) as usize;
        let slots = Work::new(len).ok_or_else(|| {
            out_of_memory(
                "a layer's working state",
                len as u64 * size_of::<AtomicU64>() as u64,
            )
        })?;
        let result =
            solve_layer(start, number, layer.clone(), &solved, slots, &report).map_err(bad)?;
        // The undecided are draws (code 0); unreachable indices too.
        let work = &result.work;
        packed::set_range(&mut codes, layer.start, len as u64, |i| work.load(i).code());
        stats.unreachable += result.unreachable;
        stats.max_plies = stats.max_plies.max(result.max_plies);
        // Layers follow each other, so the list stays sorted by index.
        let mut long = result.overflow;
        long.sort_by_key(|&(index, _)| index);
        overflow.extend(long);
    }
    count(&codes, covered, &overflow, &mut stats);
    stats.seconds = started.elapsed().as_secs_f64();
    let complete = layers.len() == all;
    Ok(Table::new(
        identity,
        (layers.len(), complete),
        stats,
        (codes, covered),
        overflow,
    ))
}

/// Counts wins, losses and draws (unreachable indices are draws by code,
/// so they are taken off the draws).
fn count(codes: &[u8], covered: u64, overflow: &[(u64, Entry)], stats: &mut Stats) {
    let (wins, losses, zeros) = packed::fold(
        codes,
        covered,
        |counts: &mut (u64, u64, u64), code| match code {
            0 => counts.2 += 1,
            OVERFLOW => {}
            c if c % 2 == 1 => counts.0 += 1,
            _ => counts.1 += 1,
        },
        |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2),
    );
    let long_wins = overflow
        .iter()
        .filter(|(_, e)| e.value == Value::Win)
        .count() as u64;
    stats.wins = wins + long_wins;
    stats.losses = losses + overflow.len() as u64 - long_wins;
    stats.draws = zeros - stats.unreachable;
}

/// The layers solved so far (the packed codes of the later ones are zero).
struct Solved<'a> {
    codes: &'a [u8],
    overflow: &'a [(u64, Entry)],
}

impl Solved<'_> {
    fn get(&self, index: u64) -> Entry {
        match packed::get(self.codes, index) {
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

/// What solving one layer yields: its decided codes (in the slots) and
/// what the table's statistics and overflow list need.
struct LayerResult {
    work: Work,
    unreachable: u64,
    max_plies: u32,
    overflow: Vec<(u64, Entry)>,
}

/// One position's working state, packed in one word so that telling it
/// about a decided child touches one cache line: the decided code (bits
/// 0–8, 0 while undecided: no decided entry has code 0), whether a child
/// is a known draw (bit 9), the count of undecided children in the layer
/// (bits 10–25), the fastest win known (bits 32–47, [`NO_WIN`] for none)
/// and the slowest loss known over decided children (bits 48–63).
#[derive(Clone, Copy)]
struct Slot(u64);

/// Bits of [`Slot`]'s code.
const CODE_MASK: u64 = 0x1FF;
/// Where [`Slot`]'s count of undecided children starts.
const PENDING_SHIFT: u32 = 10;

impl Slot {
    fn new(pending: u16, draw: bool, win: u16, loss: u16) -> Slot {
        Slot(
            u64::from(draw) << 9
                | u64::from(pending) << PENDING_SHIFT
                | u64::from(win) << 32
                | u64::from(loss) << 48,
        )
    }
    fn code(self) -> Code {
        (self.0 & CODE_MASK) as Code
    }
    fn pending(self) -> u16 {
        (self.0 >> PENDING_SHIFT) as u16
    }
    fn draw(self) -> bool {
        self.0 >> 9 & 1 == 1
    }
    fn win(self) -> u16 {
        (self.0 >> 32) as u16
    }
    fn loss(self) -> u16 {
        (self.0 >> 48) as u16
    }
    /// Whether the position is a loss, due at `loss()`: every child decided
    /// and won by the opponent.
    fn lost(self) -> bool {
        self.code() == 0 && self.win() == NO_WIN && self.pending() == 0 && !self.draw()
    }
    fn with_code(self, code: Code) -> Slot {
        Slot(self.0 & !CODE_MASK | u64::from(code))
    }
    fn with_win(self, win: u16) -> Slot {
        Slot(self.0 & !(0xFFFF << 32) | u64::from(win) << 32)
    }
    /// One more child decided as the opponent's win, making this a loss in
    /// `plies` at least.
    fn child_won(self, plies: u16) -> Slot {
        let loss = self.loss().max(plies);
        Slot((self.0 - (1 << PENDING_SHIFT)) & !(0xFFFF << 48) | u64::from(loss) << 48)
    }
}

/// The working state of one layer, indexed from the layer's start.
struct Work {
    slots: Vec<AtomicU64>,
}

impl Work {
    /// The state of a layer of `len` positions; `None` when the memory
    /// cannot be had.
    fn new(len: usize) -> Option<Self> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).ok()?;
        slots.extend((0..len).map(|_| AtomicU64::new(0)));
        Some(Work { slots })
    }

    fn load(&self, i: usize) -> Slot {
        Slot(self.slots[i].load(Ordering::Relaxed))
    }

    fn store(&self, i: usize, slot: Slot) {
        self.slots[i].store(slot.0, Ordering::Relaxed);
    }

    /// Changes slot `i` by `change` (which returns `None` to leave it),
    /// atomically; returns the new slot when it changed.
    fn update(&self, i: usize, mut change: impl FnMut(Slot) -> Option<Slot>) -> Option<Slot> {
        let mut changed = None;
        self.slots[i]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |word| {
                changed = change(Slot(word));
                changed.map(|slot| slot.0)
            })
            .ok()
            .and(changed)
    }

    /// Decides position `i` at distance `d` if it is due then: returns its
    /// entry when this call decided it.
    fn claim(&self, i: u32, d: u16) -> Option<Entry> {
        let slot = self.load(i as usize);
        let entry = if slot.code() != 0 {
            return None;
        } else if slot.win() == d {
            Entry::win(u32::from(d))
        } else if slot.lost() && slot.loss() == d {
            Entry::loss(u32::from(d))
        } else {
            return None;
        };
        let code = encode(entry);
        self.update(i as usize, |slot| {
            (slot.code() == 0).then_some(slot.with_code(code))
        })
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
    number: usize,
    range: Range<u64>,
    solved: &Solved<'_>,
    work: Work,
    report: &(dyn Fn(u64) + Sync),
) -> Result<LayerResult, String> {
    let len = work.slots.len();
    let trace = std::env::var_os("TABULA_SOLVE_TRACE").is_some();
    let clock = Instant::now();
    let base = range.start;

    // 1. Count: each position's moves, once.
    let counted: Vec<Result<Due, String>> = (0..len.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut moves = Vec::new();
            let mut lower = Vec::new();
            let mut due = Vec::new();
            let mut unreachable = 0;
            let chunk_range = chunk * CHUNK..((chunk + 1) * CHUNK).min(len);
            for i in chunk_range.clone() {
                let Some(state) = start.position_at(base + i as u64) else {
                    unreachable += 1;
                    continue;
                };
                if let Some(outcome) = state.outcome() {
                    let code = encode(final_entry(&state, outcome));
                    work.store(i, Slot(0).with_code(code));
                    continue;
                }
                let (mut pending, mut win, mut loss, mut draw) = (0u16, NO_WIN, 0u16, false);
                let mut fold = |entry: Entry| -> Result<(), String> {
                    let entry = entry.for_mover();
                    match (entry.value, entry.plies) {
                        (Value::Win, Some(k)) => win = win.min(plies16(k)?),
                        (Value::Loss, Some(k)) => loss = loss.max(plies16(k)?),
                        _ => draw = true,
                    }
                    Ok(())
                };
                state.legal_moves(&mut moves);
                // The indices first, the table after: the look-ups miss
                // the cache, and independent ones overlap.
                lower.clear();
                for &mv in &moves {
                    let mut child = state.clone();
                    child.play(mv);
                    match child.outcome() {
                        Some(outcome) => fold(final_entry(&child, outcome))?,
                        None if child.layer() == number => pending += 1,
                        None => lower.push(child.index()),
                    }
                }
                for &index in &lower {
                    if index >= base {
                        return Err(format!(
                            "a move from index {} leads to index {index}, not in an earlier layer",
                            base + i as u64
                        ));
                    }
                    fold(solved.get(index))?;
                }
                work.store(i, Slot::new(pending, draw, win, loss));
                if win != NO_WIN {
                    due.push((win, i as u32));
                } else if pending == 0 && !draw {
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

    let counted_at = clock.elapsed().as_secs_f64();
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
                let mut targets = Vec::new();
                let mut due = Vec::new();
                let next = plies16(d as u32 + 1)?;
                for &(i, entry) in chunk {
                    let state = start.position_at(base + u64::from(i)).ok_or_else(|| {
                        format!(
                            "index {} was decided but has no position",
                            base + u64::from(i)
                        )
                    })?;
                    before.clear();
                    state.unmoves(&mut before);
                    // The indices first, then a plain read of each slot to
                    // bring the lines in together, then the updates.
                    targets.clear();
                    for p in &before {
                        let index = p.index();
                        if !range.contains(&index) {
                            return Err(format!(
                                "an unmove from index {} leads to index {index}, outside its layer",
                                base + u64::from(i)
                            ));
                        }
                        targets.push((index - base) as usize);
                    }
                    let undecided = targets
                        .iter()
                        .filter(|&&j| work.load(j).code() == 0)
                        .count();
                    if undecided == 0 {
                        continue;
                    }
                    for &j in &targets {
                        if entry.value == Value::Loss {
                            let lowered = work.update(j, |slot| {
                                (slot.code() == 0 && slot.win() > next).then(|| slot.with_win(next))
                            });
                            if lowered.is_some() {
                                due.push((next, j as u32));
                            }
                        } else {
                            let mut broken = false;
                            let updated = work.update(j, |slot| {
                                if slot.code() != 0 {
                                    None
                                } else if slot.pending() == 0 {
                                    broken = true;
                                    None
                                } else {
                                    Some(slot.child_won(next))
                                }
                            });
                            if broken {
                                return Err(format!(
                                    "index {} has more predecessors' moves than moves",
                                    base + j as u64
                                ));
                            }
                            if let Some(slot) = updated.filter(|s| s.lost()) {
                                due.push((slot.loss(), j as u32));
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

    if trace {
        eprintln!(
            "layer {range:?}: {len} positions, count {counted_at:.2} s, {d} waves {:.2} s, {decided} decided",
            clock.elapsed().as_secs_f64() - counted_at
        );
    }
    // 3. What is left undecided is a draw: the caller stores the codes.
    report(len as u64 - decided);
    Ok(LayerResult {
        work,
        unreachable,
        max_plies,
        overflow,
    })
}

/// Positions due at a distance, `(distance, position in the layer)`, and
/// how many indices of a chunk no game reaches.
type Due = (Vec<(u16, u32)>, u64);

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
