//! `Agent` (any agent kind, by spec) and the arena: the searches run with
//! the GIL released.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use tabula::agents::AnyControl;
use tabula::{AgentSpec, AnyAgent};

use crate::game::State;
use crate::{registry, value_error};

/// An agent of any registered kind, e.g. `Agent("mcts(iterations=1000)")`.
#[pyclass(frozen, module = "tabula")]
pub struct Agent {
    spec: AgentSpec,
    seed: u64,
    /// The agent built for the game it last played, with that game's spec:
    /// agents are typed by game, so another game builds another.
    built: Mutex<Option<(String, Box<dyn AnyAgent>)>>,
    /// Set by `stop` (or Ctrl-C): the search answers at once.
    stop: AtomicBool,
    /// Whether a `step` is running.
    thinking: AtomicBool,
    /// The report of the last `step`'s search, if it searched.
    last_search: Mutex<Option<Search>>,
}

/// A search's report with moves as action numbers: `Agent.last_search`.
struct Search {
    iterations: u64,
    nodes: usize,
    seconds: f64,
    value: f32,
    /// `(action, visits, value)` of the root's moves, best first.
    moves: Vec<(usize, u32, f32)>,
}

#[pymethods]
impl Agent {
    /// An agent from a spec such as `mcts(iterations=1000)`; `seed` seeds
    /// it unless the spec has a `seed` of its own. A bad spec is a
    /// `ValueError` with the REPL's message.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Agent> {
        let spec = registry().parse_agent(spec).map_err(value_error)?;
        if spec.is_human() {
            return Err(value_error(format!(
                "`human` is a person's seat, not an agent; choose one of: {}",
                crate::registered_agents().join(", ")
            )));
        }
        Ok(Agent {
            spec,
            seed,
            built: Mutex::new(None),
            stop: AtomicBool::new(false),
            thinking: AtomicBool::new(false),
            last_search: Mutex::new(None),
        })
    }

    /// Chooses a move for the seat to move in `state` and returns its
    /// action number (it does not play it). The GIL is released while the
    /// agent thinks, so other Python threads run (and search) meanwhile;
    /// `stop()` makes it answer at once, and Ctrl-C (on the main thread)
    /// stops the search and raises `KeyboardInterrupt`.
    fn step(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        let state: &State = &state;
        let game = state.game();
        if state.outcome().is_some() {
            return Err(value_error("the game is over"));
        }
        let interrupt = &self.stop;
        interrupt.store(false, Ordering::Relaxed);
        let control = AnyControl {
            stop: Some(interrupt),
            ..AnyControl::default()
        };
        // On Ctrl-C the search is told to stop (an outside engine that
        // ignores it is given its margin, then ended).
        let decision = until_interrupted(py, interrupt, || {
            let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
            self.thinking.store(true, Ordering::Relaxed);
            let _done = Done(&self.thinking);
            let agent = self.agent_for(&mut built, game)?;
            agent.choose(game, &control).map_err(|forfeit| {
                PyRuntimeError::new_err(format!("{} gave up: {forfeit}", self.spec))
            })
        })?
        .unwrap_or_else(|| Err(PyRuntimeError::new_err("the agent panicked")))?;
        let search = match decision.search {
            Some(report) => Some(Search {
                iterations: report.iterations,
                nodes: report.nodes,
                seconds: report.elapsed.as_secs_f64(),
                value: report.value,
                moves: report
                    .moves
                    .iter()
                    .map(|(mv, visits, value, _)| {
                        Ok((game.parse_action(mv).map_err(value_error)?, *visits, *value))
                    })
                    .collect::<PyResult<_>>()?,
            }),
            None => None,
        };
        *self
            .last_search
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = search;
        game.parse_action(&decision.mv).map_err(value_error)
    }

    /// What the last `step` searched, for analysis and for checking that a
    /// tree was kept: a dict of `iterations` (this search's), `nodes` (in
    /// the tree at the end), `seconds`, `value` (the expected score of the
    /// seat to move) and `moves`, the root's `(action, visits, value)`
    /// best first, whose visits include those of a kept tree. `None`
    /// before any `step`, and after one by an agent that does not search.
    #[getter]
    fn last_search<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let last = self
            .last_search
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let Some(search) = last.as_ref() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("iterations", search.iterations)?;
        dict.set_item("nodes", search.nodes)?;
        dict.set_item("seconds", search.seconds)?;
        dict.set_item("value", search.value)?;
        dict.set_item("moves", &search.moves)?;
        Ok(Some(dict))
    }

    /// Tells the agent that `player` plays `action` in `state` (the state
    /// before the move), as OpenSpiel's `Bot.inform_action`: call it for
    /// every move of the game, the agent's own included, and a search that
    /// keeps its tree (MCTS) keeps the subtree of the move for its next
    /// `step`, while an outside engine is sent the game's moves rather than
    /// the position alone. A finished game, a `player` who is not to move
    /// or an illegal action is a `ValueError`, and the agent is not told.
    fn inform_action(
        &self,
        py: Python<'_>,
        state: PyRef<'_, State>,
        player: i64,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let game = state.game();
        let text = state.checked_move(player, action)?;
        // The lock is waited for without the GIL: a `step` running on
        // another thread holds it, and needs the GIL to finish.
        py.detach(|| {
            let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
            self.agent_for(&mut built, game)?.observe(game, &text);
            Ok(())
        })
    }

    /// Asks a running `step` (in another thread) to answer now with its
    /// best move so far; does nothing when none runs.
    fn stop(&self) {
        if self.thinking.load(Ordering::Relaxed) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a `step` is running (in another thread).
    #[getter]
    fn thinking(&self) -> bool {
        self.thinking.load(Ordering::Relaxed)
    }

    /// The canonical spec, e.g. `mcts(iterations=1000)`.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let spec = PyString::new(py, &self.spec.to_string());
        Ok(format!(
            "tabula.Agent({}, seed={})",
            spec.repr()?,
            self.seed
        ))
    }
}

impl Agent {
    /// The agent built for `game`'s variant, built now if the last one was
    /// for another (or none was): agents are typed by game.
    fn agent_for<'a>(
        &self,
        built: &'a mut Option<(String, Box<dyn AnyAgent>)>,
        game: &dyn tabula::AnyGame,
    ) -> PyResult<&'a mut Box<dyn AnyAgent>> {
        let spec = game.spec();
        if built
            .as_ref()
            .is_none_or(|(built_for, _)| *built_for != spec)
        {
            let agent = registry()
                .agent(game, &self.spec, self.seed)
                .map_err(value_error)?;
            *built = Some((spec, agent));
        }
        Ok(&mut built.as_mut().expect("an agent was just built").1)
    }
}

/// Clears a flag when dropped: `thinking` ends however `step` ends.
struct Done<'a>(&'a AtomicBool);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// A whole number for option `name`, refused as the command line refuses
/// it: `invalid value '-2' for '--rounds'`.
pub(crate) fn whole<T: TryFrom<i128>>(name: &str, value: i128) -> Result<T, String> {
    T::try_from(value).map_err(|_| {
        format!("invalid value '{value}' for '--{name}': expected a whole number from 0")
    })
}

/// Plays a tournament with `tabula arena`'s settings (the `tabula-arena`
/// library, as the command does) and returns the summary it wrote to
/// `summary.json` (JSON text), with the GIL released. `tabula.arena` is the
/// friendly wrapper.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (agents, games, rounds, seed, threads, max_plies, opening_plies, out, resume, shard, sprt=None, gauntlet=None, openings=None, openings_order=None, standings_every=None, on_standings=None, anchor=None))]
pub fn arena_summary(
    py: Python<'_>,
    agents: Vec<String>,
    games: String,
    rounds: Option<i128>,
    seed: i128,
    threads: Option<i128>,
    max_plies: i128,
    opening_plies: i128,
    out: String,
    resume: bool,
    shard: Option<String>,
    sprt: Option<String>,
    gauntlet: Option<String>,
    openings: Option<String>,
    openings_order: Option<String>,
    standings_every: Option<i128>,
    on_standings: Option<Py<PyAny>>,
    anchor: Option<String>,
) -> PyResult<String> {
    let config = (|| -> Result<tabula_arena::Config, String> {
        let mut config = tabula_arena::Config {
            games: vec![games],
            agents,
            rounds: 1,
            seed: whole("seed", seed)?,
            threads: threads.map(|t| whole("threads", t)).transpose()?,
            max_plies: whole("max-plies", max_plies)?,
            opening_plies: whole("opening-plies", opening_plies)?,
            out: out.into(),
            resume,
            shard: shard.map(|s| s.parse()).transpose()?,
            sprt: sprt.map(|s| s.parse()).transpose()?,
            gauntlet,
            anchor,
            openings: openings.map(Into::into),
            openings_order: openings_order
                .map(|o| o.parse())
                .transpose()?
                .unwrap_or_default(),
            standings_every: standings_every
                .map(|n| whole("standings-every", n))
                .transpose()?,
        };
        config.rounds = match rounds {
            Some(r) => whole("rounds", r)?,
            None => tabula_arena::default_rounds(registry(), &config)?,
        };
        Ok(config)
    })()
    .map_err(|e| value_error(keyword_names(&e)))?;
    // On Ctrl-C no new game starts, the games under way finish and the
    // summary of the finished games is written.
    let interrupt = AtomicBool::new(false);
    until_interrupted(py, &interrupt, || {
        tabula_arena::play_until(registry(), &config, &interrupt, |event| {
            if let (tabula_arena::Event::Standings(summary), Some(callback)) =
                (event, &on_standings)
            {
                // The standings as JSON text, as `summary.json` holds them;
                // an error in the callback is the caller's to see, not a
                // reason to lose the tournament.
                let text = tabula_arena::json(summary);
                Python::attach(|py| {
                    if let Err(error) = callback.call1(py, (text,)) {
                        error.print(py);
                    }
                });
            }
        })
        .map(|finished| tabula_arena::json(&finished.summary))
    })?
    .unwrap_or_else(|| Err("the tournament panicked".to_string()))
    .map_err(|e| value_error(keyword_names(&e)))
}

/// The options `tabula arena` names in its messages, which Python's
/// `tabula.arena` takes as keyword arguments of the same names.
const OPTIONS: [&str; 16] = [
    "games",
    "agents",
    "rounds",
    "seed",
    "threads",
    "max-plies",
    "opening-plies",
    "out",
    "resume",
    "shard",
    "sprt",
    "gauntlet",
    "anchor",
    "openings-order",
    "openings",
    "standings-every",
];

/// `message` with the command's options (`--max-plies`) written as the
/// keyword arguments a Python caller passed (`max_plies`; `resume=True`).
fn keyword_names(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let option = OPTIONS.iter().find(|name| {
            after.strip_prefix(**name).is_some_and(|tail| {
                !tail.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            })
        });
        match option {
            Some(&"resume") => out.push_str("resume=True"),
            Some(name) => out.push_str(&name.replace('-', "_")),
            None => out.push_str("--"),
        }
        rest = &after[option.map_or(0, |name| name.len())..];
    }
    out.push_str(rest);
    out
}

/// Runs `work` on a thread of its own while this one, holding the GIL now
/// and then, looks for Ctrl-C: then `interrupt` is set (so that `work`
/// winds down: a search answers, a tournament starts no new game), `work`
/// is waited for, and the signal's error (KeyboardInterrupt) is returned.
/// `None` when `work` panicked.
pub(crate) fn until_interrupted<T: Send>(
    py: Python<'_>,
    interrupt: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<Option<T>> {
    let mut signal = None;
    let done = std::thread::scope(|scope| {
        let running = scope.spawn(work);
        while !running.is_finished() {
            py.detach(|| std::thread::sleep(SIGNAL_POLL));
            if signal.is_none() {
                if let Err(error) = py.check_signals() {
                    signal = Some(error);
                    interrupt.store(true, Ordering::Relaxed);
                }
            }
        }
        running.join().ok()
    });
    match signal {
        Some(error) => Err(error),
        None => Ok(done),
    }
}

/// How often a call that runs long looks for Ctrl-C.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);
