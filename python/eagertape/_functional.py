"""Function forms of the Tensor methods, and helpers that need no Rust."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import numpy as np
import torch

from . import _core
from ._core import GradMap, Tensor
from ._errors import ArgumentError

T = TypeVar("T")

# The pointwise unary functions (`exp`, `relu`, ...) are the extension's own, generated from
# the family's list (`src/python/pointwise.rs`; `_core._UNARY` names them).
# BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
from ._core import (  # noqa: E402, F401
    abs,
    acos,
    acosh,
    asin,
    asinh,
    atan,
    atanh,
    ceil,
    cos,
    cosh,
    erf,
    exp,
    expm1,
    floor,
    frac,
    hardsigmoid,
    hardswish,
    log,
    log1p,
    logsigmoid,
    mish,
    neg,
    reciprocal,
    relu,
    rsqrt,
    sigmoid,
    sign,
    silu,
    sin,
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
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "ceil",
    "cos",
    "cosh",
    "erf",
    "exp",
    "expm1",
    "floor",
    "frac",
    "hardsigmoid",
    "hardswish",
    "log",
    "log1p",
    "logsigmoid",
    "mish",
    "neg",
    "reciprocal",
    "relu",
    "rsqrt",
    "sigmoid",
    "sign",
    "silu",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "tan",
    "tanh",
    "trunc",
    # END generated: unary
    "softmax",
    "log_softmax",
    "clamp",
    "hardtanh",
    "gelu",
    "leaky_relu",
    "elu",
    "softplus",
    "maximum",
    "minimum",
    "pow",
    "floor_divide",
    "remainder",
    "atan2",
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
    "arctan2",
    "hypot",
    "fmod",
    "logaddexp",
    "xlogy",
    "reshape",
    "transpose",
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


class MaxResult(NamedTuple):
    """What ``Tensor.max(dim)`` returns, as torch's ``torch.return_types.max``."""

    values: Tensor
    indices: Tensor


class SortResult(NamedTuple):
    """``sort``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class KthvalueResult(NamedTuple):
    """``kthvalue``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class TopkResult(NamedTuple):
    """``topk``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class MinResult(NamedTuple):
    """What ``Tensor.min(dim)`` returns, as torch's ``torch.return_types.min``."""

    values: Tensor
    indices: Tensor


def clamp(
    input: Tensor, min: float | Tensor | None = None, max: float | Tensor | None = None
) -> Tensor:  # noqa: A002
    return input.clamp(min, max)


def gelu(input: Tensor, approximate: str = "none") -> Tensor:  # noqa: A002
    return input.gelu(approximate)


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:  # noqa: A002
    return input.hardtanh(min_val, max_val)


def pow(input: Tensor | float, exponent: Tensor | float) -> Tensor:  # noqa: A001, A002
    """`input ** exponent`: a tensor or number on either side (not both numbers)."""
    if isinstance(input, Tensor):
        return input.pow(exponent)
    return exponent.__rpow__(input)


def floor_divide(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.floor_divide(other)


def remainder(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.remainder(other)


def atan2(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.atan2(other)


arctan2 = atan2


def hypot(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.hypot(other)


def fmod(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.fmod(other)


def logaddexp(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.logaddexp(other)


def xlogy(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.xlogy(other)


def prod(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.prod(dim, keepdim)


def var(
    input: Tensor,  # noqa: A002
    dim: int | tuple[int, ...] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> Tensor:
    return input.var(dim, unbiased, keepdim, correction=correction)


def std(
    input: Tensor,  # noqa: A002
    dim: int | tuple[int, ...] | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> Tensor:
    return input.std(dim, unbiased, keepdim, correction=correction)


def logsumexp(input: Tensor, dim: int | tuple[int, ...], keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.logsumexp(dim, keepdim)


def norm(
    input: Tensor,  # noqa: A002
    p: float | str = "fro",
    dim: int | tuple[int, ...] | None = None,
    keepdim: bool = False,
) -> Tensor:
    return input.norm(p, dim, keepdim)


def cumsum(input: Tensor, dim: int) -> Tensor:  # noqa: A002
    return input.cumsum(dim)


def argmax(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.argmax(dim, keepdim)


def argmin(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.argmin(dim, keepdim)


def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:  # noqa: A002
    return input.leaky_relu(negative_slope)


def elu(input: Tensor, alpha: float = 1.0) -> Tensor:  # noqa: A002
    return input.elu(alpha)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:  # noqa: A002
    return input.softplus(beta, threshold)


def maximum(input: Tensor, other: object) -> Tensor:  # noqa: A002
    return input.maximum(other)


def minimum(input: Tensor, other: object) -> Tensor:  # noqa: A002
    return input.minimum(other)


def reshape(input: Tensor, shape: tuple[int, ...]) -> Tensor:  # noqa: A002
    return input.reshape(shape)


def transpose(input: Tensor, dim0: int, dim1: int) -> Tensor:  # noqa: A002
    return input.transpose(dim0, dim1)


def permute(input: Tensor, dims: tuple[int, ...]) -> Tensor:  # noqa: A002
    return input.permute(dims)


def unsqueeze(input: Tensor, dim: int) -> Tensor:  # noqa: A002
    return input.unsqueeze(dim)


def squeeze(input: Tensor, dim: int | tuple[int, ...] | None = None) -> Tensor:  # noqa: A002
    return input.squeeze(dim)


def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:  # noqa: A002
    return input.flatten(start_dim, end_dim)


def unflatten(input: Tensor, dim: int, sizes: tuple[int, ...]) -> Tensor:  # noqa: A002
    return input.unflatten(dim, sizes)


def softmax(input: Tensor, dim: int) -> Tensor:  # noqa: A002
    return input.softmax(dim)


def log_softmax(input: Tensor, dim: int) -> Tensor:  # noqa: A002
    return input.log_softmax(dim)


def matmul(input: Tensor, other: object) -> Tensor:  # noqa: A002
    return input.matmul(other)


def sum(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A002, A001
    return input.sum(dim, keepdim)


def mean(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.mean(dim, keepdim)


def max(input: Tensor, dim: int | Tensor | None = None, keepdim: bool = False):  # noqa: A001, A002
    """``max(input)`` (a value), ``max(input, dim)`` (values and indices) or ``max(input,
    other)`` (elementwise), as ``torch.max``."""
    return input.max(dim, keepdim)


def min(input: Tensor, dim: int | Tensor | None = None, keepdim: bool = False):  # noqa: A001, A002
    return input.min(dim, keepdim)


def amax(input: Tensor, dim: int | tuple[int, ...] = (), keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.amax(dim, keepdim)


def amin(input: Tensor, dim: int | tuple[int, ...] = (), keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.amin(dim, keepdim)


# Ops over several tensors, written in Rust.
cat = _core.cat
stack = _core.stack
where = _core.where
pad = _core.pad
one_hot = _core.one_hot
einsum = _core.einsum
bmm = _core.bmm


def masked_fill(input: Tensor, mask: object, value: float | Tensor) -> Tensor:  # noqa: A002
    return input.masked_fill(mask, value)


def index_select(input: Tensor, dim: int, index: object) -> Tensor:  # noqa: A002
    return input.index_select(dim, index)


def gather(input: Tensor, dim: int, index: object) -> Tensor:  # noqa: A002
    return input.gather(dim, index)


def scatter(
    input: Tensor,  # noqa: A002
    dim: int,
    index: object,
    src: object = None,
    *,
    value: object = None,
    reduce: str | None = None,
) -> Tensor:
    """torch's ``scatter``: a new tensor, ``input`` with ``src``'s elements (or the number
    ``value``) written at ``index`` along ``dim``."""
    if value is not None:
        return input.scatter(dim, index, value=value, reduce=reduce)
    return input.scatter(dim, index, src, reduce=reduce)


def scatter_add(input: Tensor, dim: int, index: object, src: object) -> Tensor:  # noqa: A002
    return input.scatter_add(dim, index, src)


def scatter_reduce(
    input: Tensor,  # noqa: A002
    dim: int,
    index: object,
    src: object,
    reduce: str,
    *,
    include_self: bool = True,
) -> Tensor:
    return input.scatter_reduce(dim, index, src, reduce, include_self=include_self)


def index_add(
    input: Tensor,  # noqa: A002
    dim: int,
    index: object,
    source: object,
    *,
    alpha: float = 1.0,
) -> Tensor:
    return input.index_add(dim, index, source, alpha=alpha)


def index_copy(input: Tensor, dim: int, index: object, source: object) -> Tensor:  # noqa: A002
    return input.index_copy(dim, index, source)


def index_fill(input: Tensor, dim: int, index: object, value: object) -> Tensor:  # noqa: A002
    return input.index_fill(dim, index, value)


def take_along_dim(input: Tensor, indices: object, dim: int | None = None) -> Tensor:  # noqa: A002
    return input.take_along_dim(indices, dim)


def narrow(input: Tensor, dim: int, start: int, length: int) -> Tensor:  # noqa: A002
    return input.narrow(dim, start, length)


def select(input: Tensor, dim: int, index: int) -> Tensor:  # noqa: A002
    return input.select(dim, index)


def flip(input: Tensor, dims: int | tuple[int, ...]) -> Tensor:  # noqa: A002
    return input.flip(dims)


def roll(
    input: Tensor, shifts: int | tuple[int, ...], dims: int | tuple[int, ...] | None = None
) -> Tensor:  # noqa: A002
    return input.roll(shifts, dims)


def tril(input: Tensor, diagonal: int = 0) -> Tensor:  # noqa: A002
    return input.tril(diagonal)


def triu(input: Tensor, diagonal: int = 0) -> Tensor:  # noqa: A002
    return input.triu(diagonal)


def split(
    input: Tensor, split_size_or_sections: int | list[int], dim: int = 0
) -> tuple[Tensor, ...]:  # noqa: A002
    return input.split(split_size_or_sections, dim)


def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:  # noqa: A002
    return input.chunk(chunks, dim)


def isfinite(input: Tensor) -> Tensor:  # noqa: A002
    return input.isfinite()


def isnan(input: Tensor) -> Tensor:  # noqa: A002
    return input.isnan()


def logical_not(input: Tensor) -> Tensor:  # noqa: A002
    return input.logical_not()


class IntervalData:
    """A box of float64 intervals ``[lo, hi]`` to give to an ``interval`` session's
    ``input`` or to an ``interval`` Parameter. Build it with :func:`interval`."""

    __slots__ = ("lo", "hi")
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
        return self.lo.shape

    def __repr__(self) -> str:
        return f"interval(lo={self.lo!r}, hi={self.hi!r})"


def interval(lo: object, hi: object | None = None) -> IntervalData:
    """The box ``[lo, hi]`` (elementwise; ``hi`` defaults to ``lo``, a degenerate box)."""
    return IntervalData(lo, lo if hi is None else hi)


def with_grad_map(grads: GradMap, action: Callable[[GradMap], T]) -> T:
    """Run ``action(grads)``, then release every buffer of ``grads``, also when it raises.
    The action must not keep a gradient buffer after it returns."""
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
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.empty_cache()


def sort(
    input: Tensor,  # noqa: A002
    dim: int = -1,
    descending: bool = False,
    stable: bool = False,
) -> SortResult:
    return input.sort(dim, descending, stable)


def argsort(
    input: Tensor,  # noqa: A002
    dim: int = -1,
    descending: bool = False,
    stable: bool = False,
) -> Tensor:
    return input.argsort(dim, descending, stable)


def msort(input: Tensor) -> Tensor:  # noqa: A002
    return input.msort()


def kthvalue(input: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> KthvalueResult:  # noqa: A002
    return input.kthvalue(k, dim, keepdim)


class MedianResult(NamedTuple):
    """``median(dim)``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class ModeResult(NamedTuple):
    """``mode``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class CummaxResult(NamedTuple):
    """``cummax``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


class CumminResult(NamedTuple):
    """``cummin``'s result: ``values`` (differentiable) and int64 ``indices``."""

    values: Tensor
    indices: Tensor


def median(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Any:  # noqa: A002
    """torch's ``median``: the lower median (a value), or with ``dim`` ``(values, indices)``."""
    return input.median(dim, keepdim)


def nanmedian(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Any:  # noqa: A002
    return input.nanmedian(dim, keepdim)


def mode(input: Tensor, dim: int = -1, keepdim: bool = False) -> ModeResult:  # noqa: A002
    return input.mode(dim, keepdim)


def cummax(input: Tensor, dim: int) -> CummaxResult:  # noqa: A002
    return input.cummax(dim)


def cummin(input: Tensor, dim: int) -> CumminResult:  # noqa: A002
    return input.cummin(dim)


def cumprod(input: Tensor, dim: int, *, dtype: object = None) -> Tensor:  # noqa: A002
    return input.cumprod(dim, dtype=dtype)


def quantile(
    input: Tensor,  # noqa: A002
    q: object,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
) -> Tensor:
    """torch's ``quantile``: ``q`` a number or a 0-d/1-d tensor (a 1-D ``q`` leads the
    result's dims)."""
    return input.quantile(q, dim, keepdim, interpolation=interpolation)


def nonzero(input: Tensor, *, as_tuple: bool = False) -> Any:  # noqa: A002
    return input.nonzero(as_tuple=as_tuple)


def argwhere(input: Tensor) -> Tensor:  # noqa: A002
    return input.nonzero()


def masked_select(input: Tensor, mask: object) -> Tensor:  # noqa: A002
    """torch's ``masked_select``: the elements of ``input`` where the (broadcast) bool
    ``mask`` is true, as a 1-D tensor (its length depends on the mask); the gradient flows
    back to the positions picked."""
    return input.masked_select(mask)


def diagonal(input: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:  # noqa: A002
    return input.diagonal(offset, dim1, dim2)


def diag(input: Tensor, diagonal: int = 0) -> Tensor:  # noqa: A002
    return input.diag(diagonal)


def trace(input: Tensor) -> Tensor:  # noqa: A002
    return input.trace()


def diff(
    input: Tensor,  # noqa: A002
    n: int = 1,
    dim: int = -1,
    prepend: object = None,
    append: object = None,
) -> Tensor:
    return input.diff(n, dim, prepend, append)


def cross(input: Tensor, other: object, dim: int | None = None) -> Tensor:  # noqa: A002
    return input.cross(other, dim)


def kron(input: Tensor, other: object) -> Tensor:  # noqa: A002
    return input.kron(other)


def tensordot(a: Tensor, b: Tensor, dims: object = 2) -> Tensor:
    """torch's ``tensordot``: ``dims`` an int (``a``'s last and ``b``'s first dims) or two
    lists of dims to contract pairwise."""
    if isinstance(dims, int) and not isinstance(dims, bool):
        if dims < 0:
            raise ArgumentError(f"tensordot: expects dims >= 0, but got dims={dims}")
        da = list(range(a.ndim - dims, a.ndim))
        db = list(range(dims))
    else:
        try:
            first, second = dims  # type: ignore[misc]
        except (TypeError, ValueError):
            raise ArgumentError(
                f"tensordot: dims must be an int or a pair of dim lists, got {dims!r}"
            ) from None
        da = [first] if isinstance(first, int) else list(first)
        db = [second] if isinstance(second, int) else list(second)
    return a._tensordot(b, da, db)


def logit(input: Tensor, eps: float | None = None) -> Tensor:  # noqa: A002
    return input.logit(eps)


def nansum(input: Tensor, dim: object = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.nansum(dim, keepdim)


def nanmean(input: Tensor, dim: object = None, keepdim: bool = False) -> Tensor:  # noqa: A002
    return input.nanmean(dim, keepdim)


def round(input: Tensor, *, decimals: int = 0) -> Tensor:  # noqa: A001, A002
    return input.round(decimals=decimals)


def isclose(
    input: Tensor,  # noqa: A002
    other: object,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> Tensor:
    return input.isclose(other, rtol, atol, equal_nan)


def allclose(
    input: Tensor,  # noqa: A002
    other: object,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> bool:
    return input.allclose(other, rtol, atol, equal_nan)


def equal(input: Tensor, other: object) -> bool:  # noqa: A002
    return input.equal(other)


def any(input: Tensor, dim: object = None, keepdim: bool = False) -> Tensor:  # noqa: A001, A002
    return input.any(dim, keepdim)


def all(input: Tensor, dim: object = None, keepdim: bool = False) -> Tensor:  # noqa: A001, A002
    return input.all(dim, keepdim)


def count_nonzero(input: Tensor, dim: object = None) -> Tensor:  # noqa: A002
    return input.count_nonzero(dim)


def var_mean(
    input: Tensor,  # noqa: A002
    dim: object = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> tuple[Tensor, Tensor]:
    """torch's ``var_mean``: ``(var, mean)`` over the same dims."""
    if isinstance(dim, bool):  # torch.var_mean(input, unbiased)
        dim, unbiased = None, dim
    var = input.var(dim, unbiased=unbiased, keepdim=keepdim, correction=correction)
    return var, input.mean(dim, keepdim)


def std_mean(
    input: Tensor,  # noqa: A002
    dim: object = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> tuple[Tensor, Tensor]:
    """torch's ``std_mean``: ``(std, mean)`` over the same dims."""
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    std = input.std(dim, unbiased=unbiased, keepdim=keepdim, correction=correction)
    return std, input.mean(dim, keepdim)


class AminmaxResult(NamedTuple):
    """``aminmax``'s result: ``min`` and ``max`` (each differentiable)."""

    min: Tensor
    max: Tensor


def aminmax(input: Tensor, *, dim: int | None = None, keepdim: bool = False) -> AminmaxResult:  # noqa: A002
    """torch's ``aminmax``: the minimum and maximum over ``dim`` (every element when None);
    ties share the gradient evenly, as ``amin``/``amax``."""
    return AminmaxResult(input.amin(dim, keepdim), input.amax(dim, keepdim))


def lerp(input: Tensor, end: object, weight: object) -> Tensor:  # noqa: A002
    return input.lerp(end, weight)


def addcmul(input: Tensor, tensor1: object, tensor2: object, *, value: float = 1.0) -> Tensor:  # noqa: A002
    return input.addcmul(tensor1, tensor2, value=value)


def addcdiv(input: Tensor, tensor1: object, tensor2: object, *, value: float = 1.0) -> Tensor:  # noqa: A002
    return input.addcdiv(tensor1, tensor2, value=value)


def outer(input: Tensor, vec2: object) -> Tensor:  # noqa: A002
    return input.outer(vec2)


def addmm(
    input: Tensor,  # noqa: A002
    mat1: object,
    mat2: object,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
    out_dtype: Any = None,
) -> Tensor:
    return input.addmm(mat1, mat2, beta=beta, alpha=alpha, out_dtype=out_dtype)


def baddbmm(
    input: Tensor,  # noqa: A002
    batch1: object,
    batch2: object,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
    out_dtype: Any = None,
) -> Tensor:
    return input.baddbmm(batch1, batch2, beta=beta, alpha=alpha, out_dtype=out_dtype)
