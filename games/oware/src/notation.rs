//! Moves as text (`C` for South's third house, `c` for North's) and as
//! action numbers; the position text, `SOUTH/NORTH CAPTURES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`. Both are `tabula_sowing`'s.

use tabula_core::{Actions, MoveError, Notation, PositionError, Variant};

use crate::state::{House, Oware};
use crate::variant::OwareVariant;

impl Notation for Oware {
    fn parse_move(&self, text: &str) -> Result<House, MoveError> {
        tabula_sowing::parse_move(self, text).map(|house| House(house as u8))
    }

    fn format_move(&self, mv: House) -> String {
        tabula_sowing::format_move(self, usize::from(mv.0))
    }

    /// South's houses from South's left, North's from North's left (each
    /// as comma-separated counts, the order they are sown in), the
    /// captures South then North, and the side to move, `S` or `N`. The
    /// repetition history is not part of it: a position read starts a
    /// history of its own.
    fn position(&self) -> String {
        tabula_sowing::format_position(self)
    }

    fn read_position(variant: &OwareVariant, text: &str) -> Result<Oware, PositionError> {
        tabula_sowing::parse_position(&variant.start(), text)
    }
}

/// A move's action is its house from the mover's left, `0..houses`: the
/// same numbers for both sides (a policy learned from one seat serves the
/// other), and OpenSpiel's `oware` actions exactly.
impl Actions for Oware {
    fn action(&self, mv: House) -> usize {
        usize::from(mv.0)
    }

    fn action_move(&self, action: usize) -> Option<House> {
        (action < self.houses()).then_some(House(action as u8))
    }
}
