//! `Tensor.register_hook` on a Parameter: torch's gradient hooks of a leaf. The callables
//! live on the core `Parameter` (`param::Hook`: dropped with it). A `loss.backward()` while
//! any hook is registered is staged: the sweep (`Session::backward_staged`), then, with the
//! session unlocked so a hook may use any tensor, each hooked parameter's gradient of this
//! backward through its hooks in order (a tensor of the session; a hook returning a tensor
//! replaces it), then the commit into `p.grad` (`Session::commit_backward`). A hook that
//! raises leaves `p.grad` as it was.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

use pyo3::prelude::*;

use super::classes::{lock, named, PyTensor, SessionCell};
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Error;
use crate::param::Parameter;
use crate::session::Staged;
use crate::tape::Handle;

/// A hook's Python callable, as the core keeps it.
struct PyHook(Py<PyAny>);

/// How many hooks are registered in the process: a backward is staged while any is.
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// Whether any parameter may have a hook (a backward must then be staged).
pub fn any() -> bool {
    LIVE.load(Ordering::Relaxed) > 0
}

/// A handle that removes its hook: torch's `RemovableHandle` (`handle.remove()`, or the
/// end of a `with` block).
#[pyclass(name = "RemovableHandle", module = "eagertape", frozen)]
pub struct PyRemovableHandle {
    /// The hooked parameter; a removal after it is gone does nothing.
    param: Weak<Parameter<Be>>,
    /// The hook's id (`Parameter::add_hook`).
    #[pyo3(get)]
    id: u64,
}

#[pymethods]
impl PyRemovableHandle {
    /// Removes the hook (nothing when it is gone already).
    fn remove(&self) {
        if let Some(p) = self.param.upgrade() {
            if p.remove_hook(self.id) {
                LIVE.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }
    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }
    fn __exit__(
        &self,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) {
        self.remove();
    }
}

/// `p.register_hook(hook)` (see `Tensor.register_hook`).
pub fn register(t: &PyTensor, hook: &Bound<'_, PyAny>) -> PyResult<PyRemovableHandle> {
    let Some(p) = t.param.as_ref() else {
        return Err(super::errors::UnsupportedOpError::new_err(
            "register_hook: only a Parameter's gradient can be hooked yet (for an intermediate \
             tensor, call retain_grad() and read .grad after backward)",
        ));
    };
    if !hook.is_callable() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "register_hook: the hook must be callable, got {}",
            hook.get_type().name()?
        )));
    }
    if !p.requires_grad() {
        return Err(Error::Grad(
            "cannot register a hook on a tensor that doesn't require gradient".into(),
        )
        .into());
    }
    let id = p.add_hook(Arc::new(PyHook(hook.clone().unbind())));
    LIVE.fetch_add(1, Ordering::Relaxed);
    Ok(PyRemovableHandle {
        param: Arc::downgrade(p),
        id,
    })
}

/// Run every hooked parameter's hooks on its gradient in `staged` (the session of `cell`
/// unlocked), writing what they return back into `staged.grads`.
pub fn run(py: Python<'_>, cell: &Arc<SessionCell>, staged: &Staged<Be>) -> PyResult<()> {
    for (p, buf) in staged.grads.items() {
        let hooks = p.hooks();
        if hooks.is_empty() {
            continue;
        }
        let mut g: Value<Be> = buf.value("backward").map_err(PyErr::from)?;
        let mut changed = false;
        for hook in hooks {
            let Some(hook) = hook.downcast_ref::<PyHook>() else {
                continue;
            };
            // the gradient as a tensor of the session: a copy (the hook may keep or change it)
            let copy = Be::copy(g.get()).map_err(PyErr::from)?;
            let dtype = Be::dtype(&copy);
            let slot = py.detach(|| {
                named(&mut lock(cell), |s| {
                    s.input_owned_as(copy, Some(dtype), false)
                })
            })?;
            let given = Py::new(py, PyTensor::named(cell, slot))?;
            let out = hook.0.call1(py, (given,))?;
            if out.is_none(py) {
                continue;
            }
            let out =
                out.bind(py).cast::<PyTensor>().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                    "register_hook: a hook of parameter {} returned {}; expected None or a Tensor",
                    p.label(),
                    out.bind(py).get_type().name().map_or("?".into(), |n| n.to_string())
                ))
                })?;
            let value = out.get().value(py)?;
            let (shape, dtype) = (Be::shape(value.get()), Be::dtype(value.get()));
            if shape != p.shape() || dtype != p.dtype() {
                return Err(Error::Grad(format!(
                    "hook of parameter {} has changed the gradient's shape or dtype: {:?} {} \
                     -> {shape:?} {dtype}",
                    p.label(),
                    p.shape(),
                    p.dtype()
                ))
                .into());
            }
            g = value;
            changed = true;
        }
        if changed {
            staged.grads.assign(&p, g.get()).map_err(PyErr::from)?;
        }
    }
    Ok(())
}

/// `loss.backward()` staged around the hooks: sweep, hooks, commit.
pub fn backward(py: Python<'_>, t: &PyTensor, root: Handle, retain_graph: bool) -> PyResult<()> {
    if super::capture_state::active() {
        return Err(Error::Capture(
            "a backward with gradient hooks (register_hook) cannot be captured".into(),
        )
        .into());
    }
    let cell = t.cell()?;
    let staged = t.with(py, move |s| s.backward_staged(root))?;
    run(py, &cell, &staged)?;
    t.with(py, move |s| s.commit_backward(staged, root, retain_graph))
}
