//! Moves as text (`C` for South's third pit, `c` for North's) and as
//! action numbers; the position text, `SOUTH/NORTH STORES SIDE`, e.g.
//! `4,4,4,4,4,4/4,4,4,4,4,4 0,0 S`, both `tabula_sowing`'s.

use tabula_core::{Actions, MoveError, Notation, PositionError, Variant};

use crate::state::{Kalah, Pit};
use crate::variant::KalahVariant;

impl Notation for Kalah {
    fn parse_move(&self, text: &str) -> Result<Pit, MoveError> {
        tabula_sowing::parse_move(self, text).map(|pit| Pit(pit as u8))
    }

    fn format_move(&self, mv: Pit) -> String {
        tabula_sowing::format_move(self, usize::from(mv.0))
    }

    /// South's pits from South's left, North's from North's left (each as
    /// comma-separated counts, the order they are sown in), the stores
    /// South then North, and the side to move, `S` or `N`.
    fn position(&self) -> String {
        tabula_sowing::format_position(self)
    }

    fn read_position(variant: &KalahVariant, text: &str) -> Result<Kalah, PositionError> {
        tabula_sowing::parse_position(&variant.start(), text)
    }
}

/// A move's action is its pit from the mover's left, `0..pits`: the same
/// numbers for both sides (a policy learned from one seat serves the other).
impl Actions for Kalah {
    fn action(&self, mv: Pit) -> usize {
        usize::from(mv.0)
    }

    fn action_move(&self, action: usize) -> Option<Pit> {
        (action < self.pits()).then_some(Pit(action as u8))
    }
}
