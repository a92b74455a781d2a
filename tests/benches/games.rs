//! The same criterion suite for every game: legal-move generation, a ply,
//! random playouts from the start and from mid-game, and MCTS iterations
//! (plain UCT and the GRAVE, MAST and prior variants), and the `az`
//! network's forward pass and PUCT simulations (at `tabula train`'s default
//! size, 128 wide with 2 blocks).
//! `cargo bench -p tabula-tests --bench games [-- FILTER]`. Every shipped
//! game is measured (`tabula_games::each_game`): a new game needs no edit.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use tabula::az::{header_for, puct::search_batch, Net, PuctConfig, Tree};
use tabula::mcts::{Mcts, MctsConfig, Playout, Selection};
use tabula::plan::{GameVisitor, Plan};
use tabula::playout::random_playout;
use tabula::prelude::*;

const MCTS_ITERATIONS: u64 = 1000;

/// The start and a position 20 random plies in (or as far as the game went).
fn positions<G: FullGame>(spec: &str) -> [(&'static str, G); 2] {
    let start = G::from_spec(spec).unwrap();
    let mut mid = start.clone();
    let mut rng = tabula::rng::seeded(3);
    for _ in 0..20 {
        let Some(mv) = mid.random_move(&mut rng, &mut Vec::new()) else {
            break;
        };
        let mut next = mid.clone();
        next.play(mv);
        if next.outcome().is_some() {
            break;
        }
        mid = next;
    }
    [("start", start), ("mid-game", mid)]
}

fn suite<G: FullGame>(c: &mut Criterion, spec: &str) {
    let mut group = c.benchmark_group(spec);
    let mut moves = Vec::new();
    let mut rng = tabula::rng::seeded(1);
    for (at, state) in positions::<G>(spec) {
        group.throughput(Throughput::Elements(1));
        group.bench_function(BenchmarkId::new("legal_moves", at), |b| {
            b.iter(|| black_box(&state).legal_moves(&mut moves))
        });
        state.legal_moves(&mut moves);
        let mv = moves[0];
        group.bench_function(BenchmarkId::new("clone_play", at), |b| {
            b.iter(|| {
                let mut next = black_box(&state).clone();
                next.play(mv);
                next
            })
        });
        group.bench_function(BenchmarkId::new("random_playout", at), |b| {
            b.iter(|| {
                let mut playout = state.clone();
                random_playout(&mut playout, &mut rng, 1000, &mut moves).plies
            })
        });
        group.throughput(Throughput::Elements(MCTS_ITERATIONS));
        // The MCTS variants' iterations per second, beside plain UCT's.
        let variants = [
            ("mcts_1000_iterations", MctsConfig::default()),
            (
                "mcts_grave_1000_iterations",
                MctsConfig {
                    selection: Selection::Rave {
                        reference: 50,
                        bias: 1e-3,
                    },
                    ..MctsConfig::default()
                },
            ),
            (
                "mcts_mast_1000_iterations",
                MctsConfig {
                    playout: Playout::Mast { epsilon: 0.2 },
                    ..MctsConfig::default()
                },
            ),
            (
                "mcts_prior_1000_iterations",
                MctsConfig {
                    prior: 10,
                    ..MctsConfig::default()
                },
            ),
        ];
        for (name, config) in variants {
            group.bench_function(BenchmarkId::new(name, at), |b| {
                b.iter(|| {
                    let mut mcts = Mcts::<G>::new(MctsConfig {
                        iterations: Some(MCTS_ITERATIONS),
                        ..config.clone()
                    });
                    mcts.search(&state).best
                })
            });
        }
        az_suite(&mut group, spec, at, &state);
    }
    group.finish();
}

/// The network's forward pass for one position (what each PUCT
/// simulation asks for), and PUCT's simulations per second.
fn az_suite<G: FullGame>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    spec: &str,
    at: &str,
    state: &G,
) {
    let shape = header_for(state, spec, 128, 2).shape;
    let net = Net::new(shape, 1);
    let mut observation = vec![0.0; shape.inputs];
    state.observe(state.to_move(), &mut observation);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let actions: Vec<u32> = moves.iter().map(|&m| state.action(m) as u32).collect();
    group.throughput(Throughput::Elements(1));
    group.bench_function(BenchmarkId::new("az_forward", at), |b| {
        b.iter(|| net.forward(black_box(&observation), &[&actions]))
    });
    group.throughput(Throughput::Elements(MCTS_ITERATIONS));
    group.bench_function(BenchmarkId::new("puct_1000_simulations", at), |b| {
        b.iter(|| {
            let mut trees = [Tree::new(state.clone())];
            let mut rngs = [tabula::rng::seeded(1)];
            let iterations = MCTS_ITERATIONS as u32;
            search_batch(
                &mut trees,
                &net,
                &PuctConfig::default(),
                iterations,
                &mut rngs,
            );
            trees[0].simulations()
        })
    });
}

/// Every shipped game at its defaults, from the catalog's one list.
struct Each<'a>(&'a mut Criterion);

impl GameVisitor for Each<'_> {
    fn visit<G: FullGame>(&mut self, _: &'static Plan) {
        suite::<G>(self.0, G::Variant::NAME);
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    tabula_games::each_game(&mut Each(&mut c));
    c.final_summary();
}
