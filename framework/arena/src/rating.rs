//! Elo ratings from a Bradley–Terry fit with BayesElo's prior.
//!
//! Agent `i` beats `j` with probability `σ(θᵢ − θⱼ)`. The fit maximises
//! `Σ aᵢⱼ log σ(θᵢ − θⱼ)` over the pairs that met, where `aᵢⱼ` is the weight
//! of results in which `i` beat `j` (a draw is half a win each way) plus
//! half the pair's virtual draws: each agent brings [`PRIOR_DRAWS`] virtual
//! draws, shared evenly among the agents it met (BayesElo's prior, whose
//! default is also 2). The prior keeps every rating finite — also of an
//! agent that won or lost every game, whose maximum-likelihood rating would
//! be infinite — and matters little once real games pile up.
//!
//! Only differences are determined, so ratings are reported relative to an
//! [`Anchor`]: the mean of the rated agents (the default) or one agent.
//! The rated agents are one *group*: the agents connected to the anchor
//! through pairs that met (for the mean, the largest such group); agents
//! the results do not relate to it are unrated.
//!
//! The fit is Newton's method with each step solved by preconditioned
//! conjugate gradients over the pairs that met, so its time and memory grow
//! with the pairs that met, not with the square of the agents: each pass
//! costs one sweep over them, and a step takes a few dozen passes when the
//! agents met many others (preconditioned by the diagonal), or when they
//! met few, in chains or rings (preconditioned by a spanning tree of the
//! pairs, solved exactly in one sweep). The standard
//! errors come from the inverse of the negated Hessian at the optimum
//! (dense, exact) for groups of up to [`EXACT_LIMIT`] agents; above that,
//! each agent's error treats its opponents' ratings as known
//! (`1/√Hᵢᵢ`), which is close where agents met many others and too narrow
//! where they met few. Elo = θ · 400 / ln 10.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use tabula::stats::ELO_PER_UNIT;

/// Twelfths: every share of a result (1/k of k ≤ 4 winners) and every
/// comparison's weight times score is a whole number of them, so counts
/// kept in them are exact (the summary's tallies use them too).
pub const UNITS: f64 = 12.0;

/// The virtual draws each agent brings to the fit (BayesElo's default).
pub const PRIOR_DRAWS: f64 = 2.0;

/// The largest group whose standard errors are computed exactly (a dense
/// `m × m` inverse); larger groups get the diagonal approximation.
pub const EXACT_LIMIT: usize = 500;

/// Who is rated 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The mean of the rated agents.
    Mean,
    /// This agent.
    Agent(usize),
}

/// Weighted pairwise results among `n` agents, kept per pair that met.
#[derive(Debug, Clone)]
pub struct Pairwise {
    n: usize,
    /// `(i, j)` with `i < j`: the weight of results in which `i` beat `j`
    /// and in which `j` beat `i`, in twelfths. Every weight times score is
    /// a whole number of twelfths (weights 1, ½, ⅓; scores 0, ½, 1), so
    /// sums are exact and do not depend on the order games finish in.
    pairs: BTreeMap<(usize, usize), [u64; 2]>,
}

/// One agent's fitted rating, relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Standard error in Elo points (0 for an anchoring agent).
    pub se: f64,
}

/// Where an agent stands relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// The anchoring agent itself (rating 0).
    Anchor,
    /// Rated, relative to the anchor.
    Rated,
    /// No results relate it to the rated agents (or it has none).
    Unrated,
}

/// An agent that won, or lost, every comparison it had: a fact of the
/// results, reported beside its (finite, prior-bounded) rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Swept {
    /// It won every comparison (no loss, no draw).
    Won,
    /// It lost every comparison.
    Lost,
}

/// What [`Pairwise::fit`] finds.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// Per agent: its rating relative to the anchor, if it is rated.
    pub ratings: Vec<Option<Rating>>,
    /// Per agent: whether it won or lost every comparison it had.
    pub swept: Vec<Option<Swept>>,
    /// Whether the results alone bound every rating of the group: every
    /// agent scored (won or drew) against the rest of the group and the
    /// rest scored against it, through some chain. Where not, some
    /// differences rest on the prior as much as on the games.
    pub bounded: bool,
    /// Whether the standard errors are exact (a group of at most
    /// [`EXACT_LIMIT`] agents).
    pub exact: bool,
}

impl Fit {
    /// Each agent's [`Standing`] under `anchor`.
    pub fn standings(&self, anchor: Anchor) -> Vec<Standing> {
        (0..self.ratings.len())
            .map(|i| match (anchor, self.ratings[i]) {
                (Anchor::Agent(a), _) if a == i => Standing::Anchor,
                (_, Some(_)) => Standing::Rated,
                (_, None) => Standing::Unrated,
            })
            .collect()
    }
}

/// A pair that met, in the group's own numbering: `a` beat `b` with weight
/// `wins[0]`, `b` beat `a` with `wins[1]`.
#[derive(Debug, Clone, Copy)]
struct Edge {
    a: usize,
    b: usize,
    wins: [f64; 2],
}

impl Pairwise {
    pub fn new(n: usize) -> Self {
        Pairwise {
            n,
            pairs: BTreeMap::new(),
        }
    }

    /// Records that `i` scored `score` (1 win, ½ draw, 0 loss) against `j`,
    /// counted with `weight`.
    pub fn add(&mut self, i: usize, j: usize, score: f64, weight: f64) {
        if i == j {
            return;
        }
        let units = |share: f64| (share * weight * UNITS).round() as u64;
        let (key, first, second) = match i < j {
            true => ((i, j), score, 1.0 - score),
            false => ((j, i), 1.0 - score, score),
        };
        let entry = self.pairs.entry(key).or_default();
        entry[0] += units(first);
        entry[1] += units(second);
    }

    /// The ratings relative to `anchor` (see the module's notes).
    pub fn fit(&self, anchor: Anchor) -> Fit {
        let n = self.n;
        let met: Vec<(usize, usize, [f64; 2])> = self
            .pairs
            .iter()
            .filter(|(_, w)| w[0] + w[1] > 0)
            .map(|(&(i, j), w)| (i, j, w.map(|u| u as f64 / UNITS)))
            .collect();
        let swept = swept(n, &met);
        let group = group(n, &met, anchor);
        let mut local = vec![usize::MAX; n];
        for (k, &i) in group.iter().enumerate() {
            local[i] = k;
        }
        let edges: Vec<Edge> = met
            .iter()
            .filter(|(i, _, _)| local[*i] != usize::MAX)
            .map(|&(i, j, wins)| Edge {
                a: local[i],
                b: local[j],
                wins,
            })
            .collect();
        let m = group.len();
        let bounded = strongly_connected(m, &edges);
        let mut ratings = vec![None; n];
        if m < 2 {
            if let Anchor::Agent(a) = anchor {
                ratings[a] = Some(Rating { elo: 0.0, se: 0.0 });
            }
            return Fit {
                ratings,
                swept,
                bounded,
                exact: true,
            };
        }
        let edges = with_prior(m, &edges);
        let theta = maximise(m, &edges);
        let hessian = Laplacian::at(m, &edges, &theta);
        let anchor_local = match anchor {
            Anchor::Mean => None,
            Anchor::Agent(a) => Some(local[a]),
        };
        let dense = match m <= EXACT_LIMIT {
            true => exact_variances(&hessian, anchor_local),
            false => None,
        };
        let exact = dense.is_some();
        let variances = dense.unwrap_or_else(|| approximate_variances(&hessian, anchor_local));
        let zero = match anchor_local {
            Some(a) => theta[a],
            None => theta.iter().sum::<f64>() / m as f64,
        };
        for (k, &i) in group.iter().enumerate() {
            ratings[i] = Some(Rating {
                elo: (theta[k] - zero) * ELO_PER_UNIT,
                se: variances[k].max(0.0).sqrt() * ELO_PER_UNIT,
            });
        }
        Fit {
            ratings,
            swept,
            bounded,
            exact,
        }
    }
}

/// Per agent: whether it won or lost every comparison it had.
fn swept(n: usize, met: &[(usize, usize, [f64; 2])]) -> Vec<Option<Swept>> {
    // (scored, conceded) per agent: weights of comparisons won and lost.
    let mut tally = vec![(0.0, 0.0, false); n];
    for &(i, j, [ij, ji]) in met {
        tally[i] = (tally[i].0 + ij, tally[i].1 + ji, true);
        tally[j] = (tally[j].0 + ji, tally[j].1 + ij, true);
    }
    tally
        .into_iter()
        .map(|(scored, conceded, played)| {
            if !played {
                None
            } else if conceded == 0.0 {
                Some(Swept::Won)
            } else if scored == 0.0 {
                Some(Swept::Lost)
            } else {
                None
            }
        })
        .collect()
}

/// The rated agents, in index order: the anchor's group of agents
/// connected by pairs that met, or for the mean the largest group (the
/// first such by its lowest index).
fn group(n: usize, met: &[(usize, usize, [f64; 2])], anchor: Anchor) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut played = vec![false; n];
    for &(i, j, _) in met {
        played[i] = true;
        played[j] = true;
        let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
        parent[ri.max(rj)] = ri.min(rj);
    }
    let roots: Vec<usize> = (0..n).map(|i| root(&mut parent, i)).collect();
    let chosen = match anchor {
        Anchor::Agent(a) => roots[a],
        Anchor::Mean => {
            let mut size = vec![0usize; n];
            for i in (0..n).filter(|&i| played[i]) {
                size[roots[i]] += 1;
            }
            // The largest; among equals the first (roots are lowest indexes).
            match (0..n).max_by_key(|&r| (size[r], std::cmp::Reverse(r))) {
                Some(r) if size[r] > 0 => r,
                _ => return Vec::new(),
            }
        }
    };
    (0..n).filter(|&i| roots[i] == chosen).collect()
}

/// Whether every agent of the group reaches every other when `i → j`
/// whenever `i` scored (won or drew) against `j`.
fn strongly_connected(m: usize, edges: &[Edge]) -> bool {
    if m < 2 {
        return true;
    }
    let reaches_all = |forward: bool| {
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); m];
        for e in edges {
            let (scored_ab, scored_ba) = (e.wins[0] > 0.0, e.wins[1] > 0.0);
            let (ab, ba) = match forward {
                true => (scored_ab, scored_ba),
                false => (scored_ba, scored_ab),
            };
            if ab {
                next[e.a].push(e.b);
            }
            if ba {
                next[e.b].push(e.a);
            }
        }
        let mut seen = vec![false; m];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for &j in &next[i] {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.into_iter().all(|s| s)
    };
    reaches_all(true) && reaches_all(false)
}

/// The edges with the prior's virtual draws added: the pair `a`, `b` gets
/// `PRIOR_DRAWS / 2 · (1/mₐ + 1/m_b)` of them (`m` the agents each met),
/// half a win each way per draw, so an agent of a round robin is in
/// `PRIOR_DRAWS` virtual draws in all.
fn with_prior(m: usize, edges: &[Edge]) -> Vec<Edge> {
    let mut opponents = vec![0usize; m];
    for e in edges {
        opponents[e.a] += 1;
        opponents[e.b] += 1;
    }
    edges
        .iter()
        .map(|e| {
            let draws =
                PRIOR_DRAWS / 2.0 * (1.0 / opponents[e.a] as f64 + 1.0 / opponents[e.b] as f64);
            Edge {
                wins: e.wins.map(|w| w + draws / 2.0),
                ..*e
            }
        })
        .collect()
}

/// `ln σ(x)`, without overflow for large `|x|`.
fn log_sigmoid(x: f64) -> f64 {
    if x > 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn log_likelihood(edges: &[Edge], theta: &[f64]) -> f64 {
    edges
        .iter()
        .map(|e| {
            let d = theta[e.a] - theta[e.b];
            e.wins[0] * log_sigmoid(d) + e.wins[1] * log_sigmoid(-d)
        })
        .sum()
}

/// The negated Hessian of the log-likelihood: a weighted graph Laplacian
/// over the pairs that met, `hᵢⱼ = nᵢⱼ pᵢⱼ (1 − pᵢⱼ)`.
struct Laplacian {
    /// Its diagonal.
    diagonal: Vec<f64>,
    /// Each pair that met and its weight.
    weights: Vec<(usize, usize, f64)>,
}

impl Laplacian {
    fn at(m: usize, edges: &[Edge], theta: &[f64]) -> Laplacian {
        let mut diagonal = vec![0.0; m];
        let weights = edges
            .iter()
            .map(|e| {
                let p = sigmoid(theta[e.a] - theta[e.b]);
                let h = (e.wins[0] + e.wins[1]) * p * (1.0 - p);
                diagonal[e.a] += h;
                diagonal[e.b] += h;
                (e.a, e.b, h)
            })
            .collect();
        Laplacian { diagonal, weights }
    }

    /// `L x`, with `x[root]` taken as 0 and the result's `root` entry 0:
    /// the Laplacian with the root's row and column removed, which is
    /// positive definite for a connected group.
    fn times(&self, x: &[f64], root: usize, out: &mut [f64]) {
        for (o, (&d, &v)) in out.iter_mut().zip(self.diagonal.iter().zip(x)) {
            *o = d * v;
        }
        for &(a, b, h) in &self.weights {
            out[a] -= h * x[b];
            out[b] -= h * x[a];
        }
        out[root] = 0.0;
    }
}

/// The maximum of the log-likelihood, up to a constant: Newton's method,
/// each step halved until the likelihood does not fall.
fn maximise(m: usize, edges: &[Edge]) -> Vec<f64> {
    let mut theta = vec![0.0; m];
    // Held at 0: the best-connected agent, which keeps the system solved
    // for the step well conditioned.
    let mut degree = vec![0usize; m];
    for e in edges {
        degree[e.a] += 1;
        degree[e.b] += 1;
    }
    let root = (0..m)
        .max_by_key(|&i| (degree[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    let mut tree = false;
    for _ in 0..100 {
        let mut gradient = vec![0.0; m];
        for e in edges {
            let p = sigmoid(theta[e.a] - theta[e.b]);
            let g = e.wins[0] - (e.wins[0] + e.wins[1]) * p;
            gradient[e.a] += g;
            gradient[e.b] -= g;
        }
        gradient[root] = 0.0;
        let hessian = Laplacian::at(m, edges, &theta);
        let step = hessian.solve(&gradient, root, &mut tree);
        let before = log_likelihood(edges, &theta);
        let mut scale = 1.0;
        let mut next = theta.clone();
        for _ in 0..40 {
            for (n, (t, s)) in next.iter_mut().zip(theta.iter().zip(&step)) {
                *n = t + scale * s;
            }
            if log_likelihood(edges, &next) >= before - 1e-12 * before.abs().max(1.0) {
                break;
            }
            scale /= 2.0;
        }
        let moved = next
            .iter()
            .zip(&theta)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        theta = next;
        if moved < 1e-10 {
            break;
        }
    }
    theta
}

impl Laplacian {
    /// Solves `L x = b` (the root's row and column removed) by conjugate
    /// gradients: preconditioned by the diagonal, which is quick where the
    /// agents met many others; where that has not converged after
    /// [`DIAGONAL_PASSES`], preconditioned by a depth-first spanning tree
    /// of the pairs, which is quick where they met few (a chain is its own
    /// tree).
    /// `tree` says to go to the tree at once (an earlier step needed
    /// it), and is set when this one does.
    fn solve(&self, b: &[f64], root: usize, tree: &mut bool) -> Vec<f64> {
        let diagonal = |r: &[f64], z: &mut [f64]| {
            for ((z, r), d) in z.iter_mut().zip(r).zip(&self.diagonal) {
                *z = if *d > 0.0 { r / d } else { 0.0 };
            }
            z[root] = 0.0;
        };
        let mut x = vec![0.0; b.len()];
        if !*tree {
            match self.conjugate_gradients(b, root, x, DIAGONAL_PASSES, diagonal) {
                Ok(x) => return x,
                Err(last) => (x, *tree) = (last, true),
            }
        }
        let spanning = SpanningTree::depth_first(self, root);
        let passes = 2 * b.len() + 100;
        let (Ok(x) | Err(x)) =
            self.conjugate_gradients(b, root, x, passes, |r, z| spanning.solve(r, z));
        x
    }

    /// Conjugate gradients from `x` for at most `passes` iterations, with
    /// the preconditioner `precondition(r, z)` (`z ≈ L⁻¹ r`). `Err` holds
    /// the last iterate when it has not converged.
    fn conjugate_gradients(
        &self,
        b: &[f64],
        root: usize,
        mut x: Vec<f64>,
        passes: usize,
        precondition: impl Fn(&[f64], &mut [f64]),
    ) -> Result<Vec<f64>, Vec<f64>> {
        let m = b.len();
        let dot = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(a, b)| a * b).sum::<f64>();
        let mut r = vec![0.0; m];
        self.times(&x, root, &mut r);
        for (r, b) in r.iter_mut().zip(b) {
            *r = b - *r;
        }
        r[root] = 0.0;
        let mut target = b.to_vec();
        target[root] = 0.0;
        let target = TOLERANCE * dot(&target, &target).sqrt().max(1e-300);
        let mut z = vec![0.0; m];
        precondition(&r, &mut z);
        let mut p = z.clone();
        let mut rz = dot(&r, &z);
        let mut q = vec![0.0; m];
        for _ in 0..passes {
            if dot(&r, &r).sqrt() <= target {
                return Ok(x);
            }
            self.times(&p, root, &mut q);
            let pq = dot(&p, &q);
            if pq <= 0.0 {
                return Ok(x);
            }
            let alpha = rz / pq;
            for i in 0..m {
                x[i] += alpha * p[i];
                r[i] -= alpha * q[i];
            }
            precondition(&r, &mut z);
            let next = dot(&r, &z);
            let beta = next / rz;
            rz = next;
            for i in 0..m {
                p[i] = z[i] + beta * p[i];
            }
        }
        match dot(&r, &r).sqrt() <= target {
            true => Ok(x),
            false => Err(x),
        }
    }
}

/// How far each Newton step is solved: the residual relative to the
/// gradient. Newton's steps then still shrink the error a millionfold or
/// more each, and the fit stops when a step moves no rating by 10⁻¹⁰.
const TOLERANCE: f64 = 1e-8;

/// The passes of diagonal-preconditioned conjugate gradients before the
/// spanning tree takes over: well-connected groups need far fewer.
const DIAGONAL_PASSES: usize = 200;

/// A spanning tree of the pairs that met, as a preconditioner: its own
/// Laplacian system is solved exactly in one sweep up and one down.
struct SpanningTree {
    /// The agents from the root outwards: each after its parent.
    order: Vec<usize>,
    /// Each agent's parent and the weight of the pair joining them.
    parent: Vec<(usize, f64)>,
    root: usize,
}

impl SpanningTree {
    /// A depth-first spanning tree from `root`, taking each agent's
    /// heaviest pairs first: along a chain or a ring it follows the chain,
    /// so that few pairs left out of the tree join agents far apart in it.
    fn depth_first(laplacian: &Laplacian, root: usize) -> SpanningTree {
        let m = laplacian.diagonal.len();
        let mut next: Vec<Vec<(usize, f64)>> = vec![Vec::new(); m];
        for &(a, b, h) in &laplacian.weights {
            next[a].push((b, h));
            next[b].push((a, h));
        }
        for pairs in &mut next {
            // Lightest first: the stack below pops the heaviest first.
            pairs.sort_by(|x, y| x.1.total_cmp(&y.1).then(y.0.cmp(&x.0)));
        }
        let mut parent = vec![(root, 0.0); m];
        let mut order = Vec::with_capacity(m);
        let mut seen = vec![false; m];
        let mut stack = vec![(root, root, 0.0)];
        while let Some((i, from, h)) = stack.pop() {
            if seen[i] {
                continue;
            }
            seen[i] = true;
            parent[i] = (from, h);
            order.push(i);
            stack.extend(
                next[i]
                    .iter()
                    .filter(|(j, _)| !seen[*j])
                    .map(|&(j, h)| (j, i, h)),
            );
        }
        SpanningTree {
            order,
            parent,
            root,
        }
    }

    /// `z = L_T⁻¹ r` with the root held at 0: the flow through the pair
    /// joining an agent to its parent is the sum of `r` below it, and the
    /// agent lies that flow over the pair's weight above its parent.
    fn solve(&self, r: &[f64], z: &mut [f64]) {
        let mut below = r.to_vec();
        for &i in self.order.iter().skip(1).rev() {
            let (p, _) = self.parent[i];
            below[p] += below[i];
        }
        z[self.root] = 0.0;
        for &i in self.order.iter().skip(1) {
            let (p, h) = self.parent[i];
            z[i] = z[p] + if h > 0.0 { below[i] / h } else { 0.0 };
        }
    }
}

/// The variance of each `θᵢ` less the anchor's (or the mean), from the
/// exact inverse: with `L` the Laplacian and `J` the all-ones matrix,
/// `Q = (L + J/m)⁻¹` is `L⁺ + J/m`, so `Var(θᵢ − θₐ) = Qᵢᵢ + Qₐₐ − 2Qᵢₐ` and
/// `Var(θᵢ − θ̄) = Qᵢᵢ − 1/m`. `None` if the factorisation fails.
fn exact_variances(laplacian: &Laplacian, anchor: Option<usize>) -> Option<Vec<f64>> {
    let m = laplacian.diagonal.len();
    let mut a = vec![1.0 / m as f64; m * m];
    for (i, d) in laplacian.diagonal.iter().enumerate() {
        a[i * m + i] += d;
    }
    for &(i, j, h) in &laplacian.weights {
        a[i * m + j] -= h;
        a[j * m + i] -= h;
    }
    let l = cholesky(a, m)?;
    // Qᵢᵢ = |L⁻¹ eᵢ|²: the forward solve from row i on.
    let column = |i: usize| -> Vec<f64> {
        let mut y = vec![0.0; m];
        for r in i..m {
            let s: f64 = (i..r).map(|k| l[r * m + k] * y[k]).sum();
            let e = if r == i { 1.0 } else { 0.0 };
            y[r] = (e - s) / l[r * m + r];
        }
        y
    };
    let diagonal: Vec<f64> = (0..m)
        .map(|i| column(i)[i..].iter().map(|v| v * v).sum())
        .collect();
    Some(match anchor {
        None => diagonal.iter().map(|q| q - 1.0 / m as f64).collect(),
        Some(a) => {
            // Qₐ = L⁻ᵀ L⁻¹ eₐ.
            let mut y = column(a);
            for r in (0..m).rev() {
                let s: f64 = (r + 1..m).map(|k| l[k * m + r] * y[k]).sum();
                y[r] = (y[r] - s) / l[r * m + r];
            }
            (0..m)
                .map(|i| diagonal[i] + diagonal[a] - 2.0 * y[i])
                .collect()
        }
    })
}

/// The lower Cholesky factor of the symmetric `m × m` matrix `a` (row
/// major), or `None` if it is not positive definite.
fn cholesky(mut a: Vec<f64>, m: usize) -> Option<Vec<f64>> {
    for j in 0..m {
        let s: f64 = (0..j).map(|k| a[j * m + k] * a[j * m + k]).sum();
        let d = a[j * m + j] - s;
        if d <= 0.0 || !d.is_finite() {
            return None;
        }
        let d = d.sqrt();
        a[j * m + j] = d;
        for i in j + 1..m {
            let s: f64 = (0..j).map(|k| a[i * m + k] * a[j * m + k]).sum();
            a[i * m + j] = (a[i * m + j] - s) / d;
        }
        for k in j + 1..m {
            a[j * m + k] = 0.0;
        }
    }
    Some(a)
}

/// Each agent's variance with its opponents' ratings taken as known,
/// `1/Hᵢᵢ` (plus the anchor's own): for groups too large to invert.
fn approximate_variances(laplacian: &Laplacian, anchor: Option<usize>) -> Vec<f64> {
    let inverse = |d: f64| if d > 0.0 { 1.0 / d } else { f64::NAN };
    let own: Vec<f64> = laplacian.diagonal.iter().map(|&d| inverse(d)).collect();
    (0..own.len())
        .map(|i| match anchor {
            Some(a) if a == i => 0.0,
            Some(a) => own[i] + own[a],
            None => own[i],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic uniform number in [0, 1) for index `k`.
    fn uniform(k: u64) -> f64 {
        (super::super::schedule::mix(k) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `games` games of every ordered pair of `truth`'s agents, won as
    /// their true ratings say.
    fn round_robin(truth: &[f64], games: usize) -> Pairwise {
        let mut results = Pairwise::new(truth.len());
        let mut k = 0;
        for i in 0..truth.len() {
            for j in (0..truth.len()).filter(|&j| j != i) {
                let p = sigmoid((truth[i] - truth[j]) / ELO_PER_UNIT);
                for _ in 0..games {
                    k += 1;
                    let won = uniform(k) < p;
                    results.add(i, j, if won { 1.0 } else { 0.0 }, 1.0);
                }
            }
        }
        results
    }

    #[test]
    fn recovers_known_strengths_relative_to_an_agent_and_to_the_mean() {
        let truth = [0.0, 150.0, 400.0, -200.0];
        let results = round_robin(&truth, 3000);
        let fit = results.fit(Anchor::Agent(0));
        assert!(fit.bounded && fit.exact);
        for (i, &t) in truth.iter().enumerate() {
            let r = fit.ratings[i].unwrap();
            assert!(
                (r.elo - t).abs() < 3.0 * r.se.max(1.0),
                "agent {i}: fitted {r:?}, truth {t}"
            );
            assert!(i == 0 || (r.se > 1.0 && r.se < 20.0), "{r:?}");
        }
        assert_eq!(fit.ratings[0], Some(Rating { elo: 0.0, se: 0.0 }));
        // The mean: the same differences, centred, every agent with an
        // error of its own.
        let mean = results.fit(Anchor::Mean);
        let centre = truth.iter().sum::<f64>() / 4.0;
        let shift = fit.ratings[0].unwrap().elo - mean.ratings[0].unwrap().elo;
        for (i, t) in truth.iter().enumerate() {
            let (a, m) = (fit.ratings[i].unwrap(), mean.ratings[i].unwrap());
            assert!((a.elo - m.elo - shift).abs() < 1e-6, "{a:?} {m:?}");
            assert!((m.elo - (t - centre)).abs() < 3.0 * m.se, "{m:?}");
            assert!(m.se > 1.0 && m.se < 20.0, "{m:?}");
        }
        let sum: f64 = mean.ratings.iter().map(|r| r.unwrap().elo).sum();
        assert!(sum.abs() < 1e-6, "{sum}");
    }

    #[test]
    fn an_even_match_with_draws_rates_equal() {
        let mut results = Pairwise::new(2);
        results.add(0, 1, 1.0, 1.0);
        results.add(0, 1, 0.0, 1.0);
        results.add(0, 1, 0.5, 1.0);
        let fit = results.fit(Anchor::Agent(1));
        assert!(fit.ratings[0].unwrap().elo.abs() < 1e-9);
        assert_eq!(fit.ratings[1], Some(Rating { elo: 0.0, se: 0.0 }));
        assert_eq!(fit.swept, vec![None, None]);
    }

    #[test]
    fn a_clean_sweep_is_rated_finitely_by_the_prior_and_marked() {
        let mut results = Pairwise::new(3);
        for _ in 0..40 {
            results.add(1, 0, 1.0, 1.0);
        }
        // Two agents that met once each: 2 virtual draws between them, so
        // 41 : 1 and an Elo of 400·log10(41) whatever the anchor.
        let expected = ELO_PER_UNIT * 41f64.ln();
        for anchor in [Anchor::Agent(0), Anchor::Agent(1), Anchor::Mean] {
            let fit = results.fit(anchor);
            let (weak, strong) = (fit.ratings[0].unwrap(), fit.ratings[1].unwrap());
            assert!((strong.elo - weak.elo - expected).abs() < 1e-6, "{fit:?}");
            assert!(strong.se.is_finite() && weak.se.is_finite());
            assert_eq!(fit.ratings[2], None, "never played");
            assert_eq!(fit.swept, vec![Some(Swept::Lost), Some(Swept::Won), None]);
            assert!(!fit.bounded);
        }
        let fit = results.fit(Anchor::Agent(0));
        assert_eq!(
            fit.standings(Anchor::Agent(0)),
            vec![Standing::Anchor, Standing::Rated, Standing::Unrated]
        );
        // The mean: symmetric, each half the difference, with the same error.
        let mean = results.fit(Anchor::Mean);
        let (weak, strong) = (mean.ratings[0].unwrap(), mean.ratings[1].unwrap());
        assert!((strong.elo + weak.elo).abs() < 1e-6 && (strong.se - weak.se).abs() < 1e-6);
        // One draw: no longer a sweep, and bounded by the results alone.
        results.add(1, 0, 0.5, 1.0);
        let fit = results.fit(Anchor::Agent(0));
        assert!(fit.bounded && fit.swept == vec![None, None, None]);
    }

    #[test]
    fn groups_that_never_met_leave_the_smaller_unrated() {
        // {0, 1} and {2, 3, 4} never met.
        let mut results = Pairwise::new(5);
        for (i, j) in [(0, 1), (1, 0), (2, 3), (3, 4), (4, 2)] {
            results.add(i, j, 1.0, 1.0);
        }
        let mean = results.fit(Anchor::Mean);
        let rated: Vec<bool> = mean.ratings.iter().map(Option::is_some).collect();
        assert_eq!(rated, [false, false, true, true, true]);
        let anchored = results.fit(Anchor::Agent(1));
        let rated: Vec<bool> = anchored.ratings.iter().map(Option::is_some).collect();
        assert_eq!(rated, [true, true, false, false, false]);
    }

    #[test]
    fn a_side_that_sweeps_the_other_is_not_bounded_by_the_results() {
        // 0 and 1 trade wins; 2 and 3 trade wins; 2 and 3 beat 0 and 1 always.
        let mut results = Pairwise::new(4);
        for (i, j) in [(0, 1), (1, 0), (2, 3), (3, 2), (2, 0), (3, 1)] {
            results.add(i, j, 1.0, 1.0);
        }
        let fit = results.fit(Anchor::Agent(0));
        assert!(!fit.bounded);
        assert_eq!(fit.swept, vec![None; 4], "nobody swept alone");
        let elo: Vec<f64> = fit.ratings.iter().map(|r| r.unwrap().elo).collect();
        assert!(elo[2] > elo[1] && elo[3] > elo[1], "{elo:?}");
        assert!(fit.ratings.iter().all(|r| r.unwrap().se.is_finite()));
    }

    #[test]
    fn the_exact_errors_match_a_dense_inverse_computed_another_way() {
        // A path 0 – 1 – 2 – 3 with even results: with the anchor at one
        // end, the variances add up along the path (resistances in series).
        let mut results = Pairwise::new(4);
        for (i, j) in [(0, 1), (1, 2), (2, 3)] {
            for _ in 0..10 {
                results.add(i, j, 1.0, 1.0);
                results.add(j, i, 1.0, 1.0);
            }
        }
        let fit = results.fit(Anchor::Agent(0));
        // Every rating is 0; each pair's h is (20 + draws)·¼, draws of
        // the prior 1/1+1/2 = 1.5 (ends) or 1/2+1/2 = 1 (middle).
        let h = |draws: f64| (20.0 + draws) / 4.0;
        let mut variance = 0.0;
        for (k, draws) in [1.5, 1.0, 1.5].into_iter().enumerate() {
            variance += 1.0 / h(draws);
            let r = fit.ratings[k + 1].unwrap();
            assert!(r.elo.abs() < 1e-9, "{r:?}");
            let expected = variance.sqrt() * ELO_PER_UNIT;
            assert!((r.se - expected).abs() < 1e-9, "{r:?} against {expected}");
        }
    }

    #[test]
    fn a_long_chain_converges_to_its_exact_ratings() {
        // 2,000 agents, each beating the next 3 : 1 in 40 games: a tree,
        // so each pair's fitted share is its own record with the prior
        // (30 + ½d : 10 + ½d, d the pair's virtual draws), and the ratings
        // add up along the chain. Too loosely connected for the diagonal:
        // the spanning tree solves it.
        let n = 2_000;
        let mut results = Pairwise::new(n);
        for i in 0..n - 1 {
            for k in 0..40 {
                results.add(i, i + 1, if k % 4 == 0 { 0.0 } else { 1.0 }, 1.0);
            }
        }
        let fit = results.fit(Anchor::Agent(0));
        assert!(!fit.exact);
        let mut expected = 0.0;
        for i in 1..n {
            let opponents = |k: usize| if k == 0 || k == n - 1 { 1.0 } else { 2.0 };
            let draws = PRIOR_DRAWS / 2.0 * (1.0 / opponents(i - 1) + 1.0 / opponents(i));
            expected -= ELO_PER_UNIT * ((30.0 + draws / 2.0) / (10.0 + draws / 2.0)).ln();
            let r = fit.ratings[i].unwrap();
            assert!(
                (r.elo - expected).abs() < 1e-6 * expected.abs().max(1.0),
                "{i}: {r:?}"
            );
        }
    }

    #[test]
    fn twenty_thousand_agents_in_a_gauntlet_and_a_ring_are_fitted_to_the_maximum() {
        // The pairs that met are all the fit keeps and walks, so 20,000
        // agents cost what their 20,000 pairs cost, not 20,000².
        let n = 20_000;
        // A gauntlet: agent 0 wins 3 : 1 against each of the rest. A star
        // is a tree, so each rating is its own pair's record with the
        // prior, as in a chain.
        let mut gauntlet = Pairwise::new(n);
        for i in 1..n {
            for k in 0..8 {
                gauntlet.add(0, i, if k % 4 == 0 { 0.0 } else { 1.0 }, 1.0);
            }
        }
        assert_eq!(gauntlet.pairs.len(), n - 1);
        let fit = gauntlet.fit(Anchor::Agent(0));
        assert!(!fit.exact && fit.bounded);
        let draws = PRIOR_DRAWS / 2.0 * (1.0 / (n - 1) as f64 + 1.0);
        let expected = -ELO_PER_UNIT * ((6.0 + draws / 2.0) / (2.0 + draws / 2.0)).ln();
        for r in &fit.ratings[1..] {
            let r = r.unwrap();
            assert!((r.elo - expected).abs() < 1e-6, "{r:?} against {expected}");
            assert!(r.se.is_finite() && r.se > 0.0, "{r:?}");
        }
        // A ring, each agent meeting its two neighbours 6 times, won as
        // strengths spread over 600 Elo say: a chain closed on itself, as
        // loosely connected as a group can be. No closed form here, but
        // the maximum is where each agent's expected score against its
        // opponents (the prior's draws included) equals its actual one.
        let truth: Vec<f64> = (0..n).map(|i| 600.0 * uniform(i as u64) - 300.0).collect();
        let mut ring = Pairwise::new(n);
        let mut k = 1 << 40;
        for i in 0..n {
            let j = (i + 1) % n;
            let p = sigmoid((truth[i] - truth[j]) / ELO_PER_UNIT);
            for _ in 0..6 {
                k += 1;
                ring.add(i, j, if uniform(k) < p { 1.0 } else { 0.0 }, 1.0);
            }
        }
        let fit = ring.fit(Anchor::Mean);
        assert!(!fit.exact);
        let theta: Vec<f64> = fit
            .ratings
            .iter()
            .map(|r| {
                let r = r.unwrap();
                assert!(r.se.is_finite() && r.se > 0.0, "{r:?}");
                r.elo / ELO_PER_UNIT
            })
            .collect();
        assert!(theta.iter().sum::<f64>().abs() < 1e-6);
        let edges: Vec<Edge> = ring
            .pairs
            .iter()
            .map(|(&(a, b), w)| Edge {
                a,
                b,
                wins: w.map(|u| u as f64 / UNITS),
            })
            .collect();
        let mut surplus = vec![0.0; n];
        for e in with_prior(n, &edges) {
            let expected = (e.wins[0] + e.wins[1]) * sigmoid(theta[e.a] - theta[e.b]);
            surplus[e.a] += e.wins[0] - expected;
            surplus[e.b] -= e.wins[0] - expected;
        }
        let worst = surplus.iter().fold(0.0, |m: f64, s| m.max(s.abs()));
        assert!(
            worst < 1e-6,
            "an agent's score is off its expectation by {worst}"
        );
    }
}
