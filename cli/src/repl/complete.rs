//! Tab completion: commands, game names, seats' agent kinds, the current
//! legal moves, and file names where a command takes a file (`load`,
//! `save`, `show --svg`, `solve load`).

use std::cell::RefCell;
use std::rc::Rc;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

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

/// What the word under the cursor is, from the words before it.
enum Slot {
    Words(Vec<String>),
    File,
}

pub struct ReplHelper {
    pub words: Rc<RefCell<Words>>,
    pub files: FilenameCompleter,
}

// Completion only: no hints, highlighting or multi-line input (the traits'
// defaults).
impl Helper for ReplHelper {}
impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {}
impl Validator for ReplHelper {}

impl ReplHelper {
    pub fn new(words: Rc<RefCell<Words>>) -> ReplHelper {
        ReplHelper {
            words,
            files: FilenameCompleter::new(),
        }
    }

    /// The completions of the word before `pos`: where it starts, and the
    /// candidates (the editor lists them when there are several).
    pub fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<Pair>) {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let prefix = &before[start..];
        let earlier: Vec<String> = before[..start]
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let earlier: Vec<&str> = earlier.iter().map(String::as_str).collect();
        let candidates = match self.slot(&earlier, prefix) {
            // A file name that cannot be read (a directory without
            // permission) completes to nothing, as any other word would.
            Slot::File => {
                return self
                    .files
                    .complete_path(line, pos)
                    .unwrap_or((pos, Vec::new()))
            }
            Slot::Words(candidates) => candidates,
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
        (start, matches)
    }

    fn slot(&self, earlier: &[&str], prefix: &str) -> Slot {
        let words = self.words.borrow();
        let commands = || COMMANDS.iter().map(|c| c.name.to_string());
        Slot::Words(match earlier {
            [] => commands().chain(words.moves.iter().cloned()).collect(),
            ["load" | "save"] | ["show", "--svg"] | ["solve", "load"] => return Slot::File,
            ["show"] => vec!["--svg".to_string()],
            ["solve"] => vec!["load".to_string()],
            ["new"] => words.games.clone(),
            ["play" | "moves"] => words.moves.clone(),
            ["agent", _] => words.agent_spec(prefix),
            ["help"] => commands()
                .chain(words.agents.iter().map(|(name, _)| name.clone()))
                .collect(),
            _ => Vec::new(),
        })
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        Ok(self.candidates(line, pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper() -> ReplHelper {
        let words = Words {
            games: vec!["diffusion".into(), "differo".into(), "calcala".into()],
            moves: vec!["B2-B6".into(), "B2-E2".into(), "C3-N".into()],
            agents: vec![("mcts".into(), vec!["iterations".into(), "time".into()])],
        };
        ReplHelper::new(Rc::new(RefCell::new(words)))
    }

    fn complete(line: &str) -> (usize, Vec<String>) {
        let (start, pairs) = helper().candidates(line, line.len());
        (start, pairs.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn commands_games_moves_and_agent_parameters() {
        assert_eq!(complete("sh"), (0, vec!["show".to_string()]));
        assert_eq!(complete("new dif").1, ["diffusion", "differo"]);
        assert_eq!(complete("moves B2").1, ["B2-B6", "B2-E2"]);
        assert_eq!(complete("play c").1, ["C3-N"]);
        assert_eq!(complete("agent 2 mcts(it").1, ["mcts(iterations="]);
        assert_eq!(complete("show --").1, ["--svg"]);
        assert_eq!(complete("solve l").1, ["load"]);
        assert!(complete("undo 2 x").1.is_empty());
    }

    #[test]
    fn file_names_complete_where_a_command_takes_a_file() {
        let dir = std::env::temp_dir().join(format!("tabula-complete-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["game-one.json", "game-two.json", "other.svg"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let base = format!("{}/", dir.display());
        for command in ["load ", "save ", "show --svg ", "solve load "] {
            let line = format!("{command}{base}game");
            let (start, found) = complete(&line);
            assert_eq!(start, command.len(), "{line}");
            let mut names: Vec<String> = found
                .iter()
                .map(|f| f.trim_start_matches(&base).to_string())
                .collect();
            names.sort();
            assert_eq!(names, ["game-one.json", "game-two.json"], "{line}");
        }
        // Elsewhere a file name is no candidate.
        assert!(complete(&format!("setup {base}game")).1.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
