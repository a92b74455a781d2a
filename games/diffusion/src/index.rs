//! Numbering Diffusion's positions, so that the framework's retrograde
//! solver ([`tabula_solve`]) can solve it.
//!
//! A position is its pits (0–5 stones each) and the side to move; stores
//! do not matter to play. Turning the board by 180° swaps the rows, the
//! columns, the blocks (in both block kinds) and the sowing orders of the
//! two rows, so a position with B to move plays exactly like its rotation
//! with A to move: the index of a position with B to move is that of its
//! rotation, and only positions with A to move are numbered. With the pits
//! read in order (`a`…, then `A`…) the rotation simply reverses them.
//!
//! Indices are grouped by the stones on the board (the layers: a move never
//! adds stones), and within a layer ranked in lexicographic order of the
//! pit counts: `6^(2·width)` indices in all (2,176,782,336 at width 6).
//! The only index no game reaches is the empty board.

use std::ops::Range;
use std::sync::OnceLock;

use tabula_core::Game;
use tabula_solve::Indexed;

use crate::{Blocks, Diffusion, Pit};

/// Stones a pit holds at most.
const MAX_STONES: usize = 5;
/// Ways a pit can be filled: 0..=5 stones.
const FILLS: usize = MAX_STONES + 1;

/// The counting tables of one width.
struct Ranking {
    /// Pits on the board (`2 · width`).
    pits: usize,
    /// `below[(i * (max + 1) + r) * FILLS + d]`: the ways to fill pits
    /// `i + 1..` when pit `i` holds fewer than `d` stones and pits `i..`
    /// hold `r` together. Summed over the pits, the rank in the layer.
    below: Vec<u64>,
    /// The first index of each layer (stones on the board), and the total
    /// at the end.
    offset: Vec<u64>,
    /// Each pit's five sowing targets, `None` for a store.
    sowing: Vec<[Option<u8>; 5]>,
}

static RANKINGS: [OnceLock<Ranking>; 5] = [const { OnceLock::new() }; 5];

impl Ranking {
    fn of(state: &Diffusion) -> &'static Ranking {
        RANKINGS[state.width() / 2 - 2].get_or_init(|| Ranking::new(state))
    }

    fn new(state: &Diffusion) -> Ranking {
        let pits = 2 * state.width();
        let max = MAX_STONES * pits;
        // ways[k][s]: fillings of k pits with s stones in all.
        let mut ways = vec![vec![0u64; max + 1]; pits + 1];
        ways[0][0] = 1;
        for k in 1..=pits {
            for s in 0..=max {
                ways[k][s] = (0..=MAX_STONES.min(s)).map(|d| ways[k - 1][s - d]).sum();
            }
        }
        let mut below = vec![0u64; pits * (max + 1) * FILLS];
        for i in 0..pits {
            let rest = pits - 1 - i;
            for r in 0..=max {
                let mut sum = 0;
                for d in 0..FILLS {
                    below[(i * (max + 1) + r) * FILLS + d] = sum;
                    if d <= r {
                        sum += ways[rest][r - d];
                    }
                }
            }
        }
        let mut offset = Vec::with_capacity(max + 2);
        let mut total = 0;
        for layer in ways[pits].iter() {
            offset.push(total);
            total += layer;
        }
        offset.push(total);
        let sowing = (0..pits)
            .map(|pit| {
                let mut targets = [None; 5];
                for (slot, target) in targets.iter_mut().zip(state.sowing_order(Pit(pit as u8))) {
                    *slot = target.map(|p| p.0);
                }
                targets
            })
            .collect();
        Ranking {
            pits,
            below,
            offset,
            sowing,
        }
    }

    /// The distance between two pits' rows of `below`.
    fn stride(&self) -> usize {
        (MAX_STONES * self.pits + 1) * FILLS
    }
}

impl Indexed for Diffusion {
    /// The stones per pit at the start do not matter: every `stones`
    /// setting of a width and block kind shares one table.
    fn table_variant(&self) -> String {
        let blocks = match self.blocks() {
            Blocks::Halves => "halves",
            Blocks::Rows => "rows",
        };
        format!("width={},blocks={blocks}", self.width())
    }

    fn index_count(&self) -> u64 {
        *Ranking::of(self).offset.last().expect("a total")
    }

    /// Layer `n` holds the positions with `n` stones on the board.
    fn layers(&self) -> Vec<Range<u64>> {
        Ranking::of(self)
            .offset
            .windows(2)
            .map(|w| w[0]..w[1])
            .collect()
    }

    fn layer(&self) -> usize {
        (0..2 * self.width())
            .map(|pit| self.stones(Pit(pit as u8)) as usize)
            .sum()
    }

    fn index(&self) -> u64 {
        // Pit counts are read with constant shifts: one copy per width.
        match 2 * self.width() {
            8 => index::<8>(self),
            12 => index::<12>(self),
            16 => index::<16>(self),
            20 => index::<20>(self),
            _ => index::<24>(self),
        }
    }

    fn position_at(&self, index: u64) -> Option<Self> {
        match 2 * self.width() {
            8 => position_at::<8>(self, index),
            12 => position_at::<12>(self, index),
            16 => position_at::<16>(self, index),
            20 => position_at::<20>(self, index),
            _ => position_at::<24>(self, index),
        }
    }

    /// Undoes each move that kept every stone on the board: pit `p` is empty
    /// and each of its first `c` targets holds a stone it sowed (no target
    /// was a store, none overflowed).
    fn unmoves(&self, out: &mut Vec<Self>) {
        let ranking = Ranking::of(self);
        let mover = 1 - self.to_move();
        for pit in 0..ranking.pits {
            if self.stones(Pit(pit as u8)) != 0 {
                continue;
            }
            let mut before = self.clone();
            before.set_to_move(mover);
            for (sown, target) in ranking.sowing[pit].iter().enumerate() {
                let Some(target) = *target else { break };
                let stones = before.stones(Pit(target));
                if stones == 0 {
                    break;
                }
                before.set_stones(Pit(target), stones - 1);
                before.set_stones(Pit(pit as u8), sown as u8 + 1);
                if before.outcome().is_none() {
                    out.push(before.clone());
                }
            }
        }
    }
}

/// [`Indexed::index`] for `P` pits.
fn index<const P: usize>(state: &Diffusion) -> u64 {
    let ranking = Ranking::of(state);
    // A's view: the pits as they are, or, with B to move, rotated (read
    // backwards).
    let mut counts = [0usize; P];
    if state.to_move() == 0 {
        for (i, count) in counts.iter_mut().enumerate() {
            *count = state.stones(Pit(i as u8)) as usize;
        }
    } else {
        for (i, count) in counts.iter_mut().enumerate() {
            *count = state.stones(Pit((P - 1 - i) as u8)) as usize;
        }
    }
    let stones: usize = counts.iter().sum();
    let stride = ranking.stride();
    let mut left = stones;
    let mut index = ranking.offset[stones];
    for (i, &d) in counts.iter().enumerate() {
        index += ranking.below[i * stride + left * FILLS + d];
        left -= d;
    }
    index
}

/// [`Indexed::position_at`] for `P` pits.
fn position_at<const P: usize>(template: &Diffusion, index: u64) -> Option<Diffusion> {
    let ranking = Ranking::of(template);
    if index >= *ranking.offset.last()? {
        return None;
    }
    let stones = ranking.offset.partition_point(|&o| o <= index) - 1;
    if stones == 0 {
        // The empty board: both blocks empty, which no game reaches.
        return None;
    }
    let mut rank = index - ranking.offset[stones];
    let mut left = stones;
    let mut counts = [0u8; P];
    for (i, count) in counts.iter_mut().enumerate() {
        // The most stones pit i can hold with the rank still reachable:
        // `below` grows with the stones (and past `left` stays above every
        // rank), so that is how many of its entries are at most the rank.
        let row = &ranking.below[i * ranking.stride() + left * FILLS..][..FILLS];
        let d = row[1..].iter().filter(|&&below| below <= rank).count();
        rank -= row[d];
        left -= d;
        *count = d as u8;
    }
    debug_assert_eq!((rank, left), (0, 0));
    let mut state = Diffusion::empty(template.variant());
    for (i, &count) in counts.iter().enumerate() {
        state.set_stones(Pit(i as u8), count);
    }
    Some(state)
}

#[cfg(test)]
mod tests {
    use tabula_core::prelude::*;
    use tabula_core::rng::seeded;

    use super::*;

    fn game(spec: &str) -> Diffusion {
        Diffusion::from_spec(spec).unwrap()
    }

    /// A random position with A or B to move and a stone somewhere.
    fn random_position(template: &Diffusion, rng: &mut impl rand::Rng) -> Diffusion {
        loop {
            let mut state = Diffusion::empty(template.variant());
            for pit in 0..2 * template.width() {
                state.set_stones(Pit(pit as u8), rng.random_range(0..=5));
            }
            state.set_to_move(rng.random_range(0..2));
            if !state.both_blocks_empty() {
                return state;
            }
        }
    }

    #[test]
    fn width_four_numbers_every_position_once() {
        let start = game("diffusion(width=4)");
        let count = start.index_count();
        assert_eq!(count, 6u64.pow(8));
        let layers = start.layers();
        assert_eq!(layers.len(), 41);
        assert_eq!(layers[0], 0..1);
        assert_eq!(layers.last().unwrap().end, count);
        for index in 1..count {
            let state = start.position_at(index).unwrap();
            assert_eq!(state.to_move(), 0);
            assert_eq!(state.index(), index);
            assert!(layers[state.layer()].contains(&index));
        }
        assert!(start.position_at(0).is_none());
        assert!(start.position_at(count).is_none());
    }

    #[test]
    fn rotation_gives_b_to_move_the_index_of_a_to_move() {
        for spec in ["diffusion", "diffusion(width=8,blocks=rows)"] {
            let start = game(spec);
            let mut rng = seeded(1);
            let w = start.width();
            for _ in 0..2000 {
                let state = random_position(&start, &mut rng);
                let mut rotated = Diffusion::empty(start.variant());
                for pit in 0..2 * w {
                    rotated.set_stones(Pit((2 * w - 1 - pit) as u8), state.stones(Pit(pit as u8)));
                }
                rotated.set_to_move(1 - state.to_move());
                assert_eq!(state.index(), rotated.index(), "{}", state.position());
                let back = start.position_at(state.index()).unwrap();
                assert_eq!(back.index(), state.index());
                // The rotation plays alike: the same outcome for the side to move.
                let outcome = |s: &Diffusion| s.outcome().map(|o| o.is_winner(s.to_move()));
                assert_eq!(outcome(&state), outcome(&rotated));
            }
        }
    }

    #[test]
    fn every_width_has_its_table_size() {
        for (width, count) in [
            (4, 6u64.pow(8)),
            (6, 6u64.pow(12)),
            (8, 6u64.pow(16)),
            (12, 6u64.pow(24)),
        ] {
            let start = game(&format!("diffusion(width={width})"));
            assert_eq!(start.index_count(), count);
            assert_eq!(
                start.table_variant(),
                format!("width={width},blocks=halves")
            );
            let index = start.index();
            assert_eq!(
                start.position_at(index).unwrap().position(),
                start.position()
            );
        }
    }

    /// `unmoves` lists exactly the moves that stay in the layer, backwards.
    #[test]
    fn unmoves_undo_exactly_the_moves_within_a_layer() {
        let start = game("diffusion(width=6)");
        let mut rng = seeded(2);
        let stones = |s: &Diffusion| (0..12).map(|p| s.stones(Pit(p)) as u32).sum::<u32>();
        let mut moves = Vec::new();
        let mut before = Vec::new();
        for _ in 0..3000 {
            let state = random_position(&start, &mut rng);
            // Backwards: every listed position has a move to `state`.
            before.clear();
            state.unmoves(&mut before);
            for p in &before {
                assert!(p.outcome().is_none());
                assert_eq!(stones(p), stones(&state));
                p.legal_moves(&mut moves);
                let hits = moves
                    .iter()
                    .filter(|&&mv| {
                        let mut child = p.clone();
                        child.play(mv);
                        child.position() == state.position()
                    })
                    .count();
                assert_eq!(hits, 1, "{} -> {}", p.position(), state.position());
            }
            // Forwards: every move that keeps the stones is listed.
            if state.outcome().is_some() {
                continue;
            }
            state.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = state.clone();
                child.play(mv);
                if stones(&child) != stones(&state) {
                    continue;
                }
                before.clear();
                child.unmoves(&mut before);
                let found = before
                    .iter()
                    .filter(|p| p.position() == state.position())
                    .count();
                assert_eq!(found, 1, "{} {mv:?}", state.position());
            }
        }
    }
}
