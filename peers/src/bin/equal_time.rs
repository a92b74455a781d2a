//! Strength per second: Tabula's MCTS against the `board-game` crate's
//! `MCTSBot` on Diffusion (width 6, halves), each given the same wall-clock
//! time per move, seats alternating.
//!
//! ```text
//! equal_time [--time 50ms] [--games 200] [--parallel 1] [--seed 1]
//!            [--tabula "mcts"] [--peer-c 2]
//! ```
//!
//! `MCTSBot` has only an iteration budget, so before each of its moves it
//! is given as many iterations as its own last search ran in the time
//! allowed (in each game, a first uncounted search of 1,000 iterations
//! sets the rate, and no search gets more than twice the iterations of the
//! one before); the report shows both sides' mean time per move, so the
//! budgets can be checked.
//! Tabula's agent is built from its spec (`mcts(c=0.7,threads=2)`), its
//! clock limit set to the same time. One line per game as it ends, then
//! Tabula's score with its 95% Wilson interval.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use board_game::ai::mcts::mcts_build_tree;
use board_game::board::{Board as _, Outcome as PeerOutcome, Player};
use rand08::SeedableRng as _;
use tabula::agents::{AgentKind, BuildContext, MctsKind, MctsSettings, Settings};
use tabula::search::{Control, Limit};
use tabula::{parse_duration, Game, Params, Spec};
use tabula_diffusion::{Diffusion, Pit};
use tabula_peers::PeerDiffusion;

struct Options {
    time: Duration,
    games: usize,
    parallel: usize,
    seed: u64,
    tabula: String,
    peer_c: f32,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        time: Duration::from_millis(50),
        games: 200,
        parallel: 1,
        seed: 1,
        tabula: "mcts".into(),
        peer_c: 2.0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--time" => {
                o.time = parse_duration(&value).ok_or_else(|| bad(&"not a duration like 50ms"))?
            }
            "--games" => o.games = value.parse().map_err(|e| bad(&e))?,
            "--parallel" => o.parallel = value.parse().map_err(|e| bad(&e))?,
            "--seed" => o.seed = value.parse().map_err(|e| bad(&e))?,
            "--tabula" => o.tabula = value,
            "--peer-c" => o.peer_c = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// One finished game.
struct Played {
    tabula_won: bool,
    plies: usize,
    tabula_time: Duration,
    tabula_moves: u32,
    tabula_iterations: u64,
    peer_time: Duration,
    peer_moves: u32,
    peer_iterations: u64,
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let params = match Spec::parse(&o.tabula)
        .and_then(|s| Params::resolve(MctsKind::NAME, MctsKind::PARAMS, &s.args))
        .and_then(|p| MctsSettings::from_params(&p).map_err(|e| e.in_game(MctsKind::NAME)))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("--tabula: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "equal time {:?} per move: tabula {} against board-game MCTSBot(c={}), {} games",
        o.time, o.tabula, o.peer_c, o.games
    );
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..o.parallel.max(1) {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= o.games {
                    break;
                }
                let played = play(&o, &params, game);
                println!(
                    "game {game:4}: tabula as {} {} in {} plies; per move tabula {:.1} ms {:.0} it, board-game {:.1} ms {:.0} it",
                    if game.is_multiple_of(2) { "A" } else { "B" },
                    if played.tabula_won { "won " } else { "lost" },
                    played.plies,
                    ms(played.tabula_time, played.tabula_moves),
                    played.tabula_iterations as f64 / f64::from(played.tabula_moves.max(1)),
                    ms(played.peer_time, played.peer_moves),
                    played.peer_iterations as f64 / f64::from(played.peer_moves.max(1)),
                );
                results.lock().unwrap().push(played);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let wins = results.iter().filter(|p| p.tabula_won).count();
    let n = results.len();
    let (low, high) = if n == 0 {
        (0.0, 1.0)
    } else {
        tabula::stats::wilson(wins as f64 / n as f64, n)
    };
    let sum = |f: fn(&Played) -> Duration| results.iter().map(f).sum::<Duration>();
    let count = |f: fn(&Played) -> u32| results.iter().map(f).sum::<u32>();
    let iterations = |f: fn(&Played) -> u64| results.iter().map(f).sum::<u64>();
    println!(
        "tabula {} scored {wins}/{n} = {:.3} [{low:.3}, {high:.3}] (95% Wilson) at {:?} per move",
        o.tabula,
        wins as f64 / n as f64,
        o.time
    );
    let (tm, pm) = (count(|p| p.tabula_moves), count(|p| p.peer_moves));
    println!(
        "mean per move: tabula {:.1} ms, {:.0} iterations; board-game {:.1} ms, {:.0} iterations",
        ms(sum(|p| p.tabula_time), tm),
        iterations(|p| p.tabula_iterations) as f64 / f64::from(tm),
        ms(sum(|p| p.peer_time), pm),
        iterations(|p| p.peer_iterations) as f64 / f64::from(pm),
    );
    ExitCode::SUCCESS
}

fn ms(total: Duration, moves: u32) -> f64 {
    total.as_secs_f64() * 1e3 / f64::from(moves.max(1))
}

/// Plays game `game`: Tabula is A in even games, B in odd ones.
fn play(o: &Options, settings: &MctsSettings, game: usize) -> Played {
    let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(game as u64);
    let mut state = Diffusion::from_spec("diffusion").expect("the default Diffusion");
    let mut board = PeerDiffusion::default();
    let mut tabula = MctsKind::build(settings, &BuildContext::new(seed, &state, "diffusion"))
        .expect("a checked spec");
    let mut peer_rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xB0A4D);
    let tabula_seat = game % 2;
    let control = Control {
        limit: Limit {
            time: Some(o.time),
            iterations: None,
        },
        ..Control::default()
    };
    let mut played = Played {
        tabula_won: false,
        plies: 0,
        tabula_time: Duration::ZERO,
        tabula_moves: 0,
        tabula_iterations: 0,
        peer_time: Duration::ZERO,
        peer_moves: 0,
        peer_iterations: 0,
    };
    // The peer's iterations per second, from its last search.
    let mut peer_rate: Option<f64> = None;
    let mut last_iterations: Option<u64> = None;
    while state.outcome().is_none() {
        let mv = if state.to_move() == tabula_seat {
            let started = Instant::now();
            let decision = tabula
                .choose(&state, &control)
                .expect("MCTS never forfeits");
            played.tabula_time += started.elapsed();
            played.tabula_moves += 1;
            played.tabula_iterations += decision.search.map_or(0, |s| s.iterations);
            decision.mv.0 as usize
        } else {
            let rate = peer_rate.unwrap_or_else(|| {
                // Calibration, not counted: 1,000 iterations timed.
                let started = Instant::now();
                mcts_build_tree(&board, 1_000, o.peer_c, &mut peer_rng);
                1_000.0 / started.elapsed().as_secs_f64().max(1e-6)
            });
            // At most twice the last search's iterations: near the end a
            // search can be so quick (few moves, shallow tree) that its
            // rate would grant the next one billions.
            let cap = last_iterations.map_or(u64::MAX, |n: u64| 2 * n);
            let iterations = ((rate * o.time.as_secs_f64()).max(1.0) as u64).min(cap);
            last_iterations = Some(iterations);
            let started = Instant::now();
            let tree = mcts_build_tree(&board, iterations, o.peer_c, &mut peer_rng);
            let elapsed = started.elapsed();
            peer_rate = Some(iterations as f64 / elapsed.as_secs_f64().max(1e-6));
            played.peer_time += elapsed;
            played.peer_iterations += iterations;
            played.peer_moves += 1;
            tree.best_move()
        };
        let before = state.clone();
        state.play(Pit(mv as u8));
        tabula.observe(&before, Pit(mv as u8));
        board.play(mv).expect("both boards agree on legal moves");
        played.plies += 1;
    }
    let winner = state.outcome().unwrap().winners().next().unwrap();
    let peer_winner = match board.outcome() {
        Some(PeerOutcome::WonBy(Player::A)) => 0,
        Some(PeerOutcome::WonBy(Player::B)) => 1,
        other => panic!("the boards disagree: tabula {winner}, board-game {other:?}"),
    };
    assert_eq!(winner, peer_winner, "the boards disagree on the winner");
    played.tabula_won = winner == tabula_seat;
    played
}
