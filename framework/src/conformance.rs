//! The shared test every game passes: seeded random games checked ply by ply.
//!
//! One line per game: `tabula::conformance::check(&MyGame::new(&params)?, &Config::default())`.
//! It panics with a precise message on the first violation, so it is meant
//! for tests.

use std::collections::HashSet;

use crate::error::MoveError;
use crate::game::{Game, MAX_PLAYERS};
use crate::rng::{seeded, Rng};

/// Seen moves re-tried as illegal candidates per ply.
const ILLEGAL_PER_PLY: usize = 64;

/// How many games to play and how long each may last.
#[derive(Debug, Clone)]
pub struct Config {
    /// Random games to play.
    pub games: usize,
    /// The seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// A game is stopped (not failed) after this many plies.
    pub max_plies: usize,
    /// Test text round-trips on every ply (slow games may thin this out).
    pub check_every: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 1000,
            seed: 1,
            max_plies: 1000,
            check_every: 1,
        }
    }
}

/// Runs the conformance suite from `start`. Returns the plies played.
pub fn check<G: Game>(start: &G, config: &Config) -> usize {
    let mut plies = 0;
    let mut seen_moves = Vec::new();
    for game in 0..config.games {
        let seed = config.seed.wrapping_add(game as u64);
        let played = play_checked(start, seed, config, &mut seen_moves);
        let replayed = replay_moves(start, seed, config);
        assert_eq!(
            played, replayed,
            "seed {seed}: the same seed gave a different game"
        );
        plies += played.len();
    }
    plies
}

/// One random game, every ply checked. Returns the moves played.
fn play_checked<G: Game>(
    start: &G,
    seed: u64,
    config: &Config,
    seen_moves: &mut Vec<G::Move>,
) -> Vec<G::Move> {
    let mut rng = seeded(seed);
    let mut state = start.clone();
    let mut played = Vec::new();
    let mut moves = Vec::new();
    let mut buffer = Vec::new();
    check_record_round_trip(start, &played, "start");
    for ply in 0..config.max_plies {
        let at = format!("seed {seed}, ply {ply}, position `{}`", state.position());
        check_basics(&state, &at);
        if ply % config.check_every == 0 {
            check_position_round_trip(&state, &at);
        }
        let Some(outcome) = state.outcome() else {
            state.legal_moves(&mut moves);
            check_move_list(&state, &moves, &at);
            if ply % config.check_every == 0 {
                check_illegal_rejected(&state, &moves, seen_moves, ply, &at);
            }
            let mv = state
                .random_move(&mut rng, &mut buffer)
                .unwrap_or_else(|| panic!("{at}: random_move gave None in a running game"));
            assert!(
                moves.contains(&mv),
                "{at}: random_move gave unlisted {mv:?}"
            );
            if seen_moves.len() < 4096 && !seen_moves.contains(&mv) {
                seen_moves.push(mv);
            }
            state.play(mv);
            played.push(mv);
            continue;
        };
        let players = state.players();
        assert!(
            outcome.winners().all(|seat| seat < players),
            "{at}: a winner outside the {players} seats"
        );
        let total: f32 = outcome.scores().iter().sum();
        assert!((total - 1.0).abs() < 1e-4, "{at}: scores sum to {total}");
        state.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{at}: moves listed after the game ended");
        assert!(
            state.random_move(&mut rng, &mut buffer).is_none(),
            "{at}: random move after the end"
        );
        if let Some(&mv) = seen_moves.first() {
            let before = state.position();
            assert_eq!(
                state.try_play(mv),
                Err(MoveError::GameOver),
                "{at}: move after the end"
            );
            assert_eq!(
                state.position(),
                before,
                "{at}: a refused move changed the state"
            );
        }
        break;
    }
    check_record_round_trip(start, &played, &format!("seed {seed}, end"));
    played
}

fn replay_moves<G: Game>(start: &G, seed: u64, config: &Config) -> Vec<G::Move> {
    let mut rng = seeded(seed);
    let mut state = start.clone();
    let mut buffer = Vec::new();
    let mut played = Vec::new();
    while played.len() < config.max_plies {
        let Some(mv) = state.random_move(&mut rng, &mut buffer) else {
            break;
        };
        state.play(mv);
        played.push(mv);
    }
    played
}

fn check_basics<G: Game>(state: &G, at: &str) {
    let players = state.players();
    assert!(
        (1..=MAX_PLAYERS).contains(&players),
        "{at}: {players} players"
    );
    if state.outcome().is_none() {
        assert!(
            state.to_move() < players,
            "{at}: seat {} to move",
            state.to_move()
        );
    }
    if let Some(scores) = state.evaluate() {
        assert!(
            scores.iter().all(|s| (0.0..=1.0).contains(s)),
            "{at}: evaluation {scores:?} outside 0..=1"
        );
        let total: f32 = scores.iter().sum();
        assert!(
            (total - 1.0).abs() < 1e-3,
            "{at}: evaluation sums to {total}"
        );
        assert!(
            scores[players..].iter().all(|&s| s == 0.0),
            "{at}: evaluation for absent seats"
        );
    }
}

fn check_move_list<G: Game>(state: &G, moves: &[G::Move], at: &str) {
    assert!(!moves.is_empty(), "{at}: no legal move but no outcome");
    let unique: HashSet<_> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len(), "{at}: duplicate legal moves");
    for &mv in moves {
        assert!(
            state.is_legal(mv),
            "{at}: listed move {mv:?} fails is_legal"
        );
        let text = state.format_move(mv);
        let parsed = state.parse_move(&text);
        assert_eq!(
            parsed,
            Ok(mv),
            "{at}: move text `{text}` does not round-trip"
        );
        let padded = format!("  {text}  ");
        assert_eq!(
            state.parse_move(&padded),
            Ok(mv),
            "{at}: `{padded}` is not read"
        );
        let case_variants = if G::CASE_SENSITIVE_MOVES {
            vec![]
        } else {
            vec![text.to_uppercase(), text.to_lowercase()]
        };
        for variant in case_variants {
            assert_eq!(
                state.parse_move(&variant),
                Ok(mv),
                "{at}: `{variant}` is not read case-insensitively"
            );
        }
        let mut copy = state.clone();
        assert_eq!(
            copy.try_play(mv),
            Ok(()),
            "{at}: listed move {text} refused"
        );
    }
}

/// Moves seen elsewhere but not listed here must be refused without a
/// trace. At most [`ILLEGAL_PER_PLY`] of them per ply, a different slice
/// each ply, so long games stay cheap to check.
fn check_illegal_rejected<G: Game>(
    state: &G,
    moves: &[G::Move],
    seen: &[G::Move],
    ply: usize,
    at: &str,
) {
    let before = state.position();
    let stride = seen.len().div_ceil(ILLEGAL_PER_PLY).max(1);
    let sample = seen.iter().skip(ply % stride).step_by(stride);
    for &mv in sample.filter(|mv| !moves.contains(mv)) {
        assert!(!state.is_legal(mv), "{at}: unlisted {mv:?} passes is_legal");
        let mut copy = state.clone();
        assert!(
            copy.try_play(mv).is_err(),
            "{at}: unlisted {mv:?} was accepted"
        );
        assert_eq!(
            copy.position(),
            before,
            "{at}: a refused move changed the state"
        );
    }
    for junk in ["", "  ", "zz99", "@", "é", "1-2-3-4-5", "pass-pass"] {
        if let Ok(mv) = state.parse_move(junk) {
            let mut copy = state.clone();
            let _ = copy.try_play(mv);
            if !moves.contains(&mv) {
                assert_eq!(
                    copy.position(),
                    before,
                    "{at}: junk `{junk}` changed the state"
                );
            }
        }
    }
}

fn check_position_round_trip<G: Game>(state: &G, at: &str) {
    let text = state.position();
    let parsed = state
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{at}: own position text rejected: {e}"));
    assert_eq!(
        parsed.position(),
        text,
        "{at}: position text does not round-trip"
    );
    let padded = parsed.parse_position(&format!("  {text} "));
    assert!(padded.is_ok(), "{at}: surrounding spaces rejected");
    assert_eq!(
        parsed.outcome(),
        state.outcome(),
        "{at}: outcome lost in position text"
    );
    if state.outcome().is_none() {
        assert_eq!(parsed.to_move(), state.to_move(), "{at}: side to move lost");
    }
}

/// A game record (the moves as text) survives JSON and replays to the same position.
fn check_record_round_trip<G: Game>(start: &G, played: &[G::Move], at: &str) {
    let texts: Vec<String> = {
        let mut state = start.clone();
        played
            .iter()
            .map(|&mv| {
                let text = state.format_move(mv);
                state.play(mv);
                text
            })
            .collect()
    };
    let json = serde_json::to_string(&texts).expect("move texts serialize");
    let back: Vec<String> = serde_json::from_str(&json).expect("move texts deserialize");
    let mut replay = start.clone();
    for (ply, text) in back.iter().enumerate() {
        let mv = replay
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{at}: record ply {ply}: {e}"));
        replay
            .try_play(mv)
            .unwrap_or_else(|e| panic!("{at}: record ply {ply}: {e}"));
    }
    let mut direct = start.clone();
    played.iter().for_each(|&mv| direct.play(mv));
    assert_eq!(
        replay.position(),
        direct.position(),
        "{at}: replayed record differs"
    );
}

/// Uniformity smoke check used by games that override `random_move`: over
/// many draws from `state`, every legal move comes up.
pub fn check_random_move_covers<G: Game>(state: &G, draws: usize, rng: &mut Rng) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut buffer = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..draws {
        seen.insert(state.random_move(rng, &mut buffer).expect("game running"));
    }
    assert_eq!(seen.len(), moves.len(), "some legal moves were never drawn");
}
