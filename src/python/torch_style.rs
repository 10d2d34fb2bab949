//! The torch-style entry points that are not methods of one object: the current session,
//! the grad mode, `zero_grad` and the gradient clipping of `et.nn.utils`, all on the
//! current session's gradient store (`loss.backward()` adds into it).

use std::sync::Arc;

use pyo3::prelude::*;

use super::capture_state;
use super::classes::lock;
use super::classes::PyParameter;
use super::current;
use crate::session::effect::{Effect, GradsEffect};

/// The session entered with `with sess:` in this thread (the innermost).
#[pyfunction]
pub fn current_session(py: Python<'_>) -> PyResult<Py<super::classes::PySession>> {
    current::session(py)
}

/// Set this thread's grad mode; returns the previous one.
#[pyfunction]
pub fn _set_grad_enabled(mode: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(on) = mode.extract::<bool>() else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "set_grad_enabled(): argument 'mode' must be bool, not {}",
            mode.get_type().name()?
        )));
    };
    Ok(crate::grad_mode::set(on))
}

/// Whether this thread records for backward.
#[pyfunction]
pub fn is_grad_enabled() -> bool {
    crate::grad_mode::enabled()
}

/// The parameters `what` is given: one, an iterable of them, or a module (anything with a
/// `parameters()` method); another item is a TypeError naming `what`.
pub fn params_of(
    what: &str,
    params: &Bound<'_, PyAny>,
) -> PyResult<Vec<Arc<crate::param::Parameter<crate::backend::dynamic::Dyn>>>> {
    if let Ok(p) = params.cast::<PyParameter>() {
        return Ok(vec![Arc::clone(&p.get().inner)]);
    }
    let params = match params.hasattr("parameters")? {
        true => params.call_method0("parameters")?,
        false => params.clone(),
    };
    let mut out = Vec::new();
    for item in params.try_iter()? {
        let item = item?;
        let p = item.cast::<PyParameter>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{what}: expected et.Parameter objects, got {}",
                item.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        out.push(Arc::clone(&p.get().inner));
    }
    Ok(out)
}

/// Run `e` on the current session's store (`call` names the caller for its errors), as an
/// effect a captured step records and replays ([`crate::session::Session::effect`]).
pub(crate) fn effect_in_current(
    py: Python<'_>,
    call: &str,
    e: Effect<crate::backend::dynamic::Dyn>,
) -> PyResult<f64> {
    effect_on(py, &current::cell()?, call, e)
}

/// `e` (an effect of the explicit API on a gradient map: `opt.step(grads)`,
/// `grads.release()`; `call` names it) inside a captured step: run through the session the
/// capture records on, so that each replay runs it again.
pub(crate) fn effect_in_capture(
    py: Python<'_>,
    call: &str,
    e: Effect<crate::backend::dynamic::Dyn>,
) -> PyResult<f64> {
    let cell = capture_state::session().ok_or_else(|| {
        capture_state::capture_error(format!("{call}: no captured step is in progress"))
    })?;
    effect_on(py, &cell, call, e)
}

/// Run `e` on the session in `cell` (`Session::effect`: recorded by a capture in progress
/// there), without the GIL.
fn effect_on(
    py: Python<'_>,
    cell: &Arc<super::classes::SessionCell>,
    call: &str,
    e: Effect<crate::backend::dynamic::Dyn>,
) -> PyResult<f64> {
    Ok(py.detach(|| crate::guard::contained(call, || lock(cell).effect(e)))?)
}

/// torch's `zero_grad` of the parameters `ids` in the current session's store (`call` names
/// the caller): an effect, which a captured step replays. `module.zero_grad()`,
/// `opt.zero_grad()`, `LBFGS.zero_grad()` and `p.grad = None` all come here.
pub(crate) fn zero_grad_in_current(
    py: Python<'_>,
    call: &str,
    ids: Vec<u64>,
    set_to_none: bool,
) -> PyResult<()> {
    effect_in_current(py, call, Effect::ZeroGrad(ids, set_to_none)).map(|_| ())
}

/// torch's `zero_grad` for `params` (`module.zero_grad()`) in the current session's store.
#[pyfunction]
#[pyo3(signature = (params, set_to_none=true))]
pub fn _zero_grad(py: Python<'_>, params: &Bound<'_, PyAny>, set_to_none: bool) -> PyResult<()> {
    let ids = params_of("zero_grad", params)?
        .iter()
        .map(|p| p.id())
        .collect();
    zero_grad_in_current(py, "zero_grad()", ids, set_to_none)
}

/// Clip the gradient norm of an iterable of parameters.
///
/// The gradients of `parameters` in the current session's gradient store (where `loss.backward()`
/// accumulates them, read as `p.grad`) are scaled in place by `max_norm / (total_norm + 1e-6)` when
/// that factor is below 1, `total_norm` being the 2-norm of all of them together. As torch, a NaN
/// total makes every gradient NaN and an infinite one zeroes them (unless `error_if_nonfinite`).
/// Parameters without a gradient are skipped. Unlike torch, the total norm is returned as a Python
/// float, not a tensor; inside a captured step it is a placeholder that refuses to be read. Only
/// the 2-norm is implemented.
///
/// Args:
///     parameters (Parameter or iterable of Parameter): the parameters whose gradients are
///         clipped.
///     max_norm (float): the maximal total norm, finite and non-negative.
///     norm_type (float): the type of the norm; only ``2.0`` is supported. Default: ``2.0``.
///     error_if_nonfinite (bool): raise if the total norm is NaN or infinite. Default:
///         ``False``.
///     foreach (bool, optional): accepted for torch compatibility and ignored.
///         Default: ``None``.
///
/// Returns:
///     float: the total norm of the gradients before clipping.
///
/// Raises:
///     ArgumentError: `norm_type` is not 2, or `max_norm` is negative or not finite.
///     NonFiniteError: the total norm is not finite and `error_if_nonfinite` is true.
///     TypeError: an item of `parameters` is not an `et.Parameter`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session(dtype="float64"):
///     ...     p = et.nn.Parameter(et.tensor([3.0, 4.0]))
///     ...     (p * p).sum().backward()
///     ...     total = et.nn.utils.clip_grad_norm_([p], max_norm=5.0)
///     ...     total, p.grad.numpy().round(6).tolist()
///     (10.0, [3.0, 4.0])
#[pyfunction]
#[pyo3(signature = (parameters, max_norm, norm_type=2.0, error_if_nonfinite=false, foreach=None))]
pub fn clip_grad_norm_(
    py: Python<'_>,
    parameters: &Bound<'_, PyAny>,
    max_norm: f64,
    norm_type: f64,
    error_if_nonfinite: bool,
    foreach: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let _ = foreach;
    crate::grads::GradMap::<crate::backend::dynamic::Dyn>::check_norm_type(norm_type)?;
    let effect = GradsEffect::ClipNorm {
        max_norm,
        error_if_nonfinite,
    };
    let norm = grads_effect(py, "clip_grad_norm_", parameters, effect)?;
    if capture_state::active() {
        // Its value would be this call's at every replay: a placeholder that refuses use.
        return Ok(
            capture_state::host_value(py, None, "the norm clip_grad_norm_ returns")?.unbind(),
        );
    }
    Ok(pyo3::types::PyFloat::new(py, norm).into_any().unbind())
}

/// `effect` on the gradients of `params` in the current session's store, as an effect a
/// captured step replays (`Session::effect`).
fn grads_effect(
    py: Python<'_>,
    what: &'static str,
    params: &Bound<'_, PyAny>,
    effect: GradsEffect,
) -> PyResult<f64> {
    let ids: Vec<u64> = params_of(what, params)?.iter().map(|p| p.id()).collect();
    effect_in_current(py, &format!("{what}()"), Effect::Grads(ids, effect))
}

/// `f` on the gradients of `params` in the current session's store (`what` names the
/// operation for its errors), without the GIL.
fn on_grads<T: Send>(
    py: Python<'_>,
    what: &str,
    params: &Bound<'_, PyAny>,
    f: impl FnOnce(&crate::grads::GradMap<crate::backend::dynamic::Dyn>) -> crate::error::Result<T>
        + Send,
) -> PyResult<T> {
    let ids: Vec<u64> = params_of(what, params)?.iter().map(|p| p.id()).collect();
    let cell = current::cell()?;
    Ok(py.detach(|| crate::guard::contained(what, || f(&lock(&cell).store().subset(&ids))))?)
}

/// `GradScaler.unscale_`: multiply the gradients of `params` in the current session's
/// store by `inv_scale`; whether any is not finite afterwards.
#[pyfunction]
pub fn _unscale_grads_(
    py: Python<'_>,
    params: &Bound<'_, PyAny>,
    inv_scale: f64,
) -> PyResult<bool> {
    capture_state::refuse_effect("GradScaler.unscale_()")?;
    on_grads(py, "unscale_", params, |g| g.unscale_(inv_scale))
}

/// Set this thread's autocast dtype for CPU (`cuda` false) or CUDA sessions (`None`: off,
/// else `"bfloat16"` or `"float16"`); returns the previous setting.
#[pyfunction]
#[pyo3(signature = (cuda, dtype))]
pub fn _set_autocast(cuda: bool, dtype: Option<String>) -> PyResult<Option<String>> {
    let previous = crate::autocast::set_named(cuda, dtype.as_deref())?;
    Ok(previous.map(|d| d.to_string()))
}

/// This thread's autocast dtype for CPU or CUDA sessions (`None`: off).
#[pyfunction]
pub fn _get_autocast(cuda: bool) -> Option<String> {
    crate::autocast::get(cuda).map(|d| d.to_string())
}

/// How many of `params` have a gradient in the current session's store.
#[pyfunction]
pub fn _grad_count(py: Python<'_>, params: &Bound<'_, PyAny>) -> PyResult<usize> {
    on_grads(py, "step", params, |g| Ok(g.len()))
}

/// Make `sess` current without the `with` block's reset at the end (`model(sess, x)` of
/// a module written torch-style); `_pop_current` ends it.
#[pyfunction]
pub fn _push_current(py: Python<'_>, sess: &Bound<'_, super::classes::PySession>) {
    current::push(sess.clone().unbind(), Arc::clone(&sess.get().cell));
    let _ = py;
}

#[pyfunction]
pub fn _pop_current(sess: &Bound<'_, super::classes::PySession>) {
    drop(current::pop(&sess.get().cell));
}

/// Sets the seed for generating random numbers.
///
/// Seeds the process-wide generator, which draws the seeds of what is made afterwards without one:
/// sessions (`et.Session()` with no `seed`), parameter fills and `et.nn` initialisations, and
/// restarts this thread's default session's generator, so a script's draws repeat after each
/// call, as torch's do. A session made with `with et.Session()` keeps its own generator (seeded
/// by its `Config`). A negative seed maps onto the unsigned range as torch maps it.
///
/// Args:
///     seed (int): the seed, in `[-2**63, 2**64)`.
///
/// Raises:
///     TypeError: `seed` is not an int (a bool included).
///     ArgumentError: `seed` does not fit in 64 bits.
///     CaptureError: called inside a captured step.
///
/// Examples:
///     >>> import eagertape as et
///     >>> et.manual_seed(0)
///     >>> with et.Session():
///     ...     a = et.rand(3).tolist()
///     >>> et.manual_seed(0)
///     >>> with et.Session():
///     ...     b = et.rand(3).tolist()
///     >>> a == b
///     True
#[pyfunction]
pub fn manual_seed(seed: &Bound<'_, PyAny>) -> PyResult<()> {
    super::capture_state::refuse_effect("et.manual_seed()")?;
    if seed.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "manual_seed expected an int, got bool",
        ));
    }
    let Ok(n) = seed.extract::<i128>() else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "manual_seed expected an int, got {}",
            seed.get_type().name()?
        )));
    };
    crate::rng::manual_seed_checked(n)?;
    // torch's default generators (CPU and CUDA: LibTorch's, the same as the `torch`
    // package's), from which modules built without a seed draw their initial values
    tch::manual_seed(n as u64 as i64);
    current::reseed_default();
    Ok(())
}

/// A seed for a module or session made without one (from the process-wide generator).
#[pyfunction]
pub fn _draw_seed() -> u64 {
    crate::rng::draw_seed()
}

/// `torch.nn.utils.clip_grad_value_` on the current session's store.
#[pyfunction]
pub fn _clip_grad_value_(py: Python<'_>, parameters: &Bound<'_, PyAny>, clip: f64) -> PyResult<()> {
    grads_effect(
        py,
        "clip_grad_value_",
        parameters,
        GradsEffect::ClipValue(clip),
    )
    .map(|_| ())
}
