//! Why a session operation was refused. Every refusal leaves the session
//! as it was, so a front end reports the error and goes on.

use std::path::PathBuf;

use tabula::agents::Forfeit;
use tabula::solve::DbError;
use tabula::{excerpt, AgentError, MoveError, PositionError, RecordError, Seat, SpecError};
use thiserror::Error;

/// A refused [`Session`](crate::Session) operation. The messages are for
/// people; front ends may add how to fix it in their own words.
#[derive(Debug, Error)]
pub enum SessionError {
    /// A game or agent spec that names nothing valid.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A move that could not be read or played here.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A position text that is no position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// `undo` with no move played.
    #[error("nothing to undo")]
    NothingToUndo,
    /// `redo` with no move taken back.
    #[error("nothing to redo")]
    NothingToRedo,
    /// A person's move on a seat an agent plays.
    #[error("it is seat {} ({name})'s turn, and {agent} plays it", .seat + 1)]
    AgentsSeat {
        /// The seat to move, from 0.
        seat: Seat,
        /// Its name (`North`).
        name: String,
        /// The agent that plays it.
        agent: String,
    },
    /// An agent asked to move in a finished game.
    #[error("the game is over")]
    GameOver,
    /// A seat given by a number or name the game does not have.
    #[error("no seat `{}`; seats are {}", excerpt(.text), .seats.join(", "))]
    NoSeat {
        /// What was asked for.
        text: String,
        /// The seats, as `1 (South)`.
        seats: Vec<String>,
    },
    /// The agent could not be built for this game.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The agent gave up instead of choosing a move.
    #[error("{agent} gave up: {forfeit}")]
    GaveUp {
        /// The agent's spec.
        agent: String,
        /// Why.
        forfeit: Forfeit,
    },
    /// The position or the seats changed while an agent thought: its move
    /// belongs to a position that is gone.
    #[error("the game changed while the agent thought")]
    Stale,
    /// A record file that could not be read, or holds no such record.
    #[error("{0}")]
    RecordFile(String),
    /// A record that is no valid game.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A load asked for more moves than the record holds.
    #[error("the record holds {held} moves, not {asked}")]
    PlyBeyondRecord {
        /// The moves the record holds.
        held: usize,
        /// The moves asked for.
        asked: usize,
    },
    /// A record's seat names no agent this registry knows.
    #[error("record seat {seat}: {error}")]
    RecordSeat {
        /// The seat, from 1.
        seat: usize,
        /// Why its spec was refused.
        error: SpecError,
    },
    /// A failure while loading the named record file.
    #[error("{}: {error}", excerpt(.file))]
    InFile {
        /// The file as named, with `#N` for a record of many.
        file: String,
        /// What went wrong.
        error: Box<SessionError>,
    },
    /// A file could not be written.
    #[error("cannot write {}: {error}", excerpt(&.path.display().to_string()))]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The game has no exact solver.
    #[error("{game} has no solver (solvable: {})", .solvable.join(", "))]
    NoSolver {
        /// The game's name.
        game: String,
        /// The games that have one.
        solvable: Vec<String>,
    },
    /// A solution database that could not be used.
    #[error(transparent)]
    Database(#[from] DbError),
    /// The solver refused the game or the database.
    #[error("{0}")]
    Solver(String),
    /// Exact values asked for before a database was loaded.
    #[error("no database loaded")]
    NoDatabase {
        /// The spec of the game whose database is missing.
        game: String,
    },
    /// A recorded game that could not be judged.
    #[error(transparent)]
    Judge(#[from] tabula_judge::JudgeError),
    /// The loaded database does not answer for this position.
    #[error("{reason} (loaded from {})", .path.display())]
    Unsolved {
        /// Why not.
        reason: String,
        /// The database's file.
        path: PathBuf,
    },
}
