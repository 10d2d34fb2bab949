//! `eagertape.Parameter`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::config::dtype_name;
use super::convert::{host_data, to_numpy, to_tensor};
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::config::{DType, Device};
use crate::error::Error;
use crate::param::Parameter;

/// Equality and hashing follow the parameter's id, so wrappers returned by
/// `GradMap.params()` compare equal to the parameter the user holds.
#[pyclass(name = "Parameter", module = "eagertape", frozen)]
pub struct PyParameter {
    pub inner: Arc<Parameter<Be>>,
}

#[pymethods]
impl PyParameter {
    #[new]
    #[pyo3(signature = (data, *, name=None, requires_grad=true, dtype=None, device=None))]
    fn new(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        name: Option<String>,
        requires_grad: bool,
        dtype: Option<&Bound<'_, PyAny>>,
        device: Option<&str>,
    ) -> PyResult<Self> {
        let h = host_data(data)?;
        let dtype = match dtype {
            Some(d) => DType::parse(&dtype_name(d)?).py()?,
            None if h.integral => {
                return Err(super::to_py(Error::DType(
                    "Parameter: integer data cannot require gradients; pass floating-point data or dtype=".into(),
                )))
            }
            None => h.natural.unwrap_or(DType::Float32),
        };
        let device = match device {
            Some(d) => Device::parse(d).py()?,
            None => Device::default_for(dtype, None),
        };
        let host = h.tensor;
        let inner = py
            .detach(move || Parameter::from_data(&host, dtype, device, name, requires_grad))
            .py()?;
        Ok(PyParameter { inner })
    }

    #[getter]
    fn id(&self) -> u64 {
        self.inner.id()
    }
    #[getter]
    fn name(&self) -> Option<&str> {
        self.inner.name()
    }
    #[getter]
    fn version(&self, py: Python<'_>) -> u64 {
        py.detach(|| self.inner.version())
    }
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.shape())
    }
    #[getter]
    fn dtype(&self) -> &'static str {
        self.inner.dtype().name()
    }
    #[getter]
    fn device(&self) -> String {
        self.inner.device().to_string()
    }
    #[getter]
    fn requires_grad(&self) -> bool {
        self.inner.requires_grad()
    }
    #[getter]
    fn numel(&self) -> i64 {
        self.inner.shape().iter().product()
    }

    /// A copy of the current value.
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let snap = py.detach(|| self.inner.snapshot());
        to_numpy(py, snap)
    }

    /// Replace the value (same shape). Tapes that recorded the old snapshot keep it.
    fn assign(&self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
        let p = &self.inner;
        let t = to_tensor(data, p.dtype(), p.device())?;
        py.detach(move || crate::guard::contained("assign", || p.assign(&t)))
            .py()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyParameter>()
            .is_ok_and(|o| o.get().inner.id() == self.inner.id())
    }

    fn __hash__(&self) -> u64 {
        self.inner.id()
    }

    fn __repr__(&self) -> String {
        format!(
            "Parameter(id={}, name={}, shape={:?}, dtype={}, device={}, requires_grad={})",
            self.inner.id(),
            self.inner
                .name()
                .map_or("None".into(), |n| format!("'{n}'")),
            self.inner.shape(),
            self.inner.dtype(),
            self.inner.device(),
            if self.inner.requires_grad() {
                "True"
            } else {
                "False"
            }
        )
    }
}
