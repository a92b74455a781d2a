//! The parameters, the start position, and the parameter sets the shared
//! tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params};

use crate::state::Takeaway;

pub(crate) const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "stones",
        kind: ParamKind::Int { min: 1, max: 1000 },
        default: "21",
        help: "the stones on the pile at the start",
    },
    ParamSpec {
        name: "take",
        kind: ParamKind::Int { min: 1, max: 9 },
        default: "3",
        help: "the most stones one move may take",
    },
];

/// The start: a full pile, South to move.
pub(crate) fn start(params: &Params) -> Result<Takeaway, ParamError> {
    Ok(Takeaway {
        left: params.int("stones")? as u32,
        take: params.int("take")? as u32,
        to_move: 0,
    })
}

/// The parameter sets the conformance, property and soak tests play, the
/// defaults first. Every game ends within `stones` plies.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("takeaway", 300),
        Case::new("takeaway(stones=1)", 50),
        Case::new("takeaway(stones=100,take=9)", 100),
    ],
    case_sensitive_moves: false,
    max_plies: 1000,
};
