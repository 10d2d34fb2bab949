//! The capture in progress on this thread (`et.capture`, see `capture.rs`): its state and
//! the hooks the rest of the binding calls (argument conversions and marks, host value
//! reads, optimizer effects). A leaf of the binding: it depends on no file that calls it.

use std::cell::RefCell;
use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::{lock, PyOptimizer, SessionCell};
use crate::error::Error;

/// An effect of the step's that is not an op: run again at its mark on every replay.
pub(crate) enum Effect {
    Step(Py<PyOptimizer>),
    ZeroGrad(Py<PyOptimizer>, bool),
}

/// The capture in progress on this thread.
pub(crate) struct Active {
    pub(crate) cell: Arc<SessionCell>,
    /// The step's argument objects (their addresses: they are alive for the call), by index.
    pub(crate) args: Vec<usize>,
    /// Per argument: how often it was converted to tensor data, and how often such a
    /// conversion was marked as the argument.
    pub(crate) converted: Vec<usize>,
    pub(crate) marked: Vec<usize>,
    pub(crate) effects: Vec<Effect>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
}

pub(crate) fn capture_error(msg: String) -> PyErr {
    super::to_py(Error::Capture(msg))
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
    // A Python number is a constant of the plan (as in an operator, `x * 2`).
    if obj.is_instance_of::<pyo3::types::PyFloat>() || obj.is_instance_of::<pyo3::types::PyInt>() {
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

/// A conversion of argument `k` was marked in the plan.
pub(crate) fn note_marked(k: usize) {
    ACTIVE.with_borrow_mut(|a| {
        if let Some(a) = a.as_mut() {
            a.marked[k] += 1;
        }
    });
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

/// The optimizer's `step()` (`zero_grad`: `Some(set_to_none)`) just ran on `cell`: mark
/// it in the plan of a capture in progress there.
pub(crate) fn optimizer_effect(
    cell: &Arc<SessionCell>,
    opt: &Bound<'_, PyOptimizer>,
    zero_grad: Option<bool>,
) {
    let id = ACTIVE.with_borrow_mut(|a| {
        let a = a.as_mut().filter(|a| Arc::ptr_eq(&a.cell, cell))?;
        let opt = opt.clone().unbind();
        a.effects.push(match zero_grad {
            Some(set_to_none) => Effect::ZeroGrad(opt, set_to_none),
            None => Effect::Step(opt),
        });
        Some(a.effects.len() - 1)
    });
    if let Some(id) = id {
        lock(cell).capture_mark(id);
    }
}

/// Start the capture `a` on this thread.
pub(crate) fn begin(a: Active) {
    ACTIVE.with_borrow_mut(|slot| *slot = Some(a));
}

/// End the capture in progress on this thread: its state.
pub(crate) fn take() -> Option<Active> {
    ACTIVE.with_borrow_mut(Option::take)
}
