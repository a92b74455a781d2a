//! The position text: `SOUTH/NORTH STORES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`.

use tabula_core::notation::{parse_count, split_fields, split_rows};
use tabula_core::PositionError;

use crate::state::Kalah;

const FORMAT: &str = "`SOUTH/NORTH STORES SIDE`, e.g. `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`";

/// South's pits from South's left, North's from North's left (each as
/// comma-separated counts, the order they are sown in), the stores South
/// then North, and the side to move, `S` or `N`.
pub(crate) fn format_position(state: &Kalah) -> String {
    let row = |seat| {
        let counts: Vec<String> = state.side(seat).iter().map(u8::to_string).collect();
        counts.join(",")
    };
    let [south, north] = state.stores();
    let side = ["S", "N"][state.mover()];
    format!("{}/{} {south},{north} {side}", row(0), row(1))
}

/// Reads a position for a game with `template`'s parameters.
pub(crate) fn parse_position(template: &Kalah, text: &str) -> Result<Kalah, PositionError> {
    let error = |reason: String| PositionError::new(text, reason);
    let [board, stores, side] = split_fields(text, FORMAT)?;
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
    let parts: Vec<&str> = stores.split(',').collect();
    let [south, north] = match parts[..] {
        [south, north] => [count(south)?, count(north)?],
        _ => {
            return Err(error(format!(
                "stores must be `SOUTH,NORTH`, not `{stores}`"
            )))
        }
    };
    template
        .with_board(&pits, [south, north], to_move)
        .map_err(error)
}
