//! One recorded game judged move by move: which moves an agent chose
//! (a tournament's opening plies were chosen for them), the phase of
//! each, and what each kept or gave away.

use serde::Serialize;
use serde_json::Value;
use tabula::{AnyGame, GameRecord, RecordError, Registry, Seat};

use crate::exact::{Exact, Judged};
use crate::JudgeError;

/// The thirds of the moves the agents chose in a game, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The first third.
    Opening,
    /// The second third.
    Middle,
    /// The last third.
    Ending,
}

/// The phases, in order.
pub const PHASES: [Phase; 3] = [Phase::Opening, Phase::Middle, Phase::Ending];

impl Phase {
    /// `opening`, `middle`, `ending`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middle => "middle",
            Phase::Ending => "ending",
        }
    }

    /// The phase of the `index`th (from 0) of `count` chosen moves.
    fn of(index: usize, count: usize) -> Phase {
        PHASES[(3 * index / count.max(1)).min(2)]
    }
}

/// One move of a game, judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JudgedPly {
    /// Its ply, from 0.
    pub ply: usize,
    /// The seat that moved.
    pub seat: Seat,
    /// The move, canonical.
    pub mv: String,
    /// The agent that chose it: the record's spec for the seat; `None`
    /// for an opening ply no agent chose (`--opening-plies`, an opening
    /// suite).
    pub agent: Option<String>,
    /// Which third of the agents' moves it is; `None` for an opening ply.
    pub phase: Option<Phase>,
    /// What it kept or gave away.
    #[serde(flatten)]
    pub judged: Judged,
}

/// A recorded game, every move judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JudgedGame {
    /// The game spec.
    pub game: String,
    /// The plies at the start that no agent chose (see [`opening_plies`]).
    pub opening_plies: usize,
    /// Every move, in order, the opening plies included.
    pub moves: Vec<JudgedPly>,
}

impl JudgedGame {
    /// The judged game as JSON text.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("a judged game serializes")
    }

    /// The moves the agents chose: what a report counts.
    pub fn chosen(&self) -> impl Iterator<Item = &JudgedPly> {
        self.moves.iter().filter(|m| m.agent.is_some())
    }
}

/// The plies at the start of `record` that no agent chose: a tournament's
/// opening (random plies or a suite's moves). Read from the counts a
/// tournament's record holds: its plies less the moves its agents made
/// (`moves_made`; a seat that forfeited was counted a move it never
/// played). 0 for a record without those counts (a saved REPL game).
pub fn opening_plies(record: &GameRecord) -> Result<usize, JudgeError> {
    let made = match record.extra.get("moves_made") {
        None | Some(Value::Null) => return Ok(0),
        Some(made) => made,
    };
    let counts = made
        .as_array()
        .and_then(|seats| seats.iter().map(Value::as_u64).collect::<Option<Vec<_>>>())
        .ok_or_else(|| {
            JudgeError::Counts("`moves_made` is not a list of whole numbers".to_string())
        })?;
    let forfeit = record.extra.get("forfeit").is_some_and(|f| !f.is_null());
    let made = counts
        .iter()
        .fold(0u64, |sum, &n| sum.saturating_add(n))
        .saturating_sub(u64::from(forfeit));
    let plies = record.moves.len() as u64;
    match plies.checked_sub(made) {
        Some(opening) => Ok(opening as usize),
        None => Err(JudgeError::Counts(format!(
            "`moves_made` counts {made} moves chosen by agents, more than the {plies} the record holds"
        ))),
    }
}

/// Every move of `record` judged with the exact values `exact` gives of
/// each position: replayed through the rules, the opening plies marked
/// (see [`opening_plies`]), each other move given its agent and phase.
/// `exact` is where the values come from: an open
/// [`Database`](crate::Database), or a session's loaded table.
pub fn judge_game<E: From<JudgeError>>(
    registry: &Registry,
    record: &GameRecord,
    mut exact: impl FnMut(&dyn AnyGame) -> Result<Exact, E>,
) -> Result<JudgedGame, E> {
    let opening = opening_plies(record)?;
    let states = record.replay(registry, None).map_err(JudgeError::from)?;
    let chosen = record.moves.len() - opening;
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, text) in record.moves.iter().enumerate() {
        let state = states[ply].as_ref();
        let mv = canonical(state, text, ply)?;
        let judged = exact(state)?.judge(&mv).ok_or_else(|| {
            JudgeError::NotCovered(format!(
                "the database lists no move {mv} at ply {}",
                ply + 1
            ))
        })?;
        let seat = state.to_move();
        let by_agent = ply >= opening;
        moves.push(JudgedPly {
            ply,
            seat,
            agent: by_agent.then(|| {
                record
                    .agents
                    .get(seat)
                    .cloned()
                    .unwrap_or_else(|| state.seat_name(seat))
            }),
            phase: by_agent.then(|| Phase::of(ply - opening, chosen)),
            mv,
            judged,
        });
    }
    Ok(JudgedGame {
        game: record.game.clone(),
        opening_plies: opening,
        moves,
    })
}

/// The canonical text of move `text` at `ply` (from 0) in `state`: a
/// record may hold any text the rules read.
fn canonical(state: &dyn AnyGame, text: &str, ply: usize) -> Result<String, JudgeError> {
    let mut next = state.clone_box();
    next.play(text).map_err(|error| {
        JudgeError::Record(RecordError::Move {
            ply: ply + 1,
            error,
        })
    })
}
