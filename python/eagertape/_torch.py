"""torch's namespace on the current session ("PyTorch code as written" in OPS.md): dtype
objects, module-level factories, grad modes, ``manual_seed``, ``topk``, ``multinomial``.

Every factory here converts its arguments and calls one method of the current session
(``with sess:``); with no current session it raises ``NoSessionError`` saying to enter one.
"""

from __future__ import annotations

import builtins
import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
import torch

from . import _core
from ._core import Session, Tensor, current_session, is_grad_enabled, manual_seed
from ._errors import ArgumentError

__all__ = [
    "dtype",
    "float32",
    "float",
    "float64",
    "double",
    "float16",
    "half",
    "bfloat16",
    "int64",
    "long",
    "int32",
    "int",
    "bool",
    "current_session",
    "manual_seed",
    "is_grad_enabled",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "inference_mode",
    "tensor",
    "as_tensor",
    "from_numpy",
    "zeros",
    "ones",
    "empty",
    "full",
    "eye",
    "arange",
    "linspace",
    "rand",
    "randn",
    "randint",
    "randperm",
    "zeros_like",
    "ones_like",
    "empty_like",
    "full_like",
    "rand_like",
    "randn_like",
    "topk",
    "multinomial",
    "bernoulli",
    "normal",
    "searchsorted",
    "bucketize",
    "unique",
]


class dtype(str):  # noqa: N801  (torch.dtype)
    """A dtype object (``et.float64``): equal to its name, so it is accepted wherever a dtype
    name is; ``repr`` is torch's spelling."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"eagertape.{str.__str__(self)}"

    @property
    def is_floating_point(self) -> builtins.bool:
        return str.__str__(self) in ("float32", "float64", "float16", "bfloat16")


float32 = float = dtype("float32")  # noqa: A001
float64 = double = dtype("float64")
float16 = half = dtype("float16")
bfloat16 = dtype("bfloat16")
int64 = long = dtype("int64")
int32 = int = dtype("int32")  # noqa: A001
bool = dtype("bool")  # noqa: A001


def _dtype_name(value: object) -> str | None:
    """A dtype argument (None, an eagertape dtype, a name, a torch dtype) as a name."""
    if value is None:
        return None
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, torch.dtype):
        return str(value).removeprefix("torch.")
    if value in (builtins.float, builtins.int, builtins.bool):
        return {builtins.float: None, builtins.int: "int64", builtins.bool: "bool"}[value]
    raise TypeError(f"dtype must be an eagertape or torch dtype or a name, got {value!r}")


def _current(device: object) -> Session:
    """The current session, checking a ``device=`` argument against its device (a tensor
    lives on its session's)."""
    sess = current_session()
    sess._check_device(device)
    return sess


def _sizes(size: tuple[Any, ...]) -> tuple[builtins.int, ...]:
    if len(size) == 1 and isinstance(size[0], Sequence | torch.Size):
        return tuple(size[0])
    return tuple(size)


def _made(
    t: Tensor, requires_grad: builtins.bool, sess: Session
) -> Tensor:  # a factory result as a leaf that requires grad, when asked
    if requires_grad:
        return sess.input(t, requires_grad=True)
    return t


def tensor(
    data: Any,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
    pin_memory: builtins.bool = False,
) -> Tensor:
    """``torch.tensor``: a copy of ``data`` (numpy, lists, numbers, torch tensors, eagertape
    tensors) in the current session; floating data takes the session's carrier."""
    sess = _current(device)
    if isinstance(data, Tensor):
        data = data.detach()
    return sess.input(data, requires_grad=requires_grad, dtype=_dtype_name(dtype))


def as_tensor(data: Any, dtype: object = None, device: object = None) -> Tensor:
    """``torch.as_tensor``: an eagertape tensor is returned as it is (when ``dtype`` matches),
    anything else is copied in as by ``tensor``."""
    if isinstance(data, Tensor) and (dtype is None or _dtype_name(dtype) == data.dtype):
        return data
    return tensor(data, dtype=dtype, device=device)


def from_numpy(array: np.ndarray) -> Tensor:
    """``torch.from_numpy``: a numpy array in the current session (copied: a tape value
    must not change under it)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(array).__name__})")
    return tensor(array)


def _factory(name: str) -> Callable[..., Tensor]:
    def make(
        *size: Any,
        dtype: object = None,
        device: object = None,
        requires_grad: builtins.bool = False,
    ) -> Tensor:
        sess = _current(device)
        t = getattr(sess, name)(*_sizes(size), dtype=_dtype_name(dtype))
        return _made(t, requires_grad, sess)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"``torch.{name}(*size, dtype=None, device=None, requires_grad=False)``."
    return make


zeros = _factory("zeros")
ones = _factory("ones")
# torch's `empty` leaves the values unspecified; eagertape's are zeros.
empty = _factory("zeros")
empty.__name__ = "empty"


def full(
    size: Sequence[builtins.int],
    fill_value: object,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    sess = _current(device)
    return _made(sess.full(tuple(size), fill_value, dtype=_dtype_name(dtype)), requires_grad, sess)


def eye(
    n: builtins.int,
    m: builtins.int | None = None,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    sess = _current(device)
    return _made(sess.eye(n, m, dtype=_dtype_name(dtype)), requires_grad, sess)


def arange(
    start: object,
    end: object = None,
    step: object = None,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """``torch.arange``: int64 when every argument is an int, else the session's carrier."""
    sess = _current(device)
    t = sess.arange(start, end, step, dtype=_dtype_name(dtype))
    return _made(t, requires_grad, sess)


def linspace(
    start: builtins.float,
    end: builtins.float,
    steps: builtins.int,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """``torch.linspace``: ``steps`` values from ``start`` to ``end`` (both included)."""
    if isinstance(steps, builtins.bool) or not isinstance(steps, builtins.int | np.integer):
        raise TypeError(f"linspace(): steps must be an int, got {type(steps).__name__}")
    if steps < 0:
        raise ArgumentError(f"linspace(): number of steps must be non-negative, got {steps}")
    sess = _current(device)
    name = _dtype_name(dtype)
    i = sess.arange(builtins.int(steps), dtype=name or sess.config.dtype)
    if steps > 1:
        t = i * ((builtins.float(end) - builtins.float(start)) / (steps - 1)) + builtins.float(
            start
        )
    else:
        t = i + builtins.float(start)
    return _made(t, requires_grad, sess)


def _random(name: str) -> Callable[..., Tensor]:
    def make(
        *size: Any,
        dtype: object = None,
        device: object = None,
        requires_grad: builtins.bool = False,
        generator: object = None,
    ) -> Tensor:
        if generator is not None:
            raise ArgumentError(
                f"{name}(): generator= is not supported (the session's generator draws)"
            )
        sess = _current(device)
        t = getattr(sess, name)(*_sizes(size))
        want = _dtype_name(dtype)
        if want is not None and want != t.dtype:
            t = t.to(want)
        return _made(t, requires_grad, sess)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"``torch.{name}(*size)``: drawn from the current session's generator."
    return make


rand = _random("rand")
randn = _random("randn")


def randint(
    low: builtins.int,
    high: builtins.int | Sequence[builtins.int] | None = None,
    size: Sequence[builtins.int] | None = None,
    *,
    dtype: object = None,
    device: object = None,
    generator: object = None,
) -> Tensor:
    """``torch.randint(low=0, high, size)``: integers uniform in ``[low, high)`` (int64 unless
    ``dtype`` says otherwise), from the session's generator (one 53-bit draw each)."""
    _no_generator("randint", generator)
    if size is None:
        low, high, size = 0, low, high  # torch.randint(high, size)
    for v in (low, high):
        if isinstance(v, builtins.bool) or not isinstance(v, builtins.int | np.integer):
            raise ArgumentError(f"randint(): low and high must be ints, got {low!r}, {high!r}")
    sess = _current(device)
    t = sess.randint(builtins.int(low), builtins.int(high), list(_sizes(tuple(size))))
    want = _dtype_name(dtype)
    return t if want is None else t.to(want)


def randperm(
    n: builtins.int, *, dtype: object = None, device: object = None, generator: object = None
) -> Tensor:
    """``torch.randperm(n)``: a random permutation of ``0..n-1`` (int64), Fisher–Yates on the
    session's generator."""
    _no_generator("randperm", generator)
    if isinstance(n, builtins.bool) or not isinstance(n, builtins.int | np.integer) or n < 0:
        raise ArgumentError(f"randperm(): n must be a non-negative int, got {n!r}")
    t = _current(device).randperm(builtins.int(n))
    want = _dtype_name(dtype)
    return t if want is None else t.to(want)


def _no_generator(name: str, generator: object) -> None:
    if generator is not None:
        raise ArgumentError(
            f"{name}(): generator= is not supported (the session's generator draws)"
        )


def normal(
    mean: object,
    std: object = 1.0,
    size: Sequence[builtins.int] | None = None,
    *,
    generator: object = None,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """``torch.normal``: ``mean + std * z`` for standard normal draws ``z`` of the session's
    generator; ``mean``/``std`` tensors (broadcast) or numbers (then ``size`` is required).
    The result is data: no gradient flows to ``mean`` or ``std`` (torch's is zero)."""
    _no_generator("normal", generator)
    tensors = isinstance(mean, Tensor) or isinstance(std, Tensor)
    sess = None if tensors else _current(device)
    shape = None if size is None else list(_sizes(tuple(size)))
    t = _core._normal(mean, std, shape, sess)
    want = _dtype_name(dtype)
    if want is not None and want != t.dtype:
        t = t.to(want)
    return t if sess is None else _made(t, requires_grad, sess)


def bernoulli(
    input: Tensor,  # noqa: A002
    p: builtins.float | None = None,
    *,
    generator: object = None,
) -> Tensor:
    """``torch.bernoulli``: 0/1 draws, each 1 with the probability ``input`` holds (or ``p``)."""
    return input.bernoulli(p, generator=generator)


def multinomial(
    input: Tensor,  # noqa: A002
    num_samples: builtins.int,
    replacement: builtins.bool = False,
    *,
    generator: object = None,
) -> Tensor:
    """``torch.multinomial`` for 1-D or 2-D weights: int64 category indices drawn from the
    session's generator (with replacement: each row's inverse CDF; without: exponential races,
    torch's method)."""
    return input.multinomial(num_samples, replacement, generator=generator)


def searchsorted(
    sorted_sequence: Tensor,
    input: object,  # noqa: A002
    *,
    out_int32: builtins.bool = False,
    right: builtins.bool = False,
    side: str | None = None,
    sorter: object = None,
) -> Tensor:
    """``torch.searchsorted``: for each value, the index where it would go in its row of the
    sorted sequence (``right``/``side="right"``: after equal elements)."""
    if side is not None:
        if side not in ("left", "right"):
            raise ArgumentError(f"searchsorted(): side must be 'left' or 'right', got {side!r}")
        if right and side == "left":
            raise ArgumentError("searchsorted(): side='left' and right=True contradict")
        right = side == "right"
    if sorter is not None:
        sorted_sequence = sorted_sequence.gather(-1, sorter)
    return _core._searchsorted(
        sorted_sequence, input, builtins.bool(right), builtins.bool(out_int32)
    )


def bucketize(
    input: object,  # noqa: A002
    boundaries: Tensor,
    *,
    out_int32: builtins.bool = False,
    right: builtins.bool = False,
) -> Tensor:
    """``torch.bucketize``: the bucket of each value among the 1-D ``boundaries``."""
    if not isinstance(boundaries, Tensor) or boundaries.ndim != 1:
        raise ArgumentError("bucketize(): boundaries must be a 1-D tensor")
    return _core._searchsorted(boundaries, input, builtins.bool(right), builtins.bool(out_int32))


def unique(
    input: Tensor,  # noqa: A002
    sorted: builtins.bool = True,  # noqa: A002
    return_inverse: builtins.bool = False,
    return_counts: builtins.bool = False,
    dim: builtins.int | None = None,
) -> Any:
    """``torch.unique``: the distinct values (a data-dependent length), with the inverse
    indices and counts where asked for."""
    return input.unique(sorted, return_inverse, return_counts, dim)


def _like(name: str) -> Callable[..., Tensor]:
    base = globals()[name]

    def make(
        input: Tensor,  # noqa: A002
        *,
        dtype: object = None,
        device: object = None,
        requires_grad: builtins.bool = False,
    ) -> Tensor:
        return base(
            *input.shape, dtype=dtype or input.dtype, device=device, requires_grad=requires_grad
        )

    make.__name__ = make.__qualname__ = f"{name}_like"
    return make


zeros_like = _like("zeros")
ones_like = _like("ones")
empty_like = _like("zeros")
empty_like.__name__ = "empty_like"
rand_like = _like("rand")
randn_like = _like("randn")


def full_like(
    input: Tensor,  # noqa: A002
    fill_value: object,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    return full(
        input.shape,
        fill_value,
        dtype=dtype or input.dtype,
        device=device,
        requires_grad=requires_grad,
    )


def topk(
    input: Tensor,  # noqa: A002
    k: builtins.int,
    dim: builtins.int = -1,
    largest: builtins.bool = True,
    sorted: builtins.bool = True,  # noqa: A002
) -> Any:
    """``torch.topk``: ``(values, indices)``."""
    return input.topk(k, dim, largest, sorted)


_F = TypeVar("_F", bound=Callable[..., Any])


def _in_mode(fn: _F, mode: builtins.bool) -> _F:
    """``fn`` run with this thread's grad mode set to ``mode`` (restored after)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        prev = _core._set_grad_enabled(mode)
        try:
            return fn(*args, **kwargs)
        finally:
            _core._set_grad_enabled(prev)

    return wrapper  # type: ignore[return-value]


class set_grad_enabled:  # noqa: N801  (torch.set_grad_enabled)
    """``torch.set_grad_enabled(mode)``: sets this thread's grad mode now (as torch does) and,
    used as a context manager or decorator, restores the previous one at the end."""

    def __init__(self, mode: builtins.bool) -> None:
        self.prev = _core._set_grad_enabled(mode)
        self.mode = mode

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        _core._set_grad_enabled(self.prev)

    def __call__(self, fn: _F) -> _F:
        _core._set_grad_enabled(self.prev)
        return _in_mode(fn, self.mode)


class _GradMode:
    """A context manager and decorator that sets the grad mode to ``_mode`` inside."""

    _mode = False

    def __init__(self) -> None:
        self._prev: list[builtins.bool] = []

    def __enter__(self) -> None:
        self._prev.append(_core._set_grad_enabled(self._mode))

    def __exit__(self, *exc: object) -> None:
        _core._set_grad_enabled(self._prev.pop())

    def __call__(self, fn: _F) -> _F:
        return _in_mode(fn, self._mode)


class no_grad(_GradMode):  # noqa: N801  (torch.no_grad)
    """``torch.no_grad()``: nothing recorded inside is kept for backward, and each value
    lives exactly as long as its handles (an evaluation loop never grows the tape)."""

    _mode = False


class enable_grad(_GradMode):  # noqa: N801
    """``torch.enable_grad()``: record for backward inside (within a ``no_grad``)."""

    _mode = True


class inference_mode(_GradMode):  # noqa: N801
    """``torch.inference_mode(mode=True)``: ``no_grad`` here (the same guarantees)."""

    def __init__(self, mode: builtins.bool = True) -> None:
        super().__init__()
        self._mode = not mode
