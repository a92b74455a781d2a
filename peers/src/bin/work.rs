//! A fixed amount of work, for instruction counts under valgrind (exact and
//! unaffected by load, unlike a clock):
//!
//! ```text
//! work playouts GAME N     N random playouts from GAME's start
//! work mcts GAME N         one MCTS search of N iterations from the start
//! work alphabeta GAME N     one alpha-beta search to depth N from the start
//! ```
//!
//! GAME is a Tabula spec (`diffusion`, `grid-diffusion`, `calcala`,
//! `differo`, `kalah`, `oware`, `tictactoe`, with parameters if wanted), or
//! `hand`, `hand-portable` (the hand-optimised loop with `pdep` / with the
//! portable select) or `board-game` (the peer crate's Diffusion; with
//! `mcts`, its `MCTSBot`). Prints the plies (or iterations, or nodes) done,
//! so counts can be divided, and
//! the rate per second (for interleaved A/B timing runs).

use std::process::ExitCode;

use board_game::board::Board as _;
use rand08::SeedableRng as _;
use tabula::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula::mcts::{Mcts, MctsConfig};
use tabula::playout::random_playout;
use tabula::search::Control;
use tabula::{Actions, Evaluation, Game};
use tabula_calcala::Calcala;
use tabula_differo::Differo;
use tabula_diffusion::Diffusion;
use tabula_games::{Kalah, Oware, TicTacToe};
use tabula_grid_diffusion::GridDiffusion;
use tabula_peers::{hand, PeerDiffusion};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [what, game, n] = args.as_slice() else {
        eprintln!("usage: work playouts|mcts GAME N");
        return ExitCode::FAILURE;
    };
    let Ok(n) = n.parse::<u64>() else {
        eprintln!("N must be a number, not {n}");
        return ExitCode::FAILURE;
    };
    let name = game.split('(').next().unwrap_or_default();
    let started = std::time::Instant::now();
    let done = match (what.as_str(), name) {
        ("playouts", "hand") => hand_playouts(n, hand::playout),
        ("playouts", "hand-portable") => hand_playouts(n, hand::playout_portable),
        ("playouts", "board-game") => peer_playouts(n),
        ("mcts", "board-game") => {
            let rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
            let tree =
                board_game::ai::mcts::mcts_build_tree(&PeerDiffusion::default(), n, 2.0, &mut {
                    rng
                });
            Ok(tree.nodes[0].visits as u64)
        }
        (_, "diffusion") => run::<Diffusion>(what, game, n),
        (_, "grid-diffusion") => run::<GridDiffusion>(what, game, n),
        (_, "calcala") => run::<Calcala>(what, game, n),
        (_, "differo") => run::<Differo>(what, game, n),
        (_, "kalah") => run::<Kalah>(what, game, n),
        (_, "oware") => run::<Oware>(what, game, n),
        (_, "tictactoe") => run::<TicTacToe>(what, game, n),
        _ => Err(format!("unknown work `{what} {game}`")),
    };
    match done {
        Ok(count) => {
            let seconds = started.elapsed().as_secs_f64();
            let rate = count as f64 / seconds;
            println!("{what} {game} {n}: {count} in {seconds:.3} s, {rate:.0}/s");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn run<G: Game + Actions + Evaluation>(what: &str, spec: &str, n: u64) -> Result<u64, String> {
    let start = G::from_spec(spec).map_err(|e| e.to_string())?;
    match what {
        "playouts" => {
            let mut rng = tabula::rng::seeded(1);
            let mut buffer = Vec::new();
            let mut plies = 0;
            for _ in 0..n {
                let mut state = start.clone();
                plies += random_playout(&mut state, &mut rng, 500, &mut buffer).plies as u64;
            }
            Ok(plies)
        }
        "mcts" => {
            let mut mcts = Mcts::<G>::new(MctsConfig {
                iterations: Some(n),
                seed: 1,
                ..MctsConfig::default()
            });
            Ok(mcts.search(&start).iterations)
        }
        "alphabeta" => {
            let mut search = AlphaBeta::<G>::new(AlphaBetaConfig {
                depth: Some(u32::try_from(n).map_err(|_| "depth too large")?),
                seed: 1,
                ..AlphaBetaConfig::default()
            });
            Ok(search.search(&start, &Control::default()).iterations)
        }
        _ => Err(format!("unknown work `{what}`")),
    }
}

fn hand_playouts(n: u64, playout: fn(u64, &mut tabula::Rng) -> (u32, bool)) -> Result<u64, String> {
    let mut rng = tabula::rng::seeded(1);
    Ok((0..n)
        .map(|_| u64::from(playout(hand::START, &mut rng).0))
        .sum())
}

fn peer_playouts(n: u64) -> Result<u64, String> {
    let mut rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
    let mut plies = 0;
    for _ in 0..n {
        let mut board = PeerDiffusion::default();
        while !board.is_done() {
            board.play_random_available_move(&mut rng).unwrap();
            plies += 1;
        }
    }
    Ok(plies)
}
