//! A learned agent, AlphaZero-style: a policy–value network over a game's
//! observation ([`Observation::observe`](tabula_core::Observation::observe)) and action
//! numbering ([`Actions::action`](tabula_core::Actions::action)), PUCT search guided
//! by it ([`puct`]), the self-play training loop ([`Trainer`], `tabula
//! train`), model files that name their game ([`save_model`],
//! [`load_model`]), and the `az` agent kind ([`AzKind`]).
//!
//! The network is a small residual MLP written out by hand ([`Net`]):
//! a few hundred lines, no outside library, deterministic to the bit,
//! and fast enough on a CPU for the networks self-play on a laptop can
//! train. See `docs/az.md`.

mod agent;
mod file;
mod net;
pub mod puct;
mod train;

pub use agent::{header_for, AzKind, AzSettings, DEFAULT_SIMULATIONS};
pub use file::{load_model, save_model, ModelError, ModelHeader, CHECKPOINT_MAGIC, MODEL_MAGIC};
pub use net::{
    Adam, Batch, Loss, Net, Output, PolicyTarget, Shape, MAX_BLOCKS, MAX_HIDDEN, MAX_PARAMETER,
    MAX_PARAMETERS,
};
pub use puct::{PuctConfig, Tree};
pub use train::{AnyTrainer, IterationReport, MatchScore, TrainConfig, Trainer};

#[cfg(test)]
mod tests;
