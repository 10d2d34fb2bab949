//! `eagertape.optim`: `Optimizer` (the shared base), `SGD`, `Adam`, `AdamW`, and the core of
//! the rule optimizers (`_RuleOptimizer`). Each is a
//! handle on a core optimizer; a step is one call into Rust for every parameter.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::PyClassInitializer;

use super::classes::PyGradMap;
use super::classes::PyParameter;
use super::classes::{Core, PyOptimizer};
use super::convert::{record_from_py, record_to_py};
use crate::session::effect::{lock_optimizer, Effect};

impl PyOptimizer {
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Core> {
        lock_optimizer(&self.inner)
    }

    fn new(core: crate::error::Result<Core>) -> PyResult<Self> {
        Ok(PyOptimizer {
            inner: Arc::new(Mutex::new(core?)),
        })
    }
}

#[pymethods]
impl PyOptimizer {
    /// The learning rate (float) the next steps use; settable.
    ///
    /// Setting a value the optimizer refuses (negative or not finite) raises
    /// `ConfigError` and changes nothing. On an optimizer made from a list of parameters,
    /// `param_groups[0]["lr"]` reads and sets the same value.
    #[getter]
    fn lr(&self) -> f64 {
        self.lock().lr()
    }

    #[setter]
    fn set_lr(&self, lr: f64) -> PyResult<()> {
        super::capture_state::refuse_effect("setting the learning rate")?;
        self.lock().set_lr(lr).map_err(PyErr::from)
    }

    /// The hyperparameters by the core's names, in order (`beta1`, flags 0 or 1): what
    /// `_state_dict()["hyper"]` holds, without copying the state.
    fn _hyper<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (k, v) in self.lock().hyper() {
            out.set_item(k, v)?;
        }
        Ok(out)
    }

    /// Replace hyperparameters by the core's names (`beta1`, flags 0 or 1): the whole new
    /// set is checked as at construction, and nothing changes on error. `param_groups`
    /// entries set other options than `lr` through this (a scheduler cycling momentum).
    fn _set_hyper(&self, values: Vec<(String, f64)>) -> PyResult<()> {
        super::capture_state::refuse_effect("setting an optimizer's hyperparameter")?;
        self.lock().set_hyper(&values).map_err(PyErr::from)
    }

    /// The parameters this optimizer updates.
    #[getter]
    fn params(&self, py: Python<'_>) -> PyResult<Vec<Py<PyParameter>>> {
        self.lock()
            .params()
            .iter()
            .map(|p| PyParameter::wrap(py, p))
            .collect()
    }

    /// Update every parameter that has a gradient in `grads` (everything validated first;
    /// parameters without a gradient are skipped). With no argument (torch's loop), the
    /// gradients are `p.grad`: the current session's store, which keeps them until
    /// `zero_grad()`; then at least one parameter must have one.
    #[pyo3(signature = (grads=None))]
    fn step(slf: &Bound<'_, Self>, py: Python<'_>, grads: Option<&PyGradMap>) -> PyResult<()> {
        let me = slf.get();
        if let Some(grads) = grads {
            let map = Arc::clone(&grads.inner);
            if super::capture_state::active() {
                let step = Effect::StepWith(Arc::clone(&me.inner), map);
                return super::torch_style::effect_in_capture(py, "opt.step(grads)", step)
                    .map(|_| ());
            }
            return py
                .detach(|| crate::guard::contained("step", || me.lock().step(&map)))
                .map_err(PyErr::from);
        }
        let step = Effect::Step(Arc::clone(&me.inner));
        super::torch_style::effect_in_current(py, "opt.step()", step).map(|_| ())
    }

    /// torch's `zero_grad(set_to_none=True)` for this optimizer's parameters, in the
    /// current session's store.
    #[pyo3(signature = (set_to_none=true))]
    fn zero_grad(slf: &Bound<'_, Self>, py: Python<'_>, set_to_none: bool) -> PyResult<()> {
        let ids: Vec<u64> = slf.get().lock().params().iter().map(|p| p.id()).collect();
        super::torch_style::zero_grad_in_current(py, "opt.zero_grad()", ids, set_to_none)
    }

    /// The core's own layout (checkpoints use it; `state_dict()` is torch's, built from it
    /// in `eagertape.optim`): `{"type", "hyper", "state": {param_id: {"step", <buffer>:
    /// ndarray, <number>: float}}}` (copies).
    fn _state_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.lock().record();
        record_to_py(py, record)
    }

    /// Restore a `state_dict()`: the type, every parameter id, buffer name, shape and dtype,
    /// and the hyperparameters (validated as at construction) are checked before anything
    /// changes; then state and hyperparameters are restored.
    fn _load_state_dict(&self, state_dict: &Bound<'_, PyAny>) -> PyResult<()> {
        super::capture_state::refuse_effect("optimizer.load_state_dict()")?;
        let record = record_from_py(state_dict)?;
        self.lock().load_record(&record).map_err(PyErr::from)
    }

    fn __repr__(&self) -> String {
        let o = self.lock();
        let hyper: Vec<String> = o.hyper().iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!(
            "{}(params={}, {})",
            o.kind(),
            o.params().len(),
            hyper.join(", ")
        )
    }
}

/// The core of every torch.optim class but L-BFGS: `eagertape.optim`'s classes bind torch's
/// signature (declared once, `_OPTIMIZER_SIGNATURES`) into `hyper` (pairs as two names,
/// flags 0 or 1) and make this core for their `kind`.
#[pyclass(name = "_TorchOptimizer", module = "eagertape.optim", frozen, subclass, extends = PyOptimizer)]
pub struct PyTorchOptimizer;

#[pymethods]
impl PyTorchOptimizer {
    #[new]
    #[pyo3(signature = (kind, params, hyper, fused=false))]
    fn new(
        kind: &str,
        params: &Bound<'_, PyAny>,
        hyper: Vec<(String, f64)>,
        fused: bool,
    ) -> PyResult<PyClassInitializer<Self>> {
        let core = crate::optim::make(
            kind,
            super::torch_style::params_of(kind, params)?,
            &hyper,
            fused,
        );
        Ok(PyClassInitializer::from(PyOptimizer::new(core)?).add_subclass(PyTorchOptimizer))
    }
}

/// Every optimizer's torch signature after `params` (`crate::optim::signature`), as
/// `{kind: ((name, default, members), ...)}`: a number's default a float, a flag's a bool,
/// a pair's two floats with `members` its two hyperparameter names (else `()`).
pub(crate) fn optimizer_signatures(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    use crate::optim::signature::Arg;
    let out = PyDict::new(py);
    for (kind, args) in crate::optim::signatures() {
        let mut entries: Vec<Bound<'_, PyAny>> = Vec::with_capacity(args.len()); // bounded: one per argument
        for a in args {
            let entry = match *a {
                Arg::Number(n, v) => (n, v, ()).into_pyobject(py)?.into_any(),
                Arg::Flag(n, on) => (n, on, ()).into_pyobject(py)?.into_any(),
                Arg::Pair(n, names, [x, y]) => (n, (x, y), (names[0], names[1]))
                    .into_pyobject(py)?
                    .into_any(),
            };
            entries.push(entry);
        }
        out.set_item(kind, pyo3::types::PyTuple::new(py, entries)?)?;
    }
    Ok(out)
}
