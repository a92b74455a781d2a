//! What the page shows of a session, as one JSON message: the board
//! picture with its click targets, the legal moves, whose turn or the
//! result in words, the move tree with its notes, and the seats. The page
//! draws only this.

use serde::Serialize;
use tabula_session::{GameOver, MoveTree, NodeId, Session};

use crate::notes::{Eval, Note, Notes};

/// The whole game as the page shows it.
#[derive(Debug, Serialize)]
pub(crate) struct View {
    /// The game's spec, `diffusion(width=4)`.
    pub game: String,
    /// The registry name, `diffusion`.
    pub name: String,
    pub seats: Vec<SeatView>,
    /// The seat to move (from 0), `None` once the game is over.
    pub to_move: Option<usize>,
    /// Whose turn it is or the result, in words.
    pub status: String,
    pub outcome: Option<GameOver>,
    /// The moves from the start to the position shown.
    pub moves: Vec<String>,
    /// The moves' seats (from 0), beside `moves`.
    pub movers: Vec<usize>,
    /// Every move played, as a tree: node 0 is the start, and each node's
    /// first child continues its line (the main line from the start).
    pub tree: Vec<NodeView>,
    /// The node shown.
    pub node: NodeId,
    /// The line through it: the nodes from the first move to the node
    /// shown, then on as redo goes, to the line's end.
    pub line: Vec<NodeId>,
    /// The board, with `data-cell` click targets.
    pub svg: String,
    /// The position as text (`setup` takes it back, edited).
    pub position: String,
    /// The start position's text when it is not the game's own (a
    /// `setup`, or a record that starts elsewhere): a link carries it.
    pub start: Option<String>,
    /// The legal moves, canonical; empty once the game is over.
    pub legal: Vec<String>,
    /// The last move in words, for games whose move text does not say it all.
    pub explain: Option<String>,
    /// The seat whose agent is thinking now.
    pub thinking: Option<usize>,
    /// Whether agents wait for Go instead of replying by themselves.
    pub paused: bool,
    /// `play`, or `replay` while stepping through a recorded game.
    pub mode: &'static str,
    /// The record replayed and its length.
    pub replay: Option<ReplayView>,
    /// The values known of the positions of `line` (and the start), by
    /// ply: searches', the agents' own in a replay, or exact ones.
    pub evals: Vec<Eval>,
    pub seed: u64,
}

/// A node of the move tree, with what is known of it.
#[derive(Debug, Serialize)]
pub(crate) struct NodeView {
    pub parent: Option<NodeId>,
    /// The move that led here (empty for the start).
    pub mv: String,
    pub children: Vec<NodeId>,
    pub ply: usize,
    /// The seat that made the move (none for the start).
    pub seat: Option<usize>,
    #[serde(flatten)]
    pub note: Note,
}

/// One seat: its name and who plays it.
#[derive(Debug, Serialize)]
pub(crate) struct SeatView {
    pub index: usize,
    pub name: String,
    pub agent: String,
}

/// The recorded game being replayed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReplayView {
    pub name: String,
    pub length: usize,
    /// The results folder (from 0) and record (from 1): the page's link.
    pub folder: usize,
    pub game: usize,
    /// Its agents, by display name, seat by seat.
    pub agents: Vec<String>,
    /// How its moves are judged: `database` (kept or lost against
    /// `--db`), `agents` (the values they reported) or `none`.
    pub judged: &'static str,
    /// Why no database judges it, when one was loaded.
    pub unjudged: Option<String>,
}

impl View {
    pub(crate) fn of(
        session: &Session,
        thinking: Option<usize>,
        replay: Option<ReplayView>,
        notes: &Notes,
    ) -> View {
        let game = session.current();
        let outcome = session.result();
        let to_move = outcome.is_none().then(|| game.to_move());
        let status = match (&outcome, to_move) {
            (Some(over), _) => format!("Game over: {}", over.result),
            (None, Some(seat)) => format!("{} to move", game.seat_name(seat)),
            (None, None) => String::new(),
        };
        let tree = session.tree();
        let seats = seats_of(session, tree);
        let line = tree.line_through(session.node());
        let movers = line[..session.moves().len()]
            .iter()
            .map(|&n| seats[n].unwrap_or(0))
            .collect();
        let evals = std::iter::once(MoveTree::ROOT)
            .chain(line.iter().copied())
            .filter_map(|n| notes.get(n)?.eval)
            .collect();
        View {
            game: game.spec(),
            name: game.name().to_string(),
            seats: session
                .seats()
                .iter()
                .enumerate()
                .map(|(index, agent)| SeatView {
                    index,
                    name: game.seat_name(index),
                    agent: agent.to_string(),
                })
                .collect(),
            to_move,
            status,
            legal: if outcome.is_some() {
                Vec::new()
            } else {
                game.legal_moves()
            },
            outcome,
            moves: session.moves().to_vec(),
            movers,
            tree: tree
                .nodes()
                .iter()
                .enumerate()
                .map(|(id, node)| NodeView {
                    parent: node.parent,
                    mv: node.mv.clone(),
                    children: node.children.clone(),
                    ply: node.ply,
                    seat: seats[id],
                    note: notes.get(id).cloned().unwrap_or_default(),
                })
                .collect(),
            node: session.node(),
            line,
            svg: session.svg().unwrap_or_default(),
            position: game.position(),
            start: session.record().start,
            explain: session
                .moves()
                .len()
                .checked_sub(1)
                .and_then(|ply| session.explain(ply)),
            thinking,
            paused: session.paused(),
            mode: if replay.is_some() { "replay" } else { "play" },
            replay,
            evals,
            seed: session.seed(),
        }
    }
}

/// The seat that made each node's move, the tree walked depth first from
/// the start with the positions of one path at a time.
pub(crate) fn seats_of(session: &Session, tree: &MoveTree) -> Vec<Option<usize>> {
    let mut seats = vec![None; tree.len()];
    let mut stack = vec![(MoveTree::ROOT, session.start().clone_box())];
    while let Some((id, state)) = stack.pop() {
        for &child in &tree.nodes()[id].children {
            let mut next = state.clone_box();
            seats[child] = Some(next.to_move());
            // The session played these moves already: they are legal.
            let _ = next.play(&tree.nodes()[child].mv);
            stack.push((child, next));
        }
    }
    seats
}
