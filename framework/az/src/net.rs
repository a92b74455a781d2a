//! The policy–value network: a small residual MLP over a game's
//! observation, written out by hand (forward, backward, Adam) over one flat
//! parameter vector, so that a model file and a training checkpoint are
//! plain arrays of floats and every result is reproducible bit for bit.
//!
//! The policy head is evaluated and trained over the legal moves only: a
//! position has a few dozen of them, while a game's action numbering can
//! run to tens of thousands (Grid Diffusion's 8×8 board numbers 20,545),
//! and the search only ever asks for the legal moves' priors.

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use tabula_core::rng::seeded;

/// The widest hidden layer a model may have (trained models use 128).
pub const MAX_HIDDEN: usize = 4096;
/// The most residual blocks a model may have (trained models use 2).
pub const MAX_BLOCKS: usize = 64;
/// The largest observation length or action count a model may have.
pub const MAX_IO: usize = 1 << 20;
/// The most seats a model may answer for.
pub const MAX_PLAYERS: usize = 16;
/// The most parameters a model may have (1 GiB of floats).
pub const MAX_PARAMETERS: usize = 1 << 28;
/// The largest parameter a model may hold: trained ones stay below 10,
/// and much larger ones make the network's answers overflow to NaN.
pub const MAX_PARAMETER: f32 = 1000.0;

/// The sizes of a network: what it reads, what it answers, how wide and
/// deep it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// Observation length (the product of the game's observation shape).
    pub inputs: usize,
    /// Policy outputs: the game's action count.
    pub actions: usize,
    /// Value outputs: one expected score per seat, the observer's first.
    pub players: usize,
    /// Width of the hidden layers.
    pub hidden: usize,
    /// Residual blocks (two layers each) after the input layer.
    pub blocks: usize,
}

/// Where one dense layer's weights (`input × output`, row-major) and
/// biases sit in the parameter vector.
#[derive(Debug, Clone, Copy)]
struct Layer {
    input: usize,
    output: usize,
    weights: usize,
    biases: usize,
}

impl Shape {
    /// The layers in order: input, the blocks' pairs, policy head, value head.
    fn layers(&self) -> Vec<Layer> {
        let mut sizes = vec![(self.inputs, self.hidden)];
        sizes.extend(std::iter::repeat_n(
            (self.hidden, self.hidden),
            2 * self.blocks,
        ));
        sizes.push((self.hidden, self.actions));
        sizes.push((self.hidden, self.players));
        let mut offset = 0;
        sizes
            .into_iter()
            .map(|(input, output)| {
                let layer = Layer {
                    input,
                    output,
                    weights: offset,
                    biases: offset + input * output,
                };
                offset += (input + 1) * output;
                layer
            })
            .collect()
    }

    /// Refuses sizes beyond the format's limits ([`MAX_HIDDEN`],
    /// [`MAX_BLOCKS`], [`MAX_PARAMETERS`], ...), checked before any size is
    /// computed or allocated: a file's header is not trusted.
    pub fn check(&self) -> Result<(), String> {
        let limits = [
            ("inputs", self.inputs, MAX_IO),
            ("actions", self.actions, MAX_IO),
            ("players", self.players, MAX_PLAYERS),
            ("hidden", self.hidden, MAX_HIDDEN),
        ];
        for (name, value, max) in limits {
            if !(1..=max).contains(&value) {
                return Err(format!("{name} = {value}, outside 1..={max}"));
            }
        }
        if self.blocks > MAX_BLOCKS {
            return Err(format!("blocks = {}, more than {MAX_BLOCKS}", self.blocks));
        }
        // Within the limits above this cannot overflow.
        match self.parameter_count() {
            n if n > MAX_PARAMETERS => Err(format!(
                "{n} parameters, more than the {MAX_PARAMETERS} a model may have"
            )),
            _ => Ok(()),
        }
    }

    /// How many floats the network's parameters take.
    pub fn parameter_count(&self) -> usize {
        self.layers().iter().map(|l| (l.input + 1) * l.output).sum()
    }
}

/// The network's answer for a batch of observations.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// Policy logits of the actions asked for, row after row, each row's
    /// in the order its actions were given.
    pub logits: Vec<f32>,
    /// Expected scores, `batch × players`, each row summing to 1: the
    /// observer's first, then the seats after it in turn order.
    pub values: Vec<f32>,
}

/// Losses of one batch (cross-entropies, averaged over the batch).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Loss {
    /// Policy loss against the search's visit distribution.
    pub policy: f32,
    /// Value loss against the game's final scores.
    pub value: f32,
}

impl Loss {
    /// Their sum, the quantity training lowers.
    pub fn total(&self) -> f32 {
        self.policy + self.value
    }
}

/// A policy target: every legal action of a position, with the share of
/// the search's visits it took (the shares sum to 1). The policy's softmax
/// runs over these actions only.
pub type PolicyTarget = Vec<(u32, f32)>;

/// Training examples: observations (`inputs` each, row-major), policy
/// targets (one per row) and value targets (`players` each, the
/// observer's first, summing to 1).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Batch {
    /// `len × inputs` observations.
    pub observations: Vec<f32>,
    /// One policy target per row.
    pub policies: Vec<PolicyTarget>,
    /// `len × players` target scores.
    pub values: Vec<f32>,
}

/// A policy–value network: its shape and its parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    shape: Shape,
    params: Vec<f32>,
}

/// The activations a backward pass needs.
struct Trace {
    /// Input of every hidden-producing step: `h[0]` after the input
    /// layer, then after each block.
    hidden: Vec<Vec<f32>>,
    /// The inner activation of each block.
    inner: Vec<Vec<f32>>,
}

impl Net {
    /// A freshly initialised network (He-uniform weights from `seed`, the
    /// heads scaled down so that first answers are near uniform).
    pub fn new(shape: Shape, seed: u64) -> Self {
        let mut rng = seeded(seed);
        let mut params = vec![0.0; shape.parameter_count()];
        let layers = shape.layers();
        let heads = layers.len() - 2;
        for (i, layer) in layers.iter().enumerate() {
            let mut bound = (6.0 / layer.input as f32).sqrt();
            // The second layer of a block starts small: blocks begin near
            // the identity. The heads start small: near-uniform answers.
            if i >= heads || (i > 0 && i % 2 == 0) {
                bound *= 0.1;
            }
            for w in &mut params[layer.weights..layer.biases] {
                *w = rng.random_range(-bound..bound);
            }
        }
        Net { shape, params }
    }

    /// The network whose every parameter is zero: uniform priors over the
    /// legal moves and an even score for every seat. PUCT with it is a
    /// plain tree search guided only by the game's results (what `az`
    /// plays with no model).
    pub fn untrained(shape: Shape) -> Self {
        Net {
            shape,
            params: vec![0.0; shape.parameter_count()],
        }
    }

    /// A network from its shape and parameters; `None` when the count
    /// does not fit the shape.
    pub fn from_parameters(shape: Shape, params: Vec<f32>) -> Option<Self> {
        (params.len() == shape.parameter_count()).then_some(Net { shape, params })
    }

    /// The network's sizes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The parameters, in layer order.
    pub fn parameters(&self) -> &[f32] {
        &self.params
    }

    /// Evaluates `observations` (`batch × inputs`): every row's values,
    /// and the policy logits of the actions `actions` lists for that row
    /// (the legal moves, as a rule). Each row's answer depends on that row
    /// alone, so batching never changes a result.
    ///
    /// # Panics
    /// If the length is not a multiple of the input size, if `actions`
    /// does not have one list per row, or if an action is out of range.
    pub fn forward(&self, observations: &[f32], actions: &[&[u32]]) -> Output {
        // Vectorised for the CPU's fast path (AVX2); the same sums in the
        // same order on either path, so the same values.
        if tabula_core::isa::fast() {
            // SAFETY: `fast` is true only on a CPU with the fast path's features.
            unsafe { self.forward_fast(observations, actions).0 }
        } else {
            self.forward_traced(observations, actions).0
        }
    }

    tabula_core::fast_copy! {
        /// [`forward_traced`](Self::forward_traced) compiled for the fast path.
        fn forward_fast(
            &self,
            observations: &[f32],
            actions: &[&[u32]],
        ) -> (Output, Trace) {
            self.forward_traced(observations, actions)
        }
    }

    #[inline(always)]
    fn forward_traced(&self, observations: &[f32], actions: &[&[u32]]) -> (Output, Trace) {
        let shape = self.shape;
        assert_eq!(observations.len() % shape.inputs, 0, "observation length");
        let batch = observations.len() / shape.inputs;
        assert_eq!(actions.len(), batch, "one action list per row");
        let layers = shape.layers();
        let mut h = self.dense(&layers[0], observations, batch);
        relu(&mut h);
        let mut trace = Trace {
            hidden: vec![h.clone()],
            inner: Vec::new(),
        };
        for block in 0..shape.blocks {
            let mut a = self.dense(&layers[1 + 2 * block], &h, batch);
            relu(&mut a);
            let r = self.dense(&layers[2 + 2 * block], &a, batch);
            for (x, r) in h.iter_mut().zip(r) {
                *x = (*x + r).max(0.0);
            }
            trace.inner.push(a);
            trace.hidden.push(h.clone());
        }
        let logits = self.policy_logits(&layers[layers.len() - 2], &h, actions);
        let mut values = self.dense(&layers[layers.len() - 1], &h, batch);
        for row in values.chunks_mut(shape.players) {
            softmax(row);
        }
        (Output { logits, values }, trace)
    }

    /// `x W + b` for one layer over a batch.
    #[inline(always)]
    fn dense(&self, layer: &Layer, x: &[f32], batch: usize) -> Vec<f32> {
        let w = &self.params[layer.weights..layer.biases];
        let b = &self.params[layer.biases..layer.biases + layer.output];
        let mut out = Vec::with_capacity(batch * layer.output);
        for row in x.chunks(layer.input) {
            out.extend_from_slice(b);
            let at = out.len() - layer.output;
            let y = &mut out[at..];
            for (&xi, wi) in row.iter().zip(w.chunks(layer.output)) {
                if xi != 0.0 {
                    for (y, &w) in y.iter_mut().zip(wi) {
                        *y += xi * w;
                    }
                }
            }
        }
        out
    }

    /// The policy head's logits for the listed actions only: a few dozen
    /// columns of the head instead of all of them.
    #[inline(always)]
    fn policy_logits(&self, head: &Layer, h: &[f32], actions: &[&[u32]]) -> Vec<f32> {
        let w = &self.params[head.weights..head.biases];
        let b = &self.params[head.biases..head.biases + head.output];
        let mut out = Vec::with_capacity(actions.iter().map(|a| a.len()).sum());
        for (row, listed) in h.chunks(head.input).zip(actions) {
            let at = out.len();
            out.extend(listed.iter().map(|&a| b[a as usize]));
            let y = &mut out[at..];
            for (&x, wi) in row.iter().zip(w.chunks(head.output)) {
                if x != 0.0 {
                    for (y, &a) in y.iter_mut().zip(*listed) {
                        *y += x * wi[a as usize];
                    }
                }
            }
        }
        out
    }

    /// The losses of `batch` and their gradient with respect to every
    /// parameter (both averaged over the batch).
    pub fn loss_and_gradient(&self, batch: &Batch) -> (Loss, Vec<f32>) {
        if tabula_core::isa::fast() {
            // SAFETY: `fast` is true only on a CPU with the fast path's features.
            unsafe { self.loss_and_gradient_fast(batch) }
        } else {
            self.loss_and_gradient_here(batch)
        }
    }

    tabula_core::fast_copy! {
        /// [`loss_and_gradient`](Self::loss_and_gradient) compiled for the
        /// fast path.
        fn loss_and_gradient_fast(&self, batch: &Batch) -> (Loss, Vec<f32>) {
            self.loss_and_gradient_here(batch)
        }
    }

    /// [`loss_and_gradient`](Self::loss_and_gradient), inlined into either
    /// path's copy.
    #[inline(always)]
    fn loss_and_gradient_here(&self, batch: &Batch) -> (Loss, Vec<f32>) {
        let shape = self.shape;
        let n = batch.observations.len() / shape.inputs;
        let actions: Vec<Vec<u32>> = batch
            .policies
            .iter()
            .map(|target| target.iter().map(|&(a, _)| a).collect())
            .collect();
        let listed: Vec<&[u32]> = actions.iter().map(Vec::as_slice).collect();
        let (output, trace) = self.forward_traced(&batch.observations, &listed);
        let scale = 1.0 / n.max(1) as f32;
        let mut loss = Loss::default();
        // d(loss)/d(logits): softmax (over the legal moves) minus target.
        let mut d_logits = output.logits;
        let mut at = 0;
        for target in &batch.policies {
            let row = &mut d_logits[at..at + target.len()];
            at += target.len();
            softmax(row);
            for (p, &(_, t)) in row.iter_mut().zip(target) {
                if t > 0.0 {
                    loss.policy -= t * p.max(1e-12).ln();
                }
                *p = (*p - t) * scale;
            }
        }
        let mut d_values = output.values.clone();
        for (row, target) in d_values
            .chunks_mut(shape.players)
            .zip(batch.values.chunks(shape.players))
        {
            for (p, &t) in row.iter_mut().zip(target) {
                if t > 0.0 {
                    loss.value -= t * p.max(1e-12).ln();
                }
                *p = (*p - t) * scale;
            }
        }
        loss.policy *= scale;
        loss.value *= scale;

        let layers = shape.layers();
        let mut grad = vec![0.0; self.params.len()];
        let top = &trace.hidden[shape.blocks];
        let mut dh = vec![0.0; top.len()];
        self.policy_backward(
            &layers[layers.len() - 2],
            top,
            &listed,
            &d_logits,
            &mut grad,
            &mut dh,
        );
        self.dense_backward(
            &layers[layers.len() - 1],
            top,
            &d_values,
            &mut grad,
            Some(&mut dh),
        );
        for block in (0..shape.blocks).rev() {
            // h' = relu(h + W2 relu(W1 h)): through the outer relu first.
            for (d, &out) in dh.iter_mut().zip(&trace.hidden[block + 1]) {
                if out <= 0.0 {
                    *d = 0.0;
                }
            }
            let a = &trace.inner[block];
            let mut da = vec![0.0; a.len()];
            self.dense_backward(&layers[2 + 2 * block], a, &dh, &mut grad, Some(&mut da));
            for (d, &a) in da.iter_mut().zip(a) {
                if a <= 0.0 {
                    *d = 0.0;
                }
            }
            // The skip connection passes dh through unchanged.
            self.dense_backward(
                &layers[1 + 2 * block],
                &trace.hidden[block],
                &da,
                &mut grad,
                Some(&mut dh),
            );
        }
        for (d, &out) in dh.iter_mut().zip(&trace.hidden[0]) {
            if out <= 0.0 {
                *d = 0.0;
            }
        }
        self.dense_backward(&layers[0], &batch.observations, &dh, &mut grad, None);
        (loss, grad)
    }

    /// [`Self::dense_backward`] for the policy head, over the listed
    /// actions' columns only (the others' gradient is zero).
    fn policy_backward(
        &self,
        head: &Layer,
        h: &[f32],
        actions: &[&[u32]],
        d_logits: &[f32],
        grad: &mut [f32],
        dh: &mut [f32],
    ) {
        let w = &self.params[head.weights..head.biases];
        let (gw, gb) =
            grad[head.weights..head.biases + head.output].split_at_mut(head.biases - head.weights);
        let mut at = 0;
        for ((row, dhr), listed) in h
            .chunks(head.input)
            .zip(dh.chunks_mut(head.input))
            .zip(actions)
        {
            let dy = &d_logits[at..at + listed.len()];
            at += listed.len();
            for (&a, &d) in listed.iter().zip(dy) {
                gb[a as usize] += d;
            }
            for (((&x, d), wi), gwi) in row
                .iter()
                .zip(dhr)
                .zip(w.chunks(head.output))
                .zip(gw.chunks_mut(head.output))
            {
                for (&a, &dy) in listed.iter().zip(dy) {
                    *d += wi[a as usize] * dy;
                    if x != 0.0 {
                        gwi[a as usize] += x * dy;
                    }
                }
            }
        }
    }

    /// Accumulates one layer's weight and bias gradients from its input
    /// `x` and output gradient `dy`, and adds `dy Wᵀ` to `dx` when asked.
    #[inline(always)]
    fn dense_backward(
        &self,
        layer: &Layer,
        x: &[f32],
        dy: &[f32],
        grad: &mut [f32],
        dx: Option<&mut Vec<f32>>,
    ) {
        let (gw, gb) = grad[layer.weights..layer.biases + layer.output]
            .split_at_mut(layer.biases - layer.weights);
        for (xr, dyr) in x.chunks(layer.input).zip(dy.chunks(layer.output)) {
            for (g, &d) in gb.iter_mut().zip(dyr) {
                *g += d;
            }
            for (&xi, gwi) in xr.iter().zip(gw.chunks_mut(layer.output)) {
                if xi != 0.0 {
                    for (g, &d) in gwi.iter_mut().zip(dyr) {
                        *g += xi * d;
                    }
                }
            }
        }
        if let Some(dx) = dx {
            let w = &self.params[layer.weights..layer.biases];
            for (dxr, dyr) in dx.chunks_mut(layer.input).zip(dy.chunks(layer.output)) {
                for (d, wi) in dxr.iter_mut().zip(w.chunks(layer.output)) {
                    *d += wi.iter().zip(dyr).map(|(w, d)| w * d).sum::<f32>();
                }
            }
        }
    }
}

/// Adam with decoupled weight decay: the optimiser, with its moments kept
/// so that a checkpoint resumes training exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Adam {
    /// Step size.
    pub learning_rate: f32,
    /// Decoupled weight decay per step (times the learning rate).
    pub weight_decay: f32,
    /// Steps taken.
    pub steps: u64,
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// An optimiser for `parameters` floats, no steps taken.
    pub fn new(parameters: usize, learning_rate: f32, weight_decay: f32) -> Self {
        Adam {
            learning_rate,
            weight_decay,
            steps: 0,
            m: vec![0.0; parameters],
            v: vec![0.0; parameters],
        }
    }

    /// One step of `net` down `gradient`.
    pub fn step(&mut self, net: &mut Net, gradient: &[f32]) {
        self.steps += 1;
        let t = self.steps as i32;
        let c1 = 1.0 - Self::BETA1.powi(t);
        let c2 = 1.0 - Self::BETA2.powi(t);
        let decay = 1.0 - self.learning_rate * self.weight_decay;
        for (((p, &g), m), v) in net
            .params
            .iter_mut()
            .zip(gradient)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *p = *p * decay - self.learning_rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
    }
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// Turns logits into probabilities, in place.
pub(crate) fn softmax(row: &mut [f32]) {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for v in row.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in row.iter_mut() {
        *v /= sum;
    }
}
