"""``Linear``, ``Bilinear`` and ``Identity``."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._core import Parameter, Session, Tensor, linear
from ._utils import _fan_in_bound, _positive_int, _seed
from .module import Module

__all__ = ["Bilinear", "Identity", "Linear"]


class Identity(Module):
    """Returns its input; takes (and ignores) any constructor arguments, as torch's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x


class Linear(Module):
    """``y = x @ weight.T + bias`` with ``weight`` of shape ``(out_features, in_features)``.

    Initialized like ``torch.nn.Linear``: ``kaiming_uniform_(a=sqrt(5))`` for the weight and
    the same bound for the bias, so both are ``U(-1/sqrt(in_features), 1/sqrt(in_features))``,
    drawn in float64 from ``np.random.default_rng(seed)`` (weight first, then bias) and then
    converted to ``dtype``. The parameters are named "weight" and "bias".
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self.in_features = _positive_int(in_features, "in_features")
        self.out_features = _positive_int(out_features, "out_features")
        if not isinstance(bias, bool):
            raise TypeError(f"bias must be a bool, got {type(bias).__name__}")
        rng = np.random.default_rng(_seed(seed))
        bound = _fan_in_bound(self.in_features)
        w = rng.uniform(-bound, bound, size=(self.out_features, self.in_features))
        self.weight = Parameter(w, name="weight", dtype=dtype, device=device)
        self.bias: Parameter | None = None
        if bias:
            b = rng.uniform(-bound, bound, size=(self.out_features,))
            self.bias = Parameter(b, name="bias", dtype=dtype, device=device)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        b = sess.use(self.bias) if self.bias is not None else None
        return linear(x, sess.use(self.weight), b)

    def extra_repr(self) -> str:
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class Bilinear(Module):
    """``y = x1ᵀ W x2 + b`` with ``weight`` of shape ``(out_features, in1_features,
    in2_features)``; both drawn from ``U(-1/sqrt(in1_features), 1/sqrt(in1_features))`` as
    torch's ``nn.Bilinear`` (weight first, then bias, from ``default_rng(seed)``)."""

    def __init__(
        self,
        in1_features: int,
        in2_features: int,
        out_features: int,
        bias: bool = True,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self.in1_features = _positive_int(in1_features, "in1_features")
        self.in2_features = _positive_int(in2_features, "in2_features")
        self.out_features = _positive_int(out_features, "out_features")
        if not isinstance(bias, bool):
            raise TypeError(f"bias must be a bool, got {type(bias).__name__}")
        rng = np.random.default_rng(_seed(seed))
        bound = 1.0 / np.sqrt(self.in1_features)
        shape = (self.out_features, self.in1_features, self.in2_features)
        w = rng.uniform(-bound, bound, size=shape)
        self.weight = Parameter(w, name="weight", dtype=dtype, device=device)
        self.bias: Parameter | None = None
        if bias:
            b = rng.uniform(-bound, bound, size=(self.out_features,))
            self.bias = Parameter(b, name="bias", dtype=dtype, device=device)

    def forward(self, sess: Session, x1: Tensor, x2: Tensor) -> Tensor:
        from .functional import bilinear

        b = sess.use(self.bias) if self.bias is not None else None
        return bilinear(x1, x2, sess.use(self.weight), b)

    def extra_repr(self) -> str:
        return (
            f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
            f"out_features={self.out_features}, bias={self.bias is not None}"
        )
