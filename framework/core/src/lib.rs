//! Tabula's rules core: the [`Game`] trait every game implements, its
//! typed [`Params`], notation helpers, [`Outcome`]s, seeded randomness,
//! board drawing ([`render`], [`svg`], and [`draw`]'s helpers for the
//! common board shapes), and the object-safe [`AnyGame`] view every game
//! gets for free; and the output every report shares: [`stats`],
//! [`chart`]s on the one SVG writer, and text [`table`]s.
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
pub mod error;
pub mod eval;
pub mod files;
pub mod game;
pub mod isa;
pub mod key;
pub mod notation;
pub mod outcome;
pub mod params;
pub mod plan;
pub mod render;
pub mod rng;
pub mod spec;
pub mod stats;
pub mod svg;
pub mod table;

pub use any::{AnyGame, Boxed};
pub use error::{excerpt, MoveError, PositionError};
pub use game::{Game, View};
pub use outcome::{even_scores, Outcome, Scores, Seat, MAX_PLAYERS};
pub use params::{format_duration, parse_duration, ParamError, ParamKind, ParamSpec, Params};
pub use render::Style;
pub use rng::Rng;
pub use spec::{split_specs, Spec, SpecError};
