//! `torch.nn.functional`'s composed losses and distances as the functions torch declares
//! (`margin_ranking_loss`, `hinge_embedding_loss`, `soft_margin_loss`,
//! `cosine_embedding_loss`, `poisson_nll_loss`, `multilabel_soft_margin_loss`,
//! `multi_margin_loss`, `multilabel_margin_loss`, `triplet_margin_loss`; the distances are
//! `distances.rs`): their arguments made into a
//! [`ComposedLoss`] and composed by `composed_loss.rs` after the autocast policy of the torch
//! op it stands for. The legacy `size_average` / `reduce` map to `reduction` as in torch.
//! [`functions`] declares their forms once; the binding generates the Python functions,
//! their stubs and their docs from it.

use super::arrange::Expand;
use super::compare::Predicate;
use super::compose::{Recorder, TensorOrNumber};
use super::composed_loss::{composed_loss, ComposedLoss};
use super::logical::Tally;
use super::loss::Reduction;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `loss` on `xs` (converted as its torch op's autocast policy says), reduced as `how`.
pub(super) fn run<B: Backend>(
    r: &mut dyn Recorder<B>,
    loss: ComposedLoss,
    how: Reduction,
    xs: &[Handle],
) -> Result<Handle> {
    let xs = r.autocast_entry(loss.name(), xs)?;
    composed_loss(r, loss, how, &xs)
}

/// `F.margin_ranking_loss`.
#[allow(clippy::too_many_arguments)]
pub fn margin_ranking_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input1: Handle,
    input2: Handle,
    target: Handle,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("margin_ranking_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::MarginRanking { margin };
    run(r, loss, how, &[input1, input2, target])
}

/// `F.hinge_embedding_loss`.
pub fn hinge_embedding_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("hinge_embedding_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::HingeEmbedding { margin };
    run(r, loss, how, &[input, target])
}

/// `F.soft_margin_loss`.
pub fn soft_margin_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("soft_margin_loss", size_average, reduce, &reduction)?;
    run(r, ComposedLoss::SoftMargin, how, &[input, target])
}

/// `F.cosine_embedding_loss`.
#[allow(clippy::too_many_arguments)]
pub fn cosine_embedding_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input1: Handle,
    input2: Handle,
    target: Handle,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("cosine_embedding_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::CosineEmbedding { margin };
    run(r, loss, how, &[input1, input2, target])
}

/// `F.poisson_nll_loss`.
#[allow(clippy::too_many_arguments)]
pub fn poisson_nll_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    log_input: bool,
    full: bool,
    size_average: Option<bool>,
    eps: f64,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("poisson_nll_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::PoissonNll {
        log_input,
        full,
        eps,
    };
    run(r, loss, how, &[input, target])
}

/// `F.multilabel_soft_margin_loss`.
pub fn multilabel_soft_margin_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    weight: Option<Handle>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let op = "multilabel_soft_margin_loss";
    let how = Reduction::legacy(op, size_average, reduce, &reduction)?;
    let loss = ComposedLoss::MultilabelSoftMargin {
        weighted: weight.is_some(),
    };
    let mut xs = vec![input, target];
    xs.extend(weight);
    run(r, loss, how, &xs)
}

/// `F.multi_margin_loss` (the target: class ids).
#[allow(clippy::too_many_arguments)]
pub fn multi_margin_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    p: i64,
    margin: f64,
    weight: Option<Handle>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("multi_margin_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::MultiMargin {
        p,
        margin,
        weighted: weight.is_some(),
    };
    let mut xs = vec![input, target];
    xs.extend(weight);
    run(r, loss, how, &xs)
}

/// `F.multilabel_margin_loss` (the target: class ids, `-1` ending each row's list).
pub fn multilabel_margin_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("multilabel_margin_loss", size_average, reduce, &reduction)?;
    run(r, ComposedLoss::MultilabelMargin, how, &[input, target])
}

/// `F.triplet_margin_loss`.
#[allow(clippy::too_many_arguments)]
pub fn triplet_margin_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    anchor: Handle,
    positive: Handle,
    negative: Handle,
    margin: f64,
    p: f64,
    eps: f64,
    swap: bool,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::legacy("triplet_margin_loss", size_average, reduce, &reduction)?;
    let loss = ComposedLoss::TripletMargin {
        margin,
        p,
        eps,
        swap,
    };
    run(r, loss, how, &[anchor, positive, negative])
}

/// The tail of `F.triplet_margin_with_distance_loss` once its `distance_function` has given
/// the distances: `max(0, margin + d_pos − d_neg)`, `d_neg` the minimum with `d_swap` when
/// given, reduced.
pub fn triplet_distances_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    d_pos: Handle,
    d_neg: Handle,
    d_swap: Option<Handle>,
    margin: f64,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::parse("triplet_margin_with_distance_loss", &reduction)?;
    let loss = ComposedLoss::TripletDistances {
        margin,
        swap: d_swap.is_some(),
    };
    let xs: Vec<Handle> = [d_pos, d_neg].into_iter().chain(d_swap).collect();
    composed_loss(r, loss, how, &xs)
}

/// `F.gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean")`: `var` a
/// tensor, or a number filled to `input`'s shape; a negative variance is refused first
/// (torch's check: for a tensor, one bool read back).
#[allow(clippy::too_many_arguments)]
pub fn gaussian_nll_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    target: Handle,
    var: TensorOrNumber,
    full: bool,
    eps: f64,
    reduction: String,
) -> Result<Handle> {
    let how = Reduction::parse("gaussian_nll_loss", &reduction)?;
    let negative = || Error::Argument("gaussian_nll_loss: var has negative entry/entries".into());
    let var = match var {
        TensorOrNumber::Number(v) if v < 0.0 => return Err(negative()),
        TensorOrNumber::Number(v) => {
            let shape = r.shape(input)?;
            let v = r.constant(input, &[v], &[], None)?;
            r.record(Op::movement(Expand(shape.into())), &[v])?
        }
        TensorOrNumber::Tensor(v) => {
            let below = r.record(Op::compare_number(Predicate::Lt, 0.0), &[v])?;
            let any = r.record(Op::logical(Tally::Any, &[], false), &[below])?;
            if r.item(any)? != 0.0 {
                return Err(negative());
            }
            v
        }
    };
    run(
        r,
        ComposedLoss::GaussianNll { full, eps },
        how,
        &[input, target, var],
    )
}

/// The `torch.nn.functional` forms of this file's functions, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Gaussian negative log likelihood loss.
            ///
            /// ``l = 0.5 * (log(max(var, eps)) + (input - target)**2 / max(var, eps))``, plus
            /// ``0.5 * log(2 * pi)`` with ``full``; the clamp changes the value only, ``var`` keeps its
            /// own gradient (see ``eagertape.nn.GaussianNLLLoss``). A number ``var`` becomes a constant
            /// tensor of the input's shape.
            ///
            /// Args:
            ///     input (Tensor): the expectations of the Gaussian distribution.
            ///     target (Tensor): the samples, of ``input``'s shape.
            ///     var (Tensor or float): the variances: ``input``'s shape, one dim fewer, a last dim of 1,
            ///         or a non-negative number.
            ///     full (bool): include the constant term in the loss. Default: ``False``.
            ///     eps (float): the value ``var`` is clamped to from below. Default: ``1e-6``.
            ///     reduction (str): ``"none"`` | ``"mean"`` | ``"sum"``. Default: ``"mean"``.
            ///
            /// Returns:
            ///     Tensor: the loss: a scalar, or per element with ``reduction="none"``.
            ///
            /// Raises:
            ///     ArgumentError: a negative ``var`` (a number, or a tensor with a negative entry), or an
            ///         unknown ``reduction``.
            ///     ShapeError: a ``var`` tensor whose shape does not fit the input.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     mu, y = et.tensor([1.0, 2.0]), et.tensor([1.0, 0.0])
            ///     ...     F.gaussian_nll_loss(mu, y, 1.0, reduction="sum").item()
            ///     2.0
            fn gaussian_nll_loss(input: Tensor, target: Tensor, var: TensorOrNumber; full: bool = False, eps: f64 = 1e-6, reduction: Str = "mean")
                = crate::ops::composed_losses::gaussian_nll_loss;

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
            fn margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor;
                margin: f64 = 0.0, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::composed_losses::margin_ranking_loss;

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
            fn hinge_embedding_loss(input: Tensor, target: Tensor;
                margin: f64 = 1.0, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::composed_losses::hinge_embedding_loss;

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
            fn soft_margin_loss(input: Tensor, target: Tensor;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::composed_losses::soft_margin_loss;

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
            fn cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor;
                margin: f64 = 0.0, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::composed_losses::cosine_embedding_loss;

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
            fn poisson_nll_loss(input: Tensor, target: Tensor;
                log_input: bool = True, full: bool = False, size_average: Option<bool> = None,
                eps: f64 = 1e-8, reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::composed_losses::poisson_nll_loss;

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
            fn multilabel_soft_margin_loss(input: Tensor, target: Tensor;
                weight: Option<Tensor> = None, size_average: Option<bool> = None,
                reduce: Option<bool> = None, reduction: Str = "mean")
                = crate::ops::composed_losses::multilabel_soft_margin_loss;

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
            fn multi_margin_loss(input: Tensor, target: Index;
                p: i64 = 1, margin: f64 = 1.0, weight: Option<Tensor> = None,
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::composed_losses::multi_margin_loss;

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
            fn multilabel_margin_loss(input: Tensor, target: Index;
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::composed_losses::multilabel_margin_loss;

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
            fn triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor;
                margin: f64 = 1.0, p: f64 = 2.0, eps: f64 = 1e-6, swap: bool = False,
                size_average: Option<bool> = None, reduce: Option<bool> = None,
                reduction: Str = "mean")
                = crate::ops::composed_losses::triplet_margin_loss;

            /// `_triplet_distances_loss(d_pos, d_neg, d_swap, margin, reduction)`: the Rust
            /// tail of `F.triplet_margin_with_distance_loss`, whose `distance_function` (a
            /// Python callable) gave the distances.
            fn _triplet_distances_loss(d_pos: Tensor, d_neg: Tensor, d_swap: Option<Tensor>,
                margin: f64, reduction: Str;)
                = crate::ops::composed_losses::triplet_distances_loss;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
