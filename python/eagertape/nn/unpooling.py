"""``MaxUnpool1d``/``2d``/``3d`` (the partial inverses of the max poolings, over
``F.max_unpool*d``) and ``FractionalMaxPool2d``/``3d`` (over ``F.fractional_max_pool*d``);
no parameters. The ops are LibTorch's kernels (``src/ops/pool_indices.rs``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._core import Tensor
from . import functional as F
from ._utils import _bool, _ntuple
from .module import Module

__all__ = [
    "FractionalMaxPool2d",
    "FractionalMaxPool3d",
    "MaxUnpool1d",
    "MaxUnpool2d",
    "MaxUnpool3d",
]

_Size = int | Sequence[int]
# each module's functional form, by its number of spatial dims
_UNPOOLS: dict[int, Callable[..., Tensor]] = {
    1: F.max_unpool1d,
    2: F.max_unpool2d,
    3: F.max_unpool3d,
}
_FRACTIONAL: dict[int, Callable[..., Any]] = {
    2: F.fractional_max_pool2d,
    3: F.fractional_max_pool3d,
}


class _MaxUnpoolNd(Module):
    _n = 0

    def __init__(self, kernel_size: _Size, stride: _Size | None = None, padding: _Size = 0) -> None:
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, self._n, "kernel_size")
        given = stride if stride is not None else kernel_size
        self.stride = _ntuple(given, self._n, "stride")
        self.padding = _ntuple(padding, self._n, "padding")

    def forward(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:  # noqa: A002
        return _UNPOOLS[self._n](
            input, indices, self.kernel_size, self.stride, self.padding, output_size
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpoolNd):
    """Computes a partial inverse of ``MaxPool1d``: each value goes to the position its
    index names, every other position is zero (see `eagertape.nn.functional.max_unpool1d`).

    Input: ``(N, C, H_in)`` or ``(C, H_in)`` and the int64 indices ``MaxPool1d(...,
    return_indices=True)`` gave; output: ``(N, C, H_out)`` or ``(C, H_out)`` with ``H_out =
    (H_in - 1) * stride - 2 * padding + kernel_size``, or the ``output_size`` given to the
    call (within one stride of it).

    Args:
        kernel_size (int or tuple[int]): the pooling's window.
        stride (int or tuple[int], optional): the pooling's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple[int]): the pooling's padding. Default: 0.

    Raises:
        TypeError: a size that is not an int or a 1-tuple.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     v, i = et.nn.MaxPool1d(2, return_indices=True)(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]))
        ...     et.nn.MaxUnpool1d(2)(v, i).tolist()
        [[[0.0, 3.0, 0.0, 5.0]]]
    """

    _n = 1


class MaxUnpool2d(_MaxUnpoolNd):
    """Computes a partial inverse of ``MaxPool2d``: each value goes to the position its
    index names in its plane, every other position is zero (see
    `eagertape.nn.functional.max_unpool2d`).

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)`` and the int64 indices
    ``MaxPool2d(..., return_indices=True)`` gave; output: ``H_out = (H_in - 1) * stride[0] -
    2 * padding[0] + kernel_size[0]`` (likewise ``W_out``), or the ``output_size`` given to
    the call.

    Args:
        kernel_size (int or tuple[int, int]): the pooling's window.
        stride (int or tuple[int, int], optional): the pooling's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple[int, int]): the pooling's padding. Default: 0.

    Raises:
        TypeError: a size that is not an int or a pair.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     v, i = et.nn.MaxPool2d(2, return_indices=True)(x)
        ...     et.nn.MaxUnpool2d(2)(v, i)[0, 0, 1].tolist()
        [0.0, 5.0, 0.0, 7.0]
    """

    _n = 2


class MaxUnpool3d(_MaxUnpoolNd):
    """Computes a partial inverse of ``MaxPool3d``: each value goes to the position its
    index names in its volume, every other position is zero (see
    `eagertape.nn.functional.max_unpool3d`).

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)`` and the int64 indices
    ``MaxPool3d(..., return_indices=True)`` gave; output: ``D_out = (D_in - 1) * stride[0] -
    2 * padding[0] + kernel_size[0]`` (likewise ``H_out``, ``W_out``), or the
    ``output_size`` given to the call.

    Args:
        kernel_size (int or tuple[int, int, int]): the pooling's window.
        stride (int or tuple[int, int, int], optional): the pooling's stride. Default:
            ``None`` (``kernel_size``).
        padding (int or tuple[int, int, int]): the pooling's padding. Default: 0.

    Raises:
        TypeError: a size that is not an int or a triple.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     v, i = et.nn.MaxPool3d(2, return_indices=True)(et.ones(1, 1, 2, 2, 2))
        ...     tuple(et.nn.MaxUnpool3d(2)(v, i).shape)
        (1, 1, 2, 2, 2)
    """

    _n = 3


def _ratio(value: object, n: int) -> tuple[float, ...]:
    """torch's ``_pair``/``_triple`` of ``output_ratio``, each in ``(0, 1)``."""
    items: tuple[object, ...] = tuple(value) if isinstance(value, Sequence) else (value,) * n
    ratio = tuple(float(r) for r in items if isinstance(r, int | float) and not isinstance(r, bool))
    if len(ratio) != n or len(items) != n:
        raise TypeError(f"output_ratio must be a float or {n} floats, got {value!r}")
    if not all(0 < r < 1 for r in ratio):
        raise ValueError(f"output_ratio must be between 0 and 1 (got {value})")
    return ratio


class _FractionalMaxPoolNd(Module):
    _n = 0
    _random_samples: Tensor | None

    def __init__(
        self,
        kernel_size: _Size,
        output_size: _Size | None = None,
        output_ratio: float | Sequence[float] | None = None,
        return_indices: bool = False,
        _random_samples: Tensor | None = None,
    ) -> None:
        super().__init__()
        name = type(self).__name__
        self.kernel_size = _ntuple(kernel_size, self._n, "kernel_size")
        self.return_indices = _bool(return_indices, "return_indices")
        self.register_buffer("_random_samples", _random_samples)
        if output_size is None and output_ratio is None:
            raise ValueError(
                f"{name} requires specifying either an output size, or a pooling ratio"
            )
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        self.output_size = (
            _ntuple(output_size, self._n, "output_size") if output_size is not None else None
        )
        self.output_ratio = _ratio(output_ratio, self._n) if output_ratio is not None else None

    def forward(self, input: Tensor) -> Any:  # noqa: A002
        return _FRACTIONAL[self._n](
            input,
            self.kernel_size,
            self.output_size,
            self.output_ratio,
            self.return_indices,
            _random_samples=self._random_samples,
        )


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """Applies a 2D fractional max pooling over an input signal composed of several input
    planes (Ben Graham's pseudo-random windows; see
    `eagertape.nn.functional.fractional_max_pool2d`: the windows' samples are drawn from the
    session's generator at each call unless ``_random_samples`` fixes them).

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: ``(N, C, H_out, W_out)``
    or ``(C, H_out, W_out)``, the ``output_size``, or ``output_ratio`` of the input's.

    Args:
        kernel_size (int or tuple[int, int]): the window's size.
        output_size (int or tuple[int, int], optional): the output's size.
        output_ratio (float or tuple[float, float], optional): the output's size as a
            fraction of the input's, each in ``(0, 1)``.
        return_indices (bool): also return the int64 indices of the maxima. Default:
            ``False``.
        _random_samples (Tensor, optional): the windows' samples, ``(N, C, 2)`` in ``[0, 1)``,
            used at every call (a buffer). Default: ``None`` (drawn at each call).

    Raises:
        ValueError: neither or both of ``output_size`` and ``output_ratio``, or a ratio
            outside ``(0, 1)``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     pool = et.nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.5))
        ...     tuple(pool(et.randn(2, 4, 10, 10)).shape)
        (2, 4, 5, 5)
    """

    _n = 2


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """Applies a 3D fractional max pooling over an input signal composed of several input
    planes (see `eagertape.nn.functional.fractional_max_pool3d`: the windows' samples are
    drawn from the session's generator at each call unless ``_random_samples`` fixes them).

    Input: ``(N, C, T_in, H_in, W_in)`` or ``(C, T_in, H_in, W_in)``; output: the
    ``output_size``, or ``output_ratio`` of the input's.

    Args:
        kernel_size (int or tuple[int, int, int]): the window's size.
        output_size (int or tuple[int, int, int], optional): the output's size.
        output_ratio (float or tuple[float, float, float], optional): the output's size as a
            fraction of the input's, each in ``(0, 1)``.
        return_indices (bool): also return the int64 indices of the maxima. Default:
            ``False``.
        _random_samples (Tensor, optional): the windows' samples, ``(N, C, 3)`` in ``[0, 1)``,
            used at every call (a buffer). Default: ``None`` (drawn at each call).

    Raises:
        ValueError: neither or both of ``output_size`` and ``output_ratio``, or a ratio
            outside ``(0, 1)``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     pool = et.nn.FractionalMaxPool3d(2, output_size=(2, 3, 3))
        ...     tuple(pool(et.randn(1, 2, 6, 6, 6)).shape)
        (1, 2, 2, 3, 3)
    """

    _n = 3
