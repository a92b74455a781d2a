//! What building a table will take, known from the game's numbering
//! before anything is allocated: so that `tabula solve` can say it (and
//! refuse to throw away a long build) before it starts.

use super::margin::{MarginError, Scored};
use super::packed::packed_len;
use super::retrograde::SolveError;
use super::Indexed;

/// The size of a table about to be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Positions the table holds.
    pub positions: u64,
    /// Bytes of its database file (the header's few hundred left out).
    pub database_bytes: u64,
    /// Peak memory of the build, roughly: the table and the working state
    /// of its largest layer (the measured 4.77 GB of the full Diffusion
    /// build is 4.77 GB here).
    pub memory_bytes: u64,
}

/// Bytes of working state a win/loss build keeps per position of the
/// layer it solves: its 64-bit word, and its place in a distance bucket.
const WORK_PER_POSITION: u64 = 16;

/// The estimate of solving the first `layers` layers of `state`'s variant
/// (all of them when there are fewer); refused as [`solve_layers`](crate::solve_layers)
/// refuses a variant too large.
pub fn estimate<G: Indexed>(state: &G, layers: usize) -> Result<Estimate, SolveError> {
    super::retrograde::check_size(state)?;
    let all = state.layers();
    let layers = &all[..layers.min(all.len())];
    let positions = layers.last().map_or(0, |l| l.end);
    let largest = layers.iter().map(|l| l.end - l.start).max().unwrap_or(0);
    let table = packed_len(positions);
    Ok(Estimate {
        positions,
        database_bytes: table,
        memory_bytes: table.saturating_add(largest.saturating_mul(WORK_PER_POSITION)),
    })
}

/// The estimate of solving `state`'s variant by margin: a byte a
/// position, and a copy of the largest layer while the file is written;
/// refused as [`solve_margins`](crate::margin::solve_margins) refuses a
/// variant too large.
pub fn margin_estimate<G: Scored>(state: &G) -> Result<Estimate, MarginError> {
    super::margin::check_size(state)?;
    let sizes: Vec<u64> = (0..=state.max_seeds())
        .map(|s| state.layer_size(s))
        .collect();
    let positions = sizes.iter().fold(0u64, |all, &s| all.saturating_add(s));
    let largest = sizes.iter().copied().max().unwrap_or(0);
    Ok(Estimate {
        positions,
        database_bytes: positions,
        memory_bytes: positions.saturating_add(largest),
    })
}
