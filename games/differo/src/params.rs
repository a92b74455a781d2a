//! Differo has no variant parameters; the start position, and the one
//! parameter set the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamSpec, Params};

use crate::position::{read, START};
use crate::state::Differo;

pub(crate) const PARAMS: &[ParamSpec] = &[];

/// The start position (RULES.txt).
pub(crate) fn start(_: &Params) -> Result<Differo, ParamError> {
    Ok(read(START).expect("the start position text is valid"))
}

/// The parameter set the workspace's conformance, property and soak tests
/// play. Random games took 188 plies on average and 1,081 at most (20,000
/// games), so 5,000 plies is a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[Case::new("differo", 100)],
    case_sensitive_moves: false,
    max_plies: 5000,
};
