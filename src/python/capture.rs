//! `et.capture`'s binding: the capture in progress on this thread, and `_core._Plan`, a
//! recorded step that replays from Rust.
//!
//! `_capture_begin(sess, args)` starts the core's recorder on `sess` ([`Session::begin_capture`])
//! and notes the step's argument objects by identity. While it runs:
//! * `sess.input(a)` of an argument marks the leaf as that argument, and a class loss
//!   against an argument's class ids records the loss as one entry rebuilt from new ids;
//!   any other conversion of an argument (`x + a`, ...) is counted, and the capture is
//!   refused at its end if one was not marked: a replay never reads a stale argument;
//! * a tensor of the session given as an argument is read as it is (`Entry::Tensor`);
//! * a value read on the host (`numpy()`, `bool(t)`, `float(t)`, `tolist()`, `__dlpack__`)
//!   raises `CaptureError` at once (Python control flow the replay could not follow);
//!   `item()` gives a placeholder the step may only return (`capture_state::host_value`);
//! * an optimizer's `step()` / `zero_grad()`, `module.zero_grad()`, `p.grad = None` and
//!   `clip_grad_norm_` / `clip_grad_value_` run as the core's effects (`Session::effect`),
//!   which the plan records: a replay runs the same effect again there (the optimizer reads
//!   its hyperparameters then: a scheduler's `lr` keeps working); any other change outside
//!   the tape raises `CaptureError`
//!   (`capture_state::refuse_effect`).
//!
//! `_capture_end(outputs)` ends it: a `_Plan` holding the core's [`Plan`] and which entries
//! the step returned. `_Plan.replay(args)` converts the arguments as the recording did,
//! replays (`Session::replay_with`, effects included) and returns new `Tensor`s for the
//! outputs. The plan holds the session weakly: a closed session's plan refuses to replay.

use std::sync::{Arc, Weak};

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::capture_state::{self as state, capture_error, Active};
use super::classes::{lock, name, PySession, PyTensor, SessionCell};
use super::convert::host_data;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::session::capture::{ArgumentUse, Plan};
use crate::session::replay::ReplayArg;
use crate::tape::Handle;

/// Start capturing the step about to run on `sess` with the argument objects `args`.
#[pyfunction]
pub fn _capture_begin(
    py: Python<'_>,
    sess: &Bound<'_, PySession>,
    args: &Bound<'_, PyTuple>,
) -> PyResult<()> {
    if state::active() {
        return Err(capture_error(
            "a captured step cannot run inside another one being captured".into(),
        ));
    }
    let cell = Arc::clone(&sess.get().cell);
    if cell
        .grad_ready_hook
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .is_some()
    {
        return Err(capture_error(
            "a data-parallel wrapper's backward cannot be captured yet".into(),
        ));
    }
    // Tensors of the session given as arguments: read as they are at each replay.
    let mut tensors = Vec::new();
    for (k, a) in args.iter().enumerate() {
        if let Ok(t) = a.cast::<PyTensor>() {
            tensors.push((k, handle_in(t.get(), &cell, k)?));
        }
    }
    py.detach(|| lock(&cell).begin_capture_with(&tensors))?;
    let addrs: Vec<usize> = args.iter().map(|a| a.as_ptr() as usize).collect();
    let n = addrs.len();
    state::begin(Active {
        epoch: state::next_epoch(),
        cell,
        args: addrs,
        converted: vec![0; n], // bounded: one per argument of the captured step
        marked: vec![0; n],    // bounded: one per argument of the captured step
        calls: Vec::new(),
    });
    Ok(())
}

/// The handle of argument `k`, the tensor `t`, which must be of the step's session `cell`.
fn handle_in(t: &PyTensor, cell: &Arc<SessionCell>, k: usize) -> PyResult<Handle> {
    if !Arc::ptr_eq(&t.cell()?, cell) {
        return Err(capture_error(format!(
            "argument {k} is a tensor of another session than the step's"
        )));
    }
    Ok(t.handle())
}

/// The number of the capture in progress on this thread (from 1; 0: none).
#[pyfunction]
pub fn _capture_epoch() -> u64 {
    state::epoch()
}

/// Run `call(sess)`, a call outside the session (a data-parallel wrapper's broadcast of
/// its buffers): inside a step being captured on this thread, with the capture suspended
/// for it (the call may read and write tensors' values as outside a step), then recorded
/// so that each replay makes it again at this point, with the session free.
#[pyfunction]
pub fn _capture_call(
    py: Python<'_>,
    call: Bound<'_, PyAny>,
    sess: Bound<'_, PySession>,
) -> PyResult<()> {
    let Some(mut active) = state::take() else {
        call.call1((sess,))?;
        return Ok(());
    };
    let cell = Arc::clone(&active.cell);
    py.detach(|| lock(&cell).suspend_recording(true));
    let ran = call.call1((sess,)).map(drop);
    let ok = ran.is_ok();
    let slot = py.detach(|| {
        let mut s = lock(&cell);
        s.suspend_recording(false);
        if ok {
            s.pause_recorded()
        } else {
            None
        }
    });
    if slot.is_some() {
        // The plan's calls by slot: each `pause_recorded` is one more.
        active.calls.push(call.unbind());
    }
    state::begin(active);
    ran
}

/// Drop the capture in progress on this thread (the step raised), if any.
#[pyfunction]
pub fn _capture_abort(py: Python<'_>) {
    if let Some(a) = state::take() {
        py.detach(|| lock(&a.cell).abort_capture());
    }
}

/// End the capture: the plan, with `outputs` (the step's returned tensors) as its outputs.
#[pyfunction]
pub fn _capture_end(py: Python<'_>, outputs: Vec<PyRef<'_, PyTensor>>) -> PyResult<PyPlan> {
    let a = state::take().ok_or_else(|| capture_error("no capture is in progress".into()))?;
    let handles: Vec<_> = outputs.iter().map(|t| t.handle()).collect();
    let cell = Arc::clone(&a.cell);
    let (plan, outputs) = py.detach(|| lock(&cell).end_capture_with(&handles))?;
    if let Some(k) = (0..a.args.len()).find(|&k| a.converted[k] > a.marked[k]) {
        return Err(capture_error(format!(
            "argument {k} of the step is used as tensor data other than through \
             sess.input(...) or a loss target; a replay could not give it its new values \
             (pass it through sess.input first)"
        )));
    }
    Ok(PyPlan {
        plan,
        outputs,
        arguments: a.args.len(),
        cell: Arc::downgrade(&a.cell),
        calls: a.calls,
    })
}

/// A recorded step (see the module comment).
#[pyclass(name = "_Plan", module = "eagertape._core", frozen)]
pub struct PyPlan {
    plan: Plan<Be>,
    /// The entries of the step's returned tensors.
    outputs: Vec<usize>,
    /// How many tensor arguments the step was recorded with.
    arguments: usize,
    cell: Weak<SessionCell>,
    /// The step's calls outside the session, by slot (`Entry::Pause`).
    calls: Vec<Py<PyAny>>,
}

#[pymethods]
impl PyPlan {
    /// How many nodes a replay records.
    #[getter]
    fn nodes(&self) -> usize {
        self.plan.len()
    }

    /// Replay the step with `args` (the same shapes and dtypes as recorded): the outputs.
    fn replay(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Vec<PyTensor>> {
        let cell = self
            .cell
            .upgrade()
            .ok_or_else(|| capture_error("the step's session is closed".into()))?;
        if args.len() != self.arguments {
            return Err(capture_error(format!(
                "the step was recorded with {} tensor argument(s), got {}",
                self.arguments,
                args.len()
            )));
        }
        let device = py.detach(|| lock(&cell).config().device);
        // bounded: one per argument of the plan
        let mut data = Vec::with_capacity(self.plan.arguments());
        for (k, a) in args.iter().take(self.plan.arguments()).enumerate() {
            let t = match self.plan.argument_use(k) {
                ArgumentUse::Leaf(dtype) => {
                    let host = host_data(&a)?;
                    let _guard = Be::no_grad();
                    ReplayArg::Data(Be::convert(&host.tensor, dtype, device)?)
                }
                ArgumentUse::Target => ReplayArg::Data(host_data(&a)?.tensor),
                ArgumentUse::Tensor => {
                    let t = a.cast::<PyTensor>().map_err(|_| {
                        capture_error(format!(
                            "argument {k} was a tensor when the step was recorded, got {}",
                            a.get_type()
                                .name()
                                .map(|n| n.to_string())
                                .unwrap_or_default()
                        ))
                    })?;
                    ReplayArg::Tensor(handle_in(t.get(), &cell, k)?)
                }
                // Never read: a placeholder the replay skips.
                ArgumentUse::Unused => {
                    ReplayArg::Data(Be::full(&[0], 0.0, crate::config::DType::Int64, device)?)
                }
            };
            data.push(t);
        }
        let plan = &self.plan;
        let mut state = py.detach(|| {
            crate::guard::contained("replay", || lock(&cell).replay_start(plan, data))
        })?;
        while let Some(slot) = py.detach(|| {
            crate::guard::contained("replay", || lock(&cell).replay_resume(plan, &mut state))
        })? {
            // The session is free while the call runs (it may lock it, as the wrapper's
            // gather and scatter do); a call that raises ends the replay there.
            let made = self
                .calls
                .get(slot)
                .ok_or_else(|| capture_error(format!("replay: the step has no call {slot}")))
                .and_then(|c| c.call1(py, (Py::new(py, PySession::of_cell(&cell))?,)));
            if let Err(e) = made {
                py.detach(move || lock(&cell).replay_abandon(state));
                return Err(e);
            }
        }
        let handles = state.handles();
        let hs: Vec<_> = self.outputs.iter().map(|&e| handles[e]).collect();
        let slots: Vec<_> = py.detach(|| {
            let mut s = lock(&cell);
            hs.iter().map(|&h| name(&mut s, h)).collect()
        });
        // The outputs' Tensors first: a compaction keeps what they name.
        let outputs: Vec<PyTensor> = slots
            .into_iter()
            .map(|slot| PyTensor::named(&cell, slot))
            .collect();
        py.detach(|| {
            let mut s = lock(&cell);
            s.replay_finish(plan);
            if s.wants_compaction() {
                s.compact();
            }
        });
        Ok(outputs)
    }
}
