//! Solving by layers of seeds on the board, and reading the table back.

use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use super::Scored;

/// Marks an entry of the layer being solved that is not computed yet.
const UNKNOWN: i8 = i8::MIN;

/// The most seeds a table holds: an entry (a gain of at most every seed on
/// the board, either way) is one signed byte.
pub const MAX_SEEDS: u32 = 127;

/// The most entries a table may have (16 GB), checked before anything is
/// allocated.
pub const MAX_ENTRIES: u64 = 16_000_000_000;

/// Why a variant cannot be solved by margin.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MarginError {
    #[error("{game}({variant}) has {seeds} seeds; a margin table holds at most {MAX_SEEDS}")]
    TooManySeeds {
        game: String,
        variant: String,
        seeds: u32,
    },
    #[error("{game}({variant}) has {entries} positions; at most {MAX_ENTRIES} are solved")]
    TooLarge {
        game: String,
        variant: String,
        entries: u64,
    },
}

/// Every position's best future gain for its side to move, layer by layer
/// (`layers[s]`: the positions with `s` seeds on the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarginTable {
    pub(crate) game: String,
    pub(crate) variant: String,
    pub(crate) layers: Vec<Vec<i8>>,
}

impl MarginTable {
    /// The game's registry name.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The variant text the table covers.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// Layers in all (seeds on the board from 0).
    pub fn layers(&self) -> usize {
        self.layers.len()
    }

    /// Entries in all.
    pub fn len(&self) -> u64 {
        self.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether this is the table of `state`'s game and variant, with a
    /// layer for every count of seeds its board can hold.
    pub fn covers<G: Scored>(&self, state: &G) -> bool {
        self.game == G::NAME
            && self.variant == state.margin_variant()
            && self.layers.len() > state.max_seeds() as usize
    }

    /// The best future gain for `state`'s side to move: 0 once the game is
    /// over; `None` for a position outside the table.
    pub fn gain<G: Scored>(&self, state: &G) -> Option<i32> {
        if state.outcome().is_some() {
            return Some(0);
        }
        let layer = self.layers.get(state.seeds_on_board() as usize)?;
        let entry = *layer.get(usize::try_from(state.index_in_layer()).ok()?)?;
        Some(i32::from(entry))
    }
}

/// What a move gains for the mover of `from`, given the future gain of its
/// result `to` for `to`'s side to move.
fn move_gain<G: Scored>(from: &G, to: &G, future: i32) -> i32 {
    let sign = if from.to_move() == 0 { 1 } else { -1 };
    let now = sign * (to.score_margin() - from.score_margin());
    if to.to_move() == from.to_move() {
        now + future
    } else {
        now - future
    }
}

/// Refuses a variant too large to solve (or to hold one byte an entry),
/// before anything is allocated.
pub(crate) fn check_size<G: Scored>(state: &G) -> Result<(), MarginError> {
    let (game, variant) = (G::NAME.to_string(), state.margin_variant());
    let seeds = state.max_seeds();
    if seeds > MAX_SEEDS {
        return Err(MarginError::TooManySeeds {
            game,
            variant,
            seeds,
        });
    }
    let entries = (0..=seeds).map(|s| state.layer_size(s)).sum::<u64>();
    if entries > MAX_ENTRIES {
        return Err(MarginError::TooLarge {
            game,
            variant,
            entries,
        });
    }
    Ok(())
}

/// Positions a parallel task solves from, in index order.
const CHUNK: usize = 1 << 12;

/// Solves every layer of `state`'s variant in order, calling `progress`
/// with each layer's number as it starts. A layer is solved on all cores:
/// each task runs the memoised depth-first pass from its own positions,
/// and an entry two tasks reach at once is computed by both, to the same
/// value (it depends on the position alone), so the table does not depend
/// on how the work was shared.
pub fn solve_margins<G: Scored>(
    state: &G,
    progress: Option<&dyn Fn(u32, u32)>,
) -> Result<MarginTable, MarginError> {
    check_size(state)?;
    let seeds = state.max_seeds();
    let mut layers: Vec<Vec<i8>> = Vec::with_capacity(seeds as usize + 1);
    for s in 0..=seeds {
        if let Some(progress) = progress {
            progress(s, seeds + 1);
        }
        let layer: Vec<AtomicI8> = (0..state.layer_size(s))
            .map(|_| AtomicI8::new(UNKNOWN))
            .collect();
        (0..layer.len())
            .into_par_iter()
            .with_min_len(CHUNK)
            .for_each(|index| {
                if layer[index].load(Ordering::Relaxed) == UNKNOWN {
                    let entry = match state.position_in_layer(s, index as u64) {
                        Some(position) => best(&position, &layer, &layers),
                        None => 0,
                    };
                    layer[index].store(entry, Ordering::Relaxed);
                }
            });
        layers.push(layer.into_iter().map(AtomicI8::into_inner).collect());
    }
    Ok(MarginTable {
        game: G::NAME.to_string(),
        variant: state.margin_variant(),
        layers,
    })
}

/// The best future gain of `position` (not over, in the layer being
/// solved), solving first the moves that stay in that layer.
fn best<G: Scored>(position: &G, layer: &[AtomicI8], lower: &[Vec<i8>]) -> i8 {
    let here = position.seeds_on_board() as usize;
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut top = i32::MIN;
    for mv in moves {
        let mut child = position.clone();
        child.play(mv);
        let future = if child.outcome().is_some() {
            0
        } else {
            let s = child.seeds_on_board() as usize;
            let index = child.index_in_layer() as usize;
            if s == here {
                let mut entry = layer[index].load(Ordering::Relaxed);
                if entry == UNKNOWN {
                    entry = best(&child, layer, lower);
                    layer[index].store(entry, Ordering::Relaxed);
                }
                i32::from(entry)
            } else {
                i32::from(lower[s][index])
            }
        };
        top = top.max(move_gain(position, &child, future));
    }
    top as i8
}

/// The value of a position and of each of its moves, from a margin table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarginAnalysis<M> {
    /// The final margin (its score minus the opponent's) the side to move
    /// secures with best play.
    pub margin: i32,
    /// Each legal move with the final margin it secures for the side to
    /// move, in the game's move order.
    pub moves: Vec<(M, i32)>,
}

impl<M: Copy> MarginAnalysis<M> {
    /// The moves that secure the position's margin: those a perfect player
    /// chooses among.
    pub fn best_moves(&self) -> Vec<M> {
        self.moves
            .iter()
            .filter(|&&(_, margin)| margin == self.margin)
            .map(|&(mv, _)| mv)
            .collect()
    }
}

/// Reads `state`'s value and its moves' from `table`; `None` when the table
/// is not of `state`'s variant or lacks a position.
pub fn margin_analysis<G: Scored>(
    table: &MarginTable,
    state: &G,
) -> Option<MarginAnalysis<G::Move>> {
    if !table.covers(state) {
        return None;
    }
    let sign = if state.to_move() == 0 { 1 } else { -1 };
    let now = sign * state.score_margin();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let moves = moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            let gain = move_gain(state, &child, table.gain(&child)?);
            Some((mv, now + gain))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(MarginAnalysis {
        margin: now + table.gain(state)?,
        moves,
    })
}
