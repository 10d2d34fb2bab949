//! The torch-style entry points that are not methods of one object: the current session,
//! the grad mode, `zero_grad` and the gradient clipping of `et.nn.utils`, all on the
//! current session's gradient store (`loss.backward()` adds into it).

use std::sync::Arc;

use pyo3::prelude::*;

use super::capture_state::{self, Effect, GradsEffect};
use super::classes::lock;
use super::classes::PyParameter;
use super::current;
use super::OrPy;
use crate::error::Error;

/// The session entered with `with sess:` in this thread (the innermost).
#[pyfunction]
pub fn current_session(py: Python<'_>) -> PyResult<Py<super::classes::PySession>> {
    current::session(py).ok_or_else(|| super::to_py(current::no_session("current_session()")))
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

/// The parameters of an iterable (anything else is a TypeError naming it).
pub fn params_of(
    what: &str,
    params: &Bound<'_, PyAny>,
) -> PyResult<Vec<Arc<crate::param::Parameter<crate::backend::dynamic::Dyn>>>> {
    if let Ok(p) = params.cast::<PyParameter>() {
        return Ok(vec![Arc::clone(&p.get().inner)]);
    }
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

/// torch's `zero_grad` for `params` in the current session's store.
#[pyfunction]
#[pyo3(signature = (params, set_to_none=true))]
pub fn _zero_grad(py: Python<'_>, params: &Bound<'_, PyAny>, set_to_none: bool) -> PyResult<usize> {
    let ps = params_of("zero_grad", params)?;
    let cell = current::require("zero_grad()").py()?;
    let ids: Vec<u64> = ps.iter().map(|p| p.id()).collect();
    py.detach(|| {
        crate::guard::contained("zero_grad", || {
            lock(&cell).store().zero_grad(&ids, set_to_none)
        })
    })
    .py()
}

/// `torch.nn.utils.clip_grad_norm_`: scale the gradients of `parameters` (in the current
/// session's store) so that their total 2-norm is at most `max_norm`; returns the total
/// norm before clipping as a Python float.
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
    if norm_type != 2.0 {
        return Err(super::to_py(Error::Argument(format!(
            "clip_grad_norm_: only norm_type=2.0 is implemented, got {norm_type}"
        ))));
    }
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

/// `effect` on the gradients of `params` in the current session's store, marked as an
/// effect of a step being captured there (a replay applies it again at this point).
fn grads_effect(
    py: Python<'_>,
    what: &'static str,
    params: &Bound<'_, PyAny>,
    effect: GradsEffect,
) -> PyResult<f64> {
    let (out, cell, ids) = on_grads(py, what, &format!("{what}()"), params, |g| effect.apply(g))?;
    capture_state::effect(&cell, || Effect::Grads(ids, effect));
    Ok(out)
}

/// `f` on the gradients of `params` in the current session's store (`what`: the
/// operation, `call`: how the caller spelled it, for the errors), without the GIL; with
/// `f`'s result, the session and the parameters' ids (for a capture's effect).
fn on_grads<T: Send>(
    py: Python<'_>,
    what: &str,
    call: &str,
    params: &Bound<'_, PyAny>,
    f: impl FnOnce(&crate::grads::GradMap<crate::backend::dynamic::Dyn>) -> crate::error::Result<T>
        + Send,
) -> PyResult<(T, Arc<super::classes::SessionCell>, Vec<u64>)> {
    let ps = params_of(what, params)?;
    let cell = current::require(call).py()?;
    let ids: Vec<u64> = ps.iter().map(|p| p.id()).collect();
    let out = py
        .detach(|| crate::guard::contained(what, || f(&lock(&cell).store().subset(&ids))))
        .py()?;
    Ok((out, cell, ids))
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
    on_grads(py, "unscale_", "GradScaler.unscale_()", params, |g| {
        g.unscale_(inv_scale)
    })
    .map(|(any_inf, ..)| any_inf)
}

/// Set this thread's autocast dtype for CPU (`cuda` false) or CUDA sessions (`None`: off,
/// else `"bfloat16"` or `"float16"`); returns the previous setting.
#[pyfunction]
#[pyo3(signature = (cuda, dtype))]
pub fn _set_autocast(cuda: bool, dtype: Option<String>) -> PyResult<Option<String>> {
    let dtype = match dtype {
        None => None,
        Some(name) => {
            let d = crate::config::DType::parse(&name).py()?;
            if !matches!(
                d,
                crate::config::DType::BFloat16 | crate::config::DType::Float16
            ) {
                return Err(super::to_py(Error::Argument(format!(
                    "autocast: dtype must be bfloat16 or float16, got {name}"
                ))));
            }
            Some(d)
        }
    };
    Ok(crate::autocast::set(cuda, dtype).map(|d| d.to_string()))
}

/// This thread's autocast dtype for CPU or CUDA sessions (`None`: off).
#[pyfunction]
pub fn _get_autocast(cuda: bool) -> Option<String> {
    crate::autocast::get(cuda).map(|d| d.to_string())
}

/// How many of `params` have a gradient in the current session's store.
#[pyfunction]
pub fn _grad_count(py: Python<'_>, params: &Bound<'_, PyAny>) -> PyResult<usize> {
    on_grads(py, "step", "opt.step()", params, |g| Ok(g.len())).map(|(n, ..)| n)
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

/// `et.manual_seed(seed)`: seeds the process-wide generator (parameter fills, `et.nn`
/// initialisations, sessions made without a seed).
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
    if !(-(1i128 << 63)..(1i128 << 64)).contains(&n) {
        return Err(super::to_py(Error::Argument(format!(
            "manual_seed: the seed must fit in 64 bits, got {n}"
        ))));
    }
    // torch maps a negative seed onto the unsigned range the same way.
    crate::rng::manual_seed(n as u64);
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
