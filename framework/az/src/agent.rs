//! `az`: PUCT guided by a trained policy–value network, as an agent kind.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::file::{load_model, ModelHeader};
use super::net::{Net, Shape};
use super::puct::{PuctConfig, Tree};
use tabula_agents::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::params::ParamKind;
use tabula_core::rng::{seeded, Rng};
use tabula_search::search::{Control, History, Progress, SearchReport, PROGRESS_INTERVAL};

/// The `az` agent kind: AlphaZero-style PUCT search with a network
/// trained by `tabula train` (see [`crate`]).
pub struct AzKind;

/// Simulations per move when neither `iterations` nor `time` is given.
pub const DEFAULT_SIMULATIONS: u64 = 800;

tabula_agents::agent_settings! {
    /// What an `az(...)` spec sets.
    kind "az";
    pub struct AzSettings {
        /// the model file `tabula train` wrote for this game and variant;
        /// none: an untrained network (uniform priors, even values)
        pub model: Option<PathBuf> = ParamKind::Verbatim { expected: "a model file" }.unset(),
        /// simulations per move (800 when neither this nor time is given)
        pub iterations: Option<u64> = tabula_agents::ITERATIONS,
        /// thinking time per move; with iterations too, whichever ends first
        pub time: Option<Duration> = tabula_agents::SEARCH_TIME,
        /// PUCT exploration constant
        pub c: f32 = ParamKind::Float { min: 0.0, max: 100.0 }.default("1.5"),
        /// share of Dirichlet noise mixed into the root's priors (drawn from the seed)
        pub noise: f32 = ParamKind::Float { min: 0.0, max: 1.0 }.default("0"),
        /// share of the game's own evaluation in a leaf's value (0: the network alone)
        pub mix: f32 = ParamKind::Float { min: 0.0, max: 1.0 }.default("0"),
        /// prove wins and losses in the tree (MCTS-solver) and stop when the root is proven
        pub solver: bool = ParamKind::Bool.default("on"),
        /// first-play urgency: an unvisited move counts as its visited siblings' mean
        /// less this (unset: an even score)
        pub fpu: Option<f32> = ParamKind::Float { min: 0.0, max: 1.0 }.unset(),
        /// temperature of the network's priors (above 1: flatter, wider search)
        pub ptemp: f32 = ParamKind::Float { min: 0.1, max: 10.0 }.default("1"),
        /// score a position that repeats an earlier one of the game or of the line
        /// searched as even, so a side ahead makes progress instead of shuffling
        pub repeats: bool = ParamKind::Bool.default("on"),
        /// keep the subtree of the moves played between searches (not with noise)
        pub reuse: bool = ParamKind::Bool.default("on"),
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = tabula_agents::SEED,
    }
}

impl AgentKind for AzKind {
    type Settings = AzSettings;
    const DESCRIPTION: &'static str =
        "AlphaZero-style PUCT search guided by a policy-value network trained by `tabula train`";

    fn build<G: Game>(
        settings: &AzSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let expected = header_for(context.start, context.game, 0, 0);
        let net = match &settings.model {
            None => Arc::new(Net::untrained(Shape {
                hidden: 1,
                ..expected.shape
            })),
            Some(path) => {
                let (header, net) = cached_model(path).map_err(|e| e.to_string())?;
                header.check(path, &expected).map_err(|e| e.to_string())?;
                check_answers(path, &net, context.start)?;
                net
            }
        };
        Ok(Box::new(AzAgent::<G> {
            net,
            config: PuctConfig {
                c: settings.c,
                noise: settings.noise,
                mix: settings.mix,
                solver: settings.solver,
                repeats_even: settings.repeats,
                fpu: settings.fpu,
                policy_temperature: settings.ptemp,
                ..PuctConfig::default()
            },
            iterations: settings.iterations,
            time: settings.time,
            // Noise is mixed in when the root is expanded: a kept root
            // already is, so with noise every search starts afresh.
            reuse: settings.reuse && settings.noise == 0.0,
            tree: None,
            history: History::default(),
            rng: seeded(context.seed),
            marker: std::marker::PhantomData,
        }))
    }
}

/// Refuses a network whose answer for `start` is not a number: bounded
/// parameters can still overflow in a deep enough network.
fn check_answers<G: Game>(path: &Path, net: &Net, start: &G) -> Result<(), String> {
    let mut observation = vec![0.0; net.shape().inputs];
    start.observe(start.to_move(), &mut observation);
    let actions: Vec<u32> = (0..net.shape().actions as u32).collect();
    let output = net.forward(&observation, &[&actions]);
    match output
        .logits
        .iter()
        .chain(&output.values)
        .all(|x| x.is_finite())
    {
        true => Ok(()),
        false => Err(format!(
            "{}: the network's answers are not numbers (its parameters are too large)",
            path.display()
        )),
    }
}

/// The header a model for `start`'s variant (spec text `game`) carries;
/// `hidden` and `blocks` are the network's own choice.
pub fn header_for<G: Game>(start: &G, game: &str, hidden: usize, blocks: usize) -> ModelHeader {
    let observation = start.observation_shape();
    ModelHeader::new(
        game,
        observation.clone(),
        Shape {
            inputs: observation.iter().product(),
            actions: start.action_count(),
            players: start.players(),
            hidden,
            blocks,
        },
    )
}

type Cached = (ModelHeader, Arc<Net>);

/// Models by path, read once for all the agents that use them (the arena
/// builds every agent for every game): reloaded when the file changes.
fn cached_model(path: &Path) -> Result<Cached, super::ModelError> {
    type Cache = HashMap<PathBuf, (Option<std::time::SystemTime>, Cached)>;
    static CACHE: Mutex<Option<Cache>> = Mutex::new(None);
    let stamp = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some((when, cached)) = cache.get(path) {
        if stamp.is_some() && *when == stamp {
            return Ok(cached.clone());
        }
    }
    let (header, net) = load_model(path)?;
    let cached = (header, Arc::new(net));
    cache.insert(path.to_path_buf(), (stamp, cached.clone()));
    Ok(cached)
}

/// The agent: a network and the search settings.
struct AzAgent<G: Game> {
    net: Arc<Net>,
    config: PuctConfig,
    iterations: Option<u64>,
    time: Option<Duration>,
    /// Whether the last search's tree is kept for the next one.
    reuse: bool,
    /// The last search's tree, moved down by the moves played since.
    tree: Option<Tree<G>>,
    history: History,
    rng: Rng,
    marker: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> Agent<G> for AzAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        control: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        if state.outcome().is_some() {
            return Err(Forfeit::new("asked to move in a finished game"));
        }
        let started = Instant::now();
        let (iterations, time) = match control.limit.is_set() {
            true => (control.limit.iterations, control.limit.time),
            false => (self.iterations, self.time),
        };
        let budget = match (iterations, time) {
            (Some(n), _) => n.max(1),
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_SIMULATIONS,
        };
        let deadline = time.map(|t| started + t);
        self.history.start_at(state.key());
        let mut tree = match self.tree.take() {
            Some(kept) if kept.root().key() == state.key() => kept,
            _ => Tree::new(state.clone()),
        };
        tree.set_history(self.history.keys());
        let shape = self.net.shape();
        let mut observation = vec![0.0; shape.inputs];
        let mut last_report = started;
        let mut done = 0u64;
        // The first simulation always runs: the root must be expanded.
        while done < budget {
            if let Some(leaf) = tree.select(&self.config) {
                leaf.observe(leaf.to_move(), &mut observation);
                let output = self.net.forward(&observation, &[tree.leaf_actions()]);
                tree.expand(
                    &output.logits,
                    &output.values,
                    &self.config,
                    Some(&mut self.rng),
                );
            }
            done += 1;
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) || control.stopped() || tree.proven().is_some() {
                break;
            }
            if control.progress.is_some() && now - last_report >= PROGRESS_INTERVAL {
                last_report = now;
                let children = tree.children();
                let best = children.first().map(|c| c.mv);
                // The variation follows visits; it starts with the move
                // chosen, as the final report's does.
                let mut pv = tree.principal_variation();
                if pv.first() != best.as_ref() {
                    pv = best.into_iter().collect();
                }
                control.report(
                    &Progress {
                        best,
                        value: Some(tree.value()),
                        pv,
                        ..Progress::counts(now - started, done)
                    }
                    .with_moves(children),
                );
            }
        }
        let children = tree.children();
        let best = children[0].mv;
        let mut pv = tree.principal_variation();
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        let report = SearchReport {
            best,
            iterations: done,
            nodes: tree.len(),
            elapsed: started.elapsed(),
            value: tree.value(),
            children,
            pv,
            proven: tree.proven(),
            depth: None,
            distance: None,
        };
        if self.reuse {
            self.tree = Some(tree);
        }
        Ok(Decision {
            mv: best,
            search: Some(report),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.history.passed(before, mv);
        self.tree = self
            .tree
            .take()
            .filter(|tree| tree.root().key() == before.key())
            .and_then(|tree| tree.descend(mv));
    }
}
