//! The variant: the parameters, the facts the same in every position of
//! it, the start position; and the parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::observation;
use crate::state::{seat_name, Takeaway};

/// A variant: the stones at the start and the most a move may take. Every
/// position carries it, so keep it small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TakeawayVariant {
    pub(crate) stones: u32,
    pub(crate) take: u32,
}

impl Variant for TakeawayVariant {
    type State = Takeaway;

    const NAME: &'static str = "takeaway";
    const DESCRIPTION: &'static str =
        "take 1 to k stones from one pile, the last stone wins (the new-game template)";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    /// Every pair of parameters in their ranges makes a game (a game whose
    /// parameters can clash says so here, with a [`ParamError`]).
    fn new(params: &Params) -> Result<Self, ParamError> {
        Ok(TakeawayVariant {
            stones: params.int("stones")? as u32,
            take: params.int("take")? as u32,
        })
    }

    /// A full pile, South to move.
    fn start(&self) -> Takeaway {
        Takeaway {
            variant: *self,
            left: self.stones,
            to_move: 0,
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// Actions `0 .. take` take `1 ..= take` stones.
    fn action_count(&self) -> usize {
        self.take as usize
    }

    fn observation_shape(&self) -> Vec<usize> {
        observation::SHAPE.to_vec()
    }

    /// Every move takes a stone.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.stones as usize)
    }
}

const PARAMS: &[ParamSpec] = &[
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
