//! The `name(key=value,...)` text that names games and agents.

use std::fmt;

use thiserror::Error;

use crate::error::excerpt;

/// A parsed `name(key=value,...)` text, before its keys are checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The name, lower-cased.
    pub name: String,
    /// The `(key, value)` pairs in the order given; keys lower-cased,
    /// values as written.
    pub args: Vec<(String, String)>,
}

/// Why a spec text could not be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The text is not `name` or `name(key=value,...)`.
    #[error("`{}` is not of the form name or name(key=value,...): {reason}", excerpt(.text))]
    Syntax {
        /// The text given, trimmed.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No game or agent kind has this name.
    #[error("unknown {kind} `{}`; choose one of: {}", excerpt(.name), .choices.join(", "))]
    UnknownName {
        /// What was being named: `"game"` or `"agent"`.
        kind: &'static str,
        /// The name given.
        name: String,
        /// The names that exist.
        choices: Vec<String>,
    },
    /// The game or agent has no parameter of this name.
    #[error("{} has no parameter `{}`; its parameters are: {}", excerpt(.owner), excerpt(.key), list_or_none(.choices))]
    UnknownParam {
        /// The game or agent the parameter was given to.
        owner: String,
        /// The parameter given.
        key: String,
        /// The parameters it accepts.
        choices: Vec<String>,
    },
    /// A parameter is given more than once.
    #[error("{}: parameter `{}` is given twice", excerpt(.owner), excerpt(.key))]
    DuplicateParam {
        /// The game or agent the parameter was given to.
        owner: String,
        /// The repeated parameter.
        key: String,
    },
    /// A parameter's value is out of range or of the wrong form.
    #[error("{}: bad value `{}` for `{}`: {expected}", excerpt(.owner), excerpt(.value), excerpt(.key))]
    BadValue {
        /// The game or agent the parameter was given to.
        owner: String,
        /// The parameter.
        key: String,
        /// The value given.
        value: String,
        /// What values are accepted.
        expected: String,
    },
}

fn list_or_none(choices: &[String]) -> String {
    if choices.is_empty() {
        "(none)".to_string()
    } else {
        choices.join(", ")
    }
}

fn is_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

impl Spec {
    /// Parses `name` or `name(key=value,...)`. Names and keys are
    /// lower-cased; values keep their case. Spaces around parts are allowed.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let error = |reason: &str| SpecError::Syntax {
            text: text.trim().to_string(),
            reason: reason.to_string(),
        };
        let trimmed = text.trim();
        let (name, rest) = match trimmed.find('(') {
            Some(open) => {
                let inner = trimmed[open + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| error("missing closing `)`"))?;
                (&trimmed[..open], Some(inner))
            }
            None => (trimmed, None),
        };
        let name = name.trim().to_ascii_lowercase();
        if !is_word(&name) {
            return Err(error("the name must be letters, digits, `-` or `_`"));
        }
        let mut args = Vec::new();
        if let Some(inner) = rest.filter(|inner| !inner.trim().is_empty()) {
            for part in inner.split(',') {
                let (key, value) = part
                    .split_once('=')
                    .ok_or_else(|| error("each parameter must be key=value"))?;
                let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
                if !is_word(&key) || !is_word(value) {
                    return Err(error(
                        "keys and values must be letters, digits, `-`, `_` or `.`",
                    ));
                }
                args.push((key, value.to_string()));
            }
        }
        Ok(Spec { name, args })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            let args: Vec<String> = self.args.iter().map(|(k, v)| format!("{k}={v}")).collect();
            write!(f, "({})", args.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_arguments() {
        let spec = Spec::parse(" Diffusion( width = 8 ,stones=3) ").unwrap();
        assert_eq!(spec.name, "diffusion");
        assert_eq!(
            spec.args,
            vec![("width".into(), "8".into()), ("stones".into(), "3".into())]
        );
        assert_eq!(spec.to_string(), "diffusion(width=8,stones=3)");
        assert_eq!(Spec::parse("mcts()").unwrap().args, vec![]);
        assert_eq!(Spec::parse("mcts(time=2s,c=1.4)").unwrap().args.len(), 2);
    }

    #[test]
    fn syntax_errors_quote_a_bounded_prefix() {
        let huge = format!("a({}", "b".repeat(1_000_000));
        let message = Spec::parse(&huge).unwrap_err().to_string();
        assert!(message.len() < 300, "{message}");
        assert!(message.contains("bytes in all"), "{message}");
        let unknown = SpecError::UnknownName {
            kind: "game",
            name: "z".repeat(1_000_000),
            choices: vec!["diffusion".into()],
        };
        assert!(unknown.to_string().len() < 300);
    }

    #[test]
    fn rejects_malformed_specs() {
        for bad in [
            "",
            "(x=1)",
            "a(b=1",
            "a(b)",
            "a(b=)",
            "a(=1)",
            "a b",
            "a(b=1))",
            "a(b=1,,c=2)",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad:?} should fail");
        }
    }
}
