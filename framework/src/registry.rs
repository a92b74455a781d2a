//! Games by name: the only thing the CLI knows about games.

use std::marker::PhantomData;

use crate::any::{AnyGame, Boxed};
use crate::game::Game;
use crate::params::{ParamSpec, Params};
use crate::spec::{Spec, SpecError};

/// A registered game: its description and a way to create it.
pub trait GameEntry: Send + Sync {
    /// The registry name (see [`Game::NAME`]).
    fn name(&self) -> &'static str;
    /// One line for `tabula list` (see [`Game::DESCRIPTION`]).
    fn description(&self) -> &'static str;
    /// The variant parameters the game accepts (see [`Game::PARAMS`]).
    fn param_specs(&self) -> &'static [ParamSpec];
    /// The rules as implemented (see [`Game::RULES`]).
    fn rules(&self) -> &'static str;
    /// The start position for the given arguments.
    fn create(&self, args: &[(String, String)]) -> Result<Box<dyn AnyGame>, SpecError>;
}

struct Entry<G>(PhantomData<fn() -> G>);

impl<G: Game> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn description(&self) -> &'static str {
        G::DESCRIPTION
    }

    fn param_specs(&self) -> &'static [ParamSpec] {
        G::PARAMS
    }

    fn rules(&self) -> &'static str {
        G::RULES
    }

    fn create(&self, args: &[(String, String)]) -> Result<Box<dyn AnyGame>, SpecError> {
        let params = Params::resolve(G::NAME, G::PARAMS, args)?;
        let state = G::new(&params).map_err(|e| e.in_game(G::NAME))?;
        Ok(Box::new(Boxed { state, params }))
    }
}

/// The games a program knows, in registration order.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Box<dyn GameEntry>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds game `G`.
    ///
    /// # Panics
    /// If a game of the same name is registered already.
    pub fn register<G: Game>(&mut self) -> &mut Self {
        assert!(
            self.get(G::NAME).is_none(),
            "game `{}` registered twice",
            G::NAME
        );
        self.entries.push(Box::new(Entry::<G>(PhantomData)));
        self
    }

    /// The registered games, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameEntry> {
        self.entries.iter().map(|e| e.as_ref())
    }

    /// The registered games' names, in registration order.
    pub fn names(&self) -> Vec<String> {
        self.games().map(|g| g.name().to_string()).collect()
    }

    /// The game registered as `name` (matched exactly), if any.
    pub fn get(&self, name: &str) -> Option<&dyn GameEntry> {
        self.games().find(|g| g.name() == name)
    }

    /// Creates a game from a spec such as `diffusion(width=8,stones=3)`.
    pub fn create(&self, text: &str) -> Result<Box<dyn AnyGame>, SpecError> {
        let spec = Spec::parse(text)?;
        let entry = self.get(&spec.name).ok_or_else(|| SpecError::UnknownName {
            kind: "game",
            name: spec.name.clone(),
            choices: self.names(),
        })?;
        entry.create(&spec.args)
    }
}
