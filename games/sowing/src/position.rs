//! The position text: `SOUTH/NORTH BANKS SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S` (`BANKS` is the game's word: `STORES`,
//! `CAPTURES`).

use tabula_core::notation::{parse_count, split_fields, split_rows};
use tabula_core::PositionError;

use crate::TwoRows;

/// South's pits from South's left, North's from North's left (each as
/// comma-separated counts, the order they are sown in), the banks South
/// then North, and the side to move, `S` or `N`.
pub fn format_position<G: TwoRows>(state: &G) -> String {
    let n = state.pits();
    let row = |seat: usize| {
        let pits = &state.board()[seat * n..(seat + 1) * n];
        let counts: Vec<String> = pits.iter().map(u8::to_string).collect();
        counts.join(",")
    };
    let [south, north] = state.banks();
    let side = ["S", "N"][state.to_move()];
    format!("{}/{} {south},{north} {side}", row(0), row(1))
}

/// Reads a position for a game with `template`'s parameters.
pub fn parse_position<G: TwoRows>(template: &G, text: &str) -> Result<G, PositionError> {
    let banks_word = G::WORDS.banks;
    let format = format!(
        "`SOUTH/NORTH {} SIDE`, e.g. `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`",
        banks_word.to_uppercase()
    );
    let error = |reason: String| PositionError::new(text, reason);
    let [board, banks, side] = split_fields(text, &format)?;
    let to_move = match side {
        "S" | "s" => 0,
        "N" | "n" => 1,
        other => return Err(error(format!("side to move must be S or N, not `{other}`"))),
    };
    let count = |field: &str| {
        parse_count::<u8>(field)
            .ok_or_else(|| error(format!("`{field}` is not a seed count 0-255")))
    };
    let mut pits = Vec::with_capacity(2 * template.pits());
    for (row, name) in split_rows(text, board, 2, "rows (South's and North's)")?
        .into_iter()
        .zip(["South's row", "North's row"])
    {
        let counts: Vec<&str> = row.split(',').collect();
        if counts.len() != template.pits() {
            return Err(error(format!(
                "{name} needs {} counts, found {} in `{row}`",
                template.pits(),
                counts.len()
            )));
        }
        for field in counts {
            pits.push(count(field)?);
        }
    }
    let parts: Vec<&str> = banks.split(',').collect();
    let [south, north] = match parts[..] {
        [south, north] => [count(south)?, count(north)?],
        _ => {
            return Err(error(format!(
                "{banks_word} must be `SOUTH,NORTH`, not `{banks}`"
            )))
        }
    };
    template
        .with_board(&pits, [south, north], to_move)
        .map_err(error)
}
