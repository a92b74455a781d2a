//! The MCTS variants: AMAF and MAST statistics are kept right, GRAVE borrows
//! its reference node's, priors do not count as visits, and every variant
//! still finds Nim's winning moves.

use super::config::{Playout, Selection};
use super::mast::Mast;
use super::rave::Rave;
use super::tree::Tree;
use super::*;
use tabula_testkit::test_games::Nim;

fn nim(left: u8, to_move: usize) -> Nim {
    Nim::at(left, to_move, 2)
}

const GRAVE: Selection = Selection::Rave {
    reference: 20,
    bias: 1e-3,
};
const RAVE: Selection = Selection::Rave {
    reference: 0,
    bias: 1e-3,
};

/// Every variant, alone, and all at once.
fn variants() -> Vec<MctsConfig> {
    let plain = MctsConfig::default();
    vec![
        MctsConfig {
            selection: RAVE,
            ..plain.clone()
        },
        MctsConfig {
            selection: GRAVE,
            ..plain.clone()
        },
        MctsConfig {
            playout: Playout::Mast { epsilon: 0.2 },
            ..plain.clone()
        },
        MctsConfig {
            playout: Playout::Gibbs { temperature: 0.2 },
            ..plain.clone()
        },
        MctsConfig {
            prior: 10,
            ..plain.clone()
        },
        MctsConfig {
            max_plies: 0,
            ..plain.clone()
        },
        MctsConfig {
            selection: GRAVE,
            playout: Playout::Mast { epsilon: 0.1 },
            prior: 5,
            ..plain
        },
    ]
}

/// A root with three children (actions 0, 1, 2 of seat 0); the child of
/// action 1 expanded with three children (actions 0, 1, 2 of seat 1).
fn small_tree() -> Tree<u8> {
    let mut tree = Tree::new(0, 1, true);
    tree.expand(0, &[1, 2, 3], 0, 100, |mv| usize::from(mv) - 1);
    let take_two = tree.nodes[0].first_child + 1;
    tree.expand(take_two, &[1, 2, 3], 1, 100, |mv| usize::from(mv) - 1);
    tree
}

#[test]
fn amaf_counts_each_later_move_of_the_same_seat_once() {
    let mut tree = small_tree();
    let mut rave = Rave::new(0, 1e-3);
    rave.prepare(2, 3);
    // Nodes 1-3 are the root's children, node 2 (take 2, action 1) has
    // nodes 4-6; the path goes root → take 2 → take 3 (node 6).
    let taken = tree.nodes[2].first_child + 2;
    let path = [0, 2, taken];
    assert_eq!(
        (tree.amaf[2].action, tree.amaf[taken as usize].action),
        (1, 2)
    );
    // Seat 0 takes 2, seat 1 takes 3, then the playout: seat 0 takes 1,
    // seat 1 takes 1, seat 0 takes 1 again (counted once).
    let trail = [(0, 1), (1, 2), (0, 0), (1, 0), (0, 0)];
    let mut scores = [0.0; tabula_core::MAX_PLAYERS];
    scores[0] = 1.0;
    rave.update(&mut tree, &path, &trail, &scores);
    let stats = |id: usize| (tree.amaf[id].visits, tree.amaf[id].value);
    // The root's children (seat 0): actions 0 and 1 were played by seat 0.
    assert_eq!(stats(1), (1, 1.0), "take 1: played in the playout");
    assert_eq!(stats(2), (1, 1.0), "take 2: played in the tree");
    assert_eq!(stats(3), (0, 0.0), "take 3: never played by seat 0");
    // Node 2's children (seat 1): actions 0 and 2 were played by seat 1.
    let first = tree.nodes[2].first_child as usize;
    assert_eq!(stats(first), (1, 0.0));
    assert_eq!(stats(first + 1), (0, 0.0), "seat 0's moves do not count");
    assert_eq!(stats(first + 2), (1, 0.0));
    // A second simulation adds to the counts.
    rave.update(&mut tree, &path, &trail, &[0.0; tabula_core::MAX_PLAYERS]);
    assert_eq!((tree.amaf[1].visits, tree.amaf[1].value), (2, 1.0));
}

#[test]
fn grave_borrows_the_reference_nodes_statistics() {
    let mut tree = small_tree();
    // The root is experienced; its AMAF statistics say taking 3 (action
    // 2) is best for seat 0. Node 2 is young: its children, for seat 1,
    // have nothing. Below it, a young node of seat 0's whose children are
    // unvisited and without AMAF samples of their own.
    tree.nodes[0].visits = 100;
    for (id, (visits, value)) in [(1, (50, 10.0)), (2, (50, 20.0)), (3, (50, 45.0))] {
        tree.amaf[id].visits = visits;
        tree.amaf[id].value = value;
        tree.nodes[id].visits = 30;
        tree.nodes[id].value = 15.0;
    }
    let young = tree.nodes[2].first_child;
    tree.nodes[young as usize].visits = 1;
    tree.expand(young, &[1, 2, 3], 0, 100, |mv| usize::from(mv) - 1);
    tree.nodes[2].visits = 3;
    let descend = |rave: &mut Rave, tree: &Tree<u8>| {
        rave.start_descent();
        let first = rave.select(tree, 0, 0.0);
        assert_eq!(first, 3, "the root's own AMAF favours taking 3");
        rave.select(tree, young, 0.0)
    };
    let mut grave = Rave::new(50, 1e-3);
    grave.prepare(2, 3);
    let chosen = descend(&mut grave, &tree);
    assert_eq!(
        tree.nodes[chosen as usize].mv, 3,
        "GRAVE uses the root's statistics for the young node's children"
    );
    let mut rave = Rave::new(0, 1e-3);
    rave.prepare(2, 3);
    let chosen = descend(&mut rave, &tree);
    assert_eq!(
        chosen, tree.nodes[young as usize].first_child,
        "RAVE has no samples there: the first unvisited child"
    );
}

#[test]
fn mast_keeps_the_mean_score_of_each_seats_actions() {
    let mut mast = Mast::new(Playout::Mast { epsilon: 0.0 });
    mast.prepare(2, 3);
    let mut scores = [0.0; tabula_core::MAX_PLAYERS];
    scores[1] = 1.0;
    mast.update(&[(0, 2), (1, 0), (0, 2)], &scores);
    scores = [0.0; tabula_core::MAX_PLAYERS];
    scores[0] = 1.0;
    mast.update(&[(0, 1), (1, 0)], &scores);
    assert_eq!(mast.stats(0, 2), (2, 0.0), "each occurrence counts");
    assert_eq!(mast.stats(1, 0), (2, 1.0));
    assert_eq!(mast.stats(0, 1), (1, 1.0));
    assert_eq!(mast.value(0, 1), 1.0);
    assert_eq!(mast.value(0, 2), 0.0);
    assert_eq!(mast.value(1, 2), 1.0, "unseen actions look good");
    // Greedy (epsilon 0) takes the best action among the legal moves:
    // seat 0 with 5 stones has the unseen action 0 (take 1) and action 1
    // (take 2, mean 1) tied at the top, action 2 (take 3) at 0.
    let mut rng = tabula_core::rng::seeded(1);
    let mut buffer = Vec::new();
    let chosen: std::collections::HashSet<u8> = (0..50)
        .map(|_| mast.choose(&nim(5, 0), &mut rng, &mut buffer).unwrap())
        .collect();
    assert_eq!(chosen, [1, 2].into_iter().collect());
    // Gibbs at a low temperature almost never takes the bad action.
    let mut gibbs = Mast::new(Playout::Gibbs { temperature: 0.05 });
    gibbs.prepare(2, 3);
    gibbs.update(&[(0, 2)], &[0.0; tabula_core::MAX_PLAYERS]);
    let bad = (0..1000)
        .filter(|_| gibbs.choose(&nim(5, 0), &mut rng, &mut buffer) == Some(3))
        .count();
    assert!(bad < 5, "{bad} of 1000");
    assert_eq!(gibbs.choose(&nim(0, 0), &mut rng, &mut buffer), None);
}

#[test]
fn a_search_fills_the_mast_table_with_every_simulated_move() {
    let mut player = Mcts::<Nim>::new(MctsConfig {
        iterations: Some(500),
        playout: Playout::Mast { epsilon: 0.5 },
        solver: false,
        ..MctsConfig::default()
    });
    player.search(&nim(21, 0));
    let mast = player.worker(0).mast().unwrap();
    // Each simulation takes all 21 stones: the actions' stones sum to
    // 21 per simulation, over both seats.
    let stones: u32 = (0..2)
        .flat_map(|seat| (0..3).map(move |a| (seat, a)))
        .map(|(seat, a)| mast.stats(seat, a).0 * (a as u32 + 1))
        .sum();
    assert_eq!(stones, 21 * 500);
}

#[test]
fn amaf_statistics_stay_beside_their_nodes_across_moves() {
    let mut player = Mcts::<Nim>::new(MctsConfig {
        iterations: Some(2000),
        selection: GRAVE,
        solver: false,
        ..MctsConfig::default()
    });
    let mut state = nim(30, 0);
    for _ in 0..3 {
        let report = player.search(&state);
        let before = state.clone();
        state.play(report.best);
        player.observe(&before, report.best);
        let tree = player.worker(0).tree();
        assert_eq!(tree.amaf.len(), tree.nodes.len());
        for (node, amaf) in tree.nodes.iter().zip(&tree.amaf).skip(1) {
            assert_eq!(amaf.action as usize, state.action(node.mv));
        }
        assert!(tree.amaf.iter().any(|a| a.visits > 0), "kept statistics");
    }
}

#[test]
fn priors_are_not_reported_as_visits() {
    let mut player = Mcts::<Nim>::new(MctsConfig {
        iterations: Some(777),
        prior: 25,
        solver: false,
        ..MctsConfig::default()
    });
    let report = player.search(&nim(21, 0));
    assert_eq!(report.children.iter().map(|c| c.visits).sum::<u32>(), 777);
}

#[test]
fn every_variant_takes_the_winning_move_from_either_seat() {
    for config in variants() {
        for (left, seat) in [(5, 0), (7, 1), (10, 0), (11, 1)] {
            let mut player = Mcts::new(MctsConfig {
                iterations: Some(20_000),
                seed: 3,
                ..config.clone()
            });
            let report = player.search(&nim(left, seat));
            assert_eq!(report.best, left % 4, "{config:?}: {left} stones");
            assert!(
                report.proven.is_some_and(|o| o.is_winner(seat)),
                "{config:?}: {left} stones"
            );
        }
    }
}

#[test]
fn every_variant_searches_the_same_tree_from_the_same_seed() {
    for config in variants() {
        let run = || {
            let mut player = Mcts::new(MctsConfig {
                iterations: Some(3000),
                seed: 9,
                solver: false,
                ..config.clone()
            });
            let report = player.search(&nim(21, 0));
            report
                .children
                .iter()
                .map(|c| (c.mv, c.visits))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(), run(), "{config:?}");
    }
}
