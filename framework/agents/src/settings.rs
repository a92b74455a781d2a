//! An agent kind's settings, declared once: a plain struct whose fields
//! are the kind's parameters ([`agent_settings!`](crate::agent_settings)).
//! From that one declaration come the parameter table (`tabula agents`,
//! the REPL's help and completion, spec checking), reading checked specs
//! into the struct, writing the struct back as a spec, and serde: the
//! settings are a [`AgentConfig`] trait object, tagged by kind name through
//! `typetag`, so a kind defined in any crate reads from an experiment file
//! (`{kind = "mcts", iterations = 1000}`) without a central list.
//!
//! Files and specs go through one check: a table's values become spec
//! arguments and are checked against the same table as `mcts(...)`, so a
//! value out of range or a misspelt field gets the same message either
//! way.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tabula_core::params::{format_duration, ParamError, ParamSpec, Params};

/// An agent kind's settings: what [`agent_settings!`](crate::agent_settings)
/// implements for the struct it declares.
pub trait Settings: Sized + Clone + fmt::Debug + Send + Sync + 'static {
    /// The kind's name in specs and files, e.g. `"mcts"`.
    const KIND: &'static str;
    /// The parameters, one per field, in declaration order.
    const PARAMS: &'static [ParamSpec];
    /// The settings that `params`, checked against [`Self::PARAMS`],
    /// describe.
    fn from_params(params: &Params) -> Result<Self, ParamError>;
    /// The set fields as spec arguments (name, canonical text).
    fn to_args(&self) -> Vec<(String, String)>;
    /// The set fields as typed values, for serde.
    fn to_values(&self) -> Vec<(&'static str, Value)>;
}

/// Any kind's settings as a trait object: what experiment files and
/// records hold. It (de)serializes as a table tagged with the kind's name
/// (`{"kind": "mcts", "iterations": 1000}`); each kind's settings register
/// themselves with `typetag`, from whichever crate declares them.
#[typetag::serde(tag = "kind")]
pub trait AgentConfig: fmt::Debug + Send + Sync {
    /// The kind's name.
    fn kind(&self) -> &'static str;
    /// The set parameters as spec arguments, for the registry to check
    /// and build (`mcts(iterations=1000)`).
    fn args(&self) -> Vec<(String, String)>;
}

/// A parameter value as a file holds it: a number, a switch or text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// A switch (`on`/`off` in specs).
    Bool(bool),
    /// A whole number that fits an `i64`.
    Int(i64),
    /// A whole number above `i64::MAX` (a seed).
    Big(u64),
    /// A decimal number.
    Float(f64),
    /// Anything else: a time (`"2s"`), a word, a file name.
    Text(String),
}

impl Value {
    /// The value as a spec writes it, for the spec check.
    pub fn to_text(&self) -> String {
        match self {
            Value::Bool(on) => if *on { "on" } else { "off" }.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Big(n) => n.to_string(),
            Value::Float(x) => x.to_string(),
            Value::Text(text) => text.clone(),
        }
    }
}

/// A type a settings field may have: how it reads from checked
/// parameters and how it is written back. `Option<T>` is a parameter that
/// may be unset.
pub trait ParamValue: Sized {
    /// Parameter `name` of `params`.
    fn read(params: &Params, name: &str) -> Result<Self, ParamError>;
    /// The value as typed data; `None` for an unset `Option`.
    fn value(&self) -> Option<Value>;
}

impl<T: ParamValue> ParamValue for Option<T> {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        match params.text_opt(name)? {
            None => Ok(None),
            Some(_) => T::read(params, name).map(Some),
        }
    }

    fn value(&self) -> Option<Value> {
        self.as_ref().and_then(T::value)
    }
}

/// Whole numbers, read by the parameter's own check (`Int`, `Seed`).
macro_rules! whole_numbers {
    ($($t:ty),*) => {$(
        impl ParamValue for $t {
            fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
                let text = params.text(name)?;
                text.parse()
                    .map_err(|_| ParamError::new(name, text, concat!("a ", stringify!($t))))
            }

            fn value(&self) -> Option<Value> {
                Some(match i64::try_from(*self) {
                    Ok(n) => Value::Int(n),
                    Err(_) => Value::Big(*self as u64),
                })
            }
        }
    )*};
}
whole_numbers!(u64, u32, usize);

impl ParamValue for f64 {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params.float(name)
    }

    fn value(&self) -> Option<Value> {
        Some(Value::Float(*self))
    }
}

impl ParamValue for f32 {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params.float(name).map(|x| x as f32)
    }

    fn value(&self) -> Option<Value> {
        // Through the shortest text that reads back as this f32, so that
        // `1.4` stays `1.4` rather than `1.399999976158142`.
        self.to_string().parse().ok().map(Value::Float)
    }
}

impl ParamValue for bool {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params.flag(name)
    }

    fn value(&self) -> Option<Value> {
        Some(Value::Bool(*self))
    }
}

impl ParamValue for Duration {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params
            .duration(name)?
            .ok_or_else(|| ParamError::new(name, "", "a time"))
    }

    fn value(&self) -> Option<Value> {
        Some(Value::Text(format_duration(*self)))
    }
}

impl ParamValue for String {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params.text(name).map(str::to_string)
    }

    fn value(&self) -> Option<Value> {
        Some(Value::Text(self.clone()))
    }
}

impl ParamValue for PathBuf {
    fn read(params: &Params, name: &str) -> Result<Self, ParamError> {
        params.text(name).map(PathBuf::from)
    }

    fn value(&self) -> Option<Value> {
        Some(Value::Text(self.display().to_string()))
    }
}

/// The spec arguments a file's table gives, checked as a spec's would be:
/// what a settings struct's `Deserialize` reads.
pub fn from_table<S: Settings>(table: BTreeMap<String, Value>) -> Result<S, String> {
    let args: Vec<(String, String)> = table
        .into_iter()
        .map(|(key, value)| (key, value.to_text()))
        .collect();
    let params = Params::resolve(S::KIND, S::PARAMS, &args).map_err(|e| e.to_string())?;
    S::from_params(&params).map_err(|e| e.in_game(S::KIND).to_string())
}

/// The parameter name of a settings field: its own, or the one after `as`
/// (for names that are Rust keywords, such as `ref`).
#[doc(hidden)]
#[macro_export]
macro_rules! __param_name {
    ($field:ident) => {
        stringify!($field)
    };
    ($field:ident $param:literal) => {
        $param
    };
}

/// Declares an agent kind's settings once: a struct whose documented
/// fields are its parameters, each with its type and its [`ParamSpec`]
/// (kind and default; the name is the field's — or the one given after
/// `as` — and the help its doc comment).
/// It implements [`Settings`], serde and [`AgentConfig`] (tagged with
/// `kind`, registered with `typetag`).
///
/// ```
/// use tabula_agents::agent_settings;
/// use tabula_core::params::ParamKind;
///
/// agent_settings! {
///     /// What a `patient(...)` spec sets.
///     kind "patient";
///     pub struct PatientSettings {
///         /// moves to wait before playing well
///         pub wait: u32 = ParamKind::Int { min: 0, max: 100 }.default("3"),
///         /// the agent's own seed
///         pub seed: Option<u64> = ParamKind::Seed.unset(),
///     }
/// }
///
/// use tabula_agents::Settings as _;
/// assert_eq!(PatientSettings::PARAMS[0].name, "wait");
/// assert_eq!(PatientSettings::PARAMS[0].help, "moves to wait before playing well");
/// let settings: Box<dyn tabula_agents::AgentConfig> =
///     serde_json::from_str(r#"{"kind": "patient", "wait": 5}"#).unwrap();
/// assert_eq!(settings.args(), [("wait".to_string(), "5".to_string())]);
/// // Values are checked as in a spec, so out of range is refused.
/// let err = serde_json::from_str::<Box<dyn tabula_agents::AgentConfig>>(
///     r#"{"kind": "patient", "wait": 500}"#,
/// );
/// assert!(err.unwrap_err().to_string().contains("from 0 to 100"));
/// ```
#[macro_export]
macro_rules! agent_settings {
    (
        $(#[$meta:meta])*
        kind $kind:literal;
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $fvis:vis $field:ident $(as $param:literal)? : $ty:ty = $spec:expr
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        $vis struct $name {
            $(
                $(#[doc = $doc])+
                $fvis $field: $ty,
            )*
        }

        impl $crate::Settings for $name {
            const KIND: &'static str = $kind;
            const PARAMS: &'static [$crate::__private::ParamSpec] = &[$(
                $crate::__private::ParamSpec {
                    name: $crate::__param_name!($field $($param)?),
                    help: concat!($($doc),+).trim_ascii(),
                    ..$spec
                },
            )*];

            fn from_params(
                params: &$crate::__private::Params,
            ) -> Result<Self, $crate::__private::ParamError> {
                let _ = params; // a kind may have no parameters
                Ok($name {
                    $($field: $crate::ParamValue::read(
                        params,
                        $crate::__param_name!($field $($param)?),
                    )?,)*
                })
            }

            fn to_args(&self) -> Vec<(String, String)> {
                $crate::Settings::to_values(self)
                    .into_iter()
                    .map(|(key, value)| (key.to_string(), value.to_text()))
                    .collect()
            }

            fn to_values(&self) -> Vec<(&'static str, $crate::settings::Value)> {
                #[allow(unused_mut)] // a kind may have no parameters
                let mut values = Vec::new();
                $(
                    if let Some(value) = $crate::ParamValue::value(&self.$field) {
                        values.push(($crate::__param_name!($field $($param)?), value));
                    }
                )*
                values
            }
        }

        impl Default for $name {
            /// Every parameter at its default.
            fn default() -> Self {
                let params = $crate::__private::Params::resolve(
                    $kind,
                    <$name as $crate::Settings>::PARAMS,
                    &[],
                )
                .expect("the declared defaults pass their checks");
                <$name as $crate::Settings>::from_params(&params)
                    .expect("the declared defaults read into their fields")
            }
        }

        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                use $crate::__private::serde::ser::SerializeMap as _;
                let values = $crate::Settings::to_values(self);
                let mut map = serializer.serialize_map(Some(values.len()))?;
                for (key, value) in &values {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let table = <std::collections::BTreeMap<String, $crate::settings::Value>
                    as $crate::__private::serde::Deserialize>::deserialize(deserializer)?;
                $crate::settings::from_table(table)
                    .map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }

        // In a block of its own, with `typetag` in scope for what its
        // attribute expands to, so the declaring crate needs no dependency
        // on it.
        const _: () = {
            use $crate::__private::typetag;

            #[typetag::serde(name = $kind)]
            impl $crate::AgentConfig for $name {
                fn kind(&self) -> &'static str {
                    $kind
                }

                fn args(&self) -> Vec<(String, String)> {
                    $crate::Settings::to_args(self)
                }
            }
        };
    };
}
