//! Soak test (ignored by default): many random games of every registered
//! game on every parameter set of its test plan, in release mode. Each is
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

use tabula::conformance::Config;

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
    let games = games();
    let registry = tabula_games::registry();
    let mut sets = 0;
    for name in registry.names() {
        let plan = tabula_games::test_plan(&name)
            .unwrap_or_else(|| panic!("`{name}` has no test plan in tabula_games::test_plan"));
        for variant in plan.variants {
            let start = registry
                .create(variant.spec)
                .unwrap_or_else(|e| panic!("{}: {e}", variant.spec));
            let mut config = Config {
                check_every: 0,
                seed: 0,
                ..plan.config(variant, games)
            };
            if config.unbounded {
                config.max_plies = UNBOUNDED_PLIES;
            }
            let clock = Instant::now();
            let plies = start.conformance(&config);
            let seconds = clock.elapsed().as_secs_f64();
            let bound = if config.unbounded {
                format!("stopped at {}", config.max_plies)
            } else {
                format!("bound {}", config.max_plies)
            };
            println!(
                "{:<48} {games:>7} games {:>9.0} games/s {:>8.1} plies/game ({bound})",
                variant.spec,
                games as f64 / seconds,
                plies as f64 / games as f64,
            );
            sets += 1;
        }
    }
    assert!(sets >= registry.names().len());
}
