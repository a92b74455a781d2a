//! Playing one whole game between agents, start to end: the loop
//! tournaments and strength tests share (the REPL moves one agent at a
//! time, so that it can show each move).

use std::time::Instant;

use crate::any::{AnyAgent, AnyGame};
use crate::error::MoveError;
use crate::outcome::Outcome;

/// A finished (or adjudicated) game.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// Canonical texts of the moves played, from the start.
    pub moves: Vec<String>,
    /// The real result; `None` when the game was stopped at `max_plies`.
    pub outcome: Option<Outcome>,
    /// Seconds each seat spent choosing its moves, and how many it made.
    pub think_seconds: Vec<f64>,
    /// Moves each seat made (pairs with `think_seconds`).
    pub moves_made: Vec<u32>,
}

impl PlayedGame {
    /// Stopped at the ply limit: reported, never counted as a result.
    pub fn adjudicated(&self) -> bool {
        self.outcome.is_none()
    }
}

/// Plays from `start` with `agents[seat]` choosing for each seat, until the
/// game ends or `max_plies` moves were made.
pub fn play_game(
    start: &dyn AnyGame,
    agents: &mut [Box<dyn AnyAgent>],
    max_plies: usize,
) -> Result<PlayedGame, MoveError> {
    assert_eq!(agents.len(), start.players(), "one agent per seat");
    let mut state = start.clone_box();
    let mut played = PlayedGame {
        moves: Vec::new(),
        outcome: None,
        think_seconds: vec![0.0; agents.len()],
        moves_made: vec![0; agents.len()],
    };
    while played.moves.len() < max_plies {
        if let Some(outcome) = state.outcome() {
            played.outcome = Some(outcome);
            break;
        }
        let seat = state.to_move();
        let started = Instant::now();
        let decision = agents[seat].choose(state.as_ref())?;
        played.think_seconds[seat] += started.elapsed().as_secs_f64();
        played.moves_made[seat] += 1;
        let before = state.clone_box();
        played.moves.push(state.play(&decision.mv)?);
        for agent in agents.iter_mut() {
            agent.observe(before.as_ref(), &decision.mv);
        }
    }
    if played.outcome.is_none() {
        played.outcome = state.outcome();
    }
    Ok(played)
}
