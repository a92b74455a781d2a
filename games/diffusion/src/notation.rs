//! Moves as text (`D` lower row, `d` upper row) and as action numbers; the
//! position text, `UPPER/LOWER SIDE`, e.g. `444444/444444 A`.

use tabula_core::notation::{letter, row_cells, split_fields, split_rows};
use tabula_core::{Actions, Game, MoveError, Notation, PositionError};

use crate::geometry::Pit;
use crate::state::{side_letter, Diffusion};
use crate::variant::DiffusionVariant;

impl Notation for Diffusion {
    /// One letter; its case picks the row, so unlike other games' notations
    /// Diffusion's is case-sensitive.
    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        let state = self;
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

    /// `A`.. for the lower row, `a`.. for the upper row, by column.
    fn format_move(&self, pit: Pit) -> String {
        let state = self;
        let (row, col) = (
            pit.0 as usize / state.width(),
            pit.0 as usize % state.width(),
        );
        letter(col, row == 1).to_string()
    }

    /// The counts of the upper and the lower row, then the side to move.
    fn position(&self) -> String {
        let state = self;
        let row = |r: usize| -> String {
            (0..state.width())
                .map(|c| char::from(b'0' + state.stones(Pit((r * state.width() + c) as u8))))
                .collect()
        };
        format!("{}/{} {}", row(0), row(1), side_letter(state.to_move()))
    }

    /// Reads a position for a game with `template`'s parameters.
    fn read_position(variant: &DiffusionVariant, text: &str) -> Result<Diffusion, PositionError> {
        let width = variant.width();
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
        let mut state = Diffusion::empty(variant);
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
}

/// The action of a move is its pit's index: the upper row's pits `a`… are
/// `0..width`, the lower row's `A`… follow, `2 × width` actions in all.
impl Actions for Diffusion {
    fn action(&self, mv: Pit) -> usize {
        mv.0 as usize
    }

    fn action_move(&self, action: usize) -> Option<Pit> {
        (action < self.pit_count()).then_some(Pit(action as u8))
    }
}
