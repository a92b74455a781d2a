//! Playing the scheduled games on worker threads, and the record of each.

use std::collections::HashSet;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use serde_json::{json, Value};
use tabula::{play_game_watched, AgentSpec, AnyGame, GameRecord, Outcome, Registry};

use super::openings::{Opening, Suite};
use super::schedule::{agent_seed, opening_seed, Schedule, Scheduled};
use super::under_way::{GameInProgress, Watched};
use super::Settings;

/// The record field that repeats the tournament's settings, so that they
/// can be checked (and recovered) from the records alone.
pub const TOURNAMENT_FIELD: &str = "tournament";

/// What a finished (or adjudicated) scheduled game produced.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    pub index: usize,
    pub game: usize,
    pub round: usize,
    /// Agent index per seat.
    pub seats: Vec<usize>,
    pub seed: u64,
    /// The winning seats; `None` when stopped at the ply limit.
    pub winners: Option<Vec<usize>>,
    pub plies: usize,
    /// Seconds each seat spent choosing, and how many moves it made.
    pub seconds: Vec<f64>,
    pub moves_made: Vec<u32>,
    /// The seat that gave up the game, and why (it lost).
    pub forfeit: Option<(usize, String)>,
    /// The game, its agents by seat and its moves, hashed: equal for games
    /// played move for move alike, so that repeats can be counted.
    pub moves_key: u64,
}

/// [`GameResult::moves_key`] of a game: its start position (when not the
/// game's own) and moves. Only compared within one run (a resume hashes
/// the records again), so the standard hasher will do.
pub fn moves_key(game: usize, seats: &[usize], start: Option<&str>, moves: &[String]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (game, seats, start, moves).hash(&mut hasher);
    hasher.finish()
}

impl GameResult {
    /// `seat`'s share of the result: 1/k for each of k winners, else 0.
    pub fn score(&self, seat: usize) -> Option<f64> {
        let winners = self.winners.as_ref()?;
        Some(if winners.contains(&seat) {
            1.0 / winners.len() as f64
        } else {
            0.0
        })
    }
}

/// The fields a tournament adds to a [`GameRecord`]: the schedule key,
/// the result, the timings and the tournament's settings. `start` is the
/// game's start, or the position of a suite the game started from
/// (`is_default_start` false: the record keeps it).
pub fn to_record(
    result: &GameResult,
    start: &dyn AnyGame,
    is_default_start: bool,
    agents: &[AgentSpec],
    moves: Vec<String>,
    settings: &Settings,
) -> GameRecord {
    let mut record = GameRecord::new(start, is_default_start, moves);
    record.agents = result
        .seats
        .iter()
        .map(|&a| agents[a].to_string())
        .collect();
    record.seed = result.seed;
    let players = result.seats.len();
    let outcome = match &result.winners {
        // In the seat names boards use (`North wins`); `winners` and
        // `seats` count from 0 beside it.
        Some(w) => Outcome::shared(w.iter().copied()).describe(players, |s| start.seat_name(s)),
        None => "adjudicated".to_string(),
    };
    let scores: Vec<Value> = (0..players)
        .map(|s| result.score(s).map_or(Value::Null, |x| json!(x)))
        .collect();
    let extra = json!({
        "index": result.index,
        "round": result.round,
        "seats": result.seats,
        "agent_seeds": (0..players).map(|s| agent_seed(result.seed, s)).collect::<Vec<_>>(),
        "outcome": outcome,
        "winners": result.winners,
        "scores": scores,
        "adjudicated": result.winners.is_none(),
        "plies": result.plies,
        "seconds": result.seconds,
        "moves_made": result.moves_made,
        "forfeit": result.forfeit.as_ref().map(|(seat, reason)| json!({"seat": seat, "reason": reason})),
        TOURNAMENT_FIELD: settings,
    });
    if let Value::Object(map) = extra {
        record.extra = map;
    }
    record
}

/// The record field holding each move's value by its mover's search.
pub const VALUES_FIELD: &str = "values";

/// Adds to `record` each move's value for its mover (see
/// `tabula::PlayedGame::values`), to three decimals, `null` for a move made
/// without a search; nothing when no move had a search (random, greedy).
fn add_values(record: &mut GameRecord, values: &[Option<f32>]) {
    if values.iter().all(Option::is_none) {
        return;
    }
    let rounded: Vec<Value> = values
        .iter()
        .map(|v| {
            v.map_or(Value::Null, |v| {
                json!((f64::from(v) * 1000.0).round() / 1000.0)
            })
        })
        .collect();
    record
        .extra
        .insert(VALUES_FIELD.to_string(), Value::Array(rounded));
}

/// Reads back what [`to_record`] wrote; `game` is the tournament's index
/// of the record's game.
pub fn from_record(record: &GameRecord, game: usize) -> Result<GameResult, String> {
    let field = |key: &str| {
        record
            .extra
            .get(key)
            .ok_or_else(|| format!("the record has no `{key}`"))
    };
    let number = |key: &str| {
        field(key)?
            .as_u64()
            .ok_or_else(|| format!("`{key}` is not a whole number"))
    };
    let list = |key: &str| -> Result<Vec<Value>, String> {
        field(key)?
            .as_array()
            .cloned()
            .ok_or_else(|| format!("`{key}` is not a list"))
    };
    let seats = list("seats")?
        .iter()
        .map(|v| v.as_u64().map(|n| n as usize))
        .collect::<Option<Vec<_>>>()
        .ok_or("`seats` holds a non-number")?;
    let winners = match field("winners")? {
        Value::Null => None,
        Value::Array(w) => Some(
            w.iter()
                .map(|v| v.as_u64().map(|n| n as usize))
                .collect::<Option<Vec<_>>>()
                .ok_or("`winners` holds a non-number")?,
        ),
        _ => return Err("`winners` is neither a list nor null".to_string()),
    };
    let seconds = list("seconds")?
        .iter()
        .map(Value::as_f64)
        .collect::<Option<Vec<_>>>()
        .ok_or("`seconds` holds a non-number")?;
    let moves_made = list("moves_made")?
        .iter()
        .map(|v| v.as_u64().map(|n| n as u32))
        .collect::<Option<Vec<_>>>()
        .ok_or("`moves_made` holds a non-number")?;
    let forfeit = match record.extra.get("forfeit") {
        None | Some(Value::Null) => None,
        Some(f) => Some((
            f.get("seat")
                .and_then(Value::as_u64)
                .ok_or("`forfeit` has no seat")? as usize,
            f.get("reason")
                .and_then(Value::as_str)
                .ok_or("`forfeit` has no reason")?
                .to_string(),
        )),
    };
    Ok(GameResult {
        forfeit,
        index: number("index")? as usize,
        game,
        round: number("round")? as usize,
        seats: seats.clone(),
        seed: record.seed,
        winners,
        plies: record.moves.len(),
        seconds,
        moves_made,
        moves_key: moves_key(game, &seats, record.start.as_deref(), &record.moves),
    })
}

/// What a seat's agent logged during a game (an outside engine's stderr),
/// by seat.
pub type Logs = Vec<(usize, String)>;

/// Plays one scheduled game from `start`; returns its result, its record
/// and the agents' logs. With `out`, the game is shown in its playing
/// folder while it is played ([`super::under_way::in_progress`]).
pub fn play_one(
    registry: &Registry,
    job: &Scheduled,
    start: &dyn AnyGame,
    agents: &[AgentSpec],
    settings: &Settings,
    suite: Option<&Suite>,
    out: Option<&Path>,
) -> Result<(GameResult, GameRecord, Logs), String> {
    let mut players = job
        .seats
        .iter()
        .enumerate()
        .map(|(seat, &a)| {
            registry
                .agent(start, &agents[a], agent_seed(job.seed, seat))
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (from, opened, mut moves) = match suite {
        Some(suite) => from_suite(start, suite.opening(job.game, job.round), job)?,
        None => {
            let (opened, moves) = opening(start, settings, job);
            (None, opened, moves)
        }
    };
    // The position the record starts from: the suite's, else the game's.
    let first = match &from {
        Some(position) => position.as_ref(),
        None => start,
    };
    let mut watched = out.map(|dir| {
        Watched::start(
            dir,
            GameInProgress {
                index: job.index,
                round: job.round,
                game: start.spec(),
                start: from.as_ref().map(|p| p.position()),
                agents: job.seats.iter().map(|&a| agents[a].to_string()).collect(),
                moves: moves.clone(),
            },
        )
    });
    // Tabula's own failure is no result: the run stops, and a resume plays
    // the game again.
    let mut played = play_game_watched(
        opened.as_ref(),
        &mut players,
        settings.max_plies - moves.len(),
        &mut |played| {
            if let Some(watched) = &mut watched {
                watched.moved(played);
            }
        },
    )
    .map_err(|e| {
        format!(
            "game {} was not played: {e}; nothing was recorded for it, and --resume \
             plays it once the cause is fixed",
            job.index
        )
    })?;
    // The opening's moves were made without a search.
    let values = (moves.iter().map(|_| None))
        .chain(played.values.iter().copied())
        .collect::<Vec<_>>();
    moves.append(&mut played.moves);
    let logs = players
        .iter_mut()
        .enumerate()
        .filter_map(|(seat, agent)| Some((seat, agent.take_log()?)))
        .collect();
    let result = GameResult {
        index: job.index,
        game: job.game,
        round: job.round,
        seats: job.seats.clone(),
        seed: job.seed,
        winners: played.outcome.map(|o| o.winners().collect()),
        plies: moves.len(),
        seconds: played.think_seconds,
        moves_made: played.moves_made,
        forfeit: played.forfeit,
        moves_key: moves_key(
            job.game,
            &job.seats,
            from.as_ref().map(|p| p.position()).as_deref(),
            &moves,
        ),
    };
    let mut record = to_record(&result, first, from.is_none(), agents, moves, settings);
    add_values(&mut record, &values);
    Ok((result, record, logs))
}

/// A game opened from a suite: the position it starts from when the
/// opening is a position, the position the agents take over in, and the
/// opening's moves (both checked when the suite was read).
type Opened = (Option<Box<dyn AnyGame>>, Box<dyn AnyGame>, Vec<String>);

/// The position after the suite's opening, and its moves.
fn from_suite(start: &dyn AnyGame, opening: &Opening, job: &Scheduled) -> Result<Opened, String> {
    match opening {
        Opening::Moves(moves) => {
            let mut state = start.clone_box();
            for mv in moves {
                state
                    .play(mv)
                    .map_err(|e| format!("game {}: the opening's move `{mv}`: {e}", job.index))?;
            }
            Ok((None, state, moves.clone()))
        }
        Opening::Position(text) => {
            let state = start
                .with_position(text)
                .map_err(|e| format!("game {}: the opening's position: {e}", job.index))?;
            Ok((Some(state.clone_box()), state, Vec::new()))
        }
    }
}

/// The position after `job`'s random opening ([`Settings::opening_plies`]
/// uniform moves, never one that ends the game), and its moves.
fn opening(
    start: &dyn AnyGame,
    settings: &Settings,
    job: &Scheduled,
) -> (Box<dyn AnyGame>, Vec<String>) {
    let mut rng = tabula::rng::seeded(opening_seed(settings.seed, job.game, job.round));
    let mut state = start.clone_box();
    let mut moves = Vec::new();
    for _ in 0..settings.opening_plies {
        let candidates: Vec<(String, Box<dyn AnyGame>)> = state
            .legal_moves()
            .iter()
            .filter_map(|mv| {
                let mut next = state.clone_box();
                let text = next.play(mv).ok()?;
                next.outcome().is_none().then_some((text, next))
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let k = tabula::rng::below(&mut rng, candidates.len() as u32) as usize;
        let (text, next) = candidates.into_iter().nth(k).expect("k is below the count");
        moves.push(text);
        state = next;
    }
    (state, moves)
}

/// What to play: the games of `range` not in `done`, from `schedule`.
pub struct Work<'a> {
    pub registry: &'a Registry,
    pub schedule: &'a Schedule,
    pub range: Range<usize>,
    pub done: &'a HashSet<usize>,
    pub starts: &'a [Box<dyn AnyGame>],
    pub agents: &'a [AgentSpec],
    pub settings: &'a Settings,
    /// Set from outside (Ctrl-C): no new game starts; those under way
    /// finish and are recorded.
    pub interrupt: &'a AtomicBool,
    /// Set when the SPRT has decided: no new game starts either.
    pub decided: &'a AtomicBool,
    /// The opening suite, if the games start from one.
    pub openings: Option<&'a Suite>,
    /// The results folder, where the games under way are shown.
    pub out: Option<&'a Path>,
}

/// Plays the games of `work` in index order on `threads` workers and hands
/// each finished game to `finished` on the calling thread, in the order
/// they finish. Stops starting games after the first error, which it
/// returns.
pub fn play_all(
    work: &Work,
    threads: usize,
    mut finished: impl FnMut(GameResult, GameRecord, Logs) -> Result<(), String>,
) -> Result<(), String> {
    let end = work.range.end;
    let next = AtomicUsize::new(work.range.start);
    let stop = AtomicBool::new(false);
    let todo = work.range.len().saturating_sub(work.done.len());
    // Bounded: a worker waits while the games it finished wait to be
    // written, so that a writer slower than the games (thousands of agents,
    // each record repeating their settings) holds a few games in memory,
    // not all that were played, and a Ctrl-C is not followed by a backlog.
    let workers = threads.clamp(1, todo.max(1));
    let (send, receive) = mpsc::sync_channel(2 * workers);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let send = send.clone();
            let (next, stop) = (&next, &stop);
            // Never counts past the end, however large it is.
            let claim = move || {
                next.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |i| {
                    (i < end).then_some(i + 1)
                })
            };
            // In an SPRT a worker waits until its game is counted before
            // it claims another, so that one that decides the test stops
            // the next (with one thread, exactly at the decision).
            let (ack_send, ack_receive) = mpsc::channel::<()>();
            let wait = work.settings.sprt.is_some();
            scope.spawn(move || {
                while let Ok(i) = claim() {
                    if stop.load(Ordering::Relaxed)
                        || work.interrupt.load(Ordering::Relaxed)
                        || work.decided.load(Ordering::Relaxed)
                    {
                        break;
                    }
                    if work.done.contains(&i) {
                        continue;
                    }
                    let job = work.schedule.game(i);
                    let start = work.starts[job.game].as_ref();
                    let outcome = play_one(
                        work.registry,
                        &job,
                        start,
                        work.agents,
                        work.settings,
                        work.openings,
                        work.out,
                    );
                    if send.send((outcome, ack_send.clone())).is_err() {
                        break;
                    }
                    if wait && ack_receive.recv().is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut error = None;
        for (outcome, ack) in receive {
            let handled = outcome.and_then(|(result, record, logs)| finished(result, record, logs));
            // The worker may have stopped waiting (it never waits outside
            // an SPRT): nobody to tell is fine.
            let _ = ack.send(());
            if let Err(e) = handled {
                stop.store(true, Ordering::Relaxed);
                error.get_or_insert(e);
            }
        }
        error.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small Diffusion, `agents`, and a tournament of one round of them.
    fn tournament(
        agents: &[&str],
        seed: u64,
        max_plies: usize,
        opening_plies: usize,
    ) -> (Box<dyn AnyGame>, Vec<AgentSpec>, Settings) {
        let registry = tabula_games::registry();
        let start = registry.create("diffusion(width=4,stones=2)").unwrap();
        let agents: Vec<AgentSpec> = (agents.iter())
            .map(|a| registry.parse_agent(a).unwrap())
            .collect();
        let settings = Settings {
            games: vec![start.spec()],
            agents: agents.iter().map(ToString::to_string).collect(),
            rounds: 1,
            seed,
            max_plies,
            opening_plies,
            ..Settings::default()
        };
        (start, agents, settings)
    }

    /// A finished game of Diffusion won by `winners`, and its record.
    fn recorded(winners: Option<Vec<usize>>) -> (GameResult, GameRecord) {
        let (start, agents, settings) = tournament(&["random", "mcts"], 0, 100, 0);
        let result = GameResult {
            index: 3,
            game: 0,
            round: 1,
            seats: vec![1, 0],
            seed: 9,
            winners,
            plies: 0,
            seconds: vec![0.5, 0.25],
            moves_made: vec![0, 0],
            moves_key: moves_key(0, &[1, 0], None, &[]),
            forfeit: None,
        };
        let record = to_record(
            &result,
            start.as_ref(),
            true,
            &agents,
            Vec::new(),
            &settings,
        );
        (result, record)
    }

    #[test]
    fn records_name_the_result_in_seat_names_and_count_seats_from_0() {
        for (winners, text) in [
            (Some(vec![1]), "North wins"),
            (Some(vec![0]), "South wins"),
            (Some(vec![0, 1]), "draw"),
            (None, "adjudicated"),
        ] {
            let (result, record) = recorded(winners.clone());
            assert_eq!(record.extra["outcome"], text);
            assert_eq!(record.extra["winners"], json!(winners));
            assert_eq!(from_record(&record, 0).unwrap(), result);
        }
    }

    #[test]
    fn records_carry_each_searched_moves_value_for_its_mover() {
        let registry = tabula_games::registry();
        let (start, agents, settings) = tournament(&["random", "mcts(iterations=50)"], 3, 1000, 2);
        let schedule = Schedule::new(&[2], 2, 1, 3).unwrap();
        let job = schedule.game(0);
        let (_, record, _) = play_one(
            &registry,
            &job,
            start.as_ref(),
            &agents,
            &settings,
            None,
            None,
        )
        .unwrap();
        let values = record.extra[VALUES_FIELD].as_array().unwrap();
        assert_eq!(values.len(), record.moves.len());
        // Replayed: the opening's moves and random's have none, MCTS's moves
        // a value from 0 to 1 (a forced move none either).
        let mut state = start.clone_box();
        for (ply, (mv, value)) in record.moves.iter().zip(values).enumerate() {
            let searched = ply >= 2 && job.seats[state.to_move()] == 1;
            match value.as_f64() {
                Some(v) => assert!(searched && (0.0..=1.0).contains(&v), "ply {ply}: {v}"),
                None => assert!(!searched || state.legal_moves().len() == 1, "ply {ply}"),
            }
            state.play(mv).unwrap();
        }
        assert!(values.iter().any(|v| v.is_number()));
        // A game no agent searched in records none.
        let random = [agents[0].clone(), agents[0].clone()];
        let (_, record, _) = play_one(
            &registry,
            &job,
            start.as_ref(),
            &random,
            &settings,
            None,
            None,
        )
        .unwrap();
        assert!(!record.extra.contains_key(VALUES_FIELD));
    }

    #[test]
    fn records_from_before_seat_names_still_load() {
        // Older tournaments wrote `seat 2 wins`; the result is read from
        // `winners`, which has always counted from 0.
        let (result, mut record) = recorded(Some(vec![1]));
        record.extra["outcome"] = json!("seat 2 wins");
        assert_eq!(from_record(&record, 0).unwrap(), result);
    }
}
