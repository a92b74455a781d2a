//! Move text and action numbers: a move is the number of stones taken.

use tabula_core::MoveError;

use crate::state::Takeaway;

impl Takeaway {
    pub(crate) fn parse_take(&self, text: &str) -> Result<u32, MoveError> {
        let stones: u32 = text
            .trim()
            .parse()
            .map_err(|_| MoveError::syntax(text, "a number of stones, e.g. `2`"))?;
        if stones == 0 || stones > self.take {
            return Err(MoveError::illegal(
                stones.to_string(),
                format!("a move takes from 1 to {} stones", self.take),
            ));
        }
        Ok(stones)
    }

    /// Actions `0 .. take` take `1 ..= take` stones.
    pub(crate) fn action_of(stones: u32) -> usize {
        stones as usize - 1
    }

    pub(crate) fn take_of(&self, action: usize) -> Option<u32> {
        (action < self.take as usize).then(|| action as u32 + 1)
    }
}
