//! Factories, as session methods (a tensor belongs to a session): `arange`, `zeros`,
//! `ones`, `full`, `eye`, with torch's arguments and default dtypes (integer `arange` and
//! `full` → int64, a bool fill → bool, otherwise the session's carrier). A floating
//! `dtype=` other than the carrier is the carrier's tensor converted with `to()` (as one
//! more node); a data dtype is made directly.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use super::classes::PySession;
use super::classes::{lock, PyTensor};
use super::session::shape_arg;
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::ops::convert::target;
use crate::ops::Op;

/// What a factory makes, made on the device by the backend (no host copy of the elements):
/// its pattern, shape and natural dtype (`None`: the session's carrier).
struct Made {
    pattern: Pattern,
    shape: Vec<i64>,
    natural: Option<DType>,
}

enum Pattern {
    /// Every element `v`.
    Full(f64),
    /// Ones on the main diagonal of an `n × m` matrix.
    Eye,
    /// `start + i * step`.
    Arange { start: f64, step: f64 },
}

impl Made {
    fn build(
        &self,
        dtype: DType,
        device: crate::config::Device,
    ) -> Result<crate::backend::dynamic::DynTensor> {
        let shape = &self.shape;
        match self.pattern {
            Pattern::Full(v) => Be::full(shape, v, dtype, device),
            Pattern::Eye => Be::eye(shape[0], shape[1], dtype, device),
            Pattern::Arange { start, step } => Be::generate(shape, dtype, device, &|at, part| {
                for (i, v) in (at..).zip(part.iter_mut()) {
                    *v = start + step * i as f64;
                }
            }),
        }
    }
}

fn requested(dtype: Option<&Bound<'_, PyAny>>) -> PyResult<Option<DType>> {
    match dtype.filter(|d| !d.is_none()) {
        None => Ok(None),
        Some(d) => Ok(Some(DType::parse_any(&super::config::dtype_name(d)?).py()?)),
    }
}

fn count(shape: &[i64]) -> Result<usize> {
    if let Some(n) = shape.iter().find(|&&n| n < 0) {
        return Err(Error::Shape(format!(
            "negative dimension {n} in shape {shape:?}"
        )));
    }
    crate::shape::checked_numel(shape)
}

/// Whether `v` is a Python int (not a bool).
fn is_int(v: &Bound<'_, PyAny>) -> bool {
    v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>()
}

impl PySession {
    /// Record `made` as an input leaf of its dtype (or `dtype=`), converted if needed.
    fn make(
        &self,
        py: Python<'_>,
        made: Made,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let cell = &self.cell;
        let h = py
            .detach(|| -> Result<_> {
                let mut s = lock(cell);
                let carrier = s.dtype();
                let wanted = dtype.or(made.natural).unwrap_or(carrier);
                let device = s.config().device;
                let to = target(carrier, carrier, wanted)?;
                // Data is made in its dtype; floats in the carrier, then converted.
                let first = if to.is_data() { to } else { carrier };
                let t = {
                    let _guard = Be::no_grad();
                    made.build(first, device)?
                };
                let leaf = s.input_owned_as(t, first.is_data().then_some(first), requires_grad)?;
                if to == first {
                    return Ok(leaf);
                }
                s.record(Op::convert(to, device), &[leaf])
            })
            .py()?;
        Ok(PyTensor::new(cell, h))
    }
}

impl PySession {
    /// `zeros`/`ones`: `*size` filled with `v`, in the carrier unless `dtype=`.
    fn filled(
        &self,
        py: Python<'_>,
        size: &Bound<'_, PyTuple>,
        v: f64,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let shape = shape_arg(size)?;
        count(&shape).py()?;
        let made = Made {
            pattern: Pattern::Full(v),
            shape,
            natural: None,
        };
        self.make(py, made, requested(dtype)?, requires_grad)
    }
}

#[pymethods]
impl PySession {
    /// `zeros(*size, dtype=None, requires_grad=False)`.
    #[pyo3(signature = (*size, dtype=None, requires_grad=false))]
    fn zeros(
        &self,
        py: Python<'_>,
        size: &Bound<'_, PyTuple>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        self.filled(py, size, 0.0, dtype, requires_grad)
    }
    /// `ones(*size, dtype=None, requires_grad=False)`.
    #[pyo3(signature = (*size, dtype=None, requires_grad=false))]
    fn ones(
        &self,
        py: Python<'_>,
        size: &Bound<'_, PyTuple>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        self.filled(py, size, 1.0, dtype, requires_grad)
    }
    /// `full(size, fill_value, *, dtype=None, requires_grad=False)`: an int fill gives
    /// int64, a bool fill bool, as torch.
    #[pyo3(signature = (size, fill_value, *, dtype=None, requires_grad=false))]
    fn full(
        &self,
        py: Python<'_>,
        size: &Bound<'_, PyAny>,
        fill_value: &Bound<'_, PyAny>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let shape = match size.extract::<i64>() {
            Ok(n) => vec![n],
            Err(_) => size.extract::<Vec<i64>>().map_err(|_| {
                super::to_py(Error::Shape("full: size must be a sequence of ints".into()))
            })?,
        };
        let natural = if fill_value.is_instance_of::<PyBool>() {
            Some(DType::Bool)
        } else if is_int(fill_value) {
            Some(DType::Int64)
        } else {
            None
        };
        let v: f64 = fill_value.extract()?;
        count(&shape).py()?;
        let made = Made {
            pattern: Pattern::Full(v),
            shape,
            natural,
        };
        self.make(py, made, requested(dtype)?, requires_grad)
    }
    /// `eye(n, m=None, *, dtype=None, requires_grad=False)`.
    #[pyo3(signature = (n, m=None, *, dtype=None, requires_grad=false))]
    fn eye(
        &self,
        py: Python<'_>,
        n: i64,
        m: Option<i64>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let m = m.unwrap_or(n);
        let shape = vec![n, m];
        count(&shape).py()?;
        let made = Made {
            pattern: Pattern::Eye,
            shape,
            natural: None,
        };
        self.make(py, made, requested(dtype)?, requires_grad)
    }
    /// `arange(end)`, `arange(start, end, step=1)`: `ceil((end - start) / step)` values
    /// `start + i * step`; int64 when every argument is an int, else the carrier.
    #[pyo3(signature = (start, end=None, step=None, *, dtype=None, requires_grad=false))]
    fn arange(
        &self,
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        end: Option<&Bound<'_, PyAny>>,
        step: Option<&Bound<'_, PyAny>>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let (start, end) = match end {
            None => (None, start),
            Some(e) => (Some(start), e),
        };
        let ints = start.is_none_or(is_int) && is_int(end) && step.is_none_or(is_int);
        let a: f64 = start.map_or(Ok(0.0), |s| s.extract())?;
        let b: f64 = end.extract()?;
        let d: f64 = step.map_or(Ok(1.0), |s| s.extract())?;
        if d == 0.0 {
            return Err(super::to_py(Error::Argument(
                "arange: step must be nonzero".into(),
            )));
        }
        if !(a.is_finite() && b.is_finite() && d.is_finite()) {
            return Err(super::to_py(Error::Argument(format!(
                "arange: unsupported range {a} -> {b} (step {d})"
            ))));
        }
        if (b - a) * d < 0.0 {
            return Err(super::to_py(Error::Argument(format!(
                "arange: upper bound and larger bound inconsistent with step sign \
                 ({a} -> {b}, step {d})"
            ))));
        }
        let n = ((b - a) / d).ceil().max(0.0) as i64;
        count(&[n]).py()?;
        let made = Made {
            pattern: Pattern::Arange { start: a, step: d },
            shape: vec![n],
            natural: ints.then_some(DType::Int64),
        };
        self.make(py, made, requested(dtype)?, requires_grad)
    }
}
