"""torch's ``nn.Upsample``, ``nn.UpsamplingNearest2d`` and ``nn.UpsamplingBilinear2d``:
modules without parameters calling ``F.interpolate``."""

from __future__ import annotations

from typing import Any

from .functional import interpolate
from .module import Module

__all__ = ["Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d"]


class Upsample(Module):
    """Upsamples a given multi-channel 1D (temporal), 2D (spatial) or 3D (volumetric) data.

    The input is ``(N, C, W)``, ``(N, C, H, W)`` or ``(N, C, D, H, W)``; the output size is
    ``size``, or ``floor(input_size * scale_factor)`` per spatial dimension. The module calls
    `eagertape.nn.functional.interpolate` with its settings at every call, so invalid
    settings (both or neither of ``size`` and ``scale_factor``, an unknown ``mode``, a mode
    that does not fit the input's rank) raise there, not in the constructor.

    Args:
        size (int or tuple[int, ...], optional): output spatial sizes. Default: ``None``.
        scale_factor (float or tuple[float, ...], optional): multiplier for spatial size
            (an int is stored as a float). Default: ``None``.
        mode (str): the upsampling algorithm: one of "nearest", "linear", "bilinear",
            "bicubic", "trilinear" and "area". Default: "nearest".
        align_corners (bool, optional): if ``True``, the corner pixels of the input and
            output tensors are aligned, and thus preserving the values at those pixels. Only
            for the interpolating modes ("linear", "bilinear", "bicubic", "trilinear").
            Default: ``None`` (``False``).
        recompute_scale_factor (bool, optional): recompute the scale factor from the output
            size for use in the interpolation calculation, instead of passing
            ``scale_factor`` to the kernel. Default: ``None`` (``False``).

    Examples:
        >>> import eagertape as et
        >>> up = et.nn.Upsample(scale_factor=2, mode="nearest")
        >>> with et.Session():
        ...     up(et.tensor([[[[1.0, 2.0]]]])).tolist()
        [[[[1.0, 1.0, 2.0, 2.0], [1.0, 1.0, 2.0, 2.0]]]]
    """

    def __init__(
        self,
        size: Any = None,
        scale_factor: Any = None,
        mode: str = "nearest",
        align_corners: bool | None = None,
        recompute_scale_factor: bool | None = None,
    ) -> None:
        super().__init__()
        self.size = size
        self.scale_factor = float(scale_factor) if isinstance(scale_factor, int) else scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input: Any) -> Any:  # noqa: A002
        return interpolate(
            input,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            recompute_scale_factor=self.recompute_scale_factor,
        )

    def extra_repr(self) -> str:
        what = f"scale_factor={self.scale_factor!r}" if self.size is None else f"size={self.size!r}"
        return f"{what}, mode={self.mode!r}"


class UpsamplingNearest2d(Upsample):
    """Applies a 2D nearest neighbor upsampling to an input signal composed of several input
    channels.

    ``Upsample(size, scale_factor, mode="nearest")``; give exactly one of ``size`` and
    ``scale_factor``. Input: ``(N, C, H_in, W_in)``; output: ``(N, C, H_out, W_out)``.

    Args:
        size (int or tuple[int, int], optional): output spatial sizes. Default: ``None``.
        scale_factor (float or tuple[float, float], optional): multiplier for spatial size.
            Default: ``None``.
    """

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Applies a 2D bilinear upsampling to an input signal composed of several input
    channels.

    ``Upsample(size, scale_factor, mode="bilinear", align_corners=True)``; give exactly one
    of ``size`` and ``scale_factor``. Input: ``(N, C, H_in, W_in)``; output:
    ``(N, C, H_out, W_out)``.

    Args:
        size (int or tuple[int, int], optional): output spatial sizes. Default: ``None``.
        scale_factor (float or tuple[float, float], optional): multiplier for spatial size.
            Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> up = et.nn.UpsamplingBilinear2d(size=(1, 3))
        >>> with et.Session():
        ...     up(et.tensor([[[[0.0, 2.0]]]])).tolist()
        [[[[0.0, 1.0, 2.0]]]]
    """

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)
