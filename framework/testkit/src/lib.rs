//! Tabula's test kit: the conformance suite every game passes
//! ([`conformance`], with what every board drawing must say, [`boards`]),
//! small games with known answers ([`test_games`]) for
//! the framework's own tests, and a check that a chart's text fits its
//! picture ([`svg_text`]).
//!
//! Only tests and benchmarks depend on this crate (as a dev-dependency),
//! so no release binary or Python wheel carries the suite.

#![warn(missing_docs)]

pub mod boards;
pub mod conformance;
pub mod svg_text;
pub mod test_games;
