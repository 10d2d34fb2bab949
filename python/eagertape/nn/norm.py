"""Normalization layers: ``LayerNorm``, ``RMSNorm`` and ``GroupNorm`` (BatchNorm is in
``batchnorm.py``). Affine weights start at one and biases at zero, as torch's."""

from __future__ import annotations

from collections.abc import Sequence

from .._core import Parameter, Session, Tensor, group_norm, layer_norm, rms_norm
from .._errors import ConfigError
from ._utils import _bool, _filled, _number, _positive_int, _seed, _shape
from .module import Module

__all__ = ["GroupNorm", "LayerNorm", "LocalResponseNorm", "RMSNorm"]


class LayerNorm(Module):
    """``torch.nn.LayerNorm``: normalizes over the trailing ``normalized_shape`` dims;
    ``weight`` (ones) and ``bias`` (zeros) of that shape when ``elementwise_affine`` (the bias
    only with ``bias``). ``seed`` is accepted for uniformity and draws nothing."""

    def __init__(
        self,
        normalized_shape: int | Sequence[int],
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
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
    """``torch.nn.RMSNorm``: ``x / sqrt(mean(x**2) + eps) * weight`` over the trailing
    ``normalized_shape`` dims; ``eps=None`` is the dtype's machine epsilon; ``weight`` starts
    at one."""

    def __init__(
        self,
        normalized_shape: int | Sequence[int],
        eps: float | None = None,
        elementwise_affine: bool = True,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
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
    """``torch.nn.GroupNorm``: ``num_channels`` (dim 1) split into ``num_groups`` groups, each
    normalized by its own statistics; per-channel ``weight`` (ones) and ``bias`` (zeros) when
    ``affine``."""

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
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
    """``torch.nn.LocalResponseNorm``: each element divided by ``(k + alpha · avg)^beta``,
    ``avg`` the mean square over ``size`` neighbouring channels. No parameters."""

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
