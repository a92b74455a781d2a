//! A game in progress, as a library: the start position and the moves,
//! undo and redo, who plays each seat, agents thinking in the background
//! with progress and a stop, hints, search reports and exact solver
//! values, records loaded and saved. Every operation returns data or a
//! [`SessionError`] (which leaves the session as it was); nothing here
//! prints. The `tabula` REPL is a text front end over [`Session`]; the
//! Python bindings and a web page can drive the same type.
//!
//! ```
//! use tabula_session::Session;
//!
//! let registry = tabula_games::registry();
//! let game = registry.create("diffusion(width=4)").unwrap();
//! let mut session = Session::new(registry, game);
//!
//! let played = session.play("D").unwrap();
//! assert_eq!((played.seat, played.mv.as_str()), (0, "D"));
//! // An error changes nothing.
//! assert!(session.play("Z").is_err());
//! assert_eq!(session.moves(), ["D"]);
//!
//! // An agent for North, thinking in the background.
//! session.set_seat(1, "mcts(iterations=200)").unwrap();
//! let thinking = session.think().unwrap();
//! thinking.stop(); // answer now with the best move so far
//! let thought = session.finish(thinking).unwrap();
//! session.play_thought(&thought).unwrap(); // the seat is the agent's
//! assert!(!session.agent_due(), "South (a person) is to move");
//!
//! assert_eq!(session.undo(2).unwrap(), 2);
//! let state = serde_json::to_string(&session.state()).unwrap();
//! assert!(state.starts_with(r#"{"game":"diffusion","params":{"width":4,"#));
//! ```

#![warn(missing_docs)]

mod error;
mod records;
mod session;
mod solver;
mod state;
mod think;

pub use error::SessionError;
pub use records::{read_record, record_name};
pub use session::{Loaded, Played, Reseated, Session};
pub use solver::{
    load_table, margin_solver_for, solver_for, MarginView, MoveValue, SolverAnalysis,
};
pub use state::{GameOver, GameParams, ParamValue, State};
/// The exact values and judged moves sessions hand out.
pub use tabula_judge::{Exact, ExactMove, ExactValue, Judged, JudgedGame, JudgedPly};
pub use think::{MoveStats, Proof, SearchAnalysis, Thinking, Thought, Update};

#[cfg(test)]
mod tests;
