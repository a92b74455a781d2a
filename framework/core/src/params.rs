//! Typed, validated variant parameters of a game.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

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
    /// A whole number from 0 to 2^64 − 1: a seed.
    Seed,
    /// A finite decimal number in `min..=max`.
    Float {
        /// The smallest value allowed.
        min: f64,
        /// The largest value allowed.
        max: f64,
    },
    /// `on` or `off` (also `true`/`false`, `yes`/`no`).
    Bool,
    /// A time such as `2s`, `500ms`, `1.5s`, `250us` or `1m`, in
    /// `min..=max`; kept exactly, to the nanosecond.
    Duration {
        /// The shortest time allowed.
        min: Duration,
        /// The longest time allowed.
        max: Duration,
    },
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// A word the owner checks itself (e.g. `5x5`); `expected` says what.
    /// Case-insensitive: it is lower-cased.
    Text {
        /// What the owner accepts, in words for users.
        expected: &'static str,
    },
    /// Text kept exactly as written (a file name, a command line); quote
    /// it in a spec when it holds spaces or punctuation.
    Verbatim {
        /// What the owner accepts, in words for users.
        expected: &'static str,
    },
}

/// One parameter a game or an agent accepts.
///
/// An empty `default` means the parameter is unset unless given (an agent's
/// `seed`, an optional budget); the `*_opt` getters of [`Params`] read it.
#[derive(Debug, Clone, Copy)]
pub struct ParamSpec {
    /// The key as written in a spec, e.g. `width`.
    pub name: &'static str,
    /// The values it takes.
    pub kind: ParamKind,
    /// The default value as text; it must pass the kind's check. Empty:
    /// no default, unset unless given.
    pub default: &'static str,
    /// A short description for users.
    pub help: &'static str,
}

impl ParamKind {
    /// A parameter of this kind defaulting to `default` (a text that must
    /// pass the kind's check), with its name and help still to be given
    /// (`..` struct update in a declaration, see `tabula::agents`).
    pub const fn default(self, default: &'static str) -> ParamSpec {
        ParamSpec {
            name: "",
            kind: self,
            default,
            help: "",
        }
    }

    /// A parameter of this kind that is unset unless given.
    pub const fn unset(self) -> ParamSpec {
        self.default("")
    }
}

impl ParamSpec {
    /// Checks `value` against the kind, returning its canonical text: the
    /// text that reads back to the same value, so specs round-trip.
    fn check(&self, owner: &str, value: &str) -> Result<String, SpecError> {
        let bad = || SpecError::BadValue {
            owner: owner.to_string(),
            key: self.name.to_string(),
            value: value.to_string(),
            expected: self.expected(),
        };
        match self.kind {
            ParamKind::Int { min, max } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad()),
            },
            ParamKind::Seed => value
                .parse::<u64>()
                .map(|n| n.to_string())
                .map_err(|_| bad()),
            ParamKind::Float { min, max } => match value.parse::<f64>() {
                Ok(x) if x.is_finite() && (min..=max).contains(&x) => Ok(float_text(x)),
                _ => Err(bad()),
            },
            ParamKind::Bool => parse_switch(value)
                .map(|on| if on { "on" } else { "off" }.to_string())
                .ok_or_else(bad),
            ParamKind::Duration { min, max } => parse_duration(value)
                .filter(|d| (min..=max).contains(d))
                .map(format_duration)
                .ok_or_else(bad),
            ParamKind::Choice(choices) => {
                let lower = value.to_ascii_lowercase();
                if choices.contains(&lower.as_str()) {
                    Ok(lower)
                } else {
                    Err(bad())
                }
            }
            ParamKind::Text { .. } => Ok(value.to_ascii_lowercase()),
            ParamKind::Verbatim { .. } if value.is_empty() => Err(bad()),
            ParamKind::Verbatim { .. } => Ok(value.to_string()),
        }
    }

    /// What values are accepted, in words, for error messages.
    pub fn expected(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::Seed => "a whole number from 0 to 18446744073709551615".to_string(),
            ParamKind::Float { min, max } => format!("a number from {min} to {max}"),
            ParamKind::Bool => "on or off".to_string(),
            ParamKind::Duration { min, max } => format!(
                "a time such as 2s, 500ms or 1m, from {} to {}",
                format_duration(min),
                format_duration(max)
            ),
            ParamKind::Choice(choices) => format!("one of {}", choices.join(", ")),
            ParamKind::Text { expected } | ParamKind::Verbatim { expected } => expected.to_string(),
        }
    }

    /// A short description of the accepted values, for `tabula list`.
    pub fn describe_values(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("{min}..{max}"),
            ParamKind::Seed => "0..2^64-1".to_string(),
            ParamKind::Float { min, max } => format!("{min}..{max}"),
            ParamKind::Bool => "on|off".to_string(),
            ParamKind::Duration { min, max } => {
                format!("{}..{}", format_duration(min), format_duration(max))
            }
            ParamKind::Choice(choices) => choices.join("|"),
            ParamKind::Text { expected } | ParamKind::Verbatim { expected } => expected.to_string(),
        }
    }

    /// `name=default`, or just `name` when it has no default: for help.
    pub fn usage(&self) -> String {
        if self.default.is_empty() {
            self.name.to_string()
        } else {
            format!("{}={}", self.name, self.default)
        }
    }
}

/// A float's shortest text that reads back to it: plain (`1.4`) unless
/// that is long (`1e-320` rather than 320 zeros).
fn float_text(x: f64) -> String {
    let plain = x.to_string();
    match plain.len() > 20 {
        true => format!("{x:e}"),
        false => plain,
    }
}

fn parse_switch(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" => Some(true),
        "off" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// Reads `2s`, `500ms`, `1.5s`, `250us`, `40ns` or `1m`, from decimal
/// digits (no float rounding), to the nearest nanosecond; `None` for
/// anything else or for zero.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let split = text.find(|c: char| c.is_ascii_alphabetic())?;
    let (number, unit) = text.split_at(split);
    let per_unit: u128 = match unit {
        "ns" => 1,
        "us" | "µs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        _ => return None,
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 12 {
        return None;
    }
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    // Digits past the 18th cannot move the result by a nanosecond.
    let fraction = &fraction[..fraction.len().min(18)];
    let scale = 10u128.pow(fraction.len() as u32);
    let fraction: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    let nanos = whole * per_unit + (fraction * per_unit + scale / 2) / scale;
    match u64::try_from(nanos) {
        Ok(0) | Err(_) => None,
        Ok(nanos) => Some(Duration::from_nanos(nanos)),
    }
}

/// The shortest exact text of a duration: `2s`, `1500ms`, `250us`, `7ns`.
pub fn format_duration(d: Duration) -> String {
    let nanos = d.as_nanos();
    match nanos {
        n if n % 1_000_000_000 == 0 => format!("{}s", n / 1_000_000_000),
        n if n % 1_000_000 == 0 => format!("{}ms", n / 1_000_000),
        n if n % 1_000 == 0 => format!("{}us", n / 1_000),
        n => format!("{n}ns"),
    }
}

/// The parameters of a game or an agent, checked against their
/// [`ParamSpec`]s, defaults filled in. Values are kept as canonical text,
/// so a spec prints back exactly as it reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    /// Values of the parameters that have one (given or by default).
    values: BTreeMap<&'static str, String>,
    /// Every declared name, in declaration order, for display.
    order: Vec<&'static str>,
    /// The defaults of those that have one.
    defaults: BTreeMap<&'static str, String>,
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

    /// As a spec error of the game or agent `owner`.
    pub fn in_game(self, owner: &str) -> SpecError {
        SpecError::BadValue {
            owner: owner.to_string(),
            key: self.key,
            value: self.value,
            expected: self.expected,
        }
    }
}

impl Params {
    /// Checks `args` against `specs` and fills in defaults.
    ///
    /// # Panics
    /// If a spec's own default fails its check: a bug in the declaration.
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
            if given.insert(spec.name, value).is_some() {
                return Err(SpecError::DuplicateParam {
                    owner: owner.to_string(),
                    key: key.clone(),
                });
            }
        }
        let mut params = Params::default();
        for spec in specs {
            params.order.push(spec.name);
            if !spec.default.is_empty() {
                let default = spec.check(owner, spec.default).unwrap_or_else(|e| {
                    panic!("{owner}: the default of `{}` is invalid: {e}", spec.name)
                });
                params.defaults.insert(spec.name, default);
            }
            let value = given
                .remove(spec.name)
                .or_else(|| params.defaults.get(spec.name).cloned());
            if let Some(value) = value {
                params.values.insert(spec.name, value);
            }
        }
        Ok(params)
    }

    /// The text of parameter `name`, `None` when it is unset (no default
    /// and not given); an error when `name` was not declared.
    pub fn text_opt(&self, name: &str) -> Result<Option<&str>, ParamError> {
        if !self.order.contains(&name) {
            return Err(ParamError::new(name, "", "a declared parameter"));
        }
        Ok(self.values.get(name).map(String::as_str))
    }

    /// The text of parameter `name`; an error when it is undeclared or unset.
    pub fn text(&self, name: &str) -> Result<&str, ParamError> {
        self.text_opt(name)?
            .ok_or_else(|| ParamError::new(name, "", "a value"))
    }

    /// Parameter `name` read by `parse`, `None` when unset; `what` says
    /// what it should be, for the error when its text does not read.
    fn typed<T>(
        &self,
        name: &str,
        what: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<Option<T>, ParamError> {
        match self.text_opt(name)? {
            None => Ok(None),
            Some(text) => parse(text)
                .map(Some)
                .ok_or_else(|| ParamError::new(name, text, what)),
        }
    }

    /// Parameter `name` required: unset is an error.
    fn required<T>(name: &str, value: Option<T>) -> Result<T, ParamError> {
        value.ok_or_else(|| ParamError::new(name, "", "a value"))
    }

    /// The value of an [`ParamKind::Int`] parameter.
    pub fn int(&self, name: &str) -> Result<i64, ParamError> {
        Self::required(name, self.int_opt(name)?)
    }

    /// The value of an [`ParamKind::Int`] parameter that may be unset.
    pub fn int_opt(&self, name: &str) -> Result<Option<i64>, ParamError> {
        self.typed(name, "a whole number", |t| t.parse().ok())
    }

    /// The value of a [`ParamKind::Seed`] parameter; `None` when unset.
    pub fn seed(&self, name: &str) -> Result<Option<u64>, ParamError> {
        self.typed(name, "a seed", |t| t.parse().ok())
    }

    /// The value of a [`ParamKind::Float`] parameter.
    pub fn float(&self, name: &str) -> Result<f64, ParamError> {
        Self::required(name, self.float_opt(name)?)
    }

    /// The value of a [`ParamKind::Float`] parameter that may be unset.
    pub fn float_opt(&self, name: &str) -> Result<Option<f64>, ParamError> {
        self.typed(name, "a number", |t| t.parse().ok())
    }

    /// The value of a [`ParamKind::Bool`] parameter.
    pub fn flag(&self, name: &str) -> Result<bool, ParamError> {
        Self::required(name, self.typed(name, "on or off", parse_switch)?)
    }

    /// The value of a [`ParamKind::Duration`] parameter; `None` when unset.
    pub fn duration(&self, name: &str) -> Result<Option<Duration>, ParamError> {
        self.typed(name, "a time", parse_duration)
    }

    /// Every set value, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.order
            .iter()
            .filter_map(|&k| Some((k, self.values.get(k)?.as_str())))
    }

    /// The parameters that differ from their defaults, in declaration order.
    pub fn non_default(&self) -> impl Iterator<Item = (&str, &str)> {
        self.iter()
            .filter(|(k, v)| self.defaults.get(*k).map(String::as_str) != Some(v))
    }

    /// The same parameters with `name` set to `value`, checked like a
    /// spec's (`specs` must be the ones these were resolved with).
    pub fn with(
        &self,
        owner: &str,
        specs: &'static [ParamSpec],
        name: &str,
        value: &str,
    ) -> Result<Params, SpecError> {
        let mut args: Vec<(String, String)> = self
            .non_default()
            .filter(|(k, _)| *k != name)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        args.push((name.to_string(), value.to_string()));
        Params::resolve(owner, specs, &args)
    }
}

/// Shows the non-default parameters as `(key=value,...)`, or nothing;
/// values that are not plain words are quoted.
impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<(String, String)> = self
            .non_default()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if !args.is_empty() {
            write!(f, "({})", crate::spec::format_args(&args))?;
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
        assert_eq!(p.int("width"), Ok(6));
        assert_eq!(p.text("blocks"), Ok("rows"));
        // Reading a parameter that was not declared is an error, not a panic.
        assert!(p.int("depth").is_err());
        assert!(p.text_opt("depth").is_err());
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
