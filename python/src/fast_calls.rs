//! `State.legal_actions` and `State.apply_action` as plain C methods of the
//! stable ABI's cheapest kinds (`METH_VARARGS` without keywords, `METH_O`).
//!
//! Why: a Python user's random playout is these two calls and little more,
//! and under the Python 3.9 stable ABI (the wheel's floor) pyo3 calls every
//! method that takes an argument through `METH_VARARGS | METH_KEYWORDS` and
//! its general argument parser, about a third of such a call's cost. From
//! 3.10 the stable ABI has `METH_FASTCALL`, which pyo3 uses; this module can
//! go once the floor is 3.10. The arguments are positional-only, as in
//! OpenSpiel's pybind11 methods.

use std::any::Any;
use std::ffi::{c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::game::State;

/// A C method's Python name, function, calling convention and docstring
/// (whose first line is the signature `inspect` reads).
type Method = (&'static CStr, ffi::PyCFunction, c_int, &'static CStr);

const METHODS: [Method; 2] = [
    (
        c"legal_actions",
        legal_actions,
        ffi::METH_VARARGS,
        c"legal_actions($self, player=None, /)\n--\n\n\
          The legal moves' action numbers in ascending order: empty once\n\
          the game is over, or for a `player` who is not to move.",
    ),
    (
        c"apply_action",
        apply_action,
        ffi::METH_O,
        c"apply_action($self, action, /)\n--\n\n\
          Plays the move with this action number. An illegal one is a\n\
          `ValueError` with the REPL's message, and the state is unchanged.",
    ),
];

/// Adds the methods to `State`'s type; called once, when the module loads.
pub fn install(state: &Bound<'_, PyType>) -> PyResult<()> {
    for (name, function, flags, doc) in METHODS {
        // CPython keeps a pointer to the definition for as long as the
        // type lives, which is as long as the process.
        let definition = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: function,
            },
            ml_flags: flags,
            ml_doc: doc.as_ptr(),
        }));
        // SAFETY: `state` is a live type object and `definition` outlives it.
        let descriptor = unsafe {
            let raw = ffi::PyDescr_NewMethod(state.as_type_ptr(), definition);
            Bound::from_owned_ptr_or_err(state.py(), raw)?
        };
        state.setattr(name.to_string_lossy().as_ref(), descriptor)?;
    }
    Ok(())
}

/// `state.legal_actions([player])`.
unsafe extern "C" fn legal_actions(
    state: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a METH_VARARGS method holding the GIL, with
    // borrowed references to the instance and a tuple of the arguments.
    unsafe {
        c_method(|py| {
            let state = Bound::from_borrowed_ptr(py, state);
            let args = Bound::from_borrowed_ptr(py, args);
            let args = args.cast::<PyTuple>()?;
            let player = match args.len() {
                0 => None,
                1 => args.get_item(0)?.extract::<Option<i64>>()?,
                given => {
                    return Err(PyTypeError::new_err(format!(
                        "legal_actions() takes at most 1 argument ({given} given)"
                    )))
                }
            };
            let list = state
                .cast::<State>()?
                .try_borrow()?
                .legal_actions(py, player)?;
            Ok(list.into_ptr())
        })
    }
}

/// `state.apply_action(action)`.
unsafe extern "C" fn apply_action(
    state: *mut ffi::PyObject,
    action: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a METH_O method holding the GIL, with borrowed
    // references to the instance and the one argument.
    unsafe {
        c_method(|py| {
            let state = Bound::from_borrowed_ptr(py, state);
            let action = Bound::from_borrowed_ptr(py, action);
            state
                .cast::<State>()?
                .try_borrow_mut()?
                .apply_action(&action)?;
            Ok(py.None().into_ptr())
        })
    }
}

/// Runs a C method's body: an error becomes the pending Python exception
/// (and NULL the result), a panic a `PanicException`, as pyo3's own
/// methods do.
///
/// # Safety
/// The caller holds the GIL.
unsafe fn c_method(
    body: impl FnOnce(Python<'_>) -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    // SAFETY: the caller holds the GIL.
    let py = unsafe { Python::assume_attached() };
    let result = catch_unwind(AssertUnwindSafe(|| body(py)))
        .unwrap_or_else(|payload| Err(panic_error(payload)));
    match result {
        Ok(object) => object,
        Err(error) => {
            error.restore(py);
            ptr::null_mut()
        }
    }
}

/// A Rust panic as a Python exception carrying its message.
fn panic_error(payload: Box<dyn Any + Send>) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a Rust panic".to_string());
    PanicException::new_err(message)
}
