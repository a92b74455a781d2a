//! The self-play training loop: play games with PUCT and the current
//! network, keep their positions in a replay buffer, fit the network to
//! the searches' visit counts and the games' results with Adam, and now
//! and then measure the new network against the previous one and against
//! plain MCTS.
//!
//! Every random choice of iteration `i` is drawn from a generator seeded
//! by `(seed, i, game)`, and a checkpoint holds the network, the
//! optimiser's moments and the replay buffer, so training resumed from a
//! checkpoint continues exactly as if it had never stopped, whatever the
//! thread count.

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use super::agent::header_for;
use super::file::{self, ModelError, ModelHeader, CHECKPOINT_MAGIC};
use super::net::{Adam, Batch, Loss, Net, PolicyTarget, Shape};
use super::puct::{search_batch, PuctConfig, Tree};
use tabula_agents::Agent;
use tabula_core::game::Game;
use tabula_core::key;
use tabula_core::outcome::{even_scores, Scores};
use tabula_core::rng::{seeded, Rng};
use tabula_core::{Actions, Evaluation, Observation};
use tabula_search::mcts::{Mcts, MctsConfig};
use tabula_search::search::Control;

/// The settings of a training run. The defaults suit a small board game
/// on a laptop; tests use smaller ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The game variant's spec text, written into every model file.
    pub game: String,
    /// The seed every random choice flows from.
    pub seed: u64,
    /// Threads for self-play and evaluation games.
    pub threads: usize,
    /// Width of the network's hidden layers.
    pub hidden: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// PUCT simulations per self-play move.
    pub simulations: u32,
    /// Self-play games per iteration.
    pub games_per_iteration: usize,
    /// Moves (from the start) drawn in proportion to the visits; later
    /// moves take the most visited.
    pub temperature_plies: usize,
    /// PUCT settings of self-play (with root noise).
    pub puct: PuctConfig,
    /// Self-play games longer than this are stopped and scored by the
    /// game's evaluation (or as a draw).
    pub max_plies: usize,
    /// Positions the replay buffer keeps (the oldest go first).
    pub buffer: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Gradient steps per iteration.
    pub steps_per_iteration: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Decoupled weight decay.
    pub weight_decay: f32,
    /// Evaluate every this many iterations (0: never).
    pub eval_every: u64,
    /// Games per evaluation match (seats alternate, the first two plies
    /// are random so that games differ).
    pub eval_games: usize,
    /// PUCT simulations per move of the network in evaluation matches.
    pub eval_simulations: u32,
    /// Iterations per move of the MCTS opponent in evaluation matches.
    pub eval_mcts_iterations: u64,
}

impl TrainConfig {
    /// The defaults for game variant `game`.
    pub fn new(game: &str) -> Self {
        TrainConfig {
            game: game.to_string(),
            seed: 1,
            threads: 1,
            hidden: 128,
            blocks: 2,
            simulations: 100,
            games_per_iteration: 32,
            temperature_plies: 12,
            puct: PuctConfig {
                noise: 0.25,
                ..PuctConfig::default()
            },
            max_plies: 400,
            buffer: 100_000,
            batch: 256,
            steps_per_iteration: 40,
            learning_rate: 2e-3,
            weight_decay: 1e-4,
            eval_every: 5,
            eval_games: 20,
            eval_simulations: 200,
            eval_mcts_iterations: 1000,
        }
    }
}

/// A measured match: the network's mean score against an opponent.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MatchScore {
    /// Games played.
    pub games: usize,
    /// The network's mean score (0..=1).
    pub score: f32,
}

impl MatchScore {
    /// The Elo difference the score implies ([`tabula_core::stats::elo_of_score`]),
    /// held to ±800 so that a clean sweep still plots: at 0.01 and 0.99.
    pub fn elo(&self) -> f32 {
        tabula_core::stats::elo_of_score(f64::from(self.score).clamp(0.01, 0.99)) as f32
    }
}

/// What one iteration did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IterationReport {
    /// Iterations done, this one included.
    pub iteration: u64,
    /// Self-play games played in all.
    pub games: u64,
    /// This iteration's self-play games stopped at `max_plies` and scored
    /// by the evaluation: a high share means the value targets are the
    /// evaluation's guesses rather than results.
    #[serde(default)]
    pub adjudicated: usize,
    /// Positions in the replay buffer.
    pub positions: usize,
    /// The mean loss of this iteration's gradient steps.
    pub loss: Loss,
    /// Seconds this iteration took.
    pub seconds: f64,
    /// Against the network of the previous evaluation, when evaluated.
    pub vs_previous: Option<MatchScore>,
    /// Against `mcts(iterations=eval_mcts_iterations)`, when evaluated.
    pub vs_mcts: Option<MatchScore>,
}

/// The replay buffer: a ring of training positions.
#[derive(Debug, Clone, Default, PartialEq)]
struct Replay {
    data: Batch,
    /// Where the next position goes once the ring is full.
    next: usize,
    len: usize,
}

/// One training position: observation, policy target, value target.
pub(super) type Example = (Vec<f32>, PolicyTarget, Vec<f32>);

/// One self-play position waiting for its game's result.
struct Pending {
    observation: Vec<f32>,
    policy: PolicyTarget,
    seat: usize,
}

/// The checkpoint's header line.
#[derive(Serialize, Deserialize)]
struct CheckpointHeader {
    config: TrainConfig,
    model: ModelHeader,
    iteration: u64,
    games: u64,
    adam_steps: u64,
    replay_len: usize,
    replay_next: usize,
    /// The policy targets' entries (legal moves) in all.
    policy_entries: usize,
    has_previous: bool,
}

impl CheckpointHeader {
    /// The floats in each section, from the header's sizes, checked
    /// against the format's limits before anything is allocated.
    fn sections(&self) -> Result<[usize; 9], String> {
        let shape = self.model.shape;
        shape.check()?;
        let n = shape.parameter_count();
        let len = self.replay_len;
        let entries = self.policy_entries;
        let impossible = || "impossible sizes in the header".to_string();
        let sizes = [
            n,
            n,
            n,
            if self.has_previous { n } else { 0 },
            len.checked_mul(shape.inputs).ok_or_else(impossible)?,
            len,
            entries,
            entries,
            len.checked_mul(shape.players).ok_or_else(impossible)?,
        ];
        sizes
            .iter()
            .try_fold(0usize, |sum, &size| sum.checked_add(size))
            .and_then(|total| total.checked_mul(4))
            .ok_or_else(impossible)?;
        Ok(sizes)
    }
}

/// A training run for game `G`.
pub struct Trainer<G: Game + Actions + Observation + Evaluation> {
    config: TrainConfig,
    start: G,
    header: ModelHeader,
    net: Net,
    adam: Adam,
    replay: Replay,
    /// The network of the last evaluation, the next one's opponent.
    previous: Option<Net>,
    iteration: u64,
    games: u64,
}

/// A generator for one purpose of one iteration.
fn rng_for(seed: u64, iteration: u64, purpose: u64) -> Rng {
    seeded(key::of(&[seed, iteration, purpose]))
}

impl<G: Game + Actions + Observation + Evaluation> Trainer<G> {
    /// A fresh run from `start` (a position of the variant `config.game`
    /// names).
    pub fn new(start: G, config: TrainConfig) -> Self {
        let header = header_for(&start, &config.game, config.hidden, config.blocks);
        let net = Net::new(header.shape, key::of(&[config.seed, u64::MAX]));
        let adam = Adam::new(
            header.shape.parameter_count(),
            config.learning_rate,
            config.weight_decay,
        );
        Trainer {
            config,
            start,
            header,
            net,
            adam,
            replay: Replay::default(),
            previous: None,
            iteration: 0,
            games: 0,
        }
    }

    /// The run's settings.
    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    /// The current network.
    pub fn net(&self) -> &Net {
        &self.net
    }

    /// Iterations done.
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The header of the models this run writes.
    pub fn header(&self) -> &ModelHeader {
        &self.header
    }

    /// One iteration: self-play, training, and an evaluation when due.
    pub fn iterate(&mut self) -> IterationReport {
        let started = Instant::now();
        let (examples, adjudicated) = self.self_play();
        for example in examples {
            self.replay.push(example, self.config.buffer);
        }
        let loss = self.fit();
        self.iteration += 1;
        let (mut vs_previous, mut vs_mcts) = (None, None);
        if self.config.eval_every > 0 && self.iteration.is_multiple_of(self.config.eval_every) {
            let previous = self
                .previous
                .take()
                .unwrap_or_else(|| Net::untrained(self.header.shape));
            vs_previous = Some(self.evaluate(|_| Box::new(self.player(previous.clone()))));
            vs_mcts = Some(self.evaluate(|seed| {
                Box::new(Mcts::<G>::new(MctsConfig {
                    iterations: Some(self.config.eval_mcts_iterations),
                    seed,
                    ..MctsConfig::default()
                }))
            }));
            self.previous = Some(self.net.clone());
        }
        IterationReport {
            iteration: self.iteration,
            games: self.games,
            adjudicated,
            positions: self.replay.len,
            loss,
            seconds: started.elapsed().as_secs_f64(),
            vs_previous,
            vs_mcts,
        }
    }

    /// Plays this iteration's self-play games, split over the threads,
    /// each thread running its games side by side with batched leaf
    /// evaluation. The examples come back in game order, with the count
    /// of games adjudicated.
    fn self_play(&mut self) -> (Vec<Example>, usize) {
        let count = self.config.games_per_iteration;
        let threads = self.config.threads.clamp(1, count.max(1));
        let per = count.div_ceil(threads);
        let games: Vec<u64> = (0..count as u64).collect();
        let this = &*self;
        let results: Vec<(Vec<Example>, usize)> = std::thread::scope(|scope| {
            let handles: Vec<_> = games
                .chunks(per.max(1))
                .map(|chunk| scope.spawn(move || this.play_games(chunk)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a self-play thread panicked"))
                .collect()
        });
        self.games += count as u64;
        let adjudicated = results.iter().map(|r| r.1).sum();
        (results.into_iter().flat_map(|r| r.0).collect(), adjudicated)
    }

    /// Plays the self-play games numbered `games` side by side.
    /// Returns their examples and how many were adjudicated.
    pub(super) fn play_games(&self, games: &[u64]) -> (Vec<Example>, usize) {
        let config = &self.config;
        let shape = self.header.shape;
        let mut rngs: Vec<Rng> = games
            .iter()
            .map(|&g| rng_for(config.seed, self.iteration, g))
            .collect();
        let mut states: Vec<G> = games.iter().map(|_| self.start.clone()).collect();
        let mut histories: Vec<Vec<Pending>> = games.iter().map(|_| Vec::new()).collect();
        // The keys of each game's earlier positions, for `repeats_even`.
        let mut seen: Vec<HashSet<u64>> = games.iter().map(|_| HashSet::new()).collect();
        let mut adjudicated = 0;
        let mut finished: Vec<Option<Scores>> = vec![None; games.len()];
        let mut examples: Vec<Vec<Example>> = games.iter().map(|_| Vec::new()).collect();
        loop {
            let active: Vec<usize> = (0..games.len())
                .filter(|&i| finished[i].is_none())
                .collect();
            if active.is_empty() {
                break;
            }
            let mut trees: Vec<Tree<G>> = active
                .iter()
                .map(|&i| {
                    let mut tree = Tree::new(states[i].clone());
                    if config.puct.repeats_even {
                        tree.set_history(&seen[i]);
                    }
                    tree
                })
                .collect();
            let mut tree_rngs: Vec<Rng> = active.iter().map(|&i| rngs[i].clone()).collect();
            search_batch(
                &mut trees,
                &self.net,
                &config.puct,
                config.simulations,
                &mut tree_rngs,
            );
            for ((&i, tree), rng) in active.iter().zip(&trees).zip(tree_rngs) {
                rngs[i] = rng;
                let state = &mut states[i];
                let seat = state.to_move();
                let mut observation = vec![0.0; shape.inputs];
                state.observe(seat, &mut observation);
                histories[i].push(Pending {
                    observation,
                    policy: tree.policy(),
                    seat,
                });
                let temperature = match histories[i].len() <= config.temperature_plies {
                    true => 1.0,
                    false => 0.0,
                };
                let mv = tree.sample_move(temperature, &mut rngs[i]);
                if config.puct.repeats_even {
                    seen[i].insert(state.key());
                }
                state.play(mv);
                finished[i] = match state.outcome() {
                    Some(outcome) => Some(outcome.scores()),
                    None if histories[i].len() >= config.max_plies => {
                        adjudicated += 1;
                        Some(state.evaluate())
                    }
                    None => None,
                };
                if let Some(scores) = finished[i] {
                    for p in histories[i].drain(..) {
                        let value = (0..shape.players)
                            .map(|k| scores[(p.seat + k) % shape.players])
                            .collect();
                        examples[i].push((p.observation, p.policy, value));
                    }
                }
            }
        }
        (examples.into_iter().flatten().collect(), adjudicated)
    }

    /// This iteration's gradient steps on minibatches drawn from the
    /// replay buffer; the mean loss.
    fn fit(&mut self) -> Loss {
        let steps = self.config.steps_per_iteration;
        if self.replay.len == 0 || steps == 0 {
            return Loss::default();
        }
        let mut rng = rng_for(self.config.seed, self.iteration, u64::MAX);
        let mut total = Loss::default();
        for _ in 0..steps {
            let picks: Vec<usize> = (0..self.config.batch)
                .map(|_| rng.random_range(0..self.replay.len))
                .collect();
            let batch = self.replay.gather(&picks, self.header.shape);
            let (loss, gradient) = self.net.loss_and_gradient(&batch);
            self.adam.step(&mut self.net, &gradient);
            total.policy += loss.policy / steps as f32;
            total.value += loss.value / steps as f32;
        }
        total
    }

    /// `net` as evaluation matches play it.
    fn player(&self, net: Net) -> NetPlayer {
        NetPlayer {
            net,
            simulations: self.config.eval_simulations,
            config: PuctConfig {
                noise: 0.0,
                ..self.config.puct
            },
        }
    }

    /// The current network's mean score against `opponent` (built from a
    /// seed) over `eval_games` games, seats rotating.
    fn evaluate(&self, opponent: impl Fn(u64) -> Box<dyn Agent<G>> + Sync) -> MatchScore {
        let games = self.config.eval_games;
        let players = self.header.shape.players;
        let threads = self.config.threads.clamp(1, games.max(1));
        let indices: Vec<usize> = (0..games).collect();
        let opponent = &opponent;
        let scores: Vec<f32> = std::thread::scope(|scope| {
            let handles: Vec<_> = indices
                .chunks(games.div_ceil(threads).max(1))
                .map(|chunk| {
                    scope.spawn(move || {
                        chunk
                            .iter()
                            .map(|&g| {
                                let mut rng =
                                    rng_for(self.config.seed, self.iteration, 1 << 32 | g as u64);
                                let seat = g % players;
                                let mut agents: Vec<Box<dyn Agent<G>>> = (0..players)
                                    .map(|s| match s == seat {
                                        true => Box::new(self.player(self.net.clone()))
                                            as Box<dyn Agent<G>>,
                                        false => opponent(rng.random()),
                                    })
                                    .collect();
                                play_out(&self.start, &mut agents, &mut rng, self.config.max_plies)
                                    [seat]
                            })
                            .collect::<Vec<f32>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("an evaluation thread panicked"))
                .collect()
        });
        MatchScore {
            games,
            score: scores.iter().sum::<f32>() / games.max(1) as f32,
        }
    }

    /// Writes the current network as a model file for `az(model=…)`.
    pub fn save_model(&self, path: &Path) -> Result<(), ModelError> {
        file::save_model(path, &self.header, &self.net)
    }

    /// Writes everything needed to resume exactly: settings, network,
    /// optimiser moments, replay buffer, the evaluation opponent. The
    /// policy targets' lengths and action numbers are integers, kept bit
    /// for bit in the file's float sections.
    pub fn save_checkpoint(&self, path: &Path) -> Result<(), ModelError> {
        let policies = &self.replay.data.policies;
        let lengths: Vec<f32> = policies
            .iter()
            .map(|p| f32::from_bits(p.len() as u32))
            .collect();
        let entries = policies.iter().flatten();
        let actions: Vec<f32> = entries.clone().map(|&(a, _)| f32::from_bits(a)).collect();
        let shares: Vec<f32> = entries.map(|&(_, share)| share).collect();
        let header = CheckpointHeader {
            config: self.config.clone(),
            model: self.header.clone(),
            iteration: self.iteration,
            games: self.games,
            adam_steps: self.adam.steps,
            replay_len: self.replay.len,
            replay_next: self.replay.next,
            policy_entries: shares.len(),
            has_previous: self.previous.is_some(),
        };
        let previous = self.previous.as_ref().map_or(&[][..], |n| n.parameters());
        file::write(
            path,
            CHECKPOINT_MAGIC,
            &header,
            &[
                self.net.parameters(),
                &self.adam.m,
                &self.adam.v,
                previous,
                &self.replay.data.observations,
                &lengths,
                &actions,
                &shares,
                &self.replay.data.values,
            ],
        )
    }

    /// Resumes a run from a checkpoint of `start`'s variant (spec text
    /// `game`); a checkpoint of another game or a damaged one is refused.
    pub fn load_checkpoint(start: G, game: &str, path: &Path) -> Result<Self, ModelError> {
        let (header, floats): (CheckpointHeader, Vec<f32>) =
            file::read(path, CHECKPOINT_MAGIC, |h: &CheckpointHeader| {
                h.sections().map(|sizes| sizes.iter().sum())
            })?;
        let expected = header_for(
            &start,
            game,
            header.model.shape.hidden,
            header.model.shape.blocks,
        );
        header.model.check(path, &expected)?;
        let shape: Shape = header.model.shape;
        let corrupt = |reason: &str| ModelError::Corrupt {
            path: path.display().to_string(),
            reason: reason.to_string(),
        };
        let sizes = header.sections().map_err(|reason| corrupt(&reason))?;
        let (n, len, entries) = (sizes[0], header.replay_len, header.policy_entries);
        if header.replay_next > len.max(1) {
            return Err(corrupt("its sections do not fit its header"));
        }
        let mut rest = &floats[..];
        let mut take = |size: usize| {
            let (head, tail) = rest.split_at(size);
            rest = tail;
            head.to_vec()
        };
        let net = Net::from_parameters(shape, take(n)).expect("sized");
        file::check_parameters(path, net.parameters())?;
        let adam = Adam {
            learning_rate: header.config.learning_rate,
            weight_decay: header.config.weight_decay,
            steps: header.adam_steps,
            m: take(n),
            v: take(n),
        };
        let previous = take(sizes[3]);
        file::check_parameters(path, &previous)?;
        let previous = header
            .has_previous
            .then(|| Net::from_parameters(shape, previous).expect("sized"));
        let observations = take(sizes[4]);
        let lengths = take(len);
        let actions = take(entries);
        let shares = take(entries);
        let policies = split_policies(&lengths, &actions, &shares, shape.actions)
            .ok_or_else(|| corrupt("its policy targets do not fit its game"))?;
        let replay = Replay {
            data: Batch {
                observations,
                policies,
                values: take(sizes[8]),
            },
            next: header.replay_next,
            len,
        };
        Ok(Trainer {
            config: header.config,
            start,
            header: header.model,
            net,
            adam,
            replay,
            previous,
            iteration: header.iteration,
            games: header.games,
        })
    }

    /// Changes the thread count of a resumed run (results do not depend
    /// on it).
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }
}

/// The policy targets from a checkpoint's sections: each row's length,
/// then all rows' action numbers (both integers kept as float bits) and
/// shares; `None` unless they fit together and every action is below
/// `action_count`.
fn split_policies(
    lengths: &[f32],
    actions: &[f32],
    shares: &[f32],
    action_count: usize,
) -> Option<Vec<PolicyTarget>> {
    let mut entries = actions
        .iter()
        .map(|a| a.to_bits())
        .zip(shares.iter().copied());
    let policies: Vec<PolicyTarget> = lengths
        .iter()
        .map(|len| entries.by_ref().take(len.to_bits() as usize).collect())
        .collect();
    let fits = entries.next().is_none()
        && policies
            .iter()
            .zip(lengths)
            .all(|(p, len)| p.len() == len.to_bits() as usize)
        && policies
            .iter()
            .flatten()
            .all(|&(a, share)| (a as usize) < action_count && share.is_finite());
    fits.then_some(policies)
}

impl Replay {
    fn push(&mut self, (obs, policy, value): Example, capacity: usize) {
        let capacity = capacity.max(1);
        if self.len < capacity {
            self.data.observations.extend(obs);
            self.data.policies.push(policy);
            self.data.values.extend(value);
            self.len += 1;
            return;
        }
        let at = self.next;
        let put = |data: &mut Vec<f32>, row: Vec<f32>| {
            let size = row.len();
            data[at * size..(at + 1) * size].copy_from_slice(&row);
        };
        put(&mut self.data.observations, obs);
        self.data.policies[at] = policy;
        put(&mut self.data.values, value);
        self.next = (self.next + 1) % capacity;
    }

    fn gather(&self, picks: &[usize], shape: Shape) -> Batch {
        let rows = |data: &[f32], size: usize| {
            picks
                .iter()
                .flat_map(|&i| data[i * size..(i + 1) * size].iter().copied())
                .collect()
        };
        Batch {
            observations: rows(&self.data.observations, shape.inputs),
            policies: picks
                .iter()
                .map(|&i| self.data.policies[i].clone())
                .collect(),
            values: rows(&self.data.values, shape.players),
        }
    }
}

/// The network with a fixed number of simulations and self-play's
/// search settings without the noise: the player evaluation matches judge.
struct NetPlayer {
    net: Net,
    simulations: u32,
    config: PuctConfig,
}

impl<G: Game + Actions + Observation + Evaluation> Agent<G> for NetPlayer {
    fn choose(
        &mut self,
        state: &G,
        _: &Control<'_, G::Move>,
    ) -> Result<tabula_agents::Decision<G::Move>, tabula_agents::Forfeit> {
        let mut trees = [Tree::new(state.clone())];
        let mut rngs = [seeded(0)];
        search_batch(
            &mut trees,
            &self.net,
            &self.config,
            self.simulations,
            &mut rngs,
        );
        Ok(tabula_agents::Decision {
            mv: trees[0].children()[0].mv,
            search: None,
        })
    }
}

/// Plays one game from `start` after two random plies; every seat's score.
fn play_out<G: Game + Actions + Observation + Evaluation>(
    start: &G,
    agents: &mut [Box<dyn Agent<G>>],
    rng: &mut Rng,
    max_plies: usize,
) -> Scores {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..2 {
        match state.random_move(rng, &mut moves) {
            Some(mv) => state.play(mv),
            None => break,
        }
    }
    for _ in 0..max_plies {
        if let Some(outcome) = state.outcome() {
            return outcome.scores();
        }
        let seat = state.to_move();
        let before = state.clone();
        let mv = match agents[seat].choose(&state, &Control::default()) {
            Ok(decision) => decision.mv,
            Err(_) => return even_scores(state.players()),
        };
        state.play(mv);
        for agent in agents.iter_mut() {
            agent.observe(&before, mv);
        }
    }
    state
        .outcome()
        .map_or_else(|| state.evaluate(), |o| o.scores())
}

/// A training run of any registered game, as the CLI drives it (see
/// `tabula::GameEntry::trainer`).
pub trait AnyTrainer: Send {
    /// One iteration: self-play, training, and an evaluation when due.
    fn iterate(&mut self) -> IterationReport;
    /// Iterations done.
    fn iteration(&self) -> u64;
    /// The run's settings.
    fn config(&self) -> &TrainConfig;
    /// Changes the thread count (results do not depend on it).
    fn set_threads(&mut self, threads: usize);
    /// Writes the current network as a model file.
    fn save_model(&self, path: &Path) -> Result<(), ModelError>;
    /// Writes a checkpoint to resume from.
    fn save_checkpoint(&self, path: &Path) -> Result<(), ModelError>;
}

impl<G: Game + Actions + Observation + Evaluation> AnyTrainer for Trainer<G> {
    fn iterate(&mut self) -> IterationReport {
        Trainer::iterate(self)
    }
    fn iteration(&self) -> u64 {
        Trainer::iteration(self)
    }
    fn config(&self) -> &TrainConfig {
        Trainer::config(self)
    }
    fn set_threads(&mut self, threads: usize) {
        Trainer::set_threads(self, threads)
    }
    fn save_model(&self, path: &Path) -> Result<(), ModelError> {
        Trainer::save_model(self, path)
    }
    fn save_checkpoint(&self, path: &Path) -> Result<(), ModelError> {
        Trainer::save_checkpoint(self, path)
    }
}
