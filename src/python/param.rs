//! `eagertape.Parameter`.

use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::PyParameter;
use super::classes::PyTensor;
use super::config::dtype_name;
use super::convert::{host_data, to_tensor};
use super::factories::no_generator;
use crate::backend::dynamic::Dyn as Be;
use crate::buffer::{Tracked, Value};
use crate::config::{DType, Device};
use crate::ledger::Category;
use crate::param::Parameter;
use crate::param_update::{self, update_, Operand, Update};
use crate::rng::Draws;

impl PyParameter {
    /// Run the core's in-place update `f` on this parameter (GIL released, panics
    /// contained).
    fn inplace(
        &self,
        py: Python<'_>,
        what: &'static str,
        f: impl FnOnce(&Parameter<Be>) -> crate::error::Result<()> + Send,
    ) -> PyResult<()> {
        super::capture_state::refuse_effect(&format!("Parameter.{what}"))?;
        let p = &self.inner;
        py.detach(|| crate::guard::contained(what, || f(p)))
            .map_err(PyErr::from)
    }

    /// The value of an in-place method's operand: a Tensor's (in its session), another
    /// Parameter's current snapshot, or data converted to this parameter's dtype/device.
    fn operand_value(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Value<Be>> {
        if let Ok(q) = other.cast::<PyParameter>() {
            return Ok(q.get().inner.snapshot());
        }
        if let Ok(t) = other.cast::<PyTensor>() {
            return t.get().value(py);
        }
        let t = to_tensor(other, self.inner.dtype(), self.inner.device())?;
        Ok(Tracked::owned(t, Category::Other))
    }

    /// `p = p (op) other` for a number or a tensor `other` (see `param_update::update_`).
    fn arith(
        &self,
        py: Python<'_>,
        what: &'static str,
        other: &Bound<'_, PyAny>,
        op: Update,
    ) -> PyResult<()> {
        if let Ok(x) = other.extract::<f64>() {
            if !other.is_instance_of::<PyTensor>() {
                return self.inplace(py, what, move |p| update_(p, what, op, Operand::Number(x)));
            }
        }
        let v = self.operand_value(py, other)?;
        self.inplace(py, what, move |p| {
            update_(p, what, op, Operand::Value(v.get()))
        })
    }

    /// A random fill `f` drawing from the process-wide generator (`et.manual_seed`).
    fn fill(
        &self,
        py: Python<'_>,
        what: &'static str,
        f: impl FnOnce(&Parameter<Be>, &mut crate::rng::RngState) -> crate::error::Result<()> + Send,
    ) -> PyResult<()> {
        super::capture_state::refuse_effect(&format!("Parameter.{what}"))?;
        let p = &self.inner;
        py.detach(|| crate::guard::contained(what, || crate::rng::with_global(|g| f(p, g))))
            .map_err(PyErr::from)
    }

    /// `p.copy_(src)` / `p.data = src`.
    fn copy_into(
        &self,
        py: Python<'_>,
        what: &'static str,
        src: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let v = self.operand_value(py, src)?;
        self.inplace(py, what, move |p| param_update::copy_(p, what, v.get()))
    }

    /// The initializer of a Python `Parameter` object for `inner` (with its `Tensor` part).
    fn init(inner: Arc<Parameter<Be>>) -> PyClassInitializer<Self> {
        PyClassInitializer::from(PyTensor::of_param(&inner)).add_subclass(PyParameter { inner })
    }

    /// A new Python object for the parameter `inner` (equal to, and hashing as, every
    /// other object for it).
    pub fn wrap(py: Python<'_>, inner: &Arc<Parameter<Be>>) -> PyResult<Py<PyParameter>> {
        Py::new(py, Self::init(Arc::clone(inner)))
    }
}

properties! { PyParameter, inner:
    /// The parameter's id (int): unique in the process, stable for its life; equality and
    /// hashing go by it.
    id -> u64 = |p| p.id();
    /// The name given at construction (str), or None.
    name -> Option<&str> = |p| p.name();
    /// Whether leaves read from this parameter take gradients (bool); settable.
    requires_grad -> bool = |p| p.requires_grad();
}

#[pymethods]
impl PyParameter {
    #[new]
    #[pyo3(signature = (data, requires_grad=true, *, name=None, dtype=None, device=None))]
    fn new(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        requires_grad: bool,
        name: Option<String>,
        dtype: Option<&Bound<'_, PyAny>>,
        device: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        super::capture_state::unsupported(
            "making a Parameter (make modules and their parameters outside the step)",
        )?;
        let h = host_data(data)?;
        let given = match dtype {
            Some(d) => Some(DType::parse(&dtype_name(d)?)?),
            None => None,
        };
        let dtype = crate::param::dtype_for(given, h.natural, h.integral())?;
        let device =
            super::config::device_arg(device)?.unwrap_or_else(|| Device::default_for(dtype, None));
        let host = h.tensor;
        let inner =
            py.detach(move || Parameter::from_data(&host, dtype, device, name, requires_grad))?;
        Ok(Self::init(inner))
    }

    /// The number of updates the value has had (int): 0 at construction, + 1 for each
    /// successful in-place method, `assign` or optimizer step.
    #[getter]
    fn version(&self, py: Python<'_>) -> u64 {
        py.detach(|| self.inner.version())
    }

    /// Returns a copy of the current value as a numpy array (the caller's: writing to it
    /// never changes the parameter; `assign` does).
    ///
    /// Raises:
    ///     DTypeError: the parameter is an interval: read its bounds with `bounds()`.
    ///     CaptureError: called inside a captured step.
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        super::capture_state::host_read("Parameter.numpy()")?;
        let snap = py.detach(|| self.inner.snapshot());
        super::convert::numpy_of(py, snap, "Parameter.numpy()")
    }

    /// Returns the lower and upper bounds of the current value, as two numpy arrays
    /// (copies): an interval parameter's bounds, any other parameter's value twice.
    ///
    /// Raises:
    ///     CaptureError: called inside a captured step.
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        super::capture_state::host_read("Parameter.bounds()")?;
        let snap = py.detach(|| self.inner.snapshot());
        super::convert::bounds_of(py, snap)
    }

    /// Replaces the parameter's value with a copy of `data`, which must have its shape.
    ///
    /// `data` is converted to the parameter's dtype and device (no broadcasting) and
    /// published as the next version: in place when no tape holds the current snapshot,
    /// else as a new snapshot, the tapes keeping the value they recorded. Nothing is
    /// recorded on a tape.
    ///
    /// Args:
    ///     data (array_like): the new value: a numpy array, a list, a number, a torch
    ///         tensor or another DLPack producer, of the parameter's shape.
    ///
    /// Raises:
    ///     ShapeError: `data` has another shape.
    ///
    /// Examples:
    ///     >>> import numpy as np, eagertape as et
    ///     >>> p = et.Parameter(np.zeros(2))
    ///     >>> p.assign([1.0, 2.0])
    ///     >>> with et.Session(dtype="float64"):
    ///     ...     p.version, p.tolist()
    ///     (1, [1.0, 2.0])
    fn assign(&self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
        super::capture_state::refuse_effect("Parameter.assign")?;
        let p = &self.inner;
        let t = to_tensor(data, p.dtype(), p.device())?;
        py.detach(move || crate::guard::contained("assign", || p.assign(&t)))
            .map_err(PyErr::from)
    }

    /// torch's `p.grad`: this parameter's gradient in the current session's store (added
    /// by `loss.backward()`, released by `zero_grad()`) as a tensor of that session, or
    /// None. Its in-place methods write the store (`p.grad.mul_(s)`); a tensor read before
    /// a later backward keeps the value it read.
    #[getter]
    fn grad(&self, py: Python<'_>) -> PyResult<Option<super::classes::PyTensor>> {
        let id = self.inner.id();
        let find = move |s: &crate::session::Session<Be>| s.store().get(id);
        let alias = super::classes::Alias::ParamGrad(Arc::clone(&self.inner));
        super::tensor_torch::grad_tensor(py, &super::current::cell()?, find, alias)
    }

    /// `p.grad = None` releases the gradient (as `zero_grad()` for this parameter).
    #[setter(grad)]
    fn set_grad(&self, py: Python<'_>, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        crate::grads::GradMap::<Be>::check_assignment(
            "p.grad",
            value.is_some_and(|v| !v.is_none()),
        )?;
        let id = vec![self.inner.id()];
        super::torch_style::zero_grad_in_current(py, "p.grad = None", id, true)
    }

    /// Whether leaves read from this parameter take gradients (bool); settable.
    // (The getter's words: two blocks of methods give the property one docstring, whichever
    // registers last, so both say the same. `p.requires_grad = False` freezes the parameter
    // for leaves recorded from now on.)
    #[setter(requires_grad)]
    fn set_requires_grad(&self, on: bool) -> PyResult<()> {
        super::capture_state::refuse_effect("p.requires_grad = ...")?;
        self.inner.set_requires_grad(on);
        Ok(())
    }

    /// Sets whether leaves read from this parameter from now on take gradients, and
    /// returns the parameter.
    ///
    /// Leaves already recorded on a tape keep the flag they were recorded with.
    ///
    /// Args:
    ///     requires_grad (bool): whether gradients are computed for this parameter.
    ///         Default: ``True``.
    ///
    /// Returns:
    ///     Parameter: this parameter.
    #[pyo3(signature = (requires_grad=true))]
    fn requires_grad_(slf: Bound<'_, Self>, requires_grad: bool) -> PyResult<Bound<'_, Self>> {
        super::capture_state::refuse_effect("Parameter.requires_grad_()")?;
        slf.get().inner.set_requires_grad(requires_grad);
        Ok(slf)
    }

    /// This parameter with its value converted to `dtype` on `device`, for `module.to(...)`,
    /// `double()`, ...: another dtype on the same device converts this parameter itself (a
    /// new version; torch's `Module._apply` keeps the objects, so an optimizer made before
    /// keeps stepping it); another device gives a new Parameter with the value, name and
    /// `requires_grad`, put in its place.
    #[pyo3(signature = (dtype=None, device=None))]
    fn _to(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        dtype: Option<&Bound<'_, PyAny>>,
        device: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyParameter>> {
        let p = &slf.get().inner;
        let dtype = match dtype {
            Some(d) => DType::parse(&dtype_name(d)?)?,
            None => p.dtype(),
        };
        let device = super::config::device_arg(device)?.unwrap_or_else(|| p.device());
        if dtype != p.dtype() && device.same(p.device()) {
            super::capture_state::refuse_effect("a parameter's dtype conversion")?;
        }
        match py.detach(|| crate::guard::contained("to", || p.to(dtype, device)))? {
            Some(inner) => PyParameter::wrap(py, &inner),
            None => Ok(slf.clone().unbind()),
        }
    }

    /// torch's `p.data`: the parameter itself here (its in-place methods publish new
    /// snapshots; `p.data = t` assigns).
    #[getter]
    fn data(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }
    #[setter(data)]
    fn set_data(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.copy_into(py, "p.data = ...", value)
    }

    /// Copies the elements of `src` into this parameter and returns it.
    ///
    /// `src` is converted to the parameter's dtype and device and broadcast to its shape;
    /// the result is published as the next version (in place when no tape holds the
    /// current snapshot, else as a new snapshot: tapes keep the value they recorded). No
    /// gradient flows: nothing is recorded on a tape.
    ///
    /// Args:
    ///     src (Tensor, Parameter, array_like or number): the values to copy; a tensor may
    ///         belong to any session.
    ///     non_blocking (bool): accepted for PyTorch compatibility and ignored.
    ///         Default: ``False``.
    ///
    /// Returns:
    ///     Parameter: this parameter.
    ///
    /// Examples:
    ///     >>> import numpy as np, eagertape as et
    ///     >>> p = et.Parameter(np.zeros(3))
    ///     >>> with et.Session(dtype="float64"):
    ///     ...     p.copy_(et.tensor([1.0, 2.0, 3.0])).tolist()
    ///     [1.0, 2.0, 3.0]
    #[pyo3(signature = (src=None, non_blocking=false, other=None))]
    fn copy_<'py>(
        slf: Bound<'py, Self>,
        py: Python<'py>,
        src: Option<&Bound<'py, PyAny>>,
        non_blocking: bool,
        other: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let _ = non_blocking;
        let src = super::tensor_torch::copy_source(src, other)?;
        slf.get().copy_into(py, "copy_", src)?;
        Ok(slf)
    }

    /// Fills this parameter with zeros in place and returns it (a new version).
    ///
    /// Returns:
    ///     Parameter: this parameter.
    fn zero_<'py>(slf: Bound<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, Self>> {
        slf.get()
            .inplace(py, "zero_", |p| param_update::fill_(p, "zero_", 0.0))?;
        Ok(slf)
    }

    /// Fills this parameter with `value` in place and returns it (a new version).
    ///
    /// Args:
    ///     value (float): the value every element takes.
    ///
    /// Returns:
    ///     Parameter: this parameter.
    fn fill_<'py>(
        slf: Bound<'py, Self>,
        py: Python<'py>,
        value: f64,
    ) -> PyResult<Bound<'py, Self>> {
        slf.get()
            .inplace(py, "fill_", move |p| param_update::fill_(p, "fill_", value))?;
        Ok(slf)
    }

    /// In place: draws from N(mean, std²) from the process-wide generator
    /// (`et.manual_seed`).
    #[pyo3(signature = (mean=0.0, std=1.0, *, generator=None))]
    fn normal_<'py>(
        slf: Bound<'py, Self>,
        py: Python<'py>,
        mean: f64,
        std: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        no_generator("normal_", generator, Draws::Global)?;
        slf.get()
            .fill(py, "normal_", |p, g| p.fill_random_(true, mean, std, g))?;
        Ok(slf)
    }

    /// Fills this parameter in place with numbers drawn from the continuous uniform
    /// distribution U(`from_`, `to`), and returns it.
    ///
    /// The draws come from the process-wide generator (`eagertape.manual_seed`), in the
    /// parameter's dtype; the generator advances only when the fill succeeds. torch names
    /// the first bound `from`.
    ///
    /// Args:
    ///     from_ (float): the lower bound. Default: ``0``.
    ///     to (float): the upper bound. Default: ``1``.
    ///     generator (None): accepted for PyTorch compatibility; only ``None`` is taken.
    ///
    /// Returns:
    ///     Parameter: this parameter.
    ///
    /// Raises:
    ///     ArgumentError: `from_ > to`, a bound is not finite, or a generator is given.
    #[pyo3(signature = (from_=0.0, to=1.0, *, generator=None))]
    fn uniform_<'py>(
        slf: Bound<'py, Self>,
        py: Python<'py>,
        from_: f64,
        to: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        no_generator("uniform_", generator, Draws::Global)?;
        slf.get()
            .fill(py, "uniform_", |p, g| p.fill_random_(false, from_, to, g))?;
        Ok(slf)
    }

    /// `nn.init.trunc_normal_`'s fill (see `Parameter::fill_truncated_normal_`).
    fn _trunc_normal_<'py>(
        slf: Bound<'py, Self>,
        py: Python<'py>,
        mean: f64,
        std: f64,
        a: f64,
        b: f64,
    ) -> PyResult<Bound<'py, Self>> {
        slf.get().fill(py, "trunc_normal_", |p, g| {
            p.fill_truncated_normal_(mean, std, a, b, g)
        })?;
        Ok(slf)
    }

    /// torch's comparisons: elementwise bool tensors of the parameter's value in the
    /// current session (`p == 1.0`, `p > 0`). With no session entered, `p == q` and `p != q`
    /// of two parameters compare identities: several Python objects may stand for one
    /// parameter (`opt.params`, a `GradMap`'s keys), so a dict keyed by parameters finds
    /// each by `==`, as torch's finds its one object by identity.
    fn __richcmp__<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        use pyo3::basic::CompareOp;
        let py = slf.py();
        let param = other.cast::<PyParameter>();
        if let (None, Ok(o), CompareOp::Eq | CompareOp::Ne) =
            (super::current::entered(), &param, op)
        {
            let same = o.get().inner.id() == slf.get().inner.id();
            let b = if matches!(op, CompareOp::Eq) {
                same
            } else {
                !same
            };
            return Ok(pyo3::types::PyBool::new(py, b)
                .to_owned()
                .into_any()
                .unbind());
        }
        let base = slf.as_super();
        PyTensor::__richcmp__(&base.borrow(), py, other, op)
    }

    fn __hash__(&self) -> u64 {
        self.inner.id()
    }

    /// `copy.deepcopy(p)` (`copy.deepcopy(model)`): a new Parameter of `p`'s class with a
    /// copy of the current value, its `requires_grad` and name (a tied parameter is copied
    /// once: `copy.deepcopy`'s memo).
    ///
    /// Args:
    ///     memo (dict): `copy.deepcopy`'s memo (unused here).
    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = memo;
        let p = &slf.get().inner;
        let kwargs =
            super::tensor_protocol::parameter_copy_kwargs(slf.py(), p.requires_grad(), p.name())?;
        slf.get_type().call((slf,), Some(&kwargs))
    }

    /// torch's form: `Parameter containing:` and the current snapshot's values
    /// (`eagertape._tensor_py`, torch's printer).
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        super::tensor::tensor_py(slf.py(), "parameter_repr", (slf,))?.extract()
    }
}

/// `mul_`, `div_` (`other` alone) and `add_`, `sub_` (`other` scaled by the keyword `alpha`):
/// one entry each, their shared arguments written once.
macro_rules! parameter_arithmetic {
    ($($name:ident($($alpha:ident)?) = $update:expr, $summary:literal, $example:literal;)*) => {
        #[pymethods]
        impl PyParameter {$(
            #[doc = $summary]
            ///
            /// The result, rounded once, is published as the next version.
            ///
            /// Args:
            ///     other (number, Tensor, Parameter or array_like): a number, or a value that
            ///         broadcasts to the parameter's shape (converted to its dtype and device; a
            ///         tensor may belong to any session).
            $(#[doc = concat!("    ", stringify!($alpha), " (float): the multiplier for `other`. Default: ``1``.")])?
            ///
            /// Returns:
            ///     Parameter: this parameter.
            ///
            /// Examples:
            ///     >>> import numpy as np, eagertape as et
            ///     >>> p = et.Parameter(np.array([1.0, 2.0]))
            ///     >>> with et.Session(dtype="float64"):
            #[doc = concat!("    ...     p.", stringify!($name), "(et.tensor([2.0, 2.0])).tolist()")]
            #[doc = concat!("    ", $example)]
            #[pyo3(signature = (other $(, *, $alpha=1.0)?))]
            fn $name<'py>(
                slf: Bound<'py, Self>,
                py: Python<'py>,
                other: &Bound<'py, PyAny>,
                $($alpha: f64,)?
            ) -> PyResult<Bound<'py, Self>> {
                slf.get().arith(py, stringify!($name), other, $update)?;
                Ok(slf)
            }
        )*}
    };
}

parameter_arithmetic! {
    mul_() = Update::Mul,
        "Multiplies this parameter by `other` in place and returns it (a new version).",
        "[2.0, 4.0]";
    div_() = Update::Div,
        "Divides this parameter by `other` in place and returns it (a new version).",
        "[0.5, 1.0]";
    add_(alpha) = Update::Add { alpha },
        "Adds `other`, scaled by `alpha`, to this parameter in place and returns it.",
        "[3.0, 4.0]";
    sub_(alpha) = Update::Add { alpha: -alpha },
        "Subtracts `other`, scaled by `alpha`, from this parameter in place and returns it.",
        "[-1.0, 0.0]";
}
