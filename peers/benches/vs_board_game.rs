//! Tabula, the `board-game` crate and the hand-optimised loop
//! ([`tabula_peers::hand`]) on the same game, same machine, same run:
//! random playouts and MCTS iterations per second from the start. For the
//! same figures as ratios in one table, run the `compare` binary.

use std::hint::black_box;

use board_game::ai::mcts::MCTSBot;
use board_game::board::Board as _;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand08::SeedableRng as _;
use tabula::mcts::{Mcts, MctsConfig};
use tabula::{Game, Params};
use tabula_diffusion::Diffusion;
use tabula_peers::{hand, PeerDiffusion};

const PLAYOUTS: u64 = 1000;
const ITERATIONS: u64 = 10_000;

fn start() -> Diffusion {
    Diffusion::new(&Params::resolve("diffusion", Diffusion::PARAMS, &[]).unwrap()).unwrap()
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playouts (diffusion)");
    // Plies per playout are about 85 for all; count playouts as elements.
    group.throughput(Throughput::Elements(PLAYOUTS));
    let mut rng = tabula::rng::seeded(1);
    let mut buffer = Vec::new();
    group.bench_function("tabula", |b| {
        b.iter(|| {
            for _ in 0..PLAYOUTS {
                let mut state = start();
                black_box(tabula::playout::random_playout(
                    &mut state,
                    &mut rng,
                    1000,
                    &mut buffer,
                ));
            }
        })
    });
    group.bench_function("hand-optimised loop", |b| {
        b.iter(|| {
            for _ in 0..PLAYOUTS {
                black_box(hand::playout(hand::START, &mut rng));
            }
        })
    });
    let mut peer_rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
    group.bench_function("board-game", |b| {
        b.iter(|| {
            for _ in 0..PLAYOUTS {
                let mut board = PeerDiffusion::default();
                while !board.is_done() {
                    board.play_random_available_move(&mut peer_rng).unwrap();
                }
                black_box(board.outcome());
            }
        })
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts 10k iterations (diffusion start)");
    group.sample_size(20);
    group.throughput(Throughput::Elements(ITERATIONS));
    group.bench_function("tabula", |b| {
        b.iter(|| {
            let mut mcts = Mcts::<Diffusion>::new(MctsConfig {
                iterations: Some(ITERATIONS),
                ..MctsConfig::default()
            });
            black_box(mcts.search(&start()).best)
        })
    });
    group.bench_function("board-game", |b| {
        b.iter(|| {
            let rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
            let mut bot = MCTSBot::new(ITERATIONS, 2.0, rng);
            black_box(bot.build_tree(&PeerDiffusion::default()).best_move())
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, mcts);
criterion_main!(benches);
