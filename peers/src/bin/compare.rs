//! Tabula beside its peers on Diffusion (width 6, halves), in one run and
//! as ratios, so that a loaded or slower machine shifts every figure alike:
//!
//! ```text
//! compare [--rounds 5] [--seconds 0.2]
//! ```
//!
//! Random plies per second from the start for the hand-optimised loop
//! (with the fastest select this CPU has, and with the portable one),
//! Tabula's `random_playout`, and the `board-game` crate's
//! `play_random_available_move`; MCTS iterations per second (10,000 per
//! search, from the start) for Tabula and the crate's `MCTSBot`. The
//! contenders take turns, `--rounds` times `--seconds` each, and each
//! figure is the median of its rounds. The first lines name the CPU and
//! the instruction sets the build uses.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use board_game::ai::mcts::mcts_build_tree;
use board_game::board::Board as _;
use rand08::SeedableRng as _;
use tabula::cpu::CpuInfo;
use tabula::mcts::{Mcts, MctsConfig};
use tabula::playout::random_playout;
use tabula::Game;
use tabula_diffusion::Diffusion;
use tabula_peers::{hand, PeerDiffusion};

/// Iterations per MCTS search: the figure the issue and the criterion
/// bench use.
const ITERATIONS: u64 = 10_000;

/// One contender: a name and a unit of work returning how many plies (or
/// iterations) it did.
struct Contender {
    name: &'static str,
    run: Box<dyn FnMut() -> u64>,
    rates: Vec<f64>,
}

impl Contender {
    fn new(name: &'static str, run: impl FnMut() -> u64 + 'static) -> Self {
        Contender {
            name,
            run: Box::new(run),
            rates: Vec::new(),
        }
    }

    /// Repeats the unit of work for `time` and records the rate.
    fn measure(&mut self, time: Duration) {
        let started = Instant::now();
        let mut done = 0;
        while started.elapsed() < time {
            done += (self.run)();
        }
        self.rates
            .push(done as f64 / started.elapsed().as_secs_f64());
    }

    fn median(&self) -> f64 {
        let mut rates = self.rates.clone();
        rates.sort_by(f64::total_cmp);
        rates[rates.len() / 2]
    }
}

fn options() -> Result<(usize, Duration), String> {
    let (mut rounds, mut seconds) = (5usize, 0.2f64);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--rounds" => rounds = value.parse().map_err(|e| bad(&e))?,
            "--seconds" => seconds = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if !(1..=1000).contains(&rounds) || !(0.001..=60.0).contains(&seconds) {
        return Err("--rounds must be 1..=1000 and --seconds 0.001..=60".into());
    }
    Ok((rounds, Duration::from_secs_f64(seconds)))
}

fn main() -> ExitCode {
    let (rounds, time) = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", CpuInfo::detect());
    println!(
        "hand-optimised loop select: {}",
        if hand::uses_pdep() {
            "pdep"
        } else {
            "portable"
        }
    );
    let start = Diffusion::from_spec("diffusion").expect("the default Diffusion");

    let mut playouts = vec![
        Contender::new("hand-optimised loop", hand_playouts(hand::playout)),
        Contender::new(
            "hand-optimised loop, portable select",
            hand_playouts(hand::playout_portable),
        ),
        Contender::new("tabula", tabula_playouts(start.clone())),
        Contender::new("board-game crate", peer_playouts()),
    ];
    let mut searches = vec![
        Contender::new("tabula", tabula_mcts(start)),
        Contender::new("board-game MCTSBot", peer_mcts()),
    ];
    for _ in 0..rounds {
        for c in playouts.iter_mut().chain(&mut searches) {
            c.measure(time);
        }
    }
    println!(
        "\nDiffusion from the start, median of {rounds} rounds of {:?} each",
        time
    );
    let (hand, peer) = (playouts[0].median(), playouts[3].median());
    println!(
        "{:<38} {:>14} {:>9} {:>12}",
        "random playouts", "plies/s", "vs hand", "vs board-game"
    );
    for c in &playouts {
        let rate = c.median();
        println!(
            "{:<38} {:>13.1}M {:>8.2}x {:>12.2}x",
            c.name,
            rate / 1e6,
            rate / hand,
            rate / peer
        );
    }
    let peer = searches[1].median();
    println!(
        "{:<38} {:>14} {:>9} {:>12}",
        "MCTS, 10k iterations a search", "iter/s", "", "vs board-game"
    );
    for c in &searches {
        let rate = c.median();
        println!(
            "{:<38} {:>13.1}k {:>9} {:>12.2}x",
            c.name,
            rate / 1e3,
            "",
            rate / peer
        );
    }
    ExitCode::SUCCESS
}

/// Plies of 16 playouts from the start by a hand-optimised loop.
fn hand_playouts(playout: fn(u64, &mut tabula::Rng) -> (u32, bool)) -> impl FnMut() -> u64 {
    let mut rng = tabula::rng::seeded(1);
    move || {
        (0..16)
            .map(|_| u64::from(std::hint::black_box(playout(hand::START, &mut rng)).0))
            .sum()
    }
}

/// Plies of 16 of Tabula's random playouts from `start`.
fn tabula_playouts(start: Diffusion) -> impl FnMut() -> u64 {
    let (mut rng, mut buffer) = (tabula::rng::seeded(1), Vec::new());
    move || {
        (0..16)
            .map(|_| {
                let mut state = start.clone();
                let end = random_playout(&mut state, &mut rng, 1000, &mut buffer);
                std::hint::black_box(end.plies) as u64
            })
            .sum()
    }
}

/// Plies of 16 random playouts of the `board-game` crate's board.
fn peer_playouts() -> impl FnMut() -> u64 {
    let mut rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
    move || {
        let mut plies = 0;
        for _ in 0..16 {
            let mut board = PeerDiffusion::default();
            while !board.is_done() {
                board
                    .play_random_available_move(&mut rng)
                    .expect("a move while the game goes on");
                plies += 1;
            }
            std::hint::black_box(board.outcome());
        }
        plies
    }
}

/// Iterations of one fresh 10k-iteration Tabula search from `start`.
fn tabula_mcts(start: Diffusion) -> impl FnMut() -> u64 {
    let mut seed = 0;
    move || {
        seed += 1;
        let mut mcts = Mcts::<Diffusion>::new(MctsConfig {
            iterations: Some(ITERATIONS),
            seed,
            ..MctsConfig::default()
        });
        mcts.search(&start).iterations
    }
}

/// Iterations of one fresh 10k-iteration `MCTSBot` search from the start
/// (its exploration constant 2, as in the criterion bench).
fn peer_mcts() -> impl FnMut() -> u64 {
    let mut rng = rand_xoshiro06::Xoshiro256PlusPlus::seed_from_u64(1);
    move || {
        let tree = mcts_build_tree(&PeerDiffusion::default(), ITERATIONS, 2.0, &mut rng);
        std::hint::black_box(tree.best_move());
        ITERATIONS
    }
}
