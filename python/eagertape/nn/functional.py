"""``eagertape.nn.functional`` (``F``): every layer, activation and loss under
``torch.nn.functional``'s names and signatures. Each is the eagertape op of that name;
``inplace=True`` gives torch's result through the same tensor object (see
``Tensor.relu_``), or a typed error where torch's would differ."""

from __future__ import annotations

from typing import Any

from .. import _errors, _functional
from .._core import (
    Tensor,
    _gaussian_nll_loss,
    adaptive_avg_pool2d,
    avg_pool2d,
    batch_norm,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    conv1d,
    conv2d,
    conv_transpose2d,
    cosine_embedding_loss,
    cosine_similarity,
    cross_entropy,
    ctc_loss,
    embedding,
    group_norm,
    hinge_embedding_loss,
    huber_loss,
    kl_div,
    l1_loss,
    layer_norm,
    linear,
    margin_ranking_loss,
    max_pool2d,
    mse_loss,
    multi_margin_loss,
    multilabel_soft_margin_loss,
    nll_loss,
    normalize,
    pairwise_distance,
    poisson_nll_loss,
    rms_norm,
    scaled_dot_product_attention,
    smooth_l1_loss,
    soft_margin_loss,
    triplet_margin_loss,
)
from .._core import dropout as _dropout
from .._functional import gelu, logsigmoid, one_hot, pad, silu, softplus, tanh

__all__ = [
    "cosine_embedding_loss",
    "cosine_similarity",
    "ctc_loss",
    "gaussian_nll_loss",
    "hinge_embedding_loss",
    "margin_ranking_loss",
    "multi_margin_loss",
    "multilabel_soft_margin_loss",
    "normalize",
    "pairwise_distance",
    "poisson_nll_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
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


def gaussian_nll_loss(
    input: Tensor,  # noqa: A002
    target: Any,
    var: Any,
    full: bool = False,
    eps: float = 1e-6,
    reduction: str = "mean",
) -> Tensor:
    """torch's ``gaussian_nll_loss``: ``var`` a tensor (of ``input``'s shape, one dim fewer,
    or a last dim of 1) or a non-negative number."""
    if isinstance(var, int | float) and not isinstance(var, bool):
        if var < 0:
            raise _errors.ArgumentError("gaussian_nll_loss: var has negative entry/entries")
        var = input.new_full(input.shape, float(var))
    return _gaussian_nll_loss(input, target, var, full, eps, reduction)


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
