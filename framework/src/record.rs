//! Game records: the versioned JSON that saved REPL sessions and
//! tournament logs share. A record holds text only (game spec, start
//! position, moves, agent specs), and loading replays every move through
//! the rules, so a tampered file cannot smuggle in an illegal state.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::registry::Registry;
use tabula_core::any::AnyGame;
use tabula_core::error::{excerpt, MoveError, PositionError};
use tabula_core::spec::SpecError;

/// The format tag every record carries.
pub const FORMAT: &str = "tabula-record";
/// The version this build writes and reads.
pub const VERSION: u32 = 1;

/// One game, as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Always `tabula-record`, so other JSON is recognised as such.
    pub format: String,
    /// The record format version; this build reads and writes version 1.
    pub version: u32,
    /// The game spec, e.g. `diffusion(width=8)`.
    pub game: String,
    /// The start position when it is not the game's own start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Canonical move texts from the start.
    pub moves: Vec<String>,
    /// One agent spec per seat (`human` for a person).
    #[serde(default)]
    pub agents: Vec<String>,
    /// The seed agents without their own seed use.
    #[serde(default)]
    pub seed: u64,
    /// Anything a writer adds (tournament results, timings); kept, not read.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// Why a record could not be loaded.
#[derive(Debug, Error)]
pub enum RecordError {
    /// Not JSON, or JSON without the fields of a record.
    #[error("not a Tabula record: {}", excerpt(.0))]
    Corrupt(String),
    /// The `format` field names some other format.
    #[error("record format `{}` is not `{FORMAT}`", excerpt(.0))]
    WrongFormat(String),
    /// A record version this build does not read.
    #[error("record version {0} is not supported (this build reads version {VERSION})")]
    UnsupportedVersion(u32),
    /// The game spec does not name a valid game.
    #[error("record game: {0}")]
    Game(#[from] SpecError),
    /// The start position is not valid for the game.
    #[error("record start position: {0}")]
    Start(#[from] PositionError),
    /// A recorded move could not be played.
    #[error("record ply {ply}: {error}")]
    Move {
        /// The move's ply, counted from 1.
        ply: usize,
        /// Why it could not be played.
        error: MoveError,
    },
    /// A replay asked for more plies than the record holds.
    #[error("record asks for ply {asked} but holds only {plies}")]
    PlyOutOfRange {
        /// The plies asked for.
        asked: usize,
        /// The plies the record holds.
        plies: usize,
    },
}

impl GameRecord {
    /// A record of `moves` played from `start`.
    pub fn new(start: &dyn AnyGame, is_default_start: bool, moves: Vec<String>) -> Self {
        GameRecord {
            format: FORMAT.to_string(),
            version: VERSION,
            game: start.spec(),
            start: (!is_default_start).then(|| start.position()),
            moves,
            agents: Vec::new(),
            seed: 0,
            extra: Default::default(),
        }
    }

    /// Reads a record from JSON, checking its format and version. A UTF-8
    /// byte-order mark before it (as some editors save) is ignored.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Corrupt(e.to_string()))?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => return Err(RecordError::WrongFormat(other.to_string())),
            None => return Err(RecordError::Corrupt("no `format` field".to_string())),
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => {
                return Err(RecordError::UnsupportedVersion(
                    v.min(u64::from(u32::MAX)) as u32
                ))
            }
            None => return Err(RecordError::Corrupt("no `version` number".to_string())),
        }
        serde_json::from_value(value).map_err(|e| RecordError::Corrupt(e.to_string()))
    }

    /// The record as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serializes")
    }

    /// Replays the record through the rules: the states after 0, 1, …,
    /// `upto` (default: all) plies.
    pub fn replay(
        &self,
        registry: &Registry,
        upto: Option<usize>,
    ) -> Result<Vec<Box<dyn AnyGame>>, RecordError> {
        let plies = upto.unwrap_or(self.moves.len());
        if plies > self.moves.len() {
            return Err(RecordError::PlyOutOfRange {
                asked: plies,
                plies: self.moves.len(),
            });
        }
        let mut state = registry.create(&self.game)?;
        if let Some(start) = &self.start {
            state = state.with_position(start)?;
        }
        let mut states = vec![state.clone()];
        for (ply, text) in self.moves[..plies].iter().enumerate() {
            state.play(text).map_err(|error| RecordError::Move {
                ply: ply + 1,
                error,
            })?;
            states.push(state.clone());
        }
        Ok(states)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: &str =
        r#"{"format":"tabula-record","version":1,"game":"diffusion","moves":["D"]}"#;

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let plain = GameRecord::from_json(PLAIN).unwrap();
        let marked = GameRecord::from_json(&format!("\u{FEFF}{PLAIN}")).unwrap();
        assert_eq!(plain, marked);
        assert_eq!(marked.moves, vec!["D"]);
    }

    #[test]
    fn errors_quote_a_bounded_prefix_of_huge_fields() {
        let huge = "x".repeat(10_000_000);
        let start = PLAIN.replace(r#""moves":["D"]"#, &format!(r#""moves":"{huge}""#));
        let format = PLAIN.replace("tabula-record", &huge);
        for text in [start, format] {
            let message = GameRecord::from_json(&text).unwrap_err().to_string();
            assert!(message.len() < 400, "{} bytes", message.len());
        }
    }
}
