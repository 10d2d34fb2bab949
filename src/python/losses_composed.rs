//! The `torch.nn.functional` losses composed in `src/ops/composed_loss.rs`
//! (`margin_ranking_loss`, `hinge_embedding_loss`, `soft_margin_loss`,
//! `cosine_embedding_loss`, `poisson_nll_loss`, `gaussian_nll_loss`,
//! `multilabel_soft_margin_loss`, `multi_margin_loss`, `triplet_margin_loss`,
//! `multilabel_margin_loss`, the tail of `triplet_margin_with_distance_loss`,
//! `pairwise_distance`) and `ctc_loss` (`src/ops/ctc.rs`), with torch's signatures; each
//! converts its arguments and makes one core call.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::losses::reduction;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::Error;
use crate::ops::composed_loss::ComposedLoss;
use crate::ops::ctc::Ctc;
use crate::ops::loss::Reduction;
use crate::session::Operand;

fn run(
    py: Python<'_>,
    loss: ComposedLoss,
    how: Reduction,
    first: &PyTensor,
    others: &[&Bound<'_, PyAny>],
) -> PyResult<PyTensor> {
    let mut operands = vec![Operand::Node(first.handle())];
    for o in others {
        operands.push(first.operand(py, o)?);
    }
    first.call(py, move |s, _| s.composed_loss(loss, how, operands))
}

/// Compute the margin ranking loss.
///
/// Elementwise `max(0, -target * (input1 - input2) + margin)`: `target` 1 means `input1` should
/// rank higher, -1 that `input2` should. The three operands must have the same number of dims and
/// broadcast together. Recorded as the composition torch writes (its parts' nodes), so each tensor
/// operand gets its gradient by the parts' rules; operands given as array data or numbers are
/// constants in the session's dtype.
///
/// Args:
///     input1 (Tensor): the first scores.
///     input2 (Tensor or array): the second scores.
///     target (Tensor or array): 1 or -1 per pair.
///     margin (float): the margin. Default: ``0.0``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: the operands have different numbers of dims or do not broadcast.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     a, b = et.tensor([1.0, 2.0]), et.tensor([2.0, 1.0])
///     ...     F.margin_ranking_loss(a, b, et.tensor([1.0, 1.0])).item()
///     0.5
#[pyfunction]
#[pyo3(signature = (input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn margin_ranking_loss(
    py: Python<'_>,
    input1: &PyTensor,
    input2: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("margin_ranking_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::MarginRanking { margin };
    run(py, loss, r, input1, &[input2, target])
}

/// Compute the hinge embedding loss.
///
/// Elementwise `input` where `target` is 1 and `max(0, margin - input)` where it is -1 (`input` is
/// typically a distance). `input` and `target` must have the same shape. Recorded as the
/// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
/// parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): the input, e.g. distances.
///     target (Tensor or array): 1 or -1, of the input's shape.
///     margin (float): the margin. Default: ``1.0``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x, y = et.tensor([0.5, 2.0]), et.tensor([1.0, -1.0])
///     ...     F.hinge_embedding_loss(x, y, reduction="none").tolist()
///     [0.5, 0.0]
#[pyfunction]
#[pyo3(signature = (input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"))]
pub fn hinge_embedding_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("hinge_embedding_loss", size_average, reduce, reduction)?;
    run(
        py,
        ComposedLoss::HingeEmbedding { margin },
        r,
        input,
        &[target],
    )
}

/// Compute the soft margin loss.
///
/// Elementwise `log(1 + exp(-target * input))`, a two-class logistic loss with `target` 1 or -1;
/// ``"mean"`` averages over every element. `input` and `target` must have the same shape. Recorded
/// as the composition torch writes (its parts' nodes), so each tensor operand gets its gradient by
/// the parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): the scores.
///     target (Tensor or array): 1 or -1, of the input's shape.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` have different shapes.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     round(F.soft_margin_loss(et.zeros(2), et.tensor([1.0, -1.0])).item(), 4)
///     0.6931
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn soft_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("soft_margin_loss", size_average, reduce, reduction)?;
    run(py, ComposedLoss::SoftMargin, r, input, &[target])
}

/// Compute the cosine embedding loss.
///
/// Per row, `1 - cos(input1, input2)` where `target` is 1 and `max(0, cos(input1, input2) -
/// margin)` where it is -1, the cosine over the last dim (with torch's `1e-12` added to each
/// squared magnitude). Recorded as the composition torch writes (its parts' nodes), so each tensor
/// operand gets its gradient by the parts' rules; operands given as array data or numbers are
/// constants in the session's dtype.
///
/// Args:
///     input1 (Tensor): `(N, D)` or `(D)`.
///     input2 (Tensor or array): of the same rank as `input1`.
///     target (Tensor or array): 1 or -1, `(N)` or `()`.
///     margin (float): in `[-1, 1]`; 0 to 0.5 is suggested. Default: ``0.0``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-row loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: the inputs are not 1-D or 2-D of one rank, or do not broadcast.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x1 = et.tensor([[1.0, 0.0], [1.0, 0.0]])
///     ...     x2 = et.tensor([[0.0, 1.0], [0.0, 1.0]])
///     ...     y = et.tensor([1.0, -1.0])
///     ...     F.cosine_embedding_loss(x1, x2, y, reduction="none").tolist()
///     [1.0, 0.0]
#[pyfunction]
#[pyo3(signature = (input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn cosine_embedding_loss(
    py: Python<'_>,
    input1: &PyTensor,
    input2: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("cosine_embedding_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::CosineEmbedding { margin };
    run(py, loss, r, input1, &[input2, target])
}

/// Compute the Poisson negative log likelihood loss.
///
/// Elementwise `exp(input) - target * input` when `log_input`, else `input - target * log(input +
/// eps)`; with `full`, Stirling's approximation `target * log(target) - target + 0.5 * log(2 * pi *
/// target)` is added where `target > 1`. `input` and `target` broadcast together. Recorded as the
/// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
/// parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): the expectation of the Poisson distribution (its log with
///         `log_input`).
///     target (Tensor or array): random samples `target ~ Poisson(input)`.
///     log_input (bool): whether `input` is given as a log. Default: ``True``.
///     full (bool): add the Stirling approximation term. Default: ``False``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     eps (float): a small value that avoids `log(0)` when `log_input` is false.
///         Default: ``1e-8``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the elementwise loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `input` and `target` do not broadcast.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     F.poisson_nll_loss(et.zeros(2), et.tensor([1.0, 2.0])).item()
///     1.0
#[pyfunction]
#[pyo3(signature = (input, target, log_input=true, full=false, size_average=None, eps=1e-8, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn poisson_nll_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    log_input: bool,
    full: bool,
    size_average: Option<bool>,
    eps: f64,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("poisson_nll_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::PoissonNll {
        log_input,
        full,
        eps,
    };
    run(py, loss, r, input, &[target])
}

/// `_gaussian_nll_loss(input, target, var, full, eps, reduction)`: `var` a tensor (the
/// Python wrapper turns a number into one).
#[pyfunction]
pub fn _gaussian_nll_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    var: &Bound<'_, PyAny>,
    full: bool,
    eps: f64,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("gaussian_nll_loss", reduction)?;
    run(
        py,
        ComposedLoss::GaussianNll { full, eps },
        r,
        input,
        &[target, var],
    )
}

/// Compute the multilabel soft margin loss.
///
/// Per sample, `-(target * logsigmoid(input) + (1 - target) * logsigmoid(-input)) * weight`
/// averaged over the classes (the last dim), then reduced over the samples. Recorded as the
/// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
/// parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): `(N, C)` (or `(C)`) scores.
///     target (Tensor or array): 0 or 1 per class, of the input's shape.
///     weight (Tensor, optional): a weight per class, broadcastable to the input's shape.
///         Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-sample loss `(N)` with ``reduction="none"``.
///
/// Raises:
///     ShapeError: the operands do not broadcast.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     y = et.tensor([[1.0, 0.0]])
///     ...     round(F.multilabel_soft_margin_loss(et.zeros(1, 2), y).item(), 4)
///     0.6931
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, reduce=None, reduction="mean"))]
pub fn multilabel_soft_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction(
        "multilabel_soft_margin_loss",
        size_average,
        reduce,
        reduction,
    )?;
    let weight = weight.filter(|w| !w.is_none());
    let loss = ComposedLoss::MultilabelSoftMargin {
        weighted: weight.is_some(),
    };
    let mut others = vec![target];
    others.extend(weight);
    run(py, loss, r, input, &others)
}

/// Compute the multi margin loss, with optional weighting.
///
/// Per sample, `sum over j != y of max(0, margin - input[y] + input[j]) ** p / C`, times
/// `weight[y]`, where `y` is the sample's class index. Recorded as the composition torch writes
/// (its parts' nodes), so each tensor operand gets its gradient by the parts' rules; operands given
/// as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): `(N, C)` or `(C)` scores.
///     target (Tensor or array): int64 or int32 class indices, `(N)` (or `()`).
///     p (int): 1 or 2. Default: ``1``.
///     margin (float): the margin. Default: ``1.0``.
///     weight (Tensor, optional): a weight per class, `(C)`. Default: ``None``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-sample loss with ``reduction="none"``.
///
/// Raises:
///     ArgumentError: `p` is not 1 or 2, or an unknown `reduction`.
///     ShapeError: the input is not 1-D or 2-D, or the target is not `(N)`.
///     DTypeError: the target is not integer data.
///     IndexOutOfRangeError: a class index is outside `[0, C)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x = et.tensor([[0.0, 0.5, 0.5, 1.0]])
///     ...     F.multi_margin_loss(x, et.tensor([3])).item()
///     0.25
#[pyfunction]
#[pyo3(signature = (input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn multi_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    p: i64,
    margin: f64,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("multi_margin_loss", size_average, reduce, reduction)?;
    let weight = weight.filter(|w| !w.is_none());
    let loss = ComposedLoss::MultiMargin {
        p,
        margin,
        weighted: weight.is_some(),
    };
    let mut operands = vec![
        Operand::Node(input.handle()),
        input.index_operand(py, target)?,
    ];
    if let Some(w) = weight {
        operands.push(input.operand(py, w)?);
    }
    input.call(py, move |s, _| s.composed_loss(loss, r, operands))
}

/// Compute the multilabel margin loss.
///
/// Per sample, `sum over target classes j and non-target classes i of max(0, 1 - (input[j] -
/// input[i])) / C`. `target` holds each sample's class indices, ended by the first -1 (the rest is
/// ignored). LibTorch's kernel per sample, reduced by the tape's ops; `input` gets the gradient.
/// LibTorch carriers only.
///
/// Args:
///     input (Tensor): `(N, C)` or `(C)` scores.
///     target (Tensor or array): int64 class indices of the input's shape, each row ended by
///         -1 (or filling it).
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-sample loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: the target's shape differs from the input's, or the input is not 1-D or
///         2-D.
///     IndexOutOfRangeError: a class index is outside `[0, C)`.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x = et.tensor([[0.1, 0.2, 0.4, 0.8]])
///     ...     y = et.tensor([[3, 0, -1, 1]])
///     ...     round(F.multilabel_margin_loss(x, y).item(), 4)
///     0.85
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn multilabel_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("multilabel_margin_loss", size_average, reduce, reduction)?;
    let operands = vec![
        Operand::Node(input.handle()),
        input.index_operand(py, target)?,
    ];
    let loss = ComposedLoss::MultilabelMargin;
    input.call(py, move |s, _| s.composed_loss(loss, r, operands))
}

/// The tail of `triplet_margin_with_distance_loss` once its `distance_function` has given
/// the distances (`eagertape.nn.functional` calls it): `max(0, margin + d_pos − d_neg)`,
/// `d_neg` the minimum with `d_swap` when given, reduced.
#[pyfunction]
#[pyo3(signature = (d_pos, d_neg, d_swap, margin, reduction))]
pub fn _triplet_distances_loss(
    py: Python<'_>,
    d_pos: &PyTensor,
    d_neg: &Bound<'_, PyAny>,
    d_swap: Option<&Bound<'_, PyAny>>,
    margin: f64,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("triplet_margin_with_distance_loss", reduction)?;
    let loss = ComposedLoss::TripletDistances {
        margin,
        swap: d_swap.is_some(),
    };
    let mut others = vec![d_neg];
    others.extend(d_swap);
    run(py, loss, r, d_pos, &others)
}

/// Compute the triplet loss between given input tensors and a margin greater than 0.
///
/// Per triplet, `max(0, margin + d(anchor, positive) - d(anchor, negative))`, `d` being
/// `pairwise_distance` with `p` and `eps` over the last dim; with `swap`, the negative distance is
/// the smaller of `d(anchor, negative)` and `d(positive, negative)`. Recorded as the composition
/// torch writes (its parts' nodes), so each tensor operand gets its gradient by the parts' rules;
/// operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     anchor (Tensor): `(N, D)` or `(D)`.
///     positive (Tensor or array): of the anchor's rank.
///     negative (Tensor or array): of the anchor's rank.
///     margin (float): the margin. Default: ``1.0``.
///     p (float): the norm degree of the pairwise distance. Default: ``2.0``.
///     eps (float): a small value added to the differences for numerical stability.
///         Default: ``1e-6``.
///     swap (bool): use the distance swap (Balntas et al.). Default: ``False``.
///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
///         maps it. Default: ``None``.
///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
///         Default: ``None``.
///     reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.
///
/// Returns:
///     Tensor: a scalar, or the per-triplet loss with ``reduction="none"``.
///
/// Raises:
///     ShapeError: the three operands have different numbers of dims (or are 0-d), or do not
///         broadcast.
///     ArgumentError: an unknown `reduction`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     a = et.zeros(2, 2)
///     ...     n = et.tensor([[3.0, 4.0], [0.0, 0.0]])
///     ...     F.triplet_margin_loss(a, a, n, reduction="none").tolist()
///     [0.0, 1.0]
#[pyfunction]
#[pyo3(signature = (anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=false, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn triplet_margin_loss(
    py: Python<'_>,
    anchor: &PyTensor,
    positive: &Bound<'_, PyAny>,
    negative: &Bound<'_, PyAny>,
    margin: f64,
    p: f64,
    eps: f64,
    swap: bool,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("triplet_margin_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::TripletMargin {
        margin,
        p,
        eps,
        swap,
    };
    run(py, loss, r, anchor, &[positive, negative])
}

/// Computes the pairwise distance between input vectors, or between columns of input matrices.
///
/// `||x1 - x2 + eps||_p` over the last dim, `x1` and `x2` broadcast together. Recorded as the
/// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
/// parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     x1 (Tensor): `(N, D)` or `(D)`.
///     x2 (Tensor or array): broadcastable to `x1`.
///     p (float): the norm degree. Default: ``2.0``.
///     eps (float): a small value added to the difference to avoid division by zero.
///         Default: ``1e-6``.
///     keepdim (bool): keep the reduced dim (of size 1). Default: ``False``.
///
/// Returns:
///     Tensor: `(N)` (or `(N, 1)` with `keepdim`).
///
/// Raises:
///     ShapeError: `x1` and `x2` do not broadcast.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     d = F.pairwise_distance(et.tensor([[0.0, 0.0]]), et.tensor([[3.0, 4.0]]))
///     ...     round(d.item(), 4)
///     5.0
#[pyfunction]
#[pyo3(signature = (x1, x2, p=2.0, eps=1e-6, keepdim=false))]
pub fn pairwise_distance(
    py: Python<'_>,
    x1: &PyTensor,
    x2: &Bound<'_, PyAny>,
    p: f64,
    eps: f64,
    keepdim: bool,
) -> PyResult<PyTensor> {
    let loss = ComposedLoss::PairwiseDistance { p, eps, keepdim };
    run(py, loss, Reduction::None, x1, &[x2])
}

/// Returns cosine similarity between `x1` and `x2`, computed along `dim`.
///
/// `sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps))` along `dim`, `x1` and `x2` broadcast
/// together; as torch, each norm is clamped at `eps` without the clamp changing its gradient.
/// Recorded as the composition torch writes (its parts' nodes), so each tensor operand gets its
/// gradient by the parts' rules; operands given as array data or numbers are constants in the
/// session's dtype.
///
/// Args:
///     x1 (Tensor): the first input.
///     x2 (Tensor or array): broadcastable to `x1`.
///     dim (int): the dimension of the vectors. Default: ``1``.
///     eps (float): a small value to avoid division by zero. Default: ``1e-8``.
///
/// Returns:
///     Tensor: the broadcast shape without `dim`.
///
/// Raises:
///     ShapeError: `x1` and `x2` do not broadcast, or `dim` is out of range.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x1 = et.tensor([[1.0, 0.0], [2.0, 0.0]])
///     ...     F.cosine_similarity(x1, et.tensor([[0.0, 1.0], [1.0, 0.0]])).tolist()
///     [0.0, 1.0]
#[pyfunction]
#[pyo3(signature = (x1, x2, dim=1, eps=1e-8))]
pub fn cosine_similarity(
    py: Python<'_>,
    x1: &PyTensor,
    x2: &Bound<'_, PyAny>,
    dim: i64,
    eps: f64,
) -> PyResult<PyTensor> {
    let loss = ComposedLoss::CosineSimilarity { dim, eps };
    run(py, loss, Reduction::None, x1, &[x2])
}

/// Perform `L_p` normalization of inputs over specified dimension.
///
/// `input / max(||input||_p, eps)`, the norm over `dim` (kept for broadcasting). Recorded as the
/// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
/// parts' rules; operands given as array data or numbers are constants in the session's dtype.
///
/// Args:
///     input (Tensor): the input, of any shape.
///     p (float): the exponent of the norm. Default: ``2.0``.
///     dim (int): the dimension to reduce. Default: ``1``.
///     eps (float): a small value to avoid division by zero. Default: ``1e-12``.
///     out (Tensor, optional): accepted for torch compatibility; must stay ``None``
///         (tensors are immutable values).
///
/// Returns:
///     Tensor: of the input's shape.
///
/// Raises:
///     ArgumentError: `out` is given.
///     ShapeError: `dim` is out of range.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session(dtype="float64"):
///     ...     F.normalize(et.tensor([[3.0, 4.0]])).tolist()
///     ...     F.normalize(et.tensor([[1.0, 3.0]]), p=1).tolist()
///     [[0.6, 0.8]]
///     [[0.25, 0.75]]
#[pyfunction]
#[pyo3(signature = (input, p=2.0, dim=1, eps=1e-12, out=None))]
pub fn normalize(
    py: Python<'_>,
    input: &PyTensor,
    p: f64,
    dim: i64,
    eps: f64,
    out: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    if out.is_some_and(|o| !o.is_none()) {
        return Err(PyErr::from(Error::Argument(
            "normalize: out= is not supported (tensors are immutable values)".into(),
        )));
    }
    let loss = ComposedLoss::Normalize { p, dim, eps };
    run(py, loss, Reduction::None, input, &[])
}

/// Lengths given as a tensor, a sequence or an int (one sample).
fn lengths(py: Python<'_>, like: &PyTensor, obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let h = t.get().handle();
        let v = like.with(py, move |s| s.value(h))?;
        return Ok(Be::to_f64(v.get())?.into_iter().map(|x| x as i64).collect());
    }
    if let Ok(n) = obj.extract::<i64>() {
        return Ok(vec![n]);
    }
    obj.extract::<Vec<i64>>().map_err(|_| {
        PyErr::from(Error::Argument(
            "ctc_loss: lengths must be a tensor or a sequence of ints".into(),
        ))
    })
}

/// Compute the Connectionist Temporal Classification loss.
///
/// LibTorch's CTC kernel and its backward, per sample; ``"mean"`` divides each sample's loss by its
/// target length (at least 1) and then averages, as torch. `log_probs` gets the gradient. The
/// lengths given as tensors are read back to the host. LibTorch carriers only.
///
/// Args:
///     log_probs (Tensor): `(T, N, C)` or unbatched `(T, C)` log-probabilities (e.g. from
///         `log_softmax`), `T` the input length and `C` the number of classes, blank included.
///     targets (Tensor or array): integer class indices, `(N, S)` padded, or the `N` target
///         sequences concatenated (1-D); a 1-D target for an unbatched input.
///     input_lengths (Tensor, sequence of int or int): the length of each input, at most `T`.
///     target_lengths (Tensor, sequence of int or int): the length of each target.
///     blank (int): the blank label. Default: ``0``.
///     reduction (str): ``"none"`` (the per-sample losses), ``"mean"`` or ``"sum"``.
///         Default: ``"mean"``.
///     zero_infinity (bool): zero infinite losses and their gradients (inputs too short to
///         be aligned to their targets). Default: ``False``.
///
/// Returns:
///     Tensor: a scalar, or `(N)` with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `log_probs` is not `(T, N, C)` or `(T, C)`, the lengths do not match the
///         batch, or the targets do not hold the target lengths.
///     ArgumentError: a length out of range, `blank` outside `[0, C)`, lengths of another
///         type, or an unknown `reduction`.
///     IndexOutOfRangeError: a target class outside `[0, C)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     log_probs = et.zeros(3, 1, 2).log_softmax(2)
///     ...     loss = F.ctc_loss(log_probs, et.tensor([[1]]), [3], [1])
///     ...     round(loss.item(), 4)
///     0.2877
#[pyfunction]
#[pyo3(signature = (log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=false))]
#[allow(clippy::too_many_arguments)]
pub fn ctc_loss(
    py: Python<'_>,
    log_probs: &PyTensor,
    targets: &Bound<'_, PyAny>,
    input_lengths: &Bound<'_, PyAny>,
    target_lengths: &Bound<'_, PyAny>,
    blank: i64,
    reduction: &str,
    zero_infinity: bool,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("ctc_loss", reduction)?;
    let unit = Ctc {
        input_lengths: lengths(py, log_probs, input_lengths)?.into(),
        target_lengths: lengths(py, log_probs, target_lengths)?.into(),
        blank,
        zero_infinity,
    };
    let targets = log_probs.index_operand(py, targets)?;
    let lp = log_probs.handle();
    log_probs.call(py, move |s, _| s.ctc_loss(unit, r, lp, targets))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(margin_ranking_loss, m)?)?;
    m.add_function(wrap_pyfunction!(hinge_embedding_loss, m)?)?;
    m.add_function(wrap_pyfunction!(soft_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(cosine_embedding_loss, m)?)?;
    m.add_function(wrap_pyfunction!(poisson_nll_loss, m)?)?;
    m.add_function(wrap_pyfunction!(_gaussian_nll_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multilabel_soft_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multi_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(triplet_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multilabel_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(_triplet_distances_loss, m)?)?;
    m.add_function(wrap_pyfunction!(pairwise_distance, m)?)?;
    m.add_function(wrap_pyfunction!(ctc_loss, m)?)?;
    m.add_function(wrap_pyfunction!(cosine_similarity, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    Ok(())
}
