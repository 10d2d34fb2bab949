"""Activations and ``Dropout``: no parameters."""

from __future__ import annotations

import numbers as _numbers
import warnings as _warnings
from collections.abc import Callable
from typing import Any, Literal

from .._core import Parameter, Session, Tensor
from .._errors import ConfigError, ShapeError
from . import functional as F
from ._utils import _bool, _module_dtype, _positive_int, _probability
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
    "ELU",
    "Hardtanh",
    "LeakyReLU",
    "LogSigmoid",
    "ReLU6",
    "Softmax2d",
    "Softplus",
]

_GELU_APPROXIMATIONS: tuple[Literal["none"], Literal["tanh"]] = ("none", "tanh")


class ReLU(Module):
    """Applies the rectified linear unit function element-wise: ``ReLU(x) = max(0, x)``.

    Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ReLU()(et.tensor([-1.0, 0.0, 2.0])).tolist()
        [0.0, 0.0, 2.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.relu(x, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class GELU(Module):
    """Applies the Gaussian Error Linear Units function: ``GELU(x) = x * Phi(x)``.

    ``Phi`` is the cumulative distribution function of the standard normal distribution.
    With ``approximate="tanh"``, GELU is estimated by
    ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.

    Input: any shape; output: the same shape.

    Args:
        approximate (str): the gelu approximation algorithm to use: ``"none"`` or
            ``"tanh"``. Default: ``"none"``.

    Raises:
        ConfigError: ``approximate`` is neither ``"none"`` nor ``"tanh"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.GELU()(et.tensor([0.0])).tolist()
        [0.0]
    """

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        if approximate not in _GELU_APPROXIMATIONS:
            raise ConfigError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
        self.approximate = approximate

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.gelu(approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class SiLU(Module):
    """Applies the Sigmoid Linear Unit (SiLU) function, element-wise:
    ``silu(x) = x * sigmoid(x)``.

    Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.SiLU()(et.tensor([0.0])).tolist()
        [0.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.silu(x, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class Tanh(Module):
    """Applies the Hyperbolic Tangent (Tanh) function element-wise.

    Input: any shape; output: the same shape.
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.tanh()


class Sigmoid(Module):
    """Applies the Sigmoid function element-wise: ``Sigmoid(x) = 1 / (1 + exp(-x))``.

    Input: any shape; output: the same shape.
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.sigmoid()


class Dropout(Module):
    """During training, randomly zeroes some of the elements of the input tensor with
    probability ``p``.

    The zeroed elements are chosen independently for each forward call, drawn from the
    generator of the session the input belongs to (seeded by the session's ``seed``), and
    the outputs are scaled by ``1 / (1 - p)`` during training. In evaluation mode
    (``module.eval()``) the module computes the identity.

    Input: any shape; output: the same shape.

    Args:
        p (float): probability of an element to be zeroed. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.

    Examples:
        >>> import eagertape as et
        >>> drop = et.nn.Dropout(p=0.5).eval()
        >>> with et.Session():
        ...     drop(et.ones(3)).tolist()
        [1.0, 1.0, 1.0]
    """

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        self.p = _probability(p, "dropout probability")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.dropout(x, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Hardswish(Module):
    """Applies the Hardswish function, element-wise:
    ``Hardswish(x) = x * relu6(x + 3) / 6``.

    That is 0 for ``x <= -3``, ``x`` for ``x >= 3``, and ``x * (x + 3) / 6`` between.
    Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Hardswish()(et.tensor([-4.0, 0.0, 4.0])).tolist()
        [-0.0, 0.0, 4.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardswish(x, inplace=self.inplace)


class Hardsigmoid(Module):
    """Applies the Hardsigmoid function element-wise: ``Hardsigmoid(x) = relu6(x + 3) / 6``.

    That is 0 for ``x <= -3``, 1 for ``x >= 3``, and ``x / 6 + 1 / 2`` between.
    Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Hardsigmoid()(et.tensor([-4.0, 0.0, 4.0])).tolist()
        [0.0, 0.5, 1.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardsigmoid(x, inplace=self.inplace)


class Mish(Module):
    """Applies the Mish function, element-wise: ``Mish(x) = x * tanh(softplus(x))``.

    Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Mish()(et.tensor([0.0])).tolist()
        [0.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.mish(x, inplace=self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class _DimModule(Module):
    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax(_DimModule):
    """Applies the Softmax function to an n-dimensional input tensor.

    Rescales the input so that the elements of the output lie in the range [0, 1] and sum
    to 1 along ``dim``: ``Softmax(x_i) = exp(x_i) / sum_j exp(x_j)``.

    Input: any shape; output: the same shape.

    Args:
        dim (int): a dimension along which Softmax will be computed. Required:
            unlike torch's, the default ``None`` (torch's deprecated implicit dimension) makes
            the call raise ``TypeError``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softmax(dim=1)(et.zeros(1, 4)).tolist()
        [[0.25, 0.25, 0.25, 0.25]]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softmax(x, self.dim)


class LogSoftmax(_DimModule):
    """Applies the ``log(Softmax(x))`` function to an n-dimensional input tensor.

    ``LogSoftmax(x_i) = log(exp(x_i) / sum_j exp(x_j))``, computed in one stable step.
    Input: any shape; output: the same shape, values in [-inf, 0).

    Args:
        dim (int): a dimension along which LogSoftmax will be computed. Required:
            unlike torch's, the default ``None`` (torch's deprecated implicit dimension) makes
            the call raise ``TypeError``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.LogSoftmax(dim=0)(et.zeros(2)).exp().tolist()
        [0.5, 0.5]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.log_softmax(x, self.dim)


class Softmin(_DimModule):
    """Applies the Softmin function to an n-dimensional input tensor: ``softmax(-x, dim)``.

    Rescales the input so that the elements of the output lie in the range [0, 1] and sum
    to 1 along ``dim``: ``Softmin(x_i) = exp(-x_i) / sum_j exp(-x_j)``.

    Input: any shape; output: the same shape.

    Args:
        dim (int): a dimension along which Softmin will be computed. Required:
            unlike torch's, the default ``None`` (torch's deprecated implicit dimension) makes
            the call raise ``TypeError``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softmin(dim=0)(et.zeros(2)).tolist()
        [0.5, 0.5]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softmin(x, self.dim)


class GLU(Module):
    """Applies the gated linear unit function: ``GLU(a, b) = a * sigmoid(b)``.

    ``a`` is the first half of the input along ``dim`` and ``b`` the second half (see
    `eagertape.nn.functional.glu`). Input: ``(*1, N, *2)`` with ``N`` even at ``dim``;
    output: ``(*1, N / 2, *2)``.

    Args:
        dim (int): the dimension on which to split the input. Default: -1.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.GLU()(et.tensor([[2.0, 0.0]])).tolist()
        [[1.0]]
    """

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.glu(x, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class PReLU(Module):
    """Applies the element-wise PReLU function: ``PReLU(x) = max(0, x) + a * min(0, x)``.

    ``a`` is the learnable parameter "weight", of shape ``(num_parameters,)``, every entry
    set to ``init``: one ``a`` shared by all channels (``num_parameters=1``), or one per
    channel, the channel dimension being the input's second. Input: any shape; output: the
    same shape.

    Args:
        num_parameters (int): number of ``a`` to learn: 1, or the number of channels of
            the input. Default: 1.
        init (float): the initial value of ``a``. Default: 0.25.
        seed (int, optional): accepted for the signature of eagertape's modules; the
            initialization is constant and draws nothing. Default: ``None``.
        dtype (str or dtype): the dtype of ``weight``. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of ``weight``. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: ``num_parameters`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.PReLU()(et.tensor([-2.0, 3.0])).tolist()
        [-0.5, 3.0]
    """

    def __init__(
        self,
        num_parameters: int = 1,
        init: float = 0.25,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
        function: Callable[..., Tensor] = getattr(F, self._function)
        return function(x, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    """Randomly zero out entire channels during training.

    Each channel (a 1D feature map ``input[i, j]``) is zeroed independently with
    probability ``p`` on every forward call, drawn from the session's generator; the other
    channels are scaled by ``1 / (1 - p)``. In evaluation mode this is the identity. See
    `eagertape.nn.functional.dropout1d`.

    Input: ``(N, C, L)`` or ``(C, L)``; output: the same shape.

    Args:
        p (float): probability of a channel to be zeroed. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.
        ShapeError: the input is neither 2-D nor 3-D (at the call).
    """

    _function = "dropout1d"


class Dropout2d(_DropoutNd):
    """Randomly zero out entire channels during training.

    Each channel (a 2D feature map ``input[i, j]``) is zeroed independently with
    probability ``p`` on every forward call, drawn from the session's generator; the other
    channels are scaled by ``1 / (1 - p)``. In evaluation mode this is the identity. See
    `eagertape.nn.functional.dropout2d`.

    Input: ``(N, C, H, W)``; a 3-D input is read as ``(N, C, L)`` (as torch's, which warns);
    output: the same shape.

    Args:
        p (float): probability of a channel to be zeroed. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.
        ShapeError: the input is neither 3-D nor 4-D (at the call).
    """

    _function = "dropout2d"


class Dropout3d(_DropoutNd):
    """Randomly zero out entire channels during training.

    Each channel (a 3D feature map ``input[i, j]``) is zeroed independently with
    probability ``p`` on every forward call, drawn from the session's generator; the other
    channels are scaled by ``1 / (1 - p)``. In evaluation mode this is the identity. See
    `eagertape.nn.functional.dropout3d`.

    Input: ``(N, C, D, H, W)`` or ``(C, D, H, W)``; output: the same shape.

    Args:
        p (float): probability of a channel to be zeroed. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.
        ShapeError: the input is neither 4-D nor 5-D (at the call).
    """

    _function = "dropout3d"


class AlphaDropout(_DropoutNd):
    """Applies Alpha Dropout over the input during training.

    Alpha Dropout is a type of Dropout that maintains the self-normalizing property: for an
    input with zero mean and unit standard deviation, the output keeps the mean and
    standard deviation. Each element is masked with probability ``p`` (set to SELU's
    negative saturation value) and the output is scaled and shifted to keep zero mean and
    unit standard deviation; the draws come from the session's generator. In evaluation
    mode this is the identity. See `eagertape.nn.functional.alpha_dropout`.

    Input: any shape; output: the same shape.

    Args:
        p (float): probability of an element to be dropped. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.
    """

    _function = "alpha_dropout"


class FeatureAlphaDropout(_DropoutNd):
    """Randomly masks out entire channels, as Alpha Dropout does, during training.

    Each channel (the feature map ``input[i, j]``) is masked independently with
    probability ``p`` on every forward call (set to SELU's negative saturation value), and
    the output is scaled and shifted to keep zero mean and unit standard deviation; the
    draws come from the session's generator. In evaluation mode this is the identity. See
    `eagertape.nn.functional.feature_alpha_dropout`.

    Input: ``(N, C, *)``; output: the same shape.

    Args:
        p (float): probability of a channel to be masked. Default: 0.5.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        ConfigError: ``p`` is not between 0 and 1.
        ShapeError: the input has fewer than 2 dimensions (at the call, in training mode).
    """

    _function = "feature_alpha_dropout"


def _scalar(value: object, what: str) -> Any:
    """A number hyperparameter, kept as given (torch's ``repr`` shows it as given: ``beta=1``
    for ``Softplus(beta=1)``); bools and non-numbers are refused."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError(f"{what} must be a number, got {type(value).__name__} {value!r}")
    return value


def _inplace_suffix(inplace: bool) -> str:
    return ", inplace=True" if inplace else ""


class LeakyReLU(Module):
    """Applies the LeakyReLU function element-wise:
    ``LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)``.

    See `eagertape.nn.functional.leaky_relu`. Input: any shape; output: the same shape.

    Args:
        negative_slope (float): controls the angle of the negative slope (which is used for
            negative input values). Default: ``1e-2``.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``negative_slope`` is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.LeakyReLU(0.5)(et.tensor([-2.0, 0.0, 3.0])).tolist()
        [-1.0, 0.0, 3.0]
    """

    def __init__(self, negative_slope: float = 1e-2, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope = _scalar(negative_slope, "negative_slope")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.leaky_relu(x, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}{_inplace_suffix(self.inplace)}"


class ELU(Module):
    """Applies the Exponential Linear Unit (ELU) function, element-wise:
    ``ELU(x) = x`` for ``x > 0``, ``alpha * (exp(x) - 1)`` for ``x <= 0``.

    See `eagertape.nn.functional.elu`. Input: any shape; output: the same shape.

    Args:
        alpha (float): the ``alpha`` value for the ELU formulation. Default: 1.0.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Raises:
        TypeError: ``alpha`` is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ELU()(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = _scalar(alpha, "alpha")
        self.inplace = _bool(inplace, "inplace")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.elu(x, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}{_inplace_suffix(self.inplace)}"


class Softplus(Module):
    """Applies the Softplus function element-wise:
    ``Softplus(x) = 1 / beta * log(1 + exp(beta * x))``.

    A smooth approximation to the ReLU function, constraining the output to be positive.
    For numerical stability the implementation reverts to the linear function (``x``
    itself) when ``beta * x > threshold``. See `eagertape.nn.functional.softplus`.

    Input: any shape; output: the same shape.

    Args:
        beta (float): the ``beta`` value for the Softplus formulation. Default: 1.0.
        threshold (float): values of ``beta * x`` above this revert to a linear function.
            Default: 20.0.

    Raises:
        TypeError: ``beta`` or ``threshold`` is not a number.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softplus()(et.tensor([30.0])).tolist()
        [30.0]
    """

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = _scalar(beta, "beta")
        self.threshold = _scalar(threshold, "threshold")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.softplus(x, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class Hardtanh(Module):
    """Applies the HardTanh function element-wise: ``max_val`` for ``x > max_val``,
    ``min_val`` for ``x < min_val``, ``x`` in between.

    See `eagertape.nn.functional.hardtanh`. Input: any shape; output: the same shape.

    Args:
        min_val (float): minimum value of the linear region range. Default: -1.
        max_val (float): maximum value of the linear region range. Default: 1.
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.
        min_value (float, optional): deprecated name of ``min_val`` (warns
            ``FutureWarning``, as torch's). Default: ``None``.
        max_value (float, optional): deprecated name of ``max_val`` (warns
            ``FutureWarning``, as torch's). Default: ``None``.

    Raises:
        ConfigError: ``max_val <= min_val`` (torch raises ``AssertionError``).
        TypeError: a bound is not a number, or ``inplace`` not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Hardtanh(-2.0, 2.0)(et.tensor([-3.0, 0.5, 3.0])).tolist()
        [-2.0, 0.5, 2.0]
    """

    def __init__(
        self,
        min_val: float = -1.0,
        max_val: float = 1.0,
        inplace: bool = False,
        min_value: float | None = None,
        max_value: float | None = None,
    ) -> None:
        super().__init__()
        if min_value is not None:
            _warnings.warn(
                "keyword argument `min_value` is deprecated and rename to `min_val`",
                FutureWarning,
                stacklevel=2,
            )
            min_val = min_value
        if max_value is not None:
            _warnings.warn(
                "keyword argument `max_value` is deprecated and rename to `max_val`",
                FutureWarning,
                stacklevel=2,
            )
            max_val = max_value
        self.min_val = _scalar(min_val, "min_val")
        self.max_val = _scalar(max_val, "max_val")
        self.inplace = _bool(inplace, "inplace")
        if self.max_val <= self.min_val:
            raise ConfigError(
                f"max_val ({self.max_val}) must be greater than min_val ({self.min_val})"
            )

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.hardtanh(x, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        return f"min_val={self.min_val}, max_val={self.max_val}{_inplace_suffix(self.inplace)}"


class ReLU6(Hardtanh):
    """Applies the ReLU6 function element-wise: ``ReLU6(x) = min(max(0, x), 6)``.

    A `Hardtanh` with ``min_val=0.0`` and ``max_val=6.0``, as torch's (see
    `eagertape.nn.functional.relu6`). Input: any shape; output: the same shape.

    Args:
        inplace (bool): if ``True``, the input tensor object reads the result afterwards and
            is returned (torch's in-place result through the same object; see
            ``F.relu(inplace=True)``). Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.ReLU6()(et.tensor([-1.0, 3.0, 8.0])).tolist()
        [0.0, 3.0, 6.0]
    """

    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class LogSigmoid(Module):
    """Applies the LogSigmoid function element-wise: ``LogSigmoid(x) = log(1 / (1 + exp(-x)))``.

    Computed stably (see `eagertape.nn.functional.logsigmoid`). Input: any shape; output:
    the same shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     round(et.nn.LogSigmoid()(et.tensor([0.0])).item(), 4)
        -0.6931
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.logsigmoid(x)


class Softmax2d(Module):
    """Applies SoftMax over features to each spatial location.

    When given an image of ``Channels x Height x Width``, it applies `Softmax` to each
    location ``(Channels, h_i, w_j)``: ``F.softmax(x, dim=-3)``.

    Input: ``(N, C, H, W)`` or ``(C, H, W)``; output: the same shape, values in [0, 1].

    Raises:
        ShapeError: the input is neither 3-D nor 4-D (at the call; a ``ValueError``, as
            torch's).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.Softmax2d()(et.zeros(2, 1, 1)).tolist()
        [[[0.5]], [[0.5]]]
    """

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        if x.ndim not in (3, 4):
            raise ShapeError(f"Softmax2d: expected input to be 3D or 4D, got {x.ndim}D instead")
        return F.softmax(x, -3)
