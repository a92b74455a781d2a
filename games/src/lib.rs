//! The catalog of games Tabula ships — the one place that lists them.
//!
//! Adding a game: write a crate that implements [`tabula::Game`], add it as
//! a dependency here, one `.game::<…>()` line in [`catalog`] and one line
//! in [`test_plan`]. The CLI, tournaments, benchmarks and the cross-game
//! tests all read these, so nothing else changes. (An explicit list, rather
//! than linker-section magic such as `inventory`, keeps registration
//! visible, ordered and portable.)

use tabula::agents::AgentSet;
use tabula::conformance::Plan;
use tabula::{Game, Registry, RegistryBuilder};

pub use tabula_calcala::Calcala;
pub use tabula_differo::Differo;
pub use tabula_diffusion::Diffusion;
pub use tabula_grid_diffusion::GridDiffusion;

/// Adds every shipped game, in the order `tabula list` shows them, to a
/// registry being built (after its agent kinds): a program with agents or
/// games of its own starts from here. Diffusion is also made solvable
/// (`tabula solve`, the `perfect` agent).
pub fn catalog<A: AgentSet>(builder: RegistryBuilder<A>) -> RegistryBuilder<A> {
    builder
        .game::<Diffusion>()
        .game::<GridDiffusion>()
        .game::<Calcala>()
        .game::<Differo>()
        .solvable::<Diffusion>()
}

/// Every shipped game with the built-in agent kinds.
pub fn registry() -> Registry {
    catalog(Registry::builder()).build()
}

/// The table of parameter sets the workspace's conformance, property and
/// soak tests play for the game registered as `name` (each game crate's
/// `TEST_PLAN`).
pub fn test_plan(name: &str) -> Option<&'static Plan> {
    match name {
        Diffusion::NAME => Some(&tabula_diffusion::TEST_PLAN),
        GridDiffusion::NAME => Some(&tabula_grid_diffusion::TEST_PLAN),
        Calcala::NAME => Some(&tabula_calcala::TEST_PLAN),
        Differo::NAME => Some(&tabula_differo::TEST_PLAN),
        _ => None,
    }
}
