//! Kalah's numbering for the margin solver ([`tabula_solve::margin`]).
//!
//! A position's layer is its seeds on the board; within a layer, its index
//! is the rank of the board as the mover sees it (its own pits from its
//! left, then the opponent's from theirs) among all boards of that many
//! seeds. The rules are the same for both sides, so a position with North
//! to move shares its index, and its value, with its mirror image with
//! South to move. The stores are not indexed: the solver's entries are
//! gains from here on, which the stores do not change.
//!
//! Within a layer Kalah is acyclic, as the solver needs: a move that keeps
//! every seed on the board never reaches the mover's store (so it earns no
//! extra move and captures nothing), so its seeds stay on the mover's own
//! row, each moved toward the store. The sum over all seeds of their
//! distances to their row's store therefore drops with every such move.

use std::sync::OnceLock;

use tabula_core::Game;
use tabula_solve::margin::{Compositions, Scored};

use crate::state::{Kalah, MAX_PITS};

/// Counts of boards of up to `2 × MAX_PITS` pits and 255 seeds, shared.
fn compositions() -> &'static Compositions {
    static TABLE: OnceLock<Compositions> = OnceLock::new();
    TABLE.get_or_init(|| Compositions::new(2 * MAX_PITS, 255))
}

impl Kalah {
    /// The board as the mover sees it: its pits, then the opponent's.
    fn mover_board(&self) -> Vec<u8> {
        let me = self.to_move();
        [self.side(me), self.side(1 - me)].concat()
    }
}

impl Scored for Kalah {
    /// The pits and the capture rule: a table of more seeds answers every
    /// position of fewer, so the seeds are not part of it.
    fn margin_variant(&self) -> String {
        let capture = if self.variant().empty_capture() {
            "on"
        } else {
            "off"
        };
        format!("pits={},empty_capture={capture}", self.pits())
    }

    /// Every seed of the position, stores included: at the start, all the
    /// variant's seeds.
    fn max_seeds(&self) -> u32 {
        self.seeds_on_board() + self.stores().iter().map(|&s| u32::from(s)).sum::<u32>()
    }

    fn seeds_on_board(&self) -> u32 {
        Kalah::seeds_on_board(self)
    }

    fn layer_size(&self, seeds: u32) -> u64 {
        compositions().count(2 * self.pits(), seeds as usize)
    }

    fn index_in_layer(&self) -> u64 {
        compositions().rank(&self.mover_board())
    }

    fn position_in_layer(&self, seeds: u32, index: u64) -> Option<Kalah> {
        if seeds == 0 || seeds > 255 || index >= self.layer_size(seeds) {
            return None;
        }
        let mut board = vec![0; 2 * self.pits()];
        compositions().unrank(index, seeds as usize, &mut board);
        // One side empty: the game would have ended (`with_board` refuses).
        self.with_board(&board, [0, 0], 0).ok()
    }

    fn score_margin(&self) -> i32 {
        self.margin()
    }
}
