"""``BatchNorm1d``, ``BatchNorm2d`` and ``BatchNorm3d``: batch statistics in training,
running statistics (buffers) in eval, updated exactly as torch's ``_BatchNorm.forward``
updates them."""

from __future__ import annotations

from typing import Any

from .. import _core
from .._core import Parameter, Session, Tensor
from .._errors import ShapeError
from ._utils import _bool, _filled, _module_dtype, _number, _positive_int, _seed
from .module import Module

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]


class _BatchNorm(Module):
    """Parameters ``weight`` (ones) and ``bias`` (zeros) when ``affine``; buffers
    ``running_mean`` (zeros), ``running_var`` (ones) and ``num_batches_tracked`` (0) when
    ``track_running_stats``, all ``et.Parameter(requires_grad=False)``.

    In training mode the batch's statistics normalize, and (with ``track_running_stats``)
    ``num_batches_tracked`` grows by one and the running statistics take torch's update
    ``(1 - m) * running + m * batch_statistic`` (unbiased variance), with ``m = momentum``,
    or ``m = 1 / num_batches_tracked`` (a cumulative average) when ``momentum`` is None. The
    ``batch_norm`` op itself publishes the new running statistics (as new snapshots, after
    its forward); the module updates only the count, after the op succeeded. In eval mode
    the running statistics normalize and nothing changes.

    **Differs from torch on purpose**: an eagertape Parameter holds floating values only, so
    ``num_batches_tracked`` is a 0-d float64 buffer holding an exact integer count.
    ``state_dict()`` exports it as torch's int64 0-d tensor and ``load_state_dict`` accepts
    ints (or integer-valued arrays) for it.
    """

    _integer_buffers = frozenset({"num_batches_tracked"})
    _input_dims: tuple[int, ...] = ()
    # Buffers, set by `register_buffer` (None without `track_running_stats`).
    running_mean: Parameter | None
    running_var: Parameter | None
    num_batches_tracked: Parameter | None

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        _seed(seed)
        self.num_features = _positive_int(num_features, "num_features")
        self.eps = _number(eps, "eps")
        if momentum is not None:
            momentum = _number(momentum, "momentum")
        self.momentum = momentum
        self.affine = _bool(affine, "affine")
        self.track_running_stats = _bool(track_running_stats, "track_running_stats")
        shape = (self.num_features,)
        self.weight: Parameter | None = None
        self.bias: Parameter | None = None
        if self.affine:
            self.weight = _filled(1.0, shape, "weight", dtype, device)
            self.bias = _filled(0.0, shape, "bias", dtype, device)
        frozen = {"requires_grad": False}
        if self.track_running_stats:
            self.register_buffer(
                "running_mean", _filled(0.0, shape, "running_mean", dtype, device, **frozen)
            )
            self.register_buffer(
                "running_var", _filled(1.0, shape, "running_var", dtype, device, **frozen)
            )
            count = _filled(0.0, (), "num_batches_tracked", "float64", device, **frozen)
            self.register_buffer("num_batches_tracked", count)
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def _check_input_dim(self, x: Tensor) -> None:
        if len(x.shape) not in self._input_dims:
            dims = " or ".join(f"{d}D" for d in self._input_dims)
            raise ShapeError(f"expected {dims} input (got {len(x.shape)}D input)")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        self._check_input_dim(x)
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        counted = self.training and self.track_running_stats
        # One core call: the count grows (and momentum=None averages over it) there.
        return _core._batch_norm_module(
            x,
            self.running_mean if use_stats else None,
            self.running_var if use_stats else None,
            sess.use(self.weight) if self.weight is not None else None,
            sess.use(self.bias) if self.bias is not None else None,
            bn_training,
            self.momentum,
            self.eps,
            self.num_batches_tracked if counted else None,
        )

    def extra_repr(self) -> str:
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, track_running_stats={self.track_running_stats}"
        )


class BatchNorm1d(_BatchNorm):
    """Applies Batch Normalization over a 2D or 3D input.

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``.

    The mean and standard deviation are calculated per channel (dimension 1) over the
    mini-batch (and the other dimensions); ``weight`` (ones) and ``bias`` (zeros), of shape
    ``(num_features,)``, scale and shift the result when ``affine``. The standard deviation
    is the biased estimator.

    In training mode (with ``track_running_stats``) each call also updates the buffers
    ``running_mean`` (zeros at first), ``running_var`` (ones) and ``num_batches_tracked``
    (0) as torch's: ``running = (1 - m) * running + m * batch_statistic`` (unbiased variance)
    with ``m = momentum``, or ``m = 1 / num_batches_tracked`` when ``momentum`` is ``None``.
    The new values are published as new snapshots after the forward, never under a live
    tape. In evaluation mode the running statistics normalize and nothing changes. The
    buffers are ``et.Parameter`` objects with ``requires_grad=False``, in ``buffers()`` and
    ``state_dict()`` but not ``parameters()``.

    Differs from torch on purpose: an eagertape Parameter holds floating values only, so
    ``num_batches_tracked`` is a 0-d float64 buffer holding an exact integer count;
    ``state_dict()`` exports it as torch's int64 0-d tensor and ``load_state_dict`` accepts
    ints (or integer-valued arrays) for it.

    Input: ``(N, C)`` or ``(N, C, L)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): the value used for the running_mean and running_var
            computation. Can be set to ``None`` for cumulative moving average (i.e. simple
            average). Default: 0.1.
        affine (bool): whether this module has learnable affine parameters.
            Default: ``True``.
        track_running_stats (bool): when ``True``, this module tracks the running mean and
            variance; when ``False``, it has no such buffers (they are ``None``) and uses
            batch statistics in both training and eval modes. Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters and of ``running_mean`` and
            ``running_var``. Default: ``None`` (float32, torch's default).
        device (str, optional): the device of the parameters and buffers. Default: ``None``
            (the process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: ``num_features`` is not positive.
        ShapeError: the input is neither 2-D nor 3-D (at the call).

    Examples:
        >>> import eagertape as et
        >>> bn = et.nn.BatchNorm1d(2, eps=0.0)
        >>> with et.Session():
        ...     bn(et.tensor([[1.0, 2.0], [3.0, 6.0]])).tolist()
        [[-1.0, -1.0], [1.0, 1.0]]
        >>> [round(v, 4) for v in bn.running_mean.numpy().tolist()]
        [0.2, 0.4]
    """

    _input_dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Applies Batch Normalization over a 4D input.

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``, over ``(N, H, W)`` slices.

    The mean and standard deviation are calculated per channel (dimension 1) over the
    mini-batch (and the other dimensions); ``weight`` (ones) and ``bias`` (zeros), of shape
    ``(num_features,)``, scale and shift the result when ``affine``. The standard deviation
    is the biased estimator.

    In training mode (with ``track_running_stats``) each call also updates the buffers
    ``running_mean`` (zeros at first), ``running_var`` (ones) and ``num_batches_tracked``
    (0) as torch's: ``running = (1 - m) * running + m * batch_statistic`` (unbiased variance)
    with ``m = momentum``, or ``m = 1 / num_batches_tracked`` when ``momentum`` is ``None``.
    The new values are published as new snapshots after the forward, never under a live
    tape. In evaluation mode the running statistics normalize and nothing changes. The
    buffers are ``et.Parameter`` objects with ``requires_grad=False``, in ``buffers()`` and
    ``state_dict()`` but not ``parameters()``.

    Differs from torch on purpose: an eagertape Parameter holds floating values only, so
    ``num_batches_tracked`` is a 0-d float64 buffer holding an exact integer count;
    ``state_dict()`` exports it as torch's int64 0-d tensor and ``load_state_dict`` accepts
    ints (or integer-valued arrays) for it.

    Input: ``(N, C, H, W)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): the value used for the running_mean and running_var
            computation. Can be set to ``None`` for cumulative moving average (i.e. simple
            average). Default: 0.1.
        affine (bool): whether this module has learnable affine parameters.
            Default: ``True``.
        track_running_stats (bool): when ``True``, this module tracks the running mean and
            variance; when ``False``, it has no such buffers (they are ``None``) and uses
            batch statistics in both training and eval modes. Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters and of ``running_mean`` and
            ``running_var``. Default: ``None`` (float32, torch's default).
        device (str, optional): the device of the parameters and buffers. Default: ``None``
            (the process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: ``num_features`` is not positive.
        ShapeError: the input is not 4-D (at the call).

    Examples:
        >>> import eagertape as et
        >>> bn = et.nn.BatchNorm2d(3).eval()
        >>> with et.Session():
        ...     tuple(bn(et.zeros(2, 3, 4, 4)).shape)
        (2, 3, 4, 4)
    """

    _input_dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Applies Batch Normalization over a 5D input.

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``, over ``(N, D, H, W)`` slices.

    The mean and standard deviation are calculated per channel (dimension 1) over the
    mini-batch (and the other dimensions); ``weight`` (ones) and ``bias`` (zeros), of shape
    ``(num_features,)``, scale and shift the result when ``affine``. The standard deviation
    is the biased estimator.

    In training mode (with ``track_running_stats``) each call also updates the buffers
    ``running_mean`` (zeros at first), ``running_var`` (ones) and ``num_batches_tracked``
    (0) as torch's: ``running = (1 - m) * running + m * batch_statistic`` (unbiased variance)
    with ``m = momentum``, or ``m = 1 / num_batches_tracked`` when ``momentum`` is ``None``.
    The new values are published as new snapshots after the forward, never under a live
    tape. In evaluation mode the running statistics normalize and nothing changes. The
    buffers are ``et.Parameter`` objects with ``requires_grad=False``, in ``buffers()`` and
    ``state_dict()`` but not ``parameters()``.

    Differs from torch on purpose: an eagertape Parameter holds floating values only, so
    ``num_batches_tracked`` is a 0-d float64 buffer holding an exact integer count;
    ``state_dict()`` exports it as torch's int64 0-d tensor and ``load_state_dict`` accepts
    ints (or integer-valued arrays) for it.

    Input: ``(N, C, D, H, W)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): the value used for the running_mean and running_var
            computation. Can be set to ``None`` for cumulative moving average (i.e. simple
            average). Default: 0.1.
        affine (bool): whether this module has learnable affine parameters.
            Default: ``True``.
        track_running_stats (bool): when ``True``, this module tracks the running mean and
            variance; when ``False``, it has no such buffers (they are ``None``) and uses
            batch statistics in both training and eval modes. Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters and of ``running_mean`` and
            ``running_var``. Default: ``None`` (float32, torch's default).
        device (str, optional): the device of the parameters and buffers. Default: ``None``
            (the process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: ``num_features`` is not positive.
        ShapeError: the input is not 5-D (at the call).

    Examples:
        >>> import eagertape as et
        >>> bn = et.nn.BatchNorm3d(3).eval()
        >>> with et.Session():
        ...     tuple(bn(et.zeros(2, 3, 2, 4, 4)).shape)
        (2, 3, 2, 4, 4)
    """

    _input_dims = (5,)
