//! Fits a game's evaluation weights by logistic regression of self-play
//! results on its features, and compares the fit with the evaluation the
//! game ships.
//!
//! ```text
//! cargo run --release -p tabula-tests --features fit --example fit_eval -- GAME [GAMES] [ITERATIONS] [SEED] [--db FILE]
//! ```
//!
//! `GAME` is a spec of `diffusion`, `grid-diffusion`, `calcala` or
//! `differo` (`"diffusion(width=4)"`). Two
//! MCTS players (`ITERATIONS` a move, default 500; random playouts, so
//! their play does not depend on the evaluation being fitted) play `GAMES`
//! games (default 400), the first 2–9 plies random so the games differ.
//! Every later position gives one sample: the difference of the two seats'
//! features (see each game's `features`) and the first seat's final
//! score. Four games in five train, the fifth tests. The model is the
//! games' own: first seat's expected score `σ(w · (f₀ − f₁))`, fitted by
//! Newton's method with a small ridge penalty. The report gives the weights
//! and, on the test games, the log-loss and accuracy of the fit and of the
//! shipped evaluation (a coin scores log-loss 0.693).
//!
//! With `--db FILE` (Diffusion only: the whole table built by `tabula
//! solve` for the same variant), every position is labelled by its exact value
//! instead of the game's result: the first seat's score is 1 where it wins
//! with best play, 0 where it loses and ½ for a draw. Self-play results are
//! noisy labels (a won position is often lost by weak play); exact values
//! are what an evaluation should predict.

use std::path::Path;

use rand::Rng as _;
use tabula::mcts::{Mcts, MctsConfig};
use tabula::solve::{Indexed, Table, Value};
use tabula::{FullGame, Seat};

/// A game whose evaluation is linear in per-seat features.
trait Features: FullGame {
    const NAMES: &'static [&'static str];
    fn seat_features(&self, seat: Seat) -> Vec<f64>;
}

macro_rules! features {
    ($game:ty, $names:expr) => {
        impl Features for $game {
            const NAMES: &'static [&'static str] = &$names;
            fn seat_features(&self, seat: Seat) -> Vec<f64> {
                self.features(seat).iter().map(|&f| f64::from(f)).collect()
            }
        }
    };
}

features!(tabula_diffusion::Diffusion, tabula_diffusion::FEATURES);
features!(tabula_calcala::Calcala, tabula_calcala::FEATURES);
features!(tabula_differo::Differo, tabula_differo::FEATURES);
features!(
    tabula_grid_diffusion::GridDiffusion,
    tabula_grid_diffusion::FEATURES
);

/// One position: feature difference, first seat's final score, and the
/// shipped evaluation's score for the first seat.
struct Sample {
    x: Vec<f64>,
    y: f64,
    shipped: f64,
}

const MAX_PLIES: usize = 600;

/// The first seat's exact score in a position, where a table knows it.
type Label<'a, G> = &'a (dyn Fn(&G) -> f64 + Sync);

/// The first seat's score by `table`'s exact value of `state`. A table too
/// large for memory is read from its file as it goes; a read that fails
/// then (the file truncated or removed under us) ends the fit with the
/// error, since a missing label would bias every later one.
fn exact<G: Indexed>(table: &Table, state: &G) -> f64 {
    let entry = table.get(state.index()).unwrap_or_else(|e| {
        eprintln!("fit_eval: reading the solution table failed: {e}");
        std::process::exit(1)
    });
    let mover_score = match entry.value {
        Value::Win => 1.0,
        Value::Loss => 0.0,
        Value::Draw => 0.5,
    };
    match state.to_move() {
        0 => mover_score,
        _ => 1.0 - mover_score,
    }
}

/// Plays one self-play game; `None` when it is still running at `MAX_PLIES`.
/// Its positions are labelled by `label`, or else by the game's result.
fn play<G: Features>(
    start: &G,
    iterations: u64,
    seed: u64,
    label: Option<Label<'_, G>>,
) -> Option<Vec<Sample>> {
    let mut rng = tabula::rng::seeded(seed);
    let opening = rng.random_range(2..10);
    let mut players: Vec<Mcts<G>> = (0..2)
        .map(|seat| {
            Mcts::new(MctsConfig {
                iterations: Some(iterations),
                seed: seed ^ ((seat + 1) * 0x9E37_79B9),
                ..MctsConfig::default()
            })
        })
        .collect();
    let mut state = start.clone();
    let mut positions: Vec<(Vec<f64>, f64, Option<f64>)> = Vec::new();
    let mut buffer = Vec::new();
    for ply in 0..MAX_PLIES {
        if let Some(outcome) = state.outcome() {
            let result = f64::from(outcome.score(0));
            return Some(
                positions
                    .into_iter()
                    .map(|(x, shipped, exact)| Sample {
                        x,
                        y: exact.unwrap_or(result),
                        shipped,
                    })
                    .collect(),
            );
        }
        let mv = if ply < opening {
            state.random_move(&mut rng, &mut buffer).unwrap()
        } else {
            let (a, b) = (state.seat_features(0), state.seat_features(1));
            let shipped = f64::from(state.evaluate()[0]);
            let x = a.iter().zip(&b).map(|(a, b)| a - b).collect();
            positions.push((x, shipped, label.map(|label| label(&state))));
            players[state.to_move()].search(&state).best
        };
        for player in &mut players {
            player.observe(&state, mv);
        }
        state.play(mv);
    }
    None
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Ridge-penalised logistic regression by Newton's method.
fn fit(samples: &[&Sample], k: usize) -> Vec<f64> {
    let ridge = 1e-3 * samples.len() as f64;
    let mut w = vec![0.0; k];
    for _ in 0..50 {
        let mut grad: Vec<f64> = w.iter().map(|wi| -ridge * wi).collect();
        let mut hess = vec![vec![0.0; k]; k];
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] = ridge;
        }
        for s in samples {
            let p = sigmoid(s.x.iter().zip(&w).map(|(x, w)| x * w).sum());
            for ((g, row), &xi) in grad.iter_mut().zip(&mut hess).zip(&s.x) {
                *g += (s.y - p) * xi;
                for (h, &xj) in row.iter_mut().zip(&s.x) {
                    *h += p * (1.0 - p) * xi * xj;
                }
            }
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        w.iter_mut().zip(&step).for_each(|(w, s)| *w += s);
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a · x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let (upper, lower) = a.split_at_mut(row);
            for (target, &source) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                *target -= f * source;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// Mean log-loss and accuracy (decided samples only) of predictions.
fn quality(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> (f64, f64) {
    let mut loss = 0.0;
    let (mut right, mut decided) = (0, 0);
    for s in samples {
        let p = predict(s).clamp(1e-6, 1.0 - 1e-6);
        loss -= s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln();
        if s.y != 0.5 {
            decided += 1;
            right += usize::from((p > 0.5) == (s.y > 0.5));
        }
    }
    (
        loss / samples.len() as f64,
        right as f64 / decided.max(1) as f64,
    )
}

fn run<G: Features>(
    spec: &str,
    start: G,
    games: u64,
    iterations: u64,
    seed: u64,
    label: Option<Label<'_, G>>,
) {
    let mut train = Vec::new();
    let mut test = Vec::new();
    let mut unfinished = 0;
    let results: Vec<Option<Vec<Sample>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let start = &start;
                scope.spawn(move || {
                    (0..games)
                        .filter(|g| g % 2 == w)
                        .map(|g| {
                            (
                                g,
                                play(start, iterations, seed ^ g.wrapping_mul(0x5851_F42D), label),
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<_> = workers
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, samples)| samples).collect()
    });
    for (g, samples) in results.into_iter().enumerate() {
        match samples {
            Some(samples) if g % 5 == 4 => test.extend(samples),
            Some(samples) => train.extend(samples),
            None => unfinished += 1,
        }
    }
    let k = G::NAMES.len();
    let train: Vec<&Sample> = train.iter().collect();
    let test: Vec<&Sample> = test.iter().collect();
    let w = fit(&train, k);
    let model = |s: &Sample| sigmoid(s.x.iter().zip(&w).map(|(x, w)| x * w).sum());
    println!(
        "{}: {games} games of mcts(iterations={iterations}) self-play, seed {seed}, labels {}: \
         {} train and {} test positions, {unfinished} games unfinished after {MAX_PLIES} plies",
        spec,
        if label.is_some() {
            "exact values"
        } else {
            "game results"
        },
        train.len(),
        test.len()
    );
    for (name, w) in G::NAMES.iter().zip(&w) {
        println!("  {w:>9.4}  {name}");
    }
    let (fit_loss, fit_acc) = quality(&test, model);
    let (old_loss, old_acc) = quality(&test, |s| s.shipped);
    let (train_loss, _) = quality(&train, model);
    println!("  fit:     test log-loss {fit_loss:.4}, accuracy {fit_acc:.3} (train log-loss {train_loss:.4})");
    println!("  shipped: test log-loss {old_loss:.4}, accuracy {old_acc:.3}");
}

/// The Diffusion table at `path`, checked against `start`'s variant.
fn diffusion_table(path: &str, start: &tabula_diffusion::Diffusion) -> Result<Table, String> {
    let table = Table::load(Path::new(path)).map_err(|e| e.to_string())?;
    if !table.is_complete() || table.identity().variant != start.table_variant() {
        return Err(format!(
            "{path} holds {}, not the whole of diffusion({})",
            table.identity(),
            start.table_variant()
        ));
    }
    Ok(table)
}

/// `spec` read as game `G`'s.
fn game<G: FullGame>(spec: &str) -> Result<G, String> {
    G::from_spec(spec).map_err(|e| e.to_string())
}

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let db = match args.iter().position(|a| a == "--db") {
        Some(at) if at + 1 < args.len() => Some(args.drain(at..at + 2).nth(1).unwrap()),
        Some(_) => return Err("--db needs a file".into()),
        None => None,
    };
    let arg = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse().map_err(|_| format!("not a number: {a}"))
        })
    };
    let (games, iterations, seed) = (arg(1, 400)?, arg(2, 500)?, arg(3, 1)?);
    let spec = args.first().map_or("", String::as_str);
    let name = spec.split('(').next().unwrap_or_default().trim();
    match (name, db) {
        ("diffusion", Some(db)) => {
            let start = game::<tabula_diffusion::Diffusion>(spec)?;
            let table = diffusion_table(&db, &start)?;
            let label = |state: &tabula_diffusion::Diffusion| exact(&table, state);
            run(spec, start, games, iterations, seed, Some(&label));
        }
        (_, Some(_)) => return Err("--db labels Diffusion positions only".into()),
        ("diffusion", None) => run(
            spec,
            game::<tabula_diffusion::Diffusion>(spec)?,
            games,
            iterations,
            seed,
            None,
        ),
        ("calcala", None) => run(
            spec,
            game::<tabula_calcala::Calcala>(spec)?,
            games,
            iterations,
            seed,
            None,
        ),
        ("differo", None) => run(
            spec,
            game::<tabula_differo::Differo>(spec)?,
            games,
            iterations,
            seed,
            None,
        ),
        ("grid-diffusion", None) => run(
            spec,
            game::<tabula_grid_diffusion::GridDiffusion>(spec)?,
            games,
            iterations,
            seed,
            None,
        ),
        _ => {
            return Err(
                "usage: fit_eval GAME [GAMES] [ITERATIONS] [SEED] [--db FILE], \
                 GAME a spec of diffusion, grid-diffusion, calcala or differo"
                    .into(),
            )
        }
    }
    Ok(())
}
