//! Games and agent kinds by name: the only thing the CLI knows about them.
//!
//! A registry is built once, agent kinds first, then games, so that every
//! agent kind is compiled for every game (the searches run with static
//! dispatch):
//!
//! ```
//! # use tabula::Registry;
//! let registry = Registry::builder() // the built-in agent kinds
//!     // .agent::<MyAgent>()         // a program's own kinds
//!     // .game::<MyGame>()           // its games
//!     .build();
//! assert!(registry.agent_kinds().any(|k| k.name == "mcts"));
//! ```

use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

use crate::builtin::Builtin;
use tabula_agents::{
    AgentError, AgentInfo, AgentKind, AgentSet, AgentSpec, AnyAgent, BuildContext, BuildError,
    Builder, One, TypedAgent,
};
use tabula_az::{AnyTrainer, ModelError, TrainConfig, Trainer};
use tabula_core::any::{AnyGame, Boxed};
use tabula_core::game::Game;
use tabula_core::params::{ParamKind, ParamSpec, Params};
use tabula_core::spec::{Spec, SpecError};
use tabula_search::bench::{BenchConfig, BenchReport};
use tabula_solve::margin::{MarginSolver, Scored, ScoredSolver, Scorer};
use tabula_solve::{Indexed, Indexer, Solvable, Solver};
use thiserror::Error;

/// What an agent reaches beyond Tabula's process (see
/// [`Registry::agent_reach`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    /// The parameter naming the program it runs, and the program given.
    pub program: Option<(&'static str, String)>,
    /// The parameters naming files or folders it opens (every parameter
    /// of kind [`ParamKind::Verbatim`] but the program), with the values given.
    pub paths: Vec<(&'static str, String)>,
}

impl Reach {
    /// Whether the agent runs no program and opens no file.
    pub fn is_contained(&self) -> bool {
        self.program.is_none() && self.paths.is_empty()
    }
}

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
    /// Builds agent kind number `kind` (in registration order) for `game`,
    /// a state of this game.
    fn build_agent(
        &self,
        kind: usize,
        spec: &AgentSpec,
        seed: u64,
        game: &dyn AnyGame,
    ) -> Result<Box<dyn AnyAgent>, EntryError>;
    /// Starts a self-play training run (`tabula train`) from `game`, a
    /// start position of this game; `config.game` names its variant.
    fn trainer(
        &self,
        game: &dyn AnyGame,
        config: TrainConfig,
    ) -> Result<Box<dyn AnyTrainer>, EntryError>;
    /// Resumes a training run from its checkpoint, which must be of
    /// `game`'s variant.
    fn resume_trainer(
        &self,
        game: &dyn AnyGame,
        checkpoint: &Path,
    ) -> Result<Box<dyn AnyTrainer>, EntryError>;
    /// The positions after exactly `depth` plies from `game`, a state of
    /// this game (`tabula perft`).
    fn perft(&self, game: &dyn AnyGame, depth: usize) -> Result<u64, EntryError>;
    /// Random-playout, MCTS and alpha-beta speed from `game`, a state of
    /// this game (`tabula bench`).
    fn bench(&self, game: &dyn AnyGame, config: &BenchConfig) -> Result<BenchReport, EntryError>;
    /// The entry as `Any`, so that the builder can reach the typed entry
    /// to add a service (solving) to it.
    #[doc(hidden)]
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Why a registry entry's service refused.
#[derive(Debug, Error)]
pub enum EntryError {
    /// The state given is of another game than the entry's.
    #[error("the state given is not one of {expected}")]
    WrongGame {
        /// The entry's game.
        expected: &'static str,
    },
    /// No entry of the registry is the game's.
    #[error("{0} is not registered here")]
    Unregistered(String),
    /// Training needs a position with moves to play.
    #[error("cannot train from a finished game")]
    Finished,
    /// The agent kind cannot play this game or variant.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// A training checkpoint that cannot be read or is not the variant's.
    #[error(transparent)]
    Checkpoint(#[from] ModelError),
}

struct Entry<G: Game> {
    /// One builder per registered agent kind, in registration order.
    agents: Vec<Builder<G>>,
    /// The game's indexing, once the builder made it solvable.
    indexer: Option<Indexer<G>>,
    /// The game's scoring, once the builder made it scored.
    scorer: Option<Scorer<G>>,
}

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
        Ok(Box::new(Boxed {
            state,
            params: Arc::new(params),
        }))
    }

    fn build_agent(
        &self,
        kind: usize,
        spec: &AgentSpec,
        seed: u64,
        game: &dyn AnyGame,
    ) -> Result<Box<dyn AnyAgent>, EntryError> {
        let variant = game.spec();
        let context = BuildContext {
            indexer: self.indexer,
            scorer: self.scorer,
            ..BuildContext::new(seed, Self::state_of(game)?, &variant)
        };
        let agent = (self.agents[kind])(spec.params(), &context)?;
        Ok(Box::new(TypedAgent::new(agent, spec.clone())))
    }

    fn trainer(
        &self,
        game: &dyn AnyGame,
        config: TrainConfig,
    ) -> Result<Box<dyn AnyTrainer>, EntryError> {
        let state = Self::state_of(game)?;
        if state.outcome().is_some() {
            return Err(EntryError::Finished);
        }
        Ok(Box::new(Trainer::new(state.clone(), config)))
    }

    fn resume_trainer(
        &self,
        game: &dyn AnyGame,
        checkpoint: &Path,
    ) -> Result<Box<dyn AnyTrainer>, EntryError> {
        let state = Self::state_of(game)?;
        let trainer = Trainer::load_checkpoint(state.clone(), &game.spec(), checkpoint)?;
        Ok(Box::new(trainer))
    }

    fn perft(&self, game: &dyn AnyGame, depth: usize) -> Result<u64, EntryError> {
        Ok(tabula_search::playout::perft(Self::state_of(game)?, depth))
    }

    fn bench(&self, game: &dyn AnyGame, config: &BenchConfig) -> Result<BenchReport, EntryError> {
        Ok(tabula_search::bench::run(
            Self::state_of(game)?,
            &game.spec(),
            config,
        ))
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl<G: Game> Entry<G> {
    /// The typed state behind `game`.
    fn state_of(game: &dyn AnyGame) -> Result<&G, EntryError> {
        game.as_any()
            .downcast_ref::<Boxed<G>>()
            .map(|boxed| &boxed.state)
            .ok_or(EntryError::WrongGame { expected: G::NAME })
    }
}

/// The games and agent kinds a program knows, in registration order.
/// Cloning shares the entries: a server gives each of its sessions one.
#[derive(Clone)]
pub struct Registry {
    games: Arc<[Box<dyn GameEntry>]>,
    agents: Arc<[AgentInfo]>,
    solvers: Arc<[Box<dyn Solver>]>,
    margin_solvers: Arc<[Box<dyn MarginSolver>]>,
}

/// Builds a [`Registry`]: agent kinds first, then games. `A` is the list
/// of agent kinds so far (see [`AgentSet`]).
pub struct RegistryBuilder<A: AgentSet> {
    games: Vec<Box<dyn GameEntry>>,
    agents: PhantomData<fn() -> A>,
    solvers: Vec<Box<dyn Solver>>,
    margin_solvers: Vec<Box<dyn MarginSolver>>,
}

impl Registry {
    /// A builder holding the built-in agent kinds (`random`, `mcts`, …)
    /// and no games.
    pub fn builder() -> RegistryBuilder<Builtin> {
        RegistryBuilder {
            games: Vec::new(),
            agents: PhantomData,
            solvers: Vec::new(),
            margin_solvers: Vec::new(),
        }
    }

    /// The registered games, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameEntry> {
        self.games.iter().map(|e| e.as_ref())
    }

    /// The registered games' names, in registration order.
    pub fn names(&self) -> Vec<String> {
        self.games().map(|g| g.name().to_string()).collect()
    }

    /// The game registered as `name` (matched exactly), if any.
    pub fn get(&self, name: &str) -> Option<&dyn GameEntry> {
        self.games().find(|g| g.name() == name)
    }

    /// The entry of `game`'s kind: its per-game services (agents, training,
    /// perft, bench).
    pub fn entry_of(&self, game: &dyn AnyGame) -> Result<&dyn GameEntry, EntryError> {
        self.get(game.name())
            .ok_or_else(|| EntryError::Unregistered(game.name().to_string()))
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

    /// The solver of the game registered as `name`, if it can be solved
    /// (see [`RegistryBuilder::solvable`]).
    pub fn solver(&self, name: &str) -> Option<&dyn Solver> {
        self.solvers
            .iter()
            .find(|s| s.game() == name)
            .map(|s| s.as_ref())
    }

    /// The margin solver of the game registered as `name`, if it is solved
    /// by score margin (see [`RegistryBuilder::scored`]).
    pub fn margin_solver(&self, name: &str) -> Option<&dyn MarginSolver> {
        self.margin_solvers
            .iter()
            .find(|s| s.game() == name)
            .map(|s| s.as_ref())
    }

    /// The names of the games that can be solved, in registration order.
    pub fn solvable_names(&self) -> Vec<&'static str> {
        self.solvers.iter().map(|s| s.game()).collect()
    }

    /// The names of the games solved by score margin, in registration order.
    pub fn margin_solvable_names(&self) -> Vec<&'static str> {
        self.margin_solvers.iter().map(|s| s.game()).collect()
    }

    /// The registered agent kinds, in registration order (`human`, the
    /// seat a person plays, is not among them).
    pub fn agent_kinds(&self) -> impl Iterator<Item = &AgentInfo> {
        self.agents.iter()
    }

    /// The memory `spec`'s agent takes at once, in bytes, where it is large
    /// and fixed in advance (see `AgentKind::memory`); 0 for a person.
    pub fn agent_memory(&self, spec: &AgentSpec) -> u64 {
        self.agents
            .iter()
            .find(|a| a.name == spec.name())
            .map_or(0, |kind| (kind.memory)(spec.params()))
    }

    /// What `spec`'s agent reaches beyond this process: the program it
    /// runs and the files it opens, each with the parameter that names it.
    /// A server that seats agents for clients it does not trust asks this
    /// one question: an agent that reaches nothing computes in memory only.
    pub fn agent_reach(&self, spec: &AgentSpec) -> Reach {
        let Some(kind) = self.agents.iter().find(|a| a.name == spec.name()) else {
            return Reach::default();
        };
        let mut reach = Reach::default();
        for (name, value) in spec.params().iter() {
            let value = value.to_string();
            if let Some(program) = kind.program.filter(|p| *p == name) {
                reach.program = Some((program, value));
            } else if let Some(param) = kind.params.iter().find(|p| p.name == name) {
                if matches!(param.kind, ParamKind::Verbatim { .. }) {
                    reach.paths.push((param.name, value));
                }
            }
        }
        reach
    }

    /// The names a spec may start with: `human` and every agent kind.
    pub fn agent_names(&self) -> Vec<String> {
        std::iter::once(tabula_agents::HUMAN)
            .chain(self.agents.iter().map(|a| a.name))
            .map(str::to_string)
            .collect()
    }

    /// Reads an agent spec such as `mcts(time=2s,threads=2)`, checking
    /// every parameter against the kind's table.
    pub fn parse_agent(&self, text: &str) -> Result<AgentSpec, SpecError> {
        let mut spec = Spec::parse(text)?;
        // The display name any agent may carry is not a kind's parameter.
        let label = match spec
            .args
            .iter()
            .position(|(k, _)| k == tabula_agents::LABEL)
        {
            Some(at) if spec.name != tabula_agents::HUMAN => Some(spec.args.remove(at).1),
            _ => None,
        };
        if spec.name == tabula_agents::HUMAN {
            if let Some((key, _)) = spec.args.first() {
                return Err(SpecError::UnknownParam {
                    owner: spec.name,
                    key: key.clone(),
                    choices: Vec::new(),
                });
            }
            return Ok(AgentSpec::human());
        }
        let kind = self
            .agents
            .iter()
            .find(|a| a.name == spec.name)
            .ok_or_else(|| SpecError::UnknownName {
                kind: "agent",
                name: spec.name.clone(),
                choices: self.agent_names(),
            })?;
        let params = Params::resolve(kind.name, kind.params, &spec.args)?;
        let agent = AgentSpec::new(kind.name, params);
        match label {
            None => Ok(agent),
            Some(label) => agent
                .with_label(&label)
                .map_err(|expected| SpecError::BadValue {
                    owner: kind.name.to_string(),
                    key: tabula_agents::LABEL.to_string(),
                    value: tabula_core::excerpt(&label),
                    expected,
                }),
        }
    }

    /// Builds `spec`'s agent to play `game` (a state of a registered game).
    /// A spec without its own `seed` uses `seed`.
    pub fn agent(
        &self,
        game: &dyn AnyGame,
        spec: &AgentSpec,
        seed: u64,
    ) -> Result<Box<dyn AnyAgent>, AgentError> {
        let error = |reason: String| AgentError {
            agent: spec.to_string(),
            game: game.spec(),
            reason,
        };
        if spec.is_human() {
            return Err(error("a person plays this seat".to_string()));
        }
        let kind = self
            .agents
            .iter()
            .position(|a| a.name == spec.name())
            .ok_or_else(|| error("no such agent kind in this registry".to_string()))?;
        let entry = self
            .get(game.name())
            .ok_or_else(|| error("the game is not registered".to_string()))?;
        // A kind without a `seed` parameter takes the caller's.
        let seed = spec.params().seed("seed").ok().flatten().unwrap_or(seed);
        entry
            .build_agent(kind, spec, seed, game)
            .map_err(|e| error(e.to_string()))
    }
}

impl<A: AgentSet> RegistryBuilder<A> {
    /// Adds agent kind `K`.
    ///
    /// # Panics
    /// If a game was registered already (agent kinds come first, so that
    /// each is compiled for every game), or a kind of the same name was.
    pub fn agent<K: AgentKind>(self) -> RegistryBuilder<(A, One<K>)> {
        assert!(
            self.games.is_empty(),
            "register agent kind `{}` before the games",
            K::NAME
        );
        let mut infos = Vec::new();
        A::infos(&mut infos);
        assert!(
            K::NAME != tabula_agents::HUMAN && infos.iter().all(|i| i.name != K::NAME),
            "agent kind `{}` registered twice",
            K::NAME
        );
        assert!(
            K::PARAMS.iter().all(|p| p.name != tabula_agents::LABEL),
            "agent kind `{}` declares `{}`, which every spec keeps for its display name",
            K::NAME,
            tabula_agents::LABEL
        );
        RegistryBuilder {
            games: self.games,
            agents: PhantomData,
            solvers: self.solvers,
            margin_solvers: self.margin_solvers,
        }
    }

    /// Adds game `G`, with every agent kind registered so far.
    ///
    /// # Panics
    /// If a game of the same name is registered already.
    pub fn game<G: Game>(mut self) -> Self {
        assert!(
            self.games.iter().all(|g| g.name() != G::NAME),
            "game `{}` registered twice",
            G::NAME
        );
        let mut agents = Vec::new();
        A::builders::<G>(&mut agents);
        self.games.push(Box::new(Entry::<G> {
            agents,
            indexer: None,
            scorer: None,
        }));
        self
    }

    /// Makes game `G`, registered already, solvable: `tabula solve`, the
    /// REPL's `solve` and the `perfect` agent then work for it (see
    /// [`tabula_solve`]).
    ///
    /// # Panics
    /// If `G` is not registered yet, or was made solvable already.
    pub fn solvable<G: Indexed>(mut self) -> Self {
        let entry = self
            .games
            .iter_mut()
            .find_map(|g| g.as_any_mut().downcast_mut::<Entry<G>>());
        let entry = entry
            .unwrap_or_else(|| panic!("register game `{}` before making it solvable", G::NAME));
        assert!(
            entry.indexer.is_none(),
            "game `{}` made solvable twice",
            G::NAME
        );
        entry.indexer = Indexer::of::<G>();
        self.solvers.push(Box::new(Solvable::<G>::default()));
        self
    }

    /// Makes game `G`, registered already, solvable by score margin:
    /// `tabula solve` then computes its best margins, and the `perfect`
    /// agent and `tabula analyse` read them (see [`tabula_solve::margin`]).
    ///
    /// # Panics
    /// If `G` is not registered yet, or was made scored already.
    pub fn scored<G: Scored>(mut self) -> Self {
        let entry = self
            .games
            .iter_mut()
            .find_map(|g| g.as_any_mut().downcast_mut::<Entry<G>>());
        let entry =
            entry.unwrap_or_else(|| panic!("register game `{}` before making it scored", G::NAME));
        assert!(
            entry.scorer.is_none(),
            "game `{}` made scored twice",
            G::NAME
        );
        entry.scorer = Scorer::of::<G>();
        self.margin_solvers
            .push(Box::new(ScoredSolver::<G>::default()));
        self
    }

    /// Adds a list of games, such as a catalog function that adds each:
    /// `builder.games(tabula_games::catalog)`.
    pub fn games(self, add: impl FnOnce(Self) -> Self) -> Self {
        add(self)
    }

    /// The finished registry.
    pub fn build(self) -> Registry {
        let mut agents = Vec::new();
        A::infos(&mut agents);
        Registry {
            games: self.games.into(),
            agents: agents.into(),
            solvers: self.solvers.into(),
            margin_solvers: self.margin_solvers.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{EntryError, Registry};
    use tabula_testkit::test_games::{Nim, Shuttle};

    /// perft and bench are services of a game's registry entry: they run on
    /// states of that game and refuse any other.
    #[test]
    fn the_entry_counts_positions_of_its_own_game_only() {
        let registry = Registry::builder().game::<Nim>().game::<Shuttle>().build();
        let nim = registry.create("nim").unwrap();
        let entry = registry.entry_of(nim.as_ref()).unwrap();
        assert_eq!(entry.name(), "nim");
        // Two seats, 10 stones, 1–3 taken: 3 moves, then 3 answers each.
        assert_eq!(entry.perft(nim.as_ref(), 1).unwrap(), 3);
        assert_eq!(entry.perft(nim.as_ref(), 2).unwrap(), 9);
        let shuttle = registry.create("shuttle").unwrap();
        let refused = entry.perft(shuttle.as_ref(), 1).unwrap_err();
        assert!(
            matches!(refused, EntryError::WrongGame { expected: "nim" }),
            "{refused}"
        );
        let unregistered = Registry::builder().game::<Shuttle>().build();
        assert!(unregistered.entry_of(nim.as_ref()).is_err());
    }
}
