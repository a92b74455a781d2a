//! The catalog of games Tabula ships — the one place that lists them.
//!
//! Adding a game: write a crate that implements [`tabula::Game`], add it as
//! a dependency here and one line to [`each_game`]. The registry
//! ([`catalog`]), the CLI, tournaments, benchmarks and every cross-game
//! test read that list — the tests and benchmarks through [`each_game`],
//! with each game's type — so nothing else changes. (An explicit list,
//! rather than linker-section magic such as `inventory`, keeps registration
//! visible, ordered and portable.)

use tabula::agents::AgentSet;
use tabula::plan::{GameVisitor, Plan};
use tabula::{FullGame, Registry, RegistryBuilder, Variant};

pub use tabula_calcala::Calcala;
pub use tabula_differo::Differo;
pub use tabula_diffusion::Diffusion;
pub use tabula_example_tictactoe::TicTacToe;
pub use tabula_grid_diffusion::GridDiffusion;
pub use tabula_kalah::Kalah;
pub use tabula_oware::Oware;

/// Visits every shipped game, in the order `tabula list` shows them, with
/// the table of parameter sets its tests play (each game crate's
/// `TEST_PLAN`). This is the one list of games.
pub fn each_game(visitor: &mut impl GameVisitor) {
    visitor.visit::<Diffusion>(&tabula_diffusion::TEST_PLAN);
    visitor.visit::<GridDiffusion>(&tabula_grid_diffusion::TEST_PLAN);
    visitor.visit::<Calcala>(&tabula_calcala::TEST_PLAN);
    visitor.visit::<Differo>(&tabula_differo::TEST_PLAN);
    visitor.visit::<Kalah>(&tabula_kalah::TEST_PLAN);
    visitor.visit::<Oware>(&tabula_oware::TEST_PLAN);
    // The worked example of adding a game, listed like the others so that
    // the command line and Python offer one catalog.
    visitor.visit::<TicTacToe>(&tabula_example_tictactoe::TEST_PLAN);
}

/// Adds every shipped game ([`each_game`]) to a registry being built
/// (after its agent kinds): a program with agents or games of its own
/// starts from here. Diffusion is also made solvable (`tabula solve`, the
/// `perfect` agent), and Kalah solvable by score margin (`tabula solve`,
/// `perfect`, `tabula analyse`).
pub fn catalog<A: AgentSet>(builder: RegistryBuilder<A>) -> RegistryBuilder<A> {
    struct Register<A: AgentSet>(Option<RegistryBuilder<A>>);
    impl<A: AgentSet> GameVisitor for Register<A> {
        fn visit<G: FullGame>(&mut self, _: &'static Plan) {
            self.0 = self.0.take().map(RegistryBuilder::game::<G>);
        }
    }
    let mut register = Register(Some(builder));
    each_game(&mut register);
    register
        .0
        .expect("every visit puts the builder back")
        .solvable::<Diffusion>()
        .scored::<tabula_kalah::Kalah>()
}

/// Every shipped game with the built-in agent kinds.
pub fn registry() -> Registry {
    catalog(Registry::builder()).build()
}

/// The table of parameter sets the workspace's conformance, property and
/// soak tests play for the game registered as `name` (each game crate's
/// `TEST_PLAN`).
pub fn test_plan(name: &str) -> Option<&'static Plan> {
    struct Find<'a>(&'a str, Option<&'static Plan>);
    impl GameVisitor for Find<'_> {
        fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
            if G::Variant::NAME == self.0 {
                self.1 = Some(plan);
            }
        }
    }
    let mut find = Find(name, None);
    each_game(&mut find);
    find.1
}
