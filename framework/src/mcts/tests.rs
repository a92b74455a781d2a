//! MCTS on a game whose answers are known: Nim, take 1–3, last stone wins.
//! A position is lost for the mover exactly when the count is a multiple of 4.

use super::*;
use crate::error::{MoveError, PositionError};
use crate::outcome::Outcome;
use crate::params::{ParamError, ParamSpec, Params};

#[derive(Clone, Debug)]
struct Nim {
    left: u8,
    to_move: usize,
}

impl Game for Nim {
    type Move = u8;
    const NAME: &'static str = "nim";
    const DESCRIPTION: &'static str = "";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Nim {
            left: 21,
            to_move: 0,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::win(1 - self.to_move))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((1..=3).filter(|&n| n <= self.left));
    }
    fn play(&mut self, mv: u8) {
        self.left -= mv;
        self.to_move = 1 - self.to_move;
    }
    fn key(&self) -> u64 {
        crate::key::of(&[self.left.into(), self.to_move as u64])
    }
    fn action_count(&self) -> usize {
        3
    }
    fn action(&self, mv: u8) -> usize {
        usize::from(mv) - 1
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 3).then(|| action as u8 + 1)
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.trim()
            .parse()
            .map_err(|_| MoveError::syntax(text, "1-3"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn position(&self) -> String {
        format!("{} {}", self.left, self.to_move)
    }
    fn parse_position(&self, _: &str) -> Result<Self, PositionError> {
        Ok(self.clone())
    }
}

fn nim(left: u8, to_move: usize) -> Nim {
    Nim { left, to_move }
}

fn mcts(iterations: u64) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        iterations: Some(iterations),
        seed: 1,
        ..MctsConfig::default()
    })
}

#[test]
fn takes_the_winning_move_from_either_seat() {
    for left in [5, 6, 7, 9, 10, 11, 13] {
        for seat in 0..2 {
            let report = mcts(20_000).search(&nim(left, seat));
            assert_eq!(report.best, left % 4, "{left} stones, seat {seat}");
            let proven = report.proven.expect("small Nim is solved");
            assert!(
                proven.is_winner(seat),
                "{left} stones, seat {seat}: {proven:?}"
            );
            assert!(report.value > 0.99);
        }
    }
}

#[test]
fn proves_a_lost_position_lost() {
    let report = mcts(50_000).search(&nim(8, 1));
    assert_eq!(report.proven, Some(Outcome::win(0)));
    assert!(report.value < 0.01);
    assert!(
        report.iterations < 50_000,
        "the search stops once the root is proven"
    );
}

#[test]
fn without_the_solver_it_still_prefers_the_winning_move() {
    let mut search = Mcts::new(MctsConfig {
        iterations: Some(20_000),
        solver: false,
        ..MctsConfig::default()
    });
    let report = search.search(&nim(7, 0));
    assert_eq!(report.best, 3);
    assert_eq!(report.proven, None);
    assert_eq!(report.iterations, 20_000);
    assert_eq!(report.pv.first(), Some(&3));
}

#[test]
fn the_same_seed_searches_the_same_tree() {
    let a = mcts(3000).search(&nim(21, 0));
    let b = mcts(3000).search(&nim(21, 0));
    let visits = |r: &SearchReport<u8>| {
        r.children
            .iter()
            .map(|c| (c.mv, c.visits))
            .collect::<Vec<_>>()
    };
    assert_eq!(visits(&a), visits(&b));
}

#[test]
fn a_single_legal_move_needs_no_search() {
    let report = mcts(1000).search(&nim(1, 0));
    assert_eq!((report.best, report.iterations), (1, 0));
}

#[test]
fn the_tree_is_kept_across_observed_moves() {
    let mut search = Mcts::new(MctsConfig {
        iterations: Some(2000),
        solver: false,
        ..MctsConfig::default()
    });
    let mut state = nim(30, 0);
    let report = search.search(&state);
    for mv in [report.best, 2] {
        let before = state.clone();
        state.play(mv);
        search.observe(&before, mv);
    }
    let kept = search.tree_size();
    assert!(kept > 1, "the subtree after both moves is kept");
    let next = search.search(&state);
    assert!(
        next.children.iter().map(|c| c.visits).sum::<u32>() > 2000,
        "old visits count"
    );

    // A move from a position the tree does not hold drops it.
    search.observe(&nim(29, 1), 1);
    let fresh = search.search(&state);
    assert_eq!(fresh.children.iter().map(|c| c.visits).sum::<u32>(), 2000);
}

fn threaded(iterations: u64, threads: usize, solver: bool) -> Mcts<Nim> {
    Mcts::new(MctsConfig {
        iterations: Some(iterations),
        threads,
        solver,
        seed: 4,
        ..MctsConfig::default()
    })
}

#[test]
fn threads_share_the_budget_and_sum_their_statistics() {
    let report = threaded(9_001, 2, false).search(&nim(9, 0));
    assert_eq!(report.iterations, 9_001);
    assert_eq!(report.children.iter().map(|c| c.visits).sum::<u32>(), 9_001);
    assert_eq!(report.best, 1, "9 stones: take 1 to leave 8");
    let again = threaded(9_001, 2, false).search(&nim(9, 0));
    let visits = |r: &SearchReport<u8>| {
        r.children
            .iter()
            .map(|c| (c.mv, c.visits))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        visits(&report),
        visits(&again),
        "threads with an iteration budget are deterministic"
    );
}

#[test]
fn a_thread_that_proves_the_root_decides() {
    let report = threaded(20_000, 2, true).search(&nim(6, 1));
    assert_eq!(report.best, 2);
    assert!(report.proven.is_some_and(|o| o.is_winner(1)));
}

#[test]
fn every_thread_keeps_its_tree_across_moves() {
    let mut search = threaded(2_000, 2, false);
    let mut state = nim(30, 0);
    let report = search.search(&state);
    let before = state.clone();
    state.play(report.best);
    search.observe(&before, report.best);
    assert!(search.tree_size() > 2, "both subtrees kept");
}
