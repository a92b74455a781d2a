//! The shared conformance suite on every registered game, over parameter
//! sets that reach each rule variant. A game registered in the catalog is
//! covered here without any edit; a parameter set is one line.

use tabula::conformance::Config;

/// Extra parameter sets per game, beyond the defaults (`(spec, games)`).
const VARIANTS: &[(&str, usize)] = &[
    ("diffusion(width=4,stones=2)", 300),
    ("diffusion(width=10,stones=5,blocks=rows)", 200),
    ("grid-diffusion(size=5x5,stones=5)", 200),
    ("grid-diffusion(size=6x4,stones=6,handicap=2)", 100),
    ("calcala(players=3,setup=long)", 100),
    ("calcala(players=4,setup=double-dutch)", 100),
];

fn run(spec: &str, games: usize) {
    let registry = tabula_games::registry();
    let game = registry
        .create(spec)
        .unwrap_or_else(|e| panic!("{spec}: {e}"));
    let plies = game.conformance(&Config {
        games,
        max_plies: 400,
        ..Config::default()
    });
    assert!(plies > 0, "{spec}: no plies played");
}

/// Runs each `(spec, games)` on its own thread: the suites are independent.
fn run_all(specs: Vec<(String, usize)>) {
    std::thread::scope(|scope| {
        for (spec, games) in &specs {
            scope.spawn(move || run(spec, *games));
        }
    });
}

#[test]
fn every_registered_game_with_defaults() {
    run_all(
        tabula_games::registry()
            .names()
            .into_iter()
            .map(|name| (name, 300))
            .collect(),
    );
}

#[test]
fn variants() {
    run_all(
        VARIANTS
            .iter()
            .map(|&(spec, games)| (spec.to_string(), games))
            .collect(),
    );
}
