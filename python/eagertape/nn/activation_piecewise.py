"""The scaled exponential units and the piecewise activations as modules: ``CELU``,
``SELU``, ``RReLU``, ``Threshold``, ``Hardshrink``, ``Softshrink``, ``Softsign``,
``Tanhshrink`` (no parameters; each calls its ``F`` function)."""

from __future__ import annotations

from .._core import Session, Tensor
from . import functional as F
from ._utils import _bool
from .activation import _inplace_suffix, _scalar
from .module import Module

__all__ = [
    "CELU",
    "Hardshrink",
    "RReLU",
    "SELU",
    "Softshrink",
    "Softsign",
    "Tanhshrink",
    "Threshold",
]


class CELU(Module):
    """Applies element-wise ``CELU(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``.

    See `eagertape.nn.functional.celu`. Input: any shape; output: the same shape.

    Args:
        alpha (float): the ``alpha`` value for the CELU formulation. Default: 1.0.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (see ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``alpha`` is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.CELU()(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = _scalar(alpha, "alpha")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.celu(x, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}{_inplace_suffix(self.inplace)}"


class SELU(Module):
    """Applies element-wise ``SELU(x) = scale * (max(0, x) + min(0, alpha * (exp(x) - 1)))``,
    with torch's ``alpha`` and ``scale``.

    See `eagertape.nn.functional.selu`. Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (see ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``inplace`` is not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.SELU()(et.tensor([0.0])).tolist()
        [0.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.selu(x, self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class RReLU(Module):
    """Applies the randomized leaky rectified linear unit function element-wise.

    In training mode each element at or below 0 is multiplied by a slope drawn uniformly
    from ``[lower, upper]`` (from the session's generator); in eval mode the slope is
    ``(lower + upper) / 2``. See `eagertape.nn.functional.rrelu`. Input: any shape;
    output: the same shape.

    Args:
        lower (float): lower bound of the uniform distribution. Default: ``1 / 8``.
        upper (float): upper bound of the uniform distribution. Default: ``1 / 3``.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (see ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``lower`` or ``upper`` is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.RReLU(0.25, 0.25)(et.tensor([-4.0, 2.0])).tolist()
        [-1.0, 2.0]
    """

    def __init__(
        self, lower: float = 1.0 / 8, upper: float = 1.0 / 3, inplace: bool = False
    ) -> None:
        super().__init__()
        self.lower = _scalar(lower, "lower")
        self.upper = _scalar(upper, "upper")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.rrelu(x, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"lower={self.lower}, upper={self.upper}{_inplace_suffix(self.inplace)}"


class Threshold(Module):
    """Thresholds each element of the input: ``value`` where ``x <= threshold``, else ``x``.

    See `eagertape.nn.functional.threshold`. Input: any shape; output: the same shape.

    Args:
        threshold (float): the value to threshold at.
        value (float): the value to replace with.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (see ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``threshold`` or ``value`` is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Threshold(1.0, -1.0)(et.tensor([0.5, 2.0])).tolist()
        [-1.0, 2.0]
    """

    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold = _scalar(threshold, "threshold")
        self.value = _scalar(value, "value")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.threshold(x, self.threshold, self.value, self.inplace)

    def extra_repr(self) -> str:
        return f"threshold={self.threshold}, value={self.value}{_inplace_suffix(self.inplace)}"


class Hardshrink(Module):
    """Applies the hard shrinkage function element-wise: 0 where ``-lambd <= x <= lambd``,
    else ``x``.

    See `eagertape.nn.functional.hardshrink`. Input: any shape; output: the same shape.

    Args:
        lambd (float): the ``lambda`` value for the Hardshrink formulation. Default: 0.5.

    Raises:
        TypeError: ``lambd`` is not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Hardshrink()(et.tensor([-2.0, 0.25])).tolist()
        [-2.0, 0.0]
    """

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = _scalar(lambd, "lambd")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardshrink(x, self.lambd)

    def extra_repr(self) -> str:
        return f"{self.lambd}"


class Softshrink(Module):
    """Applies the soft shrinkage function element-wise: ``x - lambd`` above ``lambd``,
    ``x + lambd`` below ``-lambd``, 0 between.

    See `eagertape.nn.functional.softshrink`. Input: any shape; output: the same shape.

    Args:
        lambd (float): the ``lambda`` (must be no less than zero). Default: 0.5.

    Raises:
        TypeError: ``lambd`` is not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softshrink()(et.tensor([-2.0, 0.25])).tolist()
        [-1.5, 0.0]
    """

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = _scalar(lambd, "lambd")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softshrink(x, self.lambd)

    def extra_repr(self) -> str:
        return str(self.lambd)


class Softsign(Module):
    """Applies element-wise ``SoftSign(x) = x / (1 + |x|)``.

    See `eagertape.nn.functional.softsign`. Input: any shape; output: the same shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softsign()(et.tensor([1.0])).tolist()
        [0.5]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softsign(x)


class Tanhshrink(Module):
    """Applies element-wise ``Tanhshrink(x) = x - tanh(x)``.

    See `eagertape.nn.functional.tanhshrink`. Input: any shape; output: the same shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Tanhshrink()(et.tensor([0.0])).tolist()
        [0.0]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.tanhshrink(x)
