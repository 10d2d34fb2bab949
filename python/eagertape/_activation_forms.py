"""torch's functional activations with ``inplace=``, and their in-place function forms
(``F.relu_``, ``F.elu_``, ``torch.celu_``, ...): each is the extension's op of that name
(``src/ops/activation_piecewise.rs``, ``src/ops/activations.rs``), recorded out of place
and, in place, rebound to the same tensor object as ``Tensor.relu_`` is."""

from __future__ import annotations

from . import _core
from ._core import Tensor

__all__ = [
    "celu",
    "celu_",
    "elu_",
    "hardtanh_",
    "leaky_relu_",
    "rrelu",
    "rrelu_",
    "selu",
    "selu_",
    "threshold",
    "threshold_",
]


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies element-wise ``CELU(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``.

    Args:
        input (Tensor): the input tensor.
        alpha (float): the ``alpha`` value of the CELU formulation (not 0). Default: ``1.0``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``alpha`` is 0, or ``inplace=True`` on a tensor that shares its
            storage with another live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.celu(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """
    if inplace:
        return input._in_place(_core.celu, input, alpha)
    return _core.celu(input, alpha)


def selu(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies element-wise ``SELU(x) = scale * (max(0, x) + min(0, alpha * (exp(x) - 1)))``,
    with ``alpha = 1.6732632423543772`` and ``scale = 1.0507009873554805``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another
            live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.selu(et.tensor([0.0])).tolist()
        [0.0]
    """
    if inplace:
        return input._in_place(_core.selu, input)
    return _core.selu(input)


def threshold(
    input: Tensor,  # noqa: A002
    threshold: float,
    value: float,
    inplace: bool = False,
) -> Tensor:
    """Thresholds each element: ``value`` where ``input <= threshold``, else ``input``.

    Args:
        input (Tensor): the input tensor.
        threshold (float): the value to threshold at.
        value (float): the value to replace with.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another
            live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.threshold(et.tensor([0.5, 2.0]), 1.0, -1.0).tolist()
        [-1.0, 2.0]
    """
    if inplace:
        return input._in_place(_core.threshold, input, threshold, value)
    return _core.threshold(input, threshold, value)


def rrelu(
    input: Tensor,  # noqa: A002
    lower: float = 1.0 / 8,
    upper: float = 1.0 / 3,
    training: bool = False,
    inplace: bool = False,
) -> Tensor:
    """Applies the randomized leaky ReLU element-wise (see ``eagertape.rrelu``).

    Args:
        input (Tensor): the input tensor.
        lower (float): the lower bound of the slopes drawn in training. Default: ``1 / 8``.
        upper (float): the upper bound of the slopes drawn in training. Default: ``1 / 3``.
        training (bool): draw a slope per element if true, else use ``(lower + upper) / 2``.
            Default: ``False``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``lower`` is above ``upper``, or ``inplace=True`` on a tensor that
            shares its storage with another live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.rrelu(et.tensor([-4.0, 2.0]), 0.25, 0.25).tolist()
        [-1.0, 2.0]
    """
    if inplace:
        return input._in_place(_core.rrelu, input, lower, upper, training)
    return _core.rrelu(input, lower, upper, training)


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:  # noqa: A002
    """In-place version of ``elu``: ``elu(input, alpha, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind to its ELU.
        alpha (float): the ``alpha`` value of the ELU formulation. Default: ``1.0``.

    Returns:
        Tensor: ``input`` itself, rebound.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([0.0, 2.0])
        ...     _ = F.elu_(x)
        ...     x.tolist()
        [0.0, 2.0]
    """
    return input._in_place(_core.elu, input, alpha)


def hardtanh_(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:  # noqa: A002
    """In-place version of ``hardtanh``: ``hardtanh(input, min_val, max_val, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind to its HardTanh.
        min_val (float): the minimum of the linear region. Default: ``-1.0``.
        max_val (float): the maximum of the linear region. Default: ``1.0``.

    Returns:
        Tensor: ``input`` itself, rebound.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([-3.0, 0.5])
        ...     _ = F.hardtanh_(x)
        ...     x.tolist()
        [-1.0, 0.5]
    """
    return input._in_place(_core.hardtanh, input, min_val, max_val)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:  # noqa: A002
    """In-place version of ``leaky_relu``: ``leaky_relu(input, negative_slope, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind to its LeakyReLU.
        negative_slope (float): the slope of the negative part. Default: ``0.01``.

    Returns:
        Tensor: ``input`` itself, rebound.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([-2.0, 1.0])
        ...     _ = F.leaky_relu_(x, 0.5)
        ...     x.tolist()
        [-1.0, 1.0]
    """
    return input._in_place(_core.leaky_relu, input, negative_slope)


def celu_(input: Tensor, alpha: float = 1.0) -> Tensor:  # noqa: A002
    """In-place version of ``celu``: ``celu(input, alpha, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind to its CELU.
        alpha (float): the ``alpha`` value of the CELU formulation (not 0). Default: ``1.0``.

    Returns:
        Tensor: ``input`` itself, rebound.

    Raises:
        ArgumentError: ``alpha`` is 0.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.0, 2.0])
        ...     _ = et.celu_(x)
        ...     x.tolist()
        [0.0, 2.0]
    """
    return input._in_place(_core.celu, input, alpha)


def selu_(input: Tensor) -> Tensor:  # noqa: A002
    """In-place version of ``selu``: ``selu(input, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind to its SELU.

    Returns:
        Tensor: ``input`` itself, rebound.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.0])
        ...     _ = et.selu_(x)
        ...     x.tolist()
        [0.0]
    """
    return input._in_place(_core.selu, input)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:  # noqa: A002
    """In-place version of ``threshold``: ``threshold(input, threshold, value, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind.
        threshold (float): the value to threshold at.
        value (float): the value to replace with.

    Returns:
        Tensor: ``input`` itself, rebound.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.5, 2.0])
        ...     _ = et.threshold_(x, 1.0, -1.0)
        ...     x.tolist()
        [-1.0, 2.0]
    """
    return input._in_place(_core.threshold, input, threshold, value)


def rrelu_(
    input: Tensor,  # noqa: A002
    lower: float = 1.0 / 8,
    upper: float = 1.0 / 3,
    training: bool = False,
) -> Tensor:
    """In-place version of ``rrelu``: ``rrelu(input, lower, upper, training, inplace=True)``.

    Args:
        input (Tensor): the tensor to rebind.
        lower (float): the lower bound of the slopes. Default: ``1 / 8``.
        upper (float): the upper bound of the slopes. Default: ``1 / 3``.
        training (bool): draw a slope per element if true. Default: ``False``.

    Returns:
        Tensor: ``input`` itself, rebound.

    Raises:
        ArgumentError: ``lower`` is above ``upper``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([-4.0, 2.0])
        ...     _ = et.rrelu_(x, 0.25, 0.25)
        ...     x.tolist()
        [-1.0, 2.0]
    """
    return input._in_place(_core.rrelu, input, lower, upper, training)
