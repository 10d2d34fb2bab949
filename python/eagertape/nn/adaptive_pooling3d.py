"""``AdaptiveAvgPool3d`` and ``AdaptiveMaxPool3d`` over ``F.adaptive_avg_pool3d`` and
``F.adaptive_max_pool3d`` (LibTorch's kernels, ``src/ops/sliding.rs``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core import Session, Tensor
from . import functional as F
from ._utils import _bool
from .module import Module

__all__ = ["AdaptiveAvgPool3d", "AdaptiveMaxPool3d"]


class AdaptiveAvgPool3d(Module):
    """Applies a 3D adaptive average pooling over an input signal composed of several input
    planes.

    The output is of size ``D x H x W`` for any input size; each output value averages the
    input elements of its bin (torch's bins). See
    `eagertape.nn.functional.adaptive_avg_pool3d`.

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)``; output: ``(N, C, D, H,
    W)`` or ``(C, D, H, W)``.

    Args:
        output_size (int or tuple[int or None, int or None, int or None]): the target output
            size ``D x H x W``: an int for a cube, or three entries that may be ``None``
            (that size is the input's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.AdaptiveAvgPool3d((1, None, 2))(et.ones(2, 3, 4, 5, 6)).shape)
        (2, 3, 1, 5, 2)
    """

    def __init__(self, output_size: int | Sequence[int | None]) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.adaptive_avg_pool3d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool3d(Module):
    """Applies a 3D adaptive max pooling over an input signal composed of several input
    planes.

    The output is of size ``D x H x W`` for any input size; each output value is the
    maximum of its bin. See `eagertape.nn.functional.adaptive_max_pool3d`.

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)``; output: ``(N, C, D, H,
    W)`` or ``(C, D, H, W)``.

    Args:
        output_size (int or tuple[int or None, int or None, int or None]): the target output
            size ``D x H x W``: an int for a cube, or three entries that may be ``None``.
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AdaptiveMaxPool3d(1)(et.arange(8.0).reshape(1, 1, 2, 2, 2)).tolist()
        [[[[[7.0]]]]]
    """

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = _bool(return_indices, "return_indices")

    def forward(self, sess: Session, x: Tensor) -> Any:
        return F.adaptive_max_pool3d(x, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"
