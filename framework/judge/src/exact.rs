//! Exact values: what a solved game's database says of a position and of
//! each of its moves, whichever kind of table it is (win/loss with the
//! distance to the end, or the final score margin for Kalah), and what a
//! move kept or gave away of it.

use std::cmp::Ordering;
use std::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use tabula::solve::margin::AnyMarginAnalysis;
use tabula::solve::{AnyAnalysis, Entry, Value};

/// The exact value of a position for its side to move, or of a move for
/// the side that makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactValue {
    /// Won, drawn or lost with best play, and the plies to the end (the
    /// winner hurrying, the loser delaying).
    Result(Entry),
    /// The final margin (the side's score minus the other's at the end)
    /// best play secures.
    Margin(i32),
}

impl ExactValue {
    /// Won, drawn or lost: a margin by its sign.
    pub fn result(self) -> Value {
        match self {
            ExactValue::Result(entry) => entry.value,
            ExactValue::Margin(margin) => match margin.signum() {
                1 => Value::Win,
                0 => Value::Draw,
                _ => Value::Loss,
            },
        }
    }

    /// Orders values for the side they belong to, best first when used to
    /// sort: faster wins, then draws, then slower losses; larger margins.
    /// Values of the two kinds never meet (one database gives them all).
    pub fn better(self, other: ExactValue) -> Ordering {
        match (self, other) {
            (ExactValue::Result(a), ExactValue::Result(b)) => a.better(b),
            (ExactValue::Margin(a), ExactValue::Margin(b)) => b.cmp(&a),
            _ => Ordering::Equal,
        }
    }
}

/// `win in 51`, `draw`, `margin +2`.
impl fmt::Display for ExactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactValue::Result(entry) => write!(f, "{entry}"),
            ExactValue::Margin(margin) => write!(f, "margin {margin:+}"),
        }
    }
}

/// `{"result": "win", "plies": 51, "text": "win in 51"}`, or for a margin
/// `{"result": "win", "margin": 2, "text": "margin +2"}`: the words for
/// people beside the figures, so that no front end words them anew.
impl Serialize for ExactValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("result", self.result().as_str())?;
        match self {
            ExactValue::Result(entry) => map.serialize_entry("plies", &entry.plies)?,
            ExactValue::Margin(margin) => map.serialize_entry("margin", margin)?,
        }
        map.serialize_entry("text", &self.to_string())?;
        map.end()
    }
}

/// One legal move's exact value, for the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExactMove {
    /// The move, canonical.
    pub mv: String,
    /// Its value for the side that makes it.
    pub value: ExactValue,
    /// Whether perfect play chooses it: it keeps the position's value
    /// exactly (the fastest win, a draw, the slowest loss; the best margin).
    pub best: bool,
}

/// A position's exact value and every legal move's, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exact {
    /// The position's value for its side to move.
    pub value: ExactValue,
    /// The legal moves, best first (moves of equal value in the game's
    /// order); none when the game is over.
    pub moves: Vec<ExactMove>,
}

impl Exact {
    /// From a win/loss table's analysis.
    pub fn of_results(analysis: AnyAnalysis) -> Exact {
        Exact::new(
            ExactValue::Result(analysis.entry),
            analysis
                .moves
                .into_iter()
                .map(|(mv, entry)| (mv, ExactValue::Result(entry))),
        )
    }

    /// From a score-margin table's analysis.
    pub fn of_margins(analysis: AnyMarginAnalysis) -> Exact {
        Exact::new(
            ExactValue::Margin(analysis.margin),
            analysis
                .moves
                .into_iter()
                .map(|(mv, margin)| (mv, ExactValue::Margin(margin))),
        )
    }

    fn new(value: ExactValue, moves: impl Iterator<Item = (String, ExactValue)>) -> Exact {
        let mut moves: Vec<ExactMove> = moves
            .map(|(mv, v)| ExactMove {
                mv,
                value: v,
                best: v == value,
            })
            .collect();
        // Stable: equal moves stay in the game's order.
        moves.sort_by(|a, b| a.value.better(b.value));
        Exact { value, moves }
    }

    /// The first of the moves perfect play chooses (the first in the
    /// game's order among equals); `None` when the game is over.
    pub fn best(&self) -> Option<&ExactMove> {
        self.moves.iter().find(|m| m.best)
    }

    /// What playing `mv` (canonical text) here keeps or gives away;
    /// `None` when it is no legal move of this position.
    pub fn judge(&self, mv: &str) -> Option<Judged> {
        let played = self.moves.iter().find(|m| m.mv == mv)?;
        let margin_lost = match (self.value, played.value) {
            (ExactValue::Margin(best), ExactValue::Margin(kept)) => Some(best.abs_diff(kept)),
            _ => None,
        };
        Some(Judged {
            position: self.value,
            played: played.value,
            perfect: played.best,
            best: self
                .moves
                .iter()
                .filter(|m| m.best)
                .map(|m| m.mv.clone())
                .collect(),
            lost: Lost::between(self.value.result(), played.value.result()),
            margin_lost,
        })
    }
}

/// The result a move gave away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lost {
    /// A won position, drawn after the move.
    WonToDrawn,
    /// A won position, lost after the move.
    WonToLost,
    /// A drawn position, lost after the move.
    DrawnToLost,
}

impl Lost {
    /// What a move from a position of result `before` to one of result
    /// `after` (both for the mover) gave away; `None` when it kept the
    /// result (a lost position has nothing to give away).
    fn between(before: Value, after: Value) -> Option<Lost> {
        match (before, after) {
            (Value::Win, Value::Draw) => Some(Lost::WonToDrawn),
            (Value::Win, Value::Loss) => Some(Lost::WonToLost),
            (Value::Draw, Value::Loss) => Some(Lost::DrawnToLost),
            _ => None,
        }
    }

    /// `won → drawn`, for people.
    pub fn words(self) -> &'static str {
        match self {
            Lost::WonToDrawn => "won → drawn",
            Lost::WonToLost => "won → lost",
            Lost::DrawnToLost => "drawn → lost",
        }
    }
}

/// One move judged against the database: what the position was worth to
/// the side that moved, what the move kept of it, and what it gave away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judged {
    /// The position's value for the side that moved.
    pub position: ExactValue,
    /// The value the move kept for it.
    pub played: ExactValue,
    /// Whether perfect play chooses this move (see [`ExactMove::best`]).
    pub perfect: bool,
    /// The moves perfect play chooses among here, canonical.
    pub best: Vec<String>,
    /// The result the move gave away; `None` when it kept it.
    pub lost: Option<Lost>,
    /// For a score-margin table, the final margin the move gave up: the
    /// position's best margin less the move's (0 for a best move).
    pub margin_lost: Option<u32>,
}

impl Judged {
    /// Whether the move had a result to keep: the position was won or
    /// drawn (from a lost one every move loses).
    pub fn at_stake(&self) -> bool {
        self.position.result() != Value::Loss
    }

    /// Whether the move kept a result it could have lost: won stays won,
    /// drawn is not lost.
    pub fn kept(&self) -> bool {
        self.at_stake() && self.lost.is_none()
    }
}
