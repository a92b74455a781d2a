//! The variant: its parameters, the facts the same in every position of it,
//! the start position; and the parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::state::{seat_name, Kalah};

/// A Kalah variant: pits a side, seeds a pit at the start, and the capture
/// rule. Three bytes, carried by every position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KalahVariant {
    pits: u8,
    seeds: u8,
    empty_capture: bool,
}

impl KalahVariant {
    /// Pits per side.
    pub fn pits(&self) -> usize {
        usize::from(self.pits)
    }

    /// Whether a last seed in an empty own pit captures even when the
    /// opposite pit is empty (`empty_capture=on`).
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }
}

impl Variant for KalahVariant {
    type State = Kalah;

    const NAME: &'static str = "kalah";
    const DESCRIPTION: &'static str =
        "Kalah: 2x6 mancala with stores; a last seed in your store moves again";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    /// Any pits (1 to 8) and seeds (1 to 12) make a game: 192 seeds at
    /// most, which a byte holds.
    fn new(params: &Params) -> Result<Self, ParamError> {
        Ok(KalahVariant {
            pits: params.int("pits")? as u8,
            seeds: params.int("seeds")? as u8,
            empty_capture: params.text("empty_capture")? == "on",
        })
    }

    /// Every pit holds `seeds`, the stores are empty, South to move.
    fn start(&self) -> Kalah {
        Kalah::start(*self, self.seeds)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// A move is the mover's pit from its left (see [`Pit`](crate::Pit)).
    fn action_count(&self) -> usize {
        self.pits()
    }

    fn observation_shape(&self) -> Vec<usize> {
        tabula_sowing::observation_shape(self.pits())
    }
}

const PARAMS: &[ParamSpec] = &[
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
