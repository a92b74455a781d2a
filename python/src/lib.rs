//! `tabula._tabula`, the native half of the `tabula` Python package: games
//! as OpenSpiel-shaped [`Game`](game::Game) and [`State`](game::State)
//! objects, agents and tournaments. The pure-Python half (`tabula/`) adds
//! the `arena` wrapper and the PettingZoo environment.
//!
//! Every error a user can cause comes back as a Python exception with the
//! message the REPL gives (`ValueError` for bad input); no input reaches a
//! panic. The searches run with the GIL released, so Python threads can
//! search in parallel.

mod agent;
mod fast_calls;
mod game;
mod judge;
mod params;
mod study;

use std::sync::OnceLock;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabula::plan::{GameVisitor, Plan};
use tabula::{FullGame, Registry, Variant};

/// The games and agent kinds the module knows: the one catalog the command
/// line uses too (tic-tac-toe, a game OpenSpiel has, among them).
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(tabula_games::registry)
}

/// A `ValueError` carrying `error`'s message.
pub(crate) fn value_error(error: impl ToString) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The names of the games `load_game` knows, in `tabula list` order.
#[pyfunction]
fn registered_games() -> Vec<String> {
    registry().names()
}

/// A few parameter sets of game `name` worth trying (its test plan's
/// representative ones): the defaults first, then one with more players
/// if the game has any.
#[pyfunction]
fn representative_specs(name: &str) -> PyResult<Vec<String>> {
    struct Find<'a>(&'a str, Option<Vec<&'static str>>);
    impl GameVisitor for Find<'_> {
        fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
            if G::Variant::NAME == self.0 {
                self.1 = Some(plan.representative::<G>());
            }
        }
    }
    let mut find = Find(name, None);
    tabula_games::each_game(&mut find);
    let specs = find.1.ok_or_else(|| {
        value_error(format!(
            "unknown game `{name}`; the games: {}",
            registry().names().join(", ")
        ))
    })?;
    Ok(specs.into_iter().map(str::to_string).collect())
}

/// The names of the agent kinds `Agent` knows (`random`, `mcts`, ...).
#[pyfunction]
fn registered_agents() -> Vec<String> {
    registry()
        .agent_kinds()
        .map(|kind| kind.name.to_string())
        .collect()
}

/// The game a spec names, e.g. `load_game("calcala(players=3)")`.
#[pyfunction]
fn load_game(spec: &str) -> PyResult<game::Game> {
    game::Game::load(spec)
}

#[pymodule]
fn _tabula(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(registered_games, module)?)?;
    module.add_function(wrap_pyfunction!(registered_agents, module)?)?;
    module.add_function(wrap_pyfunction!(representative_specs, module)?)?;
    module.add_function(wrap_pyfunction!(params::game_parameters, module)?)?;
    module.add_function(wrap_pyfunction!(load_game, module)?)?;
    module.add_function(wrap_pyfunction!(agent::arena_summary, module)?)?;
    module.add_function(wrap_pyfunction!(judge::analyse_report, module)?)?;
    module.add_function(wrap_pyfunction!(judge::judge_record, module)?)?;
    module.add_function(wrap_pyfunction!(study::study_summary, module)?)?;
    module.add_class::<game::Game>()?;
    module.add_class::<game::State>()?;
    fast_calls::install(&module.py().get_type::<game::State>())?;
    module.add_class::<agent::Agent>()?;
    module.add("TERMINAL", game::TERMINAL)?;
    // The package's version (the wheel's, from this crate's Cargo.toml).
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
