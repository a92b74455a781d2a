//! Tabula's test kit: the conformance suite every game passes
//! ([`conformance`], with what every board drawing must say, [`boards`]),
//! [`perft`] (the move generator's position counts, to compare with numbers
//! derived by hand or from another engine), small games with known answers
//! ([`test_games`]) for the framework's own tests, and a check that a
//! chart's text fits its picture ([`svg_text`]).
//!
//! Only tests and benchmarks depend on this crate (as a dev-dependency),
//! so no release binary or Python wheel carries the suite.

#![warn(missing_docs)]

pub mod boards;
pub mod conformance;
pub mod svg_text;
pub mod test_games;

/// The positions reached after exactly `depth` plies, finished games not
/// expanded: what `tabula perft` prints, reachable from a game crate's own
/// tests (a game crate depends on the rules core only, not on the searches
/// or the command).
///
/// ```
/// use tabula_testkit::{perft, test_games::Nim};
///
/// // Ten stones, take one to three: 3 moves, then 3 from each.
/// let start = Nim::at(10, 0, 2);
/// assert_eq!([0, 1, 2].map(|depth| perft(&start, depth)), [1, 3, 9]);
/// ```
pub use tabula_core::perft;

#[cfg(test)]
mod tests {
    use super::perft;
    use crate::test_games::Nim;

    /// A finished game counts at its own depth and is not expanded.
    #[test]
    fn perft_stops_at_finished_games() {
        // 3 left: take 1 (2 left: 2 replies, one of which leaves 1 to take),
        // 2 (1 left: 1 reply, which wins) or 3 (won at once).
        let start = Nim::at(3, 0, 2);
        assert_eq!([1, 2, 3].map(|depth| perft(&start, depth)), [3, 3, 1]);
    }
}
