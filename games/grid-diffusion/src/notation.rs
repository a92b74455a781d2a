//! Moves as text — `d4` (drop), `d4-e5` (relocate), `d4:h6-g6` (attack;
//! `d4:h6->g6` is read too) and `pass` — and as action numbers.

use tabula_core::MoveError;

use crate::geometry::{Cell, Geometry, DIRECTIONS, EAST};
use crate::state::Move;

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
pub(crate) fn action_count(geo: &Geometry) -> usize {
    let n = geo.cells();
    5 * n * n + n + 1
}

pub(crate) fn action(geo: &Geometry, mv: Move) -> usize {
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

pub(crate) fn action_move(geo: &Geometry, action: usize) -> Option<Move> {
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
