//! The losses of `torch.nn.functional` with their full signatures: `cross_entropy`,
//! `nll_loss` (class indices or probabilities, weights, `ignore_index`, label smoothing),
//! and the pointwise `mse_loss`, `l1_loss`, `smooth_l1_loss`, `huber_loss`,
//! `binary_cross_entropy`, `binary_cross_entropy_with_logits`, `kl_div`. The legacy
//! `size_average` / `reduce` arguments map to `reduction` as in torch.

use pyo3::prelude::*;

use super::classes::{lock, PyTensor};
use super::convert::host_data;
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::Error;
use crate::ops::loss::{LossKind, Reduction};
use crate::ops::Op;
use crate::session::loss::{ClassLossOptions, TargetArg};
use crate::session::Operand;

/// `reduction` and the legacy `size_average` / `reduce` (see `Reduction::legacy`).
pub(crate) fn reduction(
    op: &str,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<Reduction> {
    Reduction::legacy(op, size_average, reduce, reduction).py()
}

/// A class loss's target as given (the core decides what it is: see `TargetArg`).
fn class_target(target: &Bound<'_, PyAny>) -> PyResult<TargetArg<Be>> {
    if let Ok(t) = target.cast::<PyTensor>() {
        return Ok(TargetArg::Node(t.get().handle()));
    }
    let host = host_data(target)?;
    Ok(TargetArg::Host {
        integral: host.integral,
        boolean: host.boolean,
        dtype: host.natural.map_or("float64", |d| d.name()),
        data: host.tensor,
    })
}

/// Class weights as numbers.
fn weights(
    py: Python<'_>,
    input: &PyTensor,
    w: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<f64>>> {
    let Some(w) = w.filter(|w| !w.is_none()) else {
        return Ok(None);
    };
    if let Ok(t) = w.cast::<PyTensor>() {
        let h = t.get().handle();
        let v = input.with(py, move |s| s.value(h))?;
        return Be::to_f64(v.get()).map(Some).py();
    }
    Be::to_f64(&host_data(w)?.tensor).map(Some).py()
}

#[allow(clippy::too_many_arguments)]
fn class_loss(
    py: Python<'_>,
    name: &str,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    ignore_index: i64,
    reduction: Reduction,
    label_smoothing: f64,
    log_softmax: bool,
) -> PyResult<PyTensor> {
    let cell = input.cell().py()?;
    let arg = super::capture_state::argument_of(&cell, target);
    let target = class_target(target)?;
    let opts = ClassLossOptions {
        weight: weights(py, input, weight)?,
        ignore_index,
        reduction,
        label_smoothing,
    };
    let name = name.to_string();
    let x = input.handle();
    let h = py
        .detach(|| {
            let mut s = lock(&cell);
            match arg {
                Some(k) => s.class_loss_argument(&name, x, target, k, &opts, log_softmax),
                None => s.class_loss_of(&name, x, target, &opts, log_softmax),
            }
        })
        .py()?;
    if let Some(k) = arg {
        super::capture_state::note_marked(k);
    }
    Ok(PyTensor::new(&cell, h))
}

/// `cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
/// reduce=None, reduction="mean", label_smoothing=0.0)`.
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean", label_smoothing=0.0), text_signature = "(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0)")]
#[allow(clippy::too_many_arguments)]
pub fn cross_entropy(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    ignore_index: i64,
    reduce: Option<bool>,
    reduction: &str,
    label_smoothing: f64,
) -> PyResult<PyTensor> {
    let r = self::reduction("cross_entropy", size_average, reduce, reduction)?;
    class_loss(
        py,
        "cross_entropy",
        input,
        target,
        weight,
        ignore_index,
        r,
        label_smoothing,
        true,
    )
}

/// `nll_loss(input, target, weight=None, size_average=None, ignore_index=-100,
/// reduce=None, reduction="mean")`: the input holds log-probabilities.
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"), text_signature = "(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')")]
#[allow(clippy::too_many_arguments)]
pub fn nll_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    ignore_index: i64,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("nll_loss", size_average, reduce, reduction)?;
    class_loss(
        py,
        "nll_loss",
        input,
        target,
        weight,
        ignore_index,
        r,
        0.0,
        false,
    )
}

/// A pointwise loss: input, target, then the optional constant weights.
fn point(
    py: Python<'_>,
    kind: LossKind,
    reduction: Reduction,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    pos_weight: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let weight = weight.filter(|w| !w.is_none());
    let mut operands = vec![Operand::Node(input.handle()), input.operand(py, target)?];
    if let Some(w) = weight {
        operands.push(input.operand(py, w)?);
    }
    if let Some(p) = pos_weight {
        operands.push(input.operand(py, p)?);
    }
    input.apply(
        py,
        Op::point_loss(kind, reduction, weight.is_some()),
        operands,
    )
}

/// `mse_loss(input, target, size_average=None, reduce=None, reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn mse_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("mse_loss", size_average, reduce, reduction)?;
    point(py, LossKind::Mse, r, input, target, None, None)
}

/// `l1_loss(input, target, size_average=None, reduce=None, reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn l1_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("l1_loss", size_average, reduce, reduction)?;
    point(py, LossKind::L1, r, input, target, None, None)
}

/// `smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean",
/// beta=1.0)`.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean", beta=1.0))]
pub fn smooth_l1_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
    beta: f64,
) -> PyResult<PyTensor> {
    if beta < 0.0 {
        return Err(super::to_py(Error::Argument(format!(
            "smooth_l1_loss: beta must be non-negative, got {beta}"
        ))));
    }
    let r = self::reduction("smooth_l1_loss", size_average, reduce, reduction)?;
    point(py, LossKind::SmoothL1(beta), r, input, target, None, None)
}

/// `huber_loss(input, target, reduction="mean", delta=1.0, weight=None)`.
#[pyfunction]
#[pyo3(signature = (input, target, reduction="mean", delta=1.0, weight=None))]
pub fn huber_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    reduction: &str,
    delta: f64,
    weight: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    if delta <= 0.0 {
        return Err(super::to_py(Error::Argument(format!(
            "huber_loss: delta must be positive, got {delta}"
        ))));
    }
    let r = Reduction::parse("huber_loss", reduction).py()?;
    point(py, LossKind::Huber(delta), r, input, target, weight, None)
}

/// `binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
/// reduction="mean")`: the input holds probabilities in `[0, 1]`.
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, reduce=None, reduction="mean"))]
pub fn binary_cross_entropy(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("binary_cross_entropy", size_average, reduce, reduction)?;
    point(py, LossKind::Bce, r, input, target, weight, None)
}

/// `binary_cross_entropy_with_logits(input, target, weight=None, size_average=None,
/// reduce=None, reduction="mean", pos_weight=None)`.
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None))]
#[allow(clippy::too_many_arguments)]
pub fn binary_cross_entropy_with_logits(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
    pos_weight: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let r = self::reduction(
        "binary_cross_entropy_with_logits",
        size_average,
        reduce,
        reduction,
    )?;
    let pos_weight = pos_weight.filter(|p| !p.is_none());
    let kind = LossKind::BceWithLogits {
        pos_weight: pos_weight.is_some(),
    };
    point(py, kind, r, input, target, weight, pos_weight)
}

/// `kl_div(input, target, size_average=None, reduce=None, reduction="mean",
/// log_target=False)`: the input holds log-probabilities.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean", log_target=false))]
pub fn kl_div(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
    log_target: bool,
) -> PyResult<PyTensor> {
    let r = self::reduction("kl_div", size_average, reduce, reduction)?;
    point(
        py,
        LossKind::KlDiv { log_target },
        r,
        input,
        target,
        None,
        None,
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(cross_entropy, m)?)?;
    m.add_function(wrap_pyfunction!(nll_loss, m)?)?;
    m.add_function(wrap_pyfunction!(mse_loss, m)?)?;
    m.add_function(wrap_pyfunction!(l1_loss, m)?)?;
    m.add_function(wrap_pyfunction!(smooth_l1_loss, m)?)?;
    m.add_function(wrap_pyfunction!(huber_loss, m)?)?;
    m.add_function(wrap_pyfunction!(binary_cross_entropy, m)?)?;
    m.add_function(wrap_pyfunction!(binary_cross_entropy_with_logits, m)?)?;
    m.add_function(wrap_pyfunction!(kl_div, m)?)?;
    Ok(())
}
