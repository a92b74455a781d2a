//! The evaluation: how safely alive each side is.
//!
//! A player loses when no stone of his is alive. Each side's strength is a
//! weighted sum of its live stones, its groups of live stones, its groups
//! of exactly two (an attack on either stone kills both), its live stones
//! with a single friend, its dead stones, the stones it still has to drop,
//! and the move; the expected scores are the logistic function of the
//! strength difference ([`tabula_core::eval`]).
//!
//! The weights are fitted: `cargo run --release -p tabula-tests --example
//! fit_eval -- grid-diffusion 1000 200 1` regresses the results of 1,000
//! self-play games on the feature differences of their positions. They
//! replaced hand-set weights (live stones plus twice the groups over 6)
//! after a tournament in which `alphabeta` searching with them won every
//! game against the same search with the old ones (docs/agents.md).

use tabula_core::{Evaluation, Scores, Seat};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::state::GridDiffusion;

/// What [`GridDiffusion::features`] measures for a seat, in order.
pub const FEATURES: [&str; 7] = [
    "live stones",
    "groups of live stones",
    "groups of exactly two live stones",
    "live stones with exactly one friendly neighbour (one attack kills them)",
    "dead stones",
    "stones still to drop",
    "to move",
];

/// The weights of [`FEATURES`].
const WEIGHTS: [f32; 7] = [0.097, 0.012, 0.005, -0.063, -0.144, 0.047, -0.006];

impl GridDiffusion {
    /// `seat`'s evaluation features (see [`FEATURES`]).
    #[inline(always)]
    pub fn features(&self, seat: Seat) -> [f32; 7] {
        let own = self.stones[seat];
        let live = self.live(seat);
        let (groups, pairs) = groups(&self.variant.geo, live);
        let mut fragile = 0;
        for cell in live.iter() {
            fragile +=
                u32::from((self.variant.geo.neighbours(Bits::single(cell)) & own).count() == 1);
        }
        [
            live.count() as f32,
            groups as f32,
            pairs as f32,
            fragile as f32,
            (self.stones[seat].count() - live.count()) as f32,
            f32::from(self.to_drop[seat]),
            f32::from(self.to_move == seat),
        ]
    }
}

impl Evaluation for GridDiffusion {
    #[inline(always)]
    fn evaluate(&self) -> Scores {
        if let Some(outcome) = self.outcome {
            return outcome.scores();
        }
        let strength = |seat| tabula_core::eval::strength(&WEIGHTS, &self.features(seat));
        tabula_core::eval::scores(&[strength(0), strength(1)])
    }
}

/// The orthogonally connected groups in `set`, and how many of them have
/// exactly two stones.
#[inline(always)]
fn groups(geo: &Geometry, set: Bits) -> (u32, u32) {
    let mut rest = set;
    let (mut count, mut pairs) = (0, 0);
    while let Some(cell) = rest.first() {
        let mut group = Bits::single(cell);
        loop {
            let grown = (group | geo.neighbours(group)) & rest;
            if grown == group {
                break;
            }
            group = grown;
        }
        rest = rest & !group;
        count += 1;
        pairs += u32::from(group.count() == 2);
    }
    (count, pairs)
}
