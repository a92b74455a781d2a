//! What the page shows of a session, as one JSON message: the board
//! picture with its click targets, the legal moves, whose turn or the
//! result in words, the history and the seats. The page draws only this.

use serde::Serialize;
use tabula_session::{GameOver, Session};

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
    pub moves: Vec<String>,
    /// The moves' seats (from 0), beside `moves`.
    pub movers: Vec<usize>,
    /// The board, with `data-cell` click targets.
    pub svg: String,
    /// The position as text (`setup` takes it back, edited).
    pub position: String,
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
    /// Search values met so far: the value, for the seat to move, of the
    /// position after `ply` moves.
    pub evals: Vec<Eval>,
    pub seed: u64,
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
}

/// A search's value of a position.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct Eval {
    pub ply: usize,
    /// The seat to move there, whose expected score `value` is.
    pub seat: usize,
    pub value: f32,
}

impl View {
    pub(crate) fn of(
        session: &Session,
        thinking: Option<usize>,
        replay: Option<ReplayView>,
        evals: Vec<Eval>,
    ) -> View {
        let game = session.current();
        let outcome = session.result();
        let to_move = outcome.is_none().then(|| game.to_move());
        let status = match (&outcome, to_move) {
            (Some(over), _) => format!("Game over: {}", over.result),
            (None, Some(seat)) => format!("{} to move", game.seat_name(seat)),
            (None, None) => String::new(),
        };
        let movers = replay_movers(session);
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
            svg: session.svg().unwrap_or_default(),
            position: game.position(),
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

/// The seat that played each move, replayed from the start.
fn replay_movers(session: &Session) -> Vec<usize> {
    let mut game = session.start().clone_box();
    session
        .moves()
        .iter()
        .map(|mv| {
            let seat = game.to_move();
            // The session played these moves already: they are legal.
            let _ = game.play(mv);
            seat
        })
        .collect()
}
