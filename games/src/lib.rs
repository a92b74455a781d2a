//! The catalog of games Tabula ships — the one place that lists them.
//!
//! Adding a game: write a crate that implements [`tabula::Game`], add it as
//! a dependency here and one `register` line below. The CLI, tournaments,
//! benchmarks and the conformance tests all read this registry, so nothing
//! else changes. (An explicit list, rather than linker-section magic such
//! as `inventory`, keeps registration visible, ordered and portable.)

use tabula::Registry;

pub use tabula_calcala::Calcala;
pub use tabula_differo::Differo;
pub use tabula_diffusion::Diffusion;
pub use tabula_grid_diffusion::GridDiffusion;

/// Every shipped game, in the order `tabula list` shows them.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<Diffusion>();
    registry.register::<GridDiffusion>();
    registry.register::<Calcala>();
    registry.register::<Differo>();
    registry
}
