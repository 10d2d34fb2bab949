"""Transposed convolutions: ``ConvTranspose1d``, ``ConvTranspose2d``, ``ConvTranspose3d``,
with torch's weight layout ``(in_channels, out_channels / groups, *kernel_size)`` and
initialisation (the base ``_ConvNd`` of ``conv.py``), and torch's ``output_size=``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .._core import Session, Tensor, conv_transpose1d, conv_transpose2d, conv_transpose3d
from .._errors import ShapeError
from ._utils import _module_dtype
from .conv import _ConvNd

__all__ = ["ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"]

_FUNCTIONS: dict[int, Callable[..., Tensor]] = {
    1: conv_transpose1d,
    2: conv_transpose2d,
    3: conv_transpose3d,
}


class _ConvTransposeNd(_ConvNd):
    """What the transposed convolutions share: the constructor (torch's positional order),
    the output padding ``output_size=`` picks, and the forward."""

    # the number of spatial dims (the forward records `conv_transpose{_dims}d`)
    _dims: ClassVar[int]

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | Sequence[int],
        stride: int | Sequence[int] = 1,
        padding: int | Sequence[int] = 0,
        output_padding: int | Sequence[int] = 0,
        groups: int = 1,
        bias: bool = True,
        dilation: int | Sequence[int] = 1,
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
            True,
            output_padding,
            groups,
            bias,
            padding_mode,
            seed,
            dtype,
            device,
        )

    def _output_padding(self, x: Tensor, output_size: Sequence[int] | None) -> tuple[int, ...]:
        """torch's ``_ConvTransposeNd._output_padding``."""
        if output_size is None:
            return self.output_padding
        n, name = self._dims, type(self).__name__
        size = [int(s) for s in output_size]
        non_spatial = 2 if len(x.shape) == n + 2 else 1
        if len(size) == non_spatial + n:
            size = size[non_spatial:]
        if len(size) != n:
            raise ShapeError(
                f"{name}: output_size must have {n} or {non_spatial + n} elements (got {len(size)})"
            )
        padding = self.padding
        assert isinstance(padding, tuple)
        out = []
        for d in range(n):
            low = (
                (x.shape[d + non_spatial] - 1) * self.stride[d]
                - 2 * padding[d]
                + self.dilation[d] * (self.kernel_size[d] - 1)
                + 1
            )
            high = low + self.stride[d] - 1
            if not low <= size[d] <= high:
                raise ShapeError(
                    f"{name}: requested an output size of {size}, but valid sizes "
                    f"range from {low} to {high} (for an input of {list(x.shape[non_spatial:])})"
                )
            out.append(size[d] - low)
        return tuple(out)

    def forward(self, sess: Session, x: Tensor, output_size: Sequence[int] | None = None) -> Tensor:
        """Applies the transposed convolution to ``x``; call the module, ``module(x)``.

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            x (Tensor): the input, ``(N, C_in, *spatial)`` or ``(C_in, *spatial)``.
            output_size (Sequence[int], optional): the wanted output size, the spatial sizes
                or the full shape; the output padding is chosen to reach it. Default:
                ``None`` (``output_padding``).

        Returns:
            Tensor: the output.

        Raises:
            ShapeError: ``output_size`` has the wrong length or is out of the reachable
                range.
        """
        w, b = self._operands(sess)
        output_padding = self._output_padding(x, output_size)
        padding = self.padding
        assert isinstance(padding, tuple)  # a transposed convolution refuses padding strings
        function = _FUNCTIONS[self._dims]
        return function(x, w, b, self.stride, padding, output_padding, self.groups, self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    """Applies a 1D transposed convolution operator over an input signal composed of several
    input planes.

    This module can be seen as the gradient of ``Conv1d`` with respect to its input (also
    known as a fractionally-strided convolution); see `eagertape.conv_transpose1d`.
    ``weight`` has shape ``(in_channels, out_channels / groups, kL)`` and ``bias``
    ``(out_channels,)``; both are initialized as torch's, from
    ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with torch's ``fan_in = out_channels / groups *
    kL``, drawn in float64 from ``np.random.default_rng(seed)`` (weight first, then
    bias) and converted to ``dtype``. The forward takes an optional ``output_size``
    (``module(x, output_size=...)``) that picks the output padding as torch's does.
    Unlike torch's, ``padding_mode`` must be "zeros".

    Input: ``(N, C_in, L_in)`` or ``(C_in, L_in)``; output: ``(N, C_out, L_out)`` or
    ``(C_out, L_out)``, with ``L_out = (L_in - 1) * stride[0] - 2 * padding[0] +
    dilation[0] * (kernel_size[0] - 1) + output_padding[0] + 1``.

    Args:
        in_channels (int): number of channels in the input signal.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int]): size of the convolving kernel.
        stride (int or tuple[int]): stride of the convolution. Default: 1.
        padding (int or tuple[int]): ``dilation * (kernel_size - 1) - padding`` zero
            padding will be added to both sides of each dimension in the input (no padding
            strings). Default: 0.
        output_padding (int or tuple[int]): additional size added to one side of each
            dimension in the output shape. Default: 0.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        dilation (int or tuple[int]): spacing between kernel elements. Default: 1.
        padding_mode (str): must be ``"zeros"``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, a padding string, or a ``padding_mode`` other than
            "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.ConvTranspose1d(16, 33, 3, stride=2, seed=0)
        >>> with et.Session():
        ...     x = et.ones(1, 16, 12)
        ...     tuple(m(x).shape), tuple(m(x, output_size=[26]).shape)
        ((1, 33, 25), (1, 33, 26))
    """

    _dims = 1


class ConvTranspose2d(_ConvTransposeNd):
    """Applies a 2D transposed convolution operator over an input image composed of several
    input planes.

    This module can be seen as the gradient of ``Conv2d`` with respect to its input (also
    known as a fractionally-strided convolution); see `eagertape.conv_transpose2d`.
    ``weight`` has shape ``(in_channels, out_channels / groups, kH, kW)`` and ``bias``
    ``(out_channels,)``; both are initialized as torch's, from
    ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with torch's ``fan_in = out_channels / groups *
    kH * kW``, drawn in float64 from ``np.random.default_rng(seed)`` (weight first, then
    bias) and converted to ``dtype``. The forward takes an optional ``output_size``
    (``module(x, output_size=...)``) that picks the output padding as torch's does.
    Unlike torch's, ``padding_mode`` must be "zeros".

    Input: ``(N, C_in, H_in, W_in)`` or ``(C_in, H_in, W_in)``; output: ``(N, C_out, H_out,
    W_out)`` or ``(C_out, H_out, W_out)``, with ``H_out = (H_in - 1) * stride[0] - 2 *
    padding[0] + dilation[0] * (kernel_size[0] - 1) + output_padding[0] + 1`` (likewise
    ``W_out``).

    Args:
        in_channels (int): number of channels in the input image.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int, int]): size of the convolving kernel.
        stride (int or tuple[int, int]): stride of the convolution. Default: 1.
        padding (int or tuple[int, int]): ``dilation * (kernel_size - 1) - padding`` zero
            padding will be added to both sides of each dimension in the input (no padding
            strings). Default: 0.
        output_padding (int or tuple[int, int]): additional size added to one side of each
            dimension in the output shape. Default: 0.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        dilation (int or tuple[int, int]): spacing between kernel elements. Default: 1.
        padding_mode (str): must be ``"zeros"``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, a padding string, or a ``padding_mode`` other than
            "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.ConvTranspose2d(16, 33, 3, stride=2, seed=0)
        >>> with et.Session():
        ...     x = et.ones(1, 16, 12, 12)
        ...     tuple(m(x).shape), tuple(m(x, output_size=[26, 26]).shape)
        ((1, 33, 25, 25), (1, 33, 26, 26))
    """

    _dims = 2


class ConvTranspose3d(_ConvTransposeNd):
    """Applies a 3D transposed convolution operator over an input image composed of several
    input planes.

    This module can be seen as the gradient of ``Conv3d`` with respect to its input (also
    known as a fractionally-strided convolution); see `eagertape.conv_transpose3d`.
    ``weight`` has shape ``(in_channels, out_channels / groups, kD, kH, kW)`` and ``bias``
    ``(out_channels,)``; both are initialized as torch's, from
    ``U(-1/sqrt(fan_in), 1/sqrt(fan_in))`` with torch's ``fan_in = out_channels / groups *
    kD * kH * kW``, drawn in float64 from ``np.random.default_rng(seed)`` (weight first, then
    bias) and converted to ``dtype``. The forward takes an optional ``output_size``
    (``module(x, output_size=...)``) that picks the output padding as torch's does.
    Unlike torch's, ``padding_mode`` must be "zeros".

    Input: ``(N, C_in, D_in, H_in, W_in)`` or ``(C_in, D_in, H_in, W_in)``; output:
    ``(N, C_out, D_out, H_out, W_out)`` or ``(C_out, D_out, H_out, W_out)``, with
    ``D_out = (D_in - 1) * stride[0] - 2 * padding[0] + dilation[0] * (kernel_size[0] - 1)
    + output_padding[0] + 1`` (likewise ``H_out`` and ``W_out``).

    Args:
        in_channels (int): number of channels in the input image.
        out_channels (int): number of channels produced by the convolution.
        kernel_size (int or tuple[int, int, int]): size of the convolving kernel.
        stride (int or tuple[int, int, int]): stride of the convolution. Default: 1.
        padding (int or tuple[int, int, int]): ``dilation * (kernel_size - 1) - padding`` zero
            padding will be added to both sides of each dimension in the input (no padding
            strings). Default: 0.
        output_padding (int or tuple[int, int, int]): additional size added to one side of each
            dimension in the output shape. Default: 0.
        groups (int): number of blocked connections from input channels to output
            channels; both channel counts must be divisible by it. Default: 1.
        bias (bool): if ``True``, adds a learnable bias to the output. Default: ``True``.
        dilation (int or tuple[int, int, int]): spacing between kernel elements. Default: 1.
        padding_mode (str): must be ``"zeros"``. Default: ``"zeros"``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a channel count or ``kernel_size`` that is not positive, channels not
            divisible by ``groups``, a padding string, or a ``padding_mode`` other than
            "zeros".

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.ConvTranspose3d(4, 6, 3, stride=2, seed=0)
        >>> with et.Session():
        ...     x = et.ones(1, 4, 3, 3, 3)
        ...     tuple(m(x).shape), tuple(m(x, output_size=[8, 8, 8]).shape)
        ((1, 6, 7, 7, 7), (1, 6, 8, 8, 8))
    """

    _dims = 3
