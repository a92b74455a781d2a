//! What a seat observes: eight planes over the board, from its own side.
//!
//! Shape `[8, rows, files]`; row `r` of a plane is rank `r + 1` (a1 is
//! `[0][0]`). The planes, "mine" meaning the observing seat's:
//! 0. my stones, 1. the opponent's stones,
//! 2. my live stones, 3. the opponent's live stones,
//! 4. all 1 when I am to move, else all 0,
//! 5. my stones still to drop, 6. the opponent's, each as a share of the
//!    stones parameter (constant planes),
//! 7. the consecutive passes just made, halved (0, ½ or 1).
//!
//! The rules treat both colours alike (only the order differs), so the
//! board is not turned: colours become "mine" and "theirs". The ko history
//! is left out, as the position text leaves it out.

use tabula_core::{Observation, Seat};

use crate::state::GridDiffusion;

/// Planes per observation.
pub(crate) const PLANES: usize = 8;

impl Observation for GridDiffusion {
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let (me, them) = (seat, 1 - seat);
        out.fill(0.0);
        let mut planes = out.chunks_mut(self.variant.geo.cells());
        for stones in [
            self.stones[me],
            self.stones[them],
            self.live(me),
            self.live(them),
        ] {
            let plane = planes.next().expect("eight planes");
            stones.iter().for_each(|cell| plane[cell] = 1.0);
        }
        let share = |left: u16| f32::from(left) / f32::from(self.variant.per_player.max(1));
        for value in [
            f32::from(u8::from(self.to_move == me)),
            share(self.to_drop[me]),
            share(self.to_drop[them]),
            f32::from(self.passes) / 2.0,
        ] {
            planes.next().expect("eight planes").fill(value);
        }
    }
}
