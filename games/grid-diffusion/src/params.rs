//! The variant parameters and the checks the spec cannot express.

use tabula::{ParamError, ParamKind, ParamSpec, Params};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::state::{GridDiffusion, BLACK};

pub(crate) static SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "size",
        kind: ParamKind::Text {
            expected: "RxC, ranks and files each 3 to 19",
        },
        default: "8x8",
        help: "board size, ranks x files",
    },
    ParamSpec {
        name: "stones",
        kind: ParamKind::Int { min: 1, max: 180 },
        default: "13",
        help: "stones each player drops (White: minus the handicap)",
    },
    ParamSpec {
        name: "handicap",
        kind: ParamKind::Int { min: 0, max: 179 },
        default: "0",
        help: "White (the second player) drops this many fewer stones",
    },
];

/// The start position for `params`, or why they do not make a game.
pub(crate) fn start(params: &Params) -> Result<GridDiffusion, ParamError> {
    let size = params.text("size");
    let (rows, cols) =
        Geometry::parse_size(size).map_err(|expected| ParamError::new("size", size, expected))?;
    let stones = params.int("stones");
    let handicap = params.int("handicap");
    let cells = (rows * cols) as i64;
    if handicap >= stones {
        return Err(ParamError::new(
            "handicap",
            &handicap.to_string(),
            format!("fewer than the {stones} stones each player has"),
        ));
    }
    if 2 * stones - handicap > cells - 1 {
        return Err(ParamError::new(
            "stones",
            &stones.to_string(),
            format!(
                "at most {} on a {rows}x{cols} board with handicap {handicap}: all stones must fit with one cell left empty",
                (cells - 1 + handicap) / 2
            ),
        ));
    }
    let (stones, handicap) = (stones as u16, handicap as u16);
    Ok(GridDiffusion::from_parts(
        Geometry::new(rows, cols),
        [Bits::EMPTY; 2],
        [stones, stones - handicap],
        (stones, handicap),
        BLACK,
        0,
    ))
}
