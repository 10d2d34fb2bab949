//! `eagertape.Session`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::classes::PyGradMap;
use super::classes::PyOptimizer;
use super::classes::PyParameter;
use super::classes::PySession;
use super::classes::{lock, named, PyTensor, SessionCell};
use super::config::PyConfig;
use super::convert::host_data;
use crate::backend::dynamic::{Dyn as Be, DynTensor};
use crate::config::Config;
use crate::error::Error;
use crate::grads::GradMap;
use crate::rng::RngState;
use crate::session::Session;

/// A shape given as `f(2, 3)` or `f((2, 3))`.
pub fn shape_arg(shape: &Bound<'_, PyTuple>) -> PyResult<Vec<i64>> {
    let parsed: PyResult<Vec<i64>> = match shape.len() {
        1 if !shape.get_item(0)?.is_instance_of::<pyo3::types::PyInt>() => {
            shape.get_item(0)?.extract()
        }
        _ => shape.extract(),
    };
    parsed.map_err(|_| {
        PyErr::from(Error::Shape(format!(
            "invalid shape {}: expected integers that fit in 64 bits",
            shape.repr().map(|r| r.to_string()).unwrap_or_default()
        )))
    })
}

/// Free the buffers every live session keeps for reuse (their pools of recycled tape
/// buffers); returns the bytes freed. Sessions busy in another thread are waited for.
pub fn empty_session_caches(py: Python<'_>) -> usize {
    let cells = SessionCell::all();
    py.detach(|| {
        cells
            .iter()
            .map(|cell| {
                let mut s = lock(cell);
                let bytes = s.cached_bytes();
                s.empty_cache();
                bytes
            })
            .sum()
    })
}

impl PySession {
    /// The Python-side view of the session in `cell` (for a tensor's `new_zeros`, ...).
    pub(crate) fn of_cell(cell: &Arc<SessionCell>) -> Self {
        let id = lock(cell).id();
        PySession {
            cell: Arc::clone(cell),
            id,
        }
    }

    pub(crate) fn with<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Session<Be>) -> crate::error::Result<R> + Send,
    ) -> PyResult<R> {
        let cell = &self.cell;
        py.detach(|| crate::guard::contained("session", || f(&mut lock(cell))))
            .map_err(PyErr::from)
    }

    /// `f` on the session, which the captured step in progress is recorded on: `what` (an
    /// explicit-API call a replay runs again) on another session is a `CaptureError`.
    fn recorded<R: Send>(
        &self,
        py: Python<'_>,
        what: &str,
        f: impl FnOnce(&mut Session<Be>) -> PyResult<R> + Send,
    ) -> PyResult<R> {
        let cell = &self.cell;
        py.detach(|| {
            let mut s = lock(cell);
            if !s.capturing() {
                return Err(PyErr::from(Error::Capture(format!(
                    "{what} on a session the captured step is not recorded on: a replay \
                     would not run it again (call the step inside `with sess:`, or capture \
                     it with et.capture(session=sess))"
                ))));
            }
            f(&mut s)
        })
    }
}

#[pymethods]
impl PySession {
    #[new]
    #[pyo3(signature = (config=None, **fields))]
    fn new(
        py: Python<'_>,
        config: Option<&PyConfig>,
        fields: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let given =
            |field| config.is_some() || fields.is_some_and(|f| f.contains(field).unwrap_or(false));
        let base = config.map(|c| c.inner.clone()).unwrap_or_default();
        let cfg: Config = PyConfig::with_fields(&base, fields)?;
        let cfg = cfg.with_session_defaults(given("device"), given("seed"));
        // Invariant 1 first (with its warning), then invariant 2 in Session::new.
        let cfg = super::config::resolve(py, &cfg)?;
        let s = py.detach(|| crate::guard::contained("Session", || Session::new(cfg)))?;
        let id = s.id();
        let cell = SessionCell::registered(s, false);
        Ok(PySession { id, cell })
    }

    /// The session's id (int): unique in the process; every tensor handle names it.
    #[getter]
    fn id(&self) -> u64 {
        self.id
    }
    /// The tape's generation (int): 0 at first, + 1 at each `reset_tape()` (leaving a
    /// `with` block included) and each compaction after a backward. A reset makes every
    /// handle of the old generation stale; a compaction moves the tensors still held along.
    #[getter]
    fn generation(&self, py: Python<'_>) -> PyResult<u64> {
        self.with(py, |s| Ok(s.generation()))
    }
    /// The number of nodes on the tape now (int).
    #[getter]
    fn tape_len(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |s| Ok(s.tape_len()))
    }
    /// What holds the tape's memory: an `et.TapeProfile` (`eagertape._profile`) of the
    /// core's rows, one per node in recording order (`Session::tape_profile`).
    fn tape_profile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = self.with(py, |s| Ok(s.tape_profile()))?;
        py.import("eagertape._profile")?
            .getattr("TapeProfile")?
            .call1((rows,))
    }
    /// Open a module call's scope (`et.nn.Module.__call__`): the nodes recorded until
    /// `_exit_module()` carry `path` in `tape_profile()`.
    fn _enter_module(&self, py: Python<'_>, path: &str) -> PyResult<()> {
        let path = Arc::new(path.to_owned());
        self.with(py, move |s| {
            s.enter_scope(path);
            Ok(())
        })
    }
    /// Close the innermost module call's scope.
    fn _exit_module(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |s| {
            s.exit_scope();
            Ok(())
        })
    }
    /// The `Config` the session runs with (resolved: its actual device and dtype).
    #[getter]
    fn config(&self, py: Python<'_>) -> PyResult<PyConfig> {
        self.with(py, |s| {
            Ok(PyConfig {
                inner: s.config().clone(),
            })
        })
    }

    /// Bytes of recycled tape buffers this session keeps for its next generation (counted
    /// in `memory_stats()["cached_bytes"]`, not as live).
    #[getter]
    fn cached_bytes(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |s| Ok(s.cached_bytes()))
    }

    /// Free the recycled tape buffers this session keeps (`et.empty_cache()` does this for
    /// every session).
    fn empty_cache(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |s| {
            s.empty_cache();
            Ok(())
        })
    }

    /// The RNG position `(seed, counter)`; not rewound by `reset_tape`.
    fn rng_state(&self, py: Python<'_>) -> PyResult<(u64, u64)> {
        self.with(py, |s| {
            let r = s.rng_state();
            Ok((r.seed, r.counter))
        })
    }

    /// Sets the position of the session's generator, as `rng_state()` returned it.
    ///
    /// The draws that follow (`rand`, `randn`, dropout, ...) repeat those made after that
    /// position was read.
    ///
    /// Args:
    ///     state (tuple[int, int]): the `(seed, counter)` pair from `rng_state()`.
    ///
    /// Raises:
    ///     ArgumentError: `state` is not a pair of non-negative ints.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> sess = et.Session(dtype="float64", seed=0)
    ///     >>> state = sess.rng_state()
    ///     >>> a = sess.rand(3).tolist()
    ///     >>> sess.set_rng_state(state)
    ///     >>> sess.rand(3).tolist() == a
    ///     True
    fn set_rng_state(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        super::capture_state::refuse_effect("sess.set_rng_state()")?;
        let (seed, counter): (u64, u64) = state.extract().map_err(|_| {
            PyErr::from(Error::Argument(
                "set_rng_state: expected the (seed, counter) tuple returned by rng_state()".into(),
            ))
        })?;
        self.with(py, move |s| {
            s.set_rng_state(RngState { seed, counter });
            Ok(())
        })
    }

    /// Record data (numpy array, nested list, scalar, torch tensor, any DLPack producer) as
    /// an input leaf, copied and converted to the session's dtype and device, or to `dtype`:
    /// the session's carrier or a data dtype (`"int64"`, `"int32"`, `"bool"`: indices and
    /// masks, which carry no gradient). `copy=False` shares a DLPack producer's memory
    /// instead (same dtype and device, else `DLPackError`); the caller must not write to it
    /// while the tape holds it.
    #[pyo3(signature = (data, requires_grad=None, *, dtype=None, copy=None))]
    fn input(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        requires_grad: Option<bool>,
        dtype: Option<&Bound<'_, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<PyTensor> {
        if copy == Some(false) {
            return input_shared(py, &self.cell, data, requires_grad, dtype);
        }
        input_into(py, &self.cell, data, requires_grad, dtype)
    }

    /// Records a leaf holding `param`'s current snapshot and returns it as a tensor.
    ///
    /// The leaf requires a gradient when `param.requires_grad` is set and the session
    /// records gradients; a backward then gives `param` a gradient. Later updates of
    /// `param` publish new snapshots and leave this leaf's value as it was. Each call
    /// records a new leaf (an op given `param` itself reuses one leaf per version).
    ///
    /// Args:
    ///     param (Parameter): the parameter to read.
    ///
    /// Returns:
    ///     Tensor: the leaf, in this session.
    ///
    /// Raises:
    ///     DTypeError: `param`'s dtype does not match the session's.
    ///     DeviceError: `param` lives on another device than the session's.
    ///
    /// Examples:
    ///     >>> import numpy as np, eagertape as et
    ///     >>> p = et.Parameter(np.array([1.0, 2.0]))
    ///     >>> with et.Session(dtype="float64") as sess:
    ///     ...     w = sess.use(p)
    ///     ...     w.requires_grad, w.tolist()
    ///     (True, [1.0, 2.0])
    #[pyo3(name = "use")]
    fn use_param(&self, py: Python<'_>, param: &PyParameter) -> PyResult<PyTensor> {
        let p = Arc::clone(&param.inner);
        // the default session reads a parameter of any native float dtype, as torch does
        let any_native = self.cell.default;
        let h = self.with(py, move |s| s.use_param_in(&p, any_native))?;
        Ok(PyTensor::new(&self.cell, h))
    }

    /// Gradients of the scalar `loss` for every trainable parameter on the tape; with
    /// `into=grads`, added into that map (which is returned). Inside a captured step it is
    /// recorded: each replay fills the same `GradMap` again (emptied first, or added into
    /// when it was given).
    #[pyo3(signature = (loss, into=None))]
    fn backward(
        &self,
        py: Python<'_>,
        loss: &PyTensor,
        into: Option<Bound<'_, PyGradMap>>,
    ) -> PyResult<Py<PyGradMap>> {
        let h = loss.handle();
        if super::capture_state::active() {
            let given = into.as_ref().map(|m| Arc::clone(&m.get().inner));
            let map = self.recorded(py, "sess.backward()", |s| {
                crate::guard::contained("backward", || s.backward_recorded(h, given))
                    .map_err(PyErr::from)
            })?;
            return match into {
                Some(m) => Ok(m.unbind()),
                None => Py::new(py, PyGradMap { inner: map }),
            };
        }
        match into {
            Some(m) => {
                let map = Arc::clone(&m.get().inner);
                self.with(py, move |s| s.backward_into(h, &map))?;
                Ok(m.unbind())
            }
            None => {
                let map: GradMap<Be> = self.with(py, move |s| s.backward(h))?;
                Py::new(
                    py,
                    PyGradMap {
                        inner: Arc::new(map),
                    },
                )
            }
        }
    }

    /// One training step: backward, read the loss value, reset the tape, update with
    /// `optimizer`, release the gradients. Returns the loss value. The tape is reset and
    /// the gradients released whether or not the update succeeds. Inside a captured step
    /// it is recorded (each replay runs it again) and returns a placeholder the step may
    /// return, whose value is then the replay's loss.
    fn train_step<'py>(
        &self,
        py: Python<'py>,
        loss: &PyTensor,
        optimizer: &Bound<'py, PyOptimizer>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let h = loss.handle();
        let opt = optimizer.get();
        if super::capture_state::active() {
            let opt = Arc::clone(&opt.inner);
            let cell = &self.cell;
            let slot = self.recorded(py, "sess.train_step()", |s| {
                named(s, |s| s.train_step_recorded(h, &opt))
            })?;
            let value = Bound::new(py, PyTensor::named(cell, slot))?.into_any();
            return super::capture_state::host_value(py, Some(value), "sess.train_step()");
        }
        // Lock order: the session, then the optimizer (nothing takes them the other way).
        let value = self.with(py, |s| s.train_step(h, &mut **opt.lock()))?;
        Ok(pyo3::types::PyFloat::new(py, value).into_any())
    }

    /// Test hook (fault injection): the next backward fails with `BackendError` when it
    /// reaches its `k`-th node; `None` disarms it.
    #[pyo3(signature = (k))]
    fn _inject_backward_failure(&self, py: Python<'_>, k: Option<usize>) -> PyResult<()> {
        self.with(py, move |s| {
            s.inject_backward_failure(k);
            Ok(())
        })
    }

    /// Begin a checkpointed block (`et.utils.checkpoint`); returns its depth, for
    /// `_checkpoint_end`.
    fn _checkpoint_begin(&self, py: Python<'_>) -> PyResult<usize> {
        super::capture_state::unsupported("activation checkpointing (et.utils.checkpoint)")?;
        self.with(py, |s| Ok(s.checkpoint_begin()))
    }

    /// End the checkpointed block of depth `depth`: with `release`, its intermediates no
    /// Python tensor names give up their values (recomputed by backward). Returns the
    /// bytes released.
    fn _checkpoint_end(&self, py: Python<'_>, depth: usize, release: bool) -> PyResult<usize> {
        self.with(py, move |s| s.checkpoint_end(depth, release))
    }

    /// Set (or with `None` clear) the object the next `loss.backward()` on this session
    /// tells as its gradients are finished: for each bucket `k` of `hook.layout` (a
    /// `_core._GradBuckets`), once all its gradients are final and the buckets before it
    /// went, the core packs them into the bucket's flat tensor and calls
    /// `hook.launch(k)`, during the sweep (with the GIL; it must not use this session),
    /// then `hook.finish(ok, session)` after it. Used by
    /// `et.nn.parallel.DistributedDataParallel`.
    fn _set_grad_ready_hook(&self, hook: Option<Py<PyAny>>) {
        *self
            .cell
            .grad_ready_hook
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = hook;
    }

    /// Release the tape's intermediates and invalidate its handles (generation + 1).
    /// Inside a captured step it is recorded: each replay resets the tape there too.
    fn reset_tape(&self, py: Python<'_>) -> PyResult<()> {
        if super::capture_state::active() {
            return self.recorded(py, "sess.reset_tape()", |s| {
                s.reset_tape_recorded();
                Ok(())
            });
        }
        self.with(py, |s| {
            s.reset_tape();
            Ok(())
        })
    }

    /// Refuse a `device=` argument (a name, a `torch.device`, an int) that is not this
    /// session's device: a tensor lives on its session's (`DeviceError`). None passes.
    #[pyo3(name = "_check_device", signature = (device=None))]
    pub(crate) fn check_device(
        &self,
        py: Python<'_>,
        device: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        super::config::check_device(py, &self.cell, device)
    }

    /// Make this the current session of this thread (torch-style calls use it) until the
    /// `with` block ends; nesting restores the outer one.
    fn __enter__(slf: Py<Self>, py: Python<'_>) -> Py<Self> {
        let cell = Arc::clone(&slf.get().cell);
        super::current::push(slf.clone_ref(py), cell);
        slf
    }

    /// Leave: the outer session (if any) is current again, and the tape is reset (not the
    /// default session's, which outlives every block).
    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        let popped = super::current::pop(&self.cell);
        if !self.cell.default {
            self.with(py, |s| {
                s.reset_tape_by(crate::session::WITH_EXIT_RESET);
                Ok(())
            })?;
        }
        drop(popped);
        Ok(false)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| {
            Ok(format!(
                "Session(id={}, generation={}, tape_len={}, device='{}', dtype='{}')",
                s.id(),
                s.generation(),
                s.tape_len(),
                s.config().device,
                s.config().dtype
            ))
        })
    }
}

/// `data` copied into a new leaf of the session in `cell` (`Session.input` and
/// `Tensor.new_tensor`): floating data in the session's carrier, integer and bool data keep
/// a data dtype unless `dtype` says otherwise.
pub(crate) fn input_into(
    py: Python<'_>,
    cell: &Arc<SessionCell>,
    data: &Bound<'_, PyAny>,
    requires_grad: Option<bool>,
    dtype: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let dtype = super::config::requested(dtype)?;
    let host = host_data(data)?;
    let kind = host.kind;
    let arg = super::capture_state::argument_of(cell, data);
    let h = py.detach(move || {
        named(&mut lock(cell), |s| {
            s.input_data(&host.tensor, kind, dtype, requires_grad, arg)
        })
    })?;
    if let Some(k) = arg {
        super::capture_state::note_marked(k);
    }
    Ok(PyTensor::named(cell, h))
}

/// `Session.input(data, copy=False)`: `data` (a DLPack producer) recorded in place.
fn input_shared(
    py: Python<'_>,
    cell: &Arc<SessionCell>,
    data: &Bound<'_, PyAny>,
    requires_grad: Option<bool>,
    dtype: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    if !super::dlpack::is_producer(data)? {
        return Err(PyErr::from(Error::DLPack(format!(
            "input(copy=False) shares the memory of a DLPack producer (a numpy array, a torch \
             tensor, ...); {} has no __dlpack__ (let input copy it)",
            data.get_type().name()?
        ))));
    }
    let grad_default = py.detach(|| lock(cell).config().requires_grad_by_default);
    let dtype = super::config::requested(dtype)?;
    let is_torch = data
        .get_type()
        .getattr("__module__")
        .and_then(|m| m.extract::<String>())
        .is_ok_and(|m| m.starts_with("torch"));
    let source = if is_torch {
        data.call_method0("detach")?
    } else {
        data.clone()
    };
    let (t, held) = super::dlpack::import(&source, true)?;
    // Data dtypes are recorded as held unless `dtype` says otherwise (then it must match).
    let dtype = dtype.or(held.is_data().then_some(held));
    let rg = requires_grad.unwrap_or(grad_default && dtype.is_none_or(|d| !d.is_data()));
    let h = py.detach(move || {
        named(&mut lock(cell), |s| {
            s.input_shared_as(DynTensor::Torch(t), dtype, rg)
        })
    })?;
    Ok(PyTensor::named(cell, h))
}
