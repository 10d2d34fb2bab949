//! `eagertape.Tensor`: a handle `(session, generation, node)` plus a weak reference to its
//! session. It owns no memory and does not keep the session alive; every use re-validates
//! it (foreign, stale, closed session) before anything is recorded.

use std::sync::{Arc, Mutex, Weak};

use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyTuple};

use super::convert::{to_numpy, to_tensor};
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::ops::Op;
use crate::session::{Operand, Session};
use crate::tape::Handle;

pub type SessionCell = Mutex<Session<Be>>;

/// Lock a session (a panic inside the core never leaves a tape half-pushed, so a
/// poisoned lock is still consistent).
pub fn lock(cell: &SessionCell) -> std::sync::MutexGuard<'_, Session<Be>> {
    cell.lock().unwrap_or_else(|e| e.into_inner())
}

#[pyclass(name = "Tensor", module = "eagertape", frozen)]
pub struct PyTensor {
    pub session: Weak<SessionCell>,
    pub handle: Handle,
}

impl PyTensor {
    pub fn new(session: &Arc<SessionCell>, handle: Handle) -> Self {
        PyTensor {
            session: Arc::downgrade(session),
            handle,
        }
    }

    fn cell(&self) -> Result<Arc<SessionCell>> {
        self.session
            .upgrade()
            .ok_or(Error::SessionClosed(self.handle.session))
    }

    /// Run `f` on this handle's session without the GIL.
    pub fn with<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session<Be>) -> Result<R> + Send,
    ) -> PyResult<R> {
        let cell = self.cell().py()?;
        py.detach(|| f(&mut lock(&cell))).py()
    }

    /// Record `op` on this tensor's session with these parents.
    fn record(&self, py: Python<'_>, op: Op<Be>, parents: &[Handle]) -> PyResult<PyTensor> {
        let cell = self.cell().py()?;
        let h = py.detach(|| lock(&cell).record(op, parents)).py()?;
        Ok(PyTensor::new(&cell, h))
    }

    fn unary(&self, py: Python<'_>, op: Op<Be>) -> PyResult<PyTensor> {
        self.record(py, op, &[self.handle])
    }

    /// An op argument: another tensor, or constant data converted to the session's dtype.
    fn operand(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Operand<Be>> {
        if let Ok(t) = other.cast::<PyTensor>() {
            return Ok(Operand::Node(t.get().handle));
        }
        let cell = self.cell().py()?;
        let (dtype, device) = py.detach(|| {
            let s = lock(&cell);
            (s.dtype(), s.config().device)
        });
        Ok(Operand::Data(to_tensor(other, dtype, device)?))
    }

    /// Record `op` on this tensor's session over a mix of tensors and constants.
    fn apply(&self, py: Python<'_>, op: Op<Be>, operands: Vec<Operand<Be>>) -> PyResult<PyTensor> {
        let cell = self.cell().py()?;
        let h = py.detach(|| lock(&cell).apply(op, operands)).py()?;
        Ok(PyTensor::new(&cell, h))
    }

    /// `self (op) other`, or `other (op) self` when `reflected`; Python numbers use the
    /// scalar forms of the op.
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        kind: Binary,
        reflected: bool,
    ) -> PyResult<Py<PyAny>> {
        if (other.is_instance_of::<PyFloat>() || other.is_instance_of::<PyInt>())
            && !other.is_instance_of::<pyo3::types::PyBool>()
        {
            let s: f64 = other.extract()?;
            let op = match (kind, reflected) {
                (Binary::Add, _) => Op::AddScalar(s),
                (Binary::Sub, false) => Op::AddScalar(-s),
                (Binary::Sub, true) => Op::RSubScalar(s),
                (Binary::Mul, _) => Op::MulScalar(s),
                (Binary::Div, false) => Op::MulScalar(1.0 / s),
                (Binary::Div, true) => Op::RDivScalar(s),
                (Binary::MatMul, _) => {
                    return Err(super::to_py(Error::Shape(
                        "matmul: a Python number has no dimensions; use *".into(),
                    )))
                }
            };
            return self
                .unary(py, op)
                .map(|t| Py::new(py, t).map(|t| t.into_any()))?;
        }
        if other.is_instance_of::<pyo3::types::PyString>() || other.is_none() {
            return Ok(py.NotImplemented().into_any());
        }
        let o = self.operand(py, other)?;
        let me = Operand::Node(self.handle);
        let operands = if reflected { vec![o, me] } else { vec![me, o] };
        let op = match kind {
            Binary::Add => Op::Add,
            Binary::Sub => Op::Sub,
            Binary::Mul => Op::Mul,
            Binary::Div => Op::Div,
            Binary::MatMul => Op::MatMul,
        };
        let t = self.apply(py, op, operands)?;
        Ok(Py::new(py, t)?.into_any())
    }
}

#[derive(Clone, Copy)]
enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    MatMul,
}

/// Reduction dims from Python's `dim=None|int`.
fn dims(dim: Option<i64>) -> Vec<i64> {
    dim.into_iter().collect()
}

#[pymethods]
impl PyTensor {
    /// numpy should hand binary ops with a Tensor back to the Tensor's reflected methods.
    #[classattr]
    fn __array_ufunc__() -> Option<i32> {
        None
    }

    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let h = self.handle;
        let s = self.with(py, move |s| s.shape(h))?;
        PyTuple::new(py, s)
    }
    #[getter]
    fn dtype(&self, py: Python<'_>) -> PyResult<&'static str> {
        let h = self.handle;
        self.with(py, move |s| s.check(&[h]).map(|_| s.dtype().name()))
    }
    #[getter]
    fn device(&self, py: Python<'_>) -> PyResult<String> {
        let h = self.handle;
        self.with(py, move |s| {
            s.check(&[h]).map(|_| s.config().device.to_string())
        })
    }
    #[getter]
    fn requires_grad(&self, py: Python<'_>) -> PyResult<bool> {
        let h = self.handle;
        self.with(py, move |s| s.requires_grad(h))
    }
    /// The id of the session that recorded this tensor.
    #[getter]
    fn session_id(&self) -> u64 {
        self.handle.session
    }
    #[getter]
    fn generation(&self) -> u64 {
        self.handle.generation
    }

    /// A copy of the value as a numpy array.
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let h = self.handle;
        let v = self.with(py, move |s| s.value(h))?;
        to_numpy(py, v)
    }

    /// The value of a one-element tensor as a Python float (a `(lo, hi)` pair of floats
    /// for an interval).
    fn item<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let h = self.handle;
        let v = self.with(py, move |s| s.value(h))?;
        let shape = Be::shape(v.get());
        if Be::numel(v.get()) != 1 {
            return Err(super::to_py(Error::Shape(format!(
                "item(): only one-element tensors can be converted to a Python number, got shape {shape:?}"
            ))));
        }
        let interval = Be::dtype(v.get()) == crate::config::DType::Interval;
        let (lo, hi) = py.detach(move || v.get().bounds()).py()?;
        if interval {
            return Ok(PyTuple::new(py, [lo[0], hi[0]])?.into_any());
        }
        Ok(pyo3::types::PyFloat::new(py, lo[0]).into_any())
    }

    /// Truth of a one-element tensor; more elements are ambiguous, as in PyTorch.
    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let v: f64 = self.__float__(py)?;
        Ok(v != 0.0)
    }

    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        self.item(py)?.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "float() of an interval tensor is undefined; use item() for (lo, hi)",
            )
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let h = self.handle;
        match self.with(py, move |s| {
            Ok((s.shape(h)?, s.dtype().name(), s.config().device.to_string()))
        }) {
            Ok((shape, dtype, device)) => format!(
                "Tensor(shape={shape:?}, dtype={dtype}, device={device}, session={}, generation={})",
                h.session, h.generation
            ),
            Err(_) => format!(
                "Tensor(<invalid handle>, session={}, generation={})",
                h.session, h.generation
            ),
        }
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Add, false)
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Add, true)
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Sub, false)
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Sub, true)
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Mul, false)
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Mul, true)
    }
    fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Div, false)
    }
    fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::Div, true)
    }
    fn __matmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::MatMul, false)
    }
    fn __rmatmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, o, Binary::MatMul, true)
    }
    fn __neg__(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Neg)
    }
    /// `x ** e` for a constant exponent.
    fn __pow__(
        &self,
        py: Python<'_>,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if modulo.is_some() || exponent.cast::<PyTensor>().is_ok() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "Tensor ** supports only a constant Python number as the exponent",
            ));
        }
        let Ok(e) = exponent.extract::<f64>() else {
            return Ok(py.NotImplemented().into_any());
        };
        Ok(Py::new(py, self.unary(py, Op::PowScalar(e))?)?.into_any())
    }

    fn matmul(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, Binary::MatMul, false)
    }
    fn relu(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Relu)
    }
    fn tanh(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Tanh)
    }
    fn sigmoid(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Sigmoid)
    }
    fn exp(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Exp)
    }
    fn log(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, Op::Log)
    }
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn sum(&self, py: Python<'_>, dim: Option<i64>, keepdim: bool) -> PyResult<PyTensor> {
        self.unary(
            py,
            Op::Sum {
                dims: dims(dim),
                keepdim,
            },
        )
    }
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn mean(&self, py: Python<'_>, dim: Option<i64>, keepdim: bool) -> PyResult<PyTensor> {
        self.unary(
            py,
            Op::Mean {
                dims: dims(dim),
                keepdim,
            },
        )
    }
    /// `reshape(2, 3)` or `reshape((2, 3))`; one dimension may be -1.
    #[pyo3(signature = (*shape))]
    fn reshape(&self, py: Python<'_>, shape: &Bound<'_, PyTuple>) -> PyResult<PyTensor> {
        self.unary(py, Op::Reshape(super::session::shape_arg(shape)?))
    }
    fn transpose(&self, py: Python<'_>, dim0: i64, dim1: i64) -> PyResult<PyTensor> {
        self.unary(py, Op::Transpose(dim0, dim1))
    }
    fn softmax(&self, py: Python<'_>, dim: i64) -> PyResult<PyTensor> {
        self.unary(py, Op::Softmax(dim))
    }
    fn log_softmax(&self, py: Python<'_>, dim: i64) -> PyResult<PyTensor> {
        self.unary(py, Op::LogSoftmax(dim))
    }
}

/// `x @ wᵀ + b`.
#[pyfunction]
#[pyo3(signature = (x, w, b=None))]
pub fn linear(
    py: Python<'_>,
    x: &PyTensor,
    w: &Bound<'_, PyAny>,
    b: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let mut operands = vec![Operand::Node(x.handle), x.operand(py, w)?];
    if let Some(b) = b {
        if !b.is_none() {
            operands.push(x.operand(py, b)?);
        }
    }
    x.apply(py, Op::Linear, operands)
}

/// Mean cross entropy of `(batch, classes)` logits against integer class ids.
#[pyfunction]
pub fn cross_entropy(
    py: Python<'_>,
    logits: &PyTensor,
    class_ids: &Bound<'_, PyAny>,
) -> PyResult<PyTensor> {
    let ids = class_ids_of(class_ids)?;
    let cell = logits.cell().py()?;
    let h = logits.handle;
    let out = py.detach(|| lock(&cell).cross_entropy(h, &ids)).py()?;
    Ok(PyTensor::new(&cell, out))
}

/// Integer class ids from a list, numpy array or torch tensor.
fn class_ids_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let py = obj.py();
    let arr = py.import("numpy")?.call_method1("asarray", (obj,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let empty = arr.getattr("size")?.extract::<usize>()? == 0;
    if kind != "i" && kind != "u" && !empty {
        return Err(super::to_py(Error::DType(format!(
            "cross_entropy: class ids must be integers, got dtype {}",
            arr.getattr("dtype")?.str()?
        ))));
    }
    let ndim: usize = arr.getattr("ndim")?.extract()?;
    if ndim != 1 {
        return Err(super::to_py(Error::Shape(format!(
            "cross_entropy: class ids must be one-dimensional, got {ndim} dimensions"
        ))));
    }
    arr.call_method1("astype", ("int64",))?
        .call_method0("tolist")?
        .extract()
}

/// Inverted dropout drawn from the tensor's session generator (identity when not
/// `training`).
#[pyfunction]
#[pyo3(signature = (x, p=0.5, training=true))]
pub fn dropout(py: Python<'_>, x: &PyTensor, p: f64, training: bool) -> PyResult<PyTensor> {
    let cell = x.cell().py()?;
    let h = x.handle;
    let out = py.detach(|| lock(&cell).dropout(h, p, training)).py()?;
    Ok(PyTensor::new(&cell, out))
}

/// Mean squared error between a prediction and a target of the same shape.
#[pyfunction]
pub fn mse_loss(py: Python<'_>, pred: &PyTensor, target: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
    let t = pred.operand(py, target)?;
    pred.apply(py, Op::MseLoss, vec![Operand::Node(pred.handle), t])
}
