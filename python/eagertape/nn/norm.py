"""Normalization layers: ``LayerNorm``, ``RMSNorm`` and ``GroupNorm`` (BatchNorm is in
``batchnorm.py``). Affine weights start at one and biases at zero, as torch's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core import Parameter, Session, Tensor, group_norm, layer_norm, rms_norm
from .._errors import ConfigError
from ._utils import _bool, _filled, _module_dtype, _number, _positive_int, _seed, _shape
from .module import Module

__all__ = ["GroupNorm", "LayerNorm", "LocalResponseNorm", "RMSNorm"]


class LayerNorm(Module):
    """Applies Layer Normalization over a mini-batch of inputs.

    ``y = (x - E[x]) / sqrt(Var[x] + eps) * weight + bias``, the mean and (biased) variance
    taken over the last ``len(normalized_shape)`` dimensions, which must equal
    ``normalized_shape`` (see `eagertape.layer_norm`). ``weight`` (ones) and ``bias``
    (zeros) have shape ``normalized_shape`` when ``elementwise_affine`` (the bias only with
    ``bias``). The statistics are those of the input in both training and evaluation modes.

    Input: ``(N, *)``; output: the same shape.

    Args:
        normalized_shape (int or Sequence[int]): input shape from an expected input of size
            ``(*, normalized_shape[0], ..., normalized_shape[-1])``; a single int is read as
            a one-element list.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        elementwise_affine (bool): whether the module has learnable per-element affine
            parameters, ``weight`` and ``bias``. Default: ``True``.
        bias (bool): if set to ``False``, the layer will not learn an additive bias (only
            relevant if ``elementwise_affine`` is ``True``). Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: an entry of ``normalized_shape`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> ln = et.nn.LayerNorm(2, eps=0.0)
        >>> with et.Session():
        ...     ln(et.tensor([[1.0, 3.0]])).tolist()
        [[-1.0, 1.0]]
    """

    def __init__(
        self,
        normalized_shape: int | Sequence[int],
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        _seed(seed)
        self.normalized_shape = _shape(normalized_shape, "normalized_shape")
        self.eps = _number(eps, "eps")
        self.elementwise_affine = _bool(elementwise_affine, "elementwise_affine")
        has_bias = _bool(bias, "bias")
        self.weight: Parameter | None = None
        self.bias: Parameter | None = None
        if self.elementwise_affine:
            self.weight = _filled(1.0, self.normalized_shape, "weight", dtype, device)
            if has_bias:
                self.bias = _filled(0.0, self.normalized_shape, "bias", dtype, device)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        w = sess.use(self.weight) if self.weight is not None else None
        b = sess.use(self.bias) if self.bias is not None else None
        return layer_norm(x, self.normalized_shape, w, b, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"
        )


class RMSNorm(Module):
    """Applies Root Mean Square Layer Normalization over a mini-batch of inputs.

    ``y = x / sqrt(mean(x**2) + eps) * weight``, the mean taken over the last
    ``len(normalized_shape)`` dimensions (see `eagertape.rms_norm`). ``weight`` (ones) has
    shape ``normalized_shape`` when ``elementwise_affine``.

    Input: ``(N, *)``; output: the same shape.

    Args:
        normalized_shape (int or Sequence[int]): input shape from an expected input of size
            ``(*, normalized_shape[0], ..., normalized_shape[-1])``; a single int is read as
            a one-element list.
        eps (float, optional): a value added to the denominator for numerical stability.
            Default: ``None`` (the machine epsilon of the input's dtype).
        elementwise_affine (bool): whether the module has a learnable per-element
            ``weight``. Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: an entry of ``normalized_shape`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> rms = et.nn.RMSNorm(2, eps=0.0)
        >>> with et.Session():
        ...     rms(et.tensor([[1.0, -1.0]])).tolist()
        [[1.0, -1.0]]
    """

    def __init__(
        self,
        normalized_shape: int | Sequence[int],
        eps: float | None = None,
        elementwise_affine: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        _seed(seed)
        self.normalized_shape = _shape(normalized_shape, "normalized_shape")
        self.eps = None if eps is None else _number(eps, "eps")
        self.elementwise_affine = _bool(elementwise_affine, "elementwise_affine")
        self.weight: Parameter | None = None
        if self.elementwise_affine:
            self.weight = _filled(1.0, self.normalized_shape, "weight", dtype, device)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        w = sess.use(self.weight) if self.weight is not None else None
        return rms_norm(x, self.normalized_shape, w, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"
        )


class GroupNorm(Module):
    """Applies Group Normalization over a mini-batch of inputs.

    The input channels (dimension 1) are separated into ``num_groups`` groups, each
    containing ``num_channels / num_groups`` channels; each group of each sample is
    normalized by its own mean and (biased) variance, then scaled and shifted by the
    per-channel ``weight`` (ones) and ``bias`` (zeros) when ``affine`` (see
    `eagertape.group_norm`). The statistics are those of the input in both training and
    evaluation modes.

    Input: ``(N, C, *)`` with ``C = num_channels``; output: the same shape.

    Args:
        num_groups (int): number of groups to separate the channels into.
        num_channels (int): number of channels expected in input.
        eps (float): a value added to the denominator for numerical stability.
            Default: 1e-5.
        affine (bool): whether the module has learnable per-channel affine parameters,
            ``weight`` and ``bias``. Default: ``True``.
        seed (int, optional): accepted for the signature of eagertape's modules (checked);
            the initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a count is not positive, or ``num_channels`` is not divisible by
            ``num_groups``.

    Examples:
        >>> import eagertape as et
        >>> gn = et.nn.GroupNorm(1, 2, eps=0.0)
        >>> with et.Session():
        ...     gn(et.tensor([[[1.0], [3.0]]])).tolist()
        [[[-1.0], [1.0]]]
    """

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        _seed(seed)
        self.num_groups = _positive_int(num_groups, "num_groups")
        self.num_channels = _positive_int(num_channels, "num_channels")
        if self.num_channels % self.num_groups:
            raise ConfigError("num_channels must be divisible by num_groups")
        self.eps = _number(eps, "eps")
        self.affine = _bool(affine, "affine")
        self.weight: Parameter | None = None
        self.bias: Parameter | None = None
        if self.affine:
            self.weight = _filled(1.0, (self.num_channels,), "weight", dtype, device)
            self.bias = _filled(0.0, (self.num_channels,), "bias", dtype, device)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        w = sess.use(self.weight) if self.weight is not None else None
        b = sess.use(self.bias) if self.bias is not None else None
        return group_norm(x, self.num_groups, w, b, self.eps)

    def extra_repr(self) -> str:
        return f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}"


class LocalResponseNorm(Module):
    """Applies local response normalization over an input signal.

    The input is composed of several input planes, where channels occupy the second
    dimension; normalization is applied across channels:
    ``b_c = a_c / (k + alpha / n * sum_{c'} a_{c'}**2) ** beta``, the sum running over the
    ``n = size`` neighbouring channels of ``c`` (see
    `eagertape.nn.functional.local_response_norm`). No parameters.

    Input: ``(N, C, *)``; output: the same shape.

    Args:
        size (int): amount of neighbouring channels used for normalization.
        alpha (float): multiplicative factor. Default: 0.0001.
        beta (float): exponent. Default: 0.75.
        k (float): additive factor. Default: 1.

    Raises:
        ConfigError: ``size`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> lrn = et.nn.LocalResponseNorm(2, alpha=0.0)
        >>> with et.Session():
        ...     lrn(et.ones(1, 3, 2)).tolist()
        [[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]]
    """

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0):
        super().__init__()
        self.size = _positive_int(size, "size")
        self.alpha = _number(alpha, "alpha")
        self.beta = _number(beta, "beta")
        self.k = _number(k, "k")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        from .functional import local_response_norm

        return local_response_norm(x, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
