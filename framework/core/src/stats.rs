//! The statistics every report shares, so that a tournament's table, the
//! training log and analyses state their uncertainty the same way: one
//! interval for a mean score or a share (Wilson's) and one scale from
//! scores to Elo (the arena's rating fit uses the same scale).

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per unit of log-odds (`400 / ln 10`): a score of `s` against
/// an opponent is `ELO_PER_UNIT · ln(s / (1 − s))` points above it.
pub const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The 95% Wilson score interval of a mean score `mean` over `n` games. It
/// stays wide at 12–0 (where the normal interval collapses to a point);
/// with draws or shared wins it is conservative, since their variance is
/// below `p(1−p)`.
pub fn wilson(mean: f64, n: usize) -> (f64, f64) {
    let n = n as f64;
    let z2 = Z95 * Z95;
    let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or 1 the interval ends there exactly (not a rounding error off).
    let low = if mean <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if mean >= 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// A value with its 95% interval: a share of moves, a score, a rating.
/// Intervals need not be symmetric (Wilson's are not, near 0 and 1), so
/// both ends are kept rather than a `±` half-width. Serialized as
/// `{"value": …, "low": …, "high": …}`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The point estimate.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Estimate {
    /// `part` of `total` as a share with its [`wilson`] interval; `None`
    /// when `total` is 0 (no share to speak of).
    pub fn share(part: u64, total: u64) -> Option<Estimate> {
        (total > 0).then(|| {
            let value = part as f64 / total as f64;
            let (low, high) = wilson(value, total as usize);
            Estimate { value, low, high }
        })
    }
}

/// The Elo difference a mean score implies under the logistic model
/// (infinite at 0 and 1: a sweep has no finite rating).
pub fn elo_of_score(score: f64) -> f64 {
    ELO_PER_UNIT * (score / (1.0 - score)).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_400_log10_of_the_odds() {
        assert!(elo_of_score(0.5).abs() < 1e-12);
        // 10-to-1 odds are 400 points.
        assert!((elo_of_score(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((elo_of_score(1.0 / 11.0) + 400.0).abs() < 1e-9);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
    }

    #[test]
    fn wilson_ends_at_the_bounds_and_stays_wide_on_a_sweep() {
        let (low, high) = wilson(1.0, 12);
        assert_eq!(high, 1.0);
        assert!(low > 0.7 && low < 0.8, "{low}");
        assert_eq!(wilson(0.0, 12).0, 0.0);
        let (low, high) = wilson(0.5, 100);
        assert!((0.5 - low - (high - 0.5)).abs() < 1e-12);
    }

    #[test]
    fn a_share_carries_its_wilson_interval() {
        assert_eq!(Estimate::share(3, 0), None);
        let share = Estimate::share(14, 46).unwrap();
        assert!((share.value - 14.0 / 46.0).abs() < 1e-12);
        assert_eq!((share.low, share.high), wilson(14.0 / 46.0, 46));
        // Asymmetric: the interval leans towards one half.
        assert!((share.value - share.low) < (share.high - share.value));
        let all = Estimate::share(5, 5).unwrap();
        assert_eq!((all.value, all.high), (1.0, 1.0));
        assert!(all.low < 1.0);
    }
}
