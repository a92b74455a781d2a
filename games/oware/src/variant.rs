//! The variant: its parameters, the facts the same in every position of it,
//! the start position; and the parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::state::{seat_name, Oware, MAX_HOUSES};

/// An Oware variant: houses a side and seeds a house at the start. Two
/// bytes, carried by every position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OwareVariant {
    houses: u8,
    seeds: u8,
}

impl OwareVariant {
    /// Houses per side.
    pub fn houses(&self) -> usize {
        usize::from(self.houses)
    }

    /// Every house holds `seeds`, nothing captured, South to move; or why
    /// that is no position (the parameters' bounds keep it one: at most
    /// 8 houses of 12 seeds a side, 192 seeds, which a byte holds).
    fn try_start(&self) -> Result<Oware, String> {
        let board = vec![self.seeds; 2 * self.houses()];
        Oware::blank(*self).with_board(&board, [0, 0], 0)
    }
}

impl Variant for OwareVariant {
    type State = Oware;

    const NAME: &'static str = "oware";
    const DESCRIPTION: &'static str =
        "Oware (abapa): 2x6 mancala; capture 2s and 3s, feed an empty opponent";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    /// The parameters, if they make a start position.
    fn new(params: &Params) -> Result<Self, ParamError> {
        let variant = OwareVariant {
            houses: params.int("houses")? as u8,
            seeds: params.int("seeds")? as u8,
        };
        variant
            .try_start()
            .map_err(|reason| ParamError::new("seeds", &variant.seeds.to_string(), reason))?;
        Ok(variant)
    }

    fn start(&self) -> Oware {
        self.try_start()
            .expect("`new` made only variants that start")
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// A move is the mover's house from its left (see [`House`](crate::House)).
    fn action_count(&self) -> usize {
        self.houses()
    }

    fn observation_shape(&self) -> Vec<usize> {
        tabula_sowing::observation_shape(self.houses())
    }
}

const PARAMS: &[ParamSpec] = &[
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
