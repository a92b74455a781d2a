//! The variant: its parameters, the facts the same in every position of it,
//! the start position; and the parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::geometry::{Blocks, Pit};
use crate::observation;
use crate::state::{seat_name, Diffusion};

/// A Diffusion variant: pits per row, stones per pit at the start, and who
/// owns which pits. Three bytes, carried by every position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DiffusionVariant {
    width: u8,
    stones: u8,
    blocks: Blocks,
}

impl DiffusionVariant {
    /// Pits per row (even, 4 to 12).
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Who owns which pits.
    pub fn blocks(&self) -> Blocks {
        self.blocks
    }
}

impl Variant for DiffusionVariant {
    type State = Diffusion;

    const NAME: &'static str = "diffusion";
    const DESCRIPTION: &'static str =
        "Mark Steere's 2x6 mancala: sow around the emptied pit; empty your block to win";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    /// The parameters, if `width` is even.
    fn new(params: &Params) -> Result<Self, ParamError> {
        let width = params.int("width")?;
        if width % 2 != 0 {
            return Err(ParamError::new(
                "width",
                &width.to_string(),
                "an even number",
            ));
        }
        Ok(DiffusionVariant {
            width: width as u8,
            stones: params.int("stones")? as u8,
            blocks: match params.text("blocks")? {
                "rows" => Blocks::Rows,
                _ => Blocks::Halves,
            },
        })
    }

    /// Every pit holds `stones`, South to move.
    fn start(&self) -> Diffusion {
        let mut state = Diffusion::empty(self);
        for pit in 0..2 * self.width() {
            state.set_stones(Pit(pit as u8), self.stones);
        }
        state
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// The action of a move is its pit's index (see
    /// [`Actions`](tabula_core::Actions)): `2 × width` actions.
    fn action_count(&self) -> usize {
        2 * self.width()
    }

    fn observation_shape(&self) -> Vec<usize> {
        observation::shape(self.width())
    }
}

const PARAMS: &[ParamSpec] = &[
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
