//! Random plies per second on one thread: `cargo run --release -p tabula-calcala --example calcala_speed [setup] [players]`.

use std::time::Instant;

use tabula_calcala::Calcala;
use tabula_core::rng::seeded;
use tabula_core::Game;
use tabula_search::playout::random_playout;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let setup = args.first().map_or("standard", String::as_str);
    let players = args.get(1).map_or("2", String::as_str);
    let spec = format!("calcala(setup={setup},players={players})");
    let start = Calcala::from_spec(&spec).expect("game");
    let mut rng = seeded(1);
    let mut buffer = Vec::new();
    let (mut plies, mut games) = (0, 0);
    let clock = Instant::now();
    while clock.elapsed().as_secs_f64() < 3.0 {
        for _ in 0..100 {
            let mut game = start;
            plies += random_playout(&mut game, &mut rng, 100_000, &mut buffer).plies;
            games += 1;
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{setup}, {players} players: {games} games, {:.1} plies/game, {:.2} M plies/s",
        plies as f64 / games as f64,
        plies as f64 / seconds / 1e6
    );
}
