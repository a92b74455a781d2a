//! The variant parameters, the start position they give, and the parameter
//! sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params};

use crate::geometry::{Blocks, Pit};
use crate::state::Diffusion;

pub(crate) const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "width",
        kind: ParamKind::Int { min: 4, max: 12 },
        default: "6",
        help: "pits per row (even); Steere's generalized Diffusion uses 8 or 10",
    },
    ParamSpec {
        name: "stones",
        kind: ParamKind::Int { min: 1, max: 5 },
        default: "4",
        help: "stones per pit at the start; 1-3 are learning variants",
    },
    ParamSpec {
        name: "blocks",
        kind: ParamKind::Choice(&["halves", "rows"]),
        default: "halves",
        help: "halves: South owns the left half; rows: South owns the lower row (Diffusion v2)",
    },
];

/// The start position for `params`: every pit holds `stones`, South to move.
pub(crate) fn start(params: &Params) -> Result<Diffusion, ParamError> {
    let width = params.int("width")?;
    if width % 2 != 0 {
        return Err(ParamError::new(
            "width",
            &width.to_string(),
            "an even number",
        ));
    }
    let kind = match params.text("blocks")? {
        "rows" => Blocks::Rows,
        _ => Blocks::Halves,
    };
    let mut state = Diffusion::empty(width as usize, kind);
    for pit in 0..state.pit_count() {
        state.set_stones(Pit(pit as u8), params.int("stones")? as u8);
    }
    Ok(state)
}

/// The parameter sets the workspace's conformance, property and soak tests
/// play. Random games end within 540 plies on every set (20,000 games
/// each), so 5,000 plies is a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("diffusion", 2000),
        Case::new("diffusion(width=4,stones=1)", 300),
        Case::new("diffusion(width=4,stones=2)", 300),
        Case::new("diffusion(width=4,stones=5)", 300),
        Case::new("diffusion(width=8,stones=3)", 300),
        Case::new("diffusion(width=8,stones=3,blocks=rows)", 300),
        Case::new("diffusion(width=10,stones=5,blocks=rows)", 200),
        Case::new("diffusion(width=12,stones=2,blocks=rows)", 200),
        Case::new("diffusion(width=12,stones=5)", 300),
        Case::new("diffusion(blocks=rows)", 300),
    ],
    case_sensitive_moves: true,
    max_plies: 5000,
};
