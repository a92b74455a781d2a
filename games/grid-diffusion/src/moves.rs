//! Moves and their notation: `d4` (drop), `d4-e5` (relocate),
//! `d4:h6-g6` (attack; `d4:h6->g6` is read too) and `pass`.

use tabula::MoveError;

use crate::geometry::Geometry;

/// A cell of the board, by index (rank × files + file, `a1` = 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell(pub(crate) u16);

impl Cell {
    /// The cell's index: rank × files + file, counting from `a1` = 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn at(index: usize) -> Cell {
        Cell(index as u16)
    }
}

/// One turn of grid Diffusion.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Stage 1: put a new stone on an empty cell.
    Drop(Cell),
    /// Stage 2: move a live stone of one's own to an empty cell.
    Relocate { from: Cell, to: Cell },
    /// Stage 2: move a live stone of one's own onto an opponent stone at
    /// `target`, which goes to `to`, an empty cell (or the attacker's
    /// vacated cell) orthogonally adjacent to `target`.
    Attack { from: Cell, target: Cell, to: Cell },
    /// Stage 2: do nothing (never the third pass in a row).
    Pass,
}

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
