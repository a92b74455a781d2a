//! The variant parameters, the start position they give, and the parameter
//! sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params};

use crate::state::{Oware, MAX_HOUSES};

pub(crate) const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "houses",
        kind: ParamKind::Int {
            min: 2,
            max: MAX_HOUSES as i64,
        },
        default: "6",
        help: "houses per side (OpenSpiel's num_houses_per_player)",
    },
    ParamSpec {
        name: "seeds",
        kind: ParamKind::Int { min: 1, max: 12 },
        default: "4",
        help: "seeds per house at the start (OpenSpiel's num_seeds_per_house)",
    },
];

/// The start position for `params`: every house holds `seeds`, nothing
/// captured, South to move.
pub(crate) fn start(params: &Params) -> Result<Oware, ParamError> {
    let houses = params.int("houses")? as usize;
    let seeds = params.int("seeds")? as u8;
    Oware::blank(houses)
        .with_board(&vec![seeds; 2 * houses], [0, 0], 0)
        .map_err(|reason| ParamError::new("seeds", &seeds.to_string(), reason))
}

/// The parameter sets the workspace's conformance, property and soak tests
/// play. Every game ends (captures shrink the board, and a repetition ends
/// it between captures); random games of these sets end within a thousand
/// plies, so 5,000 is a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("oware", 500),
        Case::new("oware(houses=2,seeds=1)", 300),
        Case::new("oware(houses=3,seeds=2)", 300),
        Case::new("oware(houses=4,seeds=3)", 200),
        Case::new("oware(houses=8,seeds=12)", 50),
    ],
    case_sensitive_moves: false,
    max_plies: 5000,
};
