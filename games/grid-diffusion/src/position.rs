//! The position text: `RANKS SIDE B,W PASSES`, ranks from the top down.

use tabula_core::notation::{parse_count, row_cells, split_fields, split_rows};
use tabula_core::PositionError;

use crate::bits::Bits;
use crate::state::{GridDiffusion, BLACK, WHITE};

impl GridDiffusion {
    /// The position text (see the rules text).
    pub(crate) fn position_text(&self) -> String {
        let cols = self.geo.cols();
        let ranks: Vec<String> = (0..self.geo.rows())
            .rev()
            .map(|rank| {
                (0..cols)
                    .map(|file| {
                        let cell = rank * cols + file;
                        if self.stones[BLACK].has(cell) {
                            'b'
                        } else if self.stones[WHITE].has(cell) {
                            'w'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        format!(
            "{} {} {},{} {}",
            ranks.join("/"),
            if self.to_move == BLACK { 'b' } else { 'w' },
            self.to_drop[BLACK],
            self.to_drop[WHITE],
            self.passes
        )
    }

    /// Reads a position for this game's parameters. The ko history of the
    /// result holds just that position.
    pub(crate) fn read_position(&self, text: &str) -> Result<GridDiffusion, PositionError> {
        let bad = |reason: String| PositionError::new(text, reason);
        let (rows, cols) = (self.geo.rows(), self.geo.cols());
        let [board, side, left, passes] =
            split_fields(text, "`RANKS SIDE B,W PASSES`, e.g. `.../.../... b 2,2 0`")?;
        let ranks = split_rows(text, board, rows, "ranks")?;
        let mut stones = [Bits::EMPTY; 2];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = rows - 1 - i;
            let name = format!("rank {}", rank + 1);
            for (file, ch) in row_cells(text, rank_text, cols, &name)?.enumerate() {
                let cell = rank * cols + file;
                match ch.to_ascii_lowercase() {
                    'b' => stones[BLACK].set(cell),
                    'w' => stones[WHITE].set(cell),
                    '.' => {}
                    other => return Err(bad(format!("{name}: `{other}` is not `.`, `b` or `w`"))),
                }
            }
        }
        let to_move = match side.to_ascii_lowercase().as_str() {
            "b" => BLACK,
            "w" => WHITE,
            _ => return Err(bad(format!("side to move `{side}` is not `b` or `w`"))),
        };
        let count = parse_count::<u16>;
        let to_drop = match left.split_once(',').map(|(b, w)| (count(b), count(w))) {
            Some((Some(b), Some(w))) => [b, w],
            _ => return Err(bad(format!("stones left to drop `{left}` is not `B,W`"))),
        };
        let passes: u8 = match passes {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            _ => return Err(bad(format!("passes `{passes}` is not 0, 1 or 2"))),
        };
        let (n, k) = (self.per_player, self.handicap);
        for (seat, name, total) in [(BLACK, "Black", n), (WHITE, "White", n - k)] {
            let on_board = stones[seat].count();
            if on_board + u32::from(to_drop[seat]) != u32::from(total) {
                return Err(bad(format!(
                    "{name} has {on_board} stones on the board and {} to drop, but this game gives {name} {total}",
                    to_drop[seat]
                )));
            }
        }
        if to_drop != [0, 0] {
            let dropped = [n - to_drop[BLACK], n - k - to_drop[WHITE]];
            let in_order = if to_drop[WHITE] > 0 {
                dropped[BLACK] == dropped[WHITE] || dropped[BLACK] == dropped[WHITE] + 1
            } else {
                dropped[BLACK] >= dropped[WHITE]
            };
            if !in_order {
                return Err(bad(format!(
                    "Black has dropped {} and White {}: drops alternate, Black first",
                    dropped[BLACK], dropped[WHITE]
                )));
            }
            if passes != 0 {
                return Err(bad("no one passes while stones are being dropped".into()));
            }
            let expected = Self::drop_turn(to_drop, n, k);
            if to_move != expected {
                return Err(bad(format!(
                    "in the drop stage it is {}'s turn here",
                    if expected == BLACK { "Black" } else { "White" }
                )));
            }
        }
        Ok(GridDiffusion::from_parts(
            self.geo,
            stones,
            to_drop,
            (n, k),
            to_move,
            passes,
        ))
    }
}
