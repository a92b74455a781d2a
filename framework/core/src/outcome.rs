//! Seats, and how a game ended as one result per seat.

use serde::{Deserialize, Serialize};

/// A player's seat, numbered from 0 in turn order (shown to users from 1).
pub type Seat = usize;

/// The most players one game may seat; keeps [`Scores`] a fixed-size array
/// so the search never allocates for them.
pub const MAX_PLAYERS: usize = 8;

/// One number per seat, indexed by [`Seat`]; unused entries are 0.
pub type Scores = [f32; MAX_PLAYERS];

/// The result of a finished game: the set of winning seats.
///
/// Every seat in the set shares the win equally (a 2-player draw is a win
/// shared by both seats); every other seat lost. This covers single wins,
/// shared wins among 3–4 players and draws without special cases.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    winners: u8,
}

const _: () = assert!(MAX_PLAYERS <= 8, "Outcome stores winners as a u8 bit set");

impl Outcome {
    /// `seat` alone wins.
    #[inline]
    pub fn win(seat: Seat) -> Self {
        Self::shared([seat])
    }

    /// The given seats share the win.
    pub fn shared(seats: impl IntoIterator<Item = Seat>) -> Self {
        let winners = seats.into_iter().fold(0u8, |set, seat| {
            assert!(seat < MAX_PLAYERS, "seat {seat} out of range");
            set | 1 << seat
        });
        assert!(winners != 0, "an outcome needs at least one winner");
        Outcome { winners }
    }

    /// The winners as a bit set, bit `s` for seat `s`. Never 0, so a
    /// search node keeps "not proven" as 0 in one byte, atomic or not.
    #[inline]
    pub fn bits(&self) -> u8 {
        self.winners
    }

    /// The outcome that [`bits`](Self::bits) gave; `None` for 0.
    #[inline]
    pub fn from_bits(bits: u8) -> Option<Self> {
        (bits != 0).then_some(Outcome { winners: bits })
    }

    /// Every one of `players` seats shares the result.
    pub fn draw(players: usize) -> Self {
        Self::shared(0..players)
    }

    /// Whether `seat` is among the winners.
    #[inline]
    pub fn is_winner(&self, seat: Seat) -> bool {
        seat < MAX_PLAYERS && self.winners & (1 << seat) != 0
    }

    /// The winning seats in order.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..MAX_PLAYERS).filter(|&seat| self.is_winner(seat))
    }

    /// Whether every one of `players` seats shares the result.
    #[inline]
    pub fn is_draw(&self, players: usize) -> bool {
        self.winners.count_ones() as usize == players
    }

    /// `seat`'s share: 1/k for each of k winners, 0 for a loser.
    #[inline]
    pub fn score(&self, seat: Seat) -> f32 {
        if self.is_winner(seat) {
            1.0 / self.winners.count_ones() as f32
        } else {
            0.0
        }
    }

    /// Every seat's share.
    #[inline]
    pub fn scores(&self) -> Scores {
        std::array::from_fn(|seat| self.score(seat))
    }

    /// A short human description, seats shown from 1 (`"seat 2 wins"`).
    pub fn describe(&self, players: usize, seat_name: impl Fn(Seat) -> String) -> String {
        let winners: Vec<String> = self.winners().map(&seat_name).collect();
        match winners.as_slice() {
            [one] => format!("{one} wins"),
            _ if self.is_draw(players) && players == 2 => "draw".to_string(),
            many => format!("{} share the win", many.join(" and ")),
        }
    }
}

/// Scores that count every seat equally: the value of a cut-off playout
/// in a game without an evaluation.
pub fn even_scores(players: usize) -> Scores {
    std::array::from_fn(|seat| {
        if seat < players {
            1.0 / players as f32
        } else {
            0.0
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_split_among_winners() {
        let o = Outcome::shared([0, 2]);
        assert_eq!(o.scores()[..3], [0.5, 0.0, 0.5]);
        assert!(!o.is_draw(3));
        assert!(Outcome::draw(2).is_draw(2));
        assert_eq!(Outcome::win(1).winners().collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn descriptions_name_the_seats() {
        let name = |s: Seat| format!("P{}", s + 1);
        assert_eq!(Outcome::win(1).describe(2, name), "P2 wins");
        assert_eq!(Outcome::draw(2).describe(2, name), "draw");
        assert_eq!(
            Outcome::shared([0, 2]).describe(3, name),
            "P1 and P3 share the win"
        );
    }
}
