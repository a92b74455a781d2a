//! The variant: the parameters (the board's size, the line that wins), the
//! facts the same in every position of it, the start position; and the
//! parameter sets the tests play.

use tabula::plan::{Case, Plan};
use tabula::{ParamError, ParamKind, ParamSpec, Params, Seat, Variant};

use crate::observation;
use crate::state::TicTacToe;

/// A variant: the board is `size` × `size`, `line` in a row wins. Every
/// position carries it, so it is two bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToeVariant {
    size: u8,
    line: u8,
}

impl TicTacToeVariant {
    /// Cells per side.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// Marks in a row that win.
    pub fn line(&self) -> usize {
        usize::from(self.line)
    }
}

const PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "size",
        kind: ParamKind::Int { min: 3, max: 5 },
        default: "3",
        help: "the board is size x size",
    },
    ParamSpec {
        name: "line",
        kind: ParamKind::Int { min: 3, max: 5 },
        default: "3",
        help: "marks in a row needed to win (at most size)",
    },
];

impl Variant for TicTacToeVariant {
    type State = TicTacToe;

    const NAME: &'static str = "tictactoe";
    const DESCRIPTION: &'static str =
        "tic-tac-toe on an n x n board, k in a row wins (the worked example)";
    const PARAMS: &'static [ParamSpec] = PARAMS;
    const RULES: &'static str =
        "Tic-tac-toe. X (seat 1) and O (seat 2) take turns marking an empty \
         cell; the first with `line` marks in a row, column or diagonal wins. A full \
         board without such a line is a draw.\n\
         Moves: a cell, file letter then row number, `a1` top left.\n\
         Position: the rows top to bottom, `.` empty, `x`, `o`, separated by `/`, \
         a space and the side to move (`x` or `o`): `.../.x./... o`.";

    fn new(params: &Params) -> Result<Self, ParamError> {
        let (size, line) = (params.int("size")?, params.int("line")?);
        if line > size {
            return Err(ParamError::new(
                "line",
                &line.to_string(),
                format!("at most the size, {size}"),
            ));
        }
        Ok(TicTacToeVariant {
            size: size as u8,
            line: line as u8,
        })
    }

    /// The empty board, X to move.
    fn start(&self) -> TicTacToe {
        TicTacToe::empty(*self)
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["X", "O"][seat.min(1)].to_string()
    }

    /// A move's action number is its cell's index, row by row.
    fn action_count(&self) -> usize {
        self.size() * self.size()
    }

    fn observation_shape(&self) -> Vec<usize> {
        observation::shape(self.size())
    }

    /// Every move fills a cell.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.size() * self.size())
    }
}

/// The parameter sets tests play: what the conformance suite here, and any
/// program that lists games with their plans (the Python bindings), read.
pub const TEST_PLAN: Plan = Plan {
    cases: &[
        Case::new("tictactoe", 1000),
        Case::new("tictactoe(size=4,line=3)", 200),
        Case::new("tictactoe(size=5,line=4)", 200),
    ],
    case_sensitive_moves: false,
    max_plies: 30,
};
