//! Agent kinds and the type-level list of them that a registry compiles
//! for every game.

use std::marker::PhantomData;

use super::{Agent, Settings};
use tabula_core::game::Game;
use tabula_core::params::{ParamSpec, Params};
use tabula_solve::margin::Scorer;
use tabula_solve::Indexer;
use thiserror::Error;

/// A kind of agent: `random`, `mcts`, `alphabeta`, or one of a program's
/// own. Register it with `tabula::RegistryBuilder::agent`.
pub trait AgentKind: 'static {
    /// Its settings, declared once with
    /// [`agent_settings!`](crate::agent_settings): the kind's name and
    /// parameters come from there. A parameter named `seed` of kind
    /// [`Seed`](tabula_core::ParamKind::Seed) is the agent's own seed.
    type Settings: Settings;
    /// The name in specs, e.g. `"mcts"` (the settings' kind).
    const NAME: &'static str = <Self::Settings as Settings>::KIND;
    /// One line for `tabula agents`: what the agent is.
    const DESCRIPTION: &'static str;
    /// The parameters it takes (the settings' fields).
    const PARAMS: &'static [ParamSpec] = <Self::Settings as Settings>::PARAMS;

    /// Builds the agent for game `G` from its settings: the one way every
    /// kind is built. `context` says for which variant, with which seed,
    /// and what the registry knows of the game. An `Err` says why it
    /// cannot play this game or variant.
    fn build<G: Game>(
        settings: &Self::Settings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError>;

    /// The memory an agent of these settings takes at once, in bytes, where
    /// it is large and fixed in advance (a transposition table): what a
    /// tournament adds up to refuse more games at once than fit. Memory
    /// that grows with the search, within a budget of its own (an MCTS
    /// tree), is not counted.
    fn memory(settings: &Self::Settings) -> u64 {
        let _ = settings;
        0
    }

    /// The parameter naming the outside program an agent of this kind runs
    /// (`engine`'s `cmd`), if it runs one: what a server that seats agents
    /// for clients it does not trust must never let them choose (see
    /// `tabula::Registry::agent_reach`). Parameters of kind
    /// [`Verbatim`](tabula_core::params::ParamKind::Verbatim) are counted as naming
    /// files without being declared.
    const PROGRAM: Option<&'static str> = None;
}

/// [`AgentKind::memory`] of checked spec parameters (0 when they do not
/// read, which the spec check has ruled out).
fn memory_of<K: AgentKind>(params: &Params) -> u64 {
    K::Settings::from_params(params).map_or(0, |settings| K::memory(&settings))
}

/// Builds kind `K` for game `G` from checked spec parameters: what a
/// registry calls.
fn build_from_params<K: AgentKind, G: Game>(
    params: &Params,
    context: &BuildContext<'_, G>,
) -> Result<Box<dyn Agent<G>>, BuildError> {
    let settings = K::Settings::from_params(params).map_err(|e| e.to_string())?;
    K::build(&settings, context)
}

/// What a kind is told when it builds an agent: the variant to be played,
/// the seed, and the services the registry holds for the game. A service
/// a game offers (its indexing, for solving) arrives here from the
/// registry entry, so no kind looks it up by type in a global table.
pub struct BuildContext<'a, G: Game> {
    /// The spec's own `seed` when given, else the caller's default.
    pub seed: u64,
    /// A position of the variant to be played, to check that the agent
    /// suits it.
    pub start: &'a G,
    /// That variant's spec text (`diffusion(width=8)`), for agents that
    /// must name it to someone else (an outside engine) or check a file
    /// made for it (a model).
    pub game: &'a str,
    /// The game's indexing, when the registry made it solvable: what the
    /// `perfect` agent reads its database with.
    pub indexer: Option<Indexer<G>>,
    /// The game's scoring, when the registry made it solvable by score
    /// margin: what the `perfect` agent reads a margin database with.
    pub scorer: Option<Scorer<G>>,
}

impl<'a, G: Game> BuildContext<'a, G> {
    /// The context of a game the registry knows nothing more of.
    pub fn new(seed: u64, start: &'a G, game: &'a str) -> Self {
        BuildContext {
            seed,
            start,
            game,
            indexer: None,
            scorer: None,
        }
    }
}

/// Why a kind cannot build an agent for a game or variant (a missing
/// file, a model made for another variant, a program not found, a setting
/// the game does not allow).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct BuildError {
    /// Why, in words for the user.
    pub reason: String,
}

impl From<String> for BuildError {
    fn from(reason: String) -> Self {
        BuildError { reason }
    }
}

impl From<&str> for BuildError {
    fn from(reason: &str) -> Self {
        reason.to_string().into()
    }
}

/// What users are shown of an agent kind.
#[derive(Debug, Clone, Copy)]
pub struct AgentInfo {
    /// The name in specs.
    pub name: &'static str,
    /// One line saying what it is.
    pub description: &'static str,
    /// Its parameters.
    pub params: &'static [ParamSpec],
    /// The memory an agent of these parameters takes at once, in bytes
    /// (see [`AgentKind::memory`]).
    pub memory: fn(&Params) -> u64,
    /// The parameter naming the program it runs (see [`AgentKind::PROGRAM`]).
    pub program: Option<&'static str>,
}

/// How a registry builds one agent kind for one game type (see
/// [`AgentKind::build`]).
pub type Builder<G> = fn(&Params, &BuildContext<'_, G>) -> Result<Box<dyn Agent<G>>, BuildError>;

/// A list of agent kinds, as a type: `(A, One<K>)` is `A` followed by `K`.
/// A registry instantiates every kind of its list for every game.
pub trait AgentSet: 'static {
    /// The kinds' descriptions, in order.
    fn infos(out: &mut Vec<AgentInfo>);
    /// The kinds' builders for game `G`, in the same order.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn builders<G: Game>(out: &mut Vec<Builder<G>>);
}

/// One agent kind as a list of one.
pub struct One<K>(PhantomData<fn() -> K>);

impl AgentSet for () {
    fn infos(_: &mut Vec<AgentInfo>) {}
    #[allow(private_interfaces)]
    fn builders<G: Game>(_: &mut Vec<Builder<G>>) {}
}

impl<K: AgentKind> AgentSet for One<K> {
    fn infos(out: &mut Vec<AgentInfo>) {
        out.push(AgentInfo {
            name: K::NAME,
            description: K::DESCRIPTION,
            params: K::PARAMS,
            memory: memory_of::<K>,
            program: K::PROGRAM,
        });
    }

    #[allow(private_interfaces)]
    fn builders<G: Game>(out: &mut Vec<Builder<G>>) {
        out.push(build_from_params::<K, G>);
    }
}

/// A tuple of lists is their concatenation, in order: `(A, One<K>)` is what
/// `tabula::RegistryBuilder::agent` makes of `A` and `K`,
/// and a flat tuple of `One<K>`s names a fixed list (up to eight).
macro_rules! agent_set_for_tuples {
    ($($set:ident)+) => {
        impl<$($set: AgentSet),+> AgentSet for ($($set,)+) {
            fn infos(out: &mut Vec<AgentInfo>) {
                $($set::infos(out);)+
            }

            #[allow(private_interfaces)]
            fn builders<G: Game>(out: &mut Vec<Builder<G>>) {
                $($set::builders(out);)+
            }
        }
    };
}

agent_set_for_tuples!(A B);
agent_set_for_tuples!(A B C);
agent_set_for_tuples!(A B C D);
agent_set_for_tuples!(A B C D E);
agent_set_for_tuples!(A B C D E F);
agent_set_for_tuples!(A B C D E F H);
agent_set_for_tuples!(A B C D E F H I);
