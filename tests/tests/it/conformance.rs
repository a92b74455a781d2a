//! The shared conformance suite on every shipped game, over every parameter
//! set of its test plan, from the catalog's one list
//! (`tabula_games::each_game`): a game in the catalog is covered here
//! without any edit. The suite is generic, run on each game's own type; it
//! is no method of the erased layer, so it ships in no binary. Each game's
//! own test runs the same checks (`conformance::check_plan`), one case
//! after another; none is demanded here that is not demanded there.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tabula::plan::{GameVisitor, Plan};
use tabula::prelude::*;
use tabula_testkit::conformance::{check_case, check_plan_form};

/// One parameter set's suite, to run on any thread: its spec, its cost (the
/// games it plays) and the run, which returns the plies checked.
type Job = (&'static str, usize, Box<dyn Fn() -> usize + Send + Sync>);

/// Every parameter set of every game's plan, as jobs.
struct Jobs {
    jobs: Vec<Job>,
    games: Vec<&'static str>,
}

impl GameVisitor for Jobs {
    fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
        // The same checks as a game's own test (`check_plan`), the cases
        // spread over threads.
        check_plan_form::<G>(plan);
        self.games.push(G::Variant::NAME);
        for case in plan.cases {
            let run = move || check_case::<G>(plan, case);
            self.jobs.push((case.spec, case.games, Box::new(run)));
        }
    }
}

#[test]
fn every_registered_game_and_parameter_set() {
    let mut all = Jobs {
        jobs: Vec::new(),
        games: Vec::new(),
    };
    tabula_games::each_game(&mut all);
    // The registry is built from the same list: nothing registered escapes.
    assert_eq!(tabula_games::registry().names(), all.games);
    // The suites are independent: run them on every core, costliest first.
    let mut jobs = all.jobs;
    jobs.sort_by_key(|(_, games, _)| std::cmp::Reverse(*games));
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((spec, _, run)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    run();
                    done.lock().unwrap().push(*spec);
                }
            });
        }
    });
    assert_eq!(done.into_inner().unwrap().len(), jobs.len());
}
