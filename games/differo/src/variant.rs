//! The variant: Differo has no parameters, so its variant is only the
//! facts the same in every game (names, seats, actions, the observation's
//! shape) and the start position; and the one parameter set the shared
//! tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{Notation, ParamError, ParamSpec, Params, Seat, Variant};

use crate::notation::{ACTIONS, START};
use crate::observation;
use crate::state::{seat_name, Differo};

/// The Differo variant, the only one: nothing to carry, so positions carry
/// no bytes for it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DifferoVariant;

impl Variant for DifferoVariant {
    type State = Differo;

    const NAME: &'static str = "differo";
    const DESCRIPTION: &'static str =
        "Kashio Fujii's hex race: move by the piece difference on a line, first to the far goal wins";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(DifferoVariant)
    }

    /// [`START`](crate::START), as RULES.txt sets the pieces.
    fn start(&self) -> Differo {
        Differo::read_position(self, START).expect("the start position text is valid")
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat).to_string()
    }

    /// `from × 61 + to` (see [`Actions`](tabula_core::Actions)).
    fn action_count(&self) -> usize {
        ACTIONS
    }

    fn observation_shape(&self) -> Vec<usize> {
        observation::shape()
    }
}

/// The parameter set the workspace's conformance, property and soak tests
/// play. Random games took 188 plies on average and 1,081 at most (20,000
/// games), so 5,000 plies is a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[Case::new("differo", 100)],
    case_sensitive_moves: false,
    max_plies: 5000,
};
