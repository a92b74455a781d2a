//! The shared MCTS player's strength and correctness, through the same
//! object-safe layer the REPL and tournaments use.

use crate::common::{on_representative_specs, positions_along_a_game};
use tabula::agents::AnyControl;
use tabula::prelude::*;
use tabula::{play_game, AnyAgent};

/// A strength claim: `hero` scores at least `at_least` of the points over
/// `games` games of `game` against `other` in every other seat, the hero
/// rotating through the seats.
struct Claim<'a> {
    game: &'a str,
    hero: &'a str,
    other: &'a str,
    games: usize,
    at_least: f64,
}

/// MCTS against random in every game, with two and three players.
const CLAIMS: &[Claim<'static>] = &[
    Claim {
        game: "diffusion",
        hero: "mcts(iterations=2000)",
        other: "random",
        games: 100,
        at_least: 0.9,
    },
    // With three players, each node must be judged by the seat that chose
    // it: a sign error would make the hero help the others.
    Claim {
        game: "calcala(players=3)",
        hero: "mcts(iterations=2000)",
        other: "random",
        games: 40,
        at_least: 0.7,
    },
    Claim {
        game: "grid-diffusion(size=5x5,stones=5)",
        hero: "mcts(iterations=2000)",
        other: "random",
        games: 40,
        at_least: 0.9,
    },
    Claim {
        game: "calcala",
        hero: "mcts(iterations=2000)",
        other: "random",
        games: 40,
        at_least: 0.9,
    },
    Claim {
        game: "differo",
        hero: "mcts(iterations=2000)",
        other: "random",
        games: 40,
        at_least: 0.9,
    },
];

/// Games the quick tier plays of a claim, at the claim's rate; the soak
/// tier plays them all.
const QUICK_GAMES: usize = 12;

impl Claim<'_> {
    fn named(game: &str) -> &'static Claim<'static> {
        CLAIMS.iter().find(|c| c.game == game).unwrap()
    }

    /// Checks the claim's rate over its first `games` games, sequentially:
    /// play stops as soon as the verdict is certain (the hero has its
    /// points, or can no longer reach them). That is the verdict of playing
    /// every game, since a game's seeds depend on its number alone.
    fn check(&self, games: usize) {
        let registry = tabula_games::registry();
        let start = registry.create(self.game).unwrap();
        let players = start.players();
        let hero = registry.parse_agent(self.hero).unwrap();
        let other = registry.parse_agent(self.other).unwrap();
        let needed = self.at_least * games as f64;
        let (mut total, mut played) = (0.0, 0);
        while total < needed && total + (games - played) as f64 >= needed {
            let hero_seat = played % players;
            let mut agents: Vec<Box<dyn AnyAgent>> = (0..players)
                .map(|seat| {
                    let spec = if seat == hero_seat { &hero } else { &other };
                    registry
                        .agent(start.as_ref(), spec, (played * players + seat) as u64)
                        .unwrap()
                })
                .collect();
            let game = play_game(start.as_ref(), &mut agents, 2000).unwrap();
            assert_eq!(game.forfeit, None);
            if let Some(outcome) = game.outcome {
                total += f64::from(outcome.score(hero_seat));
            }
            played += 1;
        }
        eprintln!(
            "{}: {} scored {total} against {} in {played} of {games} games (needs {needed})",
            self.game, self.hero, self.other
        );
        assert!(
            total >= needed,
            "{}: {} cannot reach {needed} points of {games} against {} ({total} in {played} games)",
            self.game,
            self.hero,
            self.other
        );
    }

    /// The quick tier: the claim's rate over its first [`QUICK_GAMES`].
    fn check_quickly(&self) {
        self.check(self.games.min(QUICK_GAMES));
    }
}

#[test]
fn mcts_beats_random_at_diffusion() {
    Claim::named("diffusion").check_quickly();
}

#[test]
fn mcts_scores_are_per_seat_with_three_players() {
    Claim::named("calcala(players=3)").check_quickly();
}

#[test]
fn mcts_beats_random_at_grid_diffusion() {
    Claim::named("grid-diffusion(size=5x5,stones=5)").check_quickly();
}

#[test]
fn mcts_beats_random_at_calcala() {
    Claim::named("calcala").check_quickly();
}

#[test]
fn mcts_beats_random_at_differo() {
    Claim::named("differo").check_quickly();
}

/// Every registered game at its defaults, whatever it is (a new game is
/// checked here with no edit; the claims above hold the shipped games to
/// their own, higher, rates).
#[test]
fn mcts_beats_random_at_every_registered_game() {
    for name in tabula_games::registry().names() {
        Claim {
            game: &name,
            hero: "mcts(iterations=1000)",
            other: "random",
            games: 8,
            at_least: 0.75,
        }
        .check_quickly();
    }
}

/// Every claim at full size: the soak tier (CI runs it).
#[test]
#[ignore = "soak: run with -- --ignored soak"]
fn soak_mcts_strength_at_full_size() {
    for claim in CLAIMS {
        claim.check(claim.games);
    }
}

/// Finds the only winning first move of a five-ply forced win, for either
/// seat: the position and its 180° rotation, where B faces A's problem.
#[test]
fn mcts_solver_finds_a_forced_diffusion_win_from_both_seats() {
    let registry = tabula_games::registry();
    for (position, seat, winning_move) in [("110001/002102 A", 0, "b"), ("201200/100011 B", 1, "E")]
    {
        let game = registry
            .create("diffusion")
            .unwrap()
            .with_position(position)
            .unwrap();
        assert_eq!(game.legal_moves().len(), 6);
        let spec = registry
            .parse_agent("mcts(iterations=50000,seed=3)")
            .unwrap();
        let decision = registry
            .agent(game.as_ref(), &spec, 0)
            .unwrap()
            .choose(game.as_ref(), &AnyControl::default())
            .unwrap();
        assert_eq!(decision.mv, winning_move, "{position}");
        let search = decision.search.unwrap();
        let proven = search.proven.expect("the solver proves the win");
        assert!(
            proven.is_winner(seat) && proven.score(seat) == 1.0,
            "{position}: {proven:?}"
        );
        assert!(
            search.iterations < 50000,
            "a proven root stops the search early"
        );
    }
}

#[test]
fn same_seed_same_game() {
    let registry = tabula_games::registry();
    let start = registry.create("diffusion").unwrap();
    let play = || {
        let mut agents: Vec<Box<dyn AnyAgent>> = ["mcts(iterations=300,seed=5)", "random(seed=9)"]
            .iter()
            .map(|s| {
                let spec = registry.parse_agent(s).unwrap();
                registry.agent(start.as_ref(), &spec, 0).unwrap()
            })
            .collect();
        play_game(start.as_ref(), &mut agents, 1000).unwrap().moves
    };
    assert_eq!(play(), play());
}

/// Known answers with 3 and 4 players: the last seat to move can end the
/// game with a capture that makes it the sole winner. A perspective error
/// (judging nodes by the wrong seat) would miss it or call it a loss.
#[test]
fn mcts_finds_the_last_seats_winning_capture_with_three_and_four_players() {
    use tabula::Game;
    use tabula_games::Calcala;
    let board = "1,0,2,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,1,0,0/0,1,0,0,1,0/0,0,0,0,0,2";
    for (spec, position, seat) in [
        ("calcala(players=3)", format!("{board} 3 10,10,9"), 2),
        ("calcala(players=4)", format!("{board} 4 10,10,10,9"), 3),
    ] {
        let state = Calcala::from_spec(spec)
            .unwrap()
            .variant()
            .parse_position(&position)
            .unwrap();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let winning: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = state;
                next.play(mv);
                next.outcome() == Some(tabula::Outcome::win(seat))
            })
            .collect();
        assert!(
            !winning.is_empty() && winning.len() < moves.len(),
            "{position}: a real choice"
        );
        let mut mcts = tabula::mcts::Mcts::new(tabula::mcts::MctsConfig {
            iterations: Some(20_000),
            seed: 5,
            ..Default::default()
        });
        let report = mcts.search(&state);
        assert!(
            winning.contains(&report.best),
            "{position}: chose {}",
            state.format_move(report.best)
        );
        let proven = report.proven.expect("an immediate win is proven");
        assert_eq!(proven.score(seat), 1.0, "{position}: {proven:?}");
    }
}

/// `prior=K` seeds every new child with `K` visits at its position's
/// evaluation: after one iteration from each position of a stretch of a
/// random game, each root child's mean is (within one real visit in
/// `K + 1`) the evaluation of its position for its mover, in every game,
/// while the reported visits count only the real one.
#[test]
fn priors_seed_the_children_with_the_evaluation_in_every_game() {
    fn check<G: tabula::FullGame>(spec: &str) {
        const PRIOR: u32 = 1000;
        let mut distinct = std::collections::HashSet::new();
        for start in positions_along_a_game::<G>(spec, 12) {
            let mut mcts = tabula::mcts::Mcts::<G>::new(tabula::mcts::MctsConfig {
                iterations: Some(1),
                prior: PRIOR,
                solver: false,
                ..Default::default()
            });
            let report = mcts.search(&start);
            let mover = start.to_move();
            for child in &report.children {
                let mut next = start.clone();
                next.play(child.mv);
                // A move that ends the game (on a small board a few plies
                // in) is worth its result, not an evaluation.
                let expected = match next.outcome() {
                    Some(outcome) => outcome.score(mover),
                    None => next.evaluate()[mover],
                };
                let slack = 1.0 / (PRIOR as f32 + 1.0) + 1e-4;
                assert!(
                    (child.value - expected).abs() <= slack,
                    "{spec} {}: mean {} against evaluation {expected}",
                    start.format_move(child.mv),
                    child.value
                );
                distinct.insert((expected * 1e4) as i64);
            }
            let visits: u32 = report.children.iter().map(|c| c.visits).sum();
            assert_eq!(visits, 1, "{spec}: only the real visit is reported");
        }
        assert!(
            distinct.len() > 1,
            "{spec}: the children's means were all one value"
        );
    }
    on_representative_specs!(check);
}
