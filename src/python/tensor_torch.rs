//! torch's tensor methods that are compositions of others: the in-place methods
//! (`x.add_(1)`, `x += y`, `x.relu_()`, `x[mask] = v`: the out-of-place op is recorded,
//! then every Python `Tensor` naming `x` names the result (`Session::rebind`), so `x` reads
//! what torch's `x` would; where torch's result would differ (live views share the
//! storage) the call raises first, recording nothing); `view_as` and friends, and `new_zeros`/`new_ones`/`new_full`/`new_empty`
//! (the tensor's session's factories, its dtype by default).

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::classes::PySession;

use super::classes::{lock, name, Alias, PyTensor, SessionCell};
use crate::backend::dynamic::Dyn as Be;
use crate::buffer::Buffer;
use crate::error::Error;
use crate::ops::Op;
use crate::session::Session;

/// The in-place form of the unary function `op` (`x.exp_()`, generated for the family by
/// `pointwise.rs`): [`via`] with the out-of-place op.
pub(super) fn unary_in_place<'py>(
    slf: &Bound<'py, PyTensor>,
    what: &str,
    op: crate::ops::unary::UnaryOp,
) -> PyResult<Bound<'py, PyTensor>> {
    via(slf, what, || {
        let py = slf.py();
        Ok(Bound::new(py, slf.get().unary(py, op.op())?)?.into_any())
    })
}

/// The in-place form of the binary function `op` (`x.atan2_(y)`, generated for the family
/// by `pointwise.rs`): [`via`] with the out-of-place method.
pub(super) fn binary_in_place<'py>(
    slf: &Bound<'py, PyTensor>,
    what: &str,
    op: crate::ops::binary::BinaryOp,
    other: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTensor>> {
    let op = crate::session::Operator::Arith(op);
    via(slf, what, || {
        Ok(slf
            .get()
            .method(slf.py(), other, op, what)?
            .into_bound(slf.py()))
    })
}

/// Check that `slf` may be written in place, compute the out-of-place result `out()` (outside
/// autocast, in `slf`'s dtype: converted to it where the operands promoted it, as torch's
/// in-place ops write into their input), then rebind `slf` to it. A refused call records
/// nothing.
pub(crate) fn via<'py>(
    slf: &Bound<'py, PyTensor>,
    what: &str,
    out: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTensor>> {
    via_as(slf, what, true, out)
}

/// [`via`]; `keep_path`: whether a tensor that requires grad given a result that does not
/// keeps a zero-gradient path (every in-place op but `detach_`: `Session::write_in_place_as`).
fn via_as<'py>(
    slf: &Bound<'py, PyTensor>,
    what: &str,
    keep_path: bool,
    out: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTensor>> {
    let me = slf.get();
    if me.param.is_some() {
        // A parameter's in-place form (`p.data.clamp_(0, 1)`, `p -= lr * g`, `p[0] = v`):
        // the result computed from its value with grad off, published as its next version
        // (`Parameter.copy_`: tapes holding the old snapshot keep it).
        let prev = crate::grad_mode::set(false);
        let value = without_autocast(out);
        crate::grad_mode::set(prev);
        slf.call_method1("copy_", (value?,))?;
        return Ok(slf.clone());
    }
    let from = me.handle();
    let cell = me.cell()?;
    let w = what.to_string();
    // Writing through a view (`x[i] += 1`): its base first, then the view itself, the
    // check skipped along the chain (`WRITING_THROUGH`), whose tensors it updates.
    let through = WRITING_THROUGH.with(|d| d.get() > 0);
    let refused = match through {
        true => None,
        false => slf.py().detach(|| lock(&cell).check_rebind(from, &w)).err(),
    };
    let origin = match (refused, &me.origin) {
        (Some(e), None) => return Err(e.into()),
        (Some(_), Some(o)) => Some(o),
        (None, o) => o.as_ref().filter(|_| through),
    };
    let mark = slf.py().detach(|| lock(&cell).tape_len());
    let out = without_autocast(out)?;
    if what != "x[index] = v" {
        // torch's cast rule for the result (`ids *= 1.5` is refused); a refused result
        // leaves the tape as it was (nothing but `out` names what it recorded)
        let to = out.cast::<PyTensor>()?.get().handle();
        if let Err(e) = slf
            .py()
            .detach(|| lock(&cell).check_in_place_result(from, to))
        {
            drop(out);
            slf.py().detach(|| lock(&cell).undo_to(mark));
            return Err(e.into());
        }
    }
    if let Some((base, key)) = origin {
        WRITING_THROUGH.with(|d| d.set(d.get() + 1));
        let wrote = base.bind(slf.py()).set_item(key.bind(slf.py()), &out);
        WRITING_THROUGH.with(|d| d.set(d.get() - 1));
        wrote?;
    }
    let to = out.cast::<PyTensor>()?.get().handle();
    slf.py().detach(|| {
        crate::guard::contained("in-place", || {
            lock(&cell).write_in_place_as(from, to, keep_path)
        })
    })?;
    let h = me.handle();
    match &me.alias {
        // `p.detach()` shares p's storage in torch: p reads the result too
        Some(Alias::Param(p)) => {
            let p = super::classes::PyParameter::wrap(slf.py(), p)?;
            p.bind(slf.py()).call_method1("copy_", (slf,))?;
        }
        Some(Alias::ParamGrad(p)) => slf.py().detach(|| lock(&cell).write_param_grad(p, h))?,
        Some(Alias::LeafGrad(s)) => slf.py().detach(|| lock(&cell).write_leaf_grad(s, h))?,
        None => {}
    }
    Ok(slf.clone())
}

/// torch's `.grad` as a tensor of `cell`'s session (`Session::grad_leaf`: the stored
/// gradient `find` gives, no copy), whose in-place methods write it back through `alias`.
pub(super) fn grad_tensor(
    py: Python<'_>,
    cell: &Arc<SessionCell>,
    find: impl FnOnce(&Session<Be>) -> Option<Arc<Buffer<Be>>> + Send,
    alias: Alias,
) -> PyResult<Option<PyTensor>> {
    super::capture_state::refuse_effect("reading .grad")?;
    let slot = py.detach(|| -> crate::error::Result<_> {
        let mut s = lock(cell);
        let Some(b) = find(&s) else { return Ok(None) };
        Ok(s.grad_leaf(&b)?.map(|h| name(&mut s, h)))
    })?;
    Ok(slot.map(|slot| PyTensor::aliasing(cell, slot, alias)))
}

/// `copy_`'s source: `src`, or torch's other name for it, `other` (`Tensor.copy_`,
/// `Parameter.copy_`).
pub(super) fn copy_source<'a, 'py>(
    src: Option<&'a Bound<'py, PyAny>>,
    other: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<&'a Bound<'py, PyAny>> {
    src.or(other)
        .ok_or_else(|| pyo3::exceptions::PyTypeError::new_err("copy_() missing 'src'"))
}

thread_local! {
    /// How deep the thread is in a write through views (`via`).
    static WRITING_THROUGH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `f` run as torch runs an in-place op: outside autocast, whose lists hold out-of-place ops
/// only (`x.addmm_(a, b)` computes in `x`'s dtype under `autocast`).
fn without_autocast<T>(f: impl FnOnce() -> T) -> T {
    let cpu = crate::autocast::set(false, None);
    let cuda = crate::autocast::set(true, None);
    let out = f();
    crate::autocast::set(false, cpu);
    crate::autocast::set(true, cuda);
    out
}

#[pymethods]
impl PyTensor {
    /// torch's `loss.backward()`: add the gradient of this scalar into `p.grad` of every
    /// parameter it depends on (the current session's gradient store, until `zero_grad`).
    /// Without `retain_graph` the graph it ran through is freed (a second backward through
    /// it is a `GradError`, as in torch) while the tensors Python holds stay readable.
    /// `gradient`: the vector of a vector-Jacobian product for a non-scalar tensor
    /// (backward of `(self * gradient).sum()`).
    #[pyo3(signature = (gradient=None, retain_graph=None, create_graph=false, inputs=None))]
    fn backward(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        gradient: Option<&Bound<'_, PyAny>>,
        retain_graph: Option<bool>,
        create_graph: bool,
        inputs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        crate::session::Session::<Be>::check_backward_options(
            create_graph,
            inputs.is_some_and(|i| !i.is_none()),
        )?;
        let me = slf.get();
        let root = match gradient.filter(|g| !g.is_none()) {
            Some(g) => {
                let prod = me.operator(py, g, super::tensor::MUL, false)?;
                let prod = prod.bind(py).cast::<PyTensor>()?.get().handle();
                me.with(py, |s| s.record(Op::sum(&[], false), &[prod]))?
            }
            None => me.handle(),
        };
        let retain = retain_graph.unwrap_or(false);
        let cell = me.cell()?;
        if super::hooks::any() {
            let wrapped = cell
                .grad_ready_hook
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some();
            if wrapped {
                return Err(PyErr::from(Error::Grad(
                    "gradient hooks (register_hook) under a data-parallel wrapper are not \
                     supported yet"
                        .into(),
                )));
            }
            return super::hooks::backward(py, me, root, retain);
        }
        let hook = cell
            .grad_ready_hook
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        let Some(hook) = hook else {
            return me.with(py, move |s| s.backward_closing(root, retain));
        };
        if super::capture_state::active() {
            // Captured: the sweep alone (the plan's backward), then every bucket reduced
            // after it (the same averages; no overlap with the sweep), a call each replay
            // makes again here.
            me.with(py, move |s| s.backward_closing(root, retain))?;
            let sess = Bound::new(py, PySession::of_cell(&cell))?;
            let reduce = hook
                .getattr(py, "ddp")?
                .getattr(py, "_reduce_after_backward")?;
            return super::capture::_capture_call(py, reduce.into_bound(py), sess);
        }
        // The hook's buckets, packed and launched by the core (`launch(k)`: the wrapper
        // starts its all-reduce); the hook's own exception is kept to be raised as it is
        // (the core sees a stand-in).
        let layout = super::buckets::layout_of(hook.bind(py))?;
        let mut raised: Option<PyErr> = None;
        let swept = me.with(py, |s| {
            s.backward_bucketed(root, retain, &layout, |k| {
                Python::attach(|py| hook.call_method1(py, "launch", (k,)).map(drop)).map_err(|e| {
                    raised = Some(e);
                    Error::Backend("the grad-ready hook raised".into())
                })
            })
        });
        let swept = swept.map_err(|e| raised.take().unwrap_or(e));
        let sess = Py::new(py, PySession::of_cell(&cell))?;
        let finished = hook.call_method1(py, "finish", (swept.is_ok(), sess));
        swept?;
        finished.map(drop)
    }

    /// Registers a backward hook on a Parameter, as torch's `register_hook`: each
    /// `loss.backward()` calls `hook(grad)` with this backward's gradient of the parameter
    /// (a tensor of the session, before it is added into `p.grad`); a returned tensor (of the
    /// parameter's shape and dtype) replaces it, `None` keeps it. Hooks run in the order
    /// registered, with the session free to use; one that raises leaves `p.grad` unchanged.
    ///
    /// Args:
    ///     hook (callable): `hook(grad) -> Tensor or None`.
    ///
    /// Returns:
    ///     RemovableHandle: `handle.remove()` removes the hook.
    ///
    /// Raises:
    ///     UnsupportedOpError: a tensor that is not a Parameter (read an intermediate's
    ///         gradient with `retain_grad()`).
    ///     GradError: a parameter that does not require grad.
    ///     TypeError: `hook` is not callable.
    fn register_hook(&self, hook: &Bound<'_, PyAny>) -> PyResult<super::hooks::PyRemovableHandle> {
        super::hooks::register(self, hook)
    }

    fn __iadd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "+=", || slf.add(other)).map(|_| ())
    }
    fn __isub__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "-=", || slf.sub(other)).map(|_| ())
    }
    fn __imul__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "*=", || slf.mul(other)).map(|_| ())
    }
    fn __itruediv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "/=", || slf.div(other)).map(|_| ())
    }
    fn __ifloordiv__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "//=", || slf.call_method1("__floordiv__", (other,))).map(|_| ())
    }
    fn __imod__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "%=", || slf.call_method1("__mod__", (other,))).map(|_| ())
    }
    fn __ipow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        _modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        via(slf, "**=", || slf.call_method1("__pow__", (other,))).map(|_| ())
    }
    fn __iand__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "&=", || slf.call_method1("__and__", (other,))).map(|_| ())
    }
    fn __ior__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "|=", || slf.call_method1("__or__", (other,))).map(|_| ())
    }
    fn __ixor__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "^=", || slf.call_method1("__xor__", (other,))).map(|_| ())
    }
    fn __ilshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, "<<=", || slf.call_method1("__lshift__", (other,))).map(|_| ())
    }
    fn __irshift__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        via(slf, ">>=", || slf.call_method1("__rshift__", (other,))).map(|_| ())
    }
    /// The in-place form of the function `f` (`F.elu(x, inplace=True)`): checked first,
    /// then `f(*args)` is recorded and this tensor object (and every other naming its
    /// value) names the result; returns `self`.
    #[pyo3(signature = (f, *args))]
    fn _in_place<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "inplace=True", || f.call1(args))
    }
    /// Fills this tensor with zeros, in place.
    ///
    /// As with torch's in-place methods, this tensor then reads the new value: the
    /// out-of-place result is recorded, and every Python `Tensor` naming this tensor names it.
    /// A tensor that shares its storage with another live tensor (a view of it, or the base it
    /// views) raises `ArgumentError` instead, recording nothing, where torch would change both.
    ///
    /// A tensor that requires grad still does afterwards, with a zero gradient through it
    /// (torch's `ZeroBackward`: recorded as `masked_fill` of every element); otherwise the
    /// zeros are a new constant (`new_zeros(self.shape)`).
    ///
    /// Returns:
    ///     Tensor: this tensor.
    fn zero_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        via(slf, "zero_", || {
            let py = slf.py();
            Ok(Bound::new(py, slf.get().call(py, |s, x| s.zeroed(x))?)?.into_any())
        })
    }

    /// Fills this tensor with `value` (a number or a 0-d tensor), as `x[...] = value`, and
    /// returns it (torch's `fill_`; a tensor `value` gets the gradient).
    ///
    /// Args:
    ///     value (number or Tensor): the value of every element.
    fn fill_<'py>(slf: &Bound<'py, Self>, value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        slf.set_item(pyo3::types::PyEllipsis::get(slf.py()), value)?;
        Ok(slf.clone())
    }

    /// Copies `src` (broadcast to this tensor's shape, converted to its dtype) into this
    /// tensor, as `x[...] = src`, and returns it (torch's `copy_`; `src` gets the gradient).
    ///
    /// Args:
    ///     src (Tensor, array or number): the values (torch's schema also names it `other`).
    ///     non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
    #[pyo3(signature = (src=None, non_blocking=false, other=None))]
    fn copy_<'py>(
        slf: &Bound<'py, Self>,
        src: Option<&Bound<'py, PyAny>>,
        non_blocking: bool,
        other: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let _ = non_blocking;
        slf.set_item(
            pyo3::types::PyEllipsis::get(slf.py()),
            copy_source(src, other)?,
        )?;
        Ok(slf.clone())
    }

    /// `x[key] = value` with torch's result: a boolean mask key and a number (or 0-d
    /// tensor) is `masked_fill`; an int64 or bool tensor key with values is `index_put`;
    /// any other key (ints, slices, `None`, `...`, lists) is one core call,
    /// `Session::index_assign` (the selected positions of an arange written through
    /// `index_put`; the gradient reaches `x`, zero where written, and the values, as torch's).
    fn __setitem__(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let py = slf.py();
        let me = slf.get();
        if let Ok(k) = key.cast::<PyTensor>() {
            let key = k.get().handle();
            via(slf, "x[index] = v", || {
                let value = me.operand(py, value)?;
                let out = me.call(py, move |s, x| s.index_assign_tensor(x, key, value))?;
                Ok(Bound::new(py, out)?.into_any())
            })?;
            return Ok(());
        }
        // The key is checked first, on a zero-byte stand-in of x's shape (numpy's
        // indexing rules agree with torch's for these keys), so a bad key records nothing.
        let has_tensor = key
            .cast::<PyTuple>()
            .is_ok_and(|t| t.iter().any(|k| k.cast::<PyTensor>().is_ok()));
        if !has_tensor {
            let np = slf.py().import("numpy")?;
            let zero = np.call_method1("zeros", ((),))?;
            let stand_in = np.call_method1("broadcast_to", (zero, slf.getattr("shape")?))?;
            stand_in.get_item(key)?;
        }
        let items = match key.cast::<PyTuple>() {
            Ok(t) => t
                .iter()
                .map(|k| me.index_item(py, &k))
                .collect::<PyResult<Vec<_>>>()?,
            Err(_) => vec![me.index_item(py, key)?],
        };
        via(slf, "x[index] = v", || {
            // After the aliasing check: a Parameter value records its leaf here.
            let value = me.operand(py, value)?;
            let out = me.call(py, move |s, x| s.index_assign(x, items, value))?;
            Ok(Bound::new(py, out)?.into_any())
        })?;
        Ok(())
    }

    /// Sets whether the ops recorded from this leaf from now on take gradients back to it
    /// (`t.grad` after a backward); returns the tensor. `GradError` for an op's result.
    ///
    /// Args:
    ///     requires_grad (bool): the new flag. Default: ``True``.
    #[pyo3(signature = (requires_grad=true))]
    fn requires_grad_<'py>(
        slf: &Bound<'py, Self>,
        requires_grad: bool,
    ) -> PyResult<Bound<'py, Self>> {
        super::capture_state::refuse_effect("requires_grad_()")?;
        let h = slf.get().handle();
        slf.get()
            .with(slf.py(), move |s| s.set_requires_grad(h, requires_grad))?;
        Ok(slf.clone())
    }
    /// Whether no recorded op that takes gradients made this tensor (torch's `is_leaf`).
    #[getter]
    fn is_leaf(&self, py: Python<'_>) -> PyResult<bool> {
        let h = self.handle();
        self.with(py, move |s| {
            Ok(!s.requires_grad(h)? || s.op_name(h)?.is_none())
        })
    }
    /// Whether this tensor is on a CUDA device (its session's).
    #[getter]
    fn is_cuda(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.device_name(py)?.starts_with("cuda"))
    }
    /// Whether this tensor is on the CPU (its session's device).
    #[getter]
    fn is_cpu(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.device_name(py)? == "cpu")
    }
    /// torch's `t.data`: the value without its graph (`detach()`).
    #[getter]
    fn data(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.detach(py)
    }
    /// Detaches this tensor from the graph that created it, making it a leaf, in place,
    /// and returns it (torch's `detach_`): it keeps its values and no longer requires grad.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    fn detach_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        via_as(slf, "detach_", false, || {
            Ok(Bound::new(slf.py(), slf.get().detach(slf.py())?)?.into_any())
        })
    }
    /// Returns a view of the original tensor which contains all slices of size `size` from
    /// this tensor in the dimension `dimension`, `step` apart, as a new last dim (torch's
    /// `Tensor.unfold`; a copy here). The function `eagertape.unfold` is
    /// `nn.functional.unfold`, as torch's.
    ///
    /// Args:
    ///     dimension (int): the dimension to take windows along.
    ///     size (int): the size of each window.
    ///     step (int): the step between windows.
    ///
    /// Returns:
    ///     Tensor: the windows.
    fn unfold(&self, py: Python<'_>, dimension: i64, size: i64, step: i64) -> PyResult<PyTensor> {
        self.call(py, move |s, x| {
            crate::ops::tallies::unfold(s, x, dimension, size, step)
        })
    }
    /// In-place `index_put`: `values` written at (or, with `accumulate`, added to) the
    /// positions `indices` of this tensor, which it returns (torch's `index_put_`).
    ///
    /// Args:
    ///     indices (tuple of Tensor): int64 or bool index tensors, one per leading dim.
    ///     values (Tensor or number): the values, broadcast to the positions.
    ///     accumulate (bool): add instead of write. Default: ``False``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    #[pyo3(signature = (indices, values, accumulate=false))]
    fn index_put_<'py>(
        slf: &Bound<'py, Self>,
        indices: &Bound<'py, PyAny>,
        values: &Bound<'py, PyAny>,
        accumulate: bool,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "index_put_", || {
            slf.call_method1("index_put", (indices, values, accumulate))
        })
    }

    /// torch's legacy constructor of a tensor of this tensor's dtype and session:
    /// ``x.new()`` is empty, ``x.new(2, 3)`` (sizes) is `new_empty`, ``x.new(data)`` is
    /// `new_tensor`. Prefer those.
    ///
    /// Args:
    ///     *args: nothing, sizes, or the data.
    ///
    /// Returns:
    ///     Tensor: a new leaf.
    #[pyo3(name = "new", signature = (*args))]
    fn legacy_new<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let sizes: Option<Vec<i64>> = args
            .iter()
            .map(|a| match a.is_instance_of::<pyo3::types::PyBool>() {
                true => None,
                false => a.extract::<i64>().ok(),
            })
            .collect();
        match (args.len(), sizes) {
            (0, _) => slf.call_method1("new_empty", ((0,),)),
            (_, Some(sizes)) => slf.call_method1("new_empty", (sizes,)),
            (1, None) => slf.call_method1("new_tensor", (args.get_item(0)?,)),
            _ => Err(pyo3::exceptions::PyTypeError::new_err(
                "new(): expected sizes (ints) or one sequence of data",
            )),
        }
    }
    /// Enables this tensor to have its `grad` populated during `backward()`: an op's result
    /// that requires grad then keeps its gradient as a leaf does (a no-op for a leaf), as
    /// torch's `retain_grad`.
    ///
    /// Raises:
    ///     GradError: this tensor does not require grad.
    fn retain_grad(&self, py: Python<'_>) -> PyResult<()> {
        let h = self.handle();
        self.with(py, move |s| s.retain_grad(h))
    }
    /// Whether this tensor is an op's result whose `grad` the next `backward()` keeps
    /// (`retain_grad()` was called); False for a leaf, as torch's.
    #[getter]
    fn retains_grad(&self, py: Python<'_>) -> PyResult<bool> {
        let h = self.handle();
        self.with(py, move |s| s.retains_grad(h))
    }
    /// torch's `t.grad` of a tensor made with `requires_grad=True`: what `loss.backward()`
    /// added for it (until `t.grad = None` or the reset) as a tensor, or None. Its in-place
    /// methods write the gradient (`t.grad.zero_()`).
    #[getter]
    fn grad(&self, py: Python<'_>) -> PyResult<Option<PyTensor>> {
        let slot = self.slot_of();
        let find = |s: &Session<Be>| s.leaf_grad(&slot);
        grad_tensor(py, &self.cell()?, find, Alias::LeafGrad(self.slot_of()))
    }
    #[setter(grad)]
    fn set_grad(&self, py: Python<'_>, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        crate::grads::GradMap::<Be>::check_assignment(
            "t.grad",
            value.is_some_and(|v| !v.is_none()),
        )?;
        let slot = self.slot_of();
        let cell = self.cell()?;
        py.detach(|| lock(&cell).clear_leaf_grad(&slot));
        Ok(())
    }
}
