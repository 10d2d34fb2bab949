"""torch's ``nn.PixelShuffle`` and ``nn.PixelUnshuffle`` (no parameters)."""

from __future__ import annotations

from typing import Any

from ._utils import _positive_int
from .functional import pixel_shuffle, pixel_unshuffle
from .module import Module

__all__ = ["PixelShuffle", "PixelUnshuffle"]


class PixelShuffle(Module):
    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = _positive_int(upscale_factor, "upscale_factor")

    def forward(self, input: Any) -> Any:  # noqa: A002
        return pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = _positive_int(downscale_factor, "downscale_factor")

    def forward(self, input: Any) -> Any:  # noqa: A002
        return pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"
