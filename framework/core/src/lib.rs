//! Tabula's rules core: the [`Game`] trait (the rules of a position) and
//! the [`Variant`] trait (a game with its parameters) every game
//! implements, the facets beside them ([`Notation`], [`Actions`],
//! [`Observation`], [`Evaluation`], [`Drawing`], [`Picture`]; see
//! [`game`] for who asks for which), typed [`Params`], notation helpers,
//! [`Outcome`]s, seeded randomness, board drawing ([`render`], [`svg`],
//! and [`draw`]'s helpers for the common board shapes), and the
//! object-safe [`AnyGame`] view every [`FullGame`] gets for free; and the
//! output every report shares: [`stats`], [`chart`]s on the one SVG
//! writer, and text [`table`]s.
//!
//! `use tabula_core::prelude::*` brings the game traits into scope.
//!
//! A game crate depends on this crate alone (a solvable one on
//! `tabula-solve` too), so that changing a search, an agent or the
//! registry never rebuilds the games. Users depend on `tabula`, which
//! re-exports all of it.

#![warn(missing_docs)]

pub mod any;
pub mod bits;
pub mod chart;
pub mod cpu;
pub mod draw;
pub mod encoding;
pub mod error;
pub mod eval;
pub mod files;
pub mod game;
pub mod isa;
pub mod key;
pub mod notation;
pub mod outcome;
pub mod params;
mod perft;
pub mod plan;
pub mod render;
pub mod rng;
pub mod spec;
pub mod stats;
pub mod svg;
pub mod table;
pub mod variant;

pub use any::{AnyGame, Boxed};
pub use draw::{Drawing, Picture};
pub use encoding::{Actions, Observation};
pub use error::{excerpt, MoveError, PositionError};
pub use eval::Evaluation;
pub use game::{FullGame, Game, View};
pub use notation::Notation;
pub use outcome::{even_scores, Outcome, Scores, Seat, MAX_PLAYERS};
pub use params::{format_duration, parse_duration, ParamError, ParamKind, ParamSpec, Params};
pub use perft::perft;
pub use render::Style;
pub use rng::Rng;
pub use spec::{split_specs, Spec, SpecError};
pub use variant::Variant;

/// The game traits, and what every implementation names: `use
/// tabula_core::prelude::*` in a game's modules and tests.
pub mod prelude {
    pub use crate::{
        Actions, Drawing, Evaluation, FullGame, Game, Notation, Observation, Outcome, Picture,
        Scores, Seat, Variant, View,
    };
}
