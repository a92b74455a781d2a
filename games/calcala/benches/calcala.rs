//! Move generation, play and random playouts of Calcala, from the start and
//! from a mid-game position.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tabula_calcala::Calcala;
use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_search::playout::random_playout;

fn start() -> Calcala {
    Calcala::from_spec("calcala").expect("standard game")
}

/// The position after 20 seeded random plies.
fn mid_game() -> Calcala {
    let mut game = start();
    let mut rng = seeded(42);
    let mut buffer = Vec::new();
    for _ in 0..20 {
        let mv = game
            .random_move(&mut rng, &mut buffer)
            .expect("game running");
        game.play(mv);
    }
    game
}

fn bench(c: &mut Criterion) {
    for (name, game) in [("start", start()), ("mid", mid_game())] {
        let mut moves = Vec::new();
        c.bench_function(&format!("legal_moves/{name}"), |b| {
            b.iter(|| {
                black_box(&game).legal_moves(&mut moves);
                moves.len()
            })
        });
        game.legal_moves(&mut moves);
        let all = moves.clone();
        c.bench_function(&format!("play_all/{name}"), |b| {
            b.iter(|| {
                for &mv in &all {
                    let mut next = *black_box(&game);
                    next.play(mv);
                    black_box(next);
                }
            })
        });
        let mut rng = seeded(1);
        c.bench_function(&format!("random_playout/{name}"), |b| {
            b.iter(|| {
                let mut state = game;
                random_playout(&mut state, &mut rng, 10_000, &mut moves).plies
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
