//! The agent kinds Tabula ships. The list lives here, above every kind's
//! own crate, because the learned agent (`tabula-az`) is itself built on
//! the agents crate.

use tabula_agents::{
    AlphaBetaKind, EngineKind, GreedyKind, MctsKind, One, PerfectKind, RandomKind,
};
use tabula_az::AzKind;

/// The agent kinds Tabula ships, in the order `tabula agents` lists them.
pub type Builtin = (
    One<RandomKind>,
    One<GreedyKind>,
    One<MctsKind>,
    One<AlphaBetaKind>,
    One<EngineKind>,
    One<PerfectKind>,
    One<AzKind>,
);
