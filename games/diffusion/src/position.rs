//! The position text: `UPPER/LOWER SIDE`, e.g. `444444/444444 A`.

use tabula_core::notation::{row_cells, split_fields, split_rows};
use tabula_core::PositionError;

use crate::geometry::Pit;
use crate::state::{side_letter, Diffusion};

/// The counts of the upper and the lower row, then the side to move.
pub(crate) fn format_position(state: &Diffusion) -> String {
    let row = |r: usize| -> String {
        (0..state.width())
            .map(|c| char::from(b'0' + state.stones(Pit((r * state.width() + c) as u8))))
            .collect()
    };
    format!("{}/{} {}", row(0), row(1), side_letter(state.mover()))
}

/// Reads a position for a game with `template`'s parameters.
pub(crate) fn parse_position(template: &Diffusion, text: &str) -> Result<Diffusion, PositionError> {
    let width = template.width();
    let error = |reason: String| PositionError::new(text, reason);
    let [board, side] = split_fields(text, "`UPPER/LOWER SIDE`, e.g. `444444/444444 A`")?;
    let to_move = match side {
        "A" | "a" => 0,
        "B" | "b" => 1,
        other => {
            return Err(error(format!(
                "side to move must be A (South) or B (North), not `{other}`"
            )))
        }
    };
    let rows = split_rows(text, board, 2, "rows (upper and lower)")?;
    let mut state = Diffusion::empty(width, template.blocks());
    for (row, (digits, name)) in rows
        .iter()
        .zip(["the upper row", "the lower row"])
        .enumerate()
    {
        for (col, digit) in row_cells(text, digits, width, name)?.enumerate() {
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
