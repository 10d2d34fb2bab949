"""Padding: ``ZeroPad``, ``ConstantPad``, ``ReflectionPad``, ``ReplicationPad`` and
``CircularPad`` in 1, 2 and 3 dims; no parameters. Each holds its ``padding`` (and value) and
calls `eagertape.nn.functional.pad`, which checks the amounts against the input (typed
errors, nothing recorded)."""

from __future__ import annotations

import numbers as _numbers
from collections.abc import Iterable
from typing import Any

from .._core import Session, Tensor
from .._errors import ShapeError
from . import functional as F
from .module import Module

__all__ = [
    "CircularPad1d",
    "CircularPad2d",
    "CircularPad3d",
    "ConstantPad1d",
    "ConstantPad2d",
    "ConstantPad3d",
    "ReflectionPad1d",
    "ReflectionPad2d",
    "ReflectionPad3d",
    "ReplicationPad1d",
    "ReplicationPad2d",
    "ReplicationPad3d",
    "ZeroPad1d",
    "ZeroPad2d",
    "ZeroPad3d",
]

_Padding = int | tuple[int, ...]


def _padding(value: object, n: int) -> tuple[int, ...]:
    """torch's ``_pair`` / ``_quadruple`` / ``_ntuple(6)``: an int repeated ``n`` times, or
    the given amounts as a tuple (torch takes any sequence as it is; ``F.pad`` checks its
    length against the input)."""
    if isinstance(value, _numbers.Integral) and not isinstance(value, bool):
        return (value,) * n  # type: ignore[return-value]
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        items = tuple(value)
        if all(isinstance(v, _numbers.Integral) and not isinstance(v, bool) for v in items):
            return items
    raise TypeError(f"padding must be an int or a sequence of ints, got {value!r}")


def _value(value: object) -> Any:
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError(f"value must be a number, got {type(value).__name__} {value!r}")
    return value


class _PadNd(Module):
    _n: int = 2
    _mode: str = "constant"

    def __init__(self, padding: _Padding) -> None:
        super().__init__()
        self.padding = _padding(padding, self._n)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.pad(x, self.padding, self._mode)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding: _Padding, value: float) -> None:
        super().__init__(padding)
        self.value = _value(value)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.pad(x, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Pads the input tensor boundaries with a constant value.

    Input: ``(C, W_in)`` or ``(N, C, W_in)``; output: ``(C, W_out)`` or ``(N, C, W_out)``
    with ``W_out = W_in + padding_left + padding_right``. Negative amounts crop. See
    `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int]): the size of the padding. An int uses the same
            padding on both boundaries; a 2-tuple is ``(padding_left, padding_right)``.
        value (float): the fill value.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints, or ``value`` not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ConstantPad1d((1, 2), 3.5)(et.tensor([[1.0, 2.0]])).tolist()
        [[3.5, 1.0, 2.0, 3.5, 3.5]]
    """


class ConstantPad2d(_ConstantPadNd):
    """Pads the input tensor boundaries with a constant value.

    Input: ``(C, H_in, W_in)`` or ``(N, C, H_in, W_in)``; output: ``(C, H_out, W_out)`` or
    ``(N, C, H_out, W_out)`` with ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``. Negative amounts crop. See
    `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int]): the size of the padding. An int uses the
            same padding on all boundaries; a 4-tuple is ``(padding_left, padding_right,
            padding_top, padding_bottom)``.
        value (float): the fill value.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints, or ``value`` not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ConstantPad2d((1, 0, 0, 1), 9.0)(et.tensor([[[1.0]]])).tolist()
        [[[9.0, 1.0], [9.0, 9.0]]]
    """

    _n = 4


class ConstantPad3d(_ConstantPadNd):
    """Pads the input tensor boundaries with a constant value.

    Input: ``(C, D_in, H_in, W_in)`` or ``(N, C, D_in, H_in, W_in)``; output: the same rank
    with ``D_out = D_in + padding_front + padding_back``, ``H_out = H_in + padding_top +
    padding_bottom`` and ``W_out = W_in + padding_left + padding_right``. Negative amounts
    crop. See `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int, int, int]): the size of the padding. An
            int uses the same padding on all boundaries; a 6-tuple is ``(padding_left,
            padding_right, padding_top, padding_bottom, padding_front, padding_back)``.
        value (float): the fill value.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints, or ``value`` not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.ConstantPad3d(1, 0.5)(et.ones(1, 1, 2, 2)).shape)
        (1, 3, 4, 4)
    """

    _n = 6


class ZeroPad1d(ConstantPad1d):
    """Pads the input tensor boundaries with zero.

    A `ConstantPad1d` with ``value=0.0``. Input: ``(C, W_in)`` or ``(N, C, W_in)``; output:
    ``(C, W_out)`` or ``(N, C, W_out)`` with ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int]): the size of the padding. An int uses the same
            padding on both boundaries; a 2-tuple is ``(padding_left, padding_right)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ZeroPad1d(1)(et.tensor([[1.0, 2.0]])).tolist()
        [[0.0, 1.0, 2.0, 0.0]]
    """

    def __init__(self, padding: _Padding) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    """Pads the input tensor boundaries with zero.

    A `ConstantPad2d` with ``value=0.0``. Input: ``(C, H_in, W_in)`` or
    ``(N, C, H_in, W_in)``; output: ``(C, H_out, W_out)`` or ``(N, C, H_out, W_out)`` with
    ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int, int, int]): the size of the padding. An int uses the
            same padding on all boundaries; a 4-tuple is ``(padding_left, padding_right,
            padding_top, padding_bottom)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ZeroPad2d((1, 0, 0, 1))(et.tensor([[[1.0]]])).tolist()
        [[[0.0, 1.0], [0.0, 0.0]]]
    """

    def __init__(self, padding: _Padding) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    """Pads the input tensor boundaries with zero.

    A `ConstantPad3d` with ``value=0.0``. Input: ``(C, D_in, H_in, W_in)`` or
    ``(N, C, D_in, H_in, W_in)``; output: the same rank with
    ``D_out = D_in + padding_front + padding_back``,
    ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int, int, int, int, int]): the size of the padding. An
            int uses the same padding on all boundaries; a 6-tuple is ``(padding_left,
            padding_right, padding_top, padding_bottom, padding_front, padding_back)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.ZeroPad3d((1, 1, 2, 0, 0, 1))(et.ones(1, 1, 2, 2)).shape)
        (1, 2, 4, 4)
    """

    def __init__(self, padding: _Padding) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ReflectionPad1d(_PadNd):
    """Pads the input tensor using the reflection of the input boundary.

    Input: ``(C, W_in)`` or ``(N, C, W_in)``; output: ``(C, W_out)`` or ``(N, C, W_out)``
    with ``W_out = W_in + padding_left + padding_right``; each amount must be less than the
    input's size in that dimension. See `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int]): the size of the padding. An int uses the same
            padding on both boundaries; a 2-tuple is ``(padding_left, padding_right)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ReflectionPad1d(2)(et.tensor([[0.0, 1.0, 2.0, 3.0]])).tolist()
        [[2.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 1.0]]
    """

    _mode = "reflect"


class ReflectionPad2d(_PadNd):
    """Pads the input tensor using the reflection of the input boundary.

    Input: ``(C, H_in, W_in)`` or ``(N, C, H_in, W_in)``; output: ``(C, H_out, W_out)`` or
    ``(N, C, H_out, W_out)`` with ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``; each amount must be less than the
    input's size in that dimension. See `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int]): the size of the padding. An int uses the
            same padding on all boundaries; a 4-tuple is ``(padding_left, padding_right,
            padding_top, padding_bottom)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[[0.0, 1.0], [2.0, 3.0]]])
        ...     et.nn.ReflectionPad2d((1, 0, 0, 1))(x).tolist()
        [[[1.0, 0.0, 1.0], [3.0, 2.0, 3.0], [1.0, 0.0, 1.0]]]
    """

    _n = 4
    _mode = "reflect"


class ReflectionPad3d(_PadNd):
    """Pads the input tensor using the reflection of the input boundary.

    Input: ``(C, D_in, H_in, W_in)`` or ``(N, C, D_in, H_in, W_in)``; output: the same rank
    with ``D_out = D_in + padding_front + padding_back``, ``H_out = H_in + padding_top +
    padding_bottom`` and ``W_out = W_in + padding_left + padding_right``; each amount must be
    less than the input's size in that dimension. See `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int, int, int]): the size of the padding. An
            int uses the same padding on all boundaries; a 6-tuple is ``(padding_left,
            padding_right, padding_top, padding_bottom, padding_front, padding_back)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.ReflectionPad3d(1)(et.ones(1, 1, 2, 2, 2)).shape)
        (1, 1, 4, 4, 4)
    """

    _n = 6
    _mode = "reflect"


class ReplicationPad1d(_PadNd):
    """Pads the input tensor using replication of the input boundary.

    Input: ``(C, W_in)`` or ``(N, C, W_in)``; output: ``(C, W_out)`` or ``(N, C, W_out)``
    with ``W_out = W_in + padding_left + padding_right``. See
    `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int]): the size of the padding. An int uses the same
            padding on both boundaries; a 2-tuple is ``(padding_left, padding_right)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ReplicationPad1d((2, 1))(et.tensor([[1.0, 2.0]])).tolist()
        [[1.0, 1.0, 1.0, 2.0, 2.0]]
    """

    _mode = "replicate"


class ReplicationPad2d(_PadNd):
    """Pads the input tensor using replication of the input boundary.

    Input: ``(C, H_in, W_in)`` or ``(N, C, H_in, W_in)``; output: ``(C, H_out, W_out)`` or
    ``(N, C, H_out, W_out)`` with ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``. See `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int]): the size of the padding. An int uses the
            same padding on all boundaries; a 4-tuple is ``(padding_left, padding_right,
            padding_top, padding_bottom)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[[0.0, 1.0], [2.0, 3.0]]])
        ...     et.nn.ReplicationPad2d((1, 0, 0, 1))(x).tolist()
        [[[0.0, 0.0, 1.0], [2.0, 2.0, 3.0], [2.0, 2.0, 3.0]]]
    """

    _n = 4
    _mode = "replicate"


class ReplicationPad3d(_PadNd):
    """Pads the input tensor using replication of the input boundary.

    Input: ``(C, D_in, H_in, W_in)`` or ``(N, C, D_in, H_in, W_in)``; output: the same rank
    with ``D_out = D_in + padding_front + padding_back``, ``H_out = H_in + padding_top +
    padding_bottom`` and ``W_out = W_in + padding_left + padding_right``. See
    `eagertape.nn.functional.pad`.

    Args:
        padding (int or tuple[int, int, int, int, int, int]): the size of the padding. An
            int uses the same padding on all boundaries; a 6-tuple is ``(padding_left,
            padding_right, padding_top, padding_bottom, padding_front, padding_back)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.ReplicationPad3d(2)(et.ones(1, 1, 1, 1, 1)).shape)
        (1, 1, 5, 5, 5)
    """

    _n = 6
    _mode = "replicate"


class _CircularPadNd(_PadNd):
    _mode = "circular"
    _ranks: tuple[int, int] = (2, 3)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        low, high = self._ranks
        if x.ndim not in self._ranks:
            raise ShapeError(f"expected {low}D or {high}D input (got {x.ndim}D input)")
        return F.pad(x, self.padding, self._mode)


class CircularPad1d(_CircularPadNd):
    """Pads the input tensor using circular padding of the input boundary.

    Tensor values at the beginning of the dimension are used to pad the end, and values at
    the end are used to pad the beginning; an amount may be at most the input's size in that
    dimension (negative amounts crop). See `eagertape.nn.functional.pad`.

    Input: ``(C, W_in)`` or ``(N, C, W_in)``; output: ``(C, W_out)`` or ``(N, C, W_out)``
    with ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int]): the size of the padding. An int uses the same
            padding on both boundaries; a 2-tuple is ``(padding_left, padding_right)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.
        ShapeError: the input is neither 2-D nor 3-D (at the call; a ``ValueError``, as
            torch's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.CircularPad1d((1, 2))(et.tensor([[0.0, 1.0, 2.0]])).tolist()
        [[2.0, 0.0, 1.0, 2.0, 0.0, 1.0]]
    """


class CircularPad2d(_CircularPadNd):
    """Pads the input tensor using circular padding of the input boundary.

    Tensor values at the beginning of the dimension are used to pad the end, and values at
    the end are used to pad the beginning; an amount may be at most the input's size in that
    dimension (negative amounts crop). See `eagertape.nn.functional.pad`.

    Input: ``(C, H_in, W_in)`` or ``(N, C, H_in, W_in)``; output: ``(C, H_out, W_out)`` or
    ``(N, C, H_out, W_out)`` with ``H_out = H_in + padding_top + padding_bottom`` and
    ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int, int, int]): the size of the padding. An int uses the
            same padding on all boundaries; a 4-tuple is ``(padding_left, padding_right,
            padding_top, padding_bottom)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.
        ShapeError: the input is neither 3-D nor 4-D (at the call; a ``ValueError``, as
            torch's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[[0.0, 1.0], [2.0, 3.0]]])
        ...     et.nn.CircularPad2d((1, 0, 0, 1))(x).tolist()
        [[[1.0, 0.0, 1.0], [3.0, 2.0, 3.0], [1.0, 0.0, 1.0]]]
    """

    _n = 4
    _ranks = (3, 4)


class CircularPad3d(_CircularPadNd):
    """Pads the input tensor using circular padding of the input boundary.

    Tensor values at the beginning of the dimension are used to pad the end, and values at
    the end are used to pad the beginning; an amount may be at most the input's size in that
    dimension (negative amounts crop). See `eagertape.nn.functional.pad`.

    Input: ``(C, D_in, H_in, W_in)`` or ``(N, C, D_in, H_in, W_in)``; output: the same rank
    with ``D_out = D_in + padding_front + padding_back``, ``H_out = H_in + padding_top +
    padding_bottom`` and ``W_out = W_in + padding_left + padding_right``.

    Args:
        padding (int or tuple[int, int, int, int, int, int]): the size of the padding. An
            int uses the same padding on all boundaries; a 6-tuple is ``(padding_left,
            padding_right, padding_top, padding_bottom, padding_front, padding_back)``.

    Raises:
        TypeError: ``padding`` is not an int or a sequence of ints.
        ShapeError: the input is neither 4-D nor 5-D (at the call; a ``ValueError``, as
            torch's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.CircularPad3d(1)(et.ones(1, 1, 2, 2, 2)).shape)
        (1, 1, 4, 4, 4)
    """

    _n = 6
    _ranks = (4, 5)
