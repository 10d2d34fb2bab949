"""Pooling: ``MaxPool1d``/``2d``, ``AvgPool1d``/``2d`` and ``AdaptiveAvgPool1d``/``2d``; no
parameters (the 1-D ones run the 2-D kernels on a single row). The ops
check their arguments against the input (typed errors, nothing recorded)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    """Applies a 2D max pooling over an input signal composed of several input planes.

    Each output value is the maximum of a ``kernel_size`` window of the input (see
    `eagertape.max_pool2d`); the input is implicitly padded with negative infinity on both
    sides by ``padding``. The arguments are checked against the input at the call (typed
    errors, nothing recorded).

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: ``(N, C, H_out, W_out)``
    or ``(C, H_out, W_out)``, with ``H_out = floor((H_in + 2 * padding[0] - dilation[0] *
    (kernel_size[0] - 1) - 1) / stride[0] + 1)`` (likewise ``W_out``).

    Args:
        kernel_size (int or tuple[int, int]): the size of the window to take a max over.
        stride (int or tuple[int, int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        padding (int or tuple[int, int]): implicit negative infinity padding to be added on
            both sides (at most half the kernel size). Default: 0.
        dilation (int or tuple[int, int]): a parameter that controls the stride of
            elements in the window. Default: 1.
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.nn.MaxPool2d(2)(x).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """

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
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = _bool(return_indices, "return_indices")
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Any:
        return max_pool2d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            self.ceil_mode,
            self.return_indices,
        )

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class AvgPool2d(Module):
    """Applies a 2D average pooling over an input signal composed of several input planes.

    Each output value is the mean of a ``kernel_size`` window of the input (see
    `eagertape.avg_pool2d`); the input is implicitly zero-padded on both sides by
    ``padding``. The arguments are checked against the input at the call.

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: ``(N, C, H_out, W_out)``
    or ``(C, H_out, W_out)``, with ``H_out = floor((H_in + 2 * padding[0] - kernel_size[0])
    / stride[0] + 1)`` (likewise ``W_out``).

    Args:
        kernel_size (int or tuple[int, int]): the size of the window.
        stride (int or tuple[int, int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        padding (int or tuple[int, int]): implicit zero padding to be added on both sides.
            Default: 0.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.
        count_include_pad (bool): when ``True``, will include the zero-padding in the
            averaging calculation. Default: ``True``.
        divisor_override (int, optional): if specified, it will be used as divisor,
            otherwise the size of the pooling region will be used. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.nn.AvgPool2d(2)(x).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """

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

    _function: Callable[..., Tensor] = staticmethod(avg_pool2d)

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
    """Applies a 2D adaptive average pooling over an input signal composed of several input
    planes.

    The output is of size ``H x W``, for any input size; each output value averages the
    input window ``[floor(i * H_in / H), ceil((i + 1) * H_in / H))`` (likewise along the
    width). See `eagertape.adaptive_avg_pool2d`.

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: ``(N, C, H, W)`` or
    ``(C, H, W)``.

    Args:
        output_size (int or tuple[int or None, int or None]): the target output size of the
            image of the form ``H x W``: an int for a square ``H x H``, or a pair whose
            entries may be ``None`` (that size is the input's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.nn.AdaptiveAvgPool2d((1, None))(x).tolist()
        [[[[6.0, 7.0, 8.0, 9.0]]]]
    """

    def __init__(self, output_size: int | Sequence[int | None]) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return adaptive_avg_pool2d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxPool1d(Module):
    """Applies a 1D max pooling over an input signal composed of several input planes.

    Each output value is the maximum of a ``kernel_size`` window of the input (see
    `eagertape.nn.functional.max_pool1d`, which runs the 2-D kernel on a single row); the
    input is implicitly padded with negative infinity on both sides by ``padding``.

    Input: ``(N, C, L_in)`` or ``(C, L_in)``; output: ``(N, C, L_out)`` or ``(C, L_out)``,
    with ``L_out = floor((L_in + 2 * padding - dilation * (kernel_size - 1) - 1) / stride +
    1)``.

    Args:
        kernel_size (int or tuple[int]): the size of the sliding window, must be > 0.
        stride (int or tuple[int], optional): the stride of the sliding window, must be
            > 0. Default: ``None`` (``kernel_size``).
        padding (int or tuple[int]): implicit negative infinity padding to be added on both
            sides, must be >= 0 and <= kernel_size / 2. Default: 0.
        dilation (int or tuple[int]): the stride between elements within a sliding window,
            must be > 0. Default: 1.
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.MaxPool1d(2)(et.tensor([[[1.0, 5.0, 2.0, 4.0]]])).tolist()
        [[[5.0, 4.0]]]
    """

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
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = _bool(return_indices, "return_indices")
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Any:
        from .functional import max_pool1d

        return max_pool1d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            self.ceil_mode,
            self.return_indices,
        )

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class AvgPool1d(Module):
    """Applies a 1D average pooling over an input signal composed of several input planes.

    Each output value is the mean of a ``kernel_size`` window of the input (see
    `eagertape.nn.functional.avg_pool1d`, which runs the 2-D kernel on a single row); the
    input is implicitly zero-padded on both sides by ``padding``.

    Input: ``(N, C, L_in)`` or ``(C, L_in)``; output: ``(N, C, L_out)`` or ``(C, L_out)``,
    with ``L_out = floor((L_in + 2 * padding - kernel_size) / stride + 1)``.

    Args:
        kernel_size (int or tuple[int]): the size of the window.
        stride (int or tuple[int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        padding (int or tuple[int]): implicit zero padding to be added on both sides.
            Default: 0.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.
        count_include_pad (bool): when ``True``, will include the zero-padding in the
            averaging calculation. Default: ``True``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AvgPool1d(2)(et.tensor([[[1.0, 5.0, 2.0, 4.0]]])).tolist()
        [[[3.0, 3.0]]]
    """

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
    """Applies a 1D adaptive average pooling over an input signal composed of several input
    planes.

    The output size is ``L_out``, for any input size; each output value averages the input
    window ``[floor(i * L_in / L_out), ceil((i + 1) * L_in / L_out))`` (see
    `eagertape.nn.functional.adaptive_avg_pool1d`).

    Input: ``(N, C, L_in)`` or ``(C, L_in)``; output: ``(N, C, L_out)`` or ``(C, L_out)``.

    Args:
        output_size (int or tuple[int]): the target output size ``L_out``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AdaptiveAvgPool1d(1)(et.tensor([[[1.0, 5.0, 2.0, 4.0]]])).tolist()
        [[[3.0]]]
    """

    def __init__(self, output_size: int | Sequence[int]) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import adaptive_avg_pool1d

        return adaptive_avg_pool1d(x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool1d(Module):
    """Applies a 1D adaptive max pooling over an input signal composed of several input
    planes.

    The output size is ``L_out``, for any input size; each output value is the maximum of
    the input window ``[floor(i * L_in / L_out), ceil((i + 1) * L_in / L_out))`` (see
    `eagertape.nn.functional.adaptive_max_pool1d`).

    Input: ``(N, C, L_in)`` or ``(C, L_in)``; output: ``(N, C, L_out)`` or ``(C, L_out)``.

    Args:
        output_size (int or tuple[int]): the target output size ``L_out``.
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AdaptiveMaxPool1d(2)(et.tensor([[[1.0, 5.0, 2.0, 4.0]]])).tolist()
        [[[5.0, 4.0]]]
    """

    def __init__(self, output_size: int | Sequence[int], return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = _bool(return_indices, "return_indices")

    def forward(self, sess: Session, x: Tensor) -> Any:
        from .functional import adaptive_max_pool1d

        return adaptive_max_pool1d(x, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(Module):
    """Applies a 2D adaptive max pooling over an input signal composed of several input
    planes.

    The output is of size ``H x W``, for any input size; each output value is the maximum of
    the input window ``[floor(i * H_in / H), ceil((i + 1) * H_in / H))`` (likewise along the
    width). See `eagertape.adaptive_max_pool2d`.

    Input: ``(N, C, H_in, W_in)`` or ``(C, H_in, W_in)``; output: ``(N, C, H, W)`` or
    ``(C, H, W)``.

    Args:
        output_size (int or tuple[int or None, int or None]): the target output size of the
            image of the form ``H x W``: an int for a square ``H x H``, or a pair whose
            entries may be ``None`` (that size is the input's).
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AdaptiveMaxPool2d(1)(et.arange(16.0).reshape(1, 1, 4, 4)).tolist()
        [[[[15.0]]]]
    """

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = _bool(return_indices, "return_indices")

    def forward(self, sess: Session, x: Tensor) -> Any:
        return adaptive_max_pool2d(x, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxPool3d(Module):
    """Applies a 3D max pooling over an input signal composed of several input planes.

    Each output value is the maximum of a ``kernel_size`` window of the input (see
    `eagertape.max_pool3d`); the input is implicitly padded with negative infinity on both
    sides by ``padding``.

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)``; output: ``(N, C, D_out,
    H_out, W_out)`` or ``(C, D_out, H_out, W_out)``, with ``D_out = floor((D_in + 2 *
    padding[0] - dilation[0] * (kernel_size[0] - 1) - 1) / stride[0] + 1)`` (likewise
    ``H_out`` and ``W_out``).

    Args:
        kernel_size (int or tuple[int, int, int]): the size of the window to take a max
            over.
        stride (int or tuple[int, int, int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        padding (int or tuple[int, int, int]): implicit negative infinity padding to be
            added on all three sides. Default: 0.
        dilation (int or tuple[int, int, int]): a parameter that controls the stride of
            elements in the window. Default: 1.
        return_indices (bool): also return the int64 indices of the maxima (the pair
            ``(values, indices)``, for ``MaxUnpool``). Default: ``False``.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.MaxPool3d(2)(et.ones(1, 1, 4, 4, 4)).shape)
        (1, 1, 2, 2, 2)
    """

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
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = _bool(return_indices, "return_indices")
        self.ceil_mode = _bool(ceil_mode, "ceil_mode")

    def forward(self, sess: Session, x: Tensor) -> Any:
        return max_pool3d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            self.ceil_mode,
            self.return_indices,
        )

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class AvgPool3d(AvgPool2d):
    """Applies a 3D average pooling over an input signal composed of several input planes.

    Each output value is the mean of a ``kernel_size`` window of the input (see
    `eagertape.avg_pool3d`); the input is implicitly zero-padded on all three sides by
    ``padding``.

    Input: ``(N, C, D_in, H_in, W_in)`` or ``(C, D_in, H_in, W_in)``; output: ``(N, C, D_out,
    H_out, W_out)`` or ``(C, D_out, H_out, W_out)``, with ``D_out = floor((D_in + 2 *
    padding[0] - kernel_size[0]) / stride[0] + 1)`` (likewise ``H_out`` and ``W_out``).

    Args:
        kernel_size (int or tuple[int, int, int]): the size of the window.
        stride (int or tuple[int, int, int], optional): the stride of the window.
            Default: ``None`` (``kernel_size``).
        padding (int or tuple[int, int, int]): implicit zero padding to be added on all
            three sides. Default: 0.
        ceil_mode (bool): when ``True``, will use ceil instead of floor to compute the output
            shape; windows may then go off-bounds if they start within the left padding or
            the input (windows that would start in the right padding are ignored).
            Default: ``False``.
        count_include_pad (bool): when ``True``, will include the zero-padding in the
            averaging calculation. Default: ``True``.
        divisor_override (int, optional): if specified, it will be used as divisor,
            otherwise the size of the pooling region will be used. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.AvgPool3d(2)(et.ones(1, 1, 2, 2, 2)).tolist()
        [[[[[1.0]]]]]
    """

    _function: Callable[..., Tensor] = staticmethod(avg_pool3d)


class Unfold(Module):
    """Extracts sliding local blocks from a batched input tensor.

    Each ``kernel_size`` block of the (zero-padded) spatial dimensions becomes a column of
    the output (see `eagertape.unfold`): an input ``(N, C, H, W)`` (or ``(C, H, W)``) gives
    ``(N, C * prod(kernel_size), L)`` (or without ``N``), ``L`` the number of blocks,
    ``prod over d of floor((size[d] + 2 * padding[d] - dilation[d] * (kernel_size[d] - 1) -
    1) / stride[d] + 1)``. Only 4-D (batched) and 3-D (unbatched) image-like inputs are
    supported, as in torch.

    Args:
        kernel_size (int or tuple[int, int]): the size of the sliding blocks.
        dilation (int or tuple[int, int]): a parameter that controls the stride of
            elements within the neighborhood. Default: 1.
        padding (int or tuple[int, int]): implicit zero padding to be added on both sides
            of input. Default: 0.
        stride (int or tuple[int, int]): the stride of the sliding blocks in the input
            spatial dimensions. Default: 1.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.Unfold(kernel_size=(2, 3))(et.ones(2, 5, 3, 4)).shape)
        (2, 30, 4)
    """

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
    """Combines an array of sliding local blocks into a large containing tensor.

    The inverse arrangement of `Unfold`: each column of an input ``(N, C * prod(kernel_size),
    L)`` (or ``(C * prod(kernel_size), L)``) is a block placed in an ``(N, C,
    *output_size)`` output, and overlapping values are summed (see `eagertape.fold`). ``L``
    must be the number of blocks that fit in ``output_size`` with these settings.

    Args:
        output_size (int or tuple[int, int]): the shape of the spatial dimensions of the
            output.
        kernel_size (int or tuple[int, int]): the size of the sliding blocks.
        dilation (int or tuple[int, int]): a parameter that controls the stride of
            elements within the neighborhood. Default: 1.
        padding (int or tuple[int, int]): implicit zero padding to be added on both sides
            of input. Default: 0.
        stride (int or tuple[int, int]): the stride of the sliding blocks in the input
            spatial dimensions. Default: 1.

    Examples:
        >>> import eagertape as et
        >>> fold = et.nn.Fold(output_size=(3, 3), kernel_size=2)
        >>> with et.Session():
        ...     fold(et.ones(1, 4, 4)).tolist()
        [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
    """

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
