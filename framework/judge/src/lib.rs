//! Judging play against a solved game's database, as a library: a
//! [`Database`] (a win/loss table with distances, or Kalah's score-margin
//! table) gives a position's [`Exact`] values; each move of a recorded
//! game is [`Judged`] by what it kept or gave away of the position's value
//! (and the final margin it gave up, for a margin table); a tournament's
//! `games.jsonl` becomes a [`Report`] of every agent's moves, overall and
//! per phase, with Wilson intervals. Only the moves agents chose count: a
//! tournament's opening plies (random, or from a suite) are judged for
//! the record but left out of every agent's figures.
//!
//! `tabula analyse`, Python's `tabula.analyse` and a session's judged
//! replays ([`judge_game`]) are front ends over this crate; see
//! `docs/solving.md`.
//!
//! ```
//! use tabula::GameRecord;
//! use tabula_judge::{Database, ExactValue};
//!
//! let registry = tabula_games::registry();
//! // Kalah with two pits of two seeds a side, solved by score margin.
//! let game = registry.create("kalah(pits=2,seeds=2)").unwrap();
//! let solver = registry.margin_solver("kalah").unwrap();
//! let file = std::env::temp_dir().join(format!("judge-doc-{}.db", std::process::id()));
//! solver.solve(game.as_ref(), None).unwrap().save(&file).unwrap();
//!
//! let database = Database::open(&registry, &file).unwrap();
//! let exact = database.exact(game.as_ref()).unwrap();
//! assert_eq!(exact.value, ExactValue::Margin(-2));
//! assert_eq!(exact.best().unwrap().mv, "B");
//!
//! // A game in which South's first move gives up two seeds of margin.
//! let record = GameRecord::new(game.as_ref(), true, vec!["A".into()]);
//! let judged = database.judge_game(&record).unwrap();
//! assert_eq!(judged.moves[0].judged.margin_lost, Some(2));
//! assert!(!judged.moves[0].judged.perfect);
//! # std::fs::remove_file(&file).unwrap();
//! ```

#![warn(missing_docs)]

mod database;
mod error;
mod exact;
mod game;
mod output;
mod report;

pub use database::Database;
pub use error::JudgeError;
pub use exact::{Exact, ExactMove, ExactValue, Judged, Lost};
pub use game::{judge_game, opening_plies, JudgedGame, JudgedPly, Phase, PHASES};
pub use output::percent;
pub use report::{analyse, AgentReport, Counts, Report, Tallies, Tally};

#[cfg(test)]
mod tests;
