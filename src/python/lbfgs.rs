//! `eagertape.optim.LBFGS`: torch's `LBFGS(params, lr=1, max_iter=20, max_eval=None,
//! tolerance_grad=1e-7, tolerance_change=1e-9, history_size=100, line_search_fn=None)` over
//! `optim::lbfgs`. `step(closure)` calls the closure (torch's: it clears the gradients, runs
//! the forward, calls `loss.backward()` and returns the loss) as often as the algorithm
//! asks, with the GIL held; the gradients are the current session's `p.grad`.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;

use super::classes::{lock, PyParameter};
use super::convert::{record_from_py, record_to_py};
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::optim::lbfgs::{Lbfgs, LbfgsConfig, Objective};
use crate::param::Parameter;

/// The closure as the algorithm's objective. A Python exception is kept here (the core sees
/// a `Grad` error) and re-raised as it was.
struct Closure<'py> {
    f: Bound<'py, PyAny>,
    params: Vec<Arc<Parameter<Be>>>,
    raised: Option<PyErr>,
    /// What the first call returned: `step` returns it, as torch's.
    first: Option<Bound<'py, PyAny>>,
}

impl Objective<Be> for Closure<'_> {
    fn eval(&mut self) -> Result<(f64, Vec<<Be as Backend>::T>)> {
        let out = self.f.call0().and_then(|v| {
            let loss = v.call_method0("__float__")?.extract::<f64>()?;
            Ok((v, loss))
        });
        let loss = match out {
            Ok((v, loss)) => {
                self.first.get_or_insert(v);
                loss
            }
            Err(e) => {
                self.raised = Some(e);
                return Err(Error::Grad("LBFGS: the closure raised".into()));
            }
        };
        let cell = super::current::cell()?;
        let s = lock(&cell);
        let mut grads = Vec::with_capacity(self.params.len()); // bounded: one per parameter
        for p in &self.params {
            let g = match s.store().get(p.id()) {
                Some(buf) => Be::copy(buf.value("LBFGS")?.get())?,
                None => Be::full(p.shape(), 0.0, p.dtype(), p.device())?,
            };
            grads.push(g);
        }
        Ok((loss, grads))
    }
}

/// torch.optim.LBFGS.
#[pyclass(name = "LBFGS", module = "eagertape.optim", frozen, subclass)]
pub struct PyLbfgs {
    params: Vec<Arc<Parameter<Be>>>,
    inner: Mutex<Lbfgs<Be>>,
}

impl PyLbfgs {
    /// The core, outside a step: a step holds it while it calls the closure, so a closure
    /// that reads or changes this optimizer gets an error rather than a deadlock.
    fn core(&self) -> PyResult<std::sync::MutexGuard<'_, Lbfgs<Be>>> {
        match self.inner.try_lock() {
            Ok(core) => Ok(core),
            Err(std::sync::TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => Err(PyErr::from(Error::Config(
                "LBFGS: used from inside its own step's closure (only zero_grad is)".into(),
            ))),
        }
    }
}

#[pymethods]
impl PyLbfgs {
    #[new]
    #[pyo3(signature = (params, lr=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-7, tolerance_change=1e-9, history_size=100, line_search_fn=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        params: &Bound<'_, PyAny>,
        lr: f64,
        max_iter: usize,
        max_eval: Option<usize>,
        tolerance_grad: f64,
        tolerance_change: f64,
        history_size: usize,
        line_search_fn: Option<&str>,
    ) -> PyResult<Self> {
        let cfg = LbfgsConfig::new(
            lr,
            max_iter,
            max_eval,
            tolerance_grad,
            tolerance_change,
            history_size,
            line_search_fn,
        )?;
        let ps = super::torch_style::params_of("LBFGS", params)?;
        let core = Lbfgs::new(ps, cfg)?;
        Ok(PyLbfgs {
            params: core.params().to_vec(),
            inner: Mutex::new(core),
        })
    }

    /// One L-BFGS step: up to `max_iter` iterations, each evaluating `closure`; returns what
    /// its first evaluation returned (the loss), as torch's.
    fn step<'py>(&self, closure: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        super::capture_state::refuse_effect("LBFGS.step()")?;
        let mut core = self.core()?;
        let mut f = Closure {
            f: closure.clone(),
            params: self.params.clone(),
            raised: None,
            first: None,
        };
        let out = core.step(&mut f);
        if let Some(e) = f.raised.take() {
            return Err(e);
        }
        out?;
        f.first
            .ok_or_else(|| PyErr::from(Error::Grad("LBFGS: the closure was not called".into())))
    }

    /// torch's `zero_grad(set_to_none=True)` for its parameters, in the current session.
    #[pyo3(signature = (set_to_none=true))]
    fn zero_grad(&self, py: Python<'_>, set_to_none: bool) -> PyResult<()> {
        let ids = self.params.iter().map(|p| p.id()).collect();
        super::torch_style::zero_grad_in_current(py, "opt.zero_grad()", ids, set_to_none)
    }

    #[getter]
    fn params(&self, py: Python<'_>) -> PyResult<Vec<Py<PyParameter>>> {
        self.params
            .iter()
            .map(|p| PyParameter::wrap(py, p))
            .collect()
    }

    #[getter]
    fn lr(&self) -> PyResult<f64> {
        Ok(self.core()?.cfg.lr)
    }

    #[setter]
    fn set_lr(&self, lr: f64) -> PyResult<()> {
        super::capture_state::refuse_effect("setting the learning rate")?;
        crate::optim::check_lr(lr)?;
        let mut core = self.core()?;
        core.cfg.lr = lr;
        Ok(())
    }

    /// torch's options by name (`lr`, `max_iter`, ..., `line_search_fn`).
    #[getter]
    fn _config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.core()?.cfg.record();
        record_to_py(py, record)
    }

    /// Replace the options (a dict as `_config` gives; checked as at construction, nothing
    /// changes on error).
    fn _configure(&self, options: &Bound<'_, PyAny>) -> PyResult<()> {
        let cfg = LbfgsConfig::from_record(&record_from_py(options)?)?;
        self.core()?.cfg = cfg;
        Ok(())
    }

    /// The number of closure evaluations and iterations so far (torch's `func_evals`,
    /// `n_iter`).
    #[getter]
    fn _counts(&self) -> PyResult<(usize, usize)> {
        let c = self.core()?;
        Ok((c.state.func_evals, c.state.n_iter))
    }

    /// The state by parameter (`eagertape.optim.LBFGS.state_dict` flattens it into torch's
    /// layout): counts and numbers, and each vector as one array per parameter (copies).
    fn _state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.core()?.record();
        record_to_py(py, record)
    }

    /// Restore a `_state()`: every vector's arrays checked against the parameters' shapes
    /// (converted to their dtype and device) before the state is replaced.
    fn _load_state(&self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let record = record_from_py(state)?;
        self.core()?.load_record(&record).map_err(PyErr::from)
    }

    fn __repr__(&self) -> String {
        let lr = self.lr().map_or("?".to_string(), |v| v.to_string());
        format!("LBFGS(params={}, lr={lr})", self.params.len())
    }
}
