"""``eagertape.nn.functional`` (``F``): every layer, activation and loss under
``torch.nn.functional``'s names and signatures. Each is the eagertape op of that name;
``inplace=True`` gives torch's result through the same tensor object (see
``Tensor.relu_``), or a typed error where torch's would differ."""

from __future__ import annotations

import math
from typing import Any

from .. import _errors, _functional
from .._core import (
    Tensor,
    _feature_dropout,
    _gaussian_nll_loss,
    _triplet_distances_loss,
    _upsample,
    adaptive_avg_pool2d,
    adaptive_max_pool2d,
    affine_grid,
    avg_pool2d,
    avg_pool3d,
    batch_norm,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    conv1d,
    conv2d,
    conv3d,
    conv_transpose2d,
    cosine_embedding_loss,
    cosine_similarity,
    cross_entropy,
    ctc_loss,
    einsum,
    embedding,
    embedding_bag,
    fold,
    grid_sample,
    group_norm,
    hinge_embedding_loss,
    huber_loss,
    kl_div,
    l1_loss,
    layer_norm,
    linear,
    margin_ranking_loss,
    max_pool2d,
    max_pool3d,
    mse_loss,
    multi_margin_loss,
    multilabel_margin_loss,
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
    unfold,
)
from .._core import dropout as _dropout
from .._functional import gelu, logsigmoid, one_hot, pad, silu, softplus, tanh

__all__ = [
    "grid_sample",
    "affine_grid",
    "unfold",
    "fold",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "max_pool3d",
    "avg_pool3d",
    "dropout1d",
    "dropout2d",
    "dropout3d",
    "alpha_dropout",
    "feature_alpha_dropout",
    "conv3d",
    "max_pool1d",
    "avg_pool1d",
    "adaptive_avg_pool1d",
    "interpolate",
    "upsample",
    "upsample_bilinear",
    "upsample_nearest",
    "bilinear",
    "glu",
    "instance_norm",
    "local_response_norm",
    "pixel_shuffle",
    "pixel_unshuffle",
    "prelu",
    "cosine_embedding_loss",
    "cosine_similarity",
    "ctc_loss",
    "gaussian_nll_loss",
    "hinge_embedding_loss",
    "margin_ranking_loss",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "multilabel_soft_margin_loss",
    "normalize",
    "pairwise_distance",
    "poisson_nll_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
    "triplet_margin_with_distance_loss",
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
    "embedding_bag",
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


_INTERP_MODES = ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area")
_MODE_RANK = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


def interpolate(
    input: Tensor,  # noqa: A002
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:
    """torch's ``interpolate`` for ``(N, C, ...)`` inputs with 1 to 3 spatial dims: ``size``
    or ``scale_factor`` (one of them), the output size ``floor(in · scale)`` and the scale
    given to the kernel unless ``recompute_scale_factor``, as torch. ``nearest``, ``linear``,
    ``bilinear``, ``bicubic``, ``trilinear`` (LibTorch's kernels, ``align_corners`` for the
    interpolating ones), ``area`` (adaptive average pooling, 2-D)."""
    if mode not in _INTERP_MODES:
        raise _errors.ArgumentError(
            f"interpolate: mode must be one of {', '.join(_INTERP_MODES)}, got {mode!r}"
        )
    if antialias:
        raise _errors.ArgumentError("interpolate: antialias=True is not supported")
    dim = input.ndim - 2
    if dim < 1 or dim > 3:
        raise _errors.ShapeError(
            f"interpolate: expected a 3-D, 4-D or 5-D (N, C, ...) input, got {input.ndim}-D"
        )
    if mode in _MODE_RANK and _MODE_RANK[mode] != dim:
        raise _errors.ShapeError(
            f"interpolate: mode {mode!r} takes a {_MODE_RANK[mode] + 2}-D input, got {input.ndim}-D"
        )
    if align_corners is not None and mode in ("nearest", "area"):
        raise _errors.ArgumentError(
            "interpolate: align_corners option can only be set with the interpolating modes: "
            "linear | bilinear | bicubic | trilinear"
        )
    if (size is None) == (scale_factor is None):
        raise _errors.ArgumentError("interpolate: give exactly one of size and scale_factor")
    spatial = list(input.shape[2:])
    scales: list[float | None]
    if size is not None:
        out = [int(size)] * dim if isinstance(size, int) else [int(v) for v in size]
        if len(out) != dim:
            raise _errors.ShapeError(
                f"interpolate: size {size!r} has {len(out)} entries for {dim} spatial dims"
            )
        scales = [None] * dim
    else:
        factors = (
            [float(scale_factor)] * dim
            if isinstance(scale_factor, int | float)
            else [float(v) for v in scale_factor]
        )
        if len(factors) != dim:
            raise _errors.ShapeError(
                f"interpolate: scale_factor {scale_factor!r} has {len(factors)} entries for "
                f"{dim} spatial dims"
            )
        out = [int(math.floor(float(n) * f)) for n, f in zip(spatial, factors, strict=True)]
        scales = [None] * dim if recompute_scale_factor else list(factors)
    if mode == "area":
        return _area(input, out)
    return _upsample(input, mode, out, scales, bool(align_corners))


def _area(x: Tensor, out: list[int]) -> Tensor:
    """Adaptive average pooling to ``out`` over 1, 2 or 3 spatial dims, by the 2-D kernel
    (a box average is separable: the average over depth of the (H, W) averages)."""
    if len(out) == 1:
        return adaptive_avg_pool2d(x.unsqueeze(2), [1, out[0]]).squeeze(2)
    if len(out) == 2:
        return adaptive_avg_pool2d(x, out)
    n, c, d, h, w = x.shape
    hw = adaptive_avg_pool2d(x.reshape(n, c * d, h, w), out[1:])
    both = adaptive_avg_pool2d(hw.reshape(n, c, d, out[1] * out[2]), [out[0], out[1] * out[2]])
    return both.reshape(n, c, out[0], out[1], out[2])


def _one(v: Any, what: str) -> int:
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, tuple | list) and len(v) == 1:
        return int(v[0])
    raise _errors.ArgumentError(f"{what} must be an int or a 1-tuple, got {v!r}")


def max_pool1d(
    input: Tensor,  # noqa: A002
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor:
    """torch's ``max_pool1d`` over ``(N, C, L)`` or ``(C, L)``: the 2-D kernel on a ``1 × k``
    window (the same maxima and gradients)."""
    k = _one(kernel_size, "kernel_size")
    s = k if stride is None or stride == [] else _one(stride, "stride")
    y = max_pool2d(
        input.unsqueeze(-2),
        (1, k),
        (1, s),
        (0, _one(padding, "padding")),
        (1, _one(dilation, "dilation")),
        ceil_mode,
        return_indices,
    )
    return y.squeeze(-2)


def avg_pool1d(
    input: Tensor,  # noqa: A002
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """torch's ``avg_pool1d``: the 2-D kernel on a ``1 × k`` window."""
    k = _one(kernel_size, "kernel_size")
    s = k if stride is None or stride == [] else _one(stride, "stride")
    y = avg_pool2d(
        input.unsqueeze(-2),
        (1, k),
        (1, s),
        (0, _one(padding, "padding")),
        ceil_mode,
        count_include_pad,
    )
    return y.squeeze(-2)


def adaptive_avg_pool1d(input: Tensor, output_size: Any) -> Tensor:  # noqa: A002
    """torch's ``adaptive_avg_pool1d``: the 2-D kernel with one row."""
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, _one(output_size, "output_size"))).squeeze(
        -2
    )


def adaptive_max_pool1d(input: Tensor, output_size: Any, return_indices: bool = False) -> Tensor:  # noqa: A002
    """torch's ``adaptive_max_pool1d``: the 2-D kernel with one row."""
    size = _one(output_size, "output_size")
    y = adaptive_max_pool2d(input.unsqueeze(-2), (1, size), return_indices)
    return y.squeeze(-2)


def upsample_nearest(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:  # noqa: A002
    """torch's deprecated ``upsample_nearest``."""
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:  # noqa: A002
    """torch's deprecated ``upsample_bilinear``: bilinear with ``align_corners=True``."""
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def upsample(
    input: Tensor,  # noqa: A002
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
) -> Tensor:
    """torch's deprecated ``upsample``: ``interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners)


def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:  # noqa: A002
    """torch's ``pixel_shuffle``: ``(*, C·r², H, W)`` → ``(*, C, H·r, W·r)``."""
    return input._pixel_shuffle(upscale_factor, False)


def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:  # noqa: A002
    """torch's ``pixel_unshuffle``: ``(*, C, H·r, W·r)`` → ``(*, C·r², H, W)``."""
    return input._pixel_shuffle(downscale_factor, True)


def glu(input: Tensor, dim: int = -1) -> Tensor:  # noqa: A002
    """torch's ``glu``: the first half of ``dim`` times the sigmoid of the second."""
    return input._glu(dim)


def prelu(input: Tensor, weight: Any) -> Tensor:  # noqa: A002
    """torch's ``prelu``: ``input`` where positive, else ``weight · input`` (one weight or
    one per channel)."""
    return input._prelu(weight)


def instance_norm(
    input: Tensor,  # noqa: A002
    running_mean: Any = None,
    running_var: Any = None,
    weight: Any = None,
    bias: Any = None,
    use_input_stats: bool = True,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """torch's ``instance_norm`` with the input's own statistics: each channel of each
    sample normalized alone (``group_norm`` with one channel per group). Running statistics
    (``track_running_stats``) are not supported."""
    if running_mean is not None or running_var is not None or not use_input_stats:
        raise _errors.ArgumentError(
            "instance_norm: running statistics (track_running_stats) are not supported"
        )
    if input.ndim < 3:
        raise _errors.ShapeError(
            f"instance_norm: expected an (N, C, ...) input, got {input.ndim} dims"
        )
    return group_norm(input, input.shape[1], weight, bias, eps)


def local_response_norm(
    input: Tensor,  # noqa: A002
    size: int,
    alpha: float = 1e-4,
    beta: float = 0.75,
    k: float = 1.0,
) -> Tensor:
    """torch's ``local_response_norm``, composed as torch composes it: the squares averaged
    over ``size`` neighbouring channels (zero-padded), ``input / (k + alpha·avg)^beta``."""
    dim = input.ndim
    if dim < 3:
        raise _errors.ShapeError(
            f"local_response_norm: expected 3D or higher dimensionality input, got {dim} dims"
        )
    if input.numel() == 0:
        return input
    div = (input * input).unsqueeze(1)
    if dim == 3:
        div = _functional.pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.shape
        div = div.reshape(sizes[0], 1, sizes[1], sizes[2], -1)
        div = _functional.pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        n, one, c, h, w = div.shape
        # a (size, 1, 1) average over the channels: (size, 1) pooling of (N, 1, C', H·W)
        pooled = avg_pool2d(div.reshape(n, one, c, h * w), (size, 1), stride=1)
        div = pooled.reshape(n, 1, c - size + 1, h, w).squeeze(1)
        div = div.reshape(sizes)
    div = (div * alpha + k) ** beta
    return input / div


def bilinear(input1: Tensor, input2: Tensor, weight: Any, bias: Any = None) -> Tensor:
    """torch's ``bilinear``: ``y_o = x1ᵀ W_o x2 + b_o`` over the last dims, contracted as
    torch's ``_trilinear`` does: ``x1`` with ``W`` over ``i``, then with ``x2`` over ``j``
    (two batched matrix products)."""
    y = einsum("...oj,...j->...o", einsum("...i,oij->...oj", input1, weight), input2)
    return y if bias is None else y + bias


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


def triplet_margin_with_distance_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    *,
    distance_function: Any = None,
    margin: float = 1.0,
    swap: bool = False,
    reduction: str = "mean",
) -> Tensor:
    """torch's ``triplet_margin_with_distance_loss``: ``distance_function(a, b)`` (default
    ``pairwise_distance``) gives the anchor–positive and anchor–negative distances (and the
    positive–negative one with ``swap``); the loss is ``max(0, margin + d_pos - d_neg)``,
    reduced. The arguments are checked before ``distance_function`` runs."""
    if reduction not in ("mean", "sum", "none"):
        raise _errors.ArgumentError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise _errors.ArgumentError(f"margin must be greater than 0, got {margin}")
    dims = [anchor.ndim, positive.ndim, negative.ndim]
    if len(set(dims)) != 1:
        raise _errors.ShapeError(
            "The anchor, positive, and negative tensors are expected to have the same number "
            f"of dimensions, but got: anchor {dims[0]}D, positive {dims[1]}D, and negative "
            f"{dims[2]}D inputs"
        )
    distance = pairwise_distance if distance_function is None else distance_function
    d_pos = distance(anchor, positive)
    d_neg = distance(anchor, negative)
    d_swap = distance(positive, negative) if swap else None
    return _triplet_distances_loss(d_pos, d_neg, d_swap, float(margin), reduction)


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


def _unbatched(name: str, input: Tensor, batched: int) -> bool:
    """Whether ``input`` lacks the batch dim of a channel dropout of ``batched`` dims (torch's
    ``dropout2d`` reads a 3-D input as ``(N, C, L)``, as here); a wrong rank is refused."""
    if name == "dropout2d" and input.ndim == 3:
        return False
    if input.ndim in (batched, batched - 1):
        return input.ndim == batched - 1
    raise _errors.ShapeError(
        f"{name}: expected {batched - 1}D or {batched}D input, got {input.ndim}D"
    )


def _feature(name: str, batched: int) -> Any:
    def drop(
        input: Tensor,  # noqa: A002
        p: float = 0.5,
        training: bool = True,
        inplace: bool = False,
    ) -> Tensor:
        if inplace:
            raise _errors.ArgumentError(
                f"{name}: inplace=True is not supported (tensors are immutable values)"
            )
        added = _unbatched(name, input, batched)
        if not 0.0 <= p <= 1.0:
            raise _errors.ArgumentError(
                f"dropout probability has to be between 0 and 1, but got {p}"
            )
        if not training or p == 0:
            return input
        x = input.unsqueeze(0) if added else input
        y = _feature_dropout(x, p, training, True, False)
        return y.squeeze(0) if added else y

    drop.__name__ = drop.__qualname__ = name
    drop.__doc__ = (
        f"torch's ``{name}``: whole channels zeroed with probability ``p`` (one draw of the "
        "session's generator per channel), the rest scaled by ``1/(1-p)``."
    )
    return drop


dropout1d = _feature("dropout1d", 3)
dropout2d = _feature("dropout2d", 4)
dropout3d = _feature("dropout3d", 5)


def alpha_dropout(
    input: Tensor,  # noqa: A002
    p: float = 0.5,
    training: bool = False,
    inplace: bool = False,
) -> Tensor:
    """torch's ``alpha_dropout``: dropped elements set to SELU's negative saturation and an
    affine correction that keeps the mean and variance (one draw per element)."""
    if inplace:
        raise _errors.ArgumentError("alpha_dropout: inplace=True is not supported")
    return _feature_dropout(input, p, training, False, True)


def feature_alpha_dropout(
    input: Tensor,  # noqa: A002
    p: float = 0.5,
    training: bool = False,
    inplace: bool = False,
) -> Tensor:
    """torch's ``feature_alpha_dropout``: ``alpha_dropout`` of whole channels."""
    if inplace:
        raise _errors.ArgumentError("feature_alpha_dropout: inplace=True is not supported")
    return _feature_dropout(input, p, training, True, True)


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
