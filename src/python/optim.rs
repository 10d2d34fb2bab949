//! `eagertape.optim` classes: thin handles over the core optimizers; one Rust call per step.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;

use super::grads::PyGradMap;
use super::param::PyParameter;
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::optim::Sgd;

#[pyclass(name = "SGD", module = "eagertape.optim", frozen)]
pub struct PySgd {
    inner: Mutex<Sgd<Be>>,
}

impl PySgd {
    fn lock(&self) -> std::sync::MutexGuard<'_, Sgd<Be>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PySgd {
    #[new]
    fn new(params: &Bound<'_, PyAny>, lr: f64) -> PyResult<Self> {
        let mut ps = Vec::new();
        for p in params.try_iter()? {
            let p = p?;
            let p = p.cast::<PyParameter>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "SGD: params must be an iterable of eagertape.Parameter",
                )
            })?;
            ps.push(Arc::clone(&p.get().inner));
        }
        Ok(PySgd {
            inner: Mutex::new(Sgd::new(ps, lr).py()?),
        })
    }

    #[getter]
    fn lr(&self) -> f64 {
        self.lock().lr()
    }

    #[setter]
    fn set_lr(&self, lr: f64) -> PyResult<()> {
        self.lock().set_lr(lr).py()
    }

    /// The parameters this optimizer updates.
    #[getter]
    fn params(&self) -> Vec<PyParameter> {
        self.lock()
            .params()
            .iter()
            .map(|p| PyParameter {
                inner: Arc::clone(p),
            })
            .collect()
    }

    /// Update every parameter that has a gradient in `grads` (validated first).
    fn step(&self, py: Python<'_>, grads: &PyGradMap) -> PyResult<()> {
        let map = Arc::clone(&grads.inner);
        py.detach(|| self.lock().step(&map)).py()
    }

    fn __repr__(&self) -> String {
        let s = self.lock();
        format!("SGD(params={}, lr={})", s.params().len(), s.lr())
    }
}
