//! Elo ratings from a Bradley–Terry maximum-likelihood fit.
//!
//! Agent `i` beats `j` with probability `σ(θᵢ − θⱼ)`; the fit maximises
//! `Σ wᵢⱼ log σ(θᵢ − θⱼ)` over the pairwise results (a draw is half a win
//! each way) by Newton's method, with the anchor agent held at 0. The
//! standard errors are the square roots of the diagonal of the inverse of
//! the negated Hessian at the optimum. One virtual draw per pair that met
//! (BayesElo's prior) keeps ratings finite when an agent wins every game.
//! Elo = θ · 400 / ln 10.
//!
//! A rating relative to the anchor exists only when the results bound it
//! both ways: some chain of agents each of which scored against the next
//! must lead from the agent to the anchor and another back. An agent that
//! (with its side) won every comparison against the anchor's side has no
//! finite maximum-likelihood rating, whatever the prior makes of it: it is
//! reported as [`Standing::Above`], not rated; likewise [`Standing::Below`].
//! The fit therefore runs over the anchor's strongly connected group only.

use serde::{Deserialize, Serialize};

use tabula::stats::ELO_PER_UNIT;

/// Weighted pairwise results among `n` agents.
#[derive(Debug, Clone)]
pub struct Pairwise {
    n: usize,
    /// `units[i * n + j]`: the weight of results in which `i` beat `j`, in
    /// twelfths. Every weight times score is a whole number of twelfths
    /// (weights 1, ½, ⅓; scores 0, ½, 1), so sums are exact and do not
    /// depend on the order games finish in.
    units: Vec<u64>,
}

/// Twelfths: every share of a result (1/k of k ≤ 4 winners) and every
/// comparison's weight times score is a whole number of them, so counts
/// kept in them are exact (the summary's tallies use them too).
pub const UNITS: f64 = 12.0;

/// One agent's fitted rating, relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Standard error in Elo points (0 for the anchor).
    pub se: f64,
}

/// Where an agent stands relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// The anchor itself (rating 0).
    Anchor,
    /// Rated: the results bound its rating both ways.
    Rated,
    /// Its side won every comparison with the anchor's side: unbounded above.
    Above,
    /// Its side lost every comparison with the anchor's side: unbounded below.
    Below,
    /// No results relate it to the anchor either way.
    Unrated,
}

impl Pairwise {
    pub fn new(n: usize) -> Self {
        Pairwise {
            n,
            units: vec![0; n * n],
        }
    }

    /// Records that `i` scored `score` (1 win, ½ draw, 0 loss) against `j`,
    /// counted with `weight`.
    pub fn add(&mut self, i: usize, j: usize, score: f64, weight: f64) {
        if i == j {
            return;
        }
        let units = |share: f64| (share * weight * UNITS).round() as u64;
        self.units[i * self.n + j] += units(score);
        self.units[j * self.n + i] += units(1.0 - score);
    }

    /// The weight of results in which `i` beat `j`.
    fn wins(&self, i: usize, j: usize) -> f64 {
        self.units[i * self.n + j] as f64 / UNITS
    }

    fn games(&self, i: usize, j: usize) -> f64 {
        self.wins(i, j) + self.wins(j, i)
    }

    /// The agents reachable from `from` when `i → j` whenever `i` scored
    /// against `j` (or, `reversed`, whenever `j` scored against `i`).
    fn reach(&self, from: usize, reversed: bool) -> Vec<bool> {
        let n = self.n;
        let mut reached = vec![false; n];
        let mut stack = vec![from];
        reached[from] = true;
        while let Some(i) = stack.pop() {
            for (j, seen) in reached.iter_mut().enumerate() {
                let scored = if reversed {
                    self.wins(j, i)
                } else {
                    self.wins(i, j)
                };
                if !*seen && scored > 0.0 {
                    *seen = true;
                    stack.push(j);
                }
            }
        }
        reached
    }

    /// Each agent's [`Standing`] relative to `anchor`.
    pub fn standings(&self, anchor: usize) -> Vec<Standing> {
        // Anchor → … → i: the anchor's side scored against i's, so i's
        // rating is bounded above; i → … → anchor bounds it below.
        let bounded_above = self.reach(anchor, false);
        let bounded_below = self.reach(anchor, true);
        (0..self.n)
            .map(
                |i| match (i == anchor, bounded_above[i], bounded_below[i]) {
                    (true, _, _) => Standing::Anchor,
                    (false, true, true) => Standing::Rated,
                    (false, false, true) => Standing::Above,
                    (false, true, false) => Standing::Below,
                    (false, false, false) => Standing::Unrated,
                },
            )
            .collect()
    }

    /// The maximum-likelihood ratings with `anchor` at 0, over the agents
    /// whose [`Standing`] is rated; `None` for the others.
    pub fn fit(&self, anchor: usize) -> Vec<Option<Rating>> {
        let n = self.n;
        let standings = self.standings(anchor);
        let in_fit = |i: usize| matches!(standings[i], Standing::Anchor | Standing::Rated);
        // Only results within the rated group count, with the prior: one
        // virtual draw for each pair that met.
        let mut wins = vec![0.0; n * n];
        for i in (0..n).filter(|&i| in_fit(i)) {
            for j in (0..n).filter(|&j| in_fit(j) && j != i) {
                if self.games(i, j) > 0.0 {
                    wins[i * n + j] = self.wins(i, j) + 0.5;
                }
            }
        }
        let free: Vec<usize> = (0..n).filter(|&i| in_fit(i) && i != anchor).collect();
        let mut theta = vec![0.0; n];
        let log_likelihood = |theta: &[f64]| -> f64 {
            let mut ll = 0.0;
            for i in 0..n {
                for j in 0..n {
                    let w = wins[i * n + j];
                    if w > 0.0 {
                        ll -= w * (1.0 + (theta[j] - theta[i]).exp()).ln();
                    }
                }
            }
            ll
        };
        let mut information = vec![vec![0.0; free.len()]; free.len()];
        for _ in 0..200 {
            let (gradient, info) = derivatives(&wins, n, &theta, &free);
            information = info;
            let Some(step) = solve(&information, &gradient) else {
                break;
            };
            // Newton step, halved until the likelihood does not fall.
            let before = log_likelihood(&theta);
            let mut scale = 1.0;
            let mut next = theta.clone();
            for _ in 0..40 {
                for (k, &i) in free.iter().enumerate() {
                    next[i] = theta[i] + scale * step[k];
                }
                if log_likelihood(&next) >= before - 1e-12 {
                    break;
                }
                scale /= 2.0;
            }
            let moved = free
                .iter()
                .map(|&i| (next[i] - theta[i]).abs())
                .fold(0.0, f64::max);
            theta = next;
            if moved < 1e-10 {
                let (_, info) = derivatives(&wins, n, &theta, &free);
                information = info;
                break;
            }
        }
        let covariance = invert(&information);
        (0..n)
            .map(|i| {
                if i == anchor {
                    return Some(Rating { elo: 0.0, se: 0.0 });
                }
                let k = free.iter().position(|&f| f == i)?;
                let variance = covariance.as_ref().map_or(f64::NAN, |c| c[k][k]);
                Some(Rating {
                    elo: theta[i] * ELO_PER_UNIT,
                    se: variance.max(0.0).sqrt() * ELO_PER_UNIT,
                })
            })
            .collect()
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The gradient of the log-likelihood and the negated Hessian, over `free`.
fn derivatives(wins: &[f64], n: usize, theta: &[f64], free: &[usize]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut gradient = vec![0.0; free.len()];
    let mut info = vec![vec![0.0; free.len()]; free.len()];
    let slot = |i: usize| free.iter().position(|&f| f == i);
    for i in 0..n {
        for j in i + 1..n {
            let games = wins[i * n + j] + wins[j * n + i];
            if games == 0.0 {
                continue;
            }
            let p = sigmoid(theta[i] - theta[j]);
            let g = wins[i * n + j] - games * p;
            let h = games * p * (1.0 - p);
            let (si, sj) = (slot(i), slot(j));
            if let Some(a) = si {
                gradient[a] += g;
                info[a][a] += h;
            }
            if let Some(b) = sj {
                gradient[b] -= g;
                info[b][b] += h;
            }
            if let (Some(a), Some(b)) = (si, sj) {
                info[a][b] -= h;
                info[b][a] -= h;
            }
        }
    }
    (gradient, info)
}

/// Solves `m x = b` by Gaussian elimination with partial pivoting.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut row = row.clone();
            row.push(v);
            row
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        let (done, rest) = a.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for row in rest {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (a[row][n] - s) / a[row][row];
    }
    Some(x)
}

fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut columns = Vec::with_capacity(n);
    for c in 0..n {
        let e: Vec<f64> = (0..n).map(|r| if r == c { 1.0 } else { 0.0 }).collect();
        columns.push(solve(m, &e)?);
    }
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic uniform number in [0, 1) for index `k`.
    fn uniform(k: u64) -> f64 {
        (super::super::schedule::mix(k) >> 11) as f64 / (1u64 << 53) as f64
    }

    #[test]
    fn recovers_known_strengths() {
        let truth = [0.0, 150.0, 400.0, -200.0];
        let mut results = Pairwise::new(truth.len());
        let mut k = 0;
        for i in 0..truth.len() {
            for j in 0..truth.len() {
                if i == j {
                    continue;
                }
                let p = sigmoid((truth[i] - truth[j]) / ELO_PER_UNIT);
                for _ in 0..3000 {
                    k += 1;
                    let won = uniform(k) < p;
                    results.add(i, j, if won { 1.0 } else { 0.0 }, 1.0);
                }
            }
        }
        let ratings = results.fit(0);
        for (i, &t) in truth.iter().enumerate() {
            let r = ratings[i].unwrap();
            assert!(
                (r.elo - t).abs() < 3.0 * r.se.max(1.0),
                "agent {i}: fitted {r:?}, truth {t}"
            );
            assert!(i == 0 || (r.se > 1.0 && r.se < 20.0), "{r:?}");
        }
    }

    #[test]
    fn an_even_match_with_draws_rates_equal() {
        let mut results = Pairwise::new(2);
        results.add(0, 1, 1.0, 1.0);
        results.add(0, 1, 0.0, 1.0);
        results.add(0, 1, 0.5, 1.0);
        let r = results.fit(1);
        assert!(r[0].unwrap().elo.abs() < 1e-9);
        assert_eq!(r[1], Some(Rating { elo: 0.0, se: 0.0 }));
    }

    #[test]
    fn a_clean_sweep_is_not_rated_and_the_unmet_are_unrated() {
        let mut results = Pairwise::new(3);
        for _ in 0..40 {
            results.add(1, 0, 1.0, 1.0);
        }
        assert_eq!(
            results.fit(0),
            vec![Some(Rating { elo: 0.0, se: 0.0 }), None, None]
        );
        assert_eq!(
            results.standings(0),
            vec![Standing::Anchor, Standing::Above, Standing::Unrated]
        );
        assert_eq!(
            results.standings(1),
            vec![Standing::Below, Standing::Anchor, Standing::Unrated]
        );
        // One draw bounds the rating: 40.5 : 0.5 after the virtual draw.
        results.add(1, 0, 0.5, 1.0);
        let strong = results.fit(0)[1].unwrap();
        assert!(
            (strong.elo - ELO_PER_UNIT * (41.0f64 / 1.0).ln()).abs() < 1e-6,
            "{strong:?}"
        );
        assert_eq!(results.standings(0)[1], Standing::Rated);
    }

    #[test]
    fn a_side_that_sweeps_the_anchor_side_is_above_it() {
        // 0 and 1 trade wins; 2 and 3 trade wins; 2 and 3 beat 0 and 1 always.
        let mut results = Pairwise::new(4);
        results.add(0, 1, 1.0, 1.0);
        results.add(1, 0, 1.0, 1.0);
        results.add(2, 3, 1.0, 1.0);
        results.add(3, 2, 1.0, 1.0);
        results.add(2, 0, 1.0, 1.0);
        results.add(3, 1, 1.0, 1.0);
        assert_eq!(
            results.standings(0),
            vec![
                Standing::Anchor,
                Standing::Rated,
                Standing::Above,
                Standing::Above
            ]
        );
        let fit = results.fit(0);
        assert!(fit[1].is_some() && fit[2].is_none() && fit[3].is_none());
    }
}
