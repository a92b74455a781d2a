//! The variants a study compares: a game spec with some parameters swept
//! (`--vary stones=1,2,3`), every combination in turn, or a list given
//! outright. Each is checked by the registry and written canonically.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula::{AnyGame, Registry, Spec};

/// The most variants one study compares.
pub const MAX_VARIANTS: usize = 1000;

/// One swept parameter: `PARAM=V1,V2,...`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Vary {
    /// The game parameter's name.
    pub param: String,
    /// The values it takes, in order.
    pub values: Vec<String>,
}

impl FromStr for Vary {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = |why: &str| {
            format!(
                "`{}` is not a sweep: {why}; expected PARAM=V1,V2,..., e.g. stones=1,2,3",
                tabula::excerpt(text)
            )
        };
        let (param, values) = text.split_once('=').ok_or_else(|| bad("no `=`"))?;
        let param = param.trim().to_ascii_lowercase();
        if param.is_empty() || !param.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad("the parameter is not a name"));
        }
        let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
        if values.iter().any(String::is_empty) {
            return Err(bad("a value is empty"));
        }
        if let Some(twice) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| values[..i].contains(v).then_some(v))
        {
            return Err(bad(&format!("`{twice}` is given twice")));
        }
        Ok(Vary { param, values })
    }
}

impl fmt::Display for Vary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.param, self.values.join(","))
    }
}

impl TryFrom<String> for Vary {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<Vary> for String {
    fn from(vary: Vary) -> String {
        vary.to_string()
    }
}

/// The canonical specs of `game` with every combination of the sweeps'
/// values, the first sweep varying slowest; a swept parameter replaces the
/// one `game` gives. Errors name the `--vary` or the variant at fault.
pub fn expand(registry: &Registry, game: &str, sweeps: &[Vary]) -> Result<Vec<String>, String> {
    let base =
        Spec::parse(game).map_err(|e| format!("the game `{}`: {e}", tabula::excerpt(game)))?;
    for (i, vary) in sweeps.iter().enumerate() {
        if sweeps[..i].iter().any(|v| v.param == vary.param) {
            return Err(format!("--vary {}: `{}` is swept twice", vary, vary.param));
        }
    }
    let count = sweeps
        .iter()
        .try_fold(1usize, |n, v| n.checked_mul(v.values.len()))
        .filter(|&n| n <= MAX_VARIANTS)
        .ok_or_else(|| format!("the sweep makes more than {MAX_VARIANTS} variants"))?;
    let mut specs = Vec::with_capacity(count);
    for k in 0..count {
        // The mixed-radix digits of `k`, the last sweep fastest.
        let mut rest = k;
        let mut chosen = vec![""; sweeps.len()];
        for (i, vary) in sweeps.iter().enumerate().rev() {
            chosen[i] = &vary.values[rest % vary.values.len()];
            rest /= vary.values.len();
        }
        let mut spec = base.clone();
        for (vary, value) in sweeps.iter().zip(&chosen) {
            spec.args.retain(|(key, _)| *key != vary.param);
            spec.args.push((vary.param.clone(), value.to_string()));
        }
        let text = spec.to_string();
        let start = registry.create(&text).map_err(|e| {
            let given: Vec<String> = sweeps
                .iter()
                .zip(&chosen)
                .map(|(v, value)| format!("{}={value}", v.param))
                .collect();
            format!("--vary {}: {e}", given.join(" "))
        })?;
        specs.push(start.spec());
    }
    Ok(specs)
}

/// Checks a list of variants: each a game the registry makes, none twice
/// (as written canonically), at least one, at most [`MAX_VARIANTS`].
pub fn canonical(registry: &Registry, variants: &[String]) -> Result<Vec<String>, String> {
    if variants.is_empty() {
        return Err("a study needs a game (or a list of variants)".to_string());
    }
    if variants.len() > MAX_VARIANTS {
        return Err(format!("more than {MAX_VARIANTS} variants"));
    }
    let mut specs: Vec<String> = Vec::with_capacity(variants.len());
    for text in variants {
        let spec = registry
            .create(text)
            .map_err(|e| format!("variant `{}`: {e}", tabula::excerpt(text)))?
            .spec();
        if specs.contains(&spec) {
            return Err(format!("the variant `{spec}` is given twice"));
        }
        specs.push(spec);
    }
    Ok(specs)
}

/// What tells each variant from the others, for tables and charts: the
/// parameters whose values differ among them (`stones=2`, defaults
/// included); the specs themselves for variants of different games or a
/// lone variant.
pub fn labels(games: &[Box<dyn AnyGame>]) -> Vec<String> {
    if games.len() < 2 {
        return games.iter().map(|g| g.spec()).collect();
    }
    let params: Vec<Vec<(String, String)>> = games
        .iter()
        .map(|g| {
            g.params()
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect();
    let value = |p: &[(String, String)], key: &str| {
        p.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let mut keys: Vec<&String> = Vec::new();
    for (key, _) in params.iter().flatten() {
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let varying: Vec<&String> = keys
        .into_iter()
        .filter(|key| {
            params
                .iter()
                .any(|p| value(p, key) != value(&params[0], key))
        })
        .collect();
    // Across games, the specs themselves.
    if games.iter().any(|g| g.name() != games[0].name()) {
        return games.iter().map(|g| g.spec()).collect();
    }
    let labels: Vec<String> = params
        .iter()
        .map(|p| {
            let args: Vec<String> = varying
                .iter()
                .filter_map(|key| Some(format!("{key}={}", value(p, key)?)))
                .collect();
            args.join(",")
        })
        .collect();
    let distinct: std::collections::HashSet<&String> = labels.iter().collect();
    if distinct.len() < labels.len() || labels.iter().any(String::is_empty) {
        return games.iter().map(|g| g.spec()).collect();
    }
    labels
}
