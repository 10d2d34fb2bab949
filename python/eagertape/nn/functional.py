"""``eagertape.nn.functional`` (``F``): every layer, activation and loss under
``torch.nn.functional``'s names and signatures. Each is the eagertape op of that name;
``inplace=True`` gives torch's result through the same tensor object (see
``Tensor.relu_``), or a typed error where torch's would differ."""

from __future__ import annotations

import warnings as _warnings
from typing import Any

from .. import _errors, _functional
from .._activation_forms import (
    celu,
    celu_,
    elu_,
    hardtanh_,
    leaky_relu_,
    rrelu,
    rrelu_,
    selu,
    selu_,
    threshold,
    threshold_,
)
from .._core import (
    Tensor,
    _feature_dropout,
    _triplet_distances_loss,
    adaptive_avg_pool1d,
    adaptive_avg_pool2d,
    adaptive_avg_pool3d,
    adaptive_max_pool1d,
    adaptive_max_pool1d_with_indices,
    adaptive_max_pool2d,
    adaptive_max_pool2d_with_indices,
    adaptive_max_pool3d,
    adaptive_max_pool3d_with_indices,
    affine_grid,
    avg_pool1d,
    avg_pool2d,
    avg_pool3d,
    batch_norm,
    bilinear,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    channel_shuffle,
    conv1d,
    conv2d,
    conv3d,
    conv_tbc,
    conv_transpose1d,
    conv_transpose2d,
    conv_transpose3d,
    cosine_embedding_loss,
    cosine_similarity,
    cross_entropy,
    ctc_loss,
    embedding,
    embedding_bag,
    fold,
    fractional_max_pool2d,
    fractional_max_pool2d_with_indices,
    fractional_max_pool3d,
    fractional_max_pool3d_with_indices,
    gaussian_nll_loss,
    glu,
    grid_sample,
    group_norm,
    gumbel_softmax,
    hardshrink,
    hinge_embedding_loss,
    huber_loss,
    instance_norm,
    interpolate,
    kl_div,
    l1_loss,
    layer_norm,
    linear,
    local_response_norm,
    lp_pool1d,
    lp_pool2d,
    lp_pool3d,
    margin_ranking_loss,
    max_pool1d,
    max_pool1d_with_indices,
    max_pool2d,
    max_pool2d_with_indices,
    max_pool3d,
    max_pool3d_with_indices,
    max_unpool1d,
    max_unpool2d,
    max_unpool3d,
    mse_loss,
    multi_head_attention_forward,
    multi_margin_loss,
    multilabel_margin_loss,
    multilabel_soft_margin_loss,
    nll_loss,
    normalize,
    pairwise_distance,
    pdist,
    pixel_shuffle,
    pixel_unshuffle,
    poisson_nll_loss,
    prelu,
    rms_norm,
    scaled_dot_product_attention,
    smooth_l1_loss,
    soft_margin_loss,
    softshrink,
    softsign,
    tanhshrink,
    triplet_margin_loss,
    unfold,
)
from .._core import dropout as _dropout
from .._functional import gelu, logsigmoid, one_hot, pad, softplus, tanh
from .._in_place import relu_

__all__ = [
    "adaptive_max_pool1d_with_indices",
    "adaptive_max_pool2d_with_indices",
    "adaptive_max_pool3d_with_indices",
    "fractional_max_pool2d",
    "fractional_max_pool2d_with_indices",
    "fractional_max_pool3d",
    "fractional_max_pool3d_with_indices",
    "max_pool1d_with_indices",
    "max_pool2d_with_indices",
    "max_pool3d_with_indices",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
    "conv_tbc",
    "gumbel_softmax",
    "pdist",
    "adaptive_avg_pool3d",
    "adaptive_max_pool3d",
    "channel_shuffle",
    "lp_pool1d",
    "lp_pool2d",
    "lp_pool3d",
    "conv_transpose1d",
    "conv_transpose3d",
    "celu",
    "celu_",
    "elu_",
    "hardshrink",
    "hardtanh_",
    "leaky_relu_",
    "relu_",
    "rrelu",
    "rrelu_",
    "selu",
    "selu_",
    "softshrink",
    "softsign",
    "tanhshrink",
    "threshold",
    "threshold_",
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
    "multi_head_attention_forward",
    "sigmoid",
    "silu",
    "smooth_l1_loss",
    "softmax",
    "softmin",
    "softplus",
    "tanh",
]


def upsample_nearest(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:  # noqa: A002
    """Upsamples the input, using nearest neighbours' pixel values.

    Deprecated in torch in favour of ``interpolate(..., mode="nearest")``, which this calls.

    Args:
        input (Tensor): the input tensor, ``(N, C, ...)`` with 1 to 3 spatial dims.
        size (int or Sequence[int], optional): the output spatial size. Default: ``None``.
        scale_factor (int or Sequence[int], optional): the multiplier for the spatial size.
            Default: ``None``.

    Returns:
        Tensor: the upsampled tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.upsample_nearest(et.tensor([[[[1.0, 2.0]]]]), scale_factor=2).tolist()
        [[[[1.0, 1.0, 2.0, 2.0], [1.0, 1.0, 2.0, 2.0]]]]
    """
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:  # noqa: A002
    """Upsamples the input, using bilinear upsampling.

    Deprecated in torch in favour of ``interpolate(..., mode="bilinear",
    align_corners=True)``, which this calls. The input is 4-D ``(N, C, H, W)``.

    Args:
        input (Tensor): the input tensor, ``(N, C, H, W)``.
        size (int or Tuple[int, int], optional): the output spatial size. Default: ``None``.
        scale_factor (int or Tuple[int, int], optional): the multiplier for the spatial size.
            Default: ``None``.

    Returns:
        Tensor: the upsampled tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        ...     F.upsample_bilinear(x, size=3).tolist()
        [[[[1.0, 1.5, 2.0], [2.0, 2.5, 3.0], [3.0, 3.5, 4.0]]]]
    """
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def upsample(
    input: Tensor,  # noqa: A002
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
) -> Tensor:
    """Upsamples the input to either the given ``size`` or the given ``scale_factor``.

    Deprecated in torch in favour of ``eagertape.nn.functional.interpolate``, which this calls
    with the same arguments.

    Args:
        input (Tensor): the input tensor, ``(N, C, ...)`` with 1 to 3 spatial dims.
        size (int or Sequence[int], optional): the output spatial size. Default: ``None``.
        scale_factor (float or Sequence[float], optional): the multiplier for the spatial
            size. Default: ``None``.
        mode (str): the algorithm used for upsampling (see ``interpolate``). Default:
            ``"nearest"``.
        align_corners (bool, optional): see ``interpolate``. Default: ``None``.

    Returns:
        Tensor: the resampled tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.upsample(et.tensor([[[1.0, 2.0]]]), scale_factor=2).tolist()
        [[[1.0, 1.0, 2.0, 2.0]]]
    """
    return interpolate(input, size, scale_factor, mode, align_corners)


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
    """Computes the triplet loss for input tensors using a custom distance function.

    ``l = max(0, margin + d(anchor, positive) - d(anchor, negative))``, reduced; with ``swap``,
    ``d(anchor, negative)`` is replaced by ``min(d(anchor, negative), d(positive,
    negative))``. ``distance_function`` runs on the tensors as given and is recorded like any
    other code; the arguments are checked before it runs.

    Args:
        anchor (Tensor): the anchors.
        positive (Tensor): the positive examples, with ``anchor``'s number of dims.
        negative (Tensor): the negative examples, with ``anchor``'s number of dims.
        distance_function (Callable, optional): a function of two tensors returning their
            (non-negative) distances. Default: ``None`` (``pairwise_distance``).
        margin (float): the margin; must be positive. Default: ``1.0``.
        swap (bool): use the distance swap. Default: ``False``.
        reduction (str): ``"none"`` | ``"mean"`` | ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: the loss: a scalar, or per triplet with ``reduction="none"``.

    Raises:
        ArgumentError: an unknown ``reduction``, or ``margin <= 0``.
        ShapeError: inputs with different numbers of dims.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     a, p, n = et.tensor([[0.0, 0.0]]), et.tensor([[0.0, 1.0]]), et.tensor([[0.0, 3.0]])
        ...     sq = lambda u, v: ((u - v) ** 2).sum(-1)
        ...     d = F.triplet_margin_with_distance_loss(a, p, n, distance_function=sq, margin=9.0)
        ...     d.item()
        1.0
    """
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
    """Applies the rectified linear unit function element-wise: ``ReLU(x) = max(0, x)``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.relu(et.tensor([-1.0, 0.0, 2.0])).tolist()
        [0.0, 0.0, 2.0]
    """
    return input.relu_() if inplace else input.relu()


def relu6(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the element-wise function ``ReLU6(x) = min(max(0, x), 6)``.

    The same as ``hardtanh(input, 0.0, 6.0, inplace)``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.relu6(et.tensor([-1.0, 3.0, 8.0])).tolist()
        [0.0, 3.0, 6.0]
    """
    return hardtanh(input, 0.0, 6.0, inplace)


def sigmoid(input: Tensor) -> Tensor:  # noqa: A002
    """Applies the element-wise function ``Sigmoid(x) = 1 / (1 + exp(-x))``.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: the result, of the input's shape.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.sigmoid(et.tensor([0.0])).tolist()
        [0.5]
    """
    return input.sigmoid()


def hardtanh(
    input: Tensor,  # noqa: A002
    min_val: float = -1.0,
    max_val: float = 1.0,
    inplace: bool = False,
) -> Tensor:
    """Applies the HardTanh function element-wise: ``min_val`` below ``min_val``, ``max_val``
    above ``max_val``, ``x`` in between.

    Args:
        input (Tensor): the input tensor.
        min_val (float): the minimum value of the linear region range. Default: ``-1.0``.
        max_val (float): the maximum value of the linear region range. Default: ``1.0``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.hardtanh(et.tensor([-2.0, 0.5, 2.0])).tolist()
        [-1.0, 0.5, 1.0]
    """
    if inplace:
        return input._in_place(_functional.hardtanh, input, min_val, max_val)
    return _functional.hardtanh(input, min_val, max_val)


def leaky_relu(
    input: Tensor,  # noqa: A002
    negative_slope: float = 0.01,
    inplace: bool = False,
) -> Tensor:
    """Applies element-wise ``LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)``.

    Args:
        input (Tensor): the input tensor.
        negative_slope (float): the slope of the negative part. Default: ``0.01``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.leaky_relu(et.tensor([-1.0, 2.0]), 0.5).tolist()
        [-0.5, 2.0]
    """
    if inplace:
        return input._in_place(_functional.leaky_relu, input, negative_slope)
    return _functional.leaky_relu(input, negative_slope)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the Exponential Linear Unit (ELU) function element-wise: ``x`` for ``x > 0``,
    else ``alpha * (exp(x) - 1)``.

    Args:
        input (Tensor): the input tensor.
        alpha (float): the ``alpha`` value of the ELU formulation. Default: ``1.0``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.elu(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """
    if inplace:
        return input._in_place(_functional.elu, input, alpha)
    return _functional.elu(input, alpha)


def softmax(
    input: Tensor,  # noqa: A002
    dim: int | None = None,
    _stacklevel: int = 3,
    dtype: Any = None,
) -> Tensor:
    """Applies a softmax function: ``exp(x_i) / sum_j exp(x_j)`` along ``dim``.

    The elements along ``dim`` are rescaled into ``[0, 1]`` and sum to 1.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which softmax is computed. Required here:
            torch's implicit choice for ``dim=None`` is deprecated, and eagertape raises
            ``TypeError`` instead.
        _stacklevel (int): accepted for torch's signature; unused. Default: ``3``.
        dtype (dtype, optional): if given, the input is cast to it before the operation
            (useful to prevent overflows). Default: ``None``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        TypeError: ``dim`` is ``None``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.softmax(et.tensor([[0.0, 0.0], [1.0, 1.0]]), dim=1).tolist()
        [[0.5, 0.5], [0.5, 0.5]]
    """
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
    """Applies a softmax followed by a logarithm: ``x_i - log(sum_j exp(x_j))`` along ``dim``.

    Mathematically equivalent to ``log(softmax(x))``, but computed in one numerically stable
    op.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which log_softmax is computed. Required here:
            torch's implicit choice for ``dim=None`` is deprecated, and eagertape raises
            ``TypeError`` instead.
        _stacklevel (int): accepted for torch's signature; unused. Default: ``3``.
        dtype (dtype, optional): if given, the input is cast to it before the operation
            (useful to prevent overflows). Default: ``None``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        TypeError: ``dim`` is ``None``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     y = F.log_softmax(et.tensor([0.0, 0.0]), dim=0)
        ...     [round(v, 4) for v in y.tolist()]
        [-0.6931, -0.6931]
    """
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
    """During training, randomly zeroes some elements of the input tensor with probability ``p``.

    The kept elements are scaled by ``1 / (1 - p)``. The mask is drawn from the session's
    generator (one draw per element) and recorded as a node that can draw itself again (a
    checkpointed block's backward recomputes the same mask). The identity when not
    ``training`` or ``p == 0``.

    Args:
        input (Tensor): the input tensor.
        p (float): the probability of an element to be zeroed. Default: ``0.5``.
        training (bool): apply dropout if ``True``. Default: ``True``.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``inplace=True`` on a tensor that shares its
            storage with another live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     y = F.dropout(et.ones(8), p=0.5)
        ...     set(y.tolist()) <= {0.0, 2.0}
        True
    """
    if inplace:
        return input._in_place(_dropout, input, p, training)
    return _dropout(input, p, training)


_DROPOUT2D_RANK = (
    "dropout2d: Received a {}-D input to dropout2d, which is deprecated and will result in an "
    "error in a future release. To retain the behavior and silence this warning, please use "
    "dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs "
    "with 2 spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 3D "
    "or 4D inputs)."
)
_DROPOUT2D_3D = (
    "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
    "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel "
    "dim. This behavior will change in a future release to interpret the input as one without "
    "a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout "
    "behavior, please switch to using dropout1d instead."
)


def _unbatched(name: str, input: Tensor, batched: int) -> bool:
    """Whether ``input`` lacks the batch dim of a channel dropout of ``batched`` dims; a wrong
    rank is refused. torch's ``dropout2d`` takes any rank from 2 as ``(N, C, ...)`` (with its
    warnings: another rank than 3 or 4 is deprecated, a 3-D input is read as ``(N, C, L)``)."""
    if name == "dropout2d" and input.ndim >= 2:
        if input.ndim not in (3, 4):
            _warnings.warn(_DROPOUT2D_RANK.format(input.ndim), stacklevel=3)
        if input.ndim == 3:
            _warnings.warn(_DROPOUT2D_3D, stacklevel=3)
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
            return input._in_place(drop, input, p, training)
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
    d, shapes, sums, ones, kept = {
        3: (1, "``(N, C, L)`` or ``(C, L)``", "(2,)", "4, 8, 5", "10.0"),
        4: (2, "``(N, C, H, W)``, or ``(N, C, L)``", "(2, 3)", "4, 8, 2, 2", "8.0"),
        5: (3, "``(N, C, D, H, W)`` or ``(C, D, H, W)``", "(2, 3, 4)", "4, 8, 2, 2, 2", "16.0"),
    }[batched]
    read_3d = (
        "\n\n        A 3-D input is read as batched ``(N, C, L)`` (1-D channels), as torch"
        "\n        does; there is no unbatched ``(C, H, W)`` form."
        if name == "dropout2d"
        else ""
    )
    drop.__doc__ = f"""Randomly zero out entire channels (a channel is a {d}D feature map).

        Each channel of each sample is zeroed with probability ``p`` (one draw of the
        session's generator per channel), and the kept ones are scaled by ``1 / (1 - p)``.
        The identity when not ``training`` or ``p == 0``.{read_3d}

        Args:
            input (Tensor): {shapes}.
            p (float): the probability of a channel to be zeroed. Default: ``0.5``.
            training (bool): apply dropout if ``True``. Default: ``True``.
            inplace (bool): if ``True``, ``input`` reads the result afterwards and is
                returned (torch's in-place result through the same object). Default:
                ``False``.

        Returns:
            Tensor: the result, of the input's shape (``input`` itself with ``inplace``).

        Raises:
            ArgumentError: ``p`` outside ``[0, 1]``, or ``inplace=True`` on a tensor that
                shares its storage with another live tensor.
            ShapeError: an input of another number of dims.

        Examples:
            >>> import eagertape as et
            >>> import eagertape.nn.functional as F
            >>> with et.Session():
            ...     y = F.{name}(et.ones({ones}), p=0.5)
            ...     set(y.sum({sums}).reshape(-1).tolist()) <= {{0.0, {kept}}}
            True
        """
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
    """Applies alpha dropout to the input: each element is dropped with probability ``p``.

    Dropped elements are set to SELU's negative saturation value and an affine correction
    keeps the input's mean and variance (for inputs of zero mean and unit variance), as
    torch's; the draws come from the session's generator. The identity when not ``training``
    or ``p == 0``; note that ``training`` defaults to ``False``, as in torch.

    Args:
        input (Tensor): the input tensor, of a floating dtype.
        p (float): the probability of an element to be dropped. Default: ``0.5``.
        training (bool): apply dropout if ``True``. Default: ``False``.
        inplace (bool): if ``True``, ``input`` reads the result afterwards and is returned
            (torch's in-place result through the same object). Default: ``False``.

    Returns:
        Tensor: the result, of the input's shape (``input`` itself with ``inplace``).

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``inplace=True`` on a tensor that shares
            its storage with another live tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.alpha_dropout(et.tensor([1.0, -1.0])).tolist()  # training=False
        [1.0, -1.0]
    """
    if inplace:
        return input._in_place(alpha_dropout, input, p, training)
    return _feature_dropout(input, p, training, False, True)


def feature_alpha_dropout(
    input: Tensor,  # noqa: A002
    p: float = 0.5,
    training: bool = False,
    inplace: bool = False,
) -> Tensor:
    """Randomly masks out entire channels (a channel is a feature map) with alpha dropout.

    Dropped elements are set to SELU's negative saturation value and an affine correction
    keeps the input's mean and variance (for inputs of zero mean and unit variance), as
    torch's; the draws come from the session's generator. The identity when not ``training``
    or ``p == 0``; note that ``training`` defaults to ``False``, as in torch.
    One draw per channel of the ``(N, C, ...)`` input.

    Args:
        input (Tensor): ``(N, C, ...)``, of a floating dtype.
        p (float): the probability of a channel to be dropped. Default: ``0.5``.
        training (bool): apply dropout if ``True``. Default: ``False``.
        inplace (bool): if ``True``, ``input`` reads the result afterwards and is returned
            (torch's in-place result through the same object). Default: ``False``.

    Returns:
        Tensor: the result, of the input's shape (``input`` itself with ``inplace``).

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``inplace=True`` on a tensor that shares
            its storage with another live tensor.
        ShapeError: an input of fewer than 2 dims (in training).

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     y = F.feature_alpha_dropout(et.zeros(2, 4, 3), p=0.5, training=True)
        ...     tuple(y.shape)
        (2, 4, 3)
    """
    if inplace:
        return input._in_place(feature_alpha_dropout, input, p, training)
    return _feature_dropout(input, p, training, True, True)


def silu(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the Sigmoid Linear Unit (SiLU) function element-wise: ``x * sigmoid(x)``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.silu(et.tensor([0.0])).tolist()
        [0.0]
    """
    if inplace:
        return input._in_place(_functional.silu, input)
    return _functional.silu(input)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the hardswish function element-wise: ``x * relu6(x + 3) / 6``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.hardswish(et.tensor([-1.5, 3.0])).tolist()
        [-0.375, 3.0]
    """
    if inplace:
        return input._in_place(_functional.hardswish, input)
    return _functional.hardswish(input)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the Hardsigmoid function element-wise: ``relu6(x + 3) / 6``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.hardsigmoid(et.tensor([-3.0, 0.0, 3.0])).tolist()
        [0.0, 0.5, 1.0]
    """
    if inplace:
        return input._in_place(_functional.hardsigmoid, input)
    return _functional.hardsigmoid(input)


def mish(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002
    """Applies the Mish function element-wise: ``x * tanh(softplus(x))``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): if ``True``, the result is recorded out of place and this tensor
            object is rebound to it, which gives torch's in-place result through the same
            object. Default: ``False``.

    Returns:
        Tensor: the result (``input`` itself, rebound, with ``inplace=True``).

    Raises:
        ArgumentError: ``inplace=True`` on a tensor that shares its storage with another live
            tensor (a view of it, or the base it views), where torch's result would differ.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.mish(et.tensor([0.0])).tolist()
        [0.0]
    """
    if inplace:
        return input._in_place(_functional.mish, input)
    return _functional.mish(input)


def softmin(
    input: Tensor,  # noqa: A002
    dim: int | None = None,
    _stacklevel: int = 3,
    dtype: Any = None,
) -> Tensor:
    """Applies a softmin function: ``softmax(-input, dim)``.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which softmin is computed. Required here:
            torch's implicit choice for ``dim=None`` is deprecated, and eagertape raises
            ``TypeError`` instead.
        _stacklevel (int): accepted for torch's signature; unused. Default: ``3``.
        dtype (dtype, optional): if given, the input is cast to it before the operation
            (useful to prevent overflows). Default: ``None``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        TypeError: ``dim`` is ``None``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.softmin(et.tensor([1.0, 1.0]), dim=0).tolist()
        [0.5, 0.5]
    """
    return softmax(-input, dim, _stacklevel, dtype)
