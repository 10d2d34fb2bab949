//! Tensor conversions: `to(dtype)`, `float()`, `double()`, `half()`, `bfloat16()`,
//! `long()`, `int()`, `bool()`, and `detach()`. A conversion to the tensor's own dtype
//! returns the tensor itself, as torch does.

use pyo3::prelude::*;

use super::tensor::{lock, PyTensor};
use super::OrPy;
use crate::config::DType;
use crate::ops::convert::target;
use crate::ops::Op;

impl PyTensor {
    /// Convert to `requested` as this tensor's session understands it ([`target`]); the
    /// tensor itself when that is its own dtype.
    fn converted(slf: &Bound<'_, Self>, requested: DType) -> PyResult<Py<PyTensor>> {
        let py = slf.py();
        let this = slf.get();
        let cell = this.cell().py()?;
        let h = this.handle;
        let out = py
            .detach(|| {
                let mut s = lock(&cell);
                let from = s.dtype_of(h)?;
                let to = target(s.dtype(), from, requested)?;
                if to == from {
                    return Ok(None);
                }
                let device = s.config().device;
                s.record(Op::convert(to, device), &[h]).map(Some)
            })
            .py()?;
        match out {
            None => Ok(slf.clone().unbind()),
            Some(h) => Py::new(py, PyTensor::new(&cell, h)),
        }
    }
}

#[pymethods]
impl PyTensor {
    /// `x.to(dtype)`: `dtype` a name (`"float64"`, `"int64"`, `"bool"`, ...), a torch or
    /// numpy dtype. A float → float conversion passes gradients back; the others give data.
    fn to(slf: &Bound<'_, Self>, dtype: &Bound<'_, PyAny>) -> PyResult<Py<PyTensor>> {
        let name = super::config::dtype_name(dtype)?;
        Self::converted(slf, DType::parse_any(&name).py()?)
    }
    fn float(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Float32)
    }
    fn double(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Float64)
    }
    fn half(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Float16)
    }
    fn bfloat16(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::BFloat16)
    }
    fn long(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Int64)
    }
    fn int(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Int32)
    }
    fn bool(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        Self::converted(slf, DType::Bool)
    }
    /// The same value as a new leaf (sharing its storage) that backward does not pass
    /// through.
    fn detach(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.call(py, |s, h| s.detach(h))
    }
    /// `x.new_tensor(data, dtype=None, requires_grad=False)`: `data` copied into a new leaf
    /// of this tensor's session, as `Session.input` copies it (torch's `Tensor.new_tensor`).
    #[pyo3(signature = (data, dtype=None, requires_grad=false))]
    fn new_tensor(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let cell = self.cell().py()?;
        super::session::input_into(py, &cell, data, Some(requires_grad), dtype)
    }
}
