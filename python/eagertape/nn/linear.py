"""``Linear``, ``Bilinear`` and ``Identity``."""

from __future__ import annotations

from typing import Any

import numpy as _np

from .._core import Parameter, Session, Tensor, linear
from ._utils import _draws, _fan_in_bound, _kaiming_bound, _module_dtype, _positive_int
from .module import Module

__all__ = ["Bilinear", "Identity", "Linear"]


class Identity(Module):
    """A placeholder identity operator that is argument-insensitive.

    Its forward returns its input unchanged (the same tensor).

    Args:
        *args: any argument (unused).
        **kwargs: any keyword argument (unused).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Identity(54, unused_argument1=0.1)(et.tensor([1.0])).tolist()
        [1.0]
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x


class Linear(Module):
    """Applies an affine linear transformation to the incoming data: ``y = x A^T + b``.

    ``weight`` (``A``) has shape ``(out_features, in_features)`` and ``bias`` (``b``) shape
    ``(out_features,)``. They are initialized like ``torch.nn.Linear``'s:
    ``kaiming_uniform_(a=sqrt(5))`` for the weight and the same bound for the bias, so both
    are ``U(-1/sqrt(in_features), 1/sqrt(in_features))``, drawn in float64 from
    ``np.random.default_rng(seed)`` (weight first, then bias) and then converted to
    ``dtype``. The parameters are named "weight" and "bias" (torch's state-dict keys).

    Input: ``(*, in_features)``; output: ``(*, out_features)``.

    Args:
        in_features (int): size of each input sample.
        out_features (int): size of each output sample.
        bias (bool): if set to ``False``, the layer will not learn an additive bias.
            Default: ``True``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: ``in_features`` or ``out_features`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.Linear(20, 30, seed=0)
        >>> with et.Session():
        ...     tuple(m(et.ones(128, 20)).shape)
        (128, 30)
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        self.in_features = _positive_int(in_features, "in_features")
        self.out_features = _positive_int(out_features, "out_features")
        if not isinstance(bias, bool):
            raise TypeError(f"bias must be a bool, got {type(bias).__name__}")
        rng = _draws(seed, dtype)
        bound = _kaiming_bound(self.in_features)
        w = rng.uniform(-bound, bound, size=(self.out_features, self.in_features))
        self.weight = Parameter(w, name="weight", dtype=dtype, device=device)
        self.bias: Parameter | None = None
        if bias:
            bound = _fan_in_bound(self.in_features)
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
    """Applies a bilinear transformation to the incoming data: ``y = x1^T A x2 + b``.

    ``weight`` (``A``) has shape ``(out_features, in1_features, in2_features)`` and ``bias``
    (``b``) shape ``(out_features,)``; both are drawn from
    ``U(-1/sqrt(in1_features), 1/sqrt(in1_features))`` as torch's ``nn.Bilinear`` (in
    float64 from ``np.random.default_rng(seed)``, weight first, then bias, then converted
    to ``dtype``). The forward takes two inputs, ``module(x1, x2)``.

    Input: ``x1`` ``(*, in1_features)`` and ``x2`` ``(*, in2_features)``, the same ``*``;
    output: ``(*, out_features)``.

    Args:
        in1_features (int): size of each first input sample.
        in2_features (int): size of each second input sample.
        out_features (int): size of each output sample.
        bias (bool): if set to ``False``, the layer will not learn an additive bias.
            Default: ``True``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a feature size is not positive.

    Examples:
        >>> import eagertape as et
        >>> m = et.nn.Bilinear(20, 30, 40, seed=0)
        >>> with et.Session():
        ...     tuple(m(et.ones(128, 20), et.ones(128, 30)).shape)
        (128, 40)
    """

    def __init__(
        self,
        in1_features: int,
        in2_features: int,
        out_features: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        self.in1_features = _positive_int(in1_features, "in1_features")
        self.in2_features = _positive_int(in2_features, "in2_features")
        self.out_features = _positive_int(out_features, "out_features")
        if not isinstance(bias, bool):
            raise TypeError(f"bias must be a bool, got {type(bias).__name__}")
        rng = _draws(seed, dtype)
        bound = 1.0 / _np.sqrt(self.in1_features)
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
