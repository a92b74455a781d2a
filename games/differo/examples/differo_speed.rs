//! Random plies per second on one thread, game lengths, and the speed of
//! move generation with incremental line counts against scanning each line.
//!
//! `cargo run --release -p tabula-differo --example differo_speed`

use std::hint::black_box;
use std::time::Instant;

use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_differo::Differo;
use tabula_search::playout::random_playout;

fn main() {
    let start = Differo::from_spec("differo").expect("no parameters");
    let mut rng = seeded(1);
    let mut buffer = Vec::new();

    let (mut plies, mut games, mut cut, mut longest) = (0usize, 0usize, 0usize, 0usize);
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < 3.0 {
        for _ in 0..1000 {
            let mut state = start;
            let end = random_playout(&mut state, &mut rng, 10_000, &mut buffer);
            plies += end.plies;
            games += 1;
            cut += end.cut_off as usize;
            longest = longest.max(end.plies);
        }
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "random playouts: {games} games, {:.1} plies/game (longest {longest}, {cut} cut at 10000), {:.2} M plies/s",
        plies as f64 / games as f64,
        plies as f64 / secs / 1e6
    );

    // Sample positions from random games, then list their moves both ways.
    let mut positions = Vec::new();
    while positions.len() < 2000 {
        let mut state = start;
        for _ in 0..60 {
            match state.random_move(&mut rng, &mut buffer) {
                Some(mv) => state.play(mv),
                None => break,
            }
            positions.push(state);
        }
    }
    let rounds = 200;
    let clock = Instant::now();
    let mut moves = Vec::new();
    for _ in 0..rounds {
        for state in &positions {
            state.legal_moves(&mut moves);
            black_box(&moves);
        }
    }
    let fast = clock.elapsed().as_secs_f64() / (rounds * positions.len()) as f64;
    let clock = Instant::now();
    for _ in 0..rounds {
        for state in &positions {
            black_box(state.legal_moves_by_scan());
        }
    }
    let scan = clock.elapsed().as_secs_f64() / (rounds * positions.len()) as f64;
    println!(
        "legal_moves: {:.0} ns with incremental line counts, {:.0} ns scanning each line: {:.1}x faster",
        fast * 1e9,
        scan * 1e9,
        scan / fast
    );
}
