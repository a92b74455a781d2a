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

/// Whether a value can be written bare; any other value is quoted.
fn is_bare_value(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
}

/// `key=value,...` with values quoted where needed: the inverse of
/// [`Spec::parse`]'s argument list.
pub fn format_args(args: &[(String, String)]) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|(k, v)| format!("{k}={}", format_value(v)))
        .collect();
    parts.join(",")
}

/// A value bare when it is a plain word or path, else in double quotes
/// with `"` and `\` escaped by a backslash.
pub fn format_value(value: &str) -> String {
    if is_bare_value(value) {
        value.to_string()
    } else {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        format!("\"{escaped}\"")
    }
}

/// Splits the text inside the parentheses into `key=value` pairs; commas
/// and parentheses inside double quotes belong to the value.
fn split_args(inner: &str) -> Result<Vec<(String, String)>, &'static str> {
    let mut args = Vec::new();
    let mut chars = inner.chars().peekable();
    loop {
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ',' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if chars.next() != Some('=') {
            return Err("each parameter must be key=value");
        }
        let key = key.trim().to_ascii_lowercase();
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let value = if chars.peek() == Some(&'"') {
            chars.next();
            let mut value = String::new();
            loop {
                match chars.next() {
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some(c @ ('"' | '\\')) => value.push(c),
                        _ => return Err("inside quotes, `\\` may only escape `\"` or `\\`"),
                    },
                    Some(c) if c.is_control() => {
                        return Err("quoted values cannot hold control characters")
                    }
                    Some(c) => value.push(c),
                    None => return Err("a quoted value is not closed"),
                }
            }
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if value.is_empty() {
                return Err("a quoted value cannot be empty");
            }
            value
        } else {
            let mut value = String::new();
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                value.push(c);
                chars.next();
            }
            let value = value.trim().to_string();
            if !is_bare_value(&value) {
                return Err("values must be letters, digits, `-`, `_`, `.` or `/`, or be quoted: key=\"...\"");
            }
            value
        };
        if !is_word(&key) {
            return Err("keys must be letters, digits, `-` or `_`");
        }
        args.push((key, value));
        match chars.next() {
            None => return Ok(args),
            Some(',') => {}
            Some(_) => return Err("expected `,` or `)` after a quoted value"),
        }
    }
}

/// Splits a list of specs such as `diffusion,calcala(players=3,setup=long)`
/// at the commas that are outside parentheses and quotes; parts are
/// trimmed and empty parts dropped.
pub fn split_specs(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let (mut depth, mut quoted, mut escaped) = (0i32, false, false);
    for c in text.chars() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
        } else {
            match c {
                '"' => quoted = true,
                '(' => depth += 1,
                ')' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(std::mem::take(&mut current));
                    continue;
                }
                _ => {}
            }
        }
        current.push(c);
    }
    parts.push(current);
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

impl Spec {
    /// Parses `name` or `name(key=value,...)`. Names and keys are
    /// lower-cased; values keep their case. Spaces around parts are
    /// allowed. A value with other characters than letters, digits, `-`,
    /// `_`, `.` and `/` is written in double quotes: `cmd="python3 x.py"`.
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
        let args = match rest.filter(|inner| !inner.trim().is_empty()) {
            Some(inner) => split_args(inner).map_err(error)?,
            None => Vec::new(),
        };
        Ok(Spec { name, args })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            write!(f, "({})", format_args(&self.args))?;
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
    fn quoted_values_hold_anything_and_round_trip() {
        let spec =
            Spec::parse(r#"engine(cmd="python3 a.py --x=1,2 (y)", dir = "C:\\t \"q\"")"#).unwrap();
        assert_eq!(
            spec.args,
            vec![
                ("cmd".into(), "python3 a.py --x=1,2 (y)".into()),
                ("dir".into(), r#"C:\t "q""#.into())
            ]
        );
        assert_eq!(Spec::parse(&spec.to_string()).unwrap(), spec);
        assert_eq!(
            Spec::parse("perfect(db=dbs/w6.db)").unwrap().to_string(),
            "perfect(db=dbs/w6.db)"
        );
    }

    #[test]
    fn lists_split_outside_parentheses_and_quotes() {
        assert_eq!(
            split_specs(r#"diffusion, calcala(players=3,setup=long) ,engine(cmd="a (b,c"),"#),
            vec![
                "diffusion",
                "calcala(players=3,setup=long)",
                r#"engine(cmd="a (b,c")"#
            ]
        );
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
            "a(b=\"x)",
            "a(b=\"x\"y)",
            "a(b=\"\")",
            "a(b=x y)",
            "a(b=\"\\n\")",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad:?} should fail");
        }
    }
}
