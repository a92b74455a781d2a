//! The shared test every game passes: seeded random games checked ply by ply.
//!
//! `tabula::conformance::check(&start, &Config::default())` plays
//! [`Config::games`] random games from `start` and checks at every ply that
//! listed moves are legal, unique, numbered by their actions and accepted;
//! that unlisted moves are refused without a trace; that move and position
//! texts round-trip; that keys identify states; that a clone plays on
//! independently of its original; that `random_move` is uniform (a
//! chi-square test); that outcomes and evaluations are well formed, and
//! that the evaluation tells the positions met apart and gives a finished
//! game its outcome's scores; that the first
//! games' boards say what every board must ([`boards::check`]: among
//! others, a click target for every legal move in the picture); that a
//! game ends within [`Config::max_plies`] unless it is declared unbounded;
//! and that the same seed gives the same game. Observations
//! ([`Observation::observe`](tabula_core::Observation::observe)) keep the variant's shape, are written in full, finite
//! and non-negative, the same for a clone, and tell positions apart: from
//! any one seat, two states met in a run with different position texts
//! never give the same observation (see [`check`]). It panics with a
//! precise message on the first violation, so it is meant for tests.
//!
//! A game's table of parameter sets, its [`Plan`], is what the workspace's
//! property tests and the soak tier read. A game's own test runs
//! [`check_plan`] on it: what those tests assume of the plan
//! ([`check_plan_form`]: the defaults first, every spec its own game's),
//! then the suite on every case ([`check_case`]). That test is where every shipped game passes the
//! suite: the workspace's cross-game tests check that each catalogued game
//! has it rather than compiling the suite again for every game.

use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};

use tabula_core::error::MoveError;
use tabula_core::game::FullGame;
use tabula_core::outcome::MAX_PLAYERS;
use tabula_core::prelude::*;
use tabula_core::rng::{seeded, Rng};

use crate::boards;

pub use tabula_core::plan::{Case, GameVisitor, Plan};

/// Seen moves re-tried as illegal candidates per ply.
const ILLEGAL_PER_PLY: usize = 64;
/// Plies a clone plays on its own before it is compared with a fresh replay.
const BRANCH_PLIES: usize = 12;
/// Draws per legal move in the chi-square test of `random_move`.
const DRAWS_PER_MOVE: usize = 40;
/// Positions with more legal moves than this skip the chi-square test.
const MAX_UNIFORM_MOVES: usize = 5000;
/// States whose key and position text are remembered per [`check`] run.
const MAX_KEYS: usize = 200_000;
/// The first games of a full [`check`] run whose boards are drawn and
/// checked ([`boards::check`]): at the start, after the first move, every
/// [`DRAW_EVERY`] plies and at the end.
const DRAWN_GAMES: usize = 3;
const DRAW_EVERY: usize = 20;
/// Action counts up to this are decoded in full once per [`check`] run.
const MAX_DECODED_ACTIONS: usize = 1 << 20;

/// How many games to play, how long each may last, and what the suite must
/// know about the game.
#[derive(Debug, Clone)]
pub struct Config {
    /// Random games to play.
    pub games: usize,
    /// The seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Plies a random game may last. A game still running then fails the
    /// suite (a game random play does not end is a bug), unless `unbounded`.
    pub max_plies: usize,
    /// Random games need not end (Grid Diffusion on dense boards): a game
    /// still running at `max_plies` is stopped there, not failed.
    pub unbounded: bool,
    /// Text round trips, illegal-move probes and key checks run every this
    /// many plies (slow games may thin them out). `0` keeps only what a soak
    /// needs: every random move is checked with `is_legal`, and outcomes,
    /// evaluations at a stop and the length bound are checked.
    pub check_every: usize,
    /// Whether letter case distinguishes moves (Diffusion's `D` and `d` are
    /// different pits); otherwise every move text must read in any case.
    pub case_sensitive_moves: bool,
    /// In each of this many first games, one position (at ply `5 × game`)
    /// gets the chi-square test of [`check_random_move_uniform`].
    pub uniformity_games: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 1000,
            seed: 1,
            max_plies: 1000,
            unbounded: false,
            check_every: 1,
            case_sensitive_moves: false,
            uniformity_games: 20,
        }
    }
}

impl Config {
    /// The suite's configuration for `case`, playing `games` games.
    pub fn for_case(plan: &Plan, case: &Case, games: usize) -> Config {
        Config {
            games,
            max_plies: case.stop_at.unwrap_or(plan.max_plies),
            unbounded: case.stop_at.is_some(),
            check_every: case.check_every,
            case_sensitive_moves: plan.case_sensitive_moves,
            ..Config::default()
        }
    }
}

/// Checks a game's test plan, then runs the suite on every parameter set
/// of it, one after another: the one line of a game's own conformance test
/// (`check_plan::<MyGame>(&TEST_PLAN)`), which demands all that the
/// workspace's cross-game tests demand of the game (they check that every
/// catalogued game's crate has this test). Where `TABULA_SOAK_GAMES` is
/// set, the soak tier is asked for: it soaks every parameter set
/// ([`soak_plan`]) instead (the suite's own run is the default tier's).
/// Returns the plies played.
///
/// # Panics
///
/// On the first flaw of the plan ([`check_plan_form`]) or of the game
/// ([`check_case`], [`soak_plan`]), naming the parameter set, and on a
/// `TABULA_SOAK_GAMES` that is no number.
pub fn check_plan<G: FullGame>(plan: &Plan) -> usize {
    check_plan_form::<G>(plan);
    match soak_games() {
        Some(games) => soak_plan::<G>(plan, games),
        None => plan
            .cases
            .iter()
            .map(|case| check_case::<G>(plan, case))
            .sum(),
    }
}

/// Plies after which a soaked game of an unbounded parameter set stops.
const SOAK_UNBOUNDED_PLIES: usize = 5000;

/// The games per parameter set `TABULA_SOAK_GAMES` asks [`check_plan`] to
/// soak, if it is set.
fn soak_games() -> Option<usize> {
    let text = std::env::var("TABULA_SOAK_GAMES").ok()?;
    let games = text
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("TABULA_SOAK_GAMES=`{text}` is not a number of games"));
    Some(games)
}

/// The soak tier's run of `plan`: `games` random games of every parameter
/// set with the suite's light checks (`check_every: 0`): every random move
/// must pass `is_legal`, every game must end with a well-formed outcome
/// within the plan's length bound (a game of an unbounded set is stopped
/// after 5,000 plies and its evaluation checked), and nothing may panic.
/// Prints each set's games a second. A game's own conformance test runs it
/// when `TABULA_SOAK_GAMES` is set (CONTRIBUTING.md, "The soak tier").
/// Returns the plies played.
///
/// # Panics
///
/// On the first violation, naming the parameter set.
pub fn soak_plan<G: FullGame>(plan: &Plan, games: usize) -> usize {
    let mut total = 0;
    for case in plan.cases {
        let start = G::from_spec(case.spec).unwrap_or_else(|e| panic!("{}: {e}", case.spec));
        let mut config = Config {
            check_every: 0,
            seed: 0,
            ..Config::for_case(plan, case, games)
        };
        if config.unbounded {
            config.max_plies = SOAK_UNBOUNDED_PLIES;
        }
        let clock = std::time::Instant::now();
        let plies = check(&start, &config);
        let seconds = clock.elapsed().as_secs_f64();
        let bound = if config.unbounded {
            format!("stopped at {}", config.max_plies)
        } else {
            format!("bound {}", config.max_plies)
        };
        println!(
            "soak: {:<48} {games:>7} games {:>9.0} games/s {:>8.1} plies/game ({bound})",
            case.spec,
            games as f64 / seconds,
            plies as f64 / games.max(1) as f64,
        );
        total += plies;
    }
    total
}

/// What the shared tests assume of `G`'s plan, checked before any game is
/// played: the first case is the defaults (the spec is the bare game name:
/// the cross-game tests that cannot afford every case play the first, see
/// [`Plan::representative`]); no spec is listed twice ([`Plan::case`]
/// finds the first); every spec reads as a parameter set of `G`; every case
/// plays at least one game.
///
/// # Panics
///
/// On the first of these that fails, naming the game and the spec.
pub fn check_plan_form<G: FullGame>(plan: &Plan) {
    let name = G::Variant::NAME;
    let first = plan.cases.first().map(|case| case.spec);
    assert!(
        first == Some(name),
        "{name}: the plan starts with the defaults: its first case must be `{name}`, not {first:?}"
    );
    let mut specs = HashSet::new();
    for case in plan.cases {
        assert!(
            specs.insert(case.spec),
            "{name}: the plan lists `{}` twice",
            case.spec
        );
        if let Err(e) = G::from_spec(case.spec) {
            panic!("{}: not a parameter set of {name}: {e}", case.spec);
        }
        assert!(case.games > 0, "{}: the case plays no games", case.spec);
    }
}

/// Runs the suite on one parameter set of `plan` ([`Config::for_case`]
/// with the case's games), as [`check_plan`] does for each: one case
/// alone, to rerun the one that failed. Returns the plies played.
///
/// # Panics
///
/// On the first violation, or if no ply was played (the start is already
/// finished), naming the spec.
pub fn check_case<G: FullGame>(plan: &Plan, case: &Case) -> usize {
    let start = G::from_spec(case.spec).unwrap_or_else(|e| panic!("{}: {e}", case.spec));
    let plies = check(&start, &Config::for_case(plan, case, case.games));
    assert!(plies > 0, "{}: no plies played", case.spec);
    plies
}

/// Runs the conformance suite from `start`. Returns the plies played.
///
/// The observation check, precisely: at every checked ply, for every seat
/// `s`, the state's observation from `s` is recorded with the state's key
/// (for the first 200,000 observations). When a later state with
/// another key gives the same observation from the same seat, the two
/// position texts must be equal: what a seat observes may leave out only
/// what the position text leaves out (Grid Diffusion's ko history).
pub fn check<G: FullGame>(start: &G, config: &Config) -> usize {
    let shape = start.variant().observation_shape();
    assert!(
        !shape.is_empty() && shape.iter().all(|&n| n > 0),
        "{}: observation shape {shape:?} has no or empty dimensions",
        G::Variant::NAME
    );
    let mut checker = Checker {
        start,
        config,
        actions: start.variant().action_count(),
        observation_len: shape.iter().product(),
        shape,
        seen_moves: Vec::new(),
        keys: HashMap::new(),
        observations: HashMap::new(),
        evaluations: Evaluations::default(),
    };
    if config.check_every > 0 {
        check_action_numbering(start);
    }
    let mut plies = 0;
    for game in 0..config.games {
        let seed = config.seed.wrapping_add(game as u64);
        let played = checker.play(game, seed);
        if config.check_every > 0 {
            let replayed = replay_moves(start, seed, config);
            assert_eq!(
                played, replayed,
                "seed {seed}: the same seed gave a different game"
            );
        }
        plies += played.len();
    }
    if config.check_every > 0 {
        checker.evaluations.verify(G::Variant::NAME);
    }
    plies
}

/// What the evaluations of unfinished positions met looked like: an
/// evaluation that gives every position the same scores tells MCTS's
/// cut-offs and priors, alpha-beta and `az` nothing.
#[derive(Default)]
struct Evaluations {
    first: Option<tabula_core::Scores>,
    /// The keys of the positions met (a few thousand at most).
    met: HashSet<u64>,
    varied: bool,
}

impl Evaluations {
    fn note(&mut self, key: u64, scores: tabula_core::Scores) {
        if self.varied || self.met.len() >= 4096 || !self.met.insert(key) {
            return;
        }
        match self.first {
            None => self.first = Some(scores),
            Some(first) => {
                self.varied |= first.iter().zip(&scores).any(|(a, b)| (a - b).abs() > 1e-6);
            }
        }
    }

    fn verify(&self, name: &str) {
        assert!(
            self.varied || self.met.len() < 2,
            "{name}: the evaluation gave all {} unfinished positions met the same scores \
             {:?}; Evaluation::evaluate must tell positions apart (what MCTS cut-offs \
             and priors, alpha-beta and az read)",
            self.met.len(),
            self.first.unwrap_or_default()
        );
    }
}

/// What one [`check`] run carries from game to game.
struct Checker<'a, G: FullGame> {
    start: &'a G,
    config: &'a Config,
    /// The variant's action count: the same in every state.
    actions: usize,
    /// Moves played in earlier games, re-tried where they are not listed.
    seen_moves: Vec<G::Move>,
    /// The position text of every key met, to catch two states sharing one.
    keys: HashMap<u64, String>,
    /// The variant's observation shape, and the product of its dimensions.
    shape: Vec<usize>,
    observation_len: usize,
    /// The key of the first state met per (seat, hash of an observation).
    observations: HashMap<(usize, u64), u64>,
    /// Whether the evaluation told the positions met apart.
    evaluations: Evaluations,
}

impl<G: FullGame> Checker<'_, G> {
    /// One random game, every ply checked. Returns the moves played.
    fn play(&mut self, game: usize, seed: u64) -> Vec<G::Move> {
        let config = self.config;
        let full = config.check_every > 0;
        let mut rng = seeded(seed);
        let mut state = self.start.clone();
        let (mut played, mut moves, mut buffer) = (Vec::new(), Vec::new(), Vec::new());
        let mut branch: Option<Branch<G>> = None;
        let fork_at = 1 + 3 * (game % 10);
        let uniform_at = (game < config.uniformity_games).then_some(5 * game);
        let drawn = full && game < DRAWN_GAMES;
        for ply in 0.. {
            let at = || format!("seed {seed}, ply {ply}, position `{}`", state.position());
            let checked = full && ply % config.check_every == 0;
            check_basics(&state, full, &at);
            if checked {
                check_position_round_trip(&state, &at);
                self.check_key(&state, &at);
                self.check_observations(&state, &at);
                if state.outcome().is_none() {
                    self.evaluations.note(state.key(), state.evaluate());
                }
            }
            if drawn && ply == 0 {
                boards::check(&state, None, &at());
            }
            if let Some(outcome) = state.outcome() {
                self.check_end(&state, outcome, &mut rng, &at);
                if full {
                    check_final_evaluation(&state, outcome, &at);
                }
                break;
            }
            if ply == config.max_plies {
                assert!(
                    config.unbounded,
                    "{}: still running after {ply} plies of random play; \
                     raise max_plies or declare the variant unbounded",
                    at()
                );
                check_scores(&state.evaluate(), state.players(), &at);
                break;
            }
            if full {
                state.legal_moves(&mut moves);
                check_move_list(&state, &moves, self.actions, config, &at);
                if checked {
                    check_illegal_rejected(&state, &moves, &self.seen_moves, ply, &at);
                }
                if uniform_at == Some(ply) && moves.len() <= MAX_UNIFORM_MOVES {
                    let mut draws = seeded(seed ^ 0x756e_6966_6f72_6d21); // "uniform!"
                    check_random_move_uniform(&state, DRAWS_PER_MOVE, &mut draws);
                }
            }
            let mv = state
                .random_move(&mut rng, &mut buffer)
                .unwrap_or_else(|| panic!("{}: random_move gave None in a running game", at()));
            if full {
                assert!(
                    moves.contains(&mv),
                    "{}: random_move gave unlisted {mv:?}",
                    at()
                );
                if self.seen_moves.len() < 4096 && !self.seen_moves.contains(&mv) {
                    self.seen_moves.push(mv);
                }
                if ply == fork_at {
                    branch = Some(Branch::fork(&state, &played, seed));
                }
            } else {
                assert!(
                    state.is_legal(mv),
                    "{}: random move {mv:?} is illegal",
                    at()
                );
            }
            let before = drawn.then(|| state.clone());
            state.play(mv);
            played.push(mv);
            if let Some(before) = before {
                let ply = ply + 1;
                if ply == 1 || ply % DRAW_EVERY == 0 || state.outcome().is_some() {
                    let at = format!("seed {seed}, ply {ply}, position `{}`", state.position());
                    boards::check(&state, Some((&before, mv)), &at);
                }
            }
            if let Some(done) = branch.as_mut().map(Branch::step) {
                if done {
                    branch.take().expect("a branch").verify(self.start);
                }
            }
        }
        if let Some(branch) = branch {
            branch.verify(self.start);
        }
        if full {
            check_record_round_trip(self.start, &played, &state, seed);
        }
        played
    }

    /// A clone has the same key, and no two position texts share a key.
    fn check_key(&mut self, state: &G, at: &dyn Fn() -> String) {
        let key = state.key();
        assert_eq!(
            state.clone().key(),
            key,
            "{}: a clone has another key",
            at()
        );
        if self.keys.len() < MAX_KEYS || self.keys.contains_key(&key) {
            let text = state.position();
            let earlier = self.keys.entry(key).or_insert_with(|| text.clone());
            assert_eq!(
                *earlier,
                text,
                "{}: two positions share the key {key:#x}",
                at()
            );
        }
    }

    /// Every seat's observation: the variant's shape, every value written
    /// (the buffer starts as NaN), finite and non-negative, the same for a
    /// clone, and the same only for states with the same position text.
    fn check_observations(&mut self, state: &G, at: &dyn Fn() -> String) {
        assert_eq!(
            state.variant().observation_shape(),
            self.shape,
            "{}: the observation shape changed within the variant",
            at()
        );
        let mut seen = vec![f32::NAN; self.observation_len];
        let mut again = vec![f32::NAN; self.observation_len];
        for seat in 0..state.players() {
            seen.fill(f32::NAN);
            state.observe(seat, &mut seen);
            if let Some((i, value)) = seen
                .iter()
                .enumerate()
                .find(|(_, v)| !(v.is_finite() && **v >= 0.0))
            {
                panic!(
                    "{}: seat {seat}'s observation holds {value} at index {i} \
                     (NaN: not written; values must be finite and non-negative)",
                    at()
                );
            }
            again.fill(f32::NAN);
            state.clone().observe(seat, &mut again);
            assert!(
                seen.iter()
                    .zip(&again)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{}: a clone gives seat {seat} another observation",
                at()
            );
            let mut hasher = DefaultHasher::new();
            seen.iter().for_each(|v| v.to_bits().hash(&mut hasher));
            let slot = (seat, hasher.finish());
            let key = state.key();
            if self.observations.len() >= MAX_KEYS && !self.observations.contains_key(&slot) {
                continue;
            }
            let earlier = *self.observations.entry(slot).or_insert(key);
            if earlier == key {
                continue;
            }
            if let Some(text) = self.keys.get(&earlier) {
                assert_eq!(
                    *text,
                    state.position(),
                    "{}: seat {seat} observes this position and an earlier, \
                     different one the same",
                    at()
                );
            }
        }
    }

    /// A finished game: a well-formed outcome, no moves, refusals.
    fn check_end(
        &self,
        state: &G,
        outcome: tabula_core::Outcome,
        rng: &mut Rng,
        at: &dyn Fn() -> String,
    ) {
        let players = state.players();
        assert!(
            outcome.winners().all(|seat| seat < players),
            "{}: a winner outside the {players} seats",
            at()
        );
        let total: f32 = outcome.scores().iter().sum();
        assert!(
            (total - 1.0).abs() < 1e-4,
            "{}: scores sum to {total}",
            at()
        );
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert!(
            moves.is_empty(),
            "{}: moves listed after the game ended",
            at()
        );
        let mut actions = vec![0];
        state.legal_actions(&mut actions);
        assert!(
            actions.is_empty(),
            "{}: actions listed after the game ended",
            at()
        );
        assert!(
            state.random_move(rng, &mut moves).is_none(),
            "{}: random move after the end",
            at()
        );
        if let Some(&mv) = self.seen_moves.first() {
            let mut copy = state.clone();
            assert_eq!(
                copy.try_play(mv),
                Err(MoveError::GameOver),
                "{}: move after the end",
                at()
            );
            assert_eq!(
                copy.key(),
                state.key(),
                "{}: a refused move changed the state",
                at()
            );
        }
    }
}

/// A clone of a running game that plays its own random moves beside the
/// original, then must equal a fresh replay of its moves: neither side may
/// see the other's moves (a shared history, a shared buffer).
struct Branch<G: FullGame> {
    state: G,
    /// Every move from the start: the original's up to the fork, then its own.
    moves: Vec<G::Move>,
    rng: Rng,
    buffer: Vec<G::Move>,
    plies: usize,
}

impl<G: FullGame> Branch<G> {
    fn fork(state: &G, played: &[G::Move], seed: u64) -> Self {
        Branch {
            state: state.clone(),
            moves: played.to_vec(),
            rng: seeded(seed ^ 0x6272_616e_6368_6573), // "branches"
            buffer: Vec::new(),
            plies: 0,
        }
    }

    /// Plays one move of its own; `true` once it has played enough.
    fn step(&mut self) -> bool {
        if let Some(mv) = self.state.random_move(&mut self.rng, &mut self.buffer) {
            self.state.play(mv);
            self.moves.push(mv);
        }
        self.plies += 1;
        self.plies == BRANCH_PLIES
    }

    fn verify(self, start: &G) {
        let mut fresh = start.clone();
        self.moves.iter().for_each(|&mv| fresh.play(mv));
        let at = || format!("a clone after {} plies of its own", self.plies);
        check_same_state(&self.state, &fresh, &at);
    }
}

/// Two states that must be the same: key, position text, legal moves.
fn check_same_state<G: FullGame>(state: &G, expected: &G, at: &dyn Fn() -> String) {
    assert_eq!(
        state.position(),
        expected.position(),
        "{}: differs from a fresh replay of its moves",
        at()
    );
    assert_eq!(
        state.key(),
        expected.key(),
        "{}: its key differs from a fresh replay's (`{}`)",
        at(),
        state.position()
    );
    let (mut moves, mut fresh) = (Vec::new(), Vec::new());
    state.legal_moves(&mut moves);
    expected.legal_moves(&mut fresh);
    assert_eq!(
        moves,
        fresh,
        "{}: its legal moves differ from a fresh replay's (`{}`)",
        at(),
        state.position()
    );
}

fn replay_moves<G: FullGame>(start: &G, seed: u64, config: &Config) -> Vec<G::Move> {
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

/// Seats and, in a full check, the evaluation.
fn check_basics<G: FullGame>(state: &G, full: bool, at: &dyn Fn() -> String) {
    let players = state.players();
    assert!(
        (1..=MAX_PLAYERS).contains(&players),
        "{}: {players} players",
        at()
    );
    if state.outcome().is_none() {
        assert!(
            state.to_move() < players,
            "{}: seat {} to move",
            at(),
            state.to_move()
        );
    }
    if full {
        check_scores(&state.evaluate(), players, at);
    }
}

/// A finished game's evaluation is its outcome's scores: searches read a
/// leaf's evaluation without asking first whether the game is over.
fn check_final_evaluation<G: FullGame>(
    state: &G,
    outcome: tabula_core::Outcome,
    at: &dyn Fn() -> String,
) {
    let (evaluated, scores) = (state.evaluate(), outcome.scores());
    assert!(
        evaluated
            .iter()
            .zip(&scores)
            .all(|(e, s)| (e - s).abs() < 1e-4),
        "{}: the game is over ({outcome:?}) but the evaluation is {evaluated:?}, not the \
         outcome's scores {scores:?}; Evaluation::evaluate of a finished game must return \
         outcome.scores()",
        at()
    );
}

/// An evaluation: each seat in 0..=1, summing to 1, nothing for absent seats.
fn check_scores(scores: &tabula_core::Scores, players: usize, at: &dyn Fn() -> String) {
    assert!(
        scores.iter().all(|s| (0.0..=1.0).contains(s)),
        "{}: evaluation {scores:?} outside 0..=1",
        at()
    );
    let total: f32 = scores.iter().sum();
    assert!(
        (total - 1.0).abs() < 1e-3,
        "{}: evaluation sums to {total}",
        at()
    );
    assert!(
        scores[players..].iter().all(|&s| s == 0.0),
        "{}: evaluation for absent seats",
        at()
    );
}

/// Every action number decodes to nothing or to a move that encodes back.
fn check_action_numbering<G: FullGame>(start: &G) {
    let count = start.variant().action_count();
    assert!(count > 0, "{}: no action numbers", G::Variant::NAME);
    for action in 0..count.min(MAX_DECODED_ACTIONS) {
        if let Some(mv) = start.action_move(action) {
            assert_eq!(
                start.action(mv),
                action,
                "{}: action {action} decodes to {mv:?}, which encodes to another",
                G::Variant::NAME
            );
        }
    }
    assert_eq!(
        start.action_move(count),
        None,
        "{}: action {count} (the count) decodes to a move",
        G::Variant::NAME
    );
}

fn check_move_list<G: FullGame>(
    state: &G,
    moves: &[G::Move],
    actions: usize,
    config: &Config,
    at: &dyn Fn() -> String,
) {
    assert!(!moves.is_empty(), "{}: no legal move but no outcome", at());
    let unique: HashSet<_> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len(), "{}: duplicate legal moves", at());
    assert_eq!(
        state.variant().action_count(),
        actions,
        "{}: the action count changed within the variant",
        at()
    );
    let mut listed = Vec::new();
    state.legal_actions(&mut listed);
    let numbered: Vec<usize> = moves.iter().map(|&mv| state.action(mv)).collect();
    assert_eq!(
        listed,
        numbered,
        "{}: legal_actions differ from the legal moves' actions",
        at()
    );
    let mut numbers = HashSet::with_capacity(moves.len());
    for &mv in moves {
        assert!(
            state.is_legal(mv),
            "{}: listed move {mv:?} fails is_legal",
            at()
        );
        let action = state.action(mv);
        assert!(
            action < actions,
            "{}: {mv:?} has action {action}, not below the count {actions}",
            at()
        );
        assert!(
            numbers.insert(action),
            "{}: two legal moves share action {action}",
            at()
        );
        assert_eq!(
            state.action_move(action),
            Some(mv),
            "{}: action {action} does not decode to {mv:?}",
            at()
        );
        let text = state.format_move(mv);
        let parsed = state.parse_move(&text);
        assert_eq!(
            parsed,
            Ok(mv),
            "{}: move text `{text}` does not round-trip",
            at()
        );
        let padded = format!("  {text}  ");
        assert_eq!(
            state.parse_move(&padded),
            Ok(mv),
            "{}: `{padded}` is not read",
            at()
        );
        if !config.case_sensitive_moves {
            for variant in [text.to_uppercase(), text.to_lowercase()] {
                assert_eq!(
                    state.parse_move(&variant),
                    Ok(mv),
                    "{}: `{variant}` is not read case-insensitively",
                    at()
                );
            }
        }
        let mut copy = state.clone();
        assert_eq!(
            copy.try_play(mv),
            Ok(()),
            "{}: listed move {text} refused",
            at()
        );
    }
}

/// Moves seen elsewhere but not listed here must be refused without a
/// trace. At most [`ILLEGAL_PER_PLY`] of them per ply, a different slice
/// each ply, so long games stay cheap to check.
fn check_illegal_rejected<G: FullGame>(
    state: &G,
    moves: &[G::Move],
    seen: &[G::Move],
    ply: usize,
    at: &dyn Fn() -> String,
) {
    let before = state.key();
    let stride = seen.len().div_ceil(ILLEGAL_PER_PLY).max(1);
    let sample = seen.iter().skip(ply % stride).step_by(stride);
    for &mv in sample.filter(|mv| !moves.contains(mv)) {
        assert!(
            !state.is_legal(mv),
            "{}: unlisted {mv:?} passes is_legal",
            at()
        );
        let mut copy = state.clone();
        assert!(
            copy.try_play(mv).is_err(),
            "{}: unlisted {mv:?} was accepted",
            at()
        );
        assert_eq!(
            copy.key(),
            before,
            "{}: a refused move changed the state",
            at()
        );
    }
    for junk in ["", "  ", "zz99", "@", "é", "1-2-3-4-5", "pass-pass"] {
        if let Ok(mv) = state.parse_move(junk) {
            let mut copy = state.clone();
            let _ = copy.try_play(mv);
            if !moves.contains(&mv) {
                assert_eq!(
                    copy.key(),
                    before,
                    "{}: junk `{junk}` changed the state",
                    at()
                );
            }
        }
    }
}

fn check_position_round_trip<G: FullGame>(state: &G, at: &dyn Fn() -> String) {
    let text = state.position();
    let parsed = state
        .variant()
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{}: own position text rejected: {e}", at()));
    assert_eq!(
        parsed.position(),
        text,
        "{}: position text does not round-trip",
        at()
    );
    let padded = parsed.variant().parse_position(&format!("  {text} "));
    assert!(padded.is_ok(), "{}: surrounding spaces rejected", at());
    assert_eq!(
        parsed.outcome(),
        state.outcome(),
        "{}: outcome lost in position text",
        at()
    );
    if state.outcome().is_none() {
        assert_eq!(
            parsed.to_move(),
            state.to_move(),
            "{}: side to move lost",
            at()
        );
    }
}

/// The game's moves as text replay, through `parse_move` and `try_play`,
/// to the same state as `end`, which played them directly.
fn check_record_round_trip<G: FullGame>(start: &G, played: &[G::Move], end: &G, seed: u64) {
    let mut replay = start.clone();
    for (ply, &mv) in played.iter().enumerate() {
        let text = replay.format_move(mv);
        let read = replay
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("seed {seed}: record ply {ply}: {e}"));
        replay
            .try_play(read)
            .unwrap_or_else(|e| panic!("seed {seed}: record ply {ply}: {e}"));
    }
    check_same_state(end, &replay, &|| {
        format!("seed {seed}: the game replayed from its move texts")
    });
}

/// Draws `per_move` × (legal moves) random moves from `state` and checks
/// that each is listed, that every legal move comes up, and, by a
/// chi-square test at significance 10⁻⁶, that all are equally likely.
pub fn check_random_move_uniform<G: FullGame>(state: &G, per_move: usize, rng: &mut Rng) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert!(!moves.is_empty(), "a running game is needed");
    let index: HashMap<G::Move, usize> = moves.iter().enumerate().map(|(i, &m)| (m, i)).collect();
    let mut counts = vec![0usize; moves.len()];
    let mut buffer = Vec::new();
    for _ in 0..per_move * moves.len() {
        let mv = state.random_move(rng, &mut buffer).expect("game running");
        let i = *index
            .get(&mv)
            .unwrap_or_else(|| panic!("random_move gave unlisted {mv:?}"));
        counts[i] += 1;
    }
    let never: Vec<_> = moves
        .iter()
        .zip(&counts)
        .filter(|(_, &n)| n == 0)
        .map(|(mv, _)| mv)
        .collect();
    assert!(never.is_empty(), "legal moves never drawn: {never:?}");
    if moves.len() < 2 {
        return;
    }
    let expected = per_move as f64;
    let statistic: f64 = counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    let limit = chi_square_limit(moves.len() - 1);
    assert!(
        statistic <= limit,
        "random_move is not uniform over {} moves: chi-square {statistic:.1} > {limit:.1}",
        moves.len()
    );
}

/// The chi-square value with `df` degrees of freedom exceeded with
/// probability 10⁻⁶ (Wilson–Hilferty's approximation).
fn chi_square_limit(df: usize) -> f64 {
    const Z: f64 = 4.7534; // the standard normal's upper 10⁻⁶ quantile
    let k = df as f64;
    let v = 2.0 / (9.0 * k);
    k * (1.0 - v + Z * v.sqrt()).powi(3)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use rand::Rng as _;

    use super::*;
    use tabula_core::error::PositionError;
    use tabula_core::outcome::Outcome;
    use tabula_core::params::{ParamError, ParamSpec, Params};

    /// A flaw planted in [`Nim`], which the suite must notice.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Flaw {
        None,
        /// `random_move` takes the first move half the time.
        BiasedRandom,
        /// Taking stones adds them: no game ends.
        Endless,
        /// Clones share the list of moves played, which forbids repeats.
        SharedHistory,
        /// Every move has action 0.
        OneAction,
        /// The key leaves out the side to move.
        KeyWithoutSide,
        /// The observation leaves out the side to move.
        BlindObservation,
        /// The observation leaves its last value unwritten.
        UnwrittenObservation,
        /// The picture has no click targets.
        NoTargets,
        /// Every unfinished position evaluates to even scores.
        ConstantEvaluation,
        /// A finished game evaluates as if it went on.
        EvaluationIgnoresEnd,
    }

    /// Take 1–3 of 21 stones; whoever takes the last one wins. A move may
    /// not repeat the previous move of the game (so history matters).
    #[derive(Clone, Debug)]
    struct Nim {
        variant: Flawed,
        left: u32,
        to_move: usize,
        last: u8,
        shared: Arc<Mutex<Vec<u8>>>,
    }

    /// The variant: which flaw the game has.
    #[derive(Clone, Debug)]
    struct Flawed {
        flaw: Flaw,
    }

    impl Nim {
        fn with(flaw: Flaw) -> Nim {
            Flawed { flaw }.start()
        }

        fn flaw(&self) -> Flaw {
            self.variant.flaw
        }

        fn previous(&self) -> u8 {
            match self.flaw() {
                Flaw::SharedHistory => self.shared.lock().unwrap().last().copied().unwrap_or(0),
                _ => self.last,
            }
        }
    }

    impl Variant for Flawed {
        type State = Nim;
        const NAME: &'static str = "nim";
        const DESCRIPTION: &'static str = "";
        const PARAMS: &'static [ParamSpec] = &[];
        const RULES: &'static str = "";
        fn new(_: &Params) -> Result<Self, ParamError> {
            Ok(Flawed { flaw: Flaw::None })
        }
        fn start(&self) -> Nim {
            Nim {
                variant: self.clone(),
                left: 21,
                to_move: 0,
                last: 0,
                shared: Arc::default(),
            }
        }
        fn players(&self) -> usize {
            2
        }
        fn action_count(&self) -> usize {
            3
        }
        fn observation_shape(&self) -> Vec<usize> {
            vec![3]
        }
    }

    impl Game for Nim {
        type Move = u8;
        type Variant = Flawed;
        fn variant(&self) -> &Flawed {
            &self.variant
        }
        fn to_move(&self) -> usize {
            self.to_move
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then(|| Outcome::win(1 - self.to_move))
        }
        fn key(&self) -> u64 {
            let side = if self.flaw() == Flaw::KeyWithoutSide {
                0
            } else {
                self.to_move
            };
            tabula_core::key::of(&[self.left.into(), side as u64, self.previous().into()])
        }
        fn legal_moves(&self, moves: &mut Vec<u8>) {
            moves.clear();
            if self.left > 0 {
                let previous = self.previous();
                moves.extend((1..=3).filter(|&n| u32::from(n) <= self.left && n != previous));
                if moves.is_empty() {
                    moves.push(previous);
                }
            }
        }
        fn play(&mut self, mv: u8) {
            if self.flaw() == Flaw::Endless {
                self.left += u32::from(mv);
            } else {
                self.left -= u32::from(mv);
            }
            self.to_move = 1 - self.to_move;
            self.last = mv;
            self.shared.lock().unwrap().push(mv);
        }
        fn random_move(&self, rng: &mut Rng, buffer: &mut Vec<u8>) -> Option<u8> {
            self.legal_moves(buffer);
            if buffer.is_empty() {
                return None;
            }
            if self.flaw() == Flaw::BiasedRandom && rng.random_bool(0.5) {
                return Some(buffer[0]);
            }
            Some(buffer[rng.random_range(0..buffer.len())])
        }
    }

    impl Actions for Nim {
        fn action(&self, mv: u8) -> usize {
            if self.flaw() == Flaw::OneAction {
                0
            } else {
                usize::from(mv) - 1
            }
        }
        fn action_move(&self, action: usize) -> Option<u8> {
            (action < 3).then(|| action as u8 + 1)
        }
    }

    impl Observation for Nim {
        fn observe(&self, seat: usize, out: &mut [f32]) {
            out[0] = self.left as f32;
            out[1] = f32::from(self.last);
            match self.flaw() {
                Flaw::BlindObservation => out[2] = 0.0,
                Flaw::UnwrittenObservation => {}
                _ => out[2] = f32::from(u8::from(seat == self.to_move)),
            }
        }
    }

    impl Evaluation for Nim {
        /// The mover wins with a multiple of 4 left to the opponent (the
        /// rule against repeats aside).
        fn evaluate(&self) -> tabula_core::Scores {
            if let Some(outcome) = self.outcome() {
                if self.flaw() != Flaw::EvaluationIgnoresEnd {
                    return outcome.scores();
                }
            }
            let mut scores = tabula_core::even_scores(2);
            if self.flaw() != Flaw::ConstantEvaluation {
                let mover = if self.left.is_multiple_of(4) {
                    0.3
                } else {
                    0.7
                };
                scores[self.to_move] = mover;
                scores[1 - self.to_move] = 1.0 - mover;
            }
            scores
        }
    }

    impl Notation for Nim {
        fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
            match text.trim() {
                "1" => Ok(1),
                "2" => Ok(2),
                "3" => Ok(3),
                _ => Err(MoveError::syntax(text, "1, 2 or 3")),
            }
        }
        fn format_move(&self, mv: u8) -> String {
            mv.to_string()
        }
        fn position(&self) -> String {
            format!("{} {} {}", self.left, self.to_move + 1, self.last)
        }
        fn read_position(variant: &Flawed, text: &str) -> Result<Self, PositionError> {
            let bad = || PositionError::new(text, "expected `LEFT SEAT LAST`");
            let [left, seat, last] = tabula_core::notation::split_fields(text, "`LEFT SEAT LAST`")?;
            let seat: usize = seat.parse().map_err(|_| bad())?;
            Ok(Nim {
                left: left.parse().map_err(|_| bad())?,
                to_move: seat.checked_sub(1).filter(|&s| s < 2).ok_or_else(bad)?,
                last: last.parse().map_err(|_| bad())?,
                ..variant.start()
            })
        }
    }

    impl Drawing for Nim {
        fn render(&self, view: &View<'_, Self>) -> String {
            let mut caption = tabula_core::draw::Caption::new(view.color);
            caption.last_move(view, "").status(self, None);
            let pile = format!("{} stones", self.left);
            let pile = match view.last {
                Some(_) => view.paint(&pile, tabula_core::Style::Highlight),
                None => pile,
            };
            caption.under(&[pile])
        }
    }

    impl Picture for Nim {
        fn svg(&self, view: &View<'_, Self>) -> String {
            use tabula_core::draw::picture;
            let mut svg = picture::titled(200.0, 160.0, "Nim");
            let mut caption = tabula_core::draw::Caption::new(false);
            caption.last_move(view, "").status(self, None);
            caption.draw(&mut svg, 100.0);
            if self.flaw() != Flaw::NoTargets {
                for take in 1..=3 {
                    let name = take.to_string();
                    let label = format!("cell {name}, take {name}");
                    picture::target(&mut svg, (40.0 * take as f64, 60.0), 15.0, &name, &label);
                }
            }
            svg.finish()
        }
    }

    fn run(flaw: Flaw) {
        let config = Config {
            games: 50,
            max_plies: 200,
            ..Config::default()
        };
        check(&Nim::with(flaw), &config);
    }

    #[test]
    fn a_sound_game_passes() {
        run(Flaw::None);
    }

    #[test]
    #[should_panic(expected = "random_move is not uniform")]
    fn a_biased_random_move_fails() {
        run(Flaw::BiasedRandom);
    }

    #[test]
    #[should_panic(expected = "still running after 200 plies")]
    fn a_game_that_never_ends_fails() {
        run(Flaw::Endless);
    }

    /// A picture through which the web page cannot enter a move.
    #[test]
    #[should_panic(expected = "no click target `1` for the move `1`")]
    fn a_picture_without_click_targets_fails() {
        run(Flaw::NoTargets);
    }

    /// An evaluation that says nothing.
    #[test]
    #[should_panic(expected = "Evaluation::evaluate must tell positions apart")]
    fn a_constant_evaluation_fails() {
        run(Flaw::ConstantEvaluation);
    }

    /// An evaluation that a search reading a finished leaf would believe.
    #[test]
    #[should_panic(expected = "must return outcome.scores()")]
    fn an_evaluation_that_ignores_the_end_fails() {
        run(Flaw::EvaluationIgnoresEnd);
    }

    #[test]
    fn an_unbounded_game_is_stopped_instead() {
        let config = Config {
            games: 5,
            max_plies: 200,
            unbounded: true,
            ..Config::default()
        };
        assert_eq!(check(&Nim::with(Flaw::Endless), &config), 5 * 200);
    }

    /// Caught as soon as a move tried on a copy changes the original.
    #[test]
    #[should_panic(expected = "unlisted 2 passes is_legal")]
    fn clones_sharing_state_fail() {
        run(Flaw::SharedHistory);
    }

    #[test]
    #[should_panic(expected = "action 1 decodes to 2, which encodes to another")]
    fn shared_action_numbers_fail() {
        run(Flaw::OneAction);
    }

    #[test]
    #[should_panic(expected = "two positions share the key")]
    fn keys_that_miss_state_fail() {
        run(Flaw::KeyWithoutSide);
    }

    #[test]
    #[should_panic(expected = "observes this position and an earlier, different one the same")]
    fn observations_that_miss_state_fail() {
        run(Flaw::BlindObservation);
    }

    #[test]
    #[should_panic(expected = "observation holds NaN at index 2 (NaN: not written")]
    fn unwritten_observations_fail() {
        run(Flaw::UnwrittenObservation);
    }

    /// A plan of the sound game with these specs, 20 games each.
    fn plan(cases: &'static [Case]) -> Plan {
        Plan {
            cases,
            case_sensitive_moves: false,
            max_plies: 200,
        }
    }

    #[test]
    fn a_sound_plan_passes() {
        assert!(check_plan::<Nim>(&plan(const { &[Case::new("nim", 20)] })) > 0);
    }

    /// The cross-game tests that play one case of each game play the
    /// first, taking it for the defaults.
    #[test]
    #[should_panic(
        expected = "nim: the plan starts with the defaults: its first case must be `nim`, not None"
    )]
    fn an_empty_plan_fails() {
        check_plan::<Nim>(&plan(&[]));
    }

    #[test]
    #[should_panic(expected = "its first case must be `nim`, not Some(\"nim()\")")]
    fn a_plan_that_does_not_start_with_the_defaults_fails() {
        check_plan::<Nim>(&plan(
            const { &[Case::new("nim()", 20), Case::new("nim", 20)] },
        ));
    }

    #[test]
    #[should_panic(expected = "nim: the plan lists `nim` twice")]
    fn a_spec_listed_twice_fails() {
        check_plan::<Nim>(&plan(
            const { &[Case::new("nim", 20), Case::new("nim", 20)] },
        ));
    }

    #[test]
    #[should_panic(expected = "nim(size=3): not a parameter set of nim")]
    fn a_spec_of_no_parameter_set_fails() {
        check_plan::<Nim>(&plan(
            const { &[Case::new("nim", 20), Case::new("nim(size=3)", 20)] },
        ));
    }

    #[test]
    #[should_panic(expected = "nim: the case plays no games")]
    fn a_case_without_games_fails() {
        check_plan::<Nim>(&plan(const { &[Case::new("nim", 0)] }));
    }

    #[test]
    fn chi_square_limits_match_the_exact_quantiles() {
        // Upper 10⁻⁶ points of chi-square: the approximation errs a little
        // on the safe (high) side, most for few degrees of freedom.
        for (df, exact) in [(2, 27.63), (10, 46.86), (100, 182.13), (1000, 1227.15)] {
            let limit = chi_square_limit(df);
            assert!((exact..exact + 3.0).contains(&limit), "df {df}: {limit}");
        }
    }
}
