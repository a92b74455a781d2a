//! A static evaluation for playouts cut off before the end.
//!
//! Random games can be very long, so MCTS stops playouts early and asks for
//! an estimate. A player loses when no stone of his is alive, and the seed
//! rates a side with more connected groups as better (one attack can break
//! only one group), so each side scores live stones plus twice its groups;
//! the difference is squashed by a logistic curve into Black's share.

use tabula::{Scores, Seat};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::state::{GridDiffusion, BLACK, WHITE};

/// Score difference that moves the estimate from 0.5 to about 0.73.
const SCALE: f32 = 6.0;

impl GridDiffusion {
    pub(crate) fn estimate(&self) -> Scores {
        if let Some(outcome) = self.outcome {
            return outcome.scores();
        }
        let strength = |seat: Seat| {
            let live = self.live(seat);
            live.count() as f32 + 2.0 * groups(&self.geo, live) as f32
        };
        let black = 1.0 / (1.0 + (-(strength(BLACK) - strength(WHITE)) / SCALE).exp());
        let mut scores = [0.0; tabula::MAX_PLAYERS];
        scores[BLACK] = black;
        scores[WHITE] = 1.0 - black;
        scores
    }
}

/// The number of orthogonally connected groups in `set`.
pub(crate) fn groups(geo: &Geometry, set: Bits) -> u32 {
    let mut rest = set;
    let mut count = 0;
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
    }
    count
}
