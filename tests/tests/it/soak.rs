//! Soak test (ignored by default): many random games of every shipped game
//! (`tabula_games::each_game`) on every parameter set of its test plan. Each is
//! the conformance suite's light run (`check_every: 0`): every random move
//! must pass `is_legal`, every game must end with a well-formed outcome
//! within the plan's length bound (unbounded parameter sets are stopped
//! after [`UNBOUNDED_PLIES`] and their evaluation checked), and nothing may
//! panic.
//! Prints games/s.
//!
//! ```sh
//! TABULA_SOAK_GAMES=500 cargo test --workspace --test it -- --ignored soak --nocapture
//! ```
//! `TABULA_SOAK_GAMES` is the number of games per parameter set (default
//! 10,000).

use std::time::Instant;

use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;
use tabula_testkit::conformance::{check, Config};

/// Plies after which a game of an unbounded parameter set is stopped.
const UNBOUNDED_PLIES: usize = 5000;

fn games() -> usize {
    std::env::var("TABULA_SOAK_GAMES")
        .ok()
        .map(|n| n.parse().expect("TABULA_SOAK_GAMES is a number"))
        .unwrap_or(10_000)
}

#[test]
#[ignore = "soak: run with -- --ignored soak"]
fn soak_every_game_and_parameter_set() {
    struct Soak {
        games: usize,
        sets: usize,
    }
    impl GameVisitor for Soak {
        fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
            for variant in plan.cases {
                let start =
                    G::from_spec(variant.spec).unwrap_or_else(|e| panic!("{}: {e}", variant.spec));
                let mut config = Config {
                    check_every: 0,
                    seed: 0,
                    ..Config::for_case(plan, variant, self.games)
                };
                if config.unbounded {
                    config.max_plies = UNBOUNDED_PLIES;
                }
                let clock = Instant::now();
                let plies = check(&start, &config);
                let seconds = clock.elapsed().as_secs_f64();
                let bound = if config.unbounded {
                    format!("stopped at {}", config.max_plies)
                } else {
                    format!("bound {}", config.max_plies)
                };
                println!(
                    "{:<48} {:>7} games {:>9.0} games/s {:>8.1} plies/game ({bound})",
                    variant.spec,
                    self.games,
                    self.games as f64 / seconds,
                    plies as f64 / self.games as f64,
                );
                self.sets += 1;
            }
        }
    }
    let mut soak = Soak {
        games: games(),
        sets: 0,
    };
    tabula_games::each_game(&mut soak);
    assert!(soak.sets >= tabula_games::registry().names().len());
}
