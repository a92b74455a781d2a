//! Move text and action numbers — a move is the number of stones taken —
//! and the position text: the stones left and the side to move, `17 N`.

use tabula_core::{Actions, MoveError, Notation, PositionError};

use crate::state::Takeaway;
use crate::variant::TakeawayVariant;

impl Notation for Takeaway {
    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        let take = self.variant.take;
        let stones: u32 = text
            .trim()
            .parse()
            .map_err(|_| MoveError::syntax(text, "a number of stones, e.g. `2`"))?;
        if stones == 0 || stones > take {
            return Err(MoveError::illegal(
                stones.to_string(),
                format!("a move takes from 1 to {take} stones"),
            ));
        }
        Ok(stones)
    }

    fn format_move(&self, stones: u32) -> String {
        stones.to_string()
    }

    fn position(&self) -> String {
        format!("{} {}", self.left, ["S", "N"][self.to_move])
    }

    /// Reads `LEFT SIDE`, a position of `variant`.
    fn read_position(variant: &TakeawayVariant, text: &str) -> Result<Takeaway, PositionError> {
        let bad = |why: &str| PositionError::new(text, why.to_string());
        let mut words = text.split_whitespace();
        let (Some(left), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad(
                "expected the stones left and the side to move, e.g. `17 N`",
            ));
        };
        let left: u32 = left
            .parse()
            .map_err(|_| bad("the stones left must be a whole number"))?;
        if left > variant.stones {
            return Err(bad("more stones than the game starts with"));
        }
        let to_move = match side {
            "S" | "s" => 0,
            "N" | "n" => 1,
            _ => return Err(bad("the side to move is `S` or `N`")),
        };
        Ok(Takeaway {
            variant: *variant,
            left,
            to_move,
        })
    }
}

/// Actions `0 .. take` take `1 ..= take` stones.
impl Actions for Takeaway {
    fn action(&self, stones: u32) -> usize {
        stones as usize - 1
    }

    fn action_move(&self, action: usize) -> Option<u32> {
        (action < self.variant.take as usize).then(|| action as u32 + 1)
    }
}
