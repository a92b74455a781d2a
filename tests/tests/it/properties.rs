//! Property tests for every game: on random reachable states (a seed and a
//! number of random plies from the start of a parameter set of the game's
//! test plan), every syntactically valid move text is legal exactly when it
//! is listed, an unlisted one is rejected by `try_play` with the state
//! unchanged, and each game's invariants hold along the way. (What the
//! conformance suite checks on every ply — listed moves, text round trips —
//! is not repeated here.)

use std::collections::HashSet;

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::Rng as _;
use tabula::prelude::*;
use tabula::rng::{seeded, Rng};
use tabula_differo::{Cell, BLACK, WHITE};
use tabula_games::{Calcala, Differo, Diffusion, GridDiffusion};

/// The parameter sets of `game`'s test plan.
fn specs(game: &str) -> Vec<&'static str> {
    let plan = tabula_games::test_plan(game).expect("a test plan");
    plan.cases.iter().map(|v| v.spec).collect()
}

/// The state `spec` starts from, as its concrete type.
fn start<G: FullGame>(spec: &str) -> G {
    G::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Plays up to `plies` random moves from `spec`'s start with `seed`,
/// calling `step(before, after, move)` after each; returns the last state.
fn walk<G: FullGame>(
    spec: &str,
    seed: u64,
    plies: usize,
    mut step: impl FnMut(&G, &G, G::Move),
) -> G {
    let mut state: G = start(spec);
    let mut rng: Rng = seeded(seed);
    let mut buffer = Vec::new();
    for _ in 0..plies {
        let Some(mv) = state.random_move(&mut rng, &mut buffer) else {
            break;
        };
        let before = state.clone();
        state
            .try_play(mv)
            .unwrap_or_else(|e| panic!("random move {mv:?} rejected: {e}"));
        step(&before, &state, mv);
    }
    state
}

/// Every candidate text that parses is legal exactly when it is listed;
/// an unlisted one is rejected with the state unchanged. Returns how many
/// candidates were syntactically valid (so a test notices a broken list).
fn check_moves<G: FullGame>(state: &G, candidates: impl IntoIterator<Item = String>) -> usize {
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert_eq!(
        legal.is_empty(),
        state.outcome().is_some(),
        "moves exactly while the game is on: {}",
        state.position()
    );
    let listed: HashSet<G::Move> = legal.iter().copied().collect();
    let position = state.position();
    let key = state.key();
    let mut valid = 0;
    for text in candidates {
        let Ok(mv) = state.parse_move(&text) else {
            continue;
        };
        valid += 1;
        assert_eq!(
            state.is_legal(mv),
            listed.contains(&mv),
            "{text} at {position}"
        );
        if listed.contains(&mv) {
            continue;
        }
        let mut next = state.clone();
        assert!(
            next.try_play(mv).is_err(),
            "unlisted {text} accepted at {position}"
        );
        assert_eq!(next.key(), key, "rejected {text} changed the state");
        assert_eq!(next.outcome(), state.outcome());
    }
    valid
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

// ---- Diffusion ----------------------------------------------------------

/// Pit counts from the position text `UPPER/LOWER SIDE`.
fn diffusion_pits(state: &Diffusion) -> Vec<u32> {
    let text = state.position();
    let rows = text.split(' ').next().unwrap();
    rows.chars()
        .filter(|&c| c != '/')
        .map(|c| c.to_digit(10).expect("a digit"))
        .collect()
}

fn diffusion_moves() -> impl Iterator<Item = String> {
    ('a'..='z').chain('A'..='Z').map(String::from)
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn diffusion_properties(variant in 0..specs("diffusion").len(), seed in any::<u64>(), plies in 0usize..150) {
        let spec = specs("diffusion")[variant];
        let start: Diffusion = start(spec);
        let total: u32 = diffusion_pits(&start).iter().sum();
        let state = walk::<Diffusion>(spec, seed, plies, |before, after, _| {
            let pits = diffusion_pits(after);
            assert!(pits.iter().all(|&n| n <= 5), "a pit above 5: {}", after.position());
            let on_board: u32 = pits.iter().sum();
            assert!(on_board <= diffusion_pits(before).iter().sum(), "stones increased");
            let stored: u32 = after.stores().iter().map(|&n| u32::from(n)).sum();
            assert_eq!(on_board + stored, total, "stones lost or made");
            check_moves(after, diffusion_moves());
        });
        let valid = check_moves(&state, diffusion_moves());
        prop_assert_eq!(valid, 2 * state.width());
    }
}

// ---- Grid Diffusion -----------------------------------------------------

fn grid_board(state: &GridDiffusion) -> String {
    state.position().split(' ').next().unwrap().to_string()
}

fn grid_counts(board: &str) -> (u32, u32) {
    let count = |c| board.chars().filter(|&x| x == c).count() as u32;
    (count('b'), count('w'))
}

/// Every drop, relocation and attack on a `rows`x`cols` board (attacks
/// displacing the stone to each neighbour of the target or onto the
/// attacker's cell), plus `pass`.
fn grid_moves(rows: usize, cols: usize) -> Vec<String> {
    let cells: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .collect();
    let mut moves = vec!["pass".to_string()];
    for &from in &cells {
        moves.push(grid_name(from));
        for &to in &cells {
            moves.push(format!("{}-{}", grid_name(from), grid_name(to)));
            for displaced in grid_displacements(rows, cols, from, to) {
                moves.push(grid_attack(from, to, displaced));
            }
        }
    }
    moves
}

fn grid_name((r, c): (usize, usize)) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn grid_attack(from: (usize, usize), target: (usize, usize), to: (usize, usize)) -> String {
    format!(
        "{}:{}-{}",
        grid_name(from),
        grid_name(target),
        grid_name(to)
    )
}

/// Where an attack from `from` on `target` may put the displaced stone:
/// each neighbour of the target, and the attacker's cell.
fn grid_displacements(
    rows: usize,
    cols: usize,
    from: (usize, usize),
    (r2, c2): (usize, usize),
) -> impl Iterator<Item = (usize, usize)> {
    [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .map(move |(dr, dc)| (r2 as i32 + dr, c2 as i32 + dc))
        .filter(move |&(a, b)| a >= 0 && b >= 0 && (a as usize) < rows && (b as usize) < cols)
        .map(|(a, b)| (a as usize, b as usize))
        .chain([from])
}

/// Every candidate on boards up to 64 cells; on bigger ones 20,000 drawn
/// at random from the same kinds (the full list runs to 700,000 texts).
fn grid_candidates(rows: usize, cols: usize, seed: u64) -> Vec<String> {
    if rows * cols <= 64 {
        return grid_moves(rows, cols);
    }
    let mut rng = seeded(seed);
    let mut cell = || (rng.random_range(0..rows), rng.random_range(0..cols));
    let mut moves = vec!["pass".to_string()];
    for _ in 0..5000 {
        let (from, to) = (cell(), cell());
        moves.push(grid_name(from));
        moves.push(format!("{}-{}", grid_name(from), grid_name(to)));
        moves.extend(
            grid_displacements(rows, cols, from, to)
                .map(|d| grid_attack(from, to, d))
                .take(2),
        );
    }
    moves
}

proptest! {
    #![proptest_config(config(192))]

    #[test]
    fn grid_diffusion_properties(variant in 0..specs("grid-diffusion").len(), seed in any::<u64>(), plies in 0usize..120) {
        let spec = specs("grid-diffusion")[variant];
        let start: GridDiffusion = start(spec);
        let [black, white] = start.stones_to_drop().map(u32::from);
        let ranks = grid_board(&start);
        let (rows, cols) = (ranks.split('/').count(), ranks.split('/').next().unwrap().len());
        let pass = start.parse_move("pass").unwrap();
        // Arrangements seen since the drop stage ended.
        let mut seen: HashSet<String> = HashSet::new();
        let state = walk::<GridDiffusion>(spec, seed, plies, |before, after, mv| {
            let board = grid_board(after);
            if after.stage() == 2 {
                assert_eq!(grid_counts(&board), (black, white), "stone counts changed: {board}");
                if before.stage() == 1 {
                    seen.insert(board);
                } else if mv != pass {
                    assert!(seen.insert(board.clone()), "arrangement repeated: {board}");
                } else {
                    assert_eq!(board, grid_board(before), "a pass moved stones");
                }
            }
        });
        let candidates = grid_candidates(rows, cols, seed);
        let count = candidates.len();
        let valid = check_moves(&state, candidates);
        prop_assert_eq!(valid, count);
    }
}

// ---- Calcala ------------------------------------------------------------

/// The game ends once this many stones or fewer are on the board.
const CALCALA_END: u32 = 6;

fn calcala_moves() -> Vec<String> {
    let mut moves = Vec::new();
    for col in 'A'..='F' {
        for row in 1..=6 {
            for dir in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] {
                moves.push(format!("{col}{row}-{dir}"));
            }
        }
    }
    moves
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn calcala_properties(variant in 0..specs("calcala").len(), seed in any::<u64>(), plies in 0usize..120) {
        let spec = specs("calcala")[variant];
        let start: Calcala = start(spec);
        let captured = |s: &Calcala| (0..s.players()).map(|seat| s.captures(seat)).sum::<u32>();
        let total = start.stones_on_board() + captured(&start);
        let moves = calcala_moves();
        let state = walk::<Calcala>(spec, seed, plies, |before, after, _| {
            assert_eq!(after.stones_on_board() + captured(after), total, "stones not conserved");
            for seat in 0..after.players() {
                assert!(after.captures(seat) >= before.captures(seat), "captures decreased");
            }
            assert_eq!(
                after.outcome().is_some(),
                after.stones_on_board() <= CALCALA_END,
                "the end is 6 stones or fewer: {}", after.position()
            );
        });
        let valid = check_moves(&state, moves.iter().cloned());
        prop_assert_eq!(valid, moves.len());
    }
}

// ---- Differo ------------------------------------------------------------

/// Every `XN-YM` text over rows A-I and numbers 1-9 (off-board names fail
/// to parse and are skipped).
fn differo_moves() -> Vec<String> {
    let names: Vec<String> = ('A'..='I')
        .flat_map(|r| (1..=9).map(move |n| format!("{r}{n}")))
        .collect();
    let mut moves = Vec::new();
    for a in &names {
        for b in &names {
            moves.push(format!("{a}-{b}"));
        }
    }
    moves
}

fn differo_counts(state: &Differo) -> (usize, usize) {
    let text = state.position();
    let board = text.split(' ').next().unwrap();
    let count = |c| board.chars().filter(|&x| x == c).count();
    (count('w'), count('b'))
}

proptest! {
    #![proptest_config(config(192))]

    #[test]
    fn differo_properties(variant in 0..specs("differo").len(), seed in any::<u64>(), plies in 0usize..300) {
        let spec = specs("differo")[variant];
        let moves = differo_moves();
        let goal = |name| Cell::parse(name).unwrap();
        let state = walk::<Differo>(spec, seed, plies, |_, after, _| {
            // Pieces are never removed: 13 each, always.
            assert_eq!(differo_counts(after), (13, 13), "{}", after.position());
            // No piece ever stands on the opponent's goal.
            assert_ne!(after.piece_at(goal("I7")), Some(BLACK), "{}", after.position());
            assert_ne!(after.piece_at(goal("A3")), Some(WHITE), "{}", after.position());
        });
        let valid = check_moves(&state, moves.iter().cloned());
        // 61 cells, each pair of distinct cells.
        prop_assert_eq!(valid, 61 * 60);
    }
}
