"""torch's ``nn.InstanceNorm1d``/``2d``/``3d`` with the input's own statistics (torch's
default ``track_running_stats=False``): each channel of each sample normalized alone;
``weight`` (ones) and ``bias`` (zeros) per channel when ``affine``. An unbatched input
(one dim fewer) is taken as a batch of one. Running statistics are refused."""

from __future__ import annotations

from typing import Any

from .._core import Parameter
from .._errors import ArgumentError, ShapeError
from ._utils import _bool, _filled, _module_dtype, _number, _positive_int, _seed
from .functional import instance_norm
from .module import Module

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


class _InstanceNorm(Module):
    _rank = 0  # spatial dims

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = False,
        track_running_stats: bool = False,
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
        self.momentum = momentum
        self.affine = _bool(affine, "affine")
        if _bool(track_running_stats, "track_running_stats"):
            raise ArgumentError(f"{type(self).__name__}: track_running_stats=True is not supported")
        self.track_running_stats = False
        self.weight: Parameter | None = None
        self.bias: Parameter | None = None
        if self.affine:
            self.weight = _filled(1.0, (self.num_features,), "weight", dtype, device)
            self.bias = _filled(0.0, (self.num_features,), "bias", dtype, device)

    def forward(self, input: Any) -> Any:  # noqa: A002
        batched = self._rank + 2
        if input.ndim not in (batched, batched - 1):
            raise ShapeError(
                f"{type(self).__name__}: expected {batched - 1}D or {batched}D input, "
                f"got {input.ndim}D"
            )
        x = input if input.ndim == batched else input.unsqueeze(0)
        if x.shape[1] != self.num_features:
            raise ShapeError(
                f"{type(self).__name__}: expected {self.num_features} channels, got {x.shape[1]}"
            )
        y = instance_norm(x, weight=self.weight, bias=self.bias, eps=self.eps)
        return y if input.ndim == batched else y.squeeze(0)

    def extra_repr(self) -> str:
        # torch's _NormBase.extra_repr (track_running_stats is always False here)
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, track_running_stats=False"
        )


class InstanceNorm1d(_InstanceNorm):
    """Applies Instance Normalization over a 2D (unbatched) or 3D (batched) input.

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``.

    The mean and (biased) standard deviation are calculated per dimension separately for
    each object in a mini-batch: each channel of each sample is normalized alone (see
    `eagertape.nn.functional.instance_norm`), in both training and evaluation modes, then
    scaled and shifted by ``weight`` and ``bias`` when ``affine``. Running statistics
    (torch's ``track_running_stats=True``) are not supported.

    Input: ``(N, C, L)`` or ``(C, L)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): stored for torch's signature; unused (there are no
            running statistics). Default: 0.1.
        affine (bool): whether this module has learnable per-channel affine parameters,
            ``weight`` (ones) and ``bias`` (zeros). Default: ``False``.
        track_running_stats (bool): must be ``False`` (running statistics are not
            supported). Default: ``False``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ArgumentError: ``track_running_stats=True``.
        ConfigError: ``num_features`` is not positive.
        ShapeError: at the call, an input of another rank, or whose channel count is not
            ``num_features`` (torch only warns about the latter when ``affine=False``).

    Examples:
        >>> import eagertape as et
        >>> norm = et.nn.InstanceNorm1d(2, eps=0.0)
        >>> with et.Session():
        ...     norm(et.tensor([[[1.0, 3.0], [1.0, 5.0]]])).tolist()
        [[[-1.0, 1.0], [-1.0, 1.0]]]
    """

    _rank = 1


class InstanceNorm2d(_InstanceNorm):
    """Applies Instance Normalization over a 4D input (or a 3D unbatched one).

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``.

    The mean and (biased) standard deviation are calculated per dimension separately for
    each object in a mini-batch: each channel of each sample is normalized alone (see
    `eagertape.nn.functional.instance_norm`), in both training and evaluation modes, then
    scaled and shifted by ``weight`` and ``bias`` when ``affine``. Running statistics
    (torch's ``track_running_stats=True``) are not supported.

    Input: ``(N, C, H, W)`` or ``(C, H, W)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): stored for torch's signature; unused (there are no
            running statistics). Default: 0.1.
        affine (bool): whether this module has learnable per-channel affine parameters,
            ``weight`` (ones) and ``bias`` (zeros). Default: ``False``.
        track_running_stats (bool): must be ``False`` (running statistics are not
            supported). Default: ``False``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ArgumentError: ``track_running_stats=True``.
        ConfigError: ``num_features`` is not positive.
        ShapeError: at the call, an input of another rank, or whose channel count is not
            ``num_features`` (torch only warns about the latter when ``affine=False``).

    Examples:
        >>> import eagertape as et
        >>> norm = et.nn.InstanceNorm2d(3, affine=True)
        >>> with et.Session():
        ...     tuple(norm(et.ones(2, 3, 4, 4)).shape)
        (2, 3, 4, 4)
    """

    _rank = 2


class InstanceNorm3d(_InstanceNorm):
    """Applies Instance Normalization over a 5D input (or a 4D unbatched one).

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``.

    The mean and (biased) standard deviation are calculated per dimension separately for
    each object in a mini-batch: each channel of each sample is normalized alone (see
    `eagertape.nn.functional.instance_norm`), in both training and evaluation modes, then
    scaled and shifted by ``weight`` and ``bias`` when ``affine``. Running statistics
    (torch's ``track_running_stats=True``) are not supported.

    Input: ``(N, C, D, H, W)`` or ``(C, D, H, W)``; output: the same shape.

    Args:
        num_features (int): number of features or channels ``C`` of the input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        momentum (float, optional): stored for torch's signature; unused (there are no
            running statistics). Default: 0.1.
        affine (bool): whether this module has learnable per-channel affine parameters,
            ``weight`` (ones) and ``bias`` (zeros). Default: ``False``.
        track_running_stats (bool): must be ``False`` (running statistics are not
            supported). Default: ``False``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ArgumentError: ``track_running_stats=True``.
        ConfigError: ``num_features`` is not positive.
        ShapeError: at the call, an input of another rank, or whose channel count is not
            ``num_features`` (torch only warns about the latter when ``affine=False``).

    Examples:
        >>> import eagertape as et
        >>> norm = et.nn.InstanceNorm3d(3, affine=True)
        >>> with et.Session():
        ...     tuple(norm(et.ones(2, 3, 2, 4, 4)).shape)
        (2, 3, 2, 4, 4)
    """

    _rank = 3
