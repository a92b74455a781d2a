//! The learned agent reaches perfect play at tic-tac-toe from self-play
//! alone, judged against exhaustive minimax over every position it can
//! meet, from either seat, against every reply.

use std::collections::HashMap;
use std::time::Instant;

use tabula::az::{puct, Net, PuctConfig, TrainConfig, Trainer, Tree};
use tabula::prelude::*;
use tabula::rng::seeded;
use tabula_example_tictactoe::TicTacToe;

/// The game's value for the seat to move (1 win, 0.5 draw, 0 loss).
fn minimax(state: &TicTacToe, memo: &mut HashMap<u64, f32>) -> f32 {
    if let Some(outcome) = state.outcome() {
        // The seat to move after the game ended: judged from its side.
        return outcome.score(state.to_move());
    }
    if let Some(&v) = memo.get(&state.key()) {
        return v;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let best = moves
        .iter()
        .map(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            1.0 - minimax(&next, memo)
        })
        .fold(0.0, f32::max);
    memo.insert(state.key(), best);
    best
}

/// The move PUCT with `net` and `simulations` simulations plays.
fn az_move(net: &Net, state: &TicTacToe, simulations: u32) -> <TicTacToe as Game>::Move {
    let mut trees = [Tree::new(state.clone())];
    puct::search_batch(
        &mut trees,
        net,
        &PuctConfig::default(),
        simulations,
        &mut [seeded(0)],
    );
    trees[0].children()[0].mv
}

/// The positions (from either seat, against every reply) where the agent's
/// move gives away value.
fn mistakes(net: &Net, simulations: u32) -> usize {
    let mut memo = HashMap::new();
    let mut seen = HashMap::new();
    let start = TicTacToe::from_spec("tictactoe").unwrap();
    let mut count = 0;
    for seat in 0..2 {
        let mut stack = vec![start.clone()];
        while let Some(state) = stack.pop() {
            if state.outcome().is_some() || seen.insert((seat, state.key()), ()).is_some() {
                continue;
            }
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            if state.to_move() == seat {
                let mv = az_move(net, &state, simulations);
                let mut next = state.clone();
                next.play(mv);
                let kept = 1.0 - minimax(&next, &mut memo);
                if kept < minimax(&state, &mut memo) {
                    count += 1;
                }
                stack.push(next);
            } else {
                for mv in moves {
                    let mut next = state.clone();
                    next.play(mv);
                    stack.push(next);
                }
            }
        }
    }
    count
}

#[test]
fn self_play_reaches_perfect_play() {
    const SIMULATIONS: u32 = 24;
    let start = TicTacToe::from_spec("tictactoe").unwrap();
    let config = TrainConfig {
        hidden: 32,
        blocks: 1,
        simulations: 48,
        games_per_iteration: 32,
        temperature_plies: 9,
        buffer: 4000,
        batch: 64,
        steps_per_iteration: 48,
        learning_rate: 5e-3,
        eval_every: 0,
        ..TrainConfig::new("tictactoe")
    };
    let shape = tabula::az::header_for(&start, "tictactoe", 32, 1).shape;
    let untrained = mistakes(&Net::untrained(shape), SIMULATIONS);
    assert!(
        untrained > 0,
        "the search alone is not perfect at this budget"
    );
    let mut trainer = Trainer::new(start, config);
    let started = Instant::now();
    let mut history = Vec::new();
    for _ in 0..200 {
        trainer.iterate();
        let found = mistakes(trainer.net(), SIMULATIONS);
        history.push(found);
        if found == 0 {
            break;
        }
    }
    println!(
        "untrained: {untrained} mistakes; after each iteration: {history:?} ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(
        history.last(),
        Some(&0),
        "mistakes by iteration: {history:?} (untrained: {untrained})"
    );
}
