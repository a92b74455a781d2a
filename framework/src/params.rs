//! Typed, validated variant parameters of a game.

use std::collections::BTreeMap;
use std::fmt;

use crate::spec::SpecError;

/// What values a parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// Free text the game checks itself (e.g. `5x5`); `expected` says what.
    Text {
        /// What the game accepts, in words for users.
        expected: &'static str,
    },
}

/// One parameter a game accepts.
#[derive(Debug, Clone, Copy)]
pub struct ParamSpec {
    /// The key as written in a spec, e.g. `width`.
    pub name: &'static str,
    /// The values it takes.
    pub kind: ParamKind,
    /// The default value as text; it must pass the kind's check.
    pub default: &'static str,
    /// A short description for users.
    pub help: &'static str,
}

impl ParamSpec {
    /// Checks `value` against the kind, returning its normalised text.
    fn check(&self, owner: &str, value: &str) -> Result<String, SpecError> {
        let bad = |expected: String| SpecError::BadValue {
            owner: owner.to_string(),
            key: self.name.to_string(),
            value: value.to_string(),
            expected,
        };
        match self.kind {
            ParamKind::Int { min, max } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad(format!("a whole number from {min} to {max}"))),
            },
            ParamKind::Choice(choices) => {
                let lower = value.to_ascii_lowercase();
                if choices.contains(&lower.as_str()) {
                    Ok(lower)
                } else {
                    Err(bad(format!("one of {}", choices.join(", "))))
                }
            }
            ParamKind::Text { .. } => Ok(value.to_ascii_lowercase()),
        }
    }

    /// A short description of the accepted values, for `tabula list`.
    pub fn describe_values(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("{min}..{max}"),
            ParamKind::Choice(choices) => choices.join("|"),
            ParamKind::Text { expected } => expected.to_string(),
        }
    }
}

/// A game's parameters, every one present (defaults filled in) and
/// checked against its [`ParamSpec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    values: BTreeMap<String, String>,
    /// Names in the order the game declares them, for display.
    order: Vec<&'static str>,
    defaults: BTreeMap<String, String>,
}

/// A parameter value the game itself rejects (beyond the spec's checks).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad value `{value}` for `{key}`: {expected}")]
pub struct ParamError {
    /// The parameter's name.
    pub key: String,
    /// The rejected value.
    pub value: String,
    /// What the game accepts instead.
    pub expected: String,
}

impl ParamError {
    /// Rejects `value` for parameter `key`, saying what is expected.
    pub fn new(key: &str, value: &str, expected: impl Into<String>) -> Self {
        ParamError {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }

    /// As a spec error of game `game`.
    pub fn in_game(self, game: &str) -> SpecError {
        SpecError::BadValue {
            owner: game.to_string(),
            key: self.key,
            value: self.value,
            expected: self.expected,
        }
    }
}

impl Params {
    /// Checks `args` against `specs` and fills in defaults.
    pub fn resolve(
        owner: &str,
        specs: &'static [ParamSpec],
        args: &[(String, String)],
    ) -> Result<Params, SpecError> {
        let mut given = BTreeMap::new();
        for (key, value) in args {
            let spec =
                specs
                    .iter()
                    .find(|s| s.name == key)
                    .ok_or_else(|| SpecError::UnknownParam {
                        owner: owner.to_string(),
                        key: key.clone(),
                        choices: specs.iter().map(|s| s.name.to_string()).collect(),
                    })?;
            let value = spec.check(owner, value)?;
            if given.insert(key.clone(), value).is_some() {
                return Err(SpecError::DuplicateParam {
                    owner: owner.to_string(),
                    key: key.clone(),
                });
            }
        }
        let mut params = Params::default();
        for spec in specs {
            let default = spec.check(owner, spec.default).unwrap_or_else(|e| {
                panic!("{owner}: the default of `{}` is invalid: {e}", spec.name)
            });
            let value = given.remove(spec.name).unwrap_or_else(|| default.clone());
            params.order.push(spec.name);
            params.defaults.insert(spec.name.to_string(), default);
            params.values.insert(spec.name.to_string(), value);
        }
        Ok(params)
    }

    /// The text of parameter `name`.
    ///
    /// # Panics
    /// If the game did not declare `name`: a bug in the game, not bad input.
    pub fn text(&self, name: &str) -> &str {
        self.values
            .get(name)
            .unwrap_or_else(|| panic!("parameter `{name}` is not declared"))
    }

    /// The value of an [`ParamKind::Int`] parameter.
    pub fn int(&self, name: &str) -> i64 {
        self.text(name)
            .parse()
            .unwrap_or_else(|_| panic!("parameter `{name}` is not an integer"))
    }

    /// All values, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.order.iter().map(|&k| (k, self.values[k].as_str()))
    }

    /// The parameters that differ from their defaults, in declaration order.
    pub fn non_default(&self) -> impl Iterator<Item = (&str, &str)> {
        self.iter()
            .filter(|(k, v)| self.defaults.get(*k).map(String::as_str) != Some(v))
    }
}

/// Shows the non-default parameters as `(key=value,...)`, or nothing.
impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<String> = self
            .non_default()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if !args.is_empty() {
            write!(f, "({})", args.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "width",
            kind: ParamKind::Int { min: 4, max: 12 },
            default: "6",
            help: "",
        },
        ParamSpec {
            name: "blocks",
            kind: ParamKind::Choice(&["halves", "rows"]),
            default: "halves",
            help: "",
        },
    ];

    fn args(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn fills_defaults_and_shows_only_changes() {
        let p = Params::resolve("g", SPECS, &args(&[("blocks", "ROWS")])).unwrap();
        assert_eq!(p.int("width"), 6);
        assert_eq!(p.text("blocks"), "rows");
        assert_eq!(p.to_string(), "(blocks=rows)");
        let d = Params::resolve("g", SPECS, &[]).unwrap();
        assert_eq!(d.to_string(), "");
    }

    #[test]
    fn rejects_unknown_duplicate_and_out_of_range() {
        let err = Params::resolve("g", SPECS, &args(&[("depth", "1")])).unwrap_err();
        assert!(err.to_string().contains("width, blocks"), "{err}");
        assert!(Params::resolve("g", SPECS, &args(&[("width", "13")])).is_err());
        assert!(Params::resolve("g", SPECS, &args(&[("width", "x")])).is_err());
        assert!(Params::resolve("g", SPECS, &args(&[("blocks", "cols")])).is_err());
        let dup = args(&[("width", "6"), ("width", "8")]);
        assert!(matches!(
            Params::resolve("g", SPECS, &dup),
            Err(SpecError::DuplicateParam { .. })
        ));
    }
}
