"""``eagertape.nn.init``: ``_torch.nn.init``'s functions, gains and fan rules, on
``et.Parameter``s. Each publishes the parameter's new value as a new snapshot (tapes that
read the old one keep it) and returns the parameter, as torch's do. A parameter of a native
dtype gets torch's own draws (``_torch.nn.init``'s function run on a tensor of its shape and
dtype, from torch's default generator, which ``et.manual_seed`` seeds, or ``generator=``), so
the same seed gives torch's values; one of a reference dtype draws from eagertape's
process-wide generator."""

from __future__ import annotations

import math as _math
from typing import Any, cast

import numpy as _np
import torch as _torch

from .._core import Parameter
from ._utils import _NATIVE_DTYPES

__all__ = [
    "calculate_gain",
    "constant_",
    "dirac_",
    "eye_",
    "kaiming_normal_",
    "kaiming_uniform_",
    "normal_",
    "ones_",
    "orthogonal_",
    "sparse_",
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


def _by_torch(tensor: object, fn: str, *args: Any, **kwargs: Any) -> Parameter | None:
    """torch's ``nn.init.<fn>`` for a parameter of a native dtype: run on a torch tensor of
    its shape and dtype, drawing from torch's generator (seeded by ``et.manual_seed``) or
    ``generator``, so the values are torch's own; the result is published as the
    parameter's next version. ``None`` for a reference dtype (eagertape's draws then)."""
    param = _param(tensor, fn)
    dtype = _NATIVE_DTYPES.get(str(param.dtype))
    if dtype is None:
        return None
    t = _torch.empty(tuple(param.shape), dtype=dtype)
    getattr(_torch.nn.init, fn)(t, *args, **kwargs)
    if t.numel() > 0:  # nothing drawn: no new version, as torch's no-op
        param.assign(t)
    return param


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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> float(et.nn.init.uniform_(w, -1.0, 1.0).numpy().max()) <= 1.0
        True
    """
    if (done := _by_torch(tensor, "uniform_", a, b, generator=generator)) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.normal_(w, std=0.02).shape
        (2, 3)
    """
    if (done := _by_torch(tensor, "normal_", mean, std, generator=generator)) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

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
    if (
        done := _by_torch(tensor, "trunc_normal_", mean, std, a, b, generator=generator)
    ) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.xavier_uniform_(w).shape
        (2, 3)
    """
    if (done := _by_torch(tensor, "xavier_uniform_", gain, generator=generator)) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.xavier_normal_(w).shape
        (2, 3)
    """
    if (done := _by_torch(tensor, "xavier_normal_", gain, generator=generator)) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims, an unknown ``mode`` or
            ``nonlinearity``.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.kaiming_uniform_(w, mode="fan_in", nonlinearity="relu").shape
        (2, 3)
    """
    args = (a, mode, nonlinearity)
    if (done := _by_torch(tensor, "kaiming_uniform_", *args, generator=generator)) is not None:
        return done
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
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims, an unknown ``mode`` or
            ``nonlinearity``.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.manual_seed(0)
        >>> et.nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu").shape
        (2, 3)
    """
    args = (a, mode, nonlinearity)
    if (done := _by_torch(tensor, "kaiming_normal_", *args, generator=generator)) is not None:
        return done
    fan = _calculate_correct_fan(_param(tensor, "kaiming_normal_"), mode)
    if fan == 0:
        return tensor
    std = calculate_gain(nonlinearity, a) / _math.sqrt(fan)
    return tensor.normal_(0.0, std, generator=generator)


def eye_(tensor: Parameter) -> Parameter:
    """Fill the 2-dimensional input Parameter with the identity matrix.

    Preserves the identity of the inputs in ``Linear`` layers, where as many inputs are
    preserved as possible: ones on the main diagonal, zeros elsewhere (a non-square matrix
    included).

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): a 2-dimensional ``et.Parameter``.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of another number of dims than 2.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 3)))
        >>> et.nn.init.eye_(w).numpy().tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """
    param = _param(tensor, "eye_")
    shape = tuple(param.shape)
    if len(shape) != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    param.assign(_np.eye(shape[0], shape[1]))
    return param


def dirac_(tensor: Parameter, groups: int = 1) -> Parameter:
    """Fill the {3, 4, 5}-dimensional input Parameter with the Dirac delta function.

    Preserves the identity of the inputs in convolutional layers, where as many input
    channels are preserved as possible: ``tensor[g * out_per_group + d, d, centre] = 1`` for
    each group ``g`` and each ``d`` below ``min(out_per_group, in_channels)``, the centre
    being ``size // 2`` in each spatial dim; zeros elsewhere. With ``groups > 1``, each group
    of channels preserves identity.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): a {3, 4, 5}-dimensional ``et.Parameter`` (a convolution's
            weight, ``(out_channels, in_channels / groups, *kernel_size)``).
        groups (int): the number of groups in the conv layer. Default: 1.

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of another number of dims than 3, 4 or 5, or a first dim
            that ``groups`` does not divide.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.ones((2, 2, 3)))
        >>> et.nn.init.dirac_(w).numpy().tolist()
        [[[0.0, 1.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]]
    """
    param = _param(tensor, "dirac_")
    shape = tuple(param.shape)
    if len(shape) not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    if shape[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_per_group = shape[0] // groups
    centre = tuple(size // 2 for size in shape[2:])
    value = _np.zeros(shape)
    for g in range(groups):
        for d in range(min(out_per_group, shape[1])):
            value[(g * out_per_group + d, d, *centre)] = 1.0
    param.assign(value)
    return param


def orthogonal_(tensor: Parameter, gain: float = 1, generator: object = None) -> Parameter:
    """Fill the input Parameter with a (semi) orthogonal matrix.

    Described in "Exact solutions to the nonlinear dynamics of learning in deep linear neural
    networks" (Saxe et al., 2013). The parameter must have at least 2 dimensions; for more
    than 2, the trailing dimensions are flattened (``rows = size(0)``, ``cols = numel /
    rows``). A parameter of a native dtype gets torch's own values (its ``orthogonal_`` on a
    tensor of that shape and dtype); otherwise, as torch's: a ``(rows, cols)`` matrix of
    ``N(0, 1)`` draws (from the process-wide generator, ``et.manual_seed``) is factorised
    ``Q R`` (transposed first when ``rows < cols``), the columns of ``Q`` take the signs of
    ``R``'s diagonal, and the parameter is ``gain * Q``: orthonormal rows or columns,
    whichever are fewer, times ``gain``. The factorisation runs on the host, in float64. A
    parameter with no elements is left as it is.

    The new value is published as a new snapshot of the parameter (tapes that read the
    old one keep it); no session is needed.

    Args:
        tensor (Parameter): an ``et.Parameter`` of at least 2 dims.
        gain (float): an optional scaling factor. Default: 1.
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter of fewer than 2 dims.
        ArgumentError: a ``generator`` given for a parameter of a reference dtype.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((3, 5)))
        >>> et.manual_seed(0)
        >>> q = et.nn.init.orthogonal_(w).numpy()
        >>> bool(np.allclose(q @ q.T, np.eye(3)))
        True
    """
    if (done := _by_torch(tensor, "orthogonal_", gain, generator=generator)) is not None:
        return done
    param = _param(tensor, "orthogonal_")
    shape = tuple(param.shape)
    if len(shape) < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    numel = _math.prod(shape)
    if numel == 0:
        return param  # torch's no-op
    rows = shape[0]
    cols = numel // rows
    param.normal_(0.0, 1.0, generator=generator)
    flattened = _np.asarray(param.numpy(), dtype=_np.float64).reshape(rows, cols)
    if rows < cols:
        flattened = flattened.T
    q, r = _np.linalg.qr(flattened)
    # Make Q uniform (Mezzadri, arXiv:math-ph/0609050), as torch's
    q = q * _np.sign(_np.diag(r))
    if rows < cols:
        q = q.T
    param.assign((q * gain).reshape(shape))
    return param


def sparse_(
    tensor: Parameter,
    sparsity: float,
    std: float = 0.01,
    generator: object = None,
) -> Parameter:
    """Fill the 2-D input Parameter as a sparse matrix: in each column, a ``sparsity``
    fraction of the rows (rounded up, chosen at random) is 0 and the others are drawn from
    ``N(0, std**2)``, as described in "Deep learning via Hessian-free optimization"
    (Martens, 2010).

    A parameter of a native dtype gets torch's own values (its ``sparse_`` on a tensor of
    that shape and dtype); otherwise, as torch's: normal draws, then per column the first
    ``ceil(sparsity * rows)`` rows of a random permutation (from torch's generator, which
    ``et.manual_seed`` seeds) set to 0. The new value is published as a new snapshot of the
    parameter (tapes that read the old one keep it); no session is needed. The matrix stays
    dense: this is an initialisation, not a sparse layout.

    Args:
        tensor (Parameter): an ``et.Parameter`` of 2 dims.
        sparsity (float): the fraction of elements in each column to be set to zero.
        std (float): the standard deviation of the normal draws. Default: ``0.01``.
        generator (torch.Generator, optional): the generator to draw from. Default: ``None``
            (torch's default generator, which ``et.manual_seed`` seeds).

    Returns:
        Parameter: ``tensor``.

    Raises:
        TypeError: ``tensor`` is not an ``et.Parameter``.
        ValueError: a parameter that is not 2-D.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((4, 3)))
        >>> et.manual_seed(0)
        >>> m = et.nn.init.sparse_(w, sparsity=0.5).numpy()
        >>> [int((m[:, j] == 0).sum()) for j in range(3)]
        [2, 2, 2]
    """
    param = _param(tensor, "sparse_")
    if len(param.shape) != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    if (done := _by_torch(tensor, "sparse_", sparsity, std, generator=generator)) is not None:
        return done
    rows, cols = tuple(param.shape)
    num_zeros = int(_math.ceil(sparsity * rows))
    param.normal_(0.0, std, generator=generator)
    values = _np.array(param.numpy(), dtype=_np.float64)
    for col in range(cols):
        draw = _torch.randperm(rows, generator=cast("_torch.Generator | None", generator))
        zeros = draw[:num_zeros].numpy()
        values[zeros, col] = 0.0
    param.assign(values)
    return param
