//! The trust model, in one place: clients of the page are not the
//! operator. Every agent the page seats, loads or puts in a tournament
//! passes [`Trust::admit`], and every search a tab starts passes
//! [`Trust::check`] again, so that:
//!
//! - an agent that runs a program (`engine`) runs only a command the
//!   operator named (`--engine NAME=COMMAND`), chosen by its name:
//!   `engine(cmd=NAME)`;
//! - a parameter that names a file (`perfect(db=...)`, `az(model=...)`)
//!   takes only a file the operator named (`--db NAME=FILE`,
//!   `--model NAME=FILE`), by its name; the page's text is never opened,
//!   so the answer is the same whether such a file exists or not;
//! - what one search may take (threads, nodes, table memory, time per
//!   move) stays within the operator's [`Limits`];
//! - what the page is sent shows the names, never the commands or the
//!   server's paths ([`Trust::redact`]).
//!
//! The registry says what an agent reaches ([`Registry::agent_reach`]):
//! its declared program and every file-naming parameter.

use std::path::{Path, PathBuf};

use tabula::{AgentSpec, ParamKind, Registry, Spec};

use crate::limits::Limits;

/// Something the operator offers the page by name: a command line or a
/// file's canonical path.
#[derive(Debug, Clone)]
struct Named {
    name: String,
    value: String,
}

/// What a spec from the page is for: a tournament has no one to press
/// Stop, so its agents' time per move is set when they give none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    Seat,
    Tournament,
}

/// The operator's offers and limits, and what the page must not see.
pub(crate) struct Trust {
    engines: Vec<Named>,
    files: Vec<Named>,
    limits: Limits,
    /// Text the page is never sent, and what it is sent instead, both as
    /// they appear inside a JSON string; longest first.
    hidden: Vec<(String, String)>,
}

impl Trust {
    /// Checks the operator's offers: names are words, used once; commands
    /// split into words and name a program that exists; files are
    /// regular files. `folders` (the results folders, the arena's) are
    /// shown by their names only.
    pub(crate) fn new(
        registry: &Registry,
        engines: &[(String, String)],
        files: &[(String, PathBuf)],
        folders: &[PathBuf],
        limits: Limits,
    ) -> Result<Trust, String> {
        let mut trust = Trust {
            engines: Vec::new(),
            files: Vec::new(),
            limits,
            hidden: Vec::new(),
        };
        for (name, command) in engines {
            trust.name_is_free(name, "--engine")?;
            check_engine(registry, name, command)?;
            trust.engines.push(Named {
                name: name.clone(),
                value: command.clone(),
            });
        }
        for (name, path) in files {
            trust.name_is_free(name, "--db/--model")?;
            let canonical = path
                .canonicalize()
                .ok()
                .filter(|p| p.is_file())
                .ok_or_else(|| format!("{name}={}: no such file", path.display()))?;
            trust.files.push(Named {
                name: name.clone(),
                value: canonical.display().to_string(),
            });
        }
        trust.hidden = hidden(registry, &trust.engines, &trust.files, folders);
        Ok(trust)
    }

    fn name_is_free(&self, name: &str, option: &str) -> Result<(), String> {
        let word = !name.is_empty()
            && name.len() <= 40
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !word {
            return Err(format!(
                "{option} {}: a name is 1 to 40 letters, digits, `-`, `_` or `.`",
                tabula::excerpt(name)
            ));
        }
        if self
            .engines
            .iter()
            .chain(&self.files)
            .any(|n| n.name == name)
        {
            return Err(format!("{option} {name}: the name is given twice"));
        }
        Ok(())
    }

    /// The names of the engines offered, in order.
    pub(crate) fn engine_names(&self) -> Vec<String> {
        self.engines.iter().map(|n| n.name.clone()).collect()
    }

    /// The names of the files offered, in order.
    pub(crate) fn file_names(&self) -> Vec<String> {
        self.files.iter().map(|n| n.name.clone()).collect()
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The page's agent spec `text` as the spec to run: names of engines
    /// and files replaced by what they stand for, limits applied (a
    /// default above one lowered to it, a value given above one refused).
    pub(crate) fn admit(
        &self,
        registry: &Registry,
        text: &str,
        purpose: Purpose,
    ) -> Result<String, String> {
        let spec = registry.parse_agent(text).map_err(|e| e.to_string())?;
        if spec.is_human() {
            return Ok(spec.to_string());
        }
        let kind = kind_of(registry, &spec);
        let reach = registry.agent_reach(&spec);
        let mut changes: Vec<(String, String)> = Vec::new();
        match (&kind.program, &reach.program) {
            (None, _) => {}
            (Some(_), Some((param, name))) => {
                let engine = find(&self.engines, name).ok_or_else(|| self.no_engine(&spec))?;
                changes.push((param.to_string(), engine.value.clone()));
            }
            (Some(_), None) => return Err(self.no_engine(&spec)),
        }
        for (param, name) in &reach.paths {
            let file = find(&self.files, name).ok_or_else(|| self.no_file(&spec, param))?;
            changes.push((param.to_string(), file.value.clone()));
        }
        changes.extend(self.lowered(registry, &spec, purpose));
        let spec = match changes.is_empty() {
            true => spec,
            false => with_args(registry, &spec, &changes)?,
        };
        self.check(registry, &spec)?;
        Ok(spec.to_string())
    }

    /// Whether `spec` may run for the page: its program and files are
    /// the operator's, and what it was given explicitly is within the
    /// limits. Every search a tab starts is checked here, whatever seated
    /// its agent (a seat, a record loaded or replayed).
    pub(crate) fn check(&self, registry: &Registry, spec: &AgentSpec) -> Result<(), String> {
        if spec.is_human() {
            return Ok(());
        }
        let kind = kind_of(registry, spec);
        let reach = registry.agent_reach(spec);
        if kind.program.is_some() {
            let named = reach
                .program
                .as_ref()
                .is_some_and(|(_, command)| self.engines.iter().any(|e| &e.value == command));
            if !named {
                return Err(self.no_engine(spec));
            }
        }
        for (param, path) in &reach.paths {
            if !self.files.iter().any(|f| &f.value == path) {
                return Err(self.no_file(spec, param));
            }
        }
        self.within_limits(registry, spec)
    }

    /// Refuses a value given above a limit, naming the limit.
    fn within_limits(&self, registry: &Registry, spec: &AgentSpec) -> Result<(), String> {
        let kind = kind_of(registry, spec);
        let limits = &self.limits;
        let over = |given: String, what: String| Err(format!("{}: {given}: {what}", spec.name()));
        let has_node_limit = kind.params.iter().any(|p| p.name == NODES);
        for (name, value) in spec.params().non_default() {
            let number = value.parse::<u64>().ok();
            let param_kind = kind.params.iter().find(|p| p.name == name).map(|p| p.kind);
            match (name, number, param_kind) {
                (THREADS, Some(n), _) if n > limits.max_threads => {
                    return over(format!("{name}={value}"), format!(
                        "at most {} search thread(s) here (the server's --max-threads)",
                        limits.max_threads
                    ))
                }
                (NODES, Some(n), _) if n > limits.max_nodes => {
                    return over(format!("{name}={value}"), format!(
                        "at most {} tree nodes a search here (the server's --max-nodes)",
                        limits.max_nodes
                    ))
                }
                (ITERATIONS, Some(n), _) if !has_node_limit && n > limits.max_nodes => {
                    return over(format!("{name}={value}"), format!(
                        "at most {} iterations here: each adds a tree node (the server's --max-nodes)",
                        limits.max_nodes
                    ))
                }
                (_, _, Some(ParamKind::Duration { .. }))
                    if tabula::parse_duration(value).is_some_and(|d| d > limits.max_move_time) =>
                {
                    return over(format!("{name}={value}"), format!(
                        "at most {} here (the server's --max-move-time)",
                        tabula::format_duration(limits.max_move_time)
                    ))
                }
                _ => {}
            }
        }
        let memory = registry.agent_memory(spec);
        if memory > limits.max_table_mb << 20 {
            return over(
                format!("{} MiB at once", memory >> 20),
                format!(
                    "at most {} MiB here (the server's --max-table)",
                    limits.max_table_mb
                ),
            );
        }
        Ok(())
    }

    /// The changes that bring `spec`'s defaults within the limits: a node
    /// limit above `--max-nodes` lowered to it; in a tournament, a time
    /// per move set where none is given.
    fn lowered(
        &self,
        registry: &Registry,
        spec: &AgentSpec,
        purpose: Purpose,
    ) -> Vec<(String, String)> {
        let kind = kind_of(registry, spec);
        let has = |name: &str| kind.params.iter().any(|p| p.name == name);
        let params = spec.params();
        let given = |name: &str| params.non_default().any(|(k, _)| k == name);
        let mut changes = Vec::new();
        let nodes = params.int_opt(NODES).ok().flatten().unwrap_or(0);
        // A value given is refused by the check; only a default is lowered.
        if has(NODES)
            && !given(NODES)
            && u64::try_from(nodes).is_ok_and(|n| n > self.limits.max_nodes)
        {
            changes.push((NODES.to_string(), self.limits.max_nodes.to_string()));
        }
        let timed = kind
            .params
            .iter()
            .any(|p| p.name == TIME && matches!(p.kind, ParamKind::Duration { .. }));
        if purpose == Purpose::Tournament && timed && params.duration(TIME).ok().flatten().is_none()
        {
            changes.push((
                TIME.to_string(),
                tabula::format_duration(self.limits.max_move_time),
            ));
        }
        changes
    }

    fn no_engine(&self, spec: &AgentSpec) -> String {
        let offered = match self.engines.is_empty() {
            true => "it names none".to_string(),
            false => format!("it names {}", self.engine_names().join(", ")),
        };
        format!(
            "`{}` runs a program on the server: the page may seat only the engines the \
             server names, as {}(cmd=NAME) ({offered}; `tabula serve --engine NAME=COMMAND`)",
            spec.name(),
            spec.name()
        )
    }

    fn no_file(&self, spec: &AgentSpec, param: &str) -> String {
        let offered = match self.files.is_empty() {
            true => "it offers none".to_string(),
            false => format!("it offers {}", self.file_names().join(", ")),
        };
        format!(
            "`{}` names a file on the server: the page may give only the files the server \
             offers, by name: {}({param}=NAME) ({offered}; `tabula serve --db NAME=FILE` or \
             `--model NAME=FILE`)",
            spec.name(),
            spec.name()
        )
    }

    /// `json` (a message for the page) with the operator's commands and
    /// paths replaced by their names.
    pub(crate) fn redact(&self, json: String) -> String {
        let mut text = json;
        for (needle, name) in &self.hidden {
            if text.contains(needle.as_str()) {
                text = text.replace(needle.as_str(), name);
            }
        }
        text
    }
}

/// The parameters the limits read, by their conventional names.
const THREADS: &str = "threads";
const NODES: &str = "max_nodes";
const ITERATIONS: &str = "iterations";
const TIME: &str = "time";

fn find<'a>(named: &'a [Named], name: &str) -> Option<&'a Named> {
    named.iter().find(|n| n.name == name)
}

/// The registered kind of a parsed (so registered) spec.
fn kind_of<'a>(registry: &'a Registry, spec: &AgentSpec) -> &'a tabula::agents::AgentInfo {
    registry
        .agent_kinds()
        .find(|k| k.name == spec.name())
        .expect("a parsed spec names a registered kind")
}

/// `spec` with `changes` made to its arguments, checked again.
fn with_args(
    registry: &Registry,
    spec: &AgentSpec,
    changes: &[(String, String)],
) -> Result<AgentSpec, String> {
    let mut text = Spec::parse(&spec.to_string()).map_err(|e| e.to_string())?;
    for (key, value) in changes {
        match text.args.iter_mut().find(|(k, _)| k == key) {
            Some(arg) => arg.1 = value.clone(),
            None => text.args.push((key.clone(), value.clone())),
        }
    }
    registry
        .parse_agent(&text.to_string())
        .map_err(|e| e.to_string())
}

/// Checks that `command` would start as an engine: it splits into words
/// and names a program that exists (nothing is run).
fn check_engine(registry: &Registry, name: &str, command: &str) -> Result<(), String> {
    let spec = Spec {
        name: "engine".to_string(),
        args: vec![("cmd".to_string(), command.to_string())],
    };
    let bad = |e: String| format!("--engine {name}: {e}");
    let spec = registry
        .parse_agent(&spec.to_string())
        .map_err(|e| bad(e.to_string()))?;
    let first = registry.names().into_iter().next().unwrap_or_default();
    let game = registry.create(&first).map_err(|e| bad(e.to_string()))?;
    // Building an engine agent finds its program; it starts at its first move.
    registry
        .agent(game.as_ref(), &spec, 0)
        .map(drop)
        .map_err(|e| bad(e.reason))
}

/// What the page is never shown, as it would appear in a JSON string,
/// and its replacement: each engine's command (as a spec argument and as
/// written) and each file's and folder's path become their names.
fn hidden(
    registry: &Registry,
    engines: &[Named],
    files: &[Named],
    folders: &[PathBuf],
) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let programs: Vec<&str> = registry.agent_kinds().filter_map(|k| k.program).collect();
    for engine in engines {
        for param in &programs {
            pairs.push((
                argument(param, &engine.value),
                argument(param, &engine.name),
            ));
        }
        let words = tabula::agents::split_command(&engine.value).unwrap_or_default();
        for form in [engine.value.clone(), words.join(" ")] {
            // A short command could be any word of a message.
            if form.len() >= 8 {
                pairs.push((form, engine.name.clone()));
            }
        }
    }
    for file in files {
        pairs.push((file.value.clone(), file.name.clone()));
    }
    for folder in folders {
        let name = folder_name(folder);
        pairs.push((folder.display().to_string(), name));
    }
    let mut hidden: Vec<(String, String)> = pairs
        .into_iter()
        .filter(|(needle, _)| !needle.is_empty())
        .map(|(needle, name)| (json_inner(&needle), json_inner(&name)))
        .collect();
    hidden.sort_by_key(|(needle, _)| std::cmp::Reverse(needle.len()));
    hidden.dedup();
    hidden
}

/// `key=value` as a spec writes it (quoted where needed).
fn argument(key: &str, value: &str) -> String {
    let spec = Spec {
        name: "x".to_string(),
        args: vec![(key.to_string(), value.to_string())],
    };
    let text = spec.to_string();
    text["x(".len()..text.len() - 1].to_string()
}

/// `text` as it appears between the quotes of a JSON string.
fn json_inner(text: &str) -> String {
    let quoted = serde_json::to_string(text).expect("strings serialize");
    quoted[1..quoted.len() - 1].to_string()
}

/// A folder as the page names it: its last component.
pub(crate) fn folder_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || "(folder)".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trust(files: &[(String, PathBuf)]) -> Trust {
        Trust::new(&registry(), &[], files, &[], Limits::default()).unwrap()
    }

    fn registry() -> Registry {
        // The built-in agent kinds; checking a spec needs no game.
        Registry::builder().build()
    }

    #[test]
    fn programs_and_paths_are_refused_unless_named() {
        let registry = registry();
        let trust = trust(&[]);
        for text in [
            "engine(cmd=\"sh -c 'id > pwned'\")",
            "engine",
            "perfect(db=/etc/shadow)",
            "az(model=/etc/passwd)",
        ] {
            let error = trust.admit(&registry, text, Purpose::Seat).unwrap_err();
            assert!(error.contains("on the server"), "{text}: {error}");
            assert!(!error.contains("/etc"), "{text}: {error}");
        }
        assert_eq!(
            trust.admit(&registry, "random", Purpose::Seat).unwrap(),
            "random"
        );
    }
}
