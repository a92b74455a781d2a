//! The move text and the observation every two-row mancala shares: a move
//! is one letter naming a pit of the side to move, from its left (upper
//! case for South, lower for North); a seat sees its own row first.

use tabula_core::notation::letter;
use tabula_core::{MoveError, Seat};

use crate::TwoRows;

/// The text of the move sowing the mover's pit `pit` (from its left):
/// upper case for South, lower case for North, so that a game's record
/// says who moved.
pub fn format_move<G: TwoRows>(state: &G, pit: usize) -> String {
    letter(pit, state.to_move() == 0).to_string()
}

/// The pit (from the mover's left) one letter names; either case is
/// accepted, since a side only ever sows its own pits.
pub fn parse_move<G: TwoRows>(state: &G, text: &str) -> Result<usize, MoveError> {
    let pits = state.pits();
    let expected = || {
        format!(
            "one letter, a-{} (a {} of the side to move, from its left)",
            letter(pits - 1, false),
            G::WORDS.pit
        )
    };
    let mut chars = text.trim().chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(MoveError::syntax(text, expected()));
    };
    let index = (letter.to_ascii_lowercase() as u32).wrapping_sub('a' as u32) as usize;
    if !letter.is_ascii_alphabetic() || index >= pits {
        return Err(MoveError::syntax(text, expected()));
    }
    Ok(index)
}

/// The shape of [`observe`]'s output for `pits` pits a side.
pub fn observation_shape(pits: usize) -> Vec<usize> {
    vec![2 * pits + 3]
}

/// What `seat` sees: its own pits from its left (the order it sows them),
/// the opponent's pits from the opponent's left, its bank, the opponent's
/// bank, then 1 when it is to move, else 0. Every seat sees itself in the
/// same place, so one network serves both; the banks are in because they
/// decide the result.
pub fn observe<G: TwoRows>(state: &G, seat: Seat, out: &mut [f32]) {
    let n = state.pits();
    let (me, them) = (seat.min(1), 1 - seat.min(1));
    let [banks, board] = [state.banks().to_vec(), state.board().to_vec()];
    let tail = [banks[me], banks[them], u8::from(state.to_move() == me)];
    let values = board[me * n..(me + 1) * n]
        .iter()
        .chain(&board[them * n..(them + 1) * n])
        .chain(&tail);
    for (value, &count) in out.iter_mut().zip(values) {
        *value = f32::from(count);
    }
}
