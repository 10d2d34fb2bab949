//! Factories, as session methods (a tensor belongs to a session): `arange`, `zeros`,
//! `ones`, `full`, `eye`, with torch's arguments. The arguments are parsed here (an int
//! argument makes an integer `arange`/`full`, a bool fill a bool one); the patterns, their
//! checks and default dtypes are the core's (`session/factory.rs`).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use super::classes::PySession;
use super::classes::{lock, PyTensor};
use super::session::shape_arg;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::session::factory::Factory;

pub(super) fn requested(dtype: Option<&Bound<'_, PyAny>>) -> PyResult<Option<DType>> {
    match dtype.filter(|d| !d.is_none()) {
        None => Ok(None),
        Some(d) => Ok(Some(DType::parse_any(&super::config::dtype_name(d)?)?)),
    }
}

/// Whether `v` is a Python int (not a bool).
fn is_int(v: &Bound<'_, PyAny>) -> bool {
    v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>()
}

impl PySession {
    /// Make `made` in this session (see `Session::make`).
    fn make(
        &self,
        py: Python<'_>,
        made: Result<Factory>,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let made = made?;
        let cell = &self.cell;
        let h = py.detach(|| lock(cell).make(&made, dtype, requires_grad))?;
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
        let made = Factory::full(shape_arg(size)?, v, None);
        self.make(py, made, requested(dtype)?, requires_grad)
    }
}

#[pymethods]
impl PySession {
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
                PyErr::from(Error::Shape("full: size must be a sequence of ints".into()))
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
        let made = Factory::full(shape, v, natural);
        self.make(py, made, requested(dtype)?, requires_grad)
    }
    /// Returns a 2-D tensor of this session with ones on the diagonal and zeros elsewhere.
    ///
    /// Args:
    ///     n (int): the number of rows.
    ///     m (int, optional): the number of columns. Default: ``None`` (`n`).
    ///     dtype (str or dtype, optional): the result's dtype, a name or a numpy/torch
    ///         dtype: a floating dtype or a data dtype (`"int64"`, `"int32"`, `"bool"`).
    ///         Default: ``None`` (the session's dtype).
    ///     requires_grad (bool): whether the result requires a gradient (floating dtypes
    ///         only). Default: ``False``.
    ///
    /// Returns:
    ///     Tensor: a new `(n, m)` tensor of this session.
    ///
    /// Raises:
    ///     ShapeError: a negative `n` or `m`.
    ///     GradError: `requires_grad=True` with a data dtype.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> sess = et.Session(dtype="float32")
    ///     >>> sess.eye(2, 3).tolist()
    ///     [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    #[pyo3(signature = (n, m=None, *, dtype=None, requires_grad=false))]
    fn eye(
        &self,
        py: Python<'_>,
        n: i64,
        m: Option<i64>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let made = Factory::eye(n, m.unwrap_or(n));
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
        let dtype = requested(dtype)?;
        let made = Factory::arange_as(a, b, d, ints, dtype);
        self.make(py, made, dtype, requires_grad)
    }
    /// `linspace(start, end, steps)`: `steps` values evenly spaced from `start` to `end`,
    /// both included, as torch's kernel computes them (in the result's dtype: the carrier
    /// unless `dtype=` says otherwise; an integer dtype truncates).
    ///
    /// Args:
    ///     start (float): the first value.
    ///     end (float): the last value.
    ///     steps (int): how many values (0: empty; 1: `[start]`).
    ///     dtype (str, optional): the result's dtype. Default: the session's carrier.
    ///     requires_grad (bool): whether the result is a leaf that requires grad.
    ///
    /// Returns:
    ///     Tensor: a new 1-D tensor of this session.
    ///
    /// Raises:
    ///     ArgumentError: a negative `steps` or an infinite end.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> sess = et.Session(dtype="float64")
    ///     >>> sess.linspace(0.0, 1.0, 5).tolist()
    ///     [0.0, 0.25, 0.5, 0.75, 1.0]
    #[pyo3(signature = (start, end, steps, *, dtype=None, requires_grad=false))]
    fn linspace(
        &self,
        py: Python<'_>,
        start: f64,
        end: f64,
        steps: i64,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let made = Factory::linspace(start, end, steps);
        self.make(py, made, requested(dtype)?, requires_grad)
    }
}

/// `zeros` and `ones`: one row each (the fill, its word, an example), the rest written once.
macro_rules! filled_factories {
    ($($name:ident = $fill:literal, $word:literal, $call:literal, $result:literal;)*) => {
        #[pymethods]
        impl PySession {$(
            #[doc = concat!(
                "Returns a tensor of this session filled with the scalar value ", $word,
                ", with the shape\ngiven by `size`.\n\n",
                "Args:\n",
                "    *size (int...): the shape, as separate ints or one tuple or list.\n",
                "    dtype (str or dtype, optional): the result's dtype, a name or a numpy/torch\n",
                "        dtype: a floating dtype or a data dtype (`\"int64\"`, `\"int32\"`, `\"bool\"`).\n",
                "        Default: ``None`` (the session's dtype).\n",
                "    requires_grad (bool): whether the result requires a gradient (floating dtypes\n",
                "        only). Default: ``False``.\n\n",
                "Returns:\n    Tensor: a new tensor of this session.\n\n",
                "Raises:\n",
                "    ShapeError: a negative or non-integer size.\n",
                "    GradError: `requires_grad=True` with a data dtype.\n\n",
                "Examples:\n",
                "    >>> import eagertape as et\n",
                "    >>> sess = et.Session(dtype=\"float32\")\n",
                "    >>> ", $call, "\n    ", $result,
            )]
            #[pyo3(signature = (*size, dtype=None, requires_grad=false))]
            fn $name(
                &self,
                py: Python<'_>,
                size: &Bound<'_, PyTuple>,
                dtype: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
            ) -> PyResult<PyTensor> {
                self.filled(py, size, $fill, dtype, requires_grad)
            }
        )*}
    };
}

filled_factories! {
    zeros = 0.0, "0", "sess.zeros(2, 3).tolist()", "[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]";
    ones = 1.0, "1", "sess.ones((2,), dtype=\"int64\").tolist()", "[1, 1]";
}
