//! Why judging was refused. Every message names what to look at: the
//! database file, the records file and line, the move.

use tabula::solve::margin::MarginDbError;
use tabula::solve::DbError;
use tabula::RecordError;
use thiserror::Error;

/// A refused judging.
#[derive(Debug, Error)]
pub enum JudgeError {
    /// A win/loss database that could not be opened.
    #[error(transparent)]
    Database(#[from] DbError),
    /// A score-margin database that could not be opened.
    #[error(transparent)]
    Margins(#[from] MarginDbError),
    /// The database solves a game this program has no solver for.
    #[error("the database solves {solves}, which this program cannot play")]
    UnknownGame {
        /// What the database solves.
        solves: String,
    },
    /// The database does not answer for a position: another game or
    /// variant, or a position outside the layers it holds.
    #[error("{0}")]
    NotCovered(String),
    /// A record that is no valid game, or whose counts disagree with its
    /// moves.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A record's fields that do not add up.
    #[error("{0}")]
    Counts(String),
    /// A records file that could not be read.
    #[error("{0}")]
    Read(String),
    /// A failure at a line of a records file.
    #[error("{file} line {line}: {error}")]
    Line {
        /// The records file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What went wrong there.
        error: Box<JudgeError>,
    },
    /// A records file without a single game the database covers.
    #[error("{file} has no game of {solves} to judge")]
    NothingToJudge {
        /// The records file.
        file: String,
        /// What the database solves.
        solves: String,
    },
    /// A report that could not be written.
    #[error("{0}")]
    Write(String),
}
