//! The cross-game tests, in one binary: one module per topic, the shared
//! helpers in `common` and `heap`. One binary links the framework and the
//! games once, where a binary per file linked them thirty times.
//!
//! Run one topic with `cargo test -p tabula-tests --test it -- mcts::`, one
//! test with its full name and `--exact`; the soak tier as CONTRIBUTING.md
//! says.

mod common;
mod heap;

mod actions;
mod agents;
mod allocations;
mod arena_memory;
mod az;
mod conformance;
mod forfeits;
mod fuzz_regressions;
mod isa;
mod mcts;
mod mcts_memory;
mod memory;
mod properties;
mod protocol;
mod records;
mod registration;
mod solve;
mod solve_margin;
mod study;
