//! Helpers shared by the cross-game test files.

/// `spec`'s start after up to eight random plies (seed 4), stopping before
/// a ply that would end the game: a position where moves differ in value.
pub fn a_few_plies_in<G: tabula::FullGame>(spec: &str) -> G {
    let mut start = G::from_spec(spec).unwrap();
    let (mut rng, mut moves) = (tabula::rng::seeded(4), Vec::new());
    for _ in 0..8 {
        let mv = start.random_move(&mut rng, &mut moves).unwrap();
        let mut next = start.clone();
        next.play(mv);
        if next.outcome().is_some() {
            break;
        }
        start = next;
    }
    start
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
