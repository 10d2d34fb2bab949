"""torch's ``nn.PixelShuffle`` and ``nn.PixelUnshuffle`` (no parameters)."""

from __future__ import annotations

from typing import Any

from ._utils import _positive_int
from .functional import pixel_shuffle, pixel_unshuffle
from .module import Module

__all__ = ["PixelShuffle", "PixelUnshuffle"]


class PixelShuffle(Module):
    """Rearrange elements in a tensor according to an upscaling factor.

    Rearranges elements in a tensor of shape ``(*, C * r**2, H, W)`` to a tensor of shape
    ``(*, C, H * r, W * r)``, where ``r`` is ``upscale_factor`` (see
    `eagertape.nn.functional.pixel_shuffle`). This is useful for implementing efficient
    sub-pixel convolution with a stride of ``1 / r``.

    Args:
        upscale_factor (int): factor to increase spatial resolution by.

    Raises:
        ConfigError: ``upscale_factor`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.PixelShuffle(3)(et.zeros(1, 9, 4, 4)).shape)
        (1, 1, 12, 12)
    """

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = _positive_int(upscale_factor, "upscale_factor")

    def forward(self, input: Any) -> Any:  # noqa: A002
        return pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """Reverse the `PixelShuffle` operation.

    Rearranges elements in a tensor of shape ``(*, C, H * r, W * r)`` to a tensor of shape
    ``(*, C * r**2, H, W)``, where ``r`` is ``downscale_factor`` (see
    `eagertape.nn.functional.pixel_unshuffle`).

    Args:
        downscale_factor (int): factor to decrease spatial resolution by.

    Raises:
        ConfigError: ``downscale_factor`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.PixelUnshuffle(3)(et.zeros(1, 1, 12, 12)).shape)
        (1, 9, 4, 4)
    """

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = _positive_int(downscale_factor, "downscale_factor")

    def forward(self, input: Any) -> Any:  # noqa: A002
        return pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"
