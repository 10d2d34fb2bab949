//! The class losses of `torch.nn.functional` with their full signatures: `cross_entropy`,
//! `nll_loss` (class indices or probabilities, weights, `ignore_index`, label smoothing).
//! The legacy `size_average` / `reduce` arguments map to `reduction` as in torch. The
//! pointwise losses are declared in `ops/losses.rs` and generated (`declared/`).

use pyo3::prelude::*;

use super::classes::{lock, PyTensor};
use super::convert::host_data;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::ops::loss::Reduction;
use crate::session::loss::{ClassLossOptions, TargetArg};

/// `reduction` and the legacy `size_average` / `reduce` (see `Reduction::legacy`).
pub(crate) fn reduction(
    op: &str,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<Reduction> {
    Reduction::legacy(op, size_average, reduce, reduction).map_err(PyErr::from)
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
        return Be::to_f64(v.get()).map(Some).map_err(PyErr::from);
    }
    Be::to_f64(&host_data(w)?.tensor)
        .map(Some)
        .map_err(PyErr::from)
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
    let cell = input.cell()?;
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
    let h = py.detach(|| {
        let mut s = lock(&cell);
        match arg {
            Some(k) => s.class_loss_argument(&name, x, target, k, &opts, log_softmax),
            None => s.class_loss_of(&name, x, target, &opts, log_softmax),
        }
    })?;
    if let Some(k) = arg {
        super::capture_state::note_marked(k);
    }
    Ok(PyTensor::new(&cell, h))
}

/// Compute the cross entropy loss between input logits and target.
///
/// `log_softmax` over the class dim (dim 1, or dim 0 of a 1-D input) followed by the negative
/// log-likelihood, in one node. `target` is either class indices (int64 or int32: a tensor or
/// integer array data, of the input's shape without the class dim) or class probabilities
/// (floating, of the input's shape). `input` gets the gradient; a probability target that requires
/// grad gets one too (recorded as the composition of its parts). The class `weight` is read as
/// numbers and is a constant. The legacy positional form `et.cross_entropy(logits, class_ids)` with
/// numpy ids works.
///
/// Args:
///     input (Tensor): logits, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
///     target (Tensor or array): class indices or class probabilities (see above).
///     weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
///         Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     ignore_index (int): a class index that is ignored and does not contribute to the
///         input gradient; with ``"mean"``, the mean is over the other targets. Only for
///         class-index targets. Default: ``-100``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
///         Default: ``"mean"``.
///     label_smoothing (float): in `[0, 1]`; the amount of smoothing, the target becoming a
///         mix of the original and a uniform distribution. Default: ``0.0``.
///
/// Returns:
///     Tensor: a scalar, or the per-element losses with ``reduction="none"``.
///
/// Raises:
///     ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
///     ShapeError: the target's or the weight's shape does not fit the input.
///     DTypeError: a bool target, or a floating target of another shape than the input.
///     ArgumentError: an unknown `reduction`, or `label_smoothing` outside `[0, 1]`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     x = et.tensor([[2.0, 0.0], [0.0, 2.0]])
///     ...     round(et.cross_entropy(x, et.tensor([0, 1])).item(), 4)
///     ...     round(et.cross_entropy(x, et.tensor([[1.0, 0.0], [0.0, 1.0]])).item(), 4)
///     ...     tuple(et.cross_entropy(x, et.tensor([0, -100]), reduction="none").shape)
///     0.1269
///     0.1269
///     (2,)
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

/// Compute the negative log likelihood loss.
///
/// `input` holds log-probabilities (e.g. from `log_softmax`) with the classes in dim 1 (dim 0 of a
/// 1-D input); `target` holds class indices (int64 or int32, a tensor or integer array data) of the
/// input's shape without the class dim. Records one node; `input` gets the gradient, the class
/// `weight` is read as numbers and is a constant.
///
/// Args:
///     input (Tensor): log-probabilities, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
///     target (Tensor or array): class indices.
///     weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
///         Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     ignore_index (int): a class index that is ignored and does not contribute to the
///         input gradient; with ``"mean"``, the mean is over the other targets.
///         Default: ``-100``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
///         Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-element losses with ``reduction="none"``.
///
/// Raises:
///     ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
///     ShapeError: the target's or the weight's shape does not fit the input.
///     DTypeError: the target is not class indices.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     log_probs = et.tensor([[-1.0, -2.0], [-3.0, -0.5]])
///     ...     et.nll_loss(log_probs, et.tensor([0, 1])).item()
///     0.75
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
