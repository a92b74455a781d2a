//! Move generation, play and random playouts on the default 8x8 board.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_grid_diffusion::{GridDiffusion, Move};
use tabula_search::playout::random_playout;

/// The default game after `plies` random plies (stage 2 once plies ≥ 26),
/// from the first seed whose game is still running then.
fn after(plies: usize) -> GridDiffusion {
    let start = GridDiffusion::from_spec("grid-diffusion").unwrap();
    let mut buffer = Vec::new();
    (0..)
        .map(|seed| {
            let mut state = start.clone();
            let mut rng = seeded(seed);
            for _ in 0..plies {
                if let Some(mv) = state.random_move(&mut rng, &mut buffer) {
                    state.play(mv);
                }
            }
            state
        })
        .find(|state| state.outcome().is_none())
        .unwrap()
}

fn benches(c: &mut Criterion) {
    let start = after(0);
    let mid = after(40);
    assert!(
        mid.outcome().is_none(),
        "pick another seed: the mid-game position is over"
    );
    let mut moves: Vec<Move> = Vec::new();
    mid.legal_moves(&mut moves);
    let some_move = moves[moves.len() / 2];

    c.bench_function("legal_moves 8x8 stage 2", |b| {
        b.iter(|| {
            mid.legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    c.bench_function("random_move 8x8 stage 2", |b| {
        let mut rng = seeded(1);
        b.iter(|| black_box(mid.random_move(&mut rng, &mut moves)))
    });
    c.bench_function("clone+play 8x8 stage 2", |b| {
        b.iter(|| {
            let mut next = mid.clone();
            next.play(black_box(some_move));
            black_box(next.outcome())
        })
    });
    for (name, state) in [("start", &start), ("mid-game", &mid)] {
        c.bench_function(
            &format!("random playout 8x8 from {name} (max 1000 plies)"),
            |b| {
                let mut rng = seeded(2);
                b.iter(|| {
                    let mut s = state.clone();
                    black_box(random_playout(&mut s, &mut rng, 1000, &mut moves))
                })
            },
        );
    }
}

criterion_group!(grid_diffusion, benches);
criterion_main!(grid_diffusion);
