//! `eagertape.Tensor`: a handle `(session, generation, node)` plus a weak reference to its
//! session. It owns no memory and does not keep the session alive; every use re-validates
//! it (foreign, stale, closed session) before anything is recorded.
//!
//! The session counts the `Tensor` objects naming each node of its current generation.
//! When the last one goes (CPython frees it when its reference count drops, not at a
//! collector's whim), the session frees the node's value if nothing will read it again
//! ([`Session::release_value`]): the tape then holds what torch's autograd would have
//! saved, not every intermediate.

use std::mem::ManuallyDrop;
use std::sync::{Arc, Weak};

use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyTuple};

use super::classes::{lock, name, named, Alias, PyTensor, SessionCell};
use super::convert::to_tensor;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::NameSlot;
use crate::ops::binary::BinaryOp;
use crate::ops::unary::UnaryOp;
use crate::ops::Op;
use crate::param::Parameter;
use crate::session::{Operand, Operator, Session};
use crate::tape::Handle;

impl PyTensor {
    /// A new `Tensor` naming `handle` (takes the session's lock to name it).
    pub fn new(session: &Arc<SessionCell>, handle: Handle) -> Self {
        let slot = name(&mut lock(session), handle);
        Self::named(session, slot)
    }

    /// A `Tensor` for a handle already named (under the lock of the call that recorded
    /// it): its name slot.
    pub fn named(session: &Arc<SessionCell>, slot: Arc<NameSlot>) -> Self {
        PyTensor {
            session: Arc::downgrade(session),
            slot: ManuallyDrop::new(slot),
            param: None,
            alias: None,
            origin: None,
        }
    }

    /// A `Tensor` naming `slot` whose in-place methods also write `alias`.
    pub(crate) fn aliasing(session: &Arc<SessionCell>, slot: Arc<NameSlot>, alias: Alias) -> Self {
        PyTensor {
            session: Arc::downgrade(session),
            slot: ManuallyDrop::new(slot),
            param: None,
            alias: Some(alias),
            origin: None,
        }
    }

    /// A `Tensor` naming `slot`, made by `base[key]` (see the field `origin`).
    pub(crate) fn indexed(
        session: &Arc<SessionCell>,
        slot: Arc<NameSlot>,
        origin: (Py<PyTensor>, Py<PyAny>),
    ) -> Self {
        PyTensor {
            session: Arc::downgrade(session),
            slot: ManuallyDrop::new(slot),
            param: None,
            alias: None,
            origin: Some(origin),
        }
    }

    /// The `Tensor` part of an `et.Parameter` (see the field `param`).
    pub fn of_param(p: &Arc<Parameter<Be>>) -> Self {
        PyTensor {
            session: Weak::new(),
            slot: ManuallyDrop::new(NameSlot::new(Handle {
                session: 0,
                generation: u64::MAX,
                node: 0,
            })),
            param: Some(Arc::clone(p)),
            alias: None,
            origin: None,
        }
    }

    /// The name slot this `Tensor` shares with its node.
    pub(crate) fn slot_of(&self) -> Arc<NameSlot> {
        Arc::clone(&self.slot)
    }

    /// The handle this `Tensor` names now (for a Parameter: its leaf in the current
    /// session, recorded on first use; takes that session's lock, so never call it with a
    /// session locked). A Parameter that cannot be read (no current session, another
    /// dtype or device) gives a handle every session refuses; [`PyTensor::checked_handle`]
    /// says why.
    pub fn handle(&self) -> Handle {
        self.checked_handle().unwrap_or(Handle {
            session: 0,
            generation: u64::MAX,
            node: 0,
        })
    }

    /// [`PyTensor::handle`], or why a Parameter cannot be read in the current session.
    pub(crate) fn checked_handle(&self) -> Result<Handle> {
        match &self.param {
            Some(p) => super::current::param_leaf(p),
            None => Ok(self.slot.handle()),
        }
    }

    pub(crate) fn cell(&self) -> Result<Arc<SessionCell>> {
        if self.param.is_some() {
            // The reason a Parameter cannot be read (no session, dtype, device) first.
            self.checked_handle()?;
            return super::current::cell();
        }
        self.session
            .upgrade()
            .ok_or(Error::SessionClosed(self.handle().session))
    }

    /// Run `f` on this handle's session without the GIL.
    pub fn with<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session<Be>) -> Result<R> + Send,
    ) -> PyResult<R> {
        let cell = self.cell()?;
        py.detach(|| crate::guard::contained("op", || f(&mut lock(&cell))))
            .map_err(PyErr::from)
    }

    /// This tensor's recorded value (shared: see `Session::value`).
    pub(crate) fn value(&self, py: Python<'_>) -> PyResult<crate::buffer::Value<Be>> {
        let h = self.handle();
        self.with(py, move |s| s.value(h))
    }

    /// This tensor's shape: a Parameter's own (read without a session), else its node's.
    pub(crate) fn shape_of(&self, py: Python<'_>) -> PyResult<Vec<i64>> {
        if let Some(p) = &self.param {
            return Ok(p.shape().to_vec());
        }
        let h = self.handle();
        self.with(py, move |s| s.shape(h))
    }

    /// Record `op` on this tensor's session with these parents.
    fn record(&self, py: Python<'_>, op: Op<Be>, parents: &[Handle]) -> PyResult<PyTensor> {
        let cell = self.cell()?;
        let h = py.detach(|| named(&mut lock(&cell), |s| s.record(op, parents)))?;
        Ok(PyTensor::named(&cell, h))
    }

    pub(crate) fn unary(&self, py: Python<'_>, op: Op<Be>) -> PyResult<PyTensor> {
        self.record(py, op, &[self.handle()])
    }

    /// Whether this is a tensor of a thread's default session (a Parameter is not: it is
    /// read in whichever session is current).
    pub(crate) fn in_default(&self) -> bool {
        self.param.is_none() && self.session.upgrade().is_some_and(|c| c.default)
    }

    /// `t` as an operand of a call on this tensor's session: its node, or, for a tensor of
    /// a thread's default session given to another session's call, its value as data there,
    /// as an array enters (a copy on that session's device; floating values in its dtype,
    /// and with `keep_data` index and mask data in theirs).
    pub(crate) fn node_or_data(
        &self,
        py: Python<'_>,
        t: &PyTensor,
        keep_data: bool,
    ) -> PyResult<Operand<Be>> {
        if !t.in_default() {
            return Ok(Operand::Node(t.handle()));
        }
        let cell = self.cell()?;
        if t.session.upgrade().is_some_and(|c| Arc::ptr_eq(&c, &cell)) {
            return Ok(Operand::Node(t.handle()));
        }
        let v = t.value(py)?;
        let (dtype, device) = py.detach(|| {
            let s = lock(&cell);
            (s.dtype(), s.config().device)
        });
        let held = Be::dtype(v.get());
        let dtype = if keep_data && held.is_data() {
            held
        } else {
            dtype
        };
        let _guard = Be::no_grad();
        Ok(Operand::Data(Be::convert(v.get(), dtype, device)?))
    }

    /// An op argument: another tensor, a Python number (for operators), or constant data
    /// converted to the session's dtype.
    pub(crate) fn operand(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Operand<Be>> {
        if let Ok(t) = other.cast::<PyTensor>() {
            if let Some(p) = &t.get().param {
                // A Parameter reads in this tensor's session.
                let cell = self.cell()?;
                let p = Arc::clone(p);
                let h = py.detach(|| {
                    crate::guard::contained("op", || lock(&cell).use_param_implicit(&p))
                })?;
                return Ok(Operand::Node(h));
            }
            return self.node_or_data(py, t.get(), false);
        }
        let cell = self.cell()?;
        let (dtype, device) = py.detach(|| {
            let s = lock(&cell);
            (s.dtype(), s.config().device)
        });
        Ok(Operand::Data(to_tensor(other, dtype, device)?))
    }

    /// Record `op` on this tensor's session over a mix of tensors and constants.
    pub(crate) fn apply(
        &self,
        py: Python<'_>,
        op: Op<Be>,
        operands: Vec<Operand<Be>>,
    ) -> PyResult<PyTensor> {
        let cell = self.cell()?;
        let h = py.detach(|| named(&mut lock(&cell), |s| s.apply(op, operands)))?;
        Ok(PyTensor::named(&cell, h))
    }

    /// Run `f` on this tensor's session (a core call that records one tensor).
    pub(crate) fn call(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session<Be>, Handle) -> Result<Handle> + Send,
    ) -> PyResult<PyTensor> {
        let cell = self.cell()?;
        let h = self.handle();
        let out = py.detach(|| named(&mut lock(&cell), |s| f(s, h)))?;
        Ok(PyTensor::named(&cell, out))
    }

    /// `self (op) other`, or `other (op) self` when `reflected`: Python numbers pass as
    /// numbers (the core picks the op's scalar form), strings and `None` are not operands.
    pub(crate) fn operator(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: Operator,
        reflected: bool,
    ) -> PyResult<Py<PyAny>> {
        // A tensor of the default session meeting a tensor of another session (or a
        // Parameter, read in the current one): the call runs there, this tensor as data.
        let host = match other.cast::<PyTensor>() {
            Ok(t) if self.in_default() && !t.get().in_default() => t.get(),
            _ => self,
        };
        let o = if (other.is_instance_of::<PyFloat>() || other.is_instance_of::<PyInt>())
            && !other.is_instance_of::<pyo3::types::PyBool>()
        {
            int_number(py, host, other)?.unwrap_or(Operand::Number(other.extract()?))
        } else if not_an_operand(other) {
            return Ok(py.NotImplemented().into_any());
        } else {
            host.operand(py, other)?
        };
        let me = host.node_or_data(py, self, false)?;
        let (lhs, rhs) = if reflected { (o, me) } else { (me, o) };
        let cell = host.cell()?;
        let h =
            py.detach(|| crate::guard::contained("op", || lock(&cell).operator(op, lhs, rhs)))?;
        Ok(Py::new(py, PyTensor::new(&cell, h))?.into_any())
    }

    /// The method form of an operator (`x.matmul(other)`, `x.pow(other)`, ...): as
    /// [`PyTensor::operator`], but where the operator would hand Python `NotImplemented` (a
    /// string, `None`) the method raises `TypeError` naming itself, as torch's methods do
    /// ([`operand_or_type_error`]).
    pub(crate) fn method(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: Operator,
        name: &str,
    ) -> PyResult<Py<PyAny>> {
        operand_or_type_error(other, name)?;
        self.operator(py, other, op, false)
    }
}

/// A Python int beside an integer or bool tensor, as torch wraps it: a 0-d tensor of that
/// dtype (int64 beside bool), so `ids + 1` stays integer data; `None` otherwise (a float, or
/// a floating tensor: the op's scalar form).
pub(crate) fn int_number(
    py: Python<'_>,
    t: &PyTensor,
    n: &Bound<'_, PyAny>,
) -> PyResult<Option<Operand<Be>>> {
    if !n.is_instance_of::<PyInt>() || n.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(None);
    }
    let dtype = match crate::config::DType::parse_any(t.dtype(py)?) {
        Ok(d) if d.is_data() => d,
        _ => return Ok(None),
    };
    let dtype = if dtype == crate::config::DType::Bool {
        crate::config::DType::Int64
    } else {
        dtype
    };
    let value: i64 = n.extract()?;
    let device = t.device_of(py)?;
    Ok(Some(Operand::Data(Be::full(
        &[],
        value as f64,
        dtype,
        device,
    )?)))
}

/// Strings and `None`: what no operator takes (it hands Python `NotImplemented`).
fn not_an_operand(other: &Bound<'_, PyAny>) -> bool {
    other.is_none() || other.is_instance_of::<pyo3::types::PyString>()
}

/// A method's check that `other` is something an operator takes (not a string or `None`,
/// for which the operator hands Python `NotImplemented`): else a `TypeError` naming `name`,
/// as torch's methods raise.
pub(super) fn operand_or_type_error(other: &Bound<'_, PyAny>, name: &str) -> PyResult<()> {
    argument_or_type_error(other, name, "other")
}

/// [`operand_or_type_error`] for the argument `arg` of `op`.
pub(super) fn argument_or_type_error(v: &Bound<'_, PyAny>, op: &str, arg: &str) -> PyResult<()> {
    if not_an_operand(v) {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{op}(): {arg} must be a tensor, array data or a number, got {}",
            v.get_type().name()?
        )));
    }
    Ok(())
}

const ADD: Operator = Operator::Arith(BinaryOp::Add);
const SUB: Operator = Operator::Arith(BinaryOp::Sub);
pub(crate) const MUL: Operator = Operator::Arith(BinaryOp::Mul);
const DIV: Operator = Operator::Arith(BinaryOp::Div);
pub(crate) const POW: Operator = Operator::Arith(BinaryOp::Pow);

/// Reduction dims from Python's `dim=None|int|tuple of ints`.
pub(crate) fn dims(dim: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
    let Some(dim) = dim.filter(|d| !d.is_none()) else {
        return Ok(vec![]);
    };
    if let Ok(d) = dim.extract::<i64>() {
        return Ok(vec![d]);
    }
    dim.extract::<Vec<i64>>().map_err(|_| {
        PyErr::from(Error::Argument(format!(
            "dim must be None, an int or a tuple of ints, got {}",
            dim.repr().map(|r| r.to_string()).unwrap_or_default()
        )))
    })
}

/// The binary operators, each row its method, its reflected method and what it records
/// ([`PyTensor::operator`]); `**` takes Python's `modulo` too, which no tensor op has.
macro_rules! operators {
    ($($name:ident, $reflected:ident => $op:expr;)*) => {
        #[pymethods]
        impl PyTensor {
            $(
                fn $name(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    self.operator(py, o, $op, false)
                }
                fn $reflected(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    self.operator(py, o, $op, true)
                }
            )*
            fn __pow__(
                &self,
                py: Python<'_>,
                exponent: &Bound<'_, PyAny>,
                modulo: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                no_modulo(modulo)?;
                self.operator(py, exponent, POW, false)
            }
            fn __rpow__(
                &self,
                py: Python<'_>,
                base: &Bound<'_, PyAny>,
                modulo: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                no_modulo(modulo)?;
                self.operator(py, base, POW, true)
            }
        }
    };
}

fn no_modulo(modulo: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    match modulo {
        Some(_) => Err(pyo3::exceptions::PyTypeError::new_err(
            "pow() with a modulo is not a tensor operation",
        )),
        None => Ok(()),
    }
}

operators! {
    __add__, __radd__ => ADD;
    __sub__, __rsub__ => SUB;
    __mul__, __rmul__ => MUL;
    __truediv__, __rtruediv__ => DIV;
    __matmul__, __rmatmul__ => Operator::MatMul;
    __floordiv__, __rfloordiv__ => Operator::Arith(BinaryOp::FloorDivide);
    __mod__, __rmod__ => Operator::Arith(BinaryOp::Remainder);
    __lshift__, __rlshift__ => Operator::Arith(BinaryOp::BitwiseLeftShift);
    __rshift__, __rrshift__ => Operator::Arith(BinaryOp::BitwiseRightShift);
}

#[pymethods]
impl PyTensor {
    /// numpy should hand binary ops with a Tensor back to the Tensor's reflected methods.
    #[classattr]
    fn __array_ufunc__() -> Option<i32> {
        None
    }

    /// The shape of this tensor: the size of each dimension, as a tuple of ints.
    ///
    /// Reading it checks the handle: a tensor of an older generation raises
    /// `et.StaleHandleError`.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> with et.Session():
    ///     ...     et.zeros(2, 3).shape
    ///     (2, 3)
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.shape_of(py)?)
    }
    /// The data type of this tensor, as its name (`"float32"`, `"int64"`, `"bool"`, ...).
    ///
    /// A session's floating tensors have its carrier (`ieee32` and `interval` included)
    /// unless converted (`half()`, `to(...)`); data tensors are `int64`, `int32` or `bool`.
    /// The name compares equal to eagertape's dtype objects (`x.dtype == et.float32`).
    /// **Differs** from PyTorch: a string, not a `torch.dtype`.
    #[getter]
    fn dtype(&self, py: Python<'_>) -> PyResult<&'static str> {
        if let Some(p) = &self.param {
            return Ok(p.dtype().name());
        }
        let h = self.handle();
        self.with(py, move |s| Ok(Be::dtype(s.value(h)?.get()).name()))
    }
    /// The device of this tensor: its session's, as a string (`"cpu"`, `"cuda"`, `"cuda:0"`).
    ///
    /// **Differs** from PyTorch: a string, not a `torch.device`; a tensor always lives on its
    /// session's device.
    #[getter(device)]
    pub(super) fn device_name(&self, py: Python<'_>) -> PyResult<String> {
        if let Some(p) = &self.param {
            return Ok(p.device().to_string());
        }
        let h = self.handle();
        self.with(py, move |s| {
            s.check(&[h]).map(|_| s.config().device.to_string())
        })
    }
    /// Whether gradients flow back to this tensor.
    ///
    /// True for a leaf made with `requires_grad=True`, for a parameter's leaf that requires
    /// grad, and for the result of an op recorded with gradients enabled from such a tensor.
    /// A leaf's flag changes with `requires_grad_()` (or is chosen when the tensor is made,
    /// `et.tensor(data, requires_grad=True)`); `detach()` gives a tensor without it.
    #[getter]
    fn requires_grad(&self, py: Python<'_>) -> PyResult<bool> {
        let h = self.handle();
        self.with(py, move |s| s.requires_grad(h))
    }
    /// The id of the session that recorded this tensor.
    #[getter]
    fn session_id(&self) -> u64 {
        self.handle().session
    }
    /// The session this tensor is read in: its own, or for a Parameter the current one.
    #[getter]
    fn _session(&self) -> PyResult<super::classes::PySession> {
        let cell = self.cell()?;
        Ok(super::classes::PySession::of_cell(&cell))
    }
    /// The tape generation this tensor was recorded in.
    ///
    /// When the session's tape is reset (`reset_tape()`, or leaving its `with` block) the
    /// session's generation advances and every tensor of an older one is stale. Reading this
    /// property never raises, even on a stale tensor.
    #[getter]
    fn generation(&self) -> u64 {
        self.handle().generation
    }

    /// Returns a copy of the value as a numpy array of the tensor's shape and dtype.
    ///
    /// The copy is the caller's: writing to it never changes the tensor. (For a view that
    /// shares memory, use DLPack: `torch.from_dlpack(t)`.)
    ///
    /// Raises:
    ///     DTypeError: the tensor is an interval (`dtype="interval"`): it has two values per
    ///         element, which `bounds()` reads.
    ///     CaptureError: called inside a captured step.
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        super::capture_state::host_read("numpy()")?;
        super::convert::numpy_of(py, self.value(py)?, "Tensor.numpy()")
    }

    /// Returns the lower and upper bounds of each element, as two numpy arrays (copies).
    ///
    /// For an interval tensor (`dtype="interval"`), `lo <= x <= hi` holds for every real
    /// value `x` the element can take. Any other tensor is its own bounds: two copies of
    /// its value.
    ///
    /// Returns:
    ///     tuple[np.ndarray, np.ndarray]: `(lo, hi)`, each of the tensor's shape.
    ///
    /// Raises:
    ///     CaptureError: called inside a captured step.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> with et.Session(dtype="interval"):
    ///     ...     x = et.tensor(et.interval([1.0, -1.0], [2.0, 1.0]))
    ///     ...     lo, hi = (x ** 2).bounds()
    ///     ...     lo.tolist(), hi.tolist()
    ///     ([1.0, 0.0], [4.0, 1.0])
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        super::capture_state::host_read("bounds()")?;
        super::convert::bounds_of(py, self.value(py)?)
    }

    /// Returns the value of a one-element tensor as a Python number, as torch's `item()`.
    ///
    /// A floating tensor gives a `float`, an integer one an `int`, a bool one a `bool`.
    /// Inside a captured step it returns a placeholder that the step may return (its value
    /// is then the replay's) and that raises `CaptureError` on any other use.
    ///
    /// Raises:
    ///     ShapeError: the tensor has more than one element.
    ///     DTypeError: the tensor is an interval: read its bounds with `bounds()`.
    fn item<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let me = slf.get();
        if super::capture_state::active() {
            let h = me.handle();
            me.with(py, move |s| s.check_item(h))?;
            return super::capture_state::host_value(py, Some(slf.clone().into_any()), "item()");
        }
        me.item_value(py)
    }

    /// Truth of a one-element tensor; more elements are ambiguous, as in PyTorch.
    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let v: f64 = self.__float__(py)?;
        Ok(v != 0.0)
    }

    /// `int(t)`: a one-element tensor's value as an `int` (a float truncated toward zero).
    fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.item_value(py)?.call_method0("__int__")
    }

    /// `t` as an index (`seq[t]`, `range(t)`): a one-element integer or bool tensor, as torch.
    fn __index__(&self, py: Python<'_>) -> PyResult<i64> {
        let v = self.item_value(py)?;
        if v.is_instance_of::<pyo3::types::PyFloat>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "only integer tensors of a single element can be converted to an index",
            ));
        }
        v.extract()
    }

    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        self.item_value(py)?.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "float() of an interval tensor is undefined; read its bounds with bounds()",
            )
        })
    }

    /// torch's form, values included (`tensor([1., 2.], grad_fn=<MulBackward>)`), made by
    /// `eagertape._tensor_py` with torch's printer (its print options apply); a tensor whose
    /// handle is stale says so instead.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let me = slf.get();
        let h = me.handle();
        if me.with(py, move |s| s.check(&[h])).is_err() {
            return Ok(format!(
                "tensor(<stale: session {}, generation {}>)",
                h.session, h.generation
            ));
        }
        tensor_py(py, "tensor_repr", (slf,))?.extract()
    }

    /// `f"{t:.4f}"`: a one-element tensor formats its number (as torch's 0-d tensors do);
    /// an empty spec gives `str(t)`; any other spec on a larger tensor is a `TypeError`.
    fn __format__(slf: &Bound<'_, Self>, spec: &str) -> PyResult<Py<PyAny>> {
        tensor_py(slf.py(), "tensor_format", (slf, spec)).map(Bound::unbind)
    }

    /// `np.asarray(t)`: the values as a new numpy array (`numpy()`), converted to `dtype`
    /// when given; `copy=False` cannot be honoured (the array is always a copy).
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        slf: &Bound<'py, Self>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        tensor_py(slf.py(), "tensor_array", (slf, dtype, copy))
    }

    /// Rows along the first dim, as torch iterates (`t[0]`, `t[1]`, ...); a 0-d tensor is
    /// not iterable.
    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        tensor_py(slf.py(), "tensor_iter", (slf,))
    }

    /// The op that recorded this tensor (`"mul"`), `None` for a leaf: what `repr` shows as
    /// `grad_fn=<MulBackward>`.
    #[getter]
    fn _op(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        let h = self.handle();
        self.with(py, move |s| s.op_name(h))
    }

    /// The backward node of this tensor, as torch's `grad_fn`: `None` for a leaf or a tensor
    /// that does not require grad, else an object naming the op that recorded it
    /// (`grad_fn.name()`: `"MulBackward"`).
    #[getter]
    fn grad_fn<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        tensor_py(slf.py(), "tensor_grad_fn", (slf,))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.unary(py, UnaryOp::Neg.op())
    }
    /// `abs(x)`: `x.abs()`, as torch's.
    fn __abs__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("abs")
    }
    /// `+x`: `x` itself, as torch's `positive` of a number tensor.
    fn __pos__<'py>(slf: &Bound<'py, Self>) -> Bound<'py, Self> {
        slf.clone()
    }

    /// Returns the matrix product of this tensor and `other`.
    ///
    /// See `eagertape.matmul`.
    fn matmul(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.method(py, other, Operator::MatMul, "matmul")
    }
    /// `x.T`: the dims reversed (a transpose for a matrix).
    #[getter(T)]
    fn t_property(&self, py: Python<'_>) -> PyResult<PyTensor> {
        let h = self.handle();
        let ndim = self.with(py, move |s| s.shape(h))?.len() as i64;
        let reversed: Vec<i64> = (0..ndim).rev().collect();
        self.unary(py, Op::permute(&reversed))
    }
    /// `x.mT`: the last two dims swapped (a batch of matrices transposed).
    #[getter(mT)]
    fn mt_property(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.call(py, |s, h| crate::ops::views::matrix_transpose(s, h))
    }
    /// The number of dims.
    #[getter]
    pub(crate) fn ndim(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.shape_of(py)?.len())
    }
    /// `dim()`: the number of dims (torch's method form of `ndim`).
    fn dim(&self, py: Python<'_>) -> PyResult<usize> {
        self.ndim(py)
    }
    /// Returns the shape of this tensor, or the size of one of its dimensions.
    ///
    /// Args:
    ///     dim (int, optional): the dimension whose size to return; negative counts from the
    ///         end. Default: ``None`` (the whole shape, as a tuple).
    ///
    /// Returns:
    ///     tuple of ints or int: the shape, or the size of dimension `dim`.
    ///
    /// Raises:
    ///     ShapeError: `dim` is out of range (a 0-d tensor has no dimension to name).
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> with et.Session():
    ///     ...     x = et.zeros(2, 3)
    ///     ...     x.size(), x.size(-1)
    ///     ((2, 3), 3)
    #[pyo3(signature = (dim=None))]
    fn size<'py>(&self, py: Python<'py>, dim: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let shape = self.shape_of(py)?;
        match dim {
            None => Ok(PyTuple::new(py, shape)?.into_any()),
            Some(d) => Ok(crate::shape::size_at(&shape, d)?
                .into_pyobject(py)?
                .into_any()),
        }
    }
    /// The number of elements.
    fn numel(&self, py: Python<'_>) -> PyResult<i64> {
        Ok(self.shape_of(py)?.iter().product())
    }
    /// The size of the first dim; a 0-d tensor has no length, as in torch.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let shape = self.shape_of(py)?;
        match shape.first() {
            Some(&n) => Ok(n as usize),
            None => Err(pyo3::exceptions::PyTypeError::new_err(
                "len() of a 0-d tensor",
            )),
        }
    }
    /// Returns the value as (nested) Python lists of numbers, as torch's `tolist()`: a 0-d
    /// tensor gives a number.
    ///
    /// Raises:
    ///     DTypeError: the tensor is an interval: read its bounds with `bounds()`.
    ///     CaptureError: called inside a captured step.
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.numpy(py)?.call_method0("tolist")
    }
}

impl PyTensor {
    /// The value of a one-element tensor as a Python number (`item()`); a `CaptureError`
    /// inside a captured step.
    fn item_value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        super::capture_state::host_read("item() (or bool(t), float(t))")?;
        use crate::session::Item;
        let h = self.handle();
        Ok(match self.with(py, move |s| s.item(h))? {
            Item::Bool(b) => pyo3::types::PyBool::new(py, b).to_owned().into_any(),
            Item::Int(i) => i.into_pyobject(py)?.into_any(),
            Item::Float(x) => pyo3::types::PyFloat::new(py, x).into_any(),
        })
    }
}

/// `eagertape._tensor_py.<name>(*args)`: the Python half of a protocol method (`repr`,
/// `format`, `__array__`, `__iter__`: torch's printer and numpy live in Python).
pub(super) fn tensor_py<'py>(
    py: Python<'py>,
    name: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    py.import("eagertape._tensor_py")?.call_method1(name, args)
}
