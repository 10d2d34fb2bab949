"""Activations and ``Dropout``: no parameters."""

from __future__ import annotations

from .._core import Parameter, Session, Tensor, dropout
from .._errors import ConfigError
from . import functional as F
from ._utils import _bool, _positive_int, _probability
from .module import Module

__all__ = [
    "AlphaDropout",
    "Dropout1d",
    "Dropout2d",
    "Dropout3d",
    "FeatureAlphaDropout",
    "GLU",
    "PReLU",
    "Dropout",
    "GELU",
    "Hardsigmoid",
    "Hardswish",
    "LogSoftmax",
    "Mish",
    "ReLU",
    "Sigmoid",
    "SiLU",
    "Softmax",
    "Softmin",
    "Tanh",
]


class ReLU(Module):
    """``max(x, 0)``. ``inplace`` is accepted for torch's signature and changes nothing
    (eagertape tensors are immutable values)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.relu()


class GELU(Module):
    """``x * Φ(x)`` (``approximate="none"``) or its tanh approximation (``"tanh"``)."""

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        if approximate not in ("none", "tanh"):
            raise ConfigError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
        self.approximate = approximate

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.gelu(approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class SiLU(Module):
    """``x * sigmoid(x)``; ``inplace`` as for ``ReLU``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.silu()


class Tanh(Module):
    """``tanh(x)``; no parameters."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.tanh()


class Sigmoid(Module):
    """``1 / (1 + exp(-x))``; no parameters."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.sigmoid()


class Dropout(Module):
    """Inverted dropout with probability ``p`` in training mode (drawn from the session's
    RNG), the identity in eval mode. ``inplace`` as for ``ReLU``."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        self.p = _probability(p, "dropout probability")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return dropout(x, self.p, self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Hardswish(Module):
    """``x · relu6(x + 3) / 6``; ``inplace`` as for ``ReLU``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardswish(x)


class Hardsigmoid(Module):
    """``relu6(x + 3) / 6``; ``inplace`` as for ``ReLU``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardsigmoid(x)


class Mish(Module):
    """``x · tanh(softplus(x))``; ``inplace`` as for ``ReLU``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.mish(x)


class _DimModule(Module):
    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax(_DimModule):
    """torch's ``nn.Softmax(dim)``."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softmax(x, self.dim)


class LogSoftmax(_DimModule):
    """torch's ``nn.LogSoftmax(dim)``."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.log_softmax(x, self.dim)


class Softmin(_DimModule):
    """torch's ``nn.Softmin(dim)``: ``softmax(-x, dim)``."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softmin(x, self.dim)


class GLU(Module):
    """``F.glu(x, dim)``: the first half of ``dim`` times the sigmoid of the second."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.glu(x, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class PReLU(Module):
    """``x`` where positive, else ``weight · x``: ``num_parameters`` weights (1, or one per
    channel), each ``init`` (0.25), named "weight" as torch's."""

    def __init__(
        self,
        num_parameters: int = 1,
        init: float = 0.25,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self.num_parameters = _positive_int(num_parameters, "num_parameters")
        self.init = float(init)
        self.weight = Parameter(
            [self.init] * self.num_parameters, name="weight", dtype=dtype, device=device
        )

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.prelu(x, sess.use(self.weight))

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class _DropoutNd(Module):
    _function = "dropout"

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        self.p = _probability(p, "dropout probability")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return getattr(F, self._function)(x, self.p, self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    """Whole channels of ``(N, C, L)`` (or ``(C, L)``) dropped in training mode."""

    _function = "dropout1d"


class Dropout2d(_DropoutNd):
    """Whole channels of ``(N, C, H, W)`` (or ``(C, H, W)`` read as ``(N, C, L)``, as torch)."""

    _function = "dropout2d"


class Dropout3d(_DropoutNd):
    """Whole channels of ``(N, C, D, H, W)`` (or ``(C, D, H, W)``) dropped in training mode."""

    _function = "dropout3d"


class AlphaDropout(_DropoutNd):
    """``F.alpha_dropout`` in training mode (keeps SELU's mean and variance)."""

    _function = "alpha_dropout"


class FeatureAlphaDropout(_DropoutNd):
    """``F.feature_alpha_dropout`` in training mode."""

    _function = "feature_alpha_dropout"
