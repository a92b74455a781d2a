//! Moves as text (`C` for South's third house, `c` for North's, as
//! OpenSpiel writes them) and as
//! action numbers.

use tabula_core::notation::letter;
use tabula_core::MoveError;

use crate::state::{House, Oware};

/// The house's letter from the mover's left: upper case for South, lower
/// case for North, so that a game's record says who moved.
pub(crate) fn format_move(state: &Oware, mv: House) -> String {
    letter(usize::from(mv.0), state.mover() == 0).to_string()
}

/// One letter naming one of the mover's houses from the mover's left; either
/// case is accepted, since a side only ever sows its own houses.
pub(crate) fn parse_move(state: &Oware, text: &str) -> Result<House, MoveError> {
    let houses = state.houses();
    let expected = || {
        format!(
            "one letter, a-{} (a house of the side to move, from its left)",
            letter(houses - 1, false)
        )
    };
    let mut chars = text.trim().chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(MoveError::syntax(text, expected()));
    };
    let index = (letter.to_ascii_lowercase() as u32).wrapping_sub('a' as u32) as usize;
    if !letter.is_ascii_alphabetic() || index >= houses {
        return Err(MoveError::syntax(text, expected()));
    }
    Ok(House(index as u8))
}

/// A move's action is its house from the mover's left, `0..houses`: the
/// same numbers for both sides (a policy learned from one seat serves the
/// other), and OpenSpiel's `oware` actions exactly.
pub(crate) fn action_move(state: &Oware, action: usize) -> Option<House> {
    (action < state.houses()).then_some(House(action as u8))
}
