//! Position text: the stones left and the side to move, `17 N`.

use tabula_core::PositionError;

use crate::state::Takeaway;

impl Takeaway {
    pub(crate) fn write_position(&self) -> String {
        format!("{} {}", self.left, ["S", "N"][self.to_move])
    }

    /// Reads `LEFT SIDE` for this variant (its `take` stays).
    pub(crate) fn read_position(&self, text: &str) -> Result<Takeaway, PositionError> {
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
        if left > 1000 {
            return Err(bad("at most 1000 stones"));
        }
        let to_move = match side {
            "S" | "s" => 0,
            "N" | "n" => 1,
            _ => return Err(bad("the side to move is `S` or `N`")),
        };
        Ok(Takeaway {
            left,
            take: self.take,
            to_move,
        })
    }
}
