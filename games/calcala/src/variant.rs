//! The variant: its parameters (players and setup), the facts the same in
//! every position of it, the start position; and the parameter sets the
//! shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params, Variant};

use crate::geometry::{Pit, PITS};
use crate::notation::ACTIONS;
use crate::state::Calcala;

/// A Calcala variant: how many players, and the setup the start position
/// was laid out by. Two bytes, carried by every position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CalcalaVariant {
    players: u8,
    setup: Setup,
}

impl CalcalaVariant {
    /// The variant for `players` (2 to 4) and `setup`, or why there is none.
    pub fn of(players: usize, setup: Setup) -> Result<CalcalaVariant, ParamError> {
        if !(2..=4).contains(&players) {
            return Err(ParamError::new(
                "players",
                &players.to_string(),
                "2 to 4 players",
            ));
        }
        Ok(CalcalaVariant {
            players: players as u8,
            setup,
        })
    }

    /// The starting layout.
    pub fn setup(&self) -> Setup {
        self.setup
    }
}

impl Variant for CalcalaVariant {
    type State = Calcala;

    const NAME: &'static str = "calcala";
    const DESCRIPTION: &'static str =
        "6x6 capture mancala for 2-4 players: sow in 8 directions, relay, capture";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str = include_str!("../RULES.txt");

    fn new(params: &Params) -> Result<Self, ParamError> {
        let name = params.text("setup")?;
        let setup = Setup::from_name(name)
            .ok_or_else(|| ParamError::new("setup", name, Setup::NAMES.join(", ")))?;
        CalcalaVariant::of(params.int("players")? as usize, setup)
    }

    /// The setup's stones, no captures, player 1 to move.
    fn start(&self) -> Calcala {
        let board = std::array::from_fn(|i| self.setup.stones(Pit::from_index(i)));
        Calcala::from_parts(board, [0; 4], *self, 0)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// `pit × 8 + direction` (see [`Actions`](tabula_core::Actions)).
    fn action_count(&self) -> usize {
        ACTIONS
    }

    /// The pits, each seat's captures and the seat to move (see the
    /// `observation` module).
    fn observation_shape(&self) -> Vec<usize> {
        vec![PITS + 2 * self.players()]
    }
}

/// The starting layouts of the `setup` parameter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Setup {
    /// 2 stones in every pit.
    Standard,
    /// 1 stone in every pit.
    Short,
    /// 3 stones in every pit.
    Long,
    /// 3 stones in every other pit (column + row index even: A1, C1, …, B2, …).
    DoubleDutch,
    /// 2 stones in every other pit.
    HalfDutch,
}

impl Setup {
    const NAMES: &'static [&'static str] =
        &["standard", "short", "long", "double-dutch", "half-dutch"];

    /// The setup with this parameter value.
    pub fn from_name(name: &str) -> Option<Setup> {
        let all = [
            Setup::Standard,
            Setup::Short,
            Setup::Long,
            Setup::DoubleDutch,
            Setup::HalfDutch,
        ];
        let index = Self::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))?;
        Some(all[index])
    }

    /// The stones this setup puts in `pit`.
    pub fn stones(self, pit: Pit) -> u8 {
        let every_other = (pit.col() + pit.row()) & 1 == 0;
        match self {
            Setup::Standard => 2,
            Setup::Short => 1,
            Setup::Long => 3,
            Setup::DoubleDutch => 3 * u8::from(every_other),
            Setup::HalfDutch => 2 * u8::from(every_other),
        }
    }

    /// The stones this setup puts on the board.
    pub fn total(self) -> u32 {
        Pit::all().map(|pit| u32::from(self.stones(pit))).sum()
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "players",
        kind: ParamKind::Int { min: 2, max: 4 },
        default: "2",
        help: "number of players, seated 1..P in turn order",
    },
    ParamSpec {
        name: "setup",
        kind: ParamKind::Choice(Setup::NAMES),
        default: "standard",
        help: "starting stones: standard 2 per pit, short 1, long 3, \
               double-dutch 3 / half-dutch 2 in every other pit",
    },
];

/// The parameter sets the workspace's conformance, property and soak tests
/// play. Random games end within 165 plies on every set (20,000 games
/// each), so 2,000 plies is a generous bound.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("calcala", 150),
        Case::new("calcala(setup=short)", 100),
        Case::new("calcala(setup=long)", 100),
        Case::new("calcala(setup=double-dutch)", 100),
        Case::new("calcala(players=3,setup=half-dutch)", 100),
        Case::new("calcala(players=3,setup=long)", 100),
        Case::new("calcala(players=4)", 100),
        Case::new("calcala(players=4,setup=double-dutch)", 100),
        Case::new("calcala(players=4,setup=half-dutch)", 150),
    ],
    case_sensitive_moves: false,
    max_plies: 2000,
};
