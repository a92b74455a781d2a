//! The `az` search on the real games (its own tests, on small games, are
//! in `framework/az/src/tests.rs`).

use crate::common::{on_representative_specs, positions_along_a_game};
use tabula::az::{header_for, puct, Net, PuctConfig, Tree};

/// `mix` blends the game's evaluation into a new leaf's value: with the
/// untrained network (every seat an even share), the first child searched
/// scores `(1 − mix) · even + mix · evaluation` for its mover, in every game
/// and for any number of seats — checked along a stretch of a random game,
/// some of whose positions the evaluation does not call even.
#[test]
fn mix_blends_the_evaluation_into_leaf_values_in_every_game() {
    fn check<G: tabula::FullGame>(spec: &str) {
        let mut uneven = 0;
        for start in positions_along_a_game::<G>(spec, 12) {
            let net = Net::untrained(header_for(&start, spec, 1, 0).shape);
            let even = 1.0 / start.players() as f32;
            let mover = start.to_move();
            for mix in [0.0, 0.5, 1.0] {
                let config = PuctConfig {
                    mix,
                    ..PuctConfig::default()
                };
                // The first simulation expands the root, the second one child.
                let mut trees = [Tree::new(start.clone())];
                puct::search_batch(&mut trees, &net, &config, 2, &mut [tabula::rng::seeded(0)]);
                let children = trees[0].children();
                let child = children
                    .iter()
                    .find(|c| c.visits == 1)
                    .expect("one child searched");
                let mut next = start.clone();
                next.play(child.mv);
                let expected = match next.outcome() {
                    // A finished game (a small board a few plies in) is
                    // worth its result, whatever the mix.
                    Some(outcome) => outcome.score(mover),
                    None => {
                        let evaluation = next.evaluate()[mover];
                        if mix == 1.0 && (evaluation - even).abs() > 1e-3 {
                            uneven += 1;
                        }
                        even + mix * (evaluation - even)
                    }
                };
                assert!(
                    (child.value - expected).abs() < 1e-5,
                    "{spec}, mix {mix}: value {} against {expected}",
                    child.value
                );
            }
        }
        assert!(uneven > 0, "{spec}: every leaf searched was evaluated even");
    }
    on_representative_specs!(check);
}
