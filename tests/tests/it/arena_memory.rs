//! The arena's memory does not grow with the games played: it keeps
//! running totals per game and pairing, and streams records to disk.
//! Before, every result stayed in memory (about 1.5 KB a game: 612 MB at
//! 450,000 games). Measured with the counting global allocator (`heap`).
//! (The one set that grows, the distinct games' hashes, costs 10 to 21
//! bytes a distinct game, within `GROWTH` here.)

use std::sync::atomic::Ordering;

use tabula_arena::{Config, Event};

use crate::heap::{self, LIVE};

/// Games between the two measurements.
const GAMES: usize = 12_000;
/// Heap growth allowed between the 1,000th game and the last, for the
/// allocator's own slack; a kept result per game would be ~17 MB.
const GROWTH: isize = 256 << 10;

#[test]
fn the_arenas_memory_is_flat_in_the_games_played() {
    heap::alone(
        "arena_memory::the_arenas_memory_is_flat_in_the_games_played",
        measure,
    );
}

fn measure() {
    let out = std::env::temp_dir().join(format!("tabula-arena-memory-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let config = Config {
        games: vec!["diffusion(width=4)".to_string()],
        agents: vec!["random".into(), "random(seed=1)".into(), "greedy".into()],
        // Six games a round: three pairings in both seat orders.
        rounds: GAMES / 6,
        threads: Some(1),
        out: out.clone(),
        ..Config::default()
    };
    let registry = tabula_games::registry();
    let (mut finished, mut early) = (0, None);
    let summary = tabula_arena::play(&registry, &config, |event| {
        if let Event::GameFinished { .. } = event {
            finished += 1;
            if finished == 1000 {
                early = Some(LIVE.load(Ordering::Relaxed));
            }
        }
    })
    .unwrap()
    .summary;
    let late = LIVE.load(Ordering::Relaxed);
    let growth = late - early.unwrap();
    eprintln!("{finished} games: the heap grew {growth} bytes from the 1,000th game to the last");
    assert_eq!(summary.played, GAMES);
    assert!(
        growth < GROWTH,
        "{growth} bytes more after {finished} games"
    );
    let _ = std::fs::remove_dir_all(&out);
}
