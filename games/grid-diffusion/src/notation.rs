//! Moves as text — `d4` (drop), `d4-e5` (relocate), `d4:h6-g6` (attack;
//! `d4:h6->g6` is read too) and `pass` — and as action numbers; the
//! position text, `RANKS SIDE B,W PASSES`, ranks from the top down.

use tabula_core::notation::{parse_count, row_cells, split_fields, split_rows};
use tabula_core::{Actions, MoveError, Notation, PositionError};

use crate::bits::Bits;
use crate::geometry::{Cell, Geometry, DIRECTIONS, EAST};
use crate::state::{GridDiffusion, Move, BLACK, WHITE};
use crate::variant::GridDiffusionVariant;

const EXPECTED: &str = "a cell (`d4`), a relocation (`d4-e5`), an attack (`d4:h6-g6`) or `pass`";

/// The canonical text of `mv`.
pub(crate) fn format(geo: &Geometry, mv: Move) -> String {
    let name = |c: Cell| geo.cell_name(c.index());
    match mv {
        Move::Drop(cell) => name(cell),
        Move::Relocate { from, to } => format!("{}-{}", name(from), name(to)),
        Move::Attack { from, target, to } => {
            format!("{}:{}-{}", name(from), name(target), name(to))
        }
        Move::Pass => "pass".to_string(),
    }
}

/// Reads a move's text; checks only that it is well formed for this board.
pub(crate) fn parse(geo: &Geometry, text: &str) -> Result<Move, MoveError> {
    let lower = text.trim().to_ascii_lowercase();
    let cell = |part: &str| {
        geo.parse_cell(part).map(Cell::at).ok_or_else(|| {
            MoveError::syntax(
                text,
                format!(
                    "{EXPECTED}; `{part}` is not a cell of this {}x{} board",
                    geo.rows(),
                    geo.cols()
                ),
            )
        })
    };
    if lower == "pass" {
        return Ok(Move::Pass);
    }
    if lower.is_empty() {
        return Err(MoveError::syntax(text, EXPECTED));
    }
    if let Some((from, rest)) = lower.split_once(':') {
        let (target, to) = rest
            .split_once("->")
            .or_else(|| rest.split_once('-'))
            .ok_or_else(|| MoveError::syntax(text, EXPECTED))?;
        return Ok(Move::Attack {
            from: cell(from)?,
            target: cell(target)?,
            to: cell(to)?,
        });
    }
    if let Some((from, to)) = lower.split_once('-') {
        return Ok(Move::Relocate {
            from: cell(from)?,
            to: cell(to)?,
        });
    }
    Ok(Move::Drop(cell(&lower)?))
}

impl Notation for GridDiffusion {
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse(&self.variant.geo, text)
    }

    fn format_move(&self, mv: Move) -> String {
        format(&self.variant.geo, mv)
    }

    /// The position text (see the rules text).
    fn position(&self) -> String {
        let cols = self.variant.geo.cols();
        let ranks: Vec<String> = (0..self.variant.geo.rows())
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
    fn read_position(
        variant: &GridDiffusionVariant,
        text: &str,
    ) -> Result<GridDiffusion, PositionError> {
        let bad = |reason: String| PositionError::new(text, reason);
        let (rows, cols) = (variant.geo.rows(), variant.geo.cols());
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
        let (n, k) = (variant.per_player, variant.handicap);
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
            let expected = GridDiffusion::drop_turn(to_drop, n, k);
            if to_move != expected {
                return Err(bad(format!(
                    "in the drop stage it is {}'s turn here",
                    if expected == BLACK { "Black" } else { "White" }
                )));
            }
        }
        Ok(GridDiffusion::from_parts(
            *variant, stones, to_drop, to_move, passes,
        ))
    }
}

/// The action numbers of a board of N cells, in blocks:
/// - `0..N`: drops, by cell index;
/// - `N..N + N²`: relocations, `N + from × N + to`;
/// - `N + N²..N + 5N²`: attacks, `N + N² + (from × N + target) × 4 + d`,
///   where the displaced stone goes one step from the target in direction
///   `d` (east, west, north, south);
/// - `N + 5N²`: pass.
///
/// So `5N² + N + 1` actions in all: 20,545 on 8x8, 651,967 on 19x19. An
/// attack that does not put the displaced stone next to its target is no
/// move of any position; it gets the number of the same attack displacing
/// east (so `action` never fails on a parsed move).
impl Actions for GridDiffusion {
    #[inline(always)]
    fn action(&self, mv: Move) -> usize {
        let geo = &self.variant.geo;
        let n = geo.cells();
        match mv {
            Move::Drop(cell) => cell.index(),
            Move::Relocate { from, to } => n + from.index() * n + to.index(),
            Move::Attack { from, target, to } => {
                let dir = geo.direction(target.index(), to.index()).unwrap_or(EAST);
                n + n * n + (from.index() * n + target.index()) * 4 + dir
            }
            Move::Pass => n + 5 * n * n,
        }
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        let geo = &self.variant.geo;
        let n = geo.cells();
        let relocations = n + n * n;
        let attacks = n + 5 * n * n;
        if action < n {
            Some(Move::Drop(Cell::at(action)))
        } else if action < relocations {
            let (from, to) = ((action - n) / n, (action - n) % n);
            (from != to).then(|| Move::Relocate {
                from: Cell::at(from),
                to: Cell::at(to),
            })
        } else if action < attacks {
            let (pair, dir) = (
                (action - relocations) / 4,
                DIRECTIONS[(action - relocations) % 4],
            );
            let (from, target) = (pair / n, pair % n);
            let to = geo.neighbour_on_board(target, dir)?;
            (from != target).then(|| Move::Attack {
                from: Cell::at(from),
                target: Cell::at(target),
                to: Cell::at(to),
            })
        } else {
            (action == attacks).then_some(Move::Pass)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_accepts_the_seed_arrow() {
        let g = Geometry::new(8, 8);
        for text in ["d4", "d4-e5", "d4:h6-g6", "pass"] {
            let mv = parse(&g, text).unwrap();
            assert_eq!(format(&g, mv), text);
        }
        assert_eq!(parse(&g, " D4:H6->G6 "), parse(&g, "d4:h6-g6"));
        for junk in [
            "",
            "i1",
            "a9",
            "d4-",
            "d4:h6",
            "d4:h6-g6-f6",
            "1-2-3-4-5",
            "pass-pass",
            "é",
            "d4 e5",
        ] {
            assert!(parse(&g, junk).is_err(), "{junk}");
        }
    }
}
