//! What the page knows about the positions of a game's move tree beyond
//! the moves: the values searches gave them, and, in a replay, what each
//! move kept or gave away of the exact value (from `--db`) or the values
//! the agents reported while they played. Notes belong to tree nodes, so
//! they stay on their moves while the player browses and branches.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;
use tabula::solve::Value as Result3;
use tabula::GameRecord;
use tabula_session::{ExactValue, Judged, JudgedGame, NodeId};

/// A value of a position, for the graph under the board.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct Eval {
    /// Moves from the start.
    pub ply: usize,
    /// The seat to move there, whose expected score `value` is.
    pub seat: usize,
    /// Its expected score, 0 to 1 (1 a win, 0.5 a draw for exact values).
    pub value: f32,
    /// For a game solved by score margin, the final margin the seat to
    /// move secures.
    pub margin: Option<i32>,
    /// Where it comes from: `search` (an agent here, or a hint),
    /// `agent` (what the agent reported while the recorded game was
    /// played) or `database` (exact).
    pub source: &'static str,
}

/// A recorded move judged against the database, as the move list marks it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Verdict {
    #[serde(flatten)]
    pub judged: Judged,
    /// Whether it kept a result it could have lost (see [`Judged::kept`]).
    pub kept: bool,
    /// Whether the position had a result to keep (see [`Judged::at_stake`]).
    pub at_stake: bool,
    /// The result it gave away, in words (`won → drawn`).
    pub lost_words: Option<&'static str>,
    /// An opening ply no agent chose (a tournament's random opening).
    pub opening: bool,
}

/// The notes of one tree node.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Note {
    /// The value of the node's position.
    pub eval: Option<Eval>,
    /// The move that led here, judged.
    pub verdict: Option<Verdict>,
}

/// Notes by node; emptied with the tree they belong to.
#[derive(Debug, Default)]
pub(crate) struct Notes(HashMap<NodeId, Note>);

impl Notes {
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    pub(crate) fn get(&self, node: NodeId) -> Option<&Note> {
        self.0.get(&node)
    }

    /// A search's value of node `node`'s position.
    pub(crate) fn search(&mut self, node: NodeId, ply: usize, seat: usize, value: f32) {
        self.0.entry(node).or_default().eval = Some(Eval {
            ply,
            seat,
            value,
            margin: None,
            source: "search",
        });
    }

    /// The values the agents of a tournament's game reported (its
    /// record's `values`, by ply), on the nodes of its line: `line[p]` is
    /// the node after `p` moves; `seats[n]` the seat that made node `n`'s
    /// move.
    pub(crate) fn reported(
        &mut self,
        record: &GameRecord,
        line: &[NodeId],
        seats: &[Option<usize>],
    ) {
        let Some(Value::Array(values)) = record.extra.get("values") else {
            return;
        };
        for (ply, value) in values.iter().enumerate() {
            let (Some(value), Some(&node), Some(&next)) =
                (value.as_f64(), line.get(ply), line.get(ply + 1))
            else {
                continue;
            };
            let Some(Some(seat)) = seats.get(next) else {
                continue;
            };
            self.0.entry(node).or_default().eval = Some(Eval {
                ply,
                seat: *seat,
                value: value.clamp(0.0, 1.0) as f32,
                margin: None,
                source: "agent",
            });
        }
    }

    /// A judged game's verdicts and exact values on the nodes of its
    /// line (`line[p]` the node after `p` moves).
    pub(crate) fn judged(&mut self, judged: &JudgedGame, line: &[NodeId]) {
        for ply in &judged.moves {
            let (Some(&before), Some(&after)) = (line.get(ply.ply), line.get(ply.ply + 1)) else {
                continue;
            };
            self.0.entry(before).or_default().eval =
                Some(exact_eval(ply.ply, ply.seat, ply.judged.position));
            let judged = &ply.judged;
            self.0.entry(after).or_default().verdict = Some(Verdict {
                kept: judged.kept(),
                at_stake: judged.at_stake(),
                lost_words: judged.lost.map(|l| l.words()),
                opening: ply.agent.is_none(),
                judged: judged.clone(),
            });
        }
        // The last position's value: the last move's, seen from the other
        // side (exact values are of two-player games).
        if let Some(last) = judged.moves.last() {
            if let Some(&end) = line.get(last.ply + 1) {
                let mut eval = exact_eval(last.ply + 1, 1 - last.seat.min(1), last.judged.played);
                eval.value = 1.0 - eval.value;
                eval.margin = eval.margin.map(|m| -m);
                self.0.entry(end).or_default().eval = Some(eval);
            }
        }
    }
}

/// An exact value as a point of the graph.
fn exact_eval(ply: usize, seat: usize, value: ExactValue) -> Eval {
    let score = match value.result() {
        Result3::Win => 1.0,
        Result3::Draw => 0.5,
        Result3::Loss => 0.0,
    };
    Eval {
        ply,
        seat,
        value: score,
        margin: match value {
            ExactValue::Margin(m) => Some(m),
            ExactValue::Result(_) => None,
        },
        source: "database",
    }
}
