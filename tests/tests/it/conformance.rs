//! The shared conformance suite on every registered game, over every
//! parameter set of its test plan (`tabula_games::test_plan`). A game in
//! the catalog is covered here without any edit; one without a plan fails.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tabula::conformance::Variant;

#[test]
fn every_registered_game_and_parameter_set() {
    let registry = tabula_games::registry();
    let mut jobs: Vec<(String, &'static Variant)> = Vec::new();
    for name in registry.names() {
        let plan = tabula_games::test_plan(&name)
            .unwrap_or_else(|| panic!("`{name}` has no test plan in tabula_games::test_plan"));
        assert!(
            plan.variants.first().is_some_and(|v| v.spec == name),
            "{name}: the plan starts with the defaults"
        );
        jobs.extend(plan.variants.iter().map(|v| (name.clone(), v)));
    }
    // The suites are independent: run them on every core, costliest first.
    jobs.sort_by_key(|(_, v)| std::cmp::Reverse(v.games));
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((name, variant)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let plan = tabula_games::test_plan(name).expect("a plan");
                    let game = registry
                        .create(variant.spec)
                        .unwrap_or_else(|e| panic!("{}: {e}", variant.spec));
                    assert_eq!(game.name(), name, "{} is in {name}'s plan", variant.spec);
                    let plies = game.conformance(&plan.config(variant, variant.games));
                    assert!(plies > 0, "{}: no plies played", variant.spec);
                    done.lock().unwrap().push(variant.spec);
                }
            });
        }
    });
    assert_eq!(done.into_inner().unwrap().len(), jobs.len());
}
