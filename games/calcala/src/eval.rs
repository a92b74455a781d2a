//! A static evaluation for playouts cut off before the end.

use tabula::{Scores, MAX_PLAYERS};

use crate::state::Calcala;

impl Calcala {
    /// Each seat's chance of finishing first, guessed by a softmax over the
    /// captures whose temperature grows with the stones still in play: a
    /// lead counts for more the fewer stones are left to catch up with.
    pub(crate) fn estimate(&self) -> Scores {
        let players = self.player_count();
        let temperature = 2.0 + self.stones_on_board() as f32 / 4.0;
        let best = self.captures[..players].iter().copied().max().unwrap_or(0);
        let mut scores = [0.0; MAX_PLAYERS];
        for (score, &captured) in scores.iter_mut().zip(&self.captures[..players]) {
            *score = ((f32::from(captured) - f32::from(best)) / temperature).exp();
        }
        let sum: f32 = scores.iter().sum();
        scores.iter_mut().for_each(|s| *s /= sum);
        scores
    }
}
