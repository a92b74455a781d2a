//! What a study reads of one recorded game: who moved at each ply, how
//! many moves were legal there, and the value the mover's search gave its
//! move — found by replaying the record through the rules.

use serde_json::Value;
use tabula::{GameRecord, Registry, Seat};
use tabula_arena::{GameResult, VALUES_FIELD};

/// One game, ply by ply.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    pub players: usize,
    /// The winning seats; `None` when adjudicated at the ply limit.
    pub winners: Option<Vec<Seat>>,
    /// The seat that made each move.
    pub movers: Vec<Seat>,
    /// The legal moves at each ply played.
    pub branching: Vec<usize>,
    /// Each move's expected score for its mover by its search, if it searched.
    pub values: Vec<Option<f64>>,
}

impl Trace {
    /// Replays `record` (already checked by the arena) and reads its values.
    pub fn read(
        registry: &Registry,
        result: &GameResult,
        record: &GameRecord,
    ) -> Result<Trace, String> {
        let at = |why: String| format!("game {}: {why}", result.index);
        let mut state = registry
            .create(&record.game)
            .map_err(|e| at(e.to_string()))?;
        if let Some(start) = &record.start {
            state = state.with_position(start).map_err(|e| at(e.to_string()))?;
        }
        let plies = record.moves.len();
        let (mut movers, mut branching) = (Vec::with_capacity(plies), Vec::with_capacity(plies));
        let mut actions = Vec::new();
        for mv in &record.moves {
            movers.push(state.to_move());
            state.legal_actions_into(&mut actions);
            branching.push(actions.len());
            state.play(mv).map_err(|e| at(e.to_string()))?;
        }
        Ok(Trace {
            players: state.players(),
            winners: result.winners.clone(),
            movers,
            branching,
            values: values(record, plies).map_err(at)?,
        })
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.movers.len()
    }

    /// Turns: runs of consecutive moves by one seat.
    pub fn turns(&self) -> usize {
        let changes = self.movers.windows(2).filter(|w| w[0] != w[1]).count();
        changes + usize::from(!self.movers.is_empty())
    }

    /// The one winner, when the game had one.
    pub fn winner(&self) -> Option<Seat> {
        match self.winners.as_deref() {
            Some(&[seat]) => Some(seat),
            _ => None,
        }
    }
}

/// The record's `values`, one per ply (`None` where it has none); a record
/// without the field has none anywhere.
fn values(record: &GameRecord, plies: usize) -> Result<Vec<Option<f64>>, String> {
    let Some(field) = record.extra.get(VALUES_FIELD) else {
        return Ok(vec![None; plies]);
    };
    let bad = || format!("`{VALUES_FIELD}` must hold a value from 0 to 1 or null for each move");
    let list = field
        .as_array()
        .filter(|l| l.len() == plies)
        .ok_or_else(bad)?;
    list.iter()
        .map(|v| match v {
            Value::Null => Ok(None),
            v => v
                .as_f64()
                .filter(|x| (0.0..=1.0).contains(x))
                .map(Some)
                .ok_or_else(bad),
        })
        .collect()
}
