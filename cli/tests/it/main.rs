//! The `tabula` binary's tests, in one binary: one module per topic, the
//! shared helpers in `common`. Each runs the real program (and real outside
//! engines) as a user or a script would.
//!
//! Run one topic with `cargo test -p tabula-cli --test it -- arena::`
//! (CONTRIBUTING.md lists the rest).

mod common;

mod agents;
mod arena;
mod boards;
#[cfg(unix)]
mod browser;
mod docs;
mod engine;
mod engine_processes;
mod files;
mod hostile;
mod pipes;
mod reliability;
mod repl;
mod serve;
#[cfg(target_os = "linux")]
mod serve_hostile;
mod serve_study;
mod shards;
mod shell;
mod solve;
mod study;
mod terminal;
mod train;
#[cfg(unix)]
mod webdriver;
