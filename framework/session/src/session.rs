//! [`Session`]: the game, its history and its seats, and every operation
//! a player makes on them.

use std::path::Path;

use tabula::solve::Identity;
use tabula::{AgentError, AgentSpec, AnyAgent, AnyGame, GameRecord, Registry, Seat};
use tabula_judge::{Exact, JudgedGame};

use crate::records::{read_record, record_name};
use crate::solver::{
    load_table, margin_solver_for, no_solver, solver_for, LoadedMargins, LoadedTable, MarginView,
    SolverAnalysis,
};
use crate::state::{GameOver, GameParams, State};
use crate::think::{Thinking, Thought};
use crate::SessionError;

/// A game in progress: its start and moves, the moves taken back, who
/// plays each seat, and the solution database loaded for it.
pub struct Session {
    registry: Registry,
    /// `states[i]` is the position after `moves[..i]`; `states[0]` the start.
    states: Vec<Box<dyn AnyGame>>,
    moves: Vec<String>,
    /// Moves taken back by `undo`, most recent last, for `redo`.
    redo: Vec<String>,
    /// Whether `states[0]` is the game's own start (not a `setup`).
    default_start: bool,
    seats: Vec<AgentSpec>,
    /// Built when first asked to move, kept while the game goes on (a
    /// search keeps its tree), dropped when the position jumps.
    agents: Vec<Option<Box<dyn AnyAgent>>>,
    /// The seed of every agent spec that does not name its own.
    seed: u64,
    table: Option<LoadedTable>,
    /// The score-margin database loaded for it (Kalah).
    margins: Option<LoadedMargins>,
    /// Counts the changes a background search would miss (a move, a
    /// jump, a seat), so that its move is not played in another position.
    generation: u64,
    /// Agents wait for `ai` or `go` instead of replying at once (see
    /// [`Session::agent_due`]).
    paused: bool,
}

/// A move played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The seat that played it.
    pub seat: Seat,
    /// The move, canonical.
    pub mv: String,
}

/// What a new game did to the seats.
#[derive(Debug, Default)]
pub struct Reseated {
    /// The game has another number of players: every seat is human again.
    pub all_human: bool,
    /// Seats whose agent cannot play the new game (a database or a model
    /// of another variant), made human, with why.
    pub unsuitable: Vec<(Seat, AgentError)>,
}

/// A record loaded by [`Session::load_file`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The moves played now.
    pub plies: usize,
    /// The moves the record holds; `redo` steps through the rest.
    pub moves: usize,
}

impl Session {
    /// A session of `game` from its position, every seat human.
    pub fn new(registry: Registry, game: Box<dyn AnyGame>) -> Session {
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
            table: None,
            margins: None,
            generation: 0,
            paused: false,
        }
    }

    /// The registry games and agents come from.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The position now.
    pub fn current(&self) -> &dyn AnyGame {
        self.states
            .last()
            .expect("a session always has a state")
            .as_ref()
    }

    /// The position the moves start from.
    pub fn start(&self) -> &dyn AnyGame {
        self.states[0].as_ref()
    }

    /// The moves played from the start, canonical.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[AgentSpec] {
        &self.seats
    }

    /// The seed of every agent spec that does not name its own; seat `s`
    /// (from 0) uses it plus `s + 1`.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Sets the seed agents built from now on use.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The state before the last move, and that move: what a board marks.
    pub fn last_move(&self) -> Option<(&dyn AnyGame, &str)> {
        let i = self.states.len().checked_sub(2)?;
        Some((self.states[i].as_ref(), self.moves.last()?.as_str()))
    }

    /// The board as text, marking the last move.
    pub fn board(&self, color: bool) -> String {
        self.current().render(self.last_move(), color)
    }

    /// The board as an SVG picture, if the game draws one.
    pub fn svg(&self) -> Option<String> {
        self.current().svg(self.last_move())
    }

    /// What move `ply` (from 0) did, in words, for games whose move text
    /// does not say it all (Calcala's sowing paths).
    pub fn explain(&self, ply: usize) -> Option<String> {
        self.states.get(ply)?.explain_move(self.moves.get(ply)?)
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameOver> {
        GameOver::of(self.current())
    }

    /// The whole game as one value (`serde_json::to_string` gives the
    /// REPL's `state` line).
    pub fn state(&self) -> State {
        let game = self.current();
        State {
            game: game.name().to_string(),
            params: GameParams::of(game),
            position: game.position(),
            to_move: game.outcome().is_none().then(|| game.to_move()),
            moves: self.moves.clone(),
            seats: (0..game.players()).map(|s| game.seat_name(s)).collect(),
            agents: self.seats.iter().map(ToString::to_string).collect(),
            outcome: self.result(),
        }
    }

    /// Starts a new game from its spec (`diffusion(width=8)`). Seats keep
    /// their agents when the number of players is unchanged; returns
    /// whether seated agents were sent away.
    pub fn new_game(&mut self, spec: &str) -> Result<Reseated, SessionError> {
        let game = self.registry.create(spec)?;
        let mut reseated = Reseated::default();
        if game.players() != self.seats.len() {
            reseated.all_human = self.seats.iter().any(|s| !s.is_human());
            self.seats = vec![AgentSpec::human(); game.players()];
        }
        for seat in 0..self.seats.len() {
            if let Err(why) = self.check_agent(game.as_ref(), seat, &self.seats[seat]) {
                self.seats[seat] = AgentSpec::human();
                reseated.unsuitable.push((seat, why));
            }
        }
        self.reset_to(vec![game], Vec::new(), true);
        Ok(reseated)
    }

    /// Whether `spec` can play seat `seat` of `game`: built once, as the
    /// arena does before its first game, so that a missing file or a model
    /// of another variant is said when the agent is seated, not at its
    /// first move.
    fn check_agent(
        &self,
        game: &dyn AnyGame,
        seat: Seat,
        spec: &AgentSpec,
    ) -> Result<(), AgentError> {
        if spec.is_human() {
            return Ok(());
        }
        let seed = self.seed.wrapping_add(seat as u64 + 1);
        self.registry.agent(game, spec, seed).map(drop)
    }

    /// Makes `position` (a position text of this game) the new start, with
    /// a fresh history.
    pub fn setup(&mut self, position: &str) -> Result<(), SessionError> {
        let game = self.current().with_position(position)?;
        self.reset_to(vec![game], Vec::new(), false);
        Ok(())
    }

    fn reset_to(&mut self, states: Vec<Box<dyn AnyGame>>, moves: Vec<String>, default_start: bool) {
        self.agents = (0..self.seats.len()).map(|_| None).collect();
        self.states = states;
        self.moves = moves;
        self.redo.clear();
        self.default_start = default_start;
        self.generation += 1;
    }

    /// Plays a move a person gives as text; the moves taken back are
    /// forgotten. Refused on an agent's turn: that seat's moves are its
    /// agent's (see [`Session::agent_due`]), so a person takes the seat
    /// over first.
    pub fn play(&mut self, text: &str) -> Result<Played, SessionError> {
        let game = self.current();
        let seat = game.to_move();
        if game.outcome().is_none() && !self.seats[seat].is_human() {
            return Err(SessionError::AgentsSeat {
                seat,
                name: game.seat_name(seat),
                agent: self.seats[seat].to_string(),
            });
        }
        self.play_unchecked(text)
    }

    /// Plays the move an agent found ([`Session::finish`], [`Session::hint`])
    /// for the seat it thought for, whoever plays that seat: `ai` on a
    /// person's seat plays this way too.
    pub fn play_thought(&mut self, thought: &Thought) -> Result<Played, SessionError> {
        if self.current().outcome().is_some() {
            return Err(SessionError::GameOver);
        }
        if thought.seat != self.current().to_move() {
            return Err(SessionError::Stale);
        }
        self.play_unchecked(&thought.mv)
    }

    fn play_unchecked(&mut self, text: &str) -> Result<Played, SessionError> {
        let played = self.advance(text)?;
        self.redo.clear();
        Ok(played)
    }

    /// Plays `text` and tells every agent, so searches can keep their trees.
    fn advance(&mut self, text: &str) -> Result<Played, SessionError> {
        let before = self.states.last().expect("a session always has a state");
        let mut next = before.clone_box();
        let mv = next.play(text)?;
        for agent in self.agents.iter_mut().flatten() {
            agent.observe(before.as_ref(), &mv);
        }
        let seat = before.to_move();
        self.states.push(next);
        self.moves.push(mv.clone());
        self.generation += 1;
        Ok(Played { seat, mv })
    }

    /// Takes back up to `plies` moves; returns how many.
    pub fn undo(&mut self, plies: usize) -> Result<usize, SessionError> {
        if self.moves.is_empty() {
            return Err(SessionError::NothingToUndo);
        }
        let n = plies.min(self.moves.len());
        for _ in 0..n {
            self.states.pop();
            self.redo.push(self.moves.pop().expect("counted"));
        }
        self.agents.iter_mut().for_each(|a| *a = None);
        self.generation += 1;
        Ok(n)
    }

    /// Replays up to `plies` of the moves taken back; returns how many.
    pub fn redo(&mut self, plies: usize) -> Result<usize, SessionError> {
        if self.redo.is_empty() {
            return Err(SessionError::NothingToRedo);
        }
        let mut done = 0;
        while done < plies {
            let Some(mv) = self.redo.pop() else { break };
            self.advance(&mv)
                .expect("a redo move was legal when it was undone");
            done += 1;
        }
        Ok(done)
    }

    /// The seat `text` names: its number from 1, or its name (`north`).
    pub fn seat(&self, text: &str) -> Result<Seat, SessionError> {
        let game = self.current();
        let players = game.players();
        if let Ok(n) = text.parse::<usize>() {
            if (1..=players).contains(&n) {
                return Ok(n - 1);
            }
        }
        (0..players)
            .find(|&s| game.seat_name(s).eq_ignore_ascii_case(text))
            .ok_or_else(|| self.no_seat(text))
    }

    /// `seat` itself when the game has it.
    fn check_seat(&self, seat: Seat) -> Result<Seat, SessionError> {
        match seat < self.seats.len() {
            true => Ok(seat),
            false => Err(self.no_seat(&(seat + 1).to_string())),
        }
    }

    fn no_seat(&self, text: &str) -> SessionError {
        let game = self.current();
        SessionError::NoSeat {
            text: text.to_string(),
            seats: (0..game.players())
                .map(|s| format!("{} ({})", s + 1, game.seat_name(s)))
                .collect(),
        }
    }

    /// Seats the agent `spec` (`mcts(iterations=20000)`, `human`) at
    /// `seat` (from 0).
    pub fn set_seat(&mut self, seat: Seat, spec: &str) -> Result<&AgentSpec, SessionError> {
        let seat = self.check_seat(seat)?;
        let spec = self.registry.parse_agent(spec)?;
        self.check_agent(self.current(), seat, &spec)?;
        self.seats[seat] = spec;
        self.agents[seat] = None;
        self.generation += 1;
        Ok(&self.seats[seat])
    }

    /// Swaps who plays seats `a` and `b` (from 0), agents and all.
    pub fn swap_seats(&mut self, a: Seat, b: Seat) -> Result<(), SessionError> {
        let (a, b) = (self.check_seat(a)?, self.check_seat(b)?);
        self.seats.swap(a, b);
        self.agents.swap(a, b);
        self.generation += 1;
        Ok(())
    }

    /// Whether the seat to move is played by an agent.
    pub fn agent_to_move(&self) -> bool {
        self.current().outcome().is_none() && !self.seats[self.current().to_move()].is_human()
    }

    /// Whether a person plays some seat: agents then reply to their moves
    /// at once, while with agents alone only an explicit request moves.
    pub fn human_seated(&self) -> bool {
        self.seats.iter().any(AgentSpec::is_human)
    }

    /// The one rule for when seated agents move by themselves: whenever
    /// the seat to move is an agent's, a person is seated too, and agents
    /// are not paused. A front end asks after every operation that changes
    /// the position or the seats (a move, `undo`, `redo`, `load`,
    /// `setup`, a new game, seating) and lets the agent play
    /// ([`Session::think`], then [`Session::play_thought`]; or
    /// [`Session::reply`]). With agents alone only an explicit request
    /// moves, so that seating the last agent does not play a whole game.
    pub fn agent_due(&self) -> bool {
        !self.paused && self.human_seated() && self.agent_to_move()
    }

    /// Whether agents wait for an explicit request (see [`Session::agent_due`]).
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Pauses the agents (they play only when asked), or lets them reply
    /// again: to study a position where an agent is to move.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Lets each agent that is due ([`Session::agent_due`]) play, waiting
    /// for each search, until a person is to move, the game ends or agents
    /// are paused; returns what each agent found, in order. Front ends
    /// that show a search's progress drive [`Session::think`] themselves.
    pub fn reply(&mut self) -> Result<Vec<Thought>, SessionError> {
        let mut thoughts = Vec::new();
        while self.agent_due() {
            thoughts.push(self.agent_move()?);
        }
        Ok(thoughts)
    }

    /// Drops the agent kept for `seat` between moves (an MCTS tree kept
    /// for reuse, an engine's process); its next move builds it afresh.
    /// For a server that must not hold every open game's trees while
    /// they wait for a person.
    pub fn forget_agent(&mut self, seat: Seat) {
        if let Some(agent) = self.agents.get_mut(seat) {
            *agent = None;
        }
    }

    /// The agent that plays for a human seat when asked (a hint, `go
    /// all`): MCTS with its default budget.
    pub fn default_agent(&self) -> AgentSpec {
        self.registry
            .parse_agent("mcts")
            .expect("every registry has the built-in mcts")
    }

    /// Starts the agent of the seat to move (the default agent for a
    /// human seat) thinking in the background; [`Session::finish`]
    /// collects its move.
    pub fn think(&mut self) -> Result<Thinking, SessionError> {
        let game = self.current().clone_box();
        if game.outcome().is_some() {
            return Err(SessionError::GameOver);
        }
        let seat = game.to_move();
        let spec = match &self.seats[seat] {
            spec if spec.is_human() => self.default_agent(),
            spec => spec.clone(),
        };
        let agent = match self.agents[seat].take_if(|agent| agent.spec() == &spec) {
            Some(agent) => agent,
            None => {
                let seed = self.seed.wrapping_add(seat as u64 + 1);
                self.registry.agent(game.as_ref(), &spec, seed)?
            }
        };
        Ok(Thinking::start(agent, game, self.generation))
    }

    /// Waits for `thinking` to end and returns its move, unplayed. Refused
    /// when the game changed meanwhile (the move belongs to a position
    /// that is gone) or the agent gave up.
    pub fn finish(&mut self, thinking: Thinking) -> Result<Thought, SessionError> {
        let (seat, generation) = (thinking.seat, thinking.generation);
        let spec = thinking.spec.clone();
        let (agent, answer) = thinking.join();
        if generation != self.generation {
            return Err(SessionError::Stale);
        }
        self.agents[seat] = Some(agent);
        let decision = answer.map_err(|forfeit| SessionError::GaveUp {
            agent: spec.to_string(),
            forfeit,
        })?;
        let forced = self.current().legal_moves().len() == 1;
        let exact = self.exact().ok();
        Ok(Thought::new(seat, &spec, decision, forced, exact))
    }

    /// The move to suggest, without playing it: perfect play's, from the
    /// loaded database, where it covers the position ([`Session::exact_hint`]);
    /// else the seat to move's agent's (the default agent for a human
    /// seat), waiting for its search.
    pub fn hint(&mut self) -> Result<Thought, SessionError> {
        if let Some(thought) = self.exact_hint() {
            return Ok(thought);
        }
        let thinking = self.think()?;
        self.finish(thinking)
    }

    /// The move perfect play makes here (the first best move in the
    /// game's order), read from the loaded database with no search, and
    /// every move's exact value; `None` when no loaded database covers
    /// the position or the game is over. Its agent is `database`.
    pub fn exact_hint(&self) -> Option<Thought> {
        let game = self.current();
        if game.outcome().is_some() {
            return None;
        }
        let exact = self.exact().ok()?;
        Some(Thought {
            seat: game.to_move(),
            agent: "database".to_string(),
            mv: exact.best()?.mv.clone(),
            forced: exact.moves.len() == 1,
            search: None,
            exact: Some(exact),
        })
    }

    /// The seat to move's agent (the default agent for a human seat)
    /// plays; waits for the search.
    pub fn agent_move(&mut self) -> Result<Thought, SessionError> {
        let thinking = self.think()?;
        let thought = self.finish(thinking)?;
        self.play_thought(&thought)?;
        Ok(thought)
    }

    /// The record of this game, for saving.
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::new(
            self.states[0].as_ref(),
            self.default_start,
            self.moves.clone(),
        );
        record.agents = self.seats.iter().map(ToString::to_string).collect();
        record.seed = self.seed;
        record
    }

    /// Saves the record of this game to `path`, as one line of JSON.
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        // Replaced whole: a failed write (a full disk) keeps the old save.
        let json = self.record().to_json() + "\n";
        tabula::files::replace(path, json.as_bytes()).map_err(|error| SessionError::Write {
            path: path.to_path_buf(),
            error,
        })
    }

    /// Replaces this game with `record`'s, up to `ply` moves (default:
    /// all); `redo` steps through the rest.
    pub fn load(&mut self, record: &GameRecord, ply: Option<usize>) -> Result<(), SessionError> {
        let plies = ply.unwrap_or(record.moves.len());
        if plies > record.moves.len() {
            return Err(SessionError::PlyBeyondRecord {
                held: record.moves.len(),
                asked: plies,
            });
        }
        // Every move is checked, since `redo` steps through those after `ply`.
        let mut states = record.replay(&self.registry, None)?;
        states.truncate(plies + 1);
        let players = states[0].players();
        let mut seats = vec![AgentSpec::human(); players];
        for (seat, text) in record.agents.iter().enumerate().take(players) {
            seats[seat] =
                self.registry
                    .parse_agent(text)
                    .map_err(|error| SessionError::RecordSeat {
                        seat: seat + 1,
                        error,
                    })?;
        }
        self.seats = seats;
        self.seed = record.seed;
        self.reset_to(
            states,
            record.moves[..plies].to_vec(),
            record.start.is_none(),
        );
        self.redo = record.moves[plies..].iter().rev().cloned().collect();
        Ok(())
    }

    /// Loads record `index` (from 1; `None`: the only one) of the file at
    /// `path`, up to `ply` moves (see [`Session::load`]).
    pub fn load_file(
        &mut self,
        path: &Path,
        index: Option<usize>,
        ply: Option<usize>,
    ) -> Result<Loaded, SessionError> {
        let record = read_record(path, index)?;
        self.load(&record, ply)
            .map_err(|error| SessionError::InFile {
                file: record_name(path, index),
                error: Box::new(error),
            })?;
        Ok(Loaded {
            plies: self.moves.len(),
            moves: record.moves.len(),
        })
    }

    /// Loads the solution database at `path` for this game's variant;
    /// returns what it solves.
    pub fn load_table(&mut self, path: &Path) -> Result<&Identity, SessionError> {
        let game = self.current();
        let solver = solver_for(&self.registry, game)?;
        let table = load_table(solver, game, path)?;
        let loaded = self.table.insert(LoadedTable {
            path: path.to_path_buf(),
            table,
        });
        Ok(loaded.table.identity())
    }

    /// Loads the database at `path` of whichever kind this game is solved
    /// by (win/loss, or score margin for Kalah); returns what it solves.
    pub fn load_database(&mut self, path: &Path) -> Result<String, SessionError> {
        match self.scored() {
            true => self.load_margins(path),
            false => self.load_table(path).map(|identity| identity.to_string()),
        }
    }

    /// Whether this game has an exact solver, win/loss or by score margin
    /// (and so loading a database and `solve` can work).
    pub fn solvable(&self) -> Result<(), SessionError> {
        let game = self.current();
        match self.scored() || self.registry.solver(game.name()).is_some() {
            true => Ok(()),
            false => {
                let mut solvable = self.registry.solvable_names();
                solvable.extend(self.registry.margin_solvable_names());
                Err(no_solver(game, solvable))
            }
        }
    }

    /// Whether this game is solved by score margin (Kalah) rather than
    /// win/loss: its database is loaded by [`Session::load_margins`].
    pub fn scored(&self) -> bool {
        self.registry.margin_solver(self.current().name()).is_some()
    }

    /// Loads the score-margin database at `path` for this game's variant;
    /// returns what it solves.
    pub fn load_margins(&mut self, path: &Path) -> Result<String, SessionError> {
        let game = self.current();
        let solver = margin_solver_for(&self.registry, game)?;
        let table = solver.load(path, game).map_err(SessionError::Solver)?;
        let solves = table.identity().to_string();
        self.margins = Some(LoadedMargins {
            path: path.to_path_buf(),
            table: std::sync::Arc::new(table),
        });
        Ok(solves)
    }

    /// The best margin of the position and of every legal move, from the
    /// database [`Session::load_margins`] loaded.
    pub fn solve_margins(&self) -> Result<MarginView, SessionError> {
        self.margins_of(self.current()).map(MarginView::of)
    }

    /// The exact value of the position and of every legal move, from the
    /// database [`Session::load_table`] loaded.
    pub fn solve(&self) -> Result<SolverAnalysis, SessionError> {
        self.results_of(self.current()).map(SolverAnalysis::of)
    }

    /// The exact values of the position and of every legal move, best
    /// first, from the database loaded of whichever kind this game is
    /// solved by.
    pub fn exact(&self) -> Result<Exact, SessionError> {
        self.exact_of(self.current())
    }

    /// Every move of `record` judged against the loaded database (see
    /// `tabula_judge::judge_game`): what each kept or gave away, the
    /// tournament's opening plies marked. For a judged replay: the
    /// database must cover the record's game and variant.
    pub fn judge(&self, record: &GameRecord) -> Result<JudgedGame, SessionError> {
        tabula_judge::judge_game(&self.registry, record, |state| self.exact_of(state))
    }

    fn exact_of(&self, game: &dyn AnyGame) -> Result<Exact, SessionError> {
        match self.registry.margin_solver(game.name()) {
            Some(_) => self.margins_of(game),
            None => self.results_of(game),
        }
    }

    fn margins_of(&self, game: &dyn AnyGame) -> Result<Exact, SessionError> {
        let solver = margin_solver_for(&self.registry, game)?;
        let margins = self
            .margins
            .as_ref()
            .ok_or_else(|| SessionError::NoDatabase { game: game.spec() })?;
        margins.exact(solver, game)
    }

    fn results_of(&self, game: &dyn AnyGame) -> Result<Exact, SessionError> {
        let solver = solver_for(&self.registry, game)?;
        let table = self
            .table
            .as_ref()
            .ok_or_else(|| SessionError::NoDatabase { game: game.spec() })?;
        table.exact(solver, game)
    }
}
