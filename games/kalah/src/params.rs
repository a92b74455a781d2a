//! The variant parameters, the start position they give, and the parameter
//! sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params};

use crate::state::Kalah;

pub(crate) const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "pits",
        kind: ParamKind::Int { min: 1, max: 8 },
        default: "6",
        help: "pits per side",
    },
    ParamSpec {
        name: "seeds",
        kind: ParamKind::Int { min: 1, max: 12 },
        default: "4",
        help: "seeds per pit at the start",
    },
    ParamSpec {
        name: "empty_capture",
        kind: ParamKind::Choice(&["on", "off"]),
        default: "on",
        help: "on: a last seed in an empty own pit always captures; off: only when the \
               opposite pit holds seeds (OpenSpiel's mancala)",
    },
];

/// The start position for `params`: every pit holds `seeds`, the stores
/// are empty, South to move.
pub(crate) fn start(params: &Params) -> Result<Kalah, ParamError> {
    let pits = params.int("pits")? as usize;
    let seeds = params.int("seeds")? as u8;
    let empty_capture = params.text("empty_capture")? == "on";
    let board = vec![seeds; 2 * pits];
    Kalah::empty(pits, empty_capture)
        .with_board(&board, [0, 0], 0)
        .map_err(|reason| ParamError::new("seeds", &seeds.to_string(), reason))
}

/// The parameter sets the workspace's conformance, property and soak tests
/// play. Random games of every set end within a few hundred plies (each
/// move stores a seed or carries seeds towards a store), so 2,000 plies is
/// a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("kalah", 1000),
        Case::new("kalah(empty_capture=off)", 500),
        Case::new("kalah(pits=1,seeds=1)", 200),
        Case::new("kalah(pits=2,seeds=3)", 300),
        Case::new("kalah(pits=3,seeds=5,empty_capture=off)", 300),
        Case::new("kalah(pits=8,seeds=12)", 100),
    ],
    case_sensitive_moves: false,
    max_plies: 2000,
};
