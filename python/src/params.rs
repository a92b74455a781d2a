//! `game_parameters(name)`: what parameters a game takes, described as
//! data, so that Python code can present them in its own terms (OpenSpiel's
//! parameter specification, a form, a command line) without parsing help
//! text.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tabula::{ParamKind, ParamSpec};

use crate::{registry, value_error};

/// The parameters of game `name`, in `tabula list` order: each a dict of
/// `name`, `kind` (`"int"`, `"seed"`, `"float"`, `"bool"`, `"duration"`,
/// `"choice"`, `"text"` or `"verbatim"`), `default` (the canonical text, `""`
/// when unset unless given), `help`, `values` (the accepted values in
/// words), and for `int` and `float` kinds `min` and `max`, for `choice`
/// `choices`. An unknown game is a `ValueError`.
#[pyfunction]
pub fn game_parameters<'py>(py: Python<'py>, name: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let entry = registry().get(name).ok_or_else(|| {
        value_error(format!(
            "unknown game `{name}`; the games: {}",
            registry().names().join(", ")
        ))
    })?;
    entry
        .param_specs()
        .iter()
        .map(|spec| describe(py, spec))
        .collect()
}

/// One parameter as a dict (see `game_parameters`).
fn describe<'py>(py: Python<'py>, spec: &ParamSpec) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", spec.name)?;
    dict.set_item("default", spec.default)?;
    dict.set_item("help", spec.help)?;
    dict.set_item("values", spec.describe_values())?;
    let kind = match spec.kind {
        ParamKind::Int { min, max } => {
            dict.set_item("min", min)?;
            dict.set_item("max", max)?;
            "int"
        }
        ParamKind::Seed => "seed",
        ParamKind::Float { min, max } => {
            dict.set_item("min", min)?;
            dict.set_item("max", max)?;
            "float"
        }
        ParamKind::Bool => "bool",
        ParamKind::Duration { .. } => "duration",
        ParamKind::Choice(choices) => {
            dict.set_item("choices", choices.to_vec())?;
            "choice"
        }
        ParamKind::Text { .. } => "text",
        ParamKind::Verbatim { .. } => "verbatim",
    };
    dict.set_item("kind", kind)?;
    Ok(dict)
}
