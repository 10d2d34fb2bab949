"""Convolutions: ``Conv1d``, ``Conv2d``, ``Conv3d`` (and the base the transposed ones of
``conv_transpose.py`` share), with torch's weight layouts and initialisation."""

from __future__ import annotations

import math as _math
from collections.abc import Callable, Sequence
from typing import Any

from .._core import Parameter, Session, Tensor, conv1d, conv2d, conv3d
from .._errors import ConfigError
from ._utils import (
    _bool,
    _draws,
    _fan_in_bound,
    _kaiming_bound,
    _module_dtype,
    _ntuple,
    _positive_int,
    _uniform,
)
from .module import Module

__all__ = ["Conv1d", "Conv2d", "Conv3d"]

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


class _ConvNd(Module):
    """The shared part: argument checks, the weight and bias and their initialisation.

    The weight is ``(out_channels, in_channels // groups, *kernel_size)``, transposed
    ``(in_channels, out_channels // groups, *kernel_size)``. Both it and the bias are drawn as
    torch's ``reset_parameters`` does: ``kaiming_uniform_(a=sqrt(5))`` and
    ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))``, both bounds ``1/sqrt(fan_in)`` with torch's fan-in
    of the weight, ``weight.shape[1] * prod(kernel_size)`` (so ``in_channels // groups`` of
    it for a convolution and ``out_channels // groups`` for a transposed one); drawn in
    float64 from ``np.random.default_rng(seed)`` (weight first, then bias), then converted
    to ``dtype``.
    """

    def __init__(
        self,
        n: int,
        in_channels: int,
        out_channels: int,
        kernel_size: int | Sequence[int],
        stride: int | Sequence[int],
        padding: int | Sequence[int] | str,
        dilation: int | Sequence[int],
        transposed: bool,
        output_padding: int | Sequence[int],
        groups: int,
        bias: bool,
        padding_mode: str,
        seed: int | None,
        dtype: str,
        device: str | None,
    ) -> None:
        super().__init__()
        self.in_channels = _positive_int(in_channels, "in_channels")
        self.out_channels = _positive_int(out_channels, "out_channels")
        self.groups = _positive_int(groups, "groups")
        if self.in_channels % self.groups:
            raise ConfigError("in_channels must be divisible by groups")
        if self.out_channels % self.groups:
            raise ConfigError("out_channels must be divisible by groups")
        self.kernel_size = _ntuple(kernel_size, n, "kernel_size")
        if any(k <= 0 for k in self.kernel_size):
            raise ConfigError(f"kernel_size must be positive, got {kernel_size!r}")
        self.stride = _ntuple(stride, n, "stride")
        self.dilation = _ntuple(dilation, n, "dilation")
        self.output_padding = _ntuple(output_padding, n, "output_padding")
        if isinstance(padding, str):
            if transposed:
                raise ConfigError(f"padding={padding!r} is not supported for {type(self).__name__}")
            if padding not in ("same", "valid"):
                raise ConfigError(
                    f"Invalid padding string {padding!r}, should be one of ('valid', 'same')"
                )
            if padding == "same" and any(s != 1 for s in self.stride):
                raise ConfigError("padding='same' is not supported for strided convolutions")
            self.padding: tuple[int, ...] | str = padding
        else:
            self.padding = _ntuple(padding, n, "padding")
        if padding_mode not in _PADDING_MODES:
            raise ConfigError(
                f"padding_mode must be one of {list(_PADDING_MODES)}, got {padding_mode!r}"
            )
        if padding_mode != "zeros":
            raise ConfigError(
                f"padding_mode={padding_mode!r} is not supported: eagertape's convolution "
                "modules pad with zeros only (pad the input with "
                f"et.pad(x, ..., mode={padding_mode!r}) and use padding=0)"
            )
        self.padding_mode = padding_mode
        self.transposed = transposed
        has_bias = _bool(bias, "bias")
        if transposed:
            shape = (self.in_channels, self.out_channels // self.groups, *self.kernel_size)
        else:
            shape = (self.out_channels, self.in_channels // self.groups, *self.kernel_size)
        fan_in = shape[1] * _math.prod(self.kernel_size)
        rng = _draws(seed, dtype)
        self.weight = _uniform(rng, _kaiming_bound(fan_in), shape, "weight", dtype, device)
        self.bias: Parameter | None = None
        if has_bias:
            bound = _fan_in_bound(fan_in)
            self.bias = _uniform(rng, bound, (self.out_channels,), "bias", dtype, device)

    def _operands(self, sess: Session) -> tuple[Tensor, Tensor | None]:
        b = sess.use(self.bias) if self.bias is not None else None
        return sess.use(self.weight), b

    def extra_repr(self) -> str:
        s = (
            f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}"
        )
        if self.padding != (0,) * len(self.kernel_size):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.kernel_size):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.kernel_size):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s


class _Conv(_ConvNd):
    """The plain convolutions: torch's constructor, and ``forward`` through ``_function``
    over ``_dims`` spatial dims."""

    _dims = 0

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | Sequence[int],
        stride: int | Sequence[int] = 1,
        padding: int | Sequence[int] | str = 0,
        dilation: int | Sequence[int] = 1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__(
            self._dims,
            in_channels,
            out_channels,
            kernel_size,
            stride,
            padding,
            dilation,
            False,
            0,
            groups,
            bias,
            padding_mode,
            seed,
            dtype,
            device,
        )

    @staticmethod
    def _function(*args: Any) -> Tensor:
        raise NotImplementedError

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        w, b = self._operands(sess)
        return self._function(x, w, b, self.stride, self.padding, self.dilation, self.groups)


class Conv1d(_Conv):
    """Applies a 1D convolution over an input signal composed of several input planes.

    Computes the cross-correlation of the input with ``weight``, of shape
    ``(out_channels, in_channels / groups, kernel_size)``, plus ``bias`` (see `eagertape.conv1d`).
    ``weight`` and ``bias`` (of shape ``(out_channels,)``) are initialized as torch's, both
    from ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with ``fan_in = in_channels / groups *
    prod(kernel_size)``, drawn in float64 from ``np.random.default_rng(seed)`` (weight
    first, then bias) and converted to ``dtype``.
    Unlike torch's, ``padding_mode`` must be "zeros": pad the input with `eagertape.pad` for
    the other modes.

    Input: ``(N, C_in, L_in)`` or ``(C_in, L_in)``; output: ``(N, C_out, L_out)`` or
    ``(C_out, L_out)``, with
    ``L_out = floor((L_in + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1)``.

    Args:
        in_channels (int): number of channels in the input image.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int]): size of the convolving kernel.
        stride (int or tuple[int]): stride of the convolution. Default: 1.
        padding (int or tuple[int], or str): zero padding added to all both sides of the
            input, or "valid" (none) or "same" (the output keeps the input's size; not with
            a stride other than 1). Default: 0.
        dilation (int or tuple[int]): spacing between kernel elements. Default: 1.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        padding_mode (str): must be ``"zeros"``; torch's "reflect", "replicate" and
            "circular" raise ``ConfigError``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, an invalid ``padding`` string, ``padding="same"`` with
            a stride, or a ``padding_mode`` other than "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.Conv1d(16, 33, 3, stride=2, seed=0)
        >>> with et.Session():
        ...     tuple(m(et.ones(20, 16, 50)).shape)
        (20, 33, 24)
    """

    _dims = 1
    _function: Callable[..., Tensor] = staticmethod(conv1d)


class Conv2d(_Conv):
    """Applies a 2D convolution over an input signal composed of several input planes.

    Computes the cross-correlation of the input with ``weight``, of shape
    ``(out_channels, in_channels / groups, kH, kW)``, plus ``bias`` (see `eagertape.conv2d`).
    ``weight`` and ``bias`` (of shape ``(out_channels,)``) are initialized as torch's, both
    from ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with ``fan_in = in_channels / groups *
    prod(kernel_size)``, drawn in float64 from ``np.random.default_rng(seed)`` (weight
    first, then bias) and converted to ``dtype``.
    Unlike torch's, ``padding_mode`` must be "zeros": pad the input with `eagertape.pad` for
    the other modes.

    Input: ``(N, C_in, H_in, W_in)`` or ``(C_in, H_in, W_in)``; output:
    ``(N, C_out, H_out, W_out)`` or ``(C_out, H_out, W_out)``, with each spatial size
    ``floor((size + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1)``.

    Args:
        in_channels (int): number of channels in the input image.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int, ...]): size of the convolving kernel.
        stride (int or tuple[int, ...]): stride of the convolution. Default: 1.
        padding (int or tuple[int, ...], or str): zero padding added to all four sides of
            the input, or "valid" (none) or "same" (the output keeps the input's size; not with
            a stride other than 1). Default: 0.
        dilation (int or tuple[int, ...]): spacing between kernel elements. Default: 1.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        padding_mode (str): must be ``"zeros"``; torch's "reflect", "replicate" and
            "circular" raise ``ConfigError``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, an invalid ``padding`` string, ``padding="same"`` with
            a stride, or a ``padding_mode`` other than "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.Conv2d(16, 33, 3, stride=2, seed=0)
        >>> with et.Session():
        ...     tuple(m(et.ones(20, 16, 50, 100)).shape)
        (20, 33, 24, 49)
    """

    _dims = 2
    _function: Callable[..., Tensor] = staticmethod(conv2d)


class Conv3d(_Conv):
    """Applies a 3D convolution over an input signal composed of several input planes.

    Computes the cross-correlation of the input with ``weight``, of shape
    ``(out_channels, in_channels / groups, kD, kH, kW)``, plus ``bias`` (see `eagertape.conv3d`).
    ``weight`` and ``bias`` (of shape ``(out_channels,)``) are initialized as torch's, both
    from ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with ``fan_in = in_channels / groups *
    prod(kernel_size)``, drawn in float64 from ``np.random.default_rng(seed)`` (weight
    first, then bias) and converted to ``dtype``.
    Unlike torch's, ``padding_mode`` must be "zeros": pad the input with `eagertape.pad` for
    the other modes. It runs on LibTorch's kernels only (no reference backend).

    Input: ``(N, C_in, D_in, H_in, W_in)`` or ``(C_in, D_in, H_in, W_in)``; output:
    ``(N, C_out, D_out, H_out, W_out)`` or ``(C_out, D_out, H_out, W_out)``, with each
    spatial size ``floor((size + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1)``.

    Args:
        in_channels (int): number of channels in the input image.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int, ...]): size of the convolving kernel.
        stride (int or tuple[int, ...]): stride of the convolution. Default: 1.
        padding (int or tuple[int, ...], or str): zero padding added to all six sides of
            the input, or "valid" (none) or "same" (the output keeps the input's size; not with
            a stride other than 1). Default: 0.
        dilation (int or tuple[int, ...]): spacing between kernel elements. Default: 1.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        padding_mode (str): must be ``"zeros"``; torch's "reflect", "replicate" and
            "circular" raise ``ConfigError``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, an invalid ``padding`` string, ``padding="same"`` with
            a stride, or a ``padding_mode`` other than "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.Conv3d(2, 4, 3, seed=0)
        >>> with et.Session():
        ...     tuple(m(et.ones(1, 2, 5, 5, 5)).shape)
        (1, 4, 3, 3, 3)
    """

    _dims = 3
    _function: Callable[..., Tensor] = staticmethod(conv3d)
