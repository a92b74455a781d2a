//! Speed probes behind `tabula bench`: random playouts and MCTS iterations.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::mcts::{Mcts, MctsConfig, Parallel};
use crate::playout::random_playout;
use crate::search::Control;
use tabula_core::game::Game;
use tabula_core::rng::seeded;
use tabula_core::{Actions, Evaluation};

/// How long to measure each figure.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    /// Time spent on the playouts, and again on the MCTS search.
    pub duration: Duration,
    /// Seed of the playouts and of the MCTS player.
    pub seed: u64,
    /// Playouts are cut off after this many plies.
    pub max_plies: usize,
    /// Threads of the MCTS measurement (playouts always use one).
    pub threads: usize,
    /// How those threads share the search.
    pub parallel: Parallel,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            duration: Duration::from_secs(1),
            seed: 1,
            max_plies: 500,
            threads: 1,
            parallel: Parallel::Root,
        }
    }
}

/// One game's figures.
#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    /// The game, as named by the caller (a spec such as `diffusion(width=8)`).
    pub game: String,
    /// Random playouts completed.
    pub playouts: u64,
    /// Mean plies per playout.
    pub plies_per_playout: f64,
    /// Plies played per second in random playouts.
    pub random_plies_per_sec: f64,
    /// Random playouts per second.
    pub playouts_per_sec: f64,
    /// MCTS iterations per second (0 when the start position is finished).
    pub mcts_iterations_per_sec: f64,
    /// Nodes in the MCTS tree when the search stopped.
    pub mcts_nodes: usize,
    /// Alpha-beta nodes per second (one thread, 16 MB table, evaluation at
    /// the horizon; 0 when the start position is finished).
    pub alphabeta_nodes_per_sec: f64,
    /// The depth alpha-beta completed in that time.
    pub alphabeta_depth: u32,
    /// Bytes one MCTS tree node takes for this game.
    pub bytes_per_node: usize,
}

/// Measures random playouts from `start`, then an MCTS search and an
/// alpha-beta search from it.
pub fn run<G: Game + Actions + Evaluation>(
    start: &G,
    name: &str,
    config: &BenchConfig,
) -> BenchReport {
    let mut rng = seeded(config.seed);
    let mut buffer = Vec::new();
    let (mut playouts, mut plies) = (0u64, 0u64);
    let started = Instant::now();
    while started.elapsed() < config.duration {
        for _ in 0..16 {
            let mut state = start.clone();
            plies +=
                random_playout(&mut state, &mut rng, config.max_plies, &mut buffer).plies as u64;
            playouts += 1;
        }
    }
    let playout_time = started.elapsed().as_secs_f64();

    let mut mcts = Mcts::<G>::new(MctsConfig {
        time: Some(config.duration),
        seed: config.seed,
        max_plies: config.max_plies,
        threads: config.threads,
        parallel: config.parallel,
        ..MctsConfig::default()
    });
    let (iterations, nodes, search_time) = if start.outcome().is_none() {
        let report = mcts.search(start);
        (
            report.iterations,
            report.nodes,
            report.elapsed.as_secs_f64(),
        )
    } else {
        (0, 0, 1.0)
    };
    let (ab_nodes, ab_depth, ab_time) = if start.outcome().is_none() {
        let mut search = AlphaBeta::<G>::new(AlphaBetaConfig {
            time: Some(config.duration),
            seed: config.seed,
            ..AlphaBetaConfig::default()
        });
        let report = search.search(start, &Control::default());
        (
            report.iterations,
            report.depth.unwrap_or(0),
            report.elapsed.as_secs_f64(),
        )
    } else {
        (0, 0, 1.0)
    };
    BenchReport {
        game: name.to_string(),
        playouts,
        plies_per_playout: plies as f64 / playouts as f64,
        random_plies_per_sec: plies as f64 / playout_time,
        playouts_per_sec: playouts as f64 / playout_time,
        mcts_iterations_per_sec: iterations as f64 / search_time,
        mcts_nodes: nodes,
        alphabeta_nodes_per_sec: ab_nodes as f64 / ab_time,
        alphabeta_depth: ab_depth,
        bytes_per_node: mcts.bytes_per_node(),
    }
}
