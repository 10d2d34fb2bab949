"""Function forms of the Tensor methods, and helpers that need no Rust."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import torch

from . import _core
from ._activation_forms import celu_, rrelu_, selu_, threshold_
from ._core import (
    GradMap,
    Tensor,
    adaptive_avg_pool1d,
    addbmm,
    addcdiv,
    addcmul,
    addmm,
    addmv,
    addr,
    adjoint,
    all,
    allclose,
    amax,
    amin,
    aminmax,
    angle,
    any,
    argmax,
    argmin,
    argsort,
    argwhere,
    as_strided,
    as_strided_scatter,
    avg_pool1d,
    baddbmm,
    bilinear,
    bincount,
    bitwise_not,
    broadcast_to,
    cdist,
    celu,
    channel_shuffle,
    cholesky_inverse,
    cholesky_solve,
    chunk,
    clamp,
    clamp_max,
    clamp_min,
    clip,
    column_stack,
    combinations,
    concat,
    concatenate,
    conv3d,
    conv_tbc,
    conv_transpose1d,
    conv_transpose3d,
    corrcoef,
    cosine_similarity,
    count_nonzero,
    cov,
    cross,
    cummax,
    cummin,
    cumprod,
    cumsum,
    cumulative_trapezoid,
    det,
    diag,
    diag_embed,
    diagflat,
    diagonal,
    diagonal_scatter,
    diff,
    dist,
    dot,
    dsplit,
    dstack,
    elu,
    equal,
    flatten,
    flip,
    fliplr,
    flipud,
    float_power,
    frexp,
    gather,
    gelu,
    geqrf,
    ger,
    get_device,
    gru_cell,
    hardshrink,
    hardtanh,
    heaviside,
    histc,
    histogram,
    hsplit,
    hstack,
    igamma,
    igammac,
    index_add,
    index_copy,
    index_fill,
    index_reduce,
    index_select,
    inner,
    inverse,
    is_complex,
    is_conj,
    is_floating_point,
    is_inference,
    is_neg,
    is_nonzero,
    is_same_size,
    is_signed,
    isclose,
    isfinite,
    isin,
    isinf,
    isnan,
    isneginf,
    isposinf,
    isreal,
    kron,
    kthvalue,
    ldexp,
    leaky_relu,
    lerp,
    log_softmax,
    logcumsumexp,
    logdet,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    logit,
    logsumexp,
    lstm_cell,
    lu,
    lu_solve,
    lu_unpack,
    masked_fill,
    masked_scatter,
    masked_select,
    matrix_exp,
    matrix_power,
    max,
    max_pool1d,
    max_pool3d,
    mean,
    median,
    min,
    mode,
    moveaxis,
    movedim,
    msort,
    mv,
    mvlgamma,
    nan_to_num,
    nanmean,
    nanmedian,
    nanquantile,
    nansum,
    narrow,
    nextafter,
    nonzero,
    nonzero_static,
    norm,
    orgqr,
    ormqr,
    outer,
    pairwise_distance,
    pdist,
    permute,
    pinverse,
    pixel_shuffle,
    pixel_unshuffle,
    positive,
    prelu,
    prod,
    put,
    quantile,
    ravel,
    renorm,
    repeat_interleave,
    reshape,
    rnn_relu_cell,
    rnn_tanh_cell,
    roll,
    rot90,
    round,
    row_stack,
    rrelu,
    rsub,
    scatter,
    scatter_add,
    scatter_reduce,
    select,
    select_scatter,
    selu,
    signbit,
    slice_scatter,
    slogdet,
    softmax,
    softplus,
    sort,
    split,
    split_with_sizes,
    squeeze,
    std,
    sum,
    svd,
    swapaxes,
    swapdims,
    t,
    take,
    take_along_dim,
    tensor_split,
    tensordot,
    threshold,
    tile,
    trace,
    transpose,
    trapezoid,
    tril,
    triu,
    unbind,
    unflatten,
    unique_consecutive,
    unravel_index,
    unsafe_chunk,
    unsafe_split,
    unsafe_split_with_sizes,
    unsqueeze,
    vander,
    var,
    vdot,
    vsplit,
    vstack,
)

if TYPE_CHECKING:
    from ._core import ArrayLike

T = TypeVar("T")

# The pointwise unary functions (`exp`, `relu`, ...) are the extension's own, generated from
# the family's list (`src/python/pointwise.rs`; `_core._UNARY` names them).
# BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
from ._core import (  # noqa: E402, F401
    abs,
    absolute,
    acos,
    acosh,
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctanh,
    asin,
    asinh,
    atan,
    atanh,
    ceil,
    cos,
    cosh,
    deg2rad,
    digamma,
    erf,
    erfc,
    erfinv,
    exp,
    exp2,
    expm1,
    fix,
    floor,
    frac,
    hardsigmoid,
    hardswish,
    i0,
    lgamma,
    log,
    log1p,
    log2,
    log10,
    logsigmoid,
    mish,
    neg,
    negative,
    rad2deg,
    reciprocal,
    relu,
    rsqrt,
    sgn,
    sigmoid,
    sign,
    silu,
    sin,
    sinc,
    sinh,
    sqrt,
    square,
    tan,
    tanh,
    trunc,
)

# END generated: unary

# What `eagertape` re-exports from here (`from ._functional import *`): a function form
# added below needs only its name in this list.
__all__ = [
    # BEGIN generated: unary (tools/gen-stubs)
    "abs",
    "absolute",
    "acos",
    "acosh",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "ceil",
    "cos",
    "cosh",
    "deg2rad",
    "digamma",
    "erf",
    "erfc",
    "erfinv",
    "exp",
    "exp2",
    "expm1",
    "fix",
    "floor",
    "frac",
    "hardsigmoid",
    "hardswish",
    "i0",
    "lgamma",
    "log",
    "log1p",
    "log2",
    "log10",
    "logsigmoid",
    "mish",
    "neg",
    "negative",
    "rad2deg",
    "reciprocal",
    "relu",
    "rsqrt",
    "sgn",
    "sigmoid",
    "sign",
    "silu",
    "sin",
    "sinc",
    "sinh",
    "sqrt",
    "square",
    "tan",
    "tanh",
    "trunc",
    # END generated: unary
    # torch's arithmetic with keyword arguments (declared in `src/ops/torch_arith.rs`)
    "add",
    "sub",
    "subtract",
    "div",
    "divide",
    "true_divide",
    # the comparisons (declared in `src/ops/compare.rs`)
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    # BEGIN generated: binary (tools/gen-stubs)
    "arctan2",
    "atan2",
    "bitwise_and",
    "bitwise_left_shift",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "copysign",
    "floor_divide",
    "fmax",
    "fmin",
    "fmod",
    "gcd",
    "hypot",
    "lcm",
    "logaddexp",
    "logaddexp2",
    "maximum",
    "minimum",
    "mul",
    "multiply",
    "pow",
    "remainder",
    "xlogy",
    # END generated: binary
    "softmax",
    "log_softmax",
    "clamp",
    "hardtanh",
    "gelu",
    "leaky_relu",
    "elu",
    "celu",
    "celu_",
    "selu",
    "selu_",
    "threshold",
    "threshold_",
    "hardshrink",
    "rrelu",
    "rrelu_",
    "softplus",
    "conv_tbc",
    "pdist",
    "clip",
    "logical_and",
    "logical_or",
    "logical_xor",
    "isinf",
    "isposinf",
    "isneginf",
    "isreal",
    "channel_shuffle",
    "conv3d",
    "conv_transpose1d",
    "conv_transpose3d",
    "bilinear",
    "cosine_similarity",
    "pairwise_distance",
    "pixel_shuffle",
    "pixel_unshuffle",
    "prelu",
    "avg_pool1d",
    "max_pool1d",
    "max_pool3d",
    "adaptive_avg_pool1d",
    "ravel",
    "movedim",
    "moveaxis",
    "swapaxes",
    "swapdims",
    "broadcast_to",
    "fliplr",
    "flipud",
    "rot90",
    "unbind",
    "tensor_split",
    "hsplit",
    "vsplit",
    "dsplit",
    "hstack",
    "vstack",
    "row_stack",
    "dstack",
    "column_stack",
    "concat",
    "concatenate",
    "is_floating_point",
    "is_complex",
    "is_signed",
    "is_nonzero",
    "is_same_size",
    "is_conj",
    "is_neg",
    "is_inference",
    "get_device",
    "lerp",
    "diagonal",
    "diag",
    "trace",
    "diff",
    "cross",
    "kron",
    "tensordot",
    "logit",
    "nansum",
    "nanmean",
    "round",
    "isclose",
    "allclose",
    "equal",
    "any",
    "all",
    "count_nonzero",
    "var_mean",
    "std_mean",
    "aminmax",
    "median",
    "nanmedian",
    "mode",
    "cummax",
    "cummin",
    "cumprod",
    "quantile",
    "addcmul",
    "addcdiv",
    "outer",
    "addmm",
    "baddbmm",
    "nonzero",
    "argwhere",
    "masked_select",
    "sort",
    "argsort",
    "msort",
    "kthvalue",
    "reshape",
    "transpose",
    "t",
    "clamp_min",
    "clamp_max",
    "permute",
    "unsqueeze",
    "squeeze",
    "flatten",
    "unflatten",
    "matmul",
    "sum",
    "mean",
    "max",
    "min",
    "amax",
    "amin",
    "prod",
    "var",
    "std",
    "logsumexp",
    "norm",
    "cumsum",
    "argmax",
    "argmin",
    "cat",
    "stack",
    "where",
    "pad",
    "one_hot",
    "einsum",
    "bmm",
    "mm",
    "dot",
    "vdot",
    "inner",
    "mv",
    "ger",
    "addmv",
    "addr",
    "addbmm",
    "matrix_power",
    "float_power",
    "ldexp",
    "nan_to_num",
    "signbit",
    "positive",
    "det",
    "logdet",
    "slogdet",
    "inverse",
    "pinverse",
    "matrix_exp",
    "svd",
    "cholesky_solve",
    "cholesky_inverse",
    "lu",
    "lu_solve",
    "lu_unpack",
    "geqrf",
    "orgqr",
    "ormqr",
    "mvlgamma",
    "igamma",
    "igammac",
    "logcumsumexp",
    "renorm",
    "dist",
    "cov",
    "corrcoef",
    "angle",
    "heaviside",
    "nextafter",
    "frexp",
    "histc",
    "cdist",
    "lstm_cell",
    "gru_cell",
    "rnn_tanh_cell",
    "rnn_relu_cell",
    "isin",
    "unravel_index",
    "combinations",
    "vander",
    "trapezoid",
    "cumulative_trapezoid",
    "as_strided",
    "as_strided_scatter",
    "diagonal_scatter",
    "select_scatter",
    "slice_scatter",
    "masked_scatter",
    "index_reduce",
    "put",
    "histogram",
    "nonzero_static",
    "bincount",
    "unique_consecutive",
    "nanquantile",
    "repeat_interleave",
    "bitwise_not",
    "unsafe_chunk",
    "unsafe_split",
    "split_with_sizes",
    "unsafe_split_with_sizes",
    "adjoint",
    "diag_embed",
    "diagflat",
    "tile",
    "take",
    "rsub",
    "clone",
    "masked_fill",
    "index_select",
    "gather",
    "scatter",
    "scatter_add",
    "scatter_reduce",
    "index_add",
    "index_copy",
    "index_fill",
    "take_along_dim",
    "narrow",
    "select",
    "flip",
    "roll",
    "tril",
    "triu",
    "split",
    "chunk",
    "isfinite",
    "isnan",
    "logical_not",
    "IntervalData",
    "interval",
    "with_grad_map",
    "empty_cache",
]


def matmul(input: Tensor, other: Tensor | ArrayLike) -> Tensor:  # noqa: A002
    """Matrix product of two tensors.

    torch's full semantics: a dot product for two 1-D tensors, a matrix-vector product,
    a matrix product, and batched products with broadcast batch dimensions (a 1-D operand
    gets a dimension prepended or appended, removed from the result). `other` may be
    array-like data (a constant in the session's dtype). Floating-point tensors only.

    Args:
        input (Tensor): the first tensor to be multiplied.
        other (Tensor or array-like): the second tensor to be multiplied.

    Returns:
        Tensor: the product.

    Raises:
        et.ShapeError: if the inner dimensions do not match.
        et.DTypeError: if an operand holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.matmul(a, et.tensor([1.0, 1.0])).tolist()
        [3.0, 7.0]
    """
    return input.matmul(other)


# Ops over several tensors, written in Rust.
# The pointwise binary functions (`atan2`, `pow`, ...), generated from the family's list
# (`src/ops/binary.rs`; `_core._BINARY` names them).
# BEGIN generated: binary (tools/gen-stubs, from src/ops/binary.rs's list)
from ._core import (  # noqa: E402, F401
    arctan2,
    atan2,
    bitwise_and,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    copysign,
    floor_divide,
    fmax,
    fmin,
    fmod,
    gcd,
    hypot,
    lcm,
    logaddexp,
    logaddexp2,
    maximum,
    minimum,
    mul,
    multiply,
    pow,
    remainder,
    xlogy,
)

# END generated: binary

add = _core.add
sub = _core.sub
subtract = _core.subtract
div = _core.div
divide = _core.divide
true_divide = _core.true_divide
eq = _core.eq
ne = _core.ne
lt = _core.lt
le = _core.le
gt = _core.gt
ge = _core.ge
not_equal = _core.not_equal
less = _core.less
less_equal = _core.less_equal
greater = _core.greater
greater_equal = _core.greater_equal
cat = _core.cat
stack = _core.stack
where = _core.where
pad = _core.pad
one_hot = _core.one_hot
einsum = _core.einsum
bmm = _core.bmm
mm = _core.mm
clone = _core.clone


class IntervalData:
    """A box of float64 intervals `[lo, hi]`, elementwise, for the ``interval`` carrier.

    Give it to `eagertape.tensor` or `sess.input` in a session made with
    ``dtype="interval"``, or to `eagertape.Parameter(..., dtype="interval")`. `lo` and `hi`
    are converted to float64 numpy arrays and broadcast to one shape. It is usually made
    with `eagertape.interval`.

    Args:
        lo (array-like): the lower bounds.
        hi (array-like): the upper bounds.

    Raises:
        et.ArgumentError: if a bound is NaN or `lo > hi` somewhere.

    Examples:
        >>> import eagertape as et
        >>> box = et.IntervalData([0.0, 1.0], 2.0)
        >>> box.shape, box.hi.tolist()
        ((2,), [2.0, 2.0])
    """

    __slots__ = {
        "lo": "The lower bounds (numpy.ndarray of float64, C-contiguous), of the box's shape.",
        "hi": "The upper bounds (numpy.ndarray of float64, C-contiguous), of the box's shape.",
    }
    __eagertape_interval__ = True

    def __init__(self, lo: object, hi: object) -> None:
        lo_arr = np.asarray(lo, dtype=np.float64)
        hi_arr = np.asarray(hi, dtype=np.float64)
        if lo_arr.shape != hi_arr.shape:
            lo_arr, hi_arr = np.broadcast_arrays(lo_arr, hi_arr)
        if np.isnan(lo_arr).any() or np.isnan(hi_arr).any() or (lo_arr > hi_arr).any():
            from ._errors import ArgumentError

            raise ArgumentError("interval bounds must satisfy lo <= hi (and not be NaN)")
        # np.array(order="C"), not np.ascontiguousarray, which turns a 0-d box into 1-d.
        self.lo = np.array(lo_arr, order="C")
        self.hi = np.array(hi_arr, order="C")

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the box (of `lo` and of `hi`)."""
        return self.lo.shape

    def __repr__(self) -> str:
        return f"interval(lo={self.lo!r}, hi={self.hi!r})"


def interval(lo: object, hi: object | None = None) -> IntervalData:
    """Returns the box `[lo, hi]` (elementwise) as `IntervalData`, for the ``interval`` carrier.

    Without `hi`, the degenerate box `[lo, lo]`. Give the box to `eagertape.tensor` or
    `sess.input` in a session made with ``dtype="interval"``: every result computed from it
    then encloses the exact result for every point of the box. Read a result's bounds with
    `Tensor.bounds()`, a `(lo, hi)` pair of float64 arrays (an interval has no single value:
    its `numpy()`, `item()` and `tolist()` raise `et.DTypeError`).

    Args:
        lo (array-like): the lower bounds.
        hi (array-like, optional): the upper bounds. Default: ``None`` (`lo`).

    Returns:
        IntervalData: the box.

    Raises:
        et.ArgumentError: if a bound is NaN or `lo > hi` somewhere.

    Examples:
        >>> import eagertape as et
        >>> box = et.interval([1.0, -2.0], [2.0, 3.0])
        >>> with et.Session(dtype="interval", grad_enabled=False):
        ...     t = et.tensor(box)
        ...     lo, hi = (2 * t).bounds()
        ...     t.dtype, t.shape, lo.tolist(), hi.tolist()
        ('interval', (2,), [2.0, -4.0], [4.0, 6.0])
    """
    return IntervalData(lo, lo if hi is None else hi)


def with_grad_map(grads: GradMap, action: Callable[[GradMap], T]) -> T:
    """Runs `action(grads)`, then releases every buffer of `grads`, also when `action` raises.

    The functional form of `with grads:`: returns what `action` returns. The action must not
    keep a gradient buffer after it returns (a released buffer cannot be read).

    Args:
        grads (GradMap): the gradients of one `sess.backward(loss)`.
        action (Callable[[GradMap], T]): what to do with them (an optimizer step, a norm).

    Returns:
        T: the action's result.

    Examples:
        >>> import numpy as np, eagertape as et
        >>> p = et.Parameter(np.array([1.0, 2.0]))
        >>> sess = et.Session(dtype="float64")
        >>> grads = sess.backward((sess.use(p) * 3.0).sum())
        >>> et.with_grad_map(grads, lambda g: g[p].numpy().tolist())
        [3.0, 3.0]
    """
    try:
        return action(grads)
    finally:
        grads.release()


def empty_cache() -> None:
    """Free every cached, unused buffer: the recycled tape buffers that each session keeps
    from its last ``reset_tape`` for its next forward pass (``memory_stats()["cached_bytes"]``
    drops to 0), then return LibTorch's cached device memory to the driver (eagertape shares
    LibTorch's CUDA caching allocator with torch; on CPU it has none)."""
    _core.empty_session_caches()
    if torch.cuda.is_available():
        is_initialized: Callable[[], bool] = torch.cuda.is_initialized  # (unannotated in torch)
        if is_initialized():
            torch.cuda.empty_cache()


def var_mean(
    input: Tensor,  # noqa: A002
    dim: int | tuple[int, ...] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> tuple[Tensor, Tensor]:
    """Calculates the variance and mean over the dimensions specified by `dim`.

    `(eagertape.var(...), eagertape.mean(...))` over the same dimensions; the variance divides
    by `max(0, N - correction)`. `var_mean(input, True)` is torch's legacy `unbiased`
    overload over all elements.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
        keepdim (bool): whether the outputs keep the reduced dimensions with size 1.
            Default: ``False``.
        correction (float, optional): the difference between the sample size and the
            degrees of freedom. Default: ``None`` (1).

    Returns:
        tuple of Tensors: `(var, mean)`.

    Raises:
        et.ArgumentError: if both `unbiased` and `correction` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     var, mean = et.var_mean(et.tensor([1.0, 3.0]))
        ...     var.item(), mean.item()
        (2.0, 2.0)
    """
    if isinstance(dim, bool):  # torch.var_mean(input, unbiased)
        dim, unbiased = None, dim
    var = input.var(dim, unbiased=unbiased, keepdim=keepdim, correction=correction)
    return var, input.mean(dim, keepdim)


def std_mean(
    input: Tensor,  # noqa: A002
    dim: int | tuple[int, ...] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> tuple[Tensor, Tensor]:
    """Calculates the standard deviation and mean over the dimensions specified by `dim`.

    `(eagertape.std(...), eagertape.mean(...))` over the same dimensions; the variance divides
    by `max(0, N - correction)`. `std_mean(input, True)` is torch's legacy `unbiased`
    overload over all elements.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
        keepdim (bool): whether the outputs keep the reduced dimensions with size 1.
            Default: ``False``.
        correction (float, optional): the difference between the sample size and the
            degrees of freedom. Default: ``None`` (1).

    Returns:
        tuple of Tensors: `(std, mean)`.

    Raises:
        et.ArgumentError: if both `unbiased` and `correction` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     std, mean = et.std_mean(et.tensor([1.0, 3.0]), correction=0)
        ...     std.item(), mean.item()
        (1.0, 2.0)
    """
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    std = input.std(dim, unbiased=unbiased, keepdim=keepdim, correction=correction)
    return std, input.mean(dim, keepdim)
