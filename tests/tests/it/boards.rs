//! Every registered game draws its boards as every board must
//! ([`tabula_testkit::boards::check`], the test kit's check, which each
//! game's own conformance test runs on its first games): here on a random
//! game of every parameter set of its test plan, checked at the start,
//! after the first move, every few plies and at the end. A game in the
//! catalog is covered without any edit.

use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;
use tabula_testkit::boards;

/// Plies of one random game at most, and how often its boards are checked.
const MAX_PLIES: usize = 300;
const EVERY: usize = 20;

/// Draws and checks boards of each game it visits; counts them.
struct Boards {
    checked: usize,
}

impl GameVisitor for Boards {
    fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
        for (i, case) in plan.cases.iter().enumerate() {
            let mut rng = tabula::rng::seeded(i as u64 + 1);
            let mut game = G::from_spec(case.spec).unwrap();
            boards::check(&game, None, case.spec);
            let mut buffer = Vec::new();
            for ply in 1..=MAX_PLIES {
                let Some(mv) = game.random_move(&mut rng, &mut buffer) else {
                    break;
                };
                let before = game.clone();
                game.play(mv);
                if ply == 1 || ply % EVERY == 0 || game.outcome().is_some() {
                    let at = format!("{} at `{}`", case.spec, game.position());
                    boards::check(&game, Some((&before, mv)), &at);
                    self.checked += 1;
                }
            }
        }
    }
}

#[test]
fn every_registered_game_draws_clean_boards_and_well_formed_pictures() {
    let mut boards = Boards { checked: 0 };
    tabula_games::each_game(&mut boards);
    assert!(
        boards.checked > 20,
        "only {} boards checked",
        boards.checked
    );
}
