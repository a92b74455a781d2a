//! Estimates with their 95% intervals: Wilson's for shares and mean
//! scores (core's [`wilson`], as the arena's tables use), the normal
//! interval for means, and the order-statistic interval for quantiles.

use serde::{Deserialize, Serialize};
use tabula::stats::{wilson, Estimate, Z95};

/// A value and its 95% interval, as `summary.json` writes it; an exact
/// value has `low == value == high`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// A value known exactly.
    pub fn exact(value: f64) -> Interval {
        Interval {
            value,
            low: value,
            high: value,
        }
    }

    /// The mean of `n` scores or shares that sum to `total` (each from 0 to
    /// 1), with its Wilson interval; `None` without any.
    pub fn share(total: f64, n: usize) -> Option<Interval> {
        (n > 0).then(|| {
            let value = total / n as f64;
            let (low, high) = wilson(value, n);
            Interval { value, low, high }
        })
    }

    /// The mean of `samples` with its normal 95% interval (`± 1.96·s/√n`);
    /// `None` for fewer than two, which say nothing of the spread.
    pub fn mean(samples: &[f64]) -> Option<Interval> {
        let n = samples.len();
        if n < 2 {
            return None;
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = Z95 * (variance / n as f64).sqrt();
        Some(Interval {
            value: mean,
            low: mean - half,
            high: mean + half,
        })
    }

    /// The `q`-quantile of `sorted` (ascending), the sample at rank
    /// `⌈q·n⌉`, with the distribution-free 95% interval between the ranks
    /// `n·q ∓ 1.96·√(n·q·(1−q))` (the binomial's normal approximation),
    /// clamped to the samples; `None` without samples.
    pub fn quantile(sorted: &[f64], q: f64) -> Option<Interval> {
        let n = sorted.len();
        if n == 0 {
            return None;
        }
        let at = |rank: f64| sorted[(rank.max(1.0) as usize).min(n) - 1];
        let nq = n as f64 * q;
        let spread = Z95 * (nq * (1.0 - q)).sqrt();
        Some(Interval {
            value: at(nq.ceil()),
            low: at((nq - spread).floor()),
            high: at((nq + spread).ceil() + 1.0),
        })
    }

    /// `self` shifted by `by` (a score less the fair share).
    pub fn shifted(self, by: f64) -> Interval {
        Interval {
            value: self.value + by,
            low: self.low + by,
            high: self.high + by,
        }
    }

    /// Whether the interval lies wholly above `level`.
    pub fn above(&self, level: f64) -> bool {
        self.low > level
    }
}

impl From<Interval> for Estimate {
    fn from(i: Interval) -> Estimate {
        Estimate {
            value: i.value,
            low: i.low,
            high: i.high,
        }
    }
}

/// The median, 10th and 90th percentiles and mean of a count per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub mean: Option<Interval>,
    pub median: Option<Interval>,
    pub p10: Option<Interval>,
    pub p90: Option<Interval>,
}

impl Spread {
    /// The spread of `samples`.
    pub fn of(samples: &[f64]) -> Spread {
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        Spread {
            mean: Interval::mean(&sorted),
            median: Interval::quantile(&sorted, 0.5),
            p10: Interval::quantile(&sorted, 0.1),
            p90: Interval::quantile(&sorted, 0.9),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_interval_narrows_with_the_samples() {
        assert_eq!(Interval::mean(&[3.0]), None);
        let few = Interval::mean(&[1.0, 3.0]).unwrap();
        assert_eq!(few.value, 2.0);
        let many: Vec<f64> = (0..200).map(|i| f64::from(i % 2) * 2.0 + 1.0).collect();
        let many = Interval::mean(&many).unwrap();
        assert!((many.value - 2.0).abs() < 1e-12);
        assert!(many.high - many.low < few.high - few.low);
        // s = 1.0025…, so the half-width is 1.96 · s / √200.
        let half = (many.high - many.low) / 2.0;
        assert!((half - Z95 * (200.0f64 / 199.0).sqrt() / 200f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn quantiles_take_ranks_and_their_intervals_hold_the_value() {
        let sorted: Vec<f64> = (1..=100).map(f64::from).collect();
        let median = Interval::quantile(&sorted, 0.5).unwrap();
        assert_eq!(median.value, 50.0);
        // Ranks 50 ∓ 9.8: from the 40th to the 61st sample.
        assert_eq!((median.low, median.high), (40.0, 61.0));
        let p10 = Interval::quantile(&sorted, 0.1).unwrap();
        assert_eq!(p10.value, 10.0);
        assert!(p10.low <= 10.0 && p10.high >= 10.0);
        let one = Interval::quantile(&[7.0], 0.9).unwrap();
        assert_eq!(one, Interval::exact(7.0));
        assert_eq!(Interval::quantile(&[], 0.5), None);
    }

    #[test]
    fn a_share_is_wilsons() {
        let share = Interval::share(30.0, 40).unwrap();
        assert_eq!((share.low, share.high), wilson(0.75, 40));
        assert!(share.above(0.5));
        assert!(!Interval::share(22.0, 40).unwrap().above(0.5));
        assert_eq!(Interval::share(0.0, 0), None);
    }
}
