//! `Game` and `State`: a game variant, and one position of it, shaped like
//! OpenSpiel's `pyspiel.Game` and `pyspiel.State`.

use std::cell::Cell;
use std::sync::Arc;

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList, PyString};
use tabula::{AnyGame, MoveError, Outcome};

use crate::{registry, value_error};

/// OpenSpiel's player id for a finished game: `current_player()` then.
pub const TERMINAL: i64 = -4;

thread_local! {
    /// The buffer `State.legal_actions` fills before it builds its list, so
    /// that a Python loop asking every move allocates no `Vec`. Taken and
    /// put back: a call made meanwhile (from a finalizer that allocating
    /// the list runs) finds it empty and uses a new one.
    static ACTIONS: Cell<Vec<usize>> = const { Cell::new(Vec::new()) };
}

/// A game variant, e.g. `calcala(players=3)`: what `load_game` returns.
#[pyclass(frozen, module = "tabula")]
pub struct Game {
    /// The variant's start position, shared with every state started from
    /// it (`undo_action` replays from there).
    start: Arc<dyn AnyGame>,
}

impl Game {
    /// The variant a spec names; a bad spec is a `ValueError` with the
    /// REPL's message.
    pub fn load(spec: &str) -> PyResult<Game> {
        let start = registry().create(spec).map_err(value_error)?;
        Ok(Game {
            start: Arc::from(start),
        })
    }
}

#[pymethods]
impl Game {
    /// The start position.
    fn new_initial_state(&self) -> State {
        State::new(self.start.clone())
    }

    /// The position a position text describes (the REPL's `setup`), in
    /// this variant; a bad text is a `ValueError`.
    fn new_state(&self, position: &str) -> PyResult<State> {
        let game = self.start.with_position(position).map_err(value_error)?;
        Ok(State::new(Arc::from(game)))
    }

    /// The state `State.serialize` wrote, history included (OpenSpiel's
    /// `deserialize_state`). Text that is not one of this variant's
    /// serialized states is a `ValueError` saying which line is wrong.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        let mut lines = text.split('\n');
        let corrupt = |line: usize, why: String| {
            value_error(format!(
                "not a serialized state of {}: line {line}: {why}",
                self.start.spec()
            ))
        };
        let position = lines.next().unwrap_or_default();
        let start: Arc<dyn AnyGame> = Arc::from(
            self.start
                .with_position(position)
                .map_err(|error| corrupt(1, error.to_string()))?,
        );
        let mut state = State::new(start);
        for (index, line) in lines.enumerate() {
            let action = line
                .parse()
                .map_err(|_| corrupt(index + 2, format!("`{line}` is not an action number")))?;
            state
                .game
                .play_action(action)
                .map_err(|error| corrupt(index + 2, error.to_string()))?;
            state.played(action);
        }
        Ok(state)
    }

    /// The most moves a game of this variant can last, where the rules
    /// bound it (tic-tac-toe: one per cell); `None` where they do not, and
    /// a caller who needs a bound sets one (PettingZoo's `max_moves`, the
    /// arena's `max_plies`).
    fn max_game_length(&self) -> Option<usize> {
        self.start.max_game_length()
    }

    /// Seats in this variant.
    fn num_players(&self) -> usize {
        self.start.players()
    }

    /// How many action numbers the variant uses: every legal action of
    /// every state is below it.
    fn num_distinct_actions(&self) -> usize {
        self.start.action_count()
    }

    /// The shape of `State.observation_tensor`, outermost first.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.start.observation_shape()
    }

    /// The number of values in `State.observation_tensor`.
    fn observation_tensor_size(&self) -> usize {
        self.start.observation_shape().iter().product()
    }

    /// The rules as implemented (the REPL's `rules`).
    fn rules(&self) -> &'static str {
        self.start.rules()
    }

    /// The registry name, e.g. `"calcala"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.start.name()
    }

    /// The canonical spec, showing non-default parameters.
    #[getter]
    fn spec(&self) -> String {
        self.start.spec()
    }

    fn __str__(&self) -> String {
        self.start.spec()
    }

    /// Pickled as its spec, as OpenSpiel's games are.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let load = py.import("tabula._tabula")?.getattr("load_game")?;
        Ok((load, (self.start.spec(),)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let spec = PyString::new(py, &self.start.spec());
        Ok(format!("tabula.load_game({})", spec.repr()?))
    }
}

/// One position of a game, with the actions played to reach it.
#[pyclass(module = "tabula")]
pub struct State {
    game: Box<dyn AnyGame>,
    /// The state `history` starts from: `undo_action` replays from it and
    /// `serialize` writes it, so both keep the history (which games with a
    /// ko rule judge by).
    start: Arc<dyn AnyGame>,
    /// `game.outcome()`, kept since the last move: Python loops ask for it
    /// several times a move, and games compute it.
    outcome: Option<Outcome>,
    /// The actions applied since `new_initial_state` or `new_state`.
    history: Vec<usize>,
}

impl State {
    fn new(start: Arc<dyn AnyGame>) -> State {
        State {
            outcome: start.outcome(),
            game: start.clone_box(),
            start,
            history: Vec::new(),
        }
    }

    /// Records a move just played.
    fn played(&mut self, action: usize) {
        self.outcome = self.game.outcome();
        self.history.push(action);
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The state as the framework sees it.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// `player` as a seat of this game, or a `ValueError`.
    fn seat(&self, player: i64) -> PyResult<usize> {
        let players = self.game.players();
        usize::try_from(player)
            .ok()
            .filter(|&seat| seat < players)
            .ok_or_else(|| {
                value_error(format!(
                    "player {player} is not a seat of {} (0 to {})",
                    self.game.spec(),
                    players - 1
                ))
            })
    }

    /// `action` as an action number: a `ValueError` for a negative or huge
    /// number (as for any number that is no move), a `TypeError` for a
    /// non-integer.
    fn action_number(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        let no_move = |text: String| {
            value_error(MoveError::syntax(
                &text,
                format!(
                    "the action number of a move of {} (0 to {})",
                    self.game.name(),
                    self.game.action_count().saturating_sub(1)
                ),
            ))
        };
        match action.extract::<i64>() {
            Ok(number) => usize::try_from(number).map_err(|_| no_move(number.to_string())),
            Err(error) if error.is_instance_of::<PyOverflowError>(action.py()) => {
                Err(no_move(action.str()?.to_string()))
            }
            Err(error) => Err(error),
        }
    }

    /// `State.legal_actions` (a C method: see `fast_calls`): the legal
    /// moves' action numbers in ascending order, as OpenSpiel lists them
    /// (games generate them in an order of their own: Differo's and Grid
    /// Diffusion's is not ascending); empty once the game is over, or for a
    /// `player` who is not to move.
    pub(crate) fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        if !self.acts(player)? {
            return Ok(PyList::empty(py));
        }
        let mut actions = ACTIONS.take();
        self.game.legal_actions_into(&mut actions);
        actions.sort_unstable();
        let list = PyList::new(py, &actions);
        ACTIONS.set(actions);
        list
    }

    /// `State.apply_action` (a C method: see `fast_calls`): plays the move
    /// with this action number. An illegal one is a `ValueError` with the
    /// REPL's message, and the state is unchanged.
    pub(crate) fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let number = self.action_number(action)?;
        self.game.play_action(number).map_err(value_error)?;
        self.played(number);
        Ok(())
    }

    /// The seat an observation is for: `player`, or the seat to move when
    /// `None` (an error once the game is over).
    fn observer(&self, player: Option<i64>) -> PyResult<usize> {
        match player {
            Some(player) => self.seat(player),
            None if self.outcome.is_some() => Err(value_error(
                "the game is over: name the player to observe for",
            )),
            None => Ok(self.game.to_move()),
        }
    }

    /// The text of `action` when `player` may play it now; else a
    /// `ValueError` saying why (for `Agent.inform_action`).
    pub(crate) fn checked_move(&self, player: i64, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = self.seat(player)?;
        let number = self.action_number(action)?;
        if self.outcome.is_some() {
            return Err(value_error("the game is over"));
        }
        if seat != self.game.to_move() {
            return Err(value_error(format!(
                "player {seat} is not to move: player {} is",
                self.game.to_move()
            )));
        }
        self.game
            .clone_box()
            .play_action(number)
            .map_err(value_error)?;
        self.game.action_text(number).map_err(value_error)
    }

    /// Whether `player` (the seat to move when `None`) may act now.
    fn acts(&self, player: Option<i64>) -> PyResult<bool> {
        if self.outcome.is_some() {
            return Ok(false);
        }
        match player {
            None => Ok(true),
            Some(player) => Ok(self.seat(player)? == self.game.to_move()),
        }
    }
}

#[pymethods]
impl State {
    /// The seat to move (0, 1, ...), or `TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i64 {
        match self.outcome {
            Some(_) => TERMINAL,
            None => self.game.to_move() as i64,
        }
    }

    /// One 0/1 entry per action number, 1 for the legal ones.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<i32>> {
        let mut mask = vec![0; self.game.action_count()];
        if self.acts(player)? {
            self.game
                .legal_actions()
                .into_iter()
                .for_each(|a| mask[a] = 1);
        }
        Ok(mask)
    }

    /// `legal_actions_mask(player)` as bytes (`numpy.frombuffer` reads
    /// them as int8): for the PettingZoo environment, which would
    /// otherwise build a list of Python integers to convert every step.
    fn _legal_actions_mask_bytes<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let mut mask = vec![0u8; self.game.action_count()];
        if self.acts(Some(player))? {
            let mut actions = ACTIONS.take();
            self.game.legal_actions_into(&mut actions);
            actions.iter().for_each(|&a| mask[a] = 1);
            ACTIONS.set(actions);
        }
        Ok(PyByteArray::new(py, &mask))
    }

    /// The canonical texts of the legal moves, in the order of
    /// `legal_actions` (ascending action numbers).
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        let mut actions = self.game.legal_actions();
        actions.sort_unstable();
        actions
            .into_iter()
            .map(|action| self.game.action_text(action).map_err(value_error))
            .collect()
    }

    /// The move text of an action number, legal here or not:
    /// `action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (player_or_action, action = None, /))]
    fn action_to_string(
        &self,
        player_or_action: &Bound<'_, PyAny>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let action = match action {
            Some(action) => {
                self.seat(player_or_action.extract()?)?;
                action
            }
            None => player_or_action,
        };
        let number = self.action_number(action)?;
        self.game.action_text(number).map_err(value_error)
    }

    /// The action number of a move text (read as the REPL reads it, legal
    /// here or not): `string_to_action(text)` or OpenSpiel's
    /// `string_to_action(player, text)`.
    #[pyo3(signature = (player_or_text, text = None, /))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<usize> {
        let text = match text {
            Some(text) => {
                self.seat(player_or_text.extract()?)?;
                text.to_string()
            }
            None => player_or_text.extract()?,
        };
        self.game.parse_action(&text).map_err(value_error)
    }

    /// Plays a move given as text (as typed in the REPL); returns its
    /// canonical text. An illegal or unreadable move is a `ValueError`.
    fn apply_move(&mut self, text: &str) -> PyResult<String> {
        let number = self.game.parse_action(text).map_err(value_error)?;
        let canonical = self.game.play(text).map_err(value_error)?;
        self.played(number);
        Ok(canonical)
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            game: self.game.clone_box(),
            start: self.start.clone(),
            outcome: self.outcome,
            history: self.history.clone(),
        }
    }

    /// A copy with `action` applied, this state unchanged (OpenSpiel's
    /// `child`); an illegal action is a `ValueError`.
    fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<State> {
        let mut child = self.clone();
        child.apply_action(action)?;
        Ok(child)
    }

    /// Takes back the last action, which must be `action`, played by
    /// `player` (OpenSpiel's `undo_action`). The position is replayed from
    /// the start of the history rather than unmade move by move: no game
    /// needs an undo of its own, so none can get it wrong. Anything but
    /// the last action, or nothing to undo, is a `ValueError` and changes
    /// nothing.
    fn undo_action(&mut self, player: i64, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self.seat(player)?;
        let number = self.action_number(action)?;
        let Some((&last, earlier)) = self.history.split_last() else {
            return Err(value_error(
                "nothing to undo: no action was applied since this state's start",
            ));
        };
        let mut before = self.start.clone_box();
        for &action in earlier {
            before.play_action(action).map_err(value_error)?;
        }
        if (last, before.to_move()) != (number, seat) {
            return Err(value_error(format!(
                "the last action is {last} ({}) by player {}, not {number} by player {seat}",
                before.action_text(last).map_err(value_error)?,
                before.to_move()
            )));
        }
        self.game = before;
        self.outcome = self.game.outcome();
        self.history.pop();
        Ok(())
    }

    /// The state as text, history included: the start position's text on
    /// the first line, then each action applied since, one per line.
    /// `Game.deserialize_state` reads it back (OpenSpiel's `serialize`).
    fn serialize(&self) -> String {
        let mut text = self.start.position();
        for action in &self.history {
            text.push('\n');
            text.push_str(&action.to_string());
        }
        text
    }

    /// Pickled as its game and `serialize()`, as OpenSpiel's states are.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let game = Bound::new(py, self.get_game()?)?;
        Ok((game.getattr("deserialize_state")?, (self.serialize(),)))
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.outcome.is_some()
    }

    /// Always `False`: Tabula's games have no chance moves.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Each seat's return: 0 while the game runs; at the end, zero-sum as
    /// in OpenSpiel: +1 / -1 for the winner and loser of a two-player
    /// game, 0 each for a draw, and with `n` seats and `k` winners
    /// `n / k - 1` for each winner and -1 for the others.
    fn returns(&self) -> Vec<f64> {
        let players = self.game.players();
        match self.outcome {
            None => vec![0.0; players],
            Some(outcome) => returns(&outcome, players),
        }
    }

    /// `returns()[player]`.
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let seat = self.seat(player)?;
        Ok(self.returns()[seat])
    }

    /// The winning seats once the game is over (several share a win; every
    /// seat in a draw), `None` while it runs.
    fn winners(&self) -> Option<Vec<usize>> {
        self.outcome.map(|o| o.winners().collect())
    }

    /// What `player` (the seat to move when `None`) observes, flattened:
    /// `Game.observation_tensor_shape()` gives the shape. Each game's
    /// layout is in `docs/python.md`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let seat = self.observer(player)?;
        let mut out = Vec::new();
        self.game.observe(seat, &mut out);
        Ok(out)
    }

    /// `observation_tensor(player)` as the bytes of its float32 values in
    /// the machine's order (`numpy.frombuffer` reads them): for the
    /// PettingZoo environment, which would otherwise build a list of
    /// Python floats to convert every step.
    fn _observation_bytes<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let mut out = Vec::new();
        self.game.observe(self.seat(player)?, &mut out);
        let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyByteArray::new(py, &bytes))
    }

    /// What `player` (the seat to move when `None`) observes, as text:
    /// the board, the same for every seat since every game here hides
    /// nothing (OpenSpiel's `observation_string`).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.observer(player)?;
        Ok(self.game.render(None, false))
    }

    /// The position text (the REPL's `position`; `Game.new_state` reads it).
    fn position(&self) -> String {
        self.game.position()
    }

    /// The board as the REPL draws it; `color` adds ANSI colours.
    #[pyo3(signature = (color = false))]
    fn board(&self, color: bool) -> String {
        self.game.render(None, color)
    }

    /// The action numbers applied since the start state.
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// How many actions were applied since the start state.
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// Seats in this game.
    fn num_players(&self) -> usize {
        self.game.players()
    }

    /// How many action numbers the variant uses (`Game.num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize {
        self.game.action_count()
    }

    /// How the game calls a seat (`"South"`, `"Black"`, `"player 3"`).
    fn seat_name(&self, player: i64) -> PyResult<String> {
        Ok(self.game.seat_name(self.seat(player)?))
    }

    /// The game variant of this state.
    fn get_game(&self) -> PyResult<Game> {
        Game::load(&self.game.spec())
    }

    fn __str__(&self) -> String {
        self.game.render(None, false)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let position = PyString::new(py, &self.game.position());
        Ok(format!(
            "<tabula.State {} {}>",
            self.game.spec(),
            position.repr()?
        ))
    }
}

/// OpenSpiel's zero-sum returns of a finished game (see `State.returns`).
fn returns(outcome: &Outcome, players: usize) -> Vec<f64> {
    let winners = outcome.winners().count().max(1);
    (0..players)
        .map(|seat| match outcome.is_winner(seat) {
            true => players as f64 / winners as f64 - 1.0,
            false => -1.0,
        })
        .collect()
}
