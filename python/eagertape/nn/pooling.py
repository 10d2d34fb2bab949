"""Pooling: ``MaxPool1d``/``2d``, ``AvgPool1d``/``2d`` and ``AdaptiveAvgPool1d``/``2d``; no
parameters (the 1-D ones run the 2-D kernels on a single row). The ops
check their arguments against the input (typed errors, nothing recorded)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core import (
    Session,
    Tensor,
    adaptive_avg_pool2d,
    adaptive_max_pool2d,
    avg_pool2d,
    avg_pool3d,
    fold,
    max_pool2d,
    max_pool3d,
    unfold,
)
from .._errors import ConfigError
from ._utils import _bool
from .module import Module

__all__ = [
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AvgPool3d",
    "Fold",
    "MaxPool3d",
    "Unfold",
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AvgPool1d",
    "AvgPool2d",
    "MaxPool1d",
    "MaxPool2d",
]

_Size = int | Sequence[int]


class MaxPool2d(Module):
    """``torch.nn.MaxPool2d``; ``stride`` defaults to ``kernel_size``. ``return_indices=True``
    is not supported (ConfigError)."""

    def __init__(
        self,
        kernel_size: _Size,
        stride: _Size | None = None,
        padding: _Size = 0,
        dilation: _Size = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        if _bool(return_indices, "return_indices"):
            raise ConfigError("MaxPool2d: return_indices=True is not supported")
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = False
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return max_pool2d(
            x, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode
        )

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class AvgPool2d(Module):
    """``torch.nn.AvgPool2d``; ``stride`` defaults to ``kernel_size``."""

    def __init__(
        self,
        kernel_size: _Size,
        stride: _Size | None = None,
        padding: _Size = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")
        self.count_include_pad = _bool(count_include_pad, "count_include_pad")
        self.divisor_override = divisor_override

    _function = staticmethod(avg_pool2d)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return self._function(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2d(Module):
    """``torch.nn.AdaptiveAvgPool2d``: ``output_size`` an int, or a pair whose entries may be
    None (keep that dim's size)."""

    def __init__(self, output_size: int | Sequence[int | None]) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return adaptive_avg_pool2d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxPool1d(Module):
    """``torch.nn.MaxPool1d``; ``stride`` defaults to ``kernel_size``."""

    def __init__(
        self,
        kernel_size: _Size,
        stride: _Size | None = None,
        padding: _Size = 0,
        dilation: _Size = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        if return_indices:
            raise ConfigError("MaxPool1d: return_indices=True is not supported")
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = False
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import max_pool1d

        return max_pool1d(
            x, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1d(Module):
    """``torch.nn.AvgPool1d``; ``stride`` defaults to ``kernel_size``."""

    def __init__(
        self,
        kernel_size: _Size,
        stride: _Size | None = None,
        padding: _Size = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")
        self.count_include_pad = _bool(count_include_pad, "count_include_pad")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import avg_pool1d

        return avg_pool1d(
            x, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool1d(Module):
    """``torch.nn.AdaptiveAvgPool1d``."""

    def __init__(self, output_size: int | Sequence[int]) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import adaptive_avg_pool1d

        return adaptive_avg_pool1d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class _NoIndices(Module):
    def _check(self, return_indices: bool) -> None:
        if return_indices:
            raise ConfigError(f"{type(self).__name__}: return_indices=True is not supported")


class AdaptiveMaxPool1d(_NoIndices):
    """``torch.nn.AdaptiveMaxPool1d``."""

    def __init__(self, output_size: int | Sequence[int], return_indices: bool = False) -> None:
        super().__init__()
        self._check(return_indices)
        self.output_size = output_size
        self.return_indices = False

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import adaptive_max_pool1d

        return adaptive_max_pool1d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(_NoIndices):
    """``torch.nn.AdaptiveMaxPool2d``: ``output_size`` an int or a pair (None keeps a size)."""

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self._check(return_indices)
        self.output_size = output_size
        self.return_indices = False

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return adaptive_max_pool2d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxPool3d(_NoIndices):
    """``torch.nn.MaxPool3d``; ``stride`` defaults to ``kernel_size``."""

    def __init__(
        self,
        kernel_size: _Size,
        stride: _Size | None = None,
        padding: _Size = 0,
        dilation: _Size = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        self._check(return_indices)
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = False
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return max_pool3d(
            x, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool3d(AvgPool2d):
    """``torch.nn.AvgPool3d``; ``stride`` defaults to ``kernel_size``."""

    _function = staticmethod(avg_pool3d)


class Unfold(Module):
    """``torch.nn.Unfold``: sliding blocks ``(N, C·∏k, L)`` of an ``(N, C, H, W)`` input."""

    def __init__(
        self, kernel_size: _Size, dilation: _Size = 1, padding: _Size = 0, stride: _Size = 1
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return unfold(x, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, dilation={self.dilation}, "
            f"padding={self.padding}, stride={self.stride}"
        )


class Fold(Module):
    """``torch.nn.Fold``: blocks ``(N, C·∏k, L)`` summed back into ``(N, C, *output_size)``."""

    def __init__(
        self,
        output_size: _Size,
        kernel_size: _Size,
        dilation: _Size = 1,
        padding: _Size = 0,
        stride: _Size = 1,
    ) -> None:
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return fold(x, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return (
            f"output_size={self.output_size}, kernel_size={self.kernel_size}, "
            f"dilation={self.dilation}, padding={self.padding}, stride={self.stride}"
        )
