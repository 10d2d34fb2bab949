//! `torch.nn.functional`'s pointwise losses as the functions torch declares (`mse_loss`,
//! `l1_loss`, `smooth_l1_loss`, `huber_loss`, `binary_cross_entropy`,
//! `binary_cross_entropy_with_logits`, `kl_div`): their arguments checked and made into the
//! [`PointLoss`](super::loss::PointLoss) units of `loss.rs`, one node each over the input,
//! the target and the optional weights. The legacy `size_average` / `reduce` map to
//! `reduction` as in torch. [`functions`] declares their forms once; the binding generates
//! the Python functions, their stubs and their docs from it.

use super::compose::Recorder;
use super::loss::{LossKind, Reduction};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// The loss `kind` over `input`, `target` and the weights that were given, in order.
fn point<B: Backend>(
    r: &mut dyn Recorder<B>,
    kind: LossKind,
    reduction: Reduction,
    input: Handle,
    target: Handle,
    weight: Option<Handle>,
    pos_weight: Option<Handle>,
) -> Result<Handle> {
    let mut operands = vec![input, target];
    operands.extend(weight);
    operands.extend(pos_weight);
    r.record(Op::point_loss(kind, reduction, weight.is_some()), &operands)
}

/// `F.mse_loss`.
pub fn mse_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let red = Reduction::legacy("mse_loss", size_average, reduce, &reduction)?;
    point(r, LossKind::Mse, red, input, target, None, None)
}

/// `F.l1_loss`.
pub fn l1_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let red = Reduction::legacy("l1_loss", size_average, reduce, &reduction)?;
    point(r, LossKind::L1, red, input, target, None, None)
}

/// `F.smooth_l1_loss`.
pub fn smooth_l1_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
    beta: f64,
) -> Result<Handle> {
    if beta < 0.0 {
        return Err(Error::Argument(format!(
            "smooth_l1_loss: beta must be non-negative, got {beta}"
        )));
    }
    let red = Reduction::legacy("smooth_l1_loss", size_average, reduce, &reduction)?;
    point(r, LossKind::SmoothL1(beta), red, input, target, None, None)
}

/// `F.huber_loss`.
pub fn huber_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    reduction: String,
    delta: f64,
    weight: Option<Handle>,
) -> Result<Handle> {
    if delta <= 0.0 {
        return Err(Error::Argument(format!(
            "huber_loss: delta must be positive, got {delta}"
        )));
    }
    let red = Reduction::parse("huber_loss", &reduction)?;
    point(r, LossKind::Huber(delta), red, input, target, weight, None)
}

/// `F.binary_cross_entropy`.
pub fn binary_cross_entropy<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    weight: Option<Handle>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let red = Reduction::legacy("binary_cross_entropy", size_average, reduce, &reduction)?;
    point(r, LossKind::Bce, red, input, target, weight, None)
}

/// `F.binary_cross_entropy_with_logits`.
#[allow(clippy::too_many_arguments)]
pub fn binary_cross_entropy_with_logits<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    weight: Option<Handle>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
    pos_weight: Option<Handle>,
) -> Result<Handle> {
    let op = "binary_cross_entropy_with_logits";
    let red = Reduction::legacy(op, size_average, reduce, &reduction)?;
    let kind = LossKind::BceWithLogits {
        pos_weight: pos_weight.is_some(),
    };
    point(r, kind, red, input, target, weight, pos_weight)
}

/// `F.kl_div`.
pub fn kl_div<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
    log_target: bool,
) -> Result<Handle> {
    let red = Reduction::legacy("kl_div", size_average, reduce, &reduction)?;
    point(
        r,
        LossKind::KlDiv { log_target },
        red,
        input,
        target,
        None,
        None,
    )
}

/// The `torch.nn.functional` forms of this file's losses, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
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
            fn mse_loss(input: Tensor, target: Tensor;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::losses::mse_loss;

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
            fn l1_loss(input: Tensor, target: Tensor;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::losses::l1_loss;

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
            fn smooth_l1_loss(input: Tensor, target: Tensor;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean", beta: f64 = 1.0)
                = crate::ops::losses::smooth_l1_loss;

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
            fn huber_loss(input: Tensor, target: Tensor;
                reduction: Str = "mean", delta: f64 = 1.0, weight: Option<Tensor> = None)
                = crate::ops::losses::huber_loss;

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
            fn binary_cross_entropy(input: Tensor, target: Tensor;
                weight: Option<Tensor> = None, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::losses::binary_cross_entropy;

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
            fn binary_cross_entropy_with_logits(input: Tensor, target: Tensor;
                weight: Option<Tensor> = None, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean",
                pos_weight: Option<Tensor> = None)
                = crate::ops::losses::binary_cross_entropy_with_logits;

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
            fn kl_div(input: Tensor, target: Tensor;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean", log_target: bool = False)
                = crate::ops::losses::kl_div;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
