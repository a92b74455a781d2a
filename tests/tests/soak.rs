//! Soak test (ignored by default): many random games per game and
//! parameter set, in release mode, without a panic; every game ends with a
//! valid outcome or is cut off (adjudicated) at a ply cap. Prints games/s.
//!
//! ```sh
//! TABULA_SOAK_GAMES=500 cargo test --release -p tabula-tests --test soak -- --ignored --nocapture
//! ```
//! `TABULA_SOAK_GAMES` is the number of games per parameter set (default
//! 10,000).

use std::time::Instant;

use tabula::rng::seeded;
use tabula::{Game, Outcome};
use tabula_games::{Calcala, Differo, Diffusion, GridDiffusion};

/// Plies after which a game is adjudicated (none of these games has a
/// natural length near it).
const MAX_PLIES: usize = 5000;

struct Tally {
    games: usize,
    plies: usize,
    cut: usize,
}

fn start<G: Game>(spec: &str) -> G {
    G::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn check_outcome(outcome: &Outcome, players: usize, spec: &str) {
    let scores = outcome.scores();
    let sum: f32 = scores[..players].iter().sum();
    assert!((sum - 1.0).abs() < 1e-4, "{spec}: scores {scores:?}");
    assert!(scores[..players].iter().all(|s| (0.0..=1.0).contains(s)));
    assert!(
        scores[players..].iter().all(|&s| s == 0.0),
        "{spec}: {scores:?}"
    );
    assert!(outcome.winners().all(|seat| seat < players), "{spec}");
}

fn soak<G: Game>(spec: &str, games: usize) -> Tally {
    let start: G = start(spec);
    let mut buffer = Vec::new();
    let mut tally = Tally {
        games,
        plies: 0,
        cut: 0,
    };
    for game in 0..games {
        let mut rng = seeded(game as u64);
        let mut state = start.clone();
        let mut plies = 0;
        while let Some(mv) = state.random_move(&mut rng, &mut buffer) {
            debug_assert!(state.is_legal(mv));
            state.play(mv);
            plies += 1;
            if plies == MAX_PLIES {
                break;
            }
        }
        tally.plies += plies;
        match state.outcome() {
            Some(outcome) => check_outcome(&outcome, state.players(), spec),
            None => {
                // Adjudicated: the game's evaluation (or a draw) decides.
                assert_eq!(plies, MAX_PLIES, "{spec}: no move but no outcome");
                if let Some(scores) = state.evaluate() {
                    let sum: f32 = scores[..state.players()].iter().sum();
                    assert!((sum - 1.0).abs() < 1e-3, "{spec}: evaluation {scores:?}");
                }
                tally.cut += 1;
            }
        }
    }
    tally
}

fn report(spec: &str, run: impl FnOnce() -> Tally) {
    let clock = Instant::now();
    let tally = run();
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{spec:<48} {:>7} games {:>9.0} games/s {:>7.1} plies/game {:>5} cut off at {MAX_PLIES}",
        tally.games,
        tally.games as f64 / seconds,
        tally.plies as f64 / tally.games as f64,
        tally.cut
    );
}

fn games() -> usize {
    std::env::var("TABULA_SOAK_GAMES")
        .ok()
        .map(|n| n.parse().expect("TABULA_SOAK_GAMES is a number"))
        .unwrap_or(10_000)
}

#[test]
#[ignore = "soak: run with --release -- --ignored"]
fn soak_every_game_and_parameter_set() {
    let n = games();
    for spec in [
        "diffusion",
        "diffusion(width=4,stones=1)",
        "diffusion(width=4,stones=5)",
        "diffusion(width=8,stones=3,blocks=rows)",
        "diffusion(width=12,stones=5)",
        "diffusion(width=12,stones=2,blocks=rows)",
    ] {
        report(spec, || soak::<Diffusion>(spec, n));
    }
    for spec in [
        "grid-diffusion",
        "grid-diffusion(size=3x3,stones=2)",
        "grid-diffusion(size=4x4,stones=7,handicap=1)",
        "grid-diffusion(size=5x7,stones=10,handicap=3)",
        "grid-diffusion(size=12x12,stones=40)",
        "grid-diffusion(size=19x19,stones=180)",
    ] {
        report(spec, || soak::<GridDiffusion>(spec, n));
    }
    for spec in [
        "calcala",
        "calcala(setup=short)",
        "calcala(setup=long)",
        "calcala(setup=double-dutch)",
        "calcala(players=3,setup=half-dutch)",
        "calcala(players=3,setup=long)",
        "calcala(players=4)",
        "calcala(players=4,setup=double-dutch)",
    ] {
        report(spec, || soak::<Calcala>(spec, n));
    }
    report("differo", || soak::<Differo>("differo", n));
}
