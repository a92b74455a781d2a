//! Tic-tac-toe on an n×n board with k in a row to win — the worked example
//! of adding a game to Tabula (see `docs/adding-a-game.md`).
//!
//! Everything a game needs is in this one file: the state, the rules, the
//! move and position notations, a board drawing (as text and as a picture)
//! and an evaluation for MCTS playout cut-offs. The catalog
//! (`tabula-games`) lists it beside the other shipped games; the example's
//! `main.rs` adds an agent kind of its own ([`Opportunist`], the worked
//! example of adding an agent; see `docs/adding-an-agent.md`).

mod opportunist;
pub use opportunist::Opportunist;

use tabula::draw::picture::{self, colour};
use tabula::draw::text::{Glyph, Mark};
use tabula::draw::{Caption, Grid};
use tabula::plan::{Plan, Variant};
use tabula::{
    notation, Game, MoveError, Outcome, ParamError, ParamKind, ParamSpec, Params, PositionError,
    Seat, Style, View,
};

/// A position: one bit set of cells per player (X is seat 0, O seat 1);
/// the largest board, 5×5, fits a `u32`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    marks: [u32; 2],
    size: u8,
    line: u8,
    to_move: u8,
    /// The outcome of these marks, kept up to date by `play` (as OpenSpiel's
    /// tic-tac-toe does): only the mover can have made a line, and
    /// `outcome`, asked by every `legal_moves` and checked move, reads it.
    outcome: Option<Outcome>,
}

/// A cell, numbered row by row from the top left: `a1` is the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

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

/// The parameter sets tests play: what the conformance suite here, and any
/// program that lists games with their plans (the Python bindings), read.
pub const TEST_PLAN: Plan = Plan {
    variants: &[
        Variant::new("tictactoe", 1000),
        Variant::new("tictactoe(size=4,line=3)", 200),
        Variant::new("tictactoe(size=5,line=4)", 200),
    ],
    case_sensitive_moves: false,
    max_plies: 30,
};

impl TicTacToe {
    fn cells(&self) -> usize {
        self.size as usize * self.size as usize
    }

    fn occupied(&self) -> u32 {
        self.marks[0] | self.marks[1]
    }

    fn full(&self) -> u32 {
        (1 << self.cells()) - 1
    }

    /// Whether `seat` has `line` marks in a row, column or diagonal. Cell
    /// `r·n + c` is bit `r·n + c`, so a step along a line is a shift: for
    /// each direction, the marks that start a line are the starts (cells
    /// with room for the line, so no shift wraps past an edge) whose next
    /// `line − 1` cells along it are marked too. Checked after every move,
    /// so it is kept to a few bit operations.
    fn has_line(&self, seat: Seat) -> bool {
        let (n, k) = (u32::from(self.size), u32::from(self.line));
        let marks = self.marks[seat];
        if marks.count_ones() < k {
            return false;
        }
        // Starts with room to the right (or to the left), in every row.
        let (mut right, mut left) = (0u32, 0u32);
        for r in 0..n {
            right |= ((1 << (n - k + 1)) - 1) << (r * n);
            left |= ((1 << (n - k + 1)) - 1) << (r * n + k - 1);
        }
        // Starts with room upwards: the lowest n − k + 1 rows.
        let low = (1u32 << ((n - k + 1) * n)) - 1;
        [
            (1, right),
            (n, low),
            (n + 1, right & low),
            (n - 1, left & low),
        ]
        .into_iter()
        .any(|(step, starts)| {
            (1..k).fold(marks & starts, |line, i| line & (marks >> (i * step))) != 0
        })
    }

    /// The empty cells, lowest first, while the game runs (none once it
    /// is over): the legal moves, one step per move, not per cell.
    fn empty_cells(&self) -> impl Iterator<Item = u8> {
        let mut empty = match self.outcome {
            None => self.full() & !self.occupied(),
            Some(_) => 0,
        };
        std::iter::from_fn(move || {
            let cell = (empty != 0).then(|| empty.trailing_zeros() as u8);
            empty &= empty.wrapping_sub(1);
            cell
        })
    }

    /// The outcome of the marks on the board, from scratch: for a position
    /// read from text (`play` only checks the mover).
    fn judge(&self) -> Option<Outcome> {
        match (self.has_line(0), self.has_line(1)) {
            (true, _) => Some(Outcome::win(0)),
            (_, true) => Some(Outcome::win(1)),
            _ if self.occupied() == self.full() => Some(Outcome::draw(2)),
            _ => None,
        }
    }

    fn cell_name(&self, cell: Cell) -> String {
        let n = self.size as usize;
        notation::cell_name(cell.0 as usize % n, cell.0 as usize / n + 1, false)
    }
}

impl Game for TicTacToe {
    type Move = Cell;
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
        Ok(TicTacToe {
            marks: [0; 2],
            size: size as u8,
            line: line as u8,
            to_move: 0,
            outcome: None,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["X", "O"][seat.min(1)].to_string()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        moves.extend(self.empty_cells().map(Cell));
    }

    /// The cells' numbers are the actions: no list of moves needed.
    fn legal_actions(&self, actions: &mut Vec<usize>) {
        actions.clear();
        actions.extend(self.empty_cells().map(usize::from));
    }

    /// Without listing the moves (the default does): every checked move
    /// (`try_play`, the Python bindings' `apply_action`) asks.
    fn is_legal(&self, mv: Cell) -> bool {
        usize::from(mv.0) < self.cells()
            && self.occupied() & (1 << mv.0) == 0
            && self.outcome.is_none()
    }

    /// A legal move is played in a running game, so the opponent has no
    /// line: the mover's new line or a full board ends it.
    fn play(&mut self, mv: Cell) {
        let seat = self.to_move as Seat;
        self.marks[seat] |= 1 << mv.0;
        self.to_move ^= 1;
        self.outcome = if self.has_line(seat) {
            Some(Outcome::win(seat))
        } else if self.occupied() == self.full() {
            Some(Outcome::draw(2))
        } else {
            None
        };
    }

    /// The marks and the side to move are the whole state (the size and
    /// line are the variant, the same for every state of a game).
    fn key(&self) -> u64 {
        tabula::key::of(&[
            u64::from(self.marks[0]),
            u64::from(self.marks[1]),
            u64::from(self.to_move),
        ])
    }

    /// Every move fills a cell.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.cells())
    }

    /// A move's action number is its cell's index, row by row.
    fn action_count(&self) -> usize {
        self.cells()
    }

    fn action(&self, mv: Cell) -> usize {
        mv.0 as usize
    }

    fn action_move(&self, action: usize) -> Option<Cell> {
        (action < self.cells()).then_some(Cell(action as u8))
    }

    /// Three planes over the board, from the observing seat's side: its
    /// own marks, the opponent's, the empty cells (`[3, size, size]`).
    /// Seat-relative, so one network plays both X and O; whose turn it is
    /// follows from the counts of marks.
    fn observation_shape(&self) -> Vec<usize> {
        let n = self.size as usize;
        vec![3, n, n]
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let empty = self.full() & !self.occupied();
        let planes = [self.marks[seat], self.marks[1 - seat], empty];
        for (plane, bits) in out.chunks_mut(self.cells()).zip(planes) {
            for (cell, value) in plane.iter_mut().enumerate() {
                *value = f32::from(u8::from(bits & (1 << cell) != 0));
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let n = self.size as usize;
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
        let n = self.size as usize;
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

    fn parse_position(&self, text: &str) -> Result<Self, PositionError> {
        let n = self.size as usize;
        let error = |reason: &str| PositionError::new(text, reason);
        let [board, side] = notation::split_fields(text, "`ROWS SIDE`")?;
        let to_move = match side {
            "x" | "X" => 0,
            "o" | "O" => 1,
            _ => return Err(error("the side to move is x or o")),
        };
        let mut state = TicTacToe {
            marks: [0; 2],
            to_move,
            ..self.clone()
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

    /// A cut-off playout (on big boards) counts open lines: not needed for
    /// 3×3, shown here because it is the hook most games want.
    fn evaluate(&self) -> Option<tabula::Scores> {
        let mut scores = tabula::even_scores(2);
        let lead = self.marks[0].count_ones() as f32 - self.marks[1].count_ones() as f32;
        scores[0] = (0.5 + 0.1 * lead).clamp(0.0, 1.0);
        scores[1] = 1.0 - scores[0];
        Some(scores)
    }

    fn render(&self, view: &View<'_, Self>) -> String {
        let n = self.size as usize;
        let last = view.last.map(|(_, mv)| mv);
        // Rank 1 on top, as the cells are named; the last move bracketed.
        let grid = Grid::new(n, n).rank_one_at_top();
        let board = grid.text(1, view.color, |file, rank| {
            let cell = Cell((rank * n + file) as u8);
            let glyph = match (self.marks[0] >> cell.0 & 1, self.marks[1] >> cell.0 & 1) {
                (1, _) => Glyph::new("X").style(Style::Bold),
                (_, 1) => Glyph::new("O").style(Style::BrightRed),
                _ => Glyph::new("."),
            };
            if last == Some(cell) {
                glyph.mark(Mark::Bracket)
            } else {
                glyph
            }
        });
        // The lines every Tabula board ends with.
        let mut caption = Caption::new(view.color);
        caption.last_move(view, "").status(self, None);
        caption.under(&board)
    }

    /// The same board as a picture: the grid with its coordinates, X as
    /// dark and O as light stones, the last move ringed, and the caption.
    fn svg(&self, view: &View<'_, Self>) -> Option<String> {
        const CELL: f64 = 48.0;
        const CORNER: (f64, f64) = (44.0, 70.0);
        let n = self.size as usize;
        let board = Grid::new(n, n).rank_one_at_top().picture(CELL, CORNER);
        let centre = |cell: u8| board.centre(cell as usize % n, cell as usize / n);
        let height = CORNER.1 + board.height() + 110.0;
        let mut svg = picture::titled(
            CORNER.0 * 2.0 + board.width() + 200.0,
            height,
            "Tic-tac-toe",
        );
        board.surface(&mut svg, 0.0, 0.0);
        board.lines(&mut svg);
        for (seat, fill) in [(0, colour::DARK_PIECE), (1, colour::LIGHT_PIECE)] {
            for cell in (0..n * n).filter(|&c| self.marks[seat] >> c & 1 == 1) {
                picture::stone(&mut svg, centre(cell as u8), CELL * 0.38, fill, "");
            }
        }
        if let Some((_, Cell(cell))) = view.last {
            picture::ring_square(&mut svg, centre(cell), CELL);
        }
        board.frame(&mut svg, 0.0);
        let mut caption = Caption::new(false);
        caption.line("● X (seat 1) ○ O (seat 2)");
        caption.last_move(view, "").status(self, None);
        caption.draw(&mut svg, CORNER.1 + board.height() + 48.0);
        // Click targets for the web page, named as moves are.
        for cell in 0..n * n {
            let name = self.cell_name(Cell(cell as u8));
            let mark = match (0..2).find(|&seat| self.marks[seat] >> cell & 1 == 1) {
                Some(0) => "X",
                Some(_) => "O",
                None => "empty",
            };
            let label = format!("cell {name}, {mark}");
            picture::target(&mut svg, centre(cell as u8), CELL * 0.45, &name, &label);
        }
        Some(svg.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(size: &str, line: &str) -> TicTacToe {
        TicTacToe::from_spec(&format!("tictactoe(size={size},line={line})")).unwrap()
    }

    #[test]
    fn the_board_brackets_the_last_move() {
        let mut before = game("3", "3");
        for cell in ["a1", "c1", "c3"] {
            before.play(before.parse_move(cell).unwrap());
        }
        let mv = before.parse_move("b2").unwrap();
        let mut after = before.clone();
        after.play(mv);
        let view = View {
            last: Some((&before, mv)),
            color: false,
        };
        let board = "    a b c\n 1  X . O  1\n 2  .[O].  2\n 3  . . X  3\n    a b c";
        assert_eq!(
            after.render(&view),
            format!("{board}\nLast move: O b2\nX to move")
        );
    }

    #[test]
    fn conformance() {
        use tabula_testkit::conformance::{check, Config};
        for variant in TEST_PLAN.variants {
            let start = TicTacToe::from_spec(variant.spec).unwrap();
            check(
                &start,
                &Config::for_variant(&TEST_PLAN, variant, variant.games),
            );
        }
    }

    #[test]
    fn lines_win_and_full_boards_draw() {
        let start = game("3", "3");
        let won = start.parse_position("xxx/oo./... o").unwrap();
        assert_eq!(won.outcome(), Some(Outcome::win(0)));
        let diagonal = start.parse_position("o.x/ox./x.. o").unwrap();
        assert_eq!(diagonal.outcome(), Some(Outcome::win(0)));
        let drawn = start.parse_position("xox/xoo/oxx o").unwrap();
        assert_eq!(drawn.outcome(), Some(Outcome::draw(2)));
        assert!(start.parse_position("xxx/... x").is_err());
        assert!(
            start.parse_position("xx./.../... o").is_err(),
            "X cannot be two marks ahead"
        );
    }

    /// The line test cell by cell, as the rules say it.
    fn has_line_by_cells(state: &TicTacToe, seat: Seat) -> bool {
        let (n, k) = (i32::from(state.size), i32::from(state.line));
        let mine = |r: i32, c: i32| {
            (0..n).contains(&r)
                && (0..n).contains(&c)
                && state.marks[seat] & (1 << (r * n + c)) != 0
        };
        (0..n).any(|r| {
            (0..n).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dr, dc)| (0..k).all(|i| mine(r + i * dr, c + i * dc)))
            })
        })
    }

    #[test]
    fn the_bit_line_test_agrees_with_the_rules_on_every_size() {
        for (size, line) in [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5)] {
            let mut state = game(&size.to_string(), &line.to_string());
            // Every set of marks up to 4x4; every 997th on 5x5.
            let step = if size == 5 { 997 } else { 1 };
            let mut lines = 0;
            for marks in (0..=state.full()).step_by(step) {
                state.marks = [marks, 0];
                let expected = has_line_by_cells(&state, 0);
                assert_eq!(
                    state.has_line(0),
                    expected,
                    "{size}x{size}, line {line}: {marks:b}"
                );
                lines += usize::from(expected);
            }
            assert!(
                lines > 0,
                "{size}x{size}, line {line}: no set with a line was tried"
            );
        }
    }

    #[test]
    fn mcts_against_itself_draws() {
        let mut state = game("3", "3");
        let mut players: Vec<tabula::mcts::Mcts<TicTacToe>> = (0..2)
            .map(|seed| {
                tabula::mcts::Mcts::new(tabula::mcts::MctsConfig {
                    iterations: Some(20_000),
                    seed,
                    ..Default::default()
                })
            })
            .collect();
        while state.outcome().is_none() {
            let mv = players[state.to_move()].search(&state).best;
            state.play(mv);
        }
        assert_eq!(
            state.outcome(),
            Some(Outcome::draw(2)),
            "{}",
            state.position()
        );
    }
}
