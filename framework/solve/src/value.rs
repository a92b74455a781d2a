//! Game-theoretic values with their distances, and the one-byte code a
//! table stores them in.

use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the side to move, with perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move can force a win.
    Win,
    /// The opponent can force a win whatever the side to move does.
    Loss,
    /// Neither side can force a win: best play goes on for ever.
    Draw,
}

impl Value {
    /// `"win"`, `"loss"` or `"draw"`, as the query JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position's value and, for a win or a loss, the plies to the end
/// with best play: the winner takes the shortest way, the loser the
/// longest. A finished game is a win or loss in 0 for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Entry {
    /// Who wins with best play, seen from the side to move.
    pub value: Value,
    /// Plies to the end with best play; `None` for a draw.
    pub plies: Option<u32>,
}

impl Entry {
    /// A draw.
    pub const DRAW: Entry = Entry {
        value: Value::Draw,
        plies: None,
    };

    /// The side to move wins in `plies`.
    pub fn win(plies: u32) -> Entry {
        Entry {
            value: Value::Win,
            plies: Some(plies),
        }
    }

    /// The side to move loses in `plies`.
    pub fn loss(plies: u32) -> Entry {
        Entry {
            value: Value::Loss,
            plies: Some(plies),
        }
    }

    /// The value of a move for its mover, given `self`, the value of the
    /// position it leads to for the opponent (two players moving in turn):
    /// the opponent's loss in `k` is the mover's win in `k + 1`.
    pub fn for_mover(self) -> Entry {
        match (self.value, self.plies) {
            (Value::Win, Some(k)) => Entry::loss(k + 1),
            (Value::Loss, Some(k)) => Entry::win(k + 1),
            _ => Entry::DRAW,
        }
    }

    /// How good this is for its side, as a number that orders entries:
    /// faster wins above slower wins above draws above slower losses above
    /// faster losses.
    fn rank(self) -> i64 {
        let plies = i64::from(self.plies.unwrap_or(0));
        match self.value {
            Value::Win => i64::MAX / 2 - plies,
            Value::Draw => 0,
            Value::Loss => i64::MIN / 2 + plies,
        }
    }

    /// Orders entries for the side they belong to, best first when used
    /// to sort (`a.better(b) == Less` when `a` is better): what a perfect
    /// player maximises.
    pub fn better(self, other: Entry) -> Ordering {
        other.rank().cmp(&self.rank())
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies {
            Some(plies) => write!(f, "{} in {plies}", self.value),
            None => write!(f, "{}", self.value),
        }
    }
}

/// The nine-bit code of a table entry: 0 a draw (or a position no game
/// reaches), `2k + 1` a win in `k`, `2k + 2` a loss in `k`, for `k` up to
/// [`MAX_INLINE_PLIES`]; [`OVERFLOW`] sends the reader to the table's
/// short list of longer distances. Nine bits, not eight: a sixth of the
/// full Diffusion table lies 127–156 plies from the end, too many for a
/// side list (see [`packed`](super::packed) for how they are stored).
pub(crate) type Code = u16;

/// The longest distance a code holds itself.
pub(crate) const MAX_INLINE_PLIES: u32 = 254;
/// The code of an entry whose distance is in the overflow list.
pub(crate) const OVERFLOW: Code = 511;
/// The code of a draw.
pub(crate) const DRAW: Code = 0;

/// The code of `entry`, or [`OVERFLOW`] when its distance is too long.
pub(crate) fn encode(entry: Entry) -> Code {
    match (entry.value, entry.plies) {
        (Value::Win, Some(k)) if k <= MAX_INLINE_PLIES => (2 * k + 1) as Code,
        (Value::Loss, Some(k)) if k <= MAX_INLINE_PLIES => (2 * k + 2) as Code,
        (Value::Draw, _) => DRAW,
        _ => OVERFLOW,
    }
}

/// The entry of a code other than [`OVERFLOW`].
pub(crate) fn decode(code: Code) -> Entry {
    debug_assert_ne!(code, OVERFLOW);
    match code {
        DRAW => Entry::DRAW,
        c if c % 2 == 1 => Entry::win(u32::from(c / 2)),
        c => Entry::loss(u32::from(c / 2 - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for k in 0..=MAX_INLINE_PLIES {
            for entry in [Entry::win(k), Entry::loss(k)] {
                let code = encode(entry);
                assert_ne!(code, OVERFLOW);
                assert_ne!(code, DRAW);
                assert_eq!(decode(code), entry);
            }
        }
        assert_eq!(decode(encode(Entry::DRAW)), Entry::DRAW);
        assert_eq!(encode(Entry::win(MAX_INLINE_PLIES + 1)), OVERFLOW);
        assert_eq!(encode(Entry::loss(1000)), OVERFLOW);
    }

    #[test]
    fn faster_wins_and_slower_losses_are_better() {
        let mut entries = vec![
            Entry::loss(3),
            Entry::DRAW,
            Entry::win(5),
            Entry::loss(9),
            Entry::win(1),
        ];
        entries.sort_by(|a, b| a.better(*b));
        assert_eq!(
            entries,
            [
                Entry::win(1),
                Entry::win(5),
                Entry::DRAW,
                Entry::loss(9),
                Entry::loss(3)
            ]
        );
        assert_eq!(Entry::loss(4).for_mover(), Entry::win(5));
        assert_eq!(Entry::win(0).for_mover(), Entry::loss(1));
        assert_eq!(Entry::DRAW.for_mover(), Entry::DRAW);
    }
}
