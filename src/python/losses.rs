//! The losses of `torch.nn.functional` with their full signatures: `cross_entropy`,
//! `nll_loss` (class indices or probabilities, weights, `ignore_index`, label smoothing),
//! and the pointwise `mse_loss`, `l1_loss`, `smooth_l1_loss`, `huber_loss`,
//! `binary_cross_entropy`, `binary_cross_entropy_with_logits`, `kl_div`. The legacy
//! `size_average` / `reduce` arguments map to `reduction` as in torch.

use pyo3::prelude::*;

use super::classes::{lock, PyTensor};
use super::convert::host_data;
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

/// Compute the element-wise mean squared error.
///
/// Records one node. `input` and `target` must have the same shape (torch broadcasts them with a
/// warning); `target` may be a tensor, which gets a gradient too when it requires one, or array
/// data (a constant in the session's dtype). Floating dtypes only. torch 2.11's `weight` argument
/// is not accepted.
///
/// Args:
///     input (Tensor): the predicted values.
///     target (Tensor or array): the ground truth values, of the input's shape.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     DTypeError: an operand is not floating.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     x = et.tensor([1.0, 2.0], requires_grad=True)
///     ...     loss = et.mse_loss(x, et.tensor([1.0, 4.0]))
///     ...     loss.item()
///     ...     loss.backward()
///     ...     x.grad.numpy().tolist()
///     2.0
///     [0.0, -2.0]
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

/// Compute the L1 loss, the mean element-wise absolute difference.
///
/// Records one node. `input` and `target` must have the same shape (torch broadcasts them with a
/// warning); `target` may be a tensor, which gets a gradient too when it requires one, or array
/// data (a constant in the session's dtype). Floating dtypes only. torch 2.11's `weight` argument
/// is not accepted.
///
/// Args:
///     input (Tensor): the predicted values.
///     target (Tensor or array): the ground truth values, of the input's shape.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     DTypeError: an operand is not floating.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     et.l1_loss(et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])).item()
///     1.0
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

/// Compute the Smooth L1 loss.
///
/// Elementwise `0.5 * d ** 2 / beta` where `|d| < beta`, else `|d| - 0.5 * beta`, for `d = input -
/// target` (`beta = 0` is the L1 loss). Records one node. `input` and `target` must have the same
/// shape (torch broadcasts them with a warning); `target` may be a tensor, which gets a gradient
/// too when it requires one, or array data (a constant in the session's dtype). Floating dtypes
/// only.
///
/// Args:
///     input (Tensor): the predicted values.
///     target (Tensor or array): the ground truth values, of the input's shape.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///     beta (float): where the loss changes between L1 and L2, non-negative.
///         Default: ``1.0``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     DTypeError: an operand is not floating.
///     ArgumentError: a negative `beta` or an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     et.smooth_l1_loss(et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])).item()
///     0.75
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
        return Err(PyErr::from(Error::Argument(format!(
            "smooth_l1_loss: beta must be non-negative, got {beta}"
        ))));
    }
    let r = self::reduction("smooth_l1_loss", size_average, reduce, reduction)?;
    point(py, LossKind::SmoothL1(beta), r, input, target, None, None)
}

/// Compute the Huber loss, with optional weighting.
///
/// Elementwise `0.5 * d ** 2` where `|d| < delta`, else `delta * (|d| - 0.5 * delta)`, for `d =
/// input - target`, times `weight`. Records one node. `input` and `target` must have the same shape
/// (torch broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when
/// it requires one, or array data (a constant in the session's dtype). Floating dtypes only.
/// `weight` is a constant (no gradient).
///
/// Args:
///     input (Tensor): the predicted values.
///     target (Tensor or array): the ground truth values, of the input's shape.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///     delta (float): where the loss changes from quadratic to linear, positive.
///         Default: ``1.0``.
///     weight (Tensor, optional): weights broadcastable to the input's shape.
///         Default: ``None``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes, or a weight does not
///         broadcast to the input's shape.
///     DTypeError: an operand is not floating.
///     ArgumentError: a non-positive `delta` or an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     x, y = et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])
///     ...     et.huber_loss(x, y, reduction="none").tolist()
///     [0.0, 1.5]
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
        return Err(PyErr::from(Error::Argument(format!(
            "huber_loss: delta must be positive, got {delta}"
        ))));
    }
    let r = Reduction::parse("huber_loss", reduction)?;
    point(py, LossKind::Huber(delta), r, input, target, weight, None)
}

/// Compute Binary Cross Entropy between the target and input probabilities.
///
/// Elementwise `-weight * (target * log(input) + (1 - target) * log(1 - input))`, the logs clamped
/// at -100 as torch's. Records one node. `input` and `target` must have the same shape (torch
/// broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when it
/// requires one, or array data (a constant in the session's dtype). Floating dtypes only. Every
/// input element is checked to lie in `[0, 1]`. `weight` is a constant (no gradient).
///
/// Args:
///     input (Tensor): probabilities, in `[0, 1]`.
///     target (Tensor or array): of the input's shape, values in `[0, 1]`.
///     weight (Tensor, optional): a manual rescaling weight broadcastable to the input's
///         shape. Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes, or a weight does not
///         broadcast to the input's shape.
///     DTypeError: an operand is not floating.
///     ArgumentError: an input element outside `[0, 1]` (or NaN), or an unknown
///         `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     p, t = et.tensor([0.5, 0.5]), et.tensor([1.0, 0.0])
///     ...     round(et.binary_cross_entropy(p, t).item(), 4)
///     0.6931
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

/// Compute Binary Cross Entropy between target and input logits.
///
/// The sigmoid and the binary cross entropy in one numerically stable node:
/// `-weight * (pos_weight * target * log(sigmoid(input)) + (1 - target) * log(1 -
/// sigmoid(input)))`. Records one node. `input` and `target` must have the same shape (torch
/// broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when it
/// requires one, or array data (a constant in the session's dtype). Floating dtypes only. `weight`
/// and `pos_weight` are constants (no gradient), as in torch.
///
/// Args:
///     input (Tensor): logits.
///     target (Tensor or array): of the input's shape, values in `[0, 1]`.
///     weight (Tensor, optional): a manual rescaling weight broadcastable to the input's
///         shape. Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
///         ``"mean"``.
///     pos_weight (Tensor, optional): a weight of positive examples, broadcastable to the
///         input's shape (e.g. one per class along the last dim). Default: ``None``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes, or a weight does not
///         broadcast to the input's shape.
///     DTypeError: an operand is not floating.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     logits, t = et.zeros(2), et.tensor([1.0, 0.0])
///     ...     round(et.binary_cross_entropy_with_logits(logits, t).item(), 4)
///     ...     pw = et.tensor([3.0, 3.0])
///     ...     round(et.binary_cross_entropy_with_logits(logits, t, pos_weight=pw).item(), 4)
///     0.6931
///     1.3863
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

/// Compute the KL Divergence loss.
///
/// Elementwise `target * (log(target) - input)` (`exp(target) * (target - input)` with
/// `log_target`), where `input` holds log-probabilities. Records one node. `input` and `target`
/// must have the same shape (torch broadcasts them with a warning); `target` may be a tensor, which
/// gets a gradient too when it requires one, or array data (a constant in the session's dtype).
/// Floating dtypes only.
///
/// Args:
///     input (Tensor): log-probabilities.
///     target (Tensor or array): probabilities (log-probabilities with `log_target`), of
///         the input's shape.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"batchmean"`` (the sum divided by the batch size,
///         `input.shape[0]`: the KL divergence's true value), ``"sum"`` or ``"mean"`` (over
///         every element). Default: ``"mean"``.
///     log_target (bool): whether `target` is given in log space. Default: ``False``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     DTypeError: an operand is not floating.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session(dtype="float64"):
///     ...     log_p = et.tensor([[0.5, 0.5]]).log()
///     ...     et.kl_div(log_p, et.tensor([[0.5, 0.5]]), reduction="batchmean").item()
///     ...     round(et.kl_div(log_p, et.tensor([[1.0, 0.0]]), reduction="batchmean").item(), 4)
///     0.0
///     0.6931
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
