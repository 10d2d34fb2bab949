"""``LPPool1d``, ``LPPool2d``, ``LPPool3d``: power-average pooling over
``F.lp_pool1d/2d/3d`` (``src/ops/lp_pool.rs``)."""

from __future__ import annotations

from typing import Any

from .._core import Session, Tensor
from . import functional as F
from ._utils import _bool
from .activation import _scalar
from .module import Module

__all__ = ["LPPool1d", "LPPool2d", "LPPool3d"]


class _LPPoolNd(Module):
    def __init__(
        self,
        norm_type: float,
        kernel_size: Any,
        stride: Any = None,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        self.norm_type = _scalar(norm_type, "norm_type")
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def extra_repr(self) -> str:
        return (
            f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}, ceil_mode={self.ceil_mode}"
        )


class LPPool1d(_LPPoolNd):
    """Applies a 1D power-average pooling over an input signal composed of several input
    planes: each window gives ``(sum of x^p) ^ (1 / p)``, ``p = norm_type`` (see
    `eagertape.nn.functional.lp_pool1d`).

    Input: ``(N, C, L_in)`` or ``(C, L_in)``; output: ``(N, C, L_out)`` or ``(C, L_out)``.

    Args:
        norm_type (float): the exponent ``p``.
        kernel_size (int): a single int, the size of the window.
        stride (int, optional): a single int, the stride of the window. Default: ``None``
            (``kernel_size``).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Raises:
        TypeError: ``norm_type`` is not a number, or ``ceil_mode`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.LPPool1d(2, 2)(et.tensor([[[3.0, 4.0]]])).tolist()
        [[[5.0]]]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(_LPPoolNd):
    """Applies a 2D power-average pooling over an input signal composed of several input
    planes: each window gives ``(sum of x^p) ^ (1 / p)``, ``p = norm_type`` (see
    `eagertape.nn.functional.lp_pool2d`).

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: the pooled shape.

    Args:
        norm_type (float): the exponent ``p``.
        kernel_size (int or tuple[int, int]): the size of the window.
        stride (int or tuple[int, int], optional): the stride of the window. Default:
            ``None`` (``kernel_size``).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Raises:
        TypeError: ``norm_type`` is not a number, or ``ceil_mode`` not a bool.
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.lp_pool2d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool3d(_LPPoolNd):
    """Applies a 3D power-average pooling over an input signal composed of several input
    planes: each window gives ``(sum of x^p) ^ (1 / p)``, ``p = norm_type`` (see
    `eagertape.nn.functional.lp_pool3d`).

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)``; output: the pooled
    shape.

    Args:
        norm_type (float): the exponent ``p``.
        kernel_size (int or tuple[int, int, int]): the size of the window.
        stride (int or tuple[int, int, int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Raises:
        TypeError: ``norm_type`` is not a number, or ``ceil_mode`` not a bool.
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.lp_pool3d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)
