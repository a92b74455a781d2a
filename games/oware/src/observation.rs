//! What a seat observes: the board from its own side.
//!
//! Shape `[2 × houses + 3]`: the seat's own houses from its left (the
//! order it sows them), the opponent's houses from the opponent's left,
//! the seat's captures, the opponent's, then 1 when the seat is to move,
//! else 0. Every seat sees itself in the same place, so one network serves
//! both; the captures are in because they decide the result. The
//! repetition history is left out, as the position text leaves it out.

use tabula_core::Seat;

use crate::state::Oware;

impl Oware {
    pub(crate) fn observed_shape(&self) -> Vec<usize> {
        vec![2 * self.houses() + 3]
    }

    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let (me, them) = (seat.min(1), 1 - seat.min(1));
        let tail = [
            self.scores()[me],
            self.scores()[them],
            u8::from(self.mover() == me),
        ];
        let values = self.side(me).iter().chain(self.side(them)).chain(&tail);
        for (value, &count) in out.iter_mut().zip(values) {
            *value = f32::from(count);
        }
    }
}
