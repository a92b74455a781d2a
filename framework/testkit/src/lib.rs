//! Tabula's test kit: the conformance suite every game passes
//! ([`conformance`]) and small games with known answers
//! ([`test_games`]) for the framework's own tests.
//!
//! Only tests and benchmarks depend on this crate (as a dev-dependency),
//! so no release binary or Python wheel carries the suite.

#![warn(missing_docs)]

pub mod conformance;
pub mod test_games;
