//! Random plies per second on one thread: `cargo run --release -p
//! tabula-grid-diffusion --example grid_diffusion_speed [-- PARAMS...]`, e.g. `size=5x5 stones=5`.
//! Plays full random games (capped at 100 000 plies) from the start, then
//! times stage 2 alone (the drops of each game are played untimed first).

use std::time::Instant;

use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_grid_diffusion::GridDiffusion;
use tabula_search::playout::random_playout;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start =
        GridDiffusion::from_spec(&format!("grid-diffusion({})", args.join(","))).expect("game");
    let mut rng = seeded(1);
    let mut buffer = Vec::new();
    let (mut plies, mut games, mut cut, mut black_wins) = (0usize, 0usize, 0usize, 0usize);
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < 3.0 {
        let mut state = start.clone();
        let end = random_playout(&mut state, &mut rng, 100_000, &mut buffer);
        plies += end.plies;
        games += 1;
        cut += usize::from(end.cut_off);
        black_wins += usize::from(end.scores[0] == 1.0);
    }
    let secs = clock.elapsed().as_secs_f64();
    let all = plies as f64 / secs;
    let (mut plies2, mut timed) = (0usize, 0.0f64);
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < 3.0 {
        let mut state = start.clone();
        while state.stage() == 1 {
            let mv = state
                .random_move(&mut rng, &mut buffer)
                .expect("stage 1 runs");
            state.play(mv);
        }
        let lap = Instant::now();
        plies2 += random_playout(&mut state, &mut rng, 100_000, &mut buffer).plies;
        timed += lap.elapsed().as_secs_f64();
    }
    println!(
        "stage 2 only: {plies2} plies in {timed:.2} s: {:.0} plies/s",
        plies2 as f64 / timed
    );
    println!(
        "whole games: {games} games, {plies} plies in {secs:.2} s: {:.0} plies/s, mean length {:.0}, cut off {cut}, Black won {black_wins}",
        all,
        plies as f64 / games as f64
    );
}
