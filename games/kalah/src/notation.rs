//! Moves as text (`C` for South's third pit, `c` for North's) and as
//! action numbers.

use tabula_core::notation::letter;
use tabula_core::MoveError;

use crate::state::{Kalah, Pit};

/// The pit's letter from the mover's left: upper case for South, lower
/// case for North, so that a game's record says who moved.
pub(crate) fn format_move(state: &Kalah, mv: Pit) -> String {
    letter(usize::from(mv.0), state.mover() == 0).to_string()
}

/// One letter naming one of the mover's pits from the mover's left; either
/// case is accepted, since a side only ever sows its own pits.
pub(crate) fn parse_move(state: &Kalah, text: &str) -> Result<Pit, MoveError> {
    let pits = state.pits();
    let expected = || {
        format!(
            "one letter, a-{} (a pit of the side to move, from its left)",
            letter(pits - 1, false)
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
    Ok(Pit(index as u8))
}

/// A move's action is its pit from the mover's left, `0..pits`: the same
/// numbers for both sides (a policy learned from one seat serves the other).
pub(crate) fn action_move(state: &Kalah, action: usize) -> Option<Pit> {
    (action < state.pits()).then_some(Pit(action as u8))
}
