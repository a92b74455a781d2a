//! Moves as text (`D` lower row, `d` upper row) and as action numbers.

use tabula_core::notation::letter;
use tabula_core::MoveError;

use crate::geometry::Pit;
use crate::state::Diffusion;

/// `A`.. for the lower row, `a`.. for the upper row, by column.
pub(crate) fn format_move(state: &Diffusion, pit: Pit) -> String {
    let (row, col) = (
        pit.0 as usize / state.width(),
        pit.0 as usize % state.width(),
    );
    letter(col, row == 1).to_string()
}

/// One letter; its case picks the row, so unlike other games' notations
/// Diffusion's is case-sensitive.
pub(crate) fn parse_move(state: &Diffusion, text: &str) -> Result<Pit, MoveError> {
    let width = state.width();
    let expected = || {
        format!(
            "one letter: A-{} for the lower row, a-{} for the upper row",
            letter(width - 1, true),
            letter(width - 1, false)
        )
    };
    let mut chars = text.trim().chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(MoveError::syntax(text, expected()));
    };
    let col = (letter.to_ascii_lowercase() as u32).wrapping_sub('a' as u32) as usize;
    if !letter.is_ascii_alphabetic() || col >= width {
        return Err(MoveError::syntax(text, expected()));
    }
    let row = usize::from(letter.is_ascii_uppercase());
    Ok(Pit((row * width + col) as u8))
}

/// The action of a move is its pit's index: the upper row's pits `a`… are
/// `0..width`, the lower row's `A`… follow, `2 × width` actions in all.
pub(crate) fn action_count(state: &Diffusion) -> usize {
    state.pit_count()
}

pub(crate) fn action_move(state: &Diffusion, action: usize) -> Option<Pit> {
    (action < state.pit_count()).then_some(Pit(action as u8))
}
