//! `eagertape.GradMap` and `eagertape.Buffer`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::classes::PyParameter;
use super::classes::{PyBuffer, PyGradMap};
use crate::session::effect::{Effect, GradsEffect};

#[pymethods]
impl PyGradMap {
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __contains__(&self, param: &Bound<'_, PyAny>) -> bool {
        param
            .cast::<PyParameter>()
            .is_ok_and(|p| self.inner.get(p.get().inner.id()).is_some())
    }

    fn __getitem__(&self, param: &Bound<'_, PyAny>) -> PyResult<PyBuffer> {
        let p = param.cast::<PyParameter>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("GradMap keys are eagertape.Parameter objects")
        })?;
        let p = p.get();
        match self.inner.get(p.inner.id()) {
            Some(b) => Ok(PyBuffer { inner: b }),
            None => Err(pyo3::exceptions::PyKeyError::new_err(format!(
                "no gradient for parameter {}",
                p.inner.label()
            ))),
        }
    }

    /// The parameters that have a gradient, in the order they were first reached.
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ps: Vec<Py<PyParameter>> = self
            .inner
            .params()
            .iter()
            .map(|inner| PyParameter::wrap(py, inner))
            .collect::<PyResult<_>>()?;
        PyList::new(py, ps)
    }

    /// Returns the parameters that have a gradient, in the order they were first reached
    /// (as `params()`).
    ///
    /// The list holds new `Parameter` objects for them, equal to (and hashing as) the
    /// originals, so they index this map.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.params(py)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.params(py)?.try_iter().map(|i| i.into_any())
    }

    /// `(parameter, buffer)` pairs.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items: Vec<(Py<PyParameter>, PyBuffer)> = self
            .inner
            .items()
            .into_iter()
            .map(|(inner, b)| Ok((PyParameter::wrap(py, &inner)?, PyBuffer { inner: b })))
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }

    /// The 2-norm of all gradients taken together.
    fn global_norm(&self, py: Python<'_>) -> PyResult<f64> {
        super::capture_state::host_read("GradMap.global_norm()")?;
        py.detach(|| crate::guard::contained("global_norm", || self.inner.global_norm()))
            .map_err(PyErr::from)
    }

    /// Whether every gradient element is finite.
    fn is_finite(&self, py: Python<'_>) -> PyResult<bool> {
        super::capture_state::host_read("GradMap.is_finite()")?;
        py.detach(|| crate::guard::contained("is_finite", || self.inner.is_finite()))
            .map_err(PyErr::from)
    }

    /// Scale the gradients in place so their global norm is at most `max_norm`
    /// (torch.nn.utils.clip_grad_norm_); returns the norm before clipping. A non-finite norm
    /// raises `NonFiniteError` unless `error_if_nonfinite=False`.
    #[pyo3(signature = (max_norm, error_if_nonfinite=true))]
    ///
    /// Inside a captured step it is recorded (each replay clips again) and returns a
    /// placeholder that refuses to be read.
    fn clip_norm_<'py>(
        &self,
        py: Python<'py>,
        max_norm: f64,
        error_if_nonfinite: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        if super::capture_state::active() {
            let clip = GradsEffect::ClipNorm {
                max_norm,
                error_if_nonfinite,
            };
            let clip = Effect::OnMap(Arc::clone(&self.inner), clip);
            super::torch_style::effect_in_capture(py, "GradMap.clip_norm_()", clip)?;
            let what = "the norm GradMap.clip_norm_() returns";
            return super::capture_state::host_value(py, None, what);
        }
        let norm = py
            .detach(|| {
                crate::guard::contained("clip_norm_", || {
                    self.inner.clip_norm_(max_norm, error_if_nonfinite)
                })
            })
            .map_err(PyErr::from)?;
        Ok(pyo3::types::PyFloat::new(py, norm).into_any())
    }

    /// Release every buffer (idempotent); returns how many were released by this call.
    /// Inside a captured step it is recorded (each replay releases them again) and
    /// returns 0.
    fn release(&self, py: Python<'_>) -> PyResult<usize> {
        self.release_recorded(py, "GradMap.release()")
            .map(|released| released.unwrap_or(0))
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// Leaving `with grads:` releases every buffer (recorded inside a captured step).
    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.release_recorded(py, "leaving `with grads:`")?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        format!("GradMap(len={})", self.inner.len())
    }
}

impl PyGradMap {
    /// Release every buffer: how many, or `None` inside a captured step, where the release
    /// is an effect the capture records (`what` names the call).
    fn release_recorded(&self, py: Python<'_>, what: &str) -> PyResult<Option<usize>> {
        if super::capture_state::active() {
            let release = Effect::Release(Arc::clone(&self.inner));
            return super::torch_style::effect_in_capture(py, what, release).map(|_| None);
        }
        Ok(Some(py.detach(|| self.inner.release())))
    }
}

properties! { PyBuffer, inner:
    /// Elements held (0 once released).
    numel -> usize = |b| b.numel();
    /// Bytes held (int): `numel` times the element size; 0 once released.
    nbytes -> usize = |b| b.nbytes();
    /// The dtype's name (str), e.g. `"float32"`.
    dtype -> &'static str = |b| b.dtype().name();
    /// The device the values live on (str): `"cpu"`, `"cuda"` or `"cuda:N"`.
    device -> String = |b| b.device().to_string();
    /// Whether the buffer has been released (bool); its values can no longer be read.
    released -> bool = |b| b.released();
}

#[pymethods]
impl PyBuffer {
    /// The gradient's shape (tuple of ints), its parameter's; kept after `release()`.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.shape())
    }

    /// Free this buffer's storage reference: True the first time, then False.
    fn release(&self, py: Python<'_>) -> PyResult<bool> {
        super::capture_state::refuse_effect("Buffer.release()")?;
        Ok(py.detach(|| self.inner.release()))
    }

    /// Returns a copy of the gradient as a numpy array.
    ///
    /// Raises:
    ///     ReleasedBufferError: the buffer has been released.
    ///     DTypeError: the gradient is an interval: read its bounds with `bounds()`.
    ///     CaptureError: called inside a captured step.
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        super::capture_state::host_read("a gradient's numpy()")?;
        let v = self.inner.value("Buffer.numpy")?;
        super::convert::numpy_of(py, v, "Buffer.numpy()")
    }

    /// Returns the lower and upper bounds of the gradient, as two numpy arrays (copies): an
    /// interval gradient's bounds, any other gradient's value twice.
    ///
    /// Raises:
    ///     ReleasedBufferError: the buffer has been released.
    ///     CaptureError: called inside a captured step.
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        super::capture_state::host_read("a gradient's bounds()")?;
        let v = self.inner.value("Buffer.bounds")?;
        super::convert::bounds_of(py, v)
    }

    /// Checks that the storage holds the `prod(shape)` elements the shape promises.
    ///
    /// Args:
    ///     place (str): where the check is made, named in the error message.
    ///
    /// Raises:
    ///     BufferSizeError: the storage holds another number of elements, or the buffer
    ///         has been released.
    fn check_size(&self, place: &str) -> PyResult<()> {
        self.inner.check_size(place).map_err(PyErr::from)
    }

    fn __repr__(&self) -> String {
        format!(
            "Buffer(shape={:?}, dtype={}, device={}, released={})",
            self.inner.shape(),
            self.inner.dtype(),
            self.inner.device(),
            if self.inner.released() {
                "True"
            } else {
                "False"
            }
        )
    }
}
