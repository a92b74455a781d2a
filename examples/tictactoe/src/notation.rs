//! Moves as text (a cell, file letter then row number, `a1` top left) and
//! as action numbers; the position text, the rows top to bottom then the
//! side to move, e.g. `.../.x./... o`.

use tabula::{notation, Actions, MoveError, Notation, PositionError};

use crate::state::{Cell, TicTacToe};
use crate::variant::TicTacToeVariant;

impl TicTacToe {
    pub(crate) fn cell_name(&self, cell: Cell) -> String {
        let n = self.size();
        notation::cell_name(cell.0 as usize % n, cell.0 as usize / n + 1, false)
    }
}

impl Notation for TicTacToe {
    fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let n = self.size();
        let expected = || format!("a cell a1 to {}", notation::cell_name(n - 1, n, false));
        match notation::parse_cell(text.trim()) {
            Some((col, row)) if col < n && row <= n => Ok(Cell(((row - 1) * n + col) as u8)),
            _ => Err(MoveError::syntax(text, expected())),
        }
    }

    fn format_move(&self, mv: Cell) -> String {
        self.cell_name(mv)
    }

    fn position(&self) -> String {
        let n = self.size();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        match (
                            self.marks[0] >> (r * n + c) & 1,
                            self.marks[1] >> (r * n + c) & 1,
                        ) {
                            (1, _) => 'x',
                            (_, 1) => 'o',
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        format!("{} {}", rows.join("/"), ["x", "o"][self.to_move as usize])
    }

    /// The syntax first (the rows, the cells, the side), then whether a
    /// game reaches it: the counts of marks, at most one line.
    fn read_position(variant: &TicTacToeVariant, text: &str) -> Result<TicTacToe, PositionError> {
        let n = variant.size();
        let error = |reason: &str| PositionError::new(text, reason);
        let [board, side] = notation::split_fields(text, "`ROWS SIDE`")?;
        let to_move = match side {
            "x" | "X" => 0,
            "o" | "O" => 1,
            _ => return Err(error("the side to move is x or o")),
        };
        let mut state = TicTacToe {
            to_move,
            ..TicTacToe::empty(*variant)
        };
        for (r, row) in notation::split_rows(text, board, n, "rows")?
            .iter()
            .enumerate()
        {
            let cells = notation::row_cells(text, row, n, &format!("row {}", r + 1))?;
            for (c, ch) in cells.enumerate() {
                match ch.to_ascii_lowercase() {
                    'x' => state.marks[0] |= 1 << (r * n + c),
                    'o' => state.marks[1] |= 1 << (r * n + c),
                    '.' => {}
                    _ => return Err(error(&format!("`{ch}` is not `.`, `x` or `o`"))),
                }
            }
        }
        let (x, o) = (state.marks[0].count_ones(), state.marks[1].count_ones());
        if x != o + to_move as u32 {
            return Err(error(
                "X moves first, so X has as many marks as O, or one more when O is to move",
            ));
        }
        if state.has_line(0) && state.has_line(1) {
            return Err(error("both players cannot have a line"));
        }
        state.outcome = state.judge();
        Ok(state)
    }
}

/// A move's action number is its cell's index, row by row (`a1` = 0).
impl Actions for TicTacToe {
    fn action(&self, mv: Cell) -> usize {
        mv.0 as usize
    }

    fn action_move(&self, action: usize) -> Option<Cell> {
        (action < self.cells()).then_some(Cell(action as u8))
    }

    /// The cells' numbers are the actions: no list of moves needed.
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        actions.clear();
        actions.extend(self.empty_cells().map(usize::from));
    }
}
