//! Tab completion: commands, game names, seats' agent kinds and the
//! current legal moves.

use std::cell::RefCell;
use std::rc::Rc;

use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

use super::table::COMMANDS;

/// What can be completed right now; refreshed after every command.
#[derive(Default)]
pub struct Words {
    pub games: Vec<String>,
    pub moves: Vec<String>,
    /// Agent names (`human` and every kind) with their parameter names.
    pub agents: Vec<(String, Vec<String>)>,
}

impl Words {
    /// Completions of the spec word of `agent SEAT SPEC`: a kind name, or
    /// after `kind(` or `,` one of its parameters.
    fn agent_spec(&self, prefix: &str) -> Vec<String> {
        let Some(open) = prefix.find('(') else {
            return self.agents.iter().map(|(name, _)| name.clone()).collect();
        };
        let kind = prefix[..open].to_ascii_lowercase();
        let cut = prefix.rfind([',', '(']).map_or(0, |i| i + 1);
        let params = self
            .agents
            .iter()
            .find(|(name, _)| *name == kind)
            .map(|(_, params)| params.as_slice())
            .unwrap_or_default();
        params
            .iter()
            .map(|p| format!("{}{p}=", &prefix[..cut]))
            .collect()
    }
}

#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct ReplHelper {
    pub words: Rc<RefCell<Words>>,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let prefix = &before[start..];
        let words = self.words.borrow();
        let first = before[..start].split_whitespace().next();
        let candidates: Vec<String> = match first.map(str::to_ascii_lowercase).as_deref() {
            None => COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .chain(words.moves.iter().cloned())
                .collect(),
            Some("new") => words.games.clone(),
            Some("play") => words.moves.clone(),
            Some("agent") if before[..start].split_whitespace().count() == 2 => {
                words.agent_spec(prefix)
            }
            Some("help") => COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .chain(words.agents.iter().map(|(name, _)| name.clone()))
                .collect(),
            _ => Vec::new(),
        };
        let matches = candidates
            .into_iter()
            .filter(|c| {
                c.to_ascii_lowercase()
                    .starts_with(&prefix.to_ascii_lowercase())
            })
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, matches))
    }
}
