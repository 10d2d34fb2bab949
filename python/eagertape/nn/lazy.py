"""torch's lazy modules: ``LazyLinear``, ``LazyConv1d/2d/3d``, ``LazyConvTranspose1d/2d/3d``,
``LazyBatchNorm1d/2d/3d``, ``LazyInstanceNorm1d/2d/3d``. Each is built without its input
size (``in_features``, ``in_channels``, ``num_features``), which its first call reads from
the input; the module then becomes its regular class (``cls_to_become``) holding parameters
made as that class makes them (from torch's generator, in torch's order, after the same
``manual_seed``: torch's values) and runs the call. Until then its parameters are
``UninitializedParameter`` placeholders, and it has nothing to train or save."""

from __future__ import annotations

from typing import Any, ClassVar

from .._core import Session, Tensor
from .._errors import ShapeError
from ._utils import _ntuple
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .conv import Conv1d, Conv2d, Conv3d
from .conv_transpose import ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .linear import Linear
from .module import Module, _forward_takes_session
from .parameter import UninitializedBuffer, UninitializedParameter

__all__ = [
    "LazyBatchNorm1d",
    "LazyBatchNorm2d",
    "LazyBatchNorm3d",
    "LazyConv1d",
    "LazyConv2d",
    "LazyConv3d",
    "LazyConvTranspose1d",
    "LazyConvTranspose2d",
    "LazyConvTranspose3d",
    "LazyInstanceNorm1d",
    "LazyInstanceNorm2d",
    "LazyInstanceNorm3d",
    "LazyLinear",
    "LazyModuleMixin",
]


class LazyModuleMixin(Module):
    """What the lazy modules share, as torch's ``LazyModuleMixin``: the constructor's
    arguments kept for the first call, which reads the missing size from its input, makes
    the regular module (``cls_to_become``), takes its place and runs it."""

    # the regular class this module becomes (a `Module` subclass, built with the size first)
    cls_to_become: ClassVar[Any]
    # the number of dims after the channels: the first call reads dim 1 of a batched input
    # (the channels), else dim 0 (`None`: the last dim, a linear layer's features)
    _spatial: ClassVar[int | None] = None
    # whether the input always has a batch dim (batch norms: the channels at dim 1)
    _batched: ClassVar[bool] = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__()
        self._lazy_kwargs = kwargs
        for name, value in kwargs.items():
            if name not in ("device", "dtype", "seed"):
                object.__setattr__(self, name, value)

    def has_uninitialized_params(self) -> bool:
        """Whether the first call has yet to make the parameters (always, while lazy).

        Returns:
            bool: ``True``.
        """
        return True

    def _size(self, x: Tensor) -> int:
        shape = tuple(x.shape)
        if self._spatial is None:
            if not shape:
                raise ShapeError(f"{type(self).__name__}: a 0-d input has no features")
            return int(shape[-1])
        if self._batched:
            if len(shape) < 2:
                raise ShapeError(
                    f"{type(self).__name__}: expected a batched input, got {len(shape)}D"
                )
            return int(shape[1])
        batched = len(shape) == self._spatial + 2
        if len(shape) not in (self._spatial + 1, self._spatial + 2):
            raise ShapeError(
                f"{type(self).__name__}: expected a {self._spatial + 1}D or "
                f"{self._spatial + 2}D input, got {len(shape)}D"
            )
        return int(shape[1] if batched else shape[0])

    def initialize_parameters(self, input: Tensor) -> None:  # noqa: A002  (torch's name)
        """Make the parameters for ``input``'s size and become ``cls_to_become``.

        Args:
            input (Tensor): an input of the first call.
        """
        made = self.cls_to_become(self._size(input), **self._lazy_kwargs)
        training = self.training
        del self.__dict__["_lazy_kwargs"]
        self.__dict__.update(made.__dict__)
        self.__class__ = self.cls_to_become
        self.train(training)

    def forward(self, sess: Session, input: Tensor, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        """Make the parameters from ``input``'s size, then run the regular module's forward.

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            input (Tensor): the input.
            *args: the regular forward's other inputs.
            **kwargs: its keyword inputs.

        Returns:
            the regular module's output.
        """
        self.initialize_parameters(input)
        forward: Any = self.forward  # (now the regular class's)
        if _forward_takes_session(self):
            return forward(sess, input, *args, **kwargs)
        return forward(input, *args, **kwargs)

    def extra_repr(self) -> str:
        # torch's: the regular module's, with the size still 0
        return str(self.cls_to_become.extra_repr(self))


class LazyLinear(LazyModuleMixin):
    """A ``Linear`` whose ``in_features`` is inferred from its first input (the last dim),
    as ``torch.nn.LazyLinear``; it then becomes a ``Linear`` with torch's initialisation.

    Args:
        out_features (int): size of each output sample.
        bias (bool): whether the layer learns an additive bias. Default: ``True``.
        device (str, optional): the device of the parameters. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None`` (float32).
        seed (int, optional): the seed of the initialization's generator. Default: ``None``
            (torch's default generator, in torch's order).

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.LazyLinear(2)
        >>> with et.Session():
        ...     y = m(et.ones(4, 3))
        >>> type(m).__name__, tuple(m.weight.shape)
        ('Linear', (2, 3))
    """

    cls_to_become = Linear

    def __init__(
        self,
        out_features: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(
            out_features=out_features, bias=bias, device=device, dtype=dtype, seed=seed
        )
        self.in_features = 0
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.bias = UninitializedParameter(device=device, dtype=dtype) if bias else None


class _LazyConvNd(LazyModuleMixin):
    _transposed: ClassVar[bool] = False

    def __init__(self, out_channels: int, kernel_size: Any, **kwargs: Any) -> None:
        super().__init__(out_channels=out_channels, kernel_size=kernel_size, **kwargs)
        self.in_channels = 0
        n = self._spatial or 1
        for name in ("kernel_size", "stride", "padding", "dilation", "output_padding"):
            value = kwargs.get(name, kernel_size if name == "kernel_size" else 0)
            if not isinstance(value, str):
                object.__setattr__(self, name, _ntuple(value, n, name))
        dtype, device = kwargs.get("dtype"), kwargs.get("device")
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.bias = (
            UninitializedParameter(device=device, dtype=dtype) if kwargs.get("bias", True) else None
        )


def _conv_transpose_init(
    self: Any,
    out_channels: int,
    kernel_size: Any,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    bias: bool = True,
    dilation: Any = 1,
    padding_mode: str = "zeros",
    device: str | None = None,
    dtype: Any = None,
    *,
    seed: int | None = None,
) -> None:
    _LazyConvNd.__init__(
        self,
        out_channels,
        kernel_size,
        stride=stride,
        padding=padding,
        output_padding=output_padding,
        groups=groups,
        bias=bias,
        dilation=dilation,
        padding_mode=padding_mode,
        device=device,
        dtype=dtype,
        seed=seed,
    )


def _conv_init(
    self: Any,
    out_channels: int,
    kernel_size: Any,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
    bias: bool = True,
    padding_mode: str = "zeros",
    device: str | None = None,
    dtype: Any = None,
    *,
    seed: int | None = None,
) -> None:
    _LazyConvNd.__init__(
        self,
        out_channels,
        kernel_size,
        stride=stride,
        padding=padding,
        dilation=dilation,
        groups=groups,
        bias=bias,
        padding_mode=padding_mode,
        device=device,
        dtype=dtype,
        seed=seed,
    )


def _lazy_conv(n: int, become: type[Module], transposed: bool) -> type[_LazyConvNd]:
    """The lazy form of a (transposed) convolution of ``n`` spatial dims, with torch's
    constructor signature."""
    name = f"LazyConv{'Transpose' if transposed else ''}{n}d"
    regular = become.__name__
    doc = (
        f"A ``{regular}`` whose ``in_channels`` is inferred from its first input (dim 1, or "
        f"dim 0 of an unbatched one), as ``torch.nn.{name}``; it then becomes a ``{regular}`` "
        "with torch's initialisation.\n\n"
        "    Args:\n"
        "        out_channels (int): number of channels produced by the convolution.\n"
        "        kernel_size (int or tuple): size of the convolving kernel.\n"
        "        stride (int or tuple): stride of the convolution. Default: 1.\n"
        "        padding (int or tuple): the padding (see the regular module). Default: 0.\n"
        + (
            "        output_padding (int or tuple): additional size added to one side of each\n"
            "            output dimension. Default: 0.\n"
            "        groups (int): number of blocked connections. Default: 1.\n"
            "        bias (bool): whether to learn an additive bias. Default: ``True``.\n"
            "        dilation (int or tuple): spacing between kernel elements. Default: 1.\n"
            if transposed
            else "        dilation (int or tuple): spacing between kernel elements. Default: 1.\n"
            "        groups (int): number of blocked connections. Default: 1.\n"
            "        bias (bool): whether to learn an additive bias. Default: ``True``.\n"
        )
        + '        padding_mode (str): must be ``"zeros"``. Default: ``"zeros"``.\n'
        "        device (str, optional): the device of the parameters. Default: ``None``.\n"
        "        dtype (str or dtype): the dtype of the parameters. Default: ``None``.\n"
        "        seed (int, optional): the seed of the initialization's generator. Default:\n"
        "            ``None`` (torch's default generator, in torch's order).\n"
    )

    init = _conv_transpose_init if transposed else _conv_init
    attrs = {"__init__": init, "__doc__": doc, "cls_to_become": become, "_spatial": n}
    cls = type(name, (_LazyConvNd,), attrs)
    cls.__module__ = __name__
    return cls


LazyConv1d = _lazy_conv(1, Conv1d, False)
LazyConv2d = _lazy_conv(2, Conv2d, False)
LazyConv3d = _lazy_conv(3, Conv3d, False)
LazyConvTranspose1d = _lazy_conv(1, ConvTranspose1d, True)
LazyConvTranspose2d = _lazy_conv(2, ConvTranspose2d, True)
LazyConvTranspose3d = _lazy_conv(3, ConvTranspose3d, True)


class _LazyNormNd(LazyModuleMixin):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.num_features = 0
        dtype, device = kwargs.get("dtype"), kwargs.get("device")
        affine, tracked = kwargs["affine"], kwargs["track_running_stats"]
        self.weight = UninitializedParameter(device=device, dtype=dtype) if affine else None
        self.bias = UninitializedParameter(device=device, dtype=dtype) if affine else None
        self.running_mean = UninitializedBuffer(device=device, dtype=dtype) if tracked else None
        self.running_var = UninitializedBuffer(device=device, dtype=dtype) if tracked else None


def _lazy_norm(n: int, become: type[Module], batch: bool) -> type[_LazyNormNd]:
    """The lazy form of a batch or instance norm of ``n`` dims after the channels, with
    torch's constructor signature (its defaults: ``affine`` and ``track_running_stats``
    on for batch norms, off for instance norms)."""
    regular = become.__name__
    name = f"Lazy{regular}"
    doc = (
        f"A ``{regular}`` whose ``num_features`` is inferred from its first input (dim 1, or "
        f"dim 0 of an unbatched one), as ``torch.nn.{name}``; it then becomes a ``{regular}``.\n"
        "\n"
        "    Args:\n"
        "        eps (float): a value added to the denominator for numerical stability.\n"
        "            Default: 1e-5.\n"
        "        momentum (float, optional): the running statistics' update factor.\n"
        "            Default: 0.1.\n"
        f"        affine (bool): whether to learn a per-channel scale and shift. Default:\n"
        f"            ``{batch}``.\n"
        "        track_running_stats (bool): whether to keep running statistics. Default:\n"
        f"            ``{batch}``.\n"
        "        device (str, optional): the device of the parameters. Default: ``None``.\n"
        "        dtype (str or dtype): the dtype of the parameters. Default: ``None``.\n"
        "        seed (int, optional): checked, as the regular module's. Default: ``None``.\n"
        + (
            ""
            if batch
            else "\n    **Differs** from torch, whose lazy instance norms default ``affine`` and\n"
            "    ``track_running_stats`` to ``True``: eagertape's instance norms keep no running\n"
            "    statistics, so both default to ``False``, as the regular modules'.\n"
        )
    )

    def __init__(  # noqa: N807
        self: Any,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = batch,
        track_running_stats: bool = batch,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        _LazyNormNd.__init__(
            self,
            eps=eps,
            momentum=momentum,
            affine=affine,
            track_running_stats=track_running_stats,
            device=device,
            dtype=dtype,
            seed=seed,
        )

    attrs = {
        "__init__": __init__,
        "__doc__": doc,
        "cls_to_become": become,
        "_spatial": n,
        "_batched": batch,
    }
    cls = type(name, (_LazyNormNd,), attrs)
    cls.__module__ = __name__
    return cls


LazyBatchNorm1d = _lazy_norm(1, BatchNorm1d, True)
LazyBatchNorm2d = _lazy_norm(2, BatchNorm2d, True)
LazyBatchNorm3d = _lazy_norm(3, BatchNorm3d, True)
LazyInstanceNorm1d = _lazy_norm(1, InstanceNorm1d, False)
LazyInstanceNorm2d = _lazy_norm(2, InstanceNorm2d, False)
LazyInstanceNorm3d = _lazy_norm(3, InstanceNorm3d, False)
