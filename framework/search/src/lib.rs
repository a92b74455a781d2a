//! Tabula's searches over any [`Game`](tabula_core::Game): the vocabulary
//! they share ([`search`]), random playouts and perft ([`playout`]),
//! Monte-Carlo tree search ([`mcts`]), alpha-beta ([`alphabeta`]), and the
//! speed probes behind `tabula bench` ([`bench`](mod@bench)).

#![warn(missing_docs)]

pub mod alphabeta;
pub mod bench;
pub mod mcts;
pub mod playout;
pub mod search;
