//! The whole game as one serializable value: what the REPL's `state`
//! prints as JSON and what a script or a web page reads.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabula::AnyGame;

/// A game in progress: `{"game", "params", "position", "to_move", "moves",
/// "seats", "agents", "outcome"}`, in that order. Seats are numbered from 0
/// here, as in Python and the arena's records (OpenSpiel's convention),
/// with their names in `seats` beside them; text for people names them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The game's registry name.
    pub game: String,
    /// Every parameter, defaults included, in the game's order.
    pub params: GameParams,
    /// The position text.
    pub position: String,
    /// The seat to move, from 0; `None` (`null`) once the game is over.
    pub to_move: Option<usize>,
    /// The moves from the start position, canonical.
    pub moves: Vec<String>,
    /// Each seat's name (`South`, `North`), by seat number (absent from
    /// states written before it was added).
    #[serde(default)]
    pub seats: Vec<String>,
    /// Who plays each seat, as agent specs (`human` for a person).
    pub agents: Vec<String>,
    /// The result once the game is over.
    pub outcome: Option<GameOver>,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameOver {
    /// The winning seats, from 0.
    pub winners: Vec<usize>,
    /// Each seat's score (a win 1, a loss 0, a shared win split).
    pub scores: Vec<f64>,
    /// The result in the game's seat names: `North wins`.
    pub result: String,
}

impl GameOver {
    /// `game`'s result, if it is over.
    pub fn of(game: &dyn AnyGame) -> Option<GameOver> {
        let outcome = game.outcome()?;
        let players = game.players();
        Some(GameOver {
            winners: outcome.winners().collect(),
            scores: outcome.scores()[..players]
                .iter()
                .map(|&s| f64::from(s))
                .collect(),
            result: outcome.describe(players, |seat| game.seat_name(seat)),
        })
    }
}

/// A parameter's value: a whole number when it reads as one, else its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// `width=6`.
    Int(i64),
    /// `blocks=halves`, `c=1.4`.
    Text(String),
}

impl ParamValue {
    fn read(text: &str) -> ParamValue {
        text.parse()
            .map_or_else(|_| ParamValue::Text(text.to_string()), ParamValue::Int)
    }
}

/// A game's parameters as a JSON object that keeps the game's order
/// (`width`, `stones`, `blocks`), which a map type would sort.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameParams(pub Vec<(String, ParamValue)>);

impl GameParams {
    /// `game`'s parameters, defaults filled in.
    pub fn of(game: &dyn AnyGame) -> GameParams {
        GameParams(
            game.params()
                .iter()
                .map(|(key, value)| (key.to_string(), ParamValue::read(value)))
                .collect(),
        )
    }

    /// The value of `key`, if the game has it.
    pub fn get(&self, key: &str) -> Option<&ParamValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl Serialize for GameParams {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for GameParams {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = GameParams;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of parameters")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameParams, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(GameParams(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}
