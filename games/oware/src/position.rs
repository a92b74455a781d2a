//! The position text: `SOUTH/NORTH CAPTURES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`.

use tabula_core::notation::{parse_count, split_fields, split_rows};
use tabula_core::PositionError;

use crate::state::Oware;

const FORMAT: &str = "`SOUTH/NORTH CAPTURES SIDE`, e.g. `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`";

/// South's houses from South's left, North's from North's left (each as
/// comma-separated counts, the order they are sown in), the captures South
/// then North, and the side to move, `S` or `N`. The repetition history is
/// not part of it: a position read starts a history of its own.
pub(crate) fn format_position(state: &Oware) -> String {
    let row = |seat| {
        let counts: Vec<String> = state.side(seat).iter().map(u8::to_string).collect();
        counts.join(",")
    };
    let [south, north] = state.scores();
    let side = ["S", "N"][state.mover()];
    format!("{}/{} {south},{north} {side}", row(0), row(1))
}

/// Reads a position for a game with `template`'s parameters.
pub(crate) fn parse_position(template: &Oware, text: &str) -> Result<Oware, PositionError> {
    let error = |reason: String| PositionError::new(text, reason);
    let [board, captures, side] = split_fields(text, FORMAT)?;
    let to_move = match side {
        "S" | "s" => 0,
        "N" | "n" => 1,
        other => return Err(error(format!("side to move must be S or N, not `{other}`"))),
    };
    let count = |field: &str| {
        parse_count::<u8>(field)
            .ok_or_else(|| error(format!("`{field}` is not a seed count 0-255")))
    };
    let mut pits = Vec::with_capacity(2 * template.houses());
    for (row, name) in split_rows(text, board, 2, "rows (South's and North's)")?
        .into_iter()
        .zip(["South's row", "North's row"])
    {
        let counts: Vec<&str> = row.split(',').collect();
        if counts.len() != template.houses() {
            return Err(error(format!(
                "{name} needs {} counts, found {} in `{row}`",
                template.houses(),
                counts.len()
            )));
        }
        for field in counts {
            pits.push(count(field)?);
        }
    }
    let parts: Vec<&str> = captures.split(',').collect();
    let [south, north] = match parts[..] {
        [south, north] => [count(south)?, count(north)?],
        _ => {
            return Err(error(format!(
                "captures must be `SOUTH,NORTH`, not `{captures}`"
            )))
        }
    };
    template
        .with_board(&pits, [south, north], to_move)
        .map_err(error)
}
