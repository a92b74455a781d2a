//! Playing one whole game between agents, start to end: the loop
//! tournaments and strength tests share (the REPL moves one agent at a
//! time, so that it can show each move).

use std::time::Instant;

use crate::{AnyAgent, AnyControl, Fault};
use tabula_core::any::AnyGame;
use tabula_core::game::Seat;
use tabula_core::outcome::Outcome;

/// A finished (or adjudicated) game.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// Canonical texts of the moves played, from the start.
    pub moves: Vec<String>,
    /// The result; `None` when the game was stopped at `max_plies`. After a
    /// forfeit, every other seat shares the win.
    pub outcome: Option<Outcome>,
    /// The seat that gave up the game, and why (a crash, a hang, an
    /// illegal move): it loses, and the game says so in its record.
    pub forfeit: Option<(Seat, String)>,
    /// Seconds each seat spent choosing its moves, and how many it made.
    pub think_seconds: Vec<f64>,
    /// Moves each seat made (pairs with `think_seconds`).
    pub moves_made: Vec<u32>,
    /// For each move, its mover's expected score (0 to 1) by its own
    /// search: the chosen move's value in the search's report. `None` for a
    /// move made without a search (random, greedy, a single legal move):
    /// the values a study's drama metrics read along a game.
    pub values: Vec<Option<f32>>,
}

impl PlayedGame {
    /// Stopped at the ply limit: reported, never counted as a result.
    pub fn adjudicated(&self) -> bool {
        self.outcome.is_none()
    }
}

/// A game cut short by Tabula's own failure ([`Fault::Tabula`]) while
/// `seat`'s agent chose: it has no result, and no agent lost it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat}: {reason} (Tabula's own failure, not the agent's)")]
pub struct Unplayable {
    /// The seat whose agent was choosing.
    pub seat: Seat,
    /// What failed.
    pub reason: String,
}

/// Plays from `start` with `agents[seat]` choosing for each seat, until the
/// game ends, `max_plies` moves were made, or a seat forfeits; an `Err`
/// when Tabula itself failed.
pub fn play_game(
    start: &dyn AnyGame,
    agents: &mut [Box<dyn AnyAgent>],
    max_plies: usize,
) -> Result<PlayedGame, Unplayable> {
    play_game_watched(start, agents, max_plies, &mut |_| {})
}

/// [`play_game`], telling `watch` the moves so far after each move: how a
/// tournament shows its games while they are played.
pub fn play_game_watched(
    start: &dyn AnyGame,
    agents: &mut [Box<dyn AnyAgent>],
    max_plies: usize,
    watch: &mut dyn FnMut(&[String]),
) -> Result<PlayedGame, Unplayable> {
    assert_eq!(agents.len(), start.players(), "one agent per seat");
    let players = start.players();
    let mut state = start.clone_box();
    let mut played = PlayedGame {
        moves: Vec::new(),
        outcome: None,
        forfeit: None,
        think_seconds: vec![0.0; players],
        moves_made: vec![0; players],
        values: Vec::new(),
    };
    while played.moves.len() < max_plies && state.outcome().is_none() {
        let seat = state.to_move();
        let started = Instant::now();
        let chosen = agents[seat].choose(state.as_ref(), &AnyControl::default());
        played.think_seconds[seat] += started.elapsed().as_secs_f64();
        played.moves_made[seat] += 1;
        let before = state.clone_box();
        let chosen = match chosen {
            Err(forfeit) if forfeit.fault == Fault::Tabula => {
                return Err(Unplayable {
                    seat,
                    reason: forfeit.reason,
                })
            }
            chosen => chosen,
        };
        let played_move = chosen
            .map_err(|forfeit| forfeit.reason)
            .and_then(|decision| {
                let value = decision
                    .search
                    .as_ref()
                    .and_then(|s| s.value_of(&decision.mv));
                state
                    .play(&decision.mv)
                    .map(|mv| (mv, value))
                    .map_err(|e| format!("illegal move: {e}"))
            });
        match played_move {
            Ok((mv, value)) => {
                played.values.push(value);
                for agent in agents.iter_mut() {
                    agent.observe(before.as_ref(), &mv);
                }
                played.moves.push(mv);
                watch(&played.moves);
            }
            Err(reason) => {
                played.forfeit = Some((seat, reason));
                if players > 1 {
                    played.outcome = Some(Outcome::shared((0..players).filter(|&s| s != seat)));
                }
                return Ok(played);
            }
        }
    }
    played.outcome = state.outcome();
    Ok(played)
}
