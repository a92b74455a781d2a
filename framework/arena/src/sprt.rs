//! The sequential probability ratio test (SPRT) as engine testers run it:
//! the generalized SPRT of Michel Van den Bergh's notes, which fishtest and
//! fastchess use. Each hypothesis `Elo = elo0` and `Elo = elo1` (logistic
//! Elo) fixes an expected score `s`; the likelihood of the observed
//! outcomes under each is that of the maximum-likelihood distribution with
//! that mean, and the test stops when the log-likelihood ratio leaves
//! `(ln(β/(1−α)), ln((1−β)/α))`.
//!
//! The *pentanomial* model counts game pairs (the same opening from both
//! seats) by the pair's score 0, ½, 1, 1½ or 2; the *trinomial* model counts
//! single games as wins, draws and losses, treating them as independent,
//! which pairs are not. See docs/arena.md for the formulas and sources.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula::stats::{elo_of_score, Z95};

/// Which outcomes the likelihood is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// Game pairs by their score (0, ½, 1, 1½, 2): the default.
    Pentanomial,
    /// Single games as win, draw, loss: for comparison.
    Trinomial,
}

/// What `--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=trinomial]` asks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
}

impl Default for SprtSpec {
    fn default() -> Self {
        SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Pentanomial,
        }
    }
}

impl SprtSpec {
    /// `(lower, upper)`: accept H0 at or below the first, H1 at or above
    /// the second (Wald's bounds).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision the log-likelihood ratio `llr` gives, if any.
    pub fn decide(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The log-likelihood ratio of `tally` under this test's model.
    pub fn llr(&self, tally: &PairTally) -> f64 {
        let (s0, s1) = (logistic_score(self.elo0), logistic_score(self.elo1));
        match self.model {
            Model::Pentanomial => llr(&tally.ptnml, &PAIR_SCORES, s0, s1),
            Model::Trinomial => llr(&tally.wdl(), &GAME_SCORES, s0, s1),
        }
    }
}

impl FromStr for SprtSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut spec = SprtSpec::default();
        let (mut elo0, mut elo1) = (false, false);
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                format!(
                    "--sprt: `{}` is not KEY=VALUE (e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05)",
                    tabula::excerpt(part)
                )
            })?;
            let number = || {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| {
                        format!("--sprt: {key}=`{}` is not a number", tabula::excerpt(value))
                    })
            };
            match key.trim() {
                "elo0" => (spec.elo0, elo0) = (number()?, true),
                "elo1" => (spec.elo1, elo1) = (number()?, true),
                "alpha" => spec.alpha = number()?,
                "beta" => spec.beta = number()?,
                "model" => {
                    spec.model = match value.trim() {
                        "pentanomial" => Model::Pentanomial,
                        "trinomial" => Model::Trinomial,
                        other => {
                            return Err(format!(
                                "--sprt: model `{}` is neither pentanomial nor trinomial",
                                tabula::excerpt(other)
                            ))
                        }
                    }
                }
                other => {
                    return Err(format!(
                        "--sprt: unknown key `{}`; the keys are elo0, elo1, alpha, beta, model",
                        tabula::excerpt(other)
                    ))
                }
            }
        }
        if !(elo0 && elo1) {
            return Err("--sprt needs elo0 and elo1, e.g. elo0=0,elo1=10".to_string());
        }
        spec.check()?;
        Ok(spec)
    }
}

impl SprtSpec {
    /// Refuses hypotheses that cannot be told apart or tested.
    pub fn check(&self) -> Result<(), String> {
        if self.elo0.is_nan() || self.elo1.is_nan() || self.elo0 >= self.elo1 {
            return Err("--sprt: elo0 must be below elo1".to_string());
        }
        if self.elo0.abs() >= 2000.0 || self.elo1.abs() >= 2000.0 {
            return Err("--sprt: elo0 and elo1 must lie within ±2000".to_string());
        }
        for (name, p) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("--sprt: {name} must lie between 0 and 0.5"));
            }
        }
        Ok(())
    }
}

impl fmt::Display for SprtSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            Model::Pentanomial => "pentanomial",
            Model::Trinomial => "trinomial",
        };
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={},model={model}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The hypothesis a finished test accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hypothesis {
    H0,
    H1,
}

/// A game pair's score, as a share of the pair (0, ¼, ½, ¾, 1).
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// A game's score: loss, draw, win.
pub const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The expected score of a player `elo` logistic Elo stronger.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Counts below this are replaced by it (fishtest's regularization), so an
/// outcome not seen yet keeps a little probability and the maximum
/// likelihood with any mean in (0, 1) exists.
const UNSEEN: f64 = 1e-3;

/// The log-likelihood ratio of `counts` (of outcomes scoring `scores`)
/// between the maximum-likelihood distributions with mean `s1` and with
/// mean `s0`: the GSPRT statistic. The maximum-likelihood distribution
/// with mean `s` is `q_i = p_i / (1 + λ(a_i − s))` (`p` the observed
/// frequencies), `λ` the root of `Σ p_i (a_i − s)/(1 + λ(a_i − s)) = 0`.
pub fn llr(counts: &[u64], scores: &[f64], s0: f64, s1: f64) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return 0.0;
    }
    let weights: Vec<f64> = counts.iter().map(|&c| (c as f64).max(UNSEEN)).collect();
    let sum: f64 = weights.iter().sum();
    let p: Vec<f64> = weights.iter().map(|w| w / sum).collect();
    let (l0, l1) = (lambda(&p, scores, s0), lambda(&p, scores, s1));
    let per_outcome: f64 = p
        .iter()
        .zip(scores)
        .map(|(&pi, &a)| pi * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln()))
        .sum();
    sum * per_outcome
}

/// The `λ` of [`llr`] for mean `s`, by bisection: the function is
/// decreasing on the interval where every `1 + λ(a_i − s)` is positive.
fn lambda(p: &[f64], scores: &[f64], s: f64) -> f64 {
    let high_gap = scores.iter().map(|a| a - s).fold(f64::MIN, f64::max);
    let low_gap = scores.iter().map(|a| a - s).fold(f64::MAX, f64::min);
    let (mut low, mut high) = (-1.0 / high_gap, -1.0 / low_gap);
    let slope = |l: f64| -> f64 {
        p.iter()
            .zip(scores)
            .map(|(&pi, &a)| pi * (a - s) / (1.0 + l * (a - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if slope(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// Results of one agent against another: game pairs by their score (from
/// the first agent's side), and single games as wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairTally {
    /// Pairs scoring 0, ½, 1, 1½, 2 (fastchess's `Ptnml(0-2)`).
    pub ptnml: [u64; 5],
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl PairTally {
    /// `[losses, draws, wins]`, in the order of [`GAME_SCORES`].
    pub fn wdl(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Counts a pair of games scoring `first` and `second` (each 0, ½ or
    /// 1): the games and the pair.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        self.add_game(first);
        self.add_game(second);
        self.count_pair(first, second);
    }

    /// Counts the pair only, its games having been counted one by one.
    pub fn count_pair(&mut self, first: f64, second: f64) {
        self.ptnml[((first + second) * 2.0).round().clamp(0.0, 4.0) as usize] += 1;
    }

    /// Counts a single game (a pair's games are counted by [`add_pair`]).
    ///
    /// [`add_pair`]: PairTally::add_pair
    pub fn add_game(&mut self, score: f64) {
        match (score * 2.0).round() as u8 {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    pub fn pairs(&self) -> u64 {
        self.ptnml.iter().sum()
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// What a fastchess user reads: the Elo with its 95% error, the
/// likelihood of superiority, the draw ratio.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub elo_error: f64,
    /// The probability that the first agent is the stronger: Φ((μ − ½)/se).
    pub los: f64,
    pub draw_ratio: f64,
}

impl Estimate {
    /// The same estimate from the other agent's side.
    pub fn turned(self) -> Estimate {
        Estimate {
            elo: -self.elo,
            los: 1.0 - self.los,
            ..self
        }
    }
}

/// The number of outcomes counted, their mean score and its (population)
/// variance, for `counts[i]` outcomes scoring `scores[i]`; `counts` not all 0.
fn moments(counts: &[u64], scores: &[f64]) -> (f64, f64, f64) {
    let n = counts.iter().sum::<u64>() as f64;
    let mean = counts
        .iter()
        .zip(scores)
        .map(|(&c, a)| c as f64 * a)
        .sum::<f64>()
        / n;
    let variance = counts
        .iter()
        .zip(scores)
        .map(|(&c, a)| c as f64 * (a - mean).powi(2))
        .sum::<f64>()
        / n;
    (n, mean, variance)
}

/// The estimate from pairs (pentanomial) or single games (trinomial):
/// mean score `μ`, its standard error from the outcomes' variance, and the
/// logistic Elo of `μ` and of `μ ± 1.96·se`. `None` before any result.
pub fn estimate(tally: &PairTally, model: Model) -> Option<Estimate> {
    let (counts, scores): (Vec<u64>, &[f64]) = match model {
        Model::Pentanomial => (tally.ptnml.to_vec(), &PAIR_SCORES),
        Model::Trinomial => (tally.wdl().to_vec(), &GAME_SCORES),
    };
    if counts.iter().all(|&c| c == 0) {
        return None;
    }
    let (n, mean, variance) = moments(&counts, scores);
    let se = (variance / n).sqrt();
    // Clamped so that a sweep gives a large finite number, not infinity.
    let elo = |s: f64| elo_of_score(s.clamp(1e-6, 1.0 - 1e-6));
    let (low, high) = (elo(mean - Z95 * se), elo(mean + Z95 * se));
    let los = if se > 0.0 {
        normal_cdf((mean - 0.5) / se)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(Estimate {
        elo: elo(mean),
        elo_error: (high - low) / 2.0,
        los,
        draw_ratio: tally.draws as f64 / tally.games().max(1) as f64,
    })
}

/// The standard normal distribution function, from `erfc` (W. J. Cody's
/// rational approximation as in Numerical Recipes' `erfc`, error below
/// 1.2e-7).
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The coefficients of Cody's polynomial in `t` after its constant term
/// (`-1.265_512_23`), lowest first. A table rather than a nested Horner
/// expression, which rustfmt took 20 seconds to lay out.
const ERFC_TAIL: [f64; 9] = [
    1.000_023_68,
    0.374_091_96,
    0.096_784_18,
    -0.186_288_06,
    0.278_868_07,
    -1.135_203_98,
    1.488_515_87,
    -0.822_152_23,
    0.170_872_77,
];

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    // Horner's rule, innermost first: the same operations in the same order
    // as the textbook's nested form.
    let tail = ERFC_TAIL.iter().rev().fold(0.0, |inner, c| c + t * inner);
    let r = t * (-z * z - 1.265_512_23 + t * tail).exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The test's state after some pairs, as `summary.json` holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    pub spec: SprtSpec,
    /// The agents under test: the first's results are counted.
    pub agents: [String; 2],
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `None` while the test goes on.
    pub accepted: Option<Hypothesis>,
    /// Counted pairs (the first rounds of the schedule, in order: games
    /// played past the decision are recorded but not counted).
    pub tally: PairTally,
    /// The pentanomial and the trinomial estimates.
    pub pentanomial: Option<Estimate>,
    pub trinomial: Option<Estimate>,
    /// The trinomial model's LLR, for comparison, whichever decides.
    pub llr_trinomial: f64,
    pub llr_pentanomial: f64,
}

impl SprtReport {
    pub fn new(spec: SprtSpec, agents: [String; 2], tally: PairTally) -> Self {
        let (lower, upper) = spec.bounds();
        let llr_pentanomial = SprtSpec {
            model: Model::Pentanomial,
            ..spec
        }
        .llr(&tally);
        let llr_trinomial = SprtSpec {
            model: Model::Trinomial,
            ..spec
        }
        .llr(&tally);
        let llr = match spec.model {
            Model::Pentanomial => llr_pentanomial,
            Model::Trinomial => llr_trinomial,
        };
        SprtReport {
            spec,
            agents,
            llr,
            lower,
            upper,
            accepted: spec.decide(llr),
            tally,
            pentanomial: estimate(&tally, Model::Pentanomial),
            trinomial: estimate(&tally, Model::Trinomial),
            llr_trinomial,
            llr_pentanomial,
        }
    }

    /// The estimate of the test's own model: the one every table of the
    /// report shows.
    pub fn estimate(&self) -> Option<Estimate> {
        match self.spec.model {
            Model::Pentanomial => self.pentanomial,
            Model::Trinomial => self.trinomial,
        }
    }

    /// The lines fastchess prints: Elo ± error (of the test's model: the
    /// Elo every table of the report gives), LOS, draw ratio, the pair
    /// counts, the LLR and its bounds, and the decision.
    pub fn text(&self) -> String {
        let [a, b] = &self.agents;
        let t = &self.tally;
        let model = match self.spec.model {
            Model::Pentanomial => "pentanomial",
            Model::Trinomial => "trinomial",
        };
        let mut text = format!(
            "SPRT {a} vs {b}: {} pairs, {} games; W {} D {} L {}\n",
            t.pairs(),
            t.games(),
            t.wins,
            t.draws,
            t.losses
        );
        if let Some(e) = self.estimate() {
            text += &format!(
                "   Elo {:.2} ± {:.2} (95%, {model}), LOS {:.2}%, draw ratio {:.2}%\n",
                e.elo,
                e.elo_error,
                100.0 * e.los,
                100.0 * e.draw_ratio
            );
        }
        let p = t.ptnml;
        text += &format!(
            "   Ptnml(0-2): [{}, {}, {}, {}, {}]\n",
            p[0], p[1], p[2], p[3], p[4]
        );
        // One statistic, the model's: the other model's LLR is in
        // summary.json for comparison, not beside the decision.
        text += &format!(
            "   LLR {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}] {model}\n",
            self.llr, self.lower, self.upper, self.spec.elo0, self.spec.elo1,
        );
        text += &match self.accepted {
            Some(Hypothesis::H1) => format!(
                "   H1 accepted: {a} is stronger (elo1 = {} is likelier than elo0 = {})\n",
                self.spec.elo1, self.spec.elo0
            ),
            Some(Hypothesis::H0) => format!(
                "   H0 accepted: {a} is not stronger (elo0 = {} is likelier than elo1 = {})\n",
                self.spec.elo0, self.spec.elo1
            ),
            None => "   no decision yet\n".to_string(),
        };
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trinomial LLR computed another way: the maximum likelihood with
    /// mean `s` over the one free parameter left (the draw probability
    /// `d`, with `w = s − d/2`, `l = 1 − w − d`), by golden-section search.
    fn trinomial_by_search(w: f64, d: f64, l: f64, s0: f64, s1: f64) -> f64 {
        let log_likelihood = |s: f64| {
            let at = |q: f64| {
                let (qw, ql) = (s - q / 2.0, 1.0 - s - q / 2.0);
                w * qw.ln() + d * q.ln() + l * ql.ln()
            };
            // d ranges over (0, 2·min(s, 1 − s)).
            let (mut a, mut b) = (1e-12, 2.0 * s.min(1.0 - s) - 1e-12);
            let g = (5f64.sqrt() - 1.0) / 2.0;
            for _ in 0..200 {
                let (c, e) = (b - g * (b - a), a + g * (b - a));
                if at(c) < at(e) {
                    a = c;
                } else {
                    b = e;
                }
            }
            at((a + b) / 2.0)
        };
        log_likelihood(s1) - log_likelihood(s0)
    }

    #[test]
    fn the_trinomial_llr_equals_an_independent_maximization() {
        let (s0, s1) = (logistic_score(0.0), logistic_score(10.0));
        for (w, d, l) in [
            (1200u64, 1500u64, 1100u64),
            (300, 10, 250),
            (50, 900, 40),
            (4000, 3000, 4100),
        ] {
            let ours = llr(&[l, d, w], &GAME_SCORES, s0, s1);
            let theirs = trinomial_by_search(w as f64, d as f64, l as f64, s0, s1);
            assert!(
                (ours - theirs).abs() < 1e-6 * theirs.abs().max(1.0),
                "{w}-{d}-{l}: {ours} against {theirs}"
            );
        }
    }

    /// Van den Bergh's normal approximation of the GSPRT statistic:
    /// `N (s1 − s0)(2μ − s0 − s1) / (2σ²)`, close to the exact one when
    /// `s0`, `s1` and `μ` are close.
    fn approximation(counts: &[u64], scores: &[f64], s0: f64, s1: f64) -> f64 {
        let (n, mean, var) = moments(counts, scores);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    #[test]
    fn the_pentanomial_llr_agrees_with_the_normal_approximation() {
        let (s0, s1) = (logistic_score(0.0), logistic_score(5.0));
        for counts in [
            [100u64, 900, 2000, 950, 110],
            [400, 1000, 1200, 1100, 500],
            [10, 300, 3000, 250, 12],
        ] {
            let exact = llr(&counts, &PAIR_SCORES, s0, s1);
            let approx = approximation(&counts, &PAIR_SCORES, s0, s1);
            assert!(
                (exact - approx).abs() < 0.04 * approx.abs().max(0.5),
                "{counts:?}: {exact} against {approx}"
            );
        }
    }

    #[test]
    fn pairs_seen_only_as_two_wins_two_draws_or_two_losses_are_trinomial() {
        // A pentanomial with mass on 0, 1 and 2 only is a trinomial on the
        // pair's mean: the same maximization, so the same LLR (up to the
        // regularization of the two unseen outcomes).
        let (s0, s1) = (logistic_score(0.0), logistic_score(20.0));
        let penta = llr(&[300, 0, 500, 0, 360], &PAIR_SCORES, s0, s1);
        let search = trinomial_by_search(360.0, 500.0, 300.0, s0, s1);
        assert!((penta - search).abs() < 0.01, "{penta} against {search}");
    }

    #[test]
    fn bounds_and_decisions_are_walds() {
        let spec = SprtSpec::default();
        let (lower, upper) = spec.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05), ±2.944.
        assert!((lower + 2.944_438_979).abs() < 1e-9);
        assert!((upper - 2.944_438_979).abs() < 1e-9);
        assert_eq!(spec.decide(3.0), Some(Hypothesis::H1));
        assert_eq!(spec.decide(-3.0), Some(Hypothesis::H0));
        assert_eq!(spec.decide(0.0), None);
        assert_eq!(spec.llr(&PairTally::default()), 0.0);
    }

    #[test]
    fn specs_read_and_refuse_clearly() {
        let spec: SprtSpec = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
        assert_eq!(spec, SprtSpec::default());
        let t: SprtSpec = "elo1=5, elo0=-5, model=trinomial".parse().unwrap();
        assert_eq!((t.elo0, t.elo1, t.model), (-5.0, 5.0, Model::Trinomial));
        assert_eq!(t.to_string().parse::<SprtSpec>().unwrap(), t);
        for (bad, says) in [
            ("elo0=0", "needs elo0 and elo1"),
            ("elo0=10,elo1=0", "below elo1"),
            ("elo0=0,elo1=10,alpha=0.7", "alpha must lie"),
            ("elo0=0,elo1=x", "`x` is not a number"),
            ("elo0=0,elo1=10,gamma=1", "unknown key `gamma`"),
            ("elo0=0,elo1=10,model=binomial", "model `binomial`"),
            ("elo0", "not KEY=VALUE"),
            ("elo0=0,elo1=nan", "not a number"),
        ] {
            let error = bad.parse::<SprtSpec>().unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn estimates_match_hand_computations() {
        let mut t = PairTally::default();
        // 3 wins 1 loss as two pairs: (1, 1) and (1, 0).
        t.add_pair(1.0, 1.0);
        t.add_pair(1.0, 0.0);
        assert_eq!(t.ptnml, [0, 0, 1, 0, 1]);
        assert_eq!((t.wins, t.draws, t.losses), (3, 0, 1));
        let e = estimate(&t, Model::Trinomial).unwrap();
        // μ = 0.75: 400·log10(3) = 190.85 Elo.
        assert!((e.elo - 190.848_501_9).abs() < 1e-6, "{e:?}");
        // se = √(0.1875/4) = 0.2165: LOS Φ(1.1547) = 0.8759.
        assert!((e.los - 0.875_893).abs() < 1e-5, "{e:?}");
        assert!((normal_cdf(1.959_963_985) - 0.975).abs() < 1e-7);
        assert!((normal_cdf(-1.0) - 0.158_655_254).abs() < 1e-7);
    }

    /// A uniform number in [0, 1) from a seed and a counter.
    fn uniform(seed: u64, i: u64) -> f64 {
        let x = crate::schedule::mix(crate::schedule::mix(seed) ^ i);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Plays simulated pairs until `spec` decides: each game is won with
    /// chance `win ± edge` (the first seat has the edge, and a pair plays
    /// one game from each seat) and drawn with chance `draw`. Returns the
    /// decision and the pairs played.
    fn simulate(spec: &SprtSpec, win: f64, draw: f64, edge: f64, seed: u64) -> (Hypothesis, u64) {
        let mut tally = PairTally::default();
        let mut draws = 0;
        let mut game = |win: f64| {
            draws += 1;
            let u = uniform(seed, draws);
            if u < win {
                1.0
            } else if u < win + draw {
                0.5
            } else {
                0.0
            }
        };
        loop {
            let first = game(win + edge);
            let second = game(win - edge);
            tally.add_pair(first, second);
            if let Some(h) = spec.decide(spec.llr(&tally)) {
                return (h, tally.pairs());
            }
        }
    }

    #[test]
    fn a_much_stronger_agent_is_accepted_quickly() {
        let spec = SprtSpec::default();
        // Scores 0.8 a game: about 240 Elo.
        let (h, pairs) = simulate(&spec, 0.7, 0.2, 0.1, 1);
        assert_eq!(h, Hypothesis::H1);
        // The exact GSPRT grows more slowly than the normal approximation
        // when the truth is far from both hypotheses: 104 pairs here.
        eprintln!("H1 after {pairs} pairs");
        assert!(pairs < 150, "{pairs} pairs");
    }

    #[test]
    fn equal_agents_are_accepted_as_h0_at_about_the_nominal_rate() {
        // elo1 = 40 keeps each test to a few hundred pairs; the true Elo
        // is elo0, so H1 is accepted at most about alpha of the time.
        let spec = SprtSpec {
            elo1: 40.0,
            ..SprtSpec::default()
        };
        let runs = 400;
        let h0 = (0..runs)
            .filter(|&seed| simulate(&spec, 0.35, 0.3, 0.1, seed).0 == Hypothesis::H0)
            .count();
        let rate = h0 as f64 / runs as f64;
        eprintln!("H0 accepted in {h0} of {runs} runs");
        assert!((0.92..=0.995).contains(&rate), "H0 accepted {rate}");
    }
}
