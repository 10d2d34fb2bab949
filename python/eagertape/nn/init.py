"""``eagertape.nn.init``: ``torch.nn.init``'s functions, gains and fan rules, on
``et.Parameter``s. Each publishes the parameter's new value as a new snapshot (tapes that
read the old one keep it) and draws from the process-wide generator (``et.manual_seed``);
each returns the parameter, as torch's do."""

from __future__ import annotations

import math as _math

from .._core import Parameter

__all__ = [
    "calculate_gain",
    "constant_",
    "kaiming_normal_",
    "kaiming_uniform_",
    "normal_",
    "ones_",
    "trunc_normal_",
    "uniform_",
    "xavier_normal_",
    "xavier_uniform_",
    "zeros_",
]

_LINEAR = (
    "linear",
    "conv1d",
    "conv2d",
    "conv3d",
    "conv_transpose1d",
    "conv_transpose2d",
    "conv_transpose3d",
    "sigmoid",
)


def _param(tensor: object, fn: str) -> Parameter:
    if not isinstance(tensor, Parameter):
        raise TypeError(
            f"nn.init.{fn}: expected an et.Parameter (eagertape initializes parameters; a "
            f"recorded tensor is an immutable value), got {type(tensor).__name__}"
        )
    return tensor


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """Return the recommended gain value for the given nonlinearity function.

    ``1`` for the linear functions (``"linear"``, the ``conv*`` and ``conv_transpose*`` names)
    and ``"sigmoid"``, ``5/3`` for ``"tanh"``, ``sqrt(2)`` for ``"relu"``,
    ``sqrt(2 / (1 + negative_slope**2))`` for ``"leaky_relu"``, ``3/4`` for ``"selu"``, as
    torch's.

    Args:
        nonlinearity (str): the name of the non-linear function.
        param (float, optional): an optional parameter for the non-linear function: the
            negative slope of ``"leaky_relu"``. Default: ``None`` (``0.01``).

    Returns:
        float: the gain.

    Raises:
        ValueError: an unsupported ``nonlinearity``, or a ``param`` that is not a number.

    Examples:
        >>> import eagertape as et
        >>> et.nn.init.calculate_gain("tanh")
        1.6666666666666667
    """
    if nonlinearity in _LINEAR:
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return _math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, bool) or not isinstance(param, int | float):
            raise ValueError(f"negative_slope {param} not a valid number")
        else:
            slope = float(param)
        return _math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor: Parameter) -> tuple[int, int]:
    shape = tuple(tensor.shape)
    if len(shape) < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
        )
    receptive = _math.prod(shape[2:]) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _calculate_correct_fan(tensor: Parameter, mode: str) -> int:
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(
    tensor: Parameter, a: float = 0.0, b: float = 1.0, generator: object = None
) -> Parameter:
    """Fill the input Parameter with values drawn from the uniform distribution ``U(a, b)``.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).
        a (float): the lower bound of the uniform distribution. Default: ``0.0``.
        b (float): the upper bound of the uniform distribution. Default: ``1.0``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> float(et.nn.init.uniform_(w, -1.0, 1.0).numpy().max()) <= 1.0
        True
    """
    return _param(tensor, "uniform_").uniform_(a, b, generator=generator)


def normal_(
    tensor: Parameter, mean: float = 0.0, std: float = 1.0, generator: object = None
) -> Parameter:
    """Fill the input Parameter with values drawn from the normal distribution
    ``N(mean, std**2)``.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).
        mean (float): the mean of the normal distribution. Default: ``0.0``.
        std (float): the standard deviation of the normal distribution. Default: ``1.0``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.normal_(w, std=0.02).shape
        (2, 3)
    """
    return _param(tensor, "normal_").normal_(mean, std, generator=generator)


def trunc_normal_(
    tensor: Parameter,
    mean: float = 0.0,
    std: float = 1.0,
    a: float = -2.0,
    b: float = 2.0,
    generator: object = None,
) -> Parameter:
    """Fill the input Parameter with values drawn from a truncated normal distribution.

    The values are effectively drawn from ``N(mean, std**2)`` conditioned on ``[a, b]``; ``a``
    and ``b`` are absolute bounds, as torch's (not multiples of ``std``).

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).
        mean (float): the mean of the normal distribution. Default: ``0.0``.
        std (float): the standard deviation of the normal distribution. Default: ``1.0``.
        a (float): the minimum cutoff value. Default: ``-2.0``.
        b (float): the maximum cutoff value. Default: ``2.0``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``, or a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> float(abs(et.nn.init.trunc_normal_(w, std=1.0, a=-0.1, b=0.1).numpy()).max()) <= 0.1
        True
    """
    if generator is not None:
        raise TypeError("nn.init.trunc_normal_: generator= is not supported (et.manual_seed)")
    return _param(tensor, "trunc_normal_")._trunc_normal_(mean, std, a, b)


def constant_(tensor: Parameter, val: float) -> Parameter:
    """Fill the input Parameter with the value ``val``.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).
        val (float): the value to fill the parameter with.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.nn.init.constant_(w, 0.5).numpy().tolist()
        [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]
    """
    return _param(tensor, "constant_").fill_(val)


def ones_(tensor: Parameter) -> Parameter:
    """Fill the input Parameter with the scalar value ``1``.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.nn.init.ones_(w).numpy().tolist()
        [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """
    return _param(tensor, "ones_").fill_(1.0)


def zeros_(tensor: Parameter) -> Parameter:
    """Fill the input Parameter with the scalar value ``0``.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` (a recorded tensor is an immutable value and is
            refused).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.nn.init.zeros_(w).numpy().tolist()
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    """
    return _param(tensor, "zeros_").zero_()


def xavier_uniform_(tensor: Parameter, gain: float = 1.0, generator: object = None) -> Parameter:
    """Fill the input Parameter with values using a Xavier uniform distribution.

    The values are drawn from ``U(-a, a)`` with
    ``a = gain * sqrt(6 / (fan_in + fan_out))`` (Glorot & Bengio, 2010).

    ``fan_in`` is ``size(1) * receptive_field`` and ``fan_out`` is
    ``size(0) * receptive_field``, the receptive field being the product of the dims after the
    first two, as torch's.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` of at least 2 dims.
        gain (float): an optional scaling factor. Default: ``1.0``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.xavier_uniform_(w).shape
        (2, 3)
    """
    fan_in, fan_out = _calculate_fan_in_and_fan_out(_param(tensor, "xavier_uniform_"))
    std = gain * _math.sqrt(2.0 / float(fan_in + fan_out))
    a = _math.sqrt(3.0) * std
    return tensor.uniform_(-a, a, generator=generator)


def xavier_normal_(tensor: Parameter, gain: float = 1.0, generator: object = None) -> Parameter:
    """Fill the input Parameter with values using a Xavier normal distribution.

    The values are drawn from ``N(0, std**2)`` with
    ``std = gain * sqrt(2 / (fan_in + fan_out))`` (Glorot & Bengio, 2010).

    ``fan_in`` is ``size(1) * receptive_field`` and ``fan_out`` is
    ``size(0) * receptive_field``, the receptive field being the product of the dims after the
    first two, as torch's.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` of at least 2 dims.
        gain (float): an optional scaling factor. Default: ``1.0``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.xavier_normal_(w).shape
        (2, 3)
    """
    fan_in, fan_out = _calculate_fan_in_and_fan_out(_param(tensor, "xavier_normal_"))
    std = gain * _math.sqrt(2.0 / float(fan_in + fan_out))
    return tensor.normal_(0.0, std, generator=generator)


def kaiming_uniform_(
    tensor: Parameter,
    a: float = 0.0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: object = None,
) -> Parameter:
    """Fill the input Parameter with values using a Kaiming uniform distribution.

    The values are drawn from ``U(-bound, bound)`` with
    ``bound = gain * sqrt(3 / fan_mode)`` (He et al., 2015), ``gain`` being
    ``calculate_gain(nonlinearity, a)``.

    ``fan_in`` is ``size(1) * receptive_field`` and ``fan_out`` is
    ``size(0) * receptive_field``, the receptive field being the product of the dims after the
    first two, as torch's. A parameter with a zero fan is left as it is (torch warns).

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` of at least 2 dims.
        a (float): the negative slope of the rectifier used after this layer (only used with
            ``"leaky_relu"``). Default: ``0.0``.
        mode (str): ``"fan_in"`` preserves the magnitude of the variance of the weights in the
            forward pass; ``"fan_out"`` in the backward pass (case-insensitive). Default:
            ``"fan_in"``.
        nonlinearity (str): the non-linear function (``nn.functional`` name), recommended only
            with ``"relu"`` or ``"leaky_relu"``. Default: ``"leaky_relu"``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims, an unknown ``mode`` or
            ``nonlinearity``.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.kaiming_uniform_(w, mode="fan_in", nonlinearity="relu").shape
        (2, 3)
    """
    fan = _calculate_correct_fan(_param(tensor, "kaiming_uniform_"), mode)
    if fan == 0:
        return tensor  # torch warns and leaves a zero-element tensor as it is
    gain = calculate_gain(nonlinearity, a)
    bound = _math.sqrt(3.0) * gain / _math.sqrt(fan)
    return tensor.uniform_(-bound, bound, generator=generator)


def kaiming_normal_(
    tensor: Parameter,
    a: float = 0.0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: object = None,
) -> Parameter:
    """Fill the input Parameter with values using a Kaiming normal distribution.

    The values are drawn from ``N(0, std**2)`` with ``std = gain / sqrt(fan_mode)`` (He et
    al., 2015), ``gain`` being ``calculate_gain(nonlinearity, a)``.

    ``fan_in`` is ``size(1) * receptive_field`` and ``fan_out`` is
    ``size(0) * receptive_field``, the receptive field being the product of the dims after the
    first two, as torch's. A parameter with a zero fan is left as it is (torch warns).

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` of at least 2 dims.
        a (float): the negative slope of the rectifier used after this layer (only used with
            ``"leaky_relu"``). Default: ``0.0``.
        mode (str): ``"fan_in"`` preserves the magnitude of the variance of the weights in the
            forward pass; ``"fan_out"`` in the backward pass (case-insensitive). Default:
            ``"fan_in"``.
        nonlinearity (str): the non-linear function (``nn.functional`` name), recommended only
            with ``"relu"`` or ``"leaky_relu"``. Default: ``"leaky_relu"``.
        generator (None): must be ``None``: eagertape draws from the process-wide generator
            (``et.manual_seed``). Default: ``None``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims, an unknown ``mode`` or
            ``nonlinearity``.
        ArgumentError: a ``generator`` is given.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu").shape
        (2, 3)
    """
    fan = _calculate_correct_fan(_param(tensor, "kaiming_normal_"), mode)
    if fan == 0:
        return tensor
    std = calculate_gain(nonlinearity, a) / _math.sqrt(fan)
    return tensor.normal_(0.0, std, generator=generator)
