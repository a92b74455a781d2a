//! The skill trace at full size (the soak tier): Diffusion gains from at
//! least three doublings of MCTS between 16 and 4,096 iterations, and a
//! game of pure luck from none. The default suite's small versions are in
//! `framework/study/src/tests.rs`.

use tabula::Registry;
use tabula_study::{Config, Ladder};
use tabula_testkit::test_games::Coin;

/// A ladder of `mcts` from 16 to 4,096 iterations, 200 games a step, and no
/// self-play: the depth alone.
fn ladder_study(variant: &str, opening_plies: usize, out: &str) -> Config {
    Config {
        variants: vec![variant.to_string()],
        games: 0,
        ladder: Some("mcts(iterations=16..4096)".parse::<Ladder>().unwrap()),
        ladder_games: 200,
        opening_plies,
        exact_positions: 0,
        out: std::env::temp_dir().join(format!("tabula-soak-{out}-{}", std::process::id())),
        ..Config::default()
    }
}

fn depth(registry: &Registry, config: &Config) -> tabula_study::metrics::depth::Depth {
    let _ = std::fs::remove_dir_all(&config.out);
    let finished = tabula_study::run(registry, config, |_| {}).unwrap();
    let _ = std::fs::remove_dir_all(&config.out);
    let depth = finished.summary.variants[0].depth.clone().unwrap();
    for step in &depth.steps {
        eprintln!(
            "{}: {} vs {}: {:?} over {} games",
            config.variants[0], step.strong, step.weak, step.score, step.games
        );
    }
    depth
}

#[test]
#[ignore = "soak: run with -- --ignored soak"]
fn soak_diffusion_has_depth_and_pure_luck_none() {
    let diffusion = depth(
        &tabula_games::registry(),
        &ladder_study("diffusion", 0, "diffusion"),
    );
    assert!(diffusion.depth >= 3, "{diffusion:?}");
    let coin = Registry::builder().game::<Coin>().build();
    let luck = depth(&coin, &ladder_study("coin", 1, "coin"));
    assert_eq!(luck.depth, 0, "{luck:?}");
}
