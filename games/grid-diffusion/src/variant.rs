//! The variant: its parameters and the checks the spec cannot express,
//! the facts the same in every position of it, the start; and the
//! parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::observation;
use crate::state::{seat_name, GridDiffusion, BLACK};

/// A grid Diffusion variant: the board and each side's stones. Carried by
/// every position (the board's masks with it, which every move reads).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GridDiffusionVariant {
    pub(crate) geo: Geometry,
    /// The `stones` parameter: Black's stones (White has `handicap` fewer).
    pub(crate) per_player: u16,
    pub(crate) handicap: u16,
}

impl Variant for GridDiffusionVariant {
    type State = GridDiffusion;

    const NAME: &'static str = "grid-diffusion";
    const DESCRIPTION: &'static str =
        "van Patten's grid Diffusion: drop stones, then relocate and attack; a stone needs a friend to live";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    /// The parameters, or why they do not make a game.
    fn new(params: &Params) -> Result<Self, ParamError> {
        let size = params.text("size")?;
        let (rows, cols) = Geometry::parse_size(size)
            .map_err(|expected| ParamError::new("size", size, expected))?;
        let stones = params.int("stones")?;
        let handicap = params.int("handicap")?;
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
        Ok(GridDiffusionVariant {
            geo: Geometry::new(rows, cols),
            per_player: stones as u16,
            handicap: handicap as u16,
        })
    }

    /// An empty board, every stone still to drop, Black to move.
    fn start(&self) -> GridDiffusion {
        let (stones, handicap) = (self.per_player, self.handicap);
        GridDiffusion::from_parts(
            *self,
            [Bits::EMPTY; 2],
            [stones, stones - handicap],
            BLACK,
            0,
        )
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// See [`Actions`](tabula_core::Actions) for the numbering.
    fn action_count(&self) -> usize {
        let n = self.geo.cells();
        5 * n * n + n + 1
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::PLANES, self.geo.rows(), self.geo.cols()]
    }
}

const PARAMS: &[ParamSpec] = &[
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

/// The parameter sets the workspace's conformance, property and soak tests
/// play. Random games end within 160 plies on the small boards (5,000
/// games each), so 2,000 plies is a generous bound there. Large boards
/// with many stones are declared unbounded: random play there almost never
/// leaves a side without a live stone (12x12 with 40 stones: mean 1,978
/// plies, longest 8,399 of 5,000; 19x19 with 100 or 180 stones: none of
/// 200 games ended within 30,000 plies).
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("grid-diffusion", 100).check_every(3),
        Case::new("grid-diffusion(size=3x3,stones=2)", 300),
        Case::new("grid-diffusion(size=3x5,stones=4)", 200),
        Case::new("grid-diffusion(size=4x4,stones=5)", 200),
        Case::new("grid-diffusion(size=4x4,stones=7,handicap=1)", 200),
        Case::new("grid-diffusion(size=5x5,stones=5)", 300),
        Case::new("grid-diffusion(size=5x5,stones=6,handicap=2)", 200),
        Case::new("grid-diffusion(size=5x7,stones=10,handicap=3)", 100),
        Case::new("grid-diffusion(size=6x4,stones=6,handicap=2)", 100),
        Case::new("grid-diffusion(size=12x12,stones=40)", 3)
            .check_every(10)
            .unbounded(600),
        Case::new("grid-diffusion(size=19x19,stones=180)", 1)
            .check_every(50)
            .unbounded(600),
    ],
    case_sensitive_moves: false,
    max_plies: 2000,
};
