//! The capture in progress on this thread (`et.capture`, see `capture.rs`): its state and
//! the hooks the rest of the binding calls (argument conversions and marks, host value
//! reads). A leaf of the binding: it depends on no file that calls it.

use std::cell::RefCell;
use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::SessionCell;
use crate::error::Error;

/// The capture in progress on this thread.
pub(crate) struct Active {
    /// This capture's number on the thread (`_capture_epoch`: a module made during the
    /// capture may set its attributes; one made before may not).
    pub(crate) epoch: u64,
    pub(crate) cell: Arc<SessionCell>,
    /// The step's argument objects (their addresses: they are alive for the call), by index.
    pub(crate) args: Vec<usize>,
    /// Per argument: how often it was converted to tensor data, and how often such a
    /// conversion was marked as the argument.
    pub(crate) converted: Vec<usize>,
    pub(crate) marked: Vec<usize>,
    /// The step's calls outside the session (`_capture_call`), in order: each replay makes
    /// them again where the step made them (`Entry::Pause`).
    pub(crate) calls: Vec<Py<PyAny>>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
    static EPOCH: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A new capture number for this thread (from 1).
pub(crate) fn next_epoch() -> u64 {
    EPOCH.with(|e| {
        e.set(e.get() + 1);
        e.get()
    })
}

/// The number of the capture in progress on this thread (0: none).
pub(crate) fn epoch() -> u64 {
    ACTIVE.with_borrow(|a| a.as_ref().map_or(0, |a| a.epoch))
}

pub(crate) fn capture_error(msg: String) -> PyErr {
    PyErr::from(Error::Capture(msg))
}

/// The index of `obj` among the arguments of a capture in progress on `cell`.
pub(crate) fn argument_of(cell: &Arc<SessionCell>, obj: &Bound<'_, PyAny>) -> Option<usize> {
    let addr = obj.as_ptr() as usize;
    ACTIVE.with_borrow(|a| {
        let a = a.as_ref().filter(|a| Arc::ptr_eq(&a.cell, cell))?;
        a.args.iter().position(|&p| p == addr)
    })
}

/// `host_data` is converting `obj` inside a capture: counted when it is an argument; any
/// other host data is a `CaptureError` (a replay would keep its values of this call: an
/// array made inside the step, or a view of an argument, changes with the arguments).
pub(crate) fn note_conversion(obj: &Bound<'_, PyAny>) -> PyResult<()> {
    if !active() {
        return Ok(());
    }
    // A Python number, or a list of them (an index such as `x[:, [-1]]`), is a constant of
    // the plan (as in an operator, `x * 2`).
    if python_literal(obj, 0) {
        return Ok(());
    }
    let addr = obj.as_ptr() as usize;
    let foreign = ACTIVE.with_borrow_mut(|a| {
        let Some(a) = a.as_mut() else {
            return false;
        };
        match a.args.iter().position(|&p| p == addr) {
            Some(k) => {
                a.converted[k] += 1;
                false
            }
            None => true,
        }
    });
    if foreign {
        let kind = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        return Err(capture_error(format!(
            "the step converts host data ({kind}) that is not one of its arguments: a \
             replay would keep this call's values (pass the array itself as an argument; \
             numbers are fine)"
        )));
    }
    Ok(())
}

/// Whether `obj` is a Python number (`bool`, `int`, `float`), or a list or tuple of them
/// nested at most 8 deep.
fn python_literal(obj: &Bound<'_, PyAny>, depth: usize) -> bool {
    use pyo3::types::{PyFloat, PyInt, PyList, PyTuple};
    if obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyInt>() {
        return true;
    }
    if depth >= 8 {
        return false;
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return list.iter().all(|o| python_literal(&o, depth + 1));
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return tuple.iter().all(|o| python_literal(&o, depth + 1));
    }
    false
}

/// A conversion of argument `k` was marked in the plan.
pub(crate) fn note_marked(k: usize) {
    ACTIVE.with_borrow_mut(|a| {
        if let Some(a) = a.as_mut() {
            a.marked[k] += 1;
        }
    });
}

/// The session the capture in progress on this thread records on.
pub(crate) fn session() -> Option<Arc<SessionCell>> {
    ACTIVE.with_borrow(|a| a.as_ref().map(|a| Arc::clone(&a.cell)))
}

/// Whether a capture is in progress on this thread.
pub(crate) fn active() -> bool {
    ACTIVE.with_borrow(Option::is_some)
}

/// A value read on the host (`what`) inside a captured step: a `CaptureError`.
pub(crate) fn host_read(what: &str) -> PyResult<()> {
    if active() {
        return Err(capture_error(format!(
            "{what} reads a tensor's values on the host inside a captured step: a replay \
             would not run it (return the tensor from the step and read it after the call)"
        )));
    }
    Ok(())
}

/// `what` changes state outside the tape (a parameter's value, an optimizer's
/// hyperparameter, the generator, ...) that a replay would not change again: a
/// `CaptureError` inside a captured step.
pub(crate) fn refuse_effect(what: &str) -> PyResult<()> {
    if active() {
        return Err(capture_error(format!(
            "{what} inside a captured step changes state that a replay would not change \
             again (do it outside the step, between calls)"
        )));
    }
    Ok(())
}

/// `what` has no replay yet: a `CaptureError` inside a captured step.
pub(crate) fn unsupported(what: &str) -> PyResult<()> {
    if active() {
        return Err(capture_error(format!("{what} cannot be captured yet")));
    }
    Ok(())
}

/// A value the step reads on the host while it is captured (`what`): a placeholder the
/// step may return (`tensor`: the one-element tensor it reads; `loss.item()` returned is
/// an output of the step) and that raises `CaptureError` on any other use
/// (`eagertape.capture._HostValue`).
pub(crate) fn host_value<'py>(
    py: Python<'py>,
    tensor: Option<Bound<'py, PyAny>>,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    py.import("eagertape.capture")?
        .getattr("_HostValue")?
        .call1((tensor, what))
}

/// Start the capture `a` on this thread.
pub(crate) fn begin(a: Active) {
    ACTIVE.with_borrow_mut(|slot| *slot = Some(a));
}

/// End the capture in progress on this thread: its state.
pub(crate) fn take() -> Option<Active> {
    ACTIVE.with_borrow_mut(Option::take)
}
