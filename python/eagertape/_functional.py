"""Function forms of the Tensor methods, and helpers that need no Rust."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

import numpy as np
import torch

from . import _core
from ._core import GradMap, Tensor

T = TypeVar("T")

# What `eagertape` re-exports from here (`from ._functional import *`): a function form
# added below needs only its name in this list.
__all__ = [
    "relu",
    "tanh",
    "sigmoid",
    "exp",
    "log",
    "sqrt",
    "abs",
    "rsqrt",
    "square",
    "reciprocal",
    "log1p",
    "expm1",
    "sin",
    "cos",
    "erf",
    "sign",
    "silu",
    "logsigmoid",
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


class MinResult(NamedTuple):
    """What ``Tensor.min(dim)`` returns, as torch's ``torch.return_types.min``."""

    values: Tensor
    indices: Tensor


def relu(x: Tensor) -> Tensor:
    return x.relu()


def tanh(x: Tensor) -> Tensor:
    return x.tanh()


def sigmoid(x: Tensor) -> Tensor:
    return x.sigmoid()


def exp(x: Tensor) -> Tensor:
    return x.exp()


def log(x: Tensor) -> Tensor:
    return x.log()


def sqrt(x: Tensor) -> Tensor:
    return x.sqrt()


def abs(x: Tensor) -> Tensor:  # noqa: A001  (torch.abs)
    return x.abs()


def rsqrt(x: Tensor) -> Tensor:
    return x.rsqrt()


def square(x: Tensor) -> Tensor:
    return x.square()


def reciprocal(x: Tensor) -> Tensor:
    return x.reciprocal()


def log1p(x: Tensor) -> Tensor:
    return x.log1p()


def expm1(x: Tensor) -> Tensor:
    return x.expm1()


def sin(x: Tensor) -> Tensor:
    return x.sin()


def cos(x: Tensor) -> Tensor:
    return x.cos()


def erf(x: Tensor) -> Tensor:
    return x.erf()


def sign(x: Tensor) -> Tensor:
    return x.sign()


def silu(x: Tensor) -> Tensor:
    return x.silu()


def logsigmoid(x: Tensor) -> Tensor:
    return x.logsigmoid()


def clamp(
    x: Tensor, min: float | Tensor | None = None, max: float | Tensor | None = None
) -> Tensor:  # noqa: A002
    return x.clamp(min, max)


def gelu(x: Tensor, approximate: str = "none") -> Tensor:
    return x.gelu(approximate)


def hardtanh(x: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    return x.hardtanh(min_val, max_val)


def pow(input: Tensor | float, exponent: Tensor | float) -> Tensor:  # noqa: A001, A002
    """`input ** exponent`: a tensor or number on either side (not both numbers)."""
    if isinstance(input, Tensor):
        return input.pow(exponent)
    return exponent.__rpow__(input)


def floor_divide(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.floor_divide(other)


def remainder(input: Tensor, other: Tensor | float) -> Tensor:  # noqa: A002
    return input.remainder(other)


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


def maximum(a: Tensor, b: object) -> Tensor:
    return a.maximum(b)


def minimum(a: Tensor, b: object) -> Tensor:
    return a.minimum(b)


def reshape(x: Tensor, shape: tuple[int, ...]) -> Tensor:
    return x.reshape(shape)


def transpose(x: Tensor, dim0: int, dim1: int) -> Tensor:
    return x.transpose(dim0, dim1)


def permute(x: Tensor, dims: tuple[int, ...]) -> Tensor:
    return x.permute(dims)


def unsqueeze(x: Tensor, dim: int) -> Tensor:
    return x.unsqueeze(dim)


def squeeze(x: Tensor, dim: int | tuple[int, ...] | None = None) -> Tensor:
    return x.squeeze(dim)


def flatten(x: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    return x.flatten(start_dim, end_dim)


def unflatten(x: Tensor, dim: int, sizes: tuple[int, ...]) -> Tensor:
    return x.unflatten(dim, sizes)


def softmax(x: Tensor, dim: int) -> Tensor:
    return x.softmax(dim)


def log_softmax(x: Tensor, dim: int) -> Tensor:
    return x.log_softmax(dim)


def matmul(a: Tensor, b: object) -> Tensor:
    return a.matmul(b)


def sum(x: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    return x.sum(dim, keepdim)


def mean(x: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    return x.mean(dim, keepdim)


def max(input: Tensor, dim: int | Tensor | None = None, keepdim: bool = False):  # noqa: A001, A002
    """``max(input)`` (a value), ``max(input, dim)`` (values and indices) or ``max(input,
    other)`` (elementwise), as ``torch.max``."""
    return input.max(dim, keepdim)


def min(input: Tensor, dim: int | Tensor | None = None, keepdim: bool = False):  # noqa: A001, A002
    return input.min(dim, keepdim)


def amax(x: Tensor, dim: int | tuple[int, ...] = (), keepdim: bool = False) -> Tensor:
    return x.amax(dim, keepdim)


def amin(x: Tensor, dim: int | tuple[int, ...] = (), keepdim: bool = False) -> Tensor:
    return x.amin(dim, keepdim)


# Ops over several tensors, written in Rust.
cat = _core.cat
stack = _core.stack
where = _core.where
pad = _core.pad
one_hot = _core.one_hot
einsum = _core.einsum
bmm = _core.bmm


def masked_fill(x: Tensor, mask: object, value: float) -> Tensor:
    return x.masked_fill(mask, value)


def index_select(x: Tensor, dim: int, index: object) -> Tensor:
    return x.index_select(dim, index)


def gather(x: Tensor, dim: int, index: object) -> Tensor:
    return x.gather(dim, index)


def narrow(x: Tensor, dim: int, start: int, length: int) -> Tensor:
    return x.narrow(dim, start, length)


def select(x: Tensor, dim: int, index: int) -> Tensor:
    return x.select(dim, index)


def flip(x: Tensor, dims: int | tuple[int, ...]) -> Tensor:
    return x.flip(dims)


def roll(
    x: Tensor, shifts: int | tuple[int, ...], dims: int | tuple[int, ...] | None = None
) -> Tensor:
    return x.roll(shifts, dims)


def tril(x: Tensor, diagonal: int = 0) -> Tensor:
    return x.tril(diagonal)


def triu(x: Tensor, diagonal: int = 0) -> Tensor:
    return x.triu(diagonal)


def split(x: Tensor, split_size_or_sections: int | list[int], dim: int = 0) -> tuple[Tensor, ...]:
    return x.split(split_size_or_sections, dim)


def chunk(x: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    return x.chunk(chunks, dim)


def isfinite(x: Tensor) -> Tensor:
    return x.isfinite()


def isnan(x: Tensor) -> Tensor:
    return x.isnan()


def logical_not(x: Tensor) -> Tensor:
    return x.logical_not()


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
