//! The board picture: the pile as rows of stones on a grid, the stones the
//! last move took ringed, a row of buttons for the moves (one click target
//! each, named by the move's text, which is how the web page enters
//! moves), the last move named, and whose turn it is or the result.

use tabula_core::draw::picture::{self, colour};
use tabula_core::draw::{Caption, Grid};
use tabula_core::{Picture, View};

use crate::state::Takeaway;

/// Stones drawn in one row of the pile.
const PER_ROW: u32 = 20;
/// The distance between stones.
const PITCH: f64 = 26.0;
/// The top left corner of the pile.
const CORNER: (f64, f64) = (20.0, 44.0);
/// The height of the row of move buttons.
const BUTTONS: f64 = 40.0;

impl Picture for Takeaway {
    fn svg(&self, view: &View<'_, Takeaway>) -> String {
        let taken = view.last.map_or(0, |(_, taken)| taken);
        let stones = self.left + taken;
        let rows = stones.div_ceil(PER_ROW).max(1);
        let pile = Grid::new(PER_ROW as usize, rows as usize)
            .rank_one_at_top()
            .picture(PITCH, CORNER);
        let title = format!(
            "Take-away: {} stones left, take 1 to {}",
            self.left, self.variant.take
        );
        let bottom = CORNER.1 + pile.height();
        let mut svg = picture::titled(
            2.0 * CORNER.0 + pile.width(),
            bottom + BUTTONS + 70.0,
            &title,
        );
        for stone in 0..stones {
            let at = pile.centre((stone % PER_ROW) as usize, (stone / PER_ROW) as usize);
            if stone < self.left {
                picture::stone(&mut svg, at, PITCH * 0.38, colour::DARK_PIECE, "");
            } else {
                // Taken by the last move: an empty ring.
                svg.circle(at.0, at.1, PITCH * 0.38, &picture::last_move_ring());
            }
        }
        // A button per legal move, the number of stones it takes.
        let y = bottom + BUTTONS / 2.0;
        let at = |stones: u32| (CORNER.0 + PITCH * (f64::from(stones) - 0.5), y);
        for stones in 1..=self.most() {
            picture::pit(&mut svg, at(stones), PITCH * 0.45, &stones.to_string(), "");
        }
        let mut caption = Caption::new(false);
        caption.last_move(view, "").status(self, None);
        caption.draw(&mut svg, bottom + BUTTONS + 30.0);
        for stones in 1..=self.most() {
            let label = format!("pit {stones}, take {}", picture::counted(stones, "stone"));
            picture::target(
                &mut svg,
                at(stones),
                PITCH * 0.45,
                &stones.to_string(),
                &label,
            );
        }
        svg.finish()
    }
}
