//! Move letters and position text (RULES.md §1).

use tabula::{Game, MoveError, PositionError};

use crate::board::{Diffusion, Pit};

/// `A`.. for the lower row, `a`.. for the upper row, by column.
pub(crate) fn format_move(state: &Diffusion, pit: Pit) -> String {
    let (row, col) = (
        pit.0 as usize / state.width(),
        pit.0 as usize % state.width(),
    );
    let letter = (b'a' + col as u8) as char;
    if row == 0 {
        letter.to_string()
    } else {
        letter.to_ascii_uppercase().to_string()
    }
}

/// One letter; its case picks the row, so unlike other games' notations
/// Diffusion's is case-sensitive.
pub(crate) fn parse_move(state: &Diffusion, text: &str) -> Result<Pit, MoveError> {
    let width = state.width();
    let last = (b'a' + width as u8 - 1) as char;
    let expected = || {
        format!(
            "one letter: A-{} for the lower row, a-{last} for the upper row",
            last.to_ascii_uppercase()
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

/// `UPPER/LOWER SIDE`, e.g. `444444/444444 A`.
pub(crate) fn format_position(state: &Diffusion) -> String {
    let row = |r: usize| -> String {
        (0..state.width())
            .map(|c| char::from(b'0' + state.stones(Pit((r * state.width() + c) as u8))))
            .collect()
    };
    format!("{}/{} {}", row(0), row(1), state.seat_name(state.to_move()))
}

pub(crate) fn parse_position(template: &Diffusion, text: &str) -> Result<Diffusion, PositionError> {
    let width = template.width();
    let error = |reason: String| PositionError::new(text, reason);
    let (rows, side) = text
        .trim()
        .split_once(' ')
        .ok_or_else(|| error("expected `UPPER/LOWER SIDE`, e.g. `444444/444444 A`".into()))?;
    let to_move = match side.trim() {
        "A" | "a" => 0,
        "B" | "b" => 1,
        other => return Err(error(format!("side to move must be A or B, not `{other}`"))),
    };
    let (upper, lower) = rows
        .split_once('/')
        .ok_or_else(|| error("the two rows must be separated by `/`".into()))?;
    let mut state = Diffusion::empty(width, template.blocks());
    for (row, digits) in [upper, lower].into_iter().enumerate() {
        if digits.chars().count() != width {
            return Err(error(format!(
                "each row needs {width} digits, `{digits}` has {}",
                digits.chars().count()
            )));
        }
        for (col, digit) in digits.chars().enumerate() {
            let count = digit
                .to_digit(10)
                .filter(|&d| d <= 5)
                .ok_or_else(|| error(format!("`{digit}` is not a pit count 0-5")))?;
            state.set_stones(Pit((row * width + col) as u8), count as u8);
        }
    }
    if state.both_blocks_empty() {
        return Err(error(
            "both blocks are empty, which no game can reach".into(),
        ));
    }
    state.set_to_move(to_move);
    Ok(state)
}
