"""``eagertape.nn.init``: ``torch.nn.init``'s functions, gains and fan rules, on
``et.Parameter``s. Each publishes the parameter's new value as a new snapshot (tapes that
read the old one keep it) and draws from the process-wide generator (``et.manual_seed``);
each returns the parameter, as torch's do."""

from __future__ import annotations

import math

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
    """torch's recommended gain for ``nonlinearity``."""
    if nonlinearity in _LINEAR:
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, bool) or not isinstance(param, int | float):
            raise ValueError(f"negative_slope {param} not a valid number")
        else:
            slope = float(param)
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor: Parameter) -> tuple[int, int]:
    shape = tuple(tensor.shape)
    if len(shape) < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
        )
    receptive = math.prod(shape[2:]) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _calculate_correct_fan(tensor: Parameter, mode: str) -> int:
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor: Parameter, a: float = 0.0, b: float = 1.0, generator: object = None):
    return _param(tensor, "uniform_").uniform_(a, b, generator=generator)


def normal_(tensor: Parameter, mean: float = 0.0, std: float = 1.0, generator: object = None):
    return _param(tensor, "normal_").normal_(mean, std, generator=generator)


def trunc_normal_(
    tensor: Parameter,
    mean: float = 0.0,
    std: float = 1.0,
    a: float = -2.0,
    b: float = 2.0,
    generator: object = None,
):
    """N(mean, std²) conditioned on ``[a, b]`` (absolute bounds, as torch's)."""
    if generator is not None:
        raise TypeError("nn.init.trunc_normal_: generator= is not supported (et.manual_seed)")
    return _param(tensor, "trunc_normal_")._trunc_normal_(mean, std, a, b)


def constant_(tensor: Parameter, val: float):
    return _param(tensor, "constant_").fill_(val)


def ones_(tensor: Parameter):
    return _param(tensor, "ones_").fill_(1.0)


def zeros_(tensor: Parameter):
    return _param(tensor, "zeros_").zero_()


def xavier_uniform_(tensor: Parameter, gain: float = 1.0, generator: object = None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(_param(tensor, "xavier_uniform_"))
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return tensor.uniform_(-a, a, generator=generator)


def xavier_normal_(tensor: Parameter, gain: float = 1.0, generator: object = None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(_param(tensor, "xavier_normal_"))
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return tensor.normal_(0.0, std, generator=generator)


def kaiming_uniform_(
    tensor: Parameter,
    a: float = 0.0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: object = None,
):
    fan = _calculate_correct_fan(_param(tensor, "kaiming_uniform_"), mode)
    if fan == 0:
        return tensor  # torch warns and leaves a zero-element tensor as it is
    gain = calculate_gain(nonlinearity, a)
    bound = math.sqrt(3.0) * gain / math.sqrt(fan)
    return tensor.uniform_(-bound, bound, generator=generator)


def kaiming_normal_(
    tensor: Parameter,
    a: float = 0.0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator: object = None,
):
    fan = _calculate_correct_fan(_param(tensor, "kaiming_normal_"), mode)
    if fan == 0:
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    return tensor.normal_(0.0, std, generator=generator)
