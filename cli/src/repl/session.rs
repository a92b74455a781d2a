//! The REPL's state: one game with its history, the seats' agents, and the
//! operations commands perform on them. No I/O here beyond the writer that
//! commands print to, so sessions are easy to test.

use std::path::PathBuf;
use std::sync::Arc;

use tabula::agents::AnyControl;
use tabula::solve::Table;
use tabula::{AgentSpec, AnyAgent, AnyDecision, AnyGame, GameRecord, Registry, Seat};

/// A database loaded with `solve load FILE`, for `solve`.
pub struct Solution {
    pub path: PathBuf,
    pub table: Arc<Table>,
}

/// A game in progress at the REPL.
pub struct Session {
    pub registry: Registry,
    /// `states[i]` is the position after `moves[..i]`; `states[0]` the start.
    states: Vec<Box<dyn AnyGame>>,
    moves: Vec<String>,
    /// Moves taken back by `undo`, most recent last, for `redo`.
    redo: Vec<String>,
    /// Whether `states[0]` is the game's own start (not a `setup`).
    default_start: bool,
    seats: Vec<AgentSpec>,
    /// Built lazily, dropped when the position jumps (undo, setup, load).
    agents: Vec<Option<Box<dyn AnyAgent>>>,
    /// The seed of every agent spec that does not name its own.
    pub seed: u64,
    /// How many of `moves` the user has seen: drawn on a board or told in
    /// words (see [`Session::untold`]).
    told: usize,
    /// The database `solve load` loaded, for `solve`.
    pub solution: Option<Solution>,
}

impl Session {
    pub fn new(registry: Registry, game: Box<dyn AnyGame>) -> Self {
        let players = game.players();
        Session {
            registry,
            states: vec![game],
            moves: Vec::new(),
            redo: Vec::new(),
            default_start: true,
            seats: vec![AgentSpec::human(); players],
            agents: (0..players).map(|_| None).collect(),
            seed: 0,
            told: 0,
            solution: None,
        }
    }

    pub fn current(&self) -> &dyn AnyGame {
        self.states
            .last()
            .expect("a session always has a state")
            .as_ref()
    }

    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    pub fn seats(&self) -> &[AgentSpec] {
        &self.seats
    }

    /// The state before the last move, and that move.
    fn last(&self) -> Option<(&dyn AnyGame, &str)> {
        let i = self.states.len().checked_sub(2)?;
        Some((self.states[i].as_ref(), self.moves.last()?.as_str()))
    }

    /// The board, marking the last move.
    pub fn board(&self, color: bool) -> String {
        self.current().render(self.last(), color)
    }

    /// The board as an SVG picture, if the game draws one.
    pub fn svg(&self) -> Option<String> {
        self.current().svg(self.last())
    }

    /// Marks every move so far as seen: a board showing them was drawn.
    pub fn board_shown(&mut self) {
        self.told = self.moves.len();
    }

    /// What the moves not yet seen did, in words, for games whose move
    /// text does not say it all (Calcala's sowing paths), as `(ply, text)`
    /// with plies from 1; they count as seen afterwards. Asked before a
    /// further move, since a board shows only the last move's path.
    pub fn untold(&mut self) -> Vec<(usize, String)> {
        let told = self.told.min(self.moves.len());
        self.told = self.moves.len();
        (told..self.moves.len())
            .filter_map(|i| Some((i + 1, self.states[i].explain_move(&self.moves[i])?)))
            .collect()
    }

    /// Starts `game` afresh. Seats keep their agents when the number of
    /// players is unchanged; returns whether seated agents were dropped.
    pub fn new_game(&mut self, game: Box<dyn AnyGame>) -> bool {
        let mut dropped = false;
        if game.players() != self.seats.len() {
            dropped = self.seats.iter().any(|s| !s.is_human());
            self.seats = vec![AgentSpec::human(); game.players()];
        }
        self.reset_to(vec![game], Vec::new(), true);
        dropped
    }

    /// The position the moves start from.
    pub fn start(&self) -> &dyn AnyGame {
        self.states[0].as_ref()
    }

    /// Makes `position` the new start (a fresh history).
    pub fn setup(&mut self, position: &str) -> Result<(), String> {
        let game = self
            .current()
            .with_position(position)
            .map_err(|e| e.to_string())?;
        self.reset_to(vec![game], Vec::new(), false);
        Ok(())
    }

    fn reset_to(&mut self, states: Vec<Box<dyn AnyGame>>, moves: Vec<String>, default_start: bool) {
        self.agents = (0..self.seats.len()).map(|_| None).collect();
        self.states = states;
        self.moves = moves;
        self.redo.clear();
        self.default_start = default_start;
        self.told = self.moves.len();
    }

    /// Plays a move given as text; returns its canonical form.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        let canonical = self.advance(text)?;
        self.redo.clear();
        Ok(canonical)
    }

    /// Plays `text` and tells every agent, so searches can keep their trees.
    fn advance(&mut self, text: &str) -> Result<String, String> {
        let before = self.states.last().expect("a session always has a state");
        let mut next = before.clone_box();
        let canonical = next.play(text).map_err(|e| e.to_string())?;
        for agent in self.agents.iter_mut().flatten() {
            agent.observe(before.as_ref(), &canonical);
        }
        self.states.push(next);
        self.moves.push(canonical.clone());
        Ok(canonical)
    }

    /// Takes back up to `plies` moves; returns how many were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let n = plies.min(self.moves.len());
        for _ in 0..n {
            self.states.pop();
            self.redo.push(self.moves.pop().expect("counted"));
        }
        if n > 0 {
            self.agents.iter_mut().for_each(|a| *a = None);
        }
        self.told = self.told.min(self.moves.len());
        n
    }

    /// Replays up to `plies` undone moves; returns how many.
    pub fn redo(&mut self, plies: usize) -> usize {
        let mut done = 0;
        while done < plies {
            let Some(mv) = self.redo.pop() else { break };
            self.advance(&mv)
                .expect("a redo move was legal when it was undone");
            done += 1;
        }
        done
    }

    /// Sets who plays `seat` (0-based).
    pub fn set_agent(&mut self, seat: Seat, spec: AgentSpec) {
        self.seats[seat] = spec;
        self.agents[seat] = None;
    }

    /// Whether the seat to move is played by an agent.
    pub fn agent_to_move(&self) -> bool {
        self.current().outcome().is_none() && !self.seats[self.current().to_move()].is_human()
    }

    /// The agent that plays a human seat for `ai`, `go` and `hint`: MCTS
    /// with its default budget.
    pub fn default_agent(&self) -> AgentSpec {
        self.registry
            .parse_agent("mcts")
            .expect("every registry has the built-in mcts")
    }

    /// Asks the agent of the seat to move (or, for a human seat, a default
    /// MCTS) for a move, without playing it; `control` may stop it early.
    pub fn think(&mut self, control: &AnyControl<'_>) -> Result<(AnyDecision, String), String> {
        let game = self.current().clone_box();
        if game.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        let seat = game.to_move();
        let spec = match &self.seats[seat] {
            spec if spec.is_human() => self.default_agent(),
            spec => spec.clone(),
        };
        let seed = self.seed.wrapping_add(seat as u64 + 1);
        let agent = match &mut self.agents[seat] {
            Some(agent) if agent.spec() == &spec => agent,
            slot => slot.insert(
                self.registry
                    .agent(game.as_ref(), &spec, seed)
                    .map_err(|e| e.to_string())?,
            ),
        };
        let decision = agent
            .choose(game.as_ref(), control)
            .map_err(|e| format!("{spec} gave up: {e}"))?;
        Ok((decision, spec.to_string()))
    }

    /// The record of this session, for `save`.
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::new(
            self.states[0].as_ref(),
            self.default_start,
            self.moves.clone(),
        );
        record.agents = self.seats.iter().map(|s| s.to_string()).collect();
        record.seed = self.seed;
        record
    }

    /// Replaces the session with a record's game, up to `ply` moves.
    pub fn load(&mut self, record: &GameRecord, ply: Option<usize>) -> Result<(), String> {
        let plies = ply.unwrap_or(record.moves.len());
        if plies > record.moves.len() {
            return Err(format!(
                "the record holds {} moves, not {plies}",
                record.moves.len()
            ));
        }
        // Every move is checked, since `redo` steps through those after `ply`.
        let mut states = record
            .replay(&self.registry, None)
            .map_err(|e| e.to_string())?;
        states.truncate(plies + 1);
        let players = states[0].players();
        let mut seats = vec![AgentSpec::human(); players];
        for (seat, text) in record.agents.iter().enumerate().take(players) {
            seats[seat] = self
                .registry
                .parse_agent(text)
                .map_err(|e| format!("record seat {}: {e}", seat + 1))?;
        }
        let default_start = record.start.is_none();
        self.seats = seats;
        self.seed = record.seed;
        self.reset_to(states, record.moves[..plies].to_vec(), default_start);
        // The rest of the record can be stepped through with `redo`.
        self.redo = record.moves[plies..].iter().rev().cloned().collect();
        Ok(())
    }
}
