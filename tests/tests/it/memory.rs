//! Memory of a long Grid Diffusion game, measured with the counting global
//! allocator (`heap`): the ko history must cost memory linear in plies with a small
//! constant even when every state of the game is kept (as the REPL keeps
//! them for `undo`), and a ply must not allocate more as the game grows.
//! Before the history became a shared log, every kept state carried its own
//! table of recent hashes (4 KiB) and the shared table was copied every 256
//! plies: 140 MB at 20,000 plies in the REPL, 768 MB at 80,000.

use std::sync::atomic::Ordering;

use tabula::prelude::*;
use tabula::rng::seeded;
use tabula_games::GridDiffusion;

use crate::heap::{self, ALLOCATED, LIVE};

/// Stage-2 plies measured (19x19 with 180 stones a side never ends at random).
const PLIES: usize = 20_000;
/// Heap bytes per kept ply, beyond the states themselves: the shared log's
/// index (16-byte slots at most half full, and the smaller copies older
/// states still hold). Measured: about 100.
const LIVE_BYTES_PER_PLY: isize = 256;
/// Bytes allocated per ply over the second half of the game: the log's
/// index doubles now and then, nothing is copied per ply. Measured: about 60.
const ALLOCATED_BYTES_PER_PLY: usize = 512;

#[test]
fn a_long_game_keeping_every_state_costs_memory_linear_in_plies() {
    heap::alone(
        "memory::a_long_game_keeping_every_state_costs_memory_linear_in_plies",
        measure_a_long_game,
    );
}

fn measure_a_long_game() {
    let mut state = GridDiffusion::from_spec("grid-diffusion(size=19x19,stones=180)").unwrap();
    let mut rng = seeded(3);
    let mut buffer = Vec::with_capacity(4096);
    while state.stage() == 1 {
        let mv = state.random_move(&mut rng, &mut buffer).unwrap();
        state.play(mv);
    }
    let mut states: Vec<GridDiffusion> = Vec::with_capacity(PLIES + 1);
    states.push(state);
    let live_before = LIVE.load(Ordering::Relaxed);
    let mut allocated_half = 0;
    let pass = states[0].parse_move("pass").unwrap();
    let mut arrangements = 1;
    for ply in 0..PLIES {
        if ply == PLIES / 2 {
            allocated_half = ALLOCATED.load(Ordering::Relaxed);
        }
        let mut next = states.last().unwrap().clone();
        let mv = next.random_move(&mut rng, &mut buffer).unwrap();
        next.play(mv);
        arrangements += usize::from(mv != pass);
        assert!(next.outcome().is_none(), "the game ended at ply {ply}");
        states.push(next);
    }
    let live = LIVE.load(Ordering::Relaxed) - live_before;
    let second_half = ALLOCATED.load(Ordering::Relaxed) - allocated_half;
    let per_ply = live / PLIES as isize;
    let allocated_per_ply = second_half / (PLIES / 2);
    eprintln!(
        "{PLIES} plies kept: {per_ply} heap bytes per ply beyond the {}-byte states; \
         {allocated_per_ply} bytes allocated per ply in the second half",
        std::mem::size_of::<GridDiffusion>()
    );
    assert!(
        per_ply <= LIVE_BYTES_PER_PLY,
        "{per_ply} heap bytes per kept ply"
    );
    assert!(
        allocated_per_ply <= ALLOCATED_BYTES_PER_PLY,
        "{allocated_per_ply} bytes allocated per ply late in the game"
    );
    // Every kept state still holds exactly its own history.
    assert_eq!(states.last().unwrap().ko_history_len(), arrangements);
    assert!(states
        .windows(2)
        .all(|w| w[1].ko_history_len() - w[0].ko_history_len() <= 1));
}
