//! Random playouts must not touch the heap per ply: the counting global
//! allocator (`heap`) measures every registered game's playouts.

use std::sync::atomic::Ordering;

use tabula::playout::random_playout;
use tabula::prelude::*;

use crate::common::on_representative_specs;
use crate::heap::{self, ALLOCATIONS};

/// At most this many allocations per playout, whatever its length: cloning
/// the start may allocate (a shared ko history), the plies may not.
const PER_PLAYOUT: f64 = 2.0;

/// Allocations, playouts and plies over `playouts` random playouts from
/// the start, after one warm-up playout has grown the move buffer.
fn measure<G: FullGame>(start: &G, playouts: u64) -> (usize, u64, u64) {
    let mut rng = tabula::rng::seeded(1);
    let mut buffer = Vec::with_capacity(4096);
    random_playout(&mut start.clone(), &mut rng, 500, &mut buffer);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut plies = 0;
    for _ in 0..playouts {
        let mut state = start.clone();
        plies += random_playout(&mut state, &mut rng, 500, &mut buffer).plies as u64;
    }
    (
        ALLOCATIONS.load(Ordering::Relaxed) - before,
        playouts,
        plies,
    )
}

/// Measures playouts from the start and from 30 random plies in.
fn check<G: FullGame>(spec: &str) {
    let start = &G::from_spec(spec).unwrap();
    let mut mid_game = start.clone();
    let mut rng = tabula::rng::seeded(7);
    for _ in 0..30 {
        let Some(mv) = mid_game.random_move(&mut rng, &mut Vec::new()) else {
            break;
        };
        mid_game.play(mv);
    }
    for (from, state) in [("start", start), ("mid-game", &mid_game)] {
        if state.outcome().is_some() {
            continue;
        }
        let (allocations, playouts, plies) = measure(state, 300);
        let per_playout = allocations as f64 / playouts as f64;
        eprintln!(
            "{spec} from the {from}: {per_playout:.3} allocations per playout of {:.1} plies",
            plies as f64 / playouts as f64
        );
        assert!(
            per_playout <= PER_PLAYOUT,
            "{spec}: {per_playout} allocations per playout"
        );
    }
}

#[test]
fn random_playouts_do_not_allocate_per_ply() {
    heap::alone(
        "allocations::random_playouts_do_not_allocate_per_ply",
        measure_every_game,
    );
}

/// Every shipped game, at its defaults and with more players where it has
/// them. (Not every parameter set: on boards as large as Grid Diffusion's
/// 12x12 a random game runs to hundreds of plies, and the shared ko log
/// then grows a few times per playout — by doubling, about 0.01 allocations
/// a ply — which is growth, not a cost per ply.)
fn measure_every_game() {
    on_representative_specs!(check);
}
