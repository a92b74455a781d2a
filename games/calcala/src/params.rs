//! The variant parameters, the start positions they give, and the
//! parameter sets the shared tests play.

use tabula_core::plan::{Case, Plan};
use tabula_core::{ParamError, ParamKind, ParamSpec, Params};

use crate::geometry::Pit;
use crate::state::Calcala;

/// The starting layouts of the `setup` parameter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

pub(crate) const PARAMS: &[ParamSpec] = &[
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

impl Calcala {
    /// The start position of `setup` for `players` (2–4) players.
    pub fn start(players: usize, setup: Setup) -> Calcala {
        let board = std::array::from_fn(|i| setup.stones(Pit::from_index(i)));
        Calcala::from_parts(board, [0; 4], players, 0)
    }
}

/// The start position for `params`.
pub(crate) fn start(params: &Params) -> Result<Calcala, ParamError> {
    let players = params.int("players")?;
    if !(2..=4).contains(&players) {
        return Err(ParamError::new(
            "players",
            &players.to_string(),
            "2 to 4 players",
        ));
    }
    let name = params.text("setup")?;
    let setup = Setup::from_name(name)
        .ok_or_else(|| ParamError::new("setup", name, Setup::NAMES.join(", ")))?;
    Ok(Calcala::start(players as usize, setup))
}

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
