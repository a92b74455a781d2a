//! Helpers shared by the cross-game test files.

/// The positions of one random game of `spec` (seed 4), from the start
/// through up to `plies` plies, stopping before a ply that would end the
/// game: positions where moves differ in value. Tests that compare a
/// search with the evaluation walk a whole stretch of game, because the
/// test kit asks only that the evaluation tell the positions met apart,
/// not that it prefer one move at any given position.
pub fn positions_along_a_game<G: tabula::FullGame>(spec: &str, plies: usize) -> Vec<G> {
    let mut positions = vec![G::from_spec(spec).unwrap()];
    let (mut rng, mut moves) = (tabula::rng::seeded(4), Vec::new());
    for _ in 0..plies {
        let last = positions.last().unwrap();
        let mv = last.random_move(&mut rng, &mut moves).unwrap();
        let mut next = last.clone();
        next.play(mv);
        if next.outcome().is_some() {
            break;
        }
        positions.push(next);
    }
    positions
}

/// Calls the generic function `$check::<G>(spec)` on every shipped game's
/// representative parameter sets ([`Plan::representative`](tabula::plan::Plan::representative)). A generic function cannot be passed as a
/// value, so this writes the [`GameVisitor`](tabula::plan::GameVisitor)
/// that `tabula_games::each_game` needs.
macro_rules! on_representative_specs {
    ($check:ident) => {{
        struct Each;
        impl tabula::plan::GameVisitor for Each {
            fn visit<G: tabula::FullGame>(&mut self, plan: &'static tabula::plan::Plan) {
                plan.representative::<G>().into_iter().for_each($check::<G>);
            }
        }
        tabula_games::each_game(&mut Each);
    }};
}
pub(crate) use on_representative_specs;
