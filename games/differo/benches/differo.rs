//! Criterion benchmarks: move generation, play, and random playouts from the
//! start and from a mid-game position.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_differo::Differo;
use tabula_search::playout::random_playout;

/// A position 30 random plies into a game that is still running.
fn mid_game(start: &Differo) -> Differo {
    let mut rng = seeded(11);
    let mut buffer = Vec::new();
    loop {
        let mut state = *start;
        let mut plies = 0;
        while plies < 30 {
            match state.random_move(&mut rng, &mut buffer) {
                Some(mv) => state.play(mv),
                None => break,
            }
            plies += 1;
        }
        if plies == 30 && state.outcome().is_none() {
            return state;
        }
    }
}

fn benches(c: &mut Criterion) {
    let start = Differo::from_spec("differo").expect("no parameters");
    let mid = mid_game(&start);
    for (name, state) in [("start", start), ("mid", mid)] {
        let mut moves = Vec::new();
        c.bench_function(&format!("legal_moves/{name}"), |b| {
            b.iter(|| {
                black_box(state).legal_moves(&mut moves);
                moves.len()
            })
        });
        c.bench_function(&format!("legal_moves_by_scan/{name}"), |b| {
            b.iter(|| black_box(state).legal_moves_by_scan().len())
        });
        state.legal_moves(&mut moves);
        let first = moves[0];
        c.bench_function(&format!("play/{name}"), |b| {
            b.iter(|| {
                let mut next = black_box(state);
                next.play(black_box(first));
                next
            })
        });
        let mut rng = seeded(5);
        let mut buffer = Vec::new();
        c.bench_function(&format!("random_playout/{name}"), |b| {
            b.iter(|| {
                let mut s = state;
                random_playout(&mut s, &mut rng, 10_000, &mut buffer).plies
            })
        });
    }
}

criterion_group!(differo, benches);
criterion_main!(differo);
