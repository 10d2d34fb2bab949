"""``eagertape.nn.functional`` (``F``): every layer, activation and loss under
``torch.nn.functional``'s names and signatures. Each is the eagertape op of that name;
``inplace=True`` gives torch's result through the same tensor object (see
``Tensor.relu_``), or a typed error where torch's would differ."""

from __future__ import annotations

from typing import Any

from .. import _functional
from .._core import (
    Tensor,
    adaptive_avg_pool2d,
    avg_pool2d,
    batch_norm,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    conv1d,
    conv2d,
    conv_transpose2d,
    cross_entropy,
    embedding,
    group_norm,
    huber_loss,
    kl_div,
    l1_loss,
    layer_norm,
    linear,
    max_pool2d,
    mse_loss,
    nll_loss,
    rms_norm,
    scaled_dot_product_attention,
    smooth_l1_loss,
)
from .._core import dropout as _dropout
from .._functional import gelu, logsigmoid, one_hot, pad, silu, softplus, tanh

__all__ = [
    "adaptive_avg_pool2d",
    "avg_pool2d",
    "batch_norm",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "conv1d",
    "conv2d",
    "conv_transpose2d",
    "cross_entropy",
    "dropout",
    "elu",
    "embedding",
    "gelu",
    "group_norm",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "layer_norm",
    "leaky_relu",
    "linear",
    "log_softmax",
    "logsigmoid",
    "max_pool2d",
    "mish",
    "mse_loss",
    "nll_loss",
    "one_hot",
    "pad",
    "relu",
    "relu6",
    "rms_norm",
    "scaled_dot_product_attention",
    "sigmoid",
    "silu",
    "smooth_l1_loss",
    "softmax",
    "softmin",
    "softplus",
    "tanh",
]


def relu(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    return input.relu_() if inplace else input.relu()


def relu6(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    return hardtanh(input, 0.0, 6.0, inplace)


def sigmoid(input: Tensor) -> Tensor:  # noqa: A002
    return input.sigmoid()


def hardtanh(
    input: Tensor,  # noqa: A002
    min_val: float = -1.0,
    max_val: float = 1.0,
    inplace: bool = False,
) -> Tensor:
    if inplace:
        return input.clamp_(min_val, max_val)
    return _functional.hardtanh(input, min_val, max_val)


def leaky_relu(
    input: Tensor,  # noqa: A002
    negative_slope: float = 0.01,
    inplace: bool = False,
) -> Tensor:
    if inplace:
        return input._in_place(_functional.leaky_relu, input, negative_slope)
    return _functional.leaky_relu(input, negative_slope)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:  # noqa: A002
    if inplace:
        return input._in_place(_functional.elu, input, alpha)
    return _functional.elu(input, alpha)


def softmax(
    input: Tensor,  # noqa: A002
    dim: int | None = None,
    _stacklevel: int = 3,
    dtype: Any = None,
) -> Tensor:
    if dim is None:
        raise TypeError("softmax(): dim is required (torch's implicit dim is deprecated)")
    x = input if dtype is None else input.to(dtype)
    return x.softmax(dim)


def log_softmax(
    input: Tensor,  # noqa: A002
    dim: int | None = None,
    _stacklevel: int = 3,
    dtype: Any = None,
) -> Tensor:
    if dim is None:
        raise TypeError("log_softmax(): dim is required (torch's implicit dim is deprecated)")
    x = input if dtype is None else input.to(dtype)
    return x.log_softmax(dim)


def dropout(
    input: Tensor,  # noqa: A002
    p: float = 0.5,
    training: bool = True,
    inplace: bool = False,
) -> Tensor:
    if inplace:
        return input._in_place(_dropout, input, p, training)
    return _dropout(input, p, training)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    if inplace:
        return input._in_place(_functional.hardswish, input)
    return _functional.hardswish(input)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    if inplace:
        return input._in_place(_functional.hardsigmoid, input)
    return _functional.hardsigmoid(input)


def mish(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    if inplace:
        return input._in_place(_functional.mish, input)
    return _functional.mish(input)


def softmin(
    input: Tensor,  # noqa: A002
    dim: int | None = None,
    _stacklevel: int = 3,
    dtype: Any = None,
) -> Tensor:
    """torch's ``softmin``: ``softmax(-input, dim)``."""
    return softmax(-input, dim, _stacklevel, dtype)
