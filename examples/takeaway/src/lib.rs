//! Take-away for Tabula: a pile of stones, take one to `take` of them in
//! turn, whoever takes the last stone wins. The full rules as implemented
//! are `RULES.txt` (the variant's [`RULES`](tabula_core::Variant::RULES)).
//!
//! This is the template `tabula new-game NAME` copies, or a copy of it: a
//! complete, tested game in the layout every shipped game uses, small
//! enough to read in one sitting. In a copy, replace its rules with yours:
//! `state` and `variant` first, then each facet (every module reads the
//! state's fields, so the crate builds again once all of them read
//! yours); its tests (and, once it is in the catalog, the workspace's
//! cross-game tests) keep checking them.
//!
//! # Layout
//! `state` (the position and its rules: [`Game`](tabula_core::Game), the
//! six methods every search calls) and `variant` (the parameters, the
//! start, the facts every position shares, the test plan:
//! [`Variant`](tabula_core::Variant)); beside them a module per facet,
//! each implementing its trait — `notation` (move and position text,
//! action numbers), `observation`, `eval`, `render` (the REPL board),
//! `svg` (the board picture with its click targets) — and `tests` (the
//! rules' examples and the conformance suite).

mod eval;
mod notation;
mod observation;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use state::Takeaway;
pub use variant::{TakeawayVariant, TEST_PLAN};
