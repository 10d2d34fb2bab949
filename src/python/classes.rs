//! The Python classes' state: every `#[pyclass]` the other binding files share, and the
//! session cell they lock. Their methods live with their concern (`tensor*.rs`,
//! `session.rs`, `param.rs`, `grads.rs`, `optim.rs`, `dlpack.rs`); this file depends on no
//! other binding file, so the binding has no import circle (`tools/check-imports`).

use std::mem::ManuallyDrop;
use std::sync::{Arc, Mutex, Weak};

use pyo3::prelude::*;

use crate::backend::dynamic::Dyn as Be;
use crate::buffer::Buffer;
use crate::error::Result;
use crate::grads::GradMap;
use crate::handles::NameSlot;
use crate::optim::Optimizer;
use crate::param::Parameter;
use crate::session::Session;
use crate::tape::Handle;

/// A session as Python holds it. (The counts of Python `Tensor` objects per node live in
/// the session: see [`crate::handles`].)
pub struct SessionCell {
    pub(crate) session: Mutex<Session<Be>>,
    /// The Python object told as the next `loss.backward()` finishes the gradients of a
    /// bucket of its `layout` (packed into the bucket by then: `launch(k)`), then
    /// `finish(ok, session)` once the session is free again: set by a data-parallel
    /// wrapper's forward (`Session._set_grad_ready_hook`), taken by the backward that uses
    /// it. Held here, not in the core: the core knows no Python.
    pub(crate) grad_ready_hook: Mutex<Option<Py<PyAny>>>,
    /// Whether this is a thread's default session (`current.rs`): its tensors enter another
    /// session's calls as data, and leaving a `with` block of it does not reset it.
    pub(crate) default: bool,
}

/// Every session created from Python, for `empty_cache()` (weak: the registry never keeps a
/// session alive; dead entries are dropped when the next session registers).
static SESSIONS: Mutex<Vec<Weak<SessionCell>>> = Mutex::new(Vec::new());

impl SessionCell {
    /// The cell of a new session (`default`: a thread's default session), registered.
    pub fn registered(session: Session<Be>, default: bool) -> Arc<Self> {
        let cell = Arc::new(SessionCell {
            session: Mutex::new(session),
            grad_ready_hook: Mutex::new(None),
            default,
        });
        let mut all = SESSIONS.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|w| w.strong_count() > 0);
        all.push(Arc::downgrade(&cell));
        cell
    }

    /// Every live session's cell.
    pub fn all() -> Vec<Arc<SessionCell>> {
        let all = SESSIONS.lock().unwrap_or_else(|e| e.into_inner());
        all.iter().filter_map(Weak::upgrade).collect()
    }
}

/// Run `f`, which records a node, and name the handle for the Python `Tensor` about to
/// hold it: the node's name slot. A tape grown long without grad (or after a closing
/// backward) is compacted here, once the new node is named (its name follows it): only on
/// this single-output path, where the caller holds no other unnamed handle that a
/// compaction would make stale ([`named_all`] names several outputs first).
pub fn named(
    s: &mut Session<Be>,
    f: impl FnOnce(&mut Session<Be>) -> Result<Handle>,
) -> PyResult<Arc<NameSlot>> {
    named_all(s, f, name)
}

/// [`named`] for a core call with several outputs: `f` records them, `name_all` names
/// every handle among them (with [`name`]) before the tape may be compacted.
pub fn named_all<T, N>(
    s: &mut Session<Be>,
    f: impl FnOnce(&mut Session<Be>) -> Result<T>,
    name_all: impl FnOnce(&mut Session<Be>, T) -> N,
) -> PyResult<N> {
    // A panic inside tch (see `guard`) is a typed error; nothing was recorded then.
    let out = crate::guard::contained("op", || f(s))?;
    let names = name_all(s, out);
    if s.wants_compaction() {
        s.compact();
    }
    Ok(names)
}

/// The name slot for a new Python `Tensor` naming `h` (a detached slot, stale from the
/// start, for a handle of another generation). Never compacts: a caller naming the outputs
/// of one op one after the other holds the later ones as plain handles meanwhile.
pub fn name(s: &mut Session<Be>, h: Handle) -> Arc<NameSlot> {
    s.name_handle(h).unwrap_or_else(|| NameSlot::new(h))
}

/// Lock a session (a panic inside the core never leaves a tape half-pushed, so a
/// poisoned lock is still consistent).
pub fn lock(cell: &SessionCell) -> std::sync::MutexGuard<'_, Session<Be>> {
    cell.session.lock().unwrap_or_else(|e| e.into_inner())
}

/// A handle to one value recorded on a session's tape (torch's `Tensor`).
///
/// A tensor owns no memory: the session's tape does, and the tensor names the node that
/// holds the value (session id, generation, node). It supports torch's operators, methods
/// and indexing; each op records a node in the same session. When the last Python tensor
/// naming a node goes, a value no backward reads is freed at once (not when the garbage
/// collector runs). After the session's tape is reset (`reset_tape()`, or leaving its
/// `with` block) every tensor of the old generation is stale: using it raises
/// `StaleHandleError`.
///
/// Tensors are made by a session: `et.tensor(data)` in the current one, or
/// `sess.input(data)`; `sess.use(p)` reads a parameter.
///
/// Examples:
///     >>> import numpy as np, eagertape as et
///     >>> with et.Session(dtype="float32"):
///     ...     x = et.tensor(np.ones((2, 3), np.float32))
///     ...     (x * 2).sum().item()
///     12.0
#[pyclass(name = "Tensor", module = "eagertape", frozen, subclass)]
pub struct PyTensor {
    pub session: Weak<SessionCell>,
    /// The name slot shared with the node (and every other `Tensor` naming it): the
    /// handle is read from it, so it follows the node when the session compacts.
    pub(crate) slot: ManuallyDrop<Arc<NameSlot>>,
    /// For the `Tensor` part of an `et.Parameter`: the parameter, read in whichever
    /// session is current when an op takes it (its implicit leaf there); no slot then.
    pub(crate) param: Option<Arc<Parameter<Be>>>,
    /// What its in-place methods also write, as torch's shared storage would (the tensor
    /// holds its own value: a later change there does not show through it).
    pub(crate) alias: Option<Alias>,
    /// For a `Tensor` made by `base[key]`: the base and the key (a strong reference, as a
    /// torch view keeps its base). An in-place write refused because the value is a view of
    /// a live tensor writes through instead (`base[key] = result`, then itself): torch's
    /// `x[i] += 1` and `t[i][j] = v`.
    pub(crate) origin: Option<(Py<PyTensor>, Py<PyAny>)>,
}

/// The storage a `Tensor` shares in torch, which its in-place methods write too.
pub(crate) enum Alias {
    /// `p.detach()`: the parameter (`p.detach().mul_(d)`, the EMA idiom, changes `p`).
    Param(Arc<Parameter<Be>>),
    /// `p.grad`: the parameter's gradient in the tensor's session's store.
    ParamGrad(Arc<Parameter<Be>>),
    /// `t.grad`: the gradient of the input leaf this slot names.
    LeafGrad(Arc<crate::handles::NameSlot>),
}

impl Drop for PyTensor {
    /// The last `Tensor` naming a node lets the session free its value. When the session
    /// is busy (another thread runs an op on it), the value stays until the next
    /// compaction or reset: never freed early, only kept longer.
    fn drop(&mut self) {
        // SAFETY: `slot` is taken exactly once, here, and never used after.
        let slot = unsafe { ManuallyDrop::take(&mut self.slot) };
        let h = slot.handle();
        drop(slot);
        if let Some(cell) = self.session.upgrade() {
            if let Ok(mut s) = cell.session.try_lock() {
                s.release_value(h);
            }
        }
    }
}

/// A session: one tape, its generation counter, a random-number state and a resolved
/// `Config` (device, dtype, seed, backend, grad mode).
///
/// Every tensor belongs to one session and computes in its dtype on its device.
/// `with sess:` makes it the thread's current session (torch-style code uses it) and
/// resets its tape on exit. Sessions are independent: a reset or an optimizer update in
/// one never changes a value another holds.
///
/// Args:
///     config (Config | None): the session's configuration. Default: ``None`` (a
///         `Config` made from `fields`).
///     **fields: a `Config`'s fields as keywords, instead of `config`: `dtype=`,
///         `device=`, `seed=`, `backend=`, `grad_enabled=`, `requires_grad_by_default=`,
///         `show_backend=`.
///
/// Raises:
///     ConfigError: an unknown dtype, device or backend, or a backend that cannot run on
///         the device.
///     DeviceUnavailableError: a CUDA device with no usable GPU.
///
/// Examples:
///     >>> import eagertape as et
///     >>> sess = et.Session(dtype="float64", seed=0)
///     >>> sess.generation, sess.tape_len
///     (0, 0)
// The Python session owns the only strong reference to its core session: when it is
// dropped, the tape and everything it owns are freed at once; its tensors become invalid.
#[pyclass(name = "Session", module = "eagertape", frozen)]
pub struct PySession {
    pub(crate) cell: Arc<SessionCell>,
    pub(crate) id: u64,
}

/// A trainable value (torch's `nn.Parameter`): a stable id, a name, a version and a
/// reference-counted current snapshot.
///
/// `sess.use(p)` records a leaf holding the current snapshot; given to an op inside a
/// session, `p` is read that way implicitly (one leaf per parameter until its value
/// changes or a backward closes the graph). An update (an optimizer step, `p.copy_(t)`,
/// `p.data = t`) publishes a new version: in place when no tape holds the snapshot, else
/// as a copy, the tape keeping the value it read.
///
/// Args:
///     data: the initial value (a numpy array, a torch tensor, a list, or any DLPack
///         producer); copied.
///     requires_grad: whether leaves read from it take gradients (torch's second
///         positional argument).
///     name: an optional name (keyword-only).
///     dtype: the storage dtype (default: the data's floating dtype).
///     device: where the value lives.
///
/// Examples:
///     >>> import numpy as np, eagertape as et
///     >>> p = et.Parameter(np.zeros((2, 3), np.float32), name="w")
///     >>> p.shape, p.version, p.requires_grad
///     ((2, 3), 0, True)
// Equality and hashing follow the parameter's id, so wrappers returned by
// `GradMap.params()` compare equal to the parameter the user holds.
#[pyclass(name = "Parameter", module = "eagertape", frozen, extends = PyTensor)]
pub struct PyParameter {
    pub inner: Arc<Parameter<Be>>,
}

/// The gradients of one `sess.backward(loss)`: one `Buffer` per parameter the loss read
/// (a parameter read several times gets the sum).
///
/// `grads[p]` is `p`'s buffer; `len`, `in`, iteration and `items()` work as for a dict.
/// Pass it to an optimizer (`opt.step(grads)`). As a context manager it releases every
/// buffer on exit, also when the body raises; `release()` does it at once.
///
/// Examples:
///     >>> import numpy as np, eagertape as et
///     >>> p = et.Parameter(np.array([1.0, 2.0]))
///     >>> sess = et.Session(dtype="float64")
///     >>> with sess.backward((sess.use(p) * 3.0).sum()) as grads:
///     ...     grads[p].numpy().tolist()
///     [3.0, 3.0]
#[pyclass(name = "GradMap", module = "eagertape", frozen)]
pub struct PyGradMap {
    pub inner: Arc<GradMap<Be>>,
}

/// A data-parallel wrapper's gradient buckets (`_core._GradBuckets`): held by the wrapper
/// for its lifetime; `loss.backward()` packs each completed bucket through it before
/// handing the bucket to the wrapper's hook.
#[pyclass(name = "_GradBuckets", module = "eagertape._core", frozen)]
pub struct PyGradBuckets {
    pub inner: Arc<crate::buckets::Layout<Be>>,
}

/// A gradient's storage: a shape and its values, released explicitly.
///
/// `numpy()` copies the values out; `release()` frees them once (it returns `True`, then
/// `False`); reading a released buffer raises `ReleasedBufferError`. Releasing never frees
/// storage another holder still uses. `p.grad` in torch-style code is a `Buffer`.
#[pyclass(name = "Buffer", module = "eagertape", frozen)]
pub struct PyBuffer {
    pub inner: Arc<Buffer<Be>>,
}

/// The core optimizer a Python optimizer drives.
pub type Core = Box<dyn Optimizer<Be>>;

/// Base class of eagertape's optimizers (`SGD`, `Adam`, `AdamW`, `RMSprop` ... `Rprop`).
///
/// A handle on a core optimizer in Rust; it cannot be instantiated itself. Every optimizer
/// checks its whole input (shapes, dtypes, devices, released buffers, finite
/// hyperparameters) before it changes any parameter, then updates every parameter in one
/// call, in place where no live tape holds the parameter's snapshot. `step()` reads `p.grad`
/// in the current session; `step(grads)` takes an `et.GradMap`. `LBFGS` is not a subclass.
#[pyclass(name = "Optimizer", module = "eagertape.optim", frozen, subclass)]
pub struct PyOptimizer {
    /// Shared with the captured steps whose replays step it (`Effect::Step`).
    pub(crate) inner: crate::session::effect::SharedOptimizer<Be>,
}

/// The named result `class` (`SortResult`, ...: made in `eagertape._core` when it is imported,
/// `declared::register_results`) of the pair `(a, b)`.
pub(crate) fn named_result<'py>(
    py: Python<'py>,
    class: &str,
    a: Bound<'py, PyTensor>,
    b: Bound<'py, PyTensor>,
) -> PyResult<Bound<'py, PyAny>> {
    py.import("eagertape._core")?.getattr(class)?.call1((a, b))
}
