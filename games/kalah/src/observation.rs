//! What a seat observes: the board from its own side.
//!
//! Shape `[2 × pits + 3]`: the seat's own pits from its left (the order it
//! sows them), the opponent's pits from the opponent's left, the seat's
//! store, the opponent's store, then 1 when the seat is to move, else 0.
//! Every seat sees itself in the same place, so one network serves both;
//! the stores are in because they decide the result.

use tabula_core::Seat;

use crate::state::Kalah;

impl Kalah {
    pub(crate) fn observed_shape(&self) -> Vec<usize> {
        vec![2 * self.pits() + 3]
    }

    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let (me, them) = (seat.min(1), 1 - seat.min(1));
        let tail = [
            self.stores()[me],
            self.stores()[them],
            u8::from(self.mover() == me),
        ];
        let values = self.side(me).iter().chain(self.side(them)).chain(&tail);
        for (value, &count) in out.iter_mut().zip(values) {
            *value = f32::from(count);
        }
    }
}
