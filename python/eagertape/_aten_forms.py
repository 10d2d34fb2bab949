"""torch's own forms, in the ``torch`` namespace, that convert or pack their arguments and
delegate: the variadic functions (``torch.block_diag(*tensors)``, ``meshgrid``, ...) and the
forms of ops whose everyday form is in ``torch.nn.functional``: aten's signatures
(``torch.alpha_dropout(input, p, train)`` with ``train`` required,
``torch.hinge_embedding_loss(..., reduction=1)`` with the reduction as aten's integer:
0 ``"none"``, 1 ``"mean"``, 2 ``"sum"``), and the in-place dropouts (``torch.dropout_``).
Each converts its arguments and delegates; what it computes, and its errors, are the
delegate's."""

from __future__ import annotations

import builtins
import os
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from . import _core, _errors, _torch
from ._core import Tensor
from ._core import _feature_dropout as _core_feature_dropout
from .nn import functional as _F

__all__ = [
    "alpha_dropout",
    "alpha_dropout_",
    "feature_alpha_dropout",
    "feature_alpha_dropout_",
    "feature_dropout",
    "feature_dropout_",
    "dropout_",
    "cosine_embedding_loss",
    "hinge_embedding_loss",
    "margin_ranking_loss",
    "triplet_margin_loss",
    "poisson_nll_loss",
    "instance_norm",
    "ctc_loss",
    "polygamma",
    "adaptive_max_pool1d",
    "max_pool1d_with_indices",
    "gradient",
    "lstm",
    "gru",
    "rnn_tanh",
    "rnn_relu",
    "frombuffer",
    "from_file",
    "empty_strided",
    "empty_permuted",
    "detach",
    "index_put",
    "block_diag",
    "cartesian_prod",
    "meshgrid",
    "broadcast_tensors",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "trapz",
    "broadcast_shapes",
    "scalar_tensor",
    "asarray",
    "randint_like",
    "fill",
    "from_dlpack",
    "to_dlpack",
]

# aten's `at::Reduction` values, by the names `nn.functional` takes
_REDUCTIONS = ("none", "mean", "sum")


def _reduction(who: str, reduction: object) -> str:
    """aten's integer reduction as `nn.functional`'s name; another value is refused (torch
    reads any integer past 2 as ``"none"``: here it is an `ArgumentError`)."""
    if isinstance(reduction, builtins.bool) or not isinstance(reduction, builtins.int):
        raise TypeError(
            f"{who}(): argument 'reduction' must be int (0: none, 1: mean, 2: sum), "
            f"not {type(reduction).__name__}"
        )
    if not 0 <= reduction < len(_REDUCTIONS):
        raise _errors.ArgumentError(
            f"{who}(): reduction must be 0 (none), 1 (mean) or 2 (sum), got {reduction}"
        )
    return _REDUCTIONS[reduction]


def _train(who: str, train: object) -> builtins.bool:
    if not isinstance(train, builtins.bool):
        raise TypeError(f"{who}(): argument 'train' must be bool, not {type(train).__name__}")
    return train


def alpha_dropout(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """Alpha dropout, as `nn.functional.alpha_dropout` with ``training=train`` (torch's
    ``torch.alpha_dropout``: all three arguments required).

    Args:
        input (Tensor): the input tensor.
        p (float): the probability of an element to be dropped.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``.
        TypeError: ``train`` is not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.alpha_dropout(et.ones(3), 0.5, False).tolist()
        [1.0, 1.0, 1.0]
    """
    return _F.alpha_dropout(input, p, _train("alpha_dropout", train))


def alpha_dropout_(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """`alpha_dropout` in place: ``input`` reads the result and is returned (torch's
    ``torch.alpha_dropout_``).

    Args:
        input (Tensor): the input tensor.
        p (float): the probability of an element to be dropped.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: ``input``.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``input`` shares its storage with another
            live tensor.
        TypeError: ``train`` is not a bool.
    """
    return _F.alpha_dropout(input, p, _train("alpha_dropout_", train), inplace=True)


def feature_alpha_dropout(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """Alpha dropout of whole channels of an ``(N, C, ...)`` input, as
    `nn.functional.feature_alpha_dropout` with ``training=train``.

    Args:
        input (Tensor): ``(N, C, ...)``.
        p (float): the probability of a channel to be dropped.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``.
        ShapeError: an input of fewer than 2 dims (in training).
        TypeError: ``train`` is not a bool.
    """
    return _F.feature_alpha_dropout(input, p, _train("feature_alpha_dropout", train))


def feature_alpha_dropout_(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """`feature_alpha_dropout` in place: ``input`` reads the result and is returned.

    Args:
        input (Tensor): ``(N, C, ...)``.
        p (float): the probability of a channel to be dropped.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: ``input``.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``input`` shares its storage with another
            live tensor.
        ShapeError: an input of fewer than 2 dims (in training).
        TypeError: ``train`` is not a bool.
    """
    which = _train("feature_alpha_dropout_", train)
    return _F.feature_alpha_dropout(input, p, which, inplace=True)


def _channel_dropout(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    if not 0.0 <= p <= 1.0:
        raise _errors.ArgumentError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not train or p == 0:
        return input
    return _core_feature_dropout(input, p, train, True, False)


def feature_dropout(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """Dropout of whole channels of an ``(N, C, ...)`` input of any rank from 2 (torch's
    ``torch.feature_dropout``, which `nn.functional.dropout2d` is for 4-D inputs): each
    channel of each sample is zeroed with probability ``p`` and the kept ones are scaled by
    ``1 / (1 - p)``.

    Args:
        input (Tensor): ``(N, C, ...)``.
        p (float): the probability of a channel to be zeroed.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: the result, of the input's shape.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``.
        ShapeError: an input of fewer than 2 dims (in training).
        TypeError: ``train`` is not a bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.feature_dropout(et.ones(2, 4, 3), 0.5, True)
        ...     set(y.sum(2).reshape(-1).tolist()) <= {0.0, 6.0}
        True
    """
    return _channel_dropout(input, p, _train("feature_dropout", train))


def feature_dropout_(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """`feature_dropout` in place: ``input`` reads the result and is returned.

    Args:
        input (Tensor): ``(N, C, ...)``.
        p (float): the probability of a channel to be zeroed.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: ``input``.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``input`` shares its storage with another
            live tensor.
        ShapeError: an input of fewer than 2 dims (in training).
        TypeError: ``train`` is not a bool.
    """
    which = _train("feature_dropout_", train)
    return input._in_place(_channel_dropout, input, p, which)


def dropout_(input: Tensor, p: builtins.float, train: builtins.bool) -> Tensor:  # noqa: A002
    """`dropout` in place: ``input`` reads the result and is returned (torch's
    ``torch.dropout_``).

    Args:
        input (Tensor): the input tensor.
        p (float): the probability of an element to be zeroed.
        train (bool): apply dropout if ``True``.

    Returns:
        Tensor: ``input``.

    Raises:
        ArgumentError: ``p`` outside ``[0, 1]``, or ``input`` shares its storage with another
            live tensor.
        TypeError: ``train`` is not a bool.
    """
    return _F.dropout(input, p, _train("dropout_", train), inplace=True)


def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: builtins.float = 0.0,
    reduction: builtins.int = 1,
) -> Tensor:
    """`nn.functional.cosine_embedding_loss` with aten's integer ``reduction`` (0: none,
    1: mean, 2: sum), as ``torch.cosine_embedding_loss``.

    Args:
        input1 (Tensor): ``(N, D)`` or ``(D,)``.
        input2 (Tensor): of ``input1``'s shape.
        target (Tensor): ``(N,)`` or ``()``, of 1 and -1.
        margin (float): the margin of dissimilar pairs. Default: ``0.0``.
        reduction (int): 0, 1 or 2. Default: ``1``.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.
    """
    how = _reduction("cosine_embedding_loss", reduction)
    return _F.cosine_embedding_loss(input1, input2, target, margin, reduction=how)


def hinge_embedding_loss(
    input: Tensor,  # noqa: A002
    target: Tensor,
    margin: builtins.float = 1.0,
    reduction: builtins.int = 1,
) -> Tensor:
    """`nn.functional.hinge_embedding_loss` with aten's integer ``reduction`` (0: none,
    1: mean, 2: sum), as ``torch.hinge_embedding_loss``.

    Args:
        input (Tensor): the input tensor.
        target (Tensor): of ``input``'s shape, of 1 and -1.
        margin (float): the margin. Default: ``1.0``.
        reduction (int): 0, 1 or 2. Default: ``1``.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x, t = et.tensor([0.5, 2.0]), et.tensor([1.0, -1.0])
        ...     et.hinge_embedding_loss(x, t, 1.0, 2).item()
        0.5
    """
    how = _reduction("hinge_embedding_loss", reduction)
    return _F.hinge_embedding_loss(input, target, margin, reduction=how)


def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: builtins.float = 0.0,
    reduction: builtins.int = 1,
) -> Tensor:
    """`nn.functional.margin_ranking_loss` with aten's integer ``reduction`` (0: none,
    1: mean, 2: sum), as ``torch.margin_ranking_loss``.

    Args:
        input1 (Tensor): the first ranked inputs.
        input2 (Tensor): the second, broadcast with ``input1``.
        target (Tensor): 1 where ``input1`` should rank higher, -1 where lower.
        margin (float): the margin. Default: ``0.0``.
        reduction (int): 0, 1 or 2. Default: ``1``.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.
    """
    how = _reduction("margin_ranking_loss", reduction)
    return _F.margin_ranking_loss(input1, input2, target, margin, reduction=how)


def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    margin: builtins.float = 1.0,
    p: builtins.float = 2.0,
    eps: builtins.float = 1e-06,
    swap: builtins.bool = False,
    reduction: builtins.int = 1,
) -> Tensor:
    """`nn.functional.triplet_margin_loss` with aten's integer ``reduction`` (0: none,
    1: mean, 2: sum), as ``torch.triplet_margin_loss``.

    Args:
        anchor (Tensor): ``(N, D)`` or ``(D,)``.
        positive (Tensor): of ``anchor``'s shape.
        negative (Tensor): of ``anchor``'s shape.
        margin (float): the margin. Default: ``1.0``.
        p (float): the norm degree of the pairwise distance. Default: ``2.0``.
        eps (float): added to the differences. Default: ``1e-06``.
        swap (bool): use the smaller of the two negative distances. Default: ``False``.
        reduction (int): 0, 1 or 2. Default: ``1``.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.
    """
    how = _reduction("triplet_margin_loss", reduction)
    return _F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction=how)


def poisson_nll_loss(
    input: Tensor,  # noqa: A002
    target: Tensor,
    log_input: builtins.bool,
    full: builtins.bool,
    eps: builtins.float,
    reduction: builtins.int,
) -> Tensor:
    """`nn.functional.poisson_nll_loss` with every argument required and aten's integer
    ``reduction`` (0: none, 1: mean, 2: sum), as ``torch.poisson_nll_loss``.

    Args:
        input (Tensor): the expectations (their logs with ``log_input``).
        target (Tensor): the observed counts.
        log_input (bool): whether ``input`` holds logs.
        full (bool): add Stirling's approximation term.
        eps (float): keeps the log of a zero expectation finite.
        reduction (int): 0, 1 or 2.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.
    """
    how = _reduction("poisson_nll_loss", reduction)
    return _F.poisson_nll_loss(input, target, log_input, full, eps=eps, reduction=how)


def instance_norm(
    input: Tensor,  # noqa: A002
    weight: Tensor | None,
    bias: Tensor | None,
    running_mean: Any,
    running_var: Any,
    use_input_stats: builtins.bool,
    momentum: builtins.float,
    eps: builtins.float,
    cudnn_enabled: builtins.bool,
) -> Tensor:
    """`nn.functional.instance_norm` in aten's argument order, every argument required, as
    ``torch.instance_norm`` (``cudnn_enabled`` is accepted and changes nothing: the same
    values either way).

    Args:
        input (Tensor): ``(N, C, ...)``.
        weight (Tensor, optional): ``(C,)``, the scale.
        bias (Tensor, optional): ``(C,)``, the shift.
        running_mean (Tensor, optional): ``(C,)``, updated in place when given.
        running_var (Tensor, optional): ``(C,)``, updated in place when given.
        use_input_stats (bool): normalize by each instance's statistics.
        momentum (float): the running statistics' update rate.
        eps (float): added to the variance.
        cudnn_enabled (bool): accepted for torch's signature.

    Returns:
        Tensor: the normalized input.
    """
    if not isinstance(cudnn_enabled, builtins.bool):
        raise TypeError(
            "instance_norm(): argument 'cudnn_enabled' must be bool, "
            f"not {type(cudnn_enabled).__name__}"
        )
    return _F.instance_norm(
        input,
        running_mean=running_mean,
        running_var=running_var,
        weight=weight,
        bias=bias,
        use_input_stats=use_input_stats,
        momentum=momentum,
        eps=eps,
    )


def ctc_loss(
    log_probs: Tensor,
    targets: Any,
    input_lengths: Sequence[builtins.int] | Tensor,
    target_lengths: Sequence[builtins.int] | Tensor,
    blank: builtins.int = 0,
    reduction: builtins.int = 1,
    zero_infinity: builtins.bool = False,
) -> Tensor:
    """`nn.functional.ctc_loss` with aten's integer ``reduction`` (0: none, 1: mean, 2: sum),
    as ``torch.ctc_loss``.

    Args:
        log_probs (Tensor): ``(T, N, C)`` or ``(T, C)`` log-probabilities.
        targets (Tensor): the target sequences, padded ``(N, S)`` or concatenated.
        input_lengths (Tensor or list of int): each input's length.
        target_lengths (Tensor or list of int): each target's length.
        blank (int): the blank label. Default: ``0``.
        reduction (int): 0, 1 or 2. Default: ``1``.
        zero_infinity (bool): zero infinite losses and their gradients. Default: ``False``.

    Returns:
        Tensor: the loss.

    Raises:
        ArgumentError: ``reduction`` is another integer.
        TypeError: ``reduction`` is not an integer.
    """
    how = _reduction("ctc_loss", reduction)
    return _F.ctc_loss(
        log_probs,
        targets,
        input_lengths,
        target_lengths,
        blank=blank,
        reduction=how,
        zero_infinity=zero_infinity,
    )


def polygamma(n: builtins.int, input: Tensor) -> Tensor:  # noqa: A002
    """Computes the `n`-th derivative of the digamma function on `input`, as
    ``torch.polygamma(n, input)`` (the order first; the method is ``input.polygamma(n)``).

    Args:
        n (int): the order of the derivative, at least 0.
        input (Tensor): the input tensor.

    Returns:
        Tensor: of `input`'s shape.

    Raises:
        ArgumentError: a negative `n`.
        TypeError: `input` is not a tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     round(et.polygamma(1, et.tensor([1.0])).item(), 6)  # pi**2 / 6
        1.644934
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"polygamma(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input.polygamma(n)


def detach(input: Tensor) -> Tensor:  # noqa: A002
    """Returns a new tensor, detached from the current graph, as ``torch.detach`` (the
    method ``input.detach()``).

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: the same values, as a leaf that requires no grad.

    Raises:
        TypeError: `input` is not a tensor.
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"detach(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input.detach()


def index_put(
    input: Tensor,  # noqa: A002
    indices: Any,
    values: Any,
    accumulate: builtins.bool = False,
) -> Tensor:
    """`input` with `values` written at (or added to) the positions `indices`, as
    ``torch.index_put`` (the method ``input.index_put(...)``).

    Args:
        input (Tensor): the input tensor.
        indices (tuple of Tensor): int64 or bool index tensors, one per leading dim.
        values (Tensor or number): the values, broadcast to the positions.
        accumulate (bool): add instead of write. Default: ``False``.

    Returns:
        Tensor: a new tensor.

    Raises:
        TypeError: `input` is not a tensor.
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"index_put(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input.index_put(indices, values, accumulate)


def _packed(who: str, tensors: tuple[Any, ...]) -> Sequence[Any]:
    """torch's variadic tensors: separate arguments, or one sequence of them."""
    if len(tensors) == 1 and isinstance(tensors[0], list | tuple):
        return tensors[0]
    for t in tensors:
        if isinstance(t, list | tuple):
            raise TypeError(f"{who}(): expected Tensors as arguments, got a {type(t).__name__}")
    return tensors


def block_diag(*tensors: Tensor) -> Tensor:
    """Create a block diagonal matrix from provided tensors (0-d as ``(1, 1)``, 1-D as one
    row), as ``torch.block_diag``.

    Args:
        *tensors (Tensor): 0-, 1- or 2-D tensors.

    Returns:
        Tensor: the matrix, zeros off the blocks.

    Raises:
        ShapeError: a tensor of more than 2 dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.block_diag(et.ones(1, 2), et.tensor(3.0)).tolist()
        [[1.0, 1.0, 0.0], [0.0, 0.0, 3.0]]
    """
    return _core._block_diag(_packed("block_diag", tensors))


def cartesian_prod(*tensors: Tensor) -> Tensor:
    """Do cartesian product of the given sequence of 1-D tensors, as
    ``torch.cartesian_prod`` (``itertools.product``'s order, one combination per row).

    Args:
        *tensors (Tensor): 1-D tensors.

    Returns:
        Tensor: `(prod of sizes, len(tensors))`, or the one tensor itself.
    """
    return _core._cartesian_prod(_packed("cartesian_prod", tensors))


_MESHGRID_WARNING = (
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument."
)


def meshgrid(*tensors: Tensor, indexing: builtins.str | None = None) -> tuple[Tensor, ...]:
    """Creates grids of coordinates specified by the 1-D inputs, as ``torch.meshgrid``.

    Args:
        *tensors (Tensor): 0- or 1-D tensors (or one sequence of them).
        indexing (str, optional): ``"ij"`` (the grids' dims follow the inputs) or ``"xy"``
            (the first two swapped). Default: ``None``: ``"ij"``, with torch's warning.

    Returns:
        tuple[Tensor, ...]: one grid per input.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x, y = et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0, 5.0])
        ...     gx, gy = et.meshgrid(x, y, indexing="ij")
        ...     tuple(gx.shape), gy[1].tolist()
        ((2, 3), [3.0, 4.0, 5.0])
    """
    if indexing is None:
        warnings.warn(_MESHGRID_WARNING, UserWarning, stacklevel=2)
        indexing = "ij"
    return tuple(_core._meshgrid(_packed("meshgrid", tensors), indexing))


def broadcast_tensors(*tensors: Tensor) -> tuple[Tensor, ...]:
    """Broadcasts the given tensors according to broadcasting semantics, as
    ``torch.broadcast_tensors``.

    Args:
        *tensors (Tensor): the tensors.

    Returns:
        tuple[Tensor, ...]: each of their common shape.

    Raises:
        ShapeError: shapes that do not broadcast.
    """
    return tuple(_core._broadcast_tensors(_packed("broadcast_tensors", tensors)))


def _atleast(who: str, n: builtins.int, tensors: tuple[Any, ...]) -> Any:
    one = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    out = tuple(_core._atleast(_packed(who, tensors), n))
    return out[0] if one else out


def atleast_1d(*tensors: Tensor) -> Any:
    """Returns a 1-dimensional view of each input tensor with zero dimensions, as
    ``torch.atleast_1d``: one tensor for one tensor, else a tuple.

    Args:
        *tensors (Tensor): the tensors (or one sequence of them).

    Returns:
        Tensor or tuple[Tensor, ...]: with at least one dim.
    """
    return _atleast("atleast_1d", 1, tensors)


def atleast_2d(*tensors: Tensor) -> Any:
    """Returns a 2-dimensional view of each input tensor with fewer dimensions (leading
    dims of size 1), as ``torch.atleast_2d``.

    Args:
        *tensors (Tensor): the tensors (or one sequence of them).

    Returns:
        Tensor or tuple[Tensor, ...]: with at least two dims.
    """
    return _atleast("atleast_2d", 2, tensors)


def atleast_3d(*tensors: Tensor) -> Any:
    """Returns a 3-dimensional view of each input tensor with fewer dimensions, as
    ``torch.atleast_3d`` (a vector ``(n,)`` becomes ``(1, n, 1)``, a matrix ``(m, n)``
    becomes ``(m, n, 1)``).

    Args:
        *tensors (Tensor): the tensors (or one sequence of them).

    Returns:
        Tensor or tuple[Tensor, ...]: with at least three dims.
    """
    return _atleast("atleast_3d", 3, tensors)


def trapz(
    y: Tensor,
    x: Tensor | None = None,
    *,
    dx: builtins.float | None = None,
    dim: builtins.int = -1,
) -> Tensor:
    """Alias for `trapezoid`, as ``torch.trapz``.

    Args:
        y (Tensor): the values.
        x (Tensor, optional): the sample points. Default: ``None``.
        dx (float, optional): the spacing, without `x`. Default: ``None``.
        dim (int): the dimension to integrate along. Default: ``-1``.

    Returns:
        Tensor: `y`'s shape without `dim`.
    """
    return _core.trapezoid(y, x, dx=dx, dim=dim)


def broadcast_shapes(*shapes: Any) -> tuple[builtins.int, ...]:
    """The shape the given shapes broadcast to, as ``torch.broadcast_shapes`` (no tensor is
    made).

    Args:
        *shapes (int or sequence of int): the shapes.

    Returns:
        torch.Size: the broadcast shape.

    Raises:
        RuntimeError: shapes that do not broadcast (torch's error).
    """
    return torch.Size(torch.broadcast_shapes(*shapes))  # type: ignore[no-untyped-call]


def scalar_tensor(
    s: builtins.float,
    *,
    dtype: Any = None,
    device: Any = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """A 0-d tensor holding the number `s`, as ``torch.scalar_tensor`` (a floating dtype by
    default, even for an int).

    Args:
        s (number): the value.
        dtype (eagertape.dtype, optional): the dtype. Default: ``None`` (the session's).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes its gradient. Default: ``False``.

    Returns:
        Tensor: 0-d, of the current session.

    Raises:
        TypeError: `s` is not a number.
    """
    if isinstance(s, builtins.bool) or not isinstance(s, builtins.int | builtins.float):
        raise TypeError(f"scalar_tensor(): argument 's' must be Number, not {type(s).__name__}")
    from ._torch import tensor

    return tensor(builtins.float(s), dtype=dtype, device=device, requires_grad=requires_grad)


def asarray(
    obj: Any,
    *,
    dtype: Any = None,
    device: Any = None,
    copy: builtins.bool | None = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """Converts `obj` to a tensor of the current session, as ``torch.asarray``: a tensor of
    the wanted dtype is returned as it is unless ``copy=True``; anything else is copied in
    (eagertape never shares a host array's memory: ``copy=False`` of one is an
    `ArgumentError`).

    Args:
        obj: a tensor, numpy array, DLPack producer, sequence or number.
        dtype (eagertape.dtype, optional): the dtype. Default: ``None`` (`obj`'s).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        copy (bool, optional): ``True`` always copies, ``False`` never. Default: ``None``.
        requires_grad (bool): whether backward computes its gradient. Default: ``False``.

    Returns:
        Tensor: `obj` itself or a new leaf.

    Raises:
        ArgumentError: ``copy=False`` where a copy is needed.
    """
    from ._torch import as_tensor, tensor

    if isinstance(obj, Tensor):
        same = dtype is None or obj.dtype == str(dtype).removeprefix("torch.")
        if copy is True or not same:
            if copy is False:
                raise _errors.ArgumentError("asarray(copy=False): the dtype asked for needs a copy")
            return obj.to(dtype=dtype, copy=True) if dtype is not None else obj.clone()
        return obj
    if copy is False:
        raise _errors.ArgumentError(
            "asarray(copy=False): eagertape copies host data into its session (it never "
            "shares a host array's memory)"
        )
    if requires_grad:
        return tensor(obj, dtype=dtype, device=device, requires_grad=True)
    return as_tensor(obj, dtype=dtype, device=device)


def randint_like(
    input: Tensor,  # noqa: A002
    low: builtins.int = 0,
    high: builtins.int | None = None,
    *,
    generator: Any = None,
    dtype: Any = None,
    device: Any = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """Integers drawn uniformly from ``[low, high)`` in `input`'s shape and dtype (or
    `dtype`), as ``torch.randint_like``; ``randint_like(input, high)`` draws from
    ``[0, high)``. The draws come from the session's generator.

    Args:
        input (Tensor): the tensor whose shape (and dtype) the result takes.
        low (int): the lower bound, or the upper one when it is the only number.
            Default: ``0``.
        high (int, optional): the upper bound, excluded. Default: ``None``.
        generator: not supported (the session's generator draws); must be ``None``.
        dtype (eagertape.dtype, optional): the dtype. Default: ``None`` (`input`'s).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes its gradient. Default: ``False``.

    Returns:
        Tensor: a new tensor of `input`'s session.

    Raises:
        ArgumentError: ``low >= high`` or a `generator` is given.
    """
    if not isinstance(input, Tensor):
        raise TypeError(
            f"randint_like(): argument 'input' must be Tensor, not {type(input).__name__}"
        )
    if high is None:
        low, high = 0, low
    return (
        input.new_empty(input.shape, dtype=dtype or input.dtype, device=device)
        .random_(low, high, generator=generator)
        .requires_grad_(requires_grad)
    )


def fill(input: Tensor, value: Any) -> Tensor:  # noqa: A002
    """A new tensor of `input`'s shape and dtype holding `value` everywhere, as
    ``torch.fill`` (the out-of-place `fill_`: a tensor `value` gets the gradient, `input`
    none).

    Args:
        input (Tensor): the tensor whose shape and dtype the result takes.
        value (number or Tensor): the value, a number or a 0-d tensor.

    Returns:
        Tensor: a new tensor.

    Raises:
        TypeError: `input` is not a tensor.
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"fill(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input.clone().fill_(value)


def from_dlpack(
    ext_tensor: Any, *, device: Any = None, copy: builtins.bool | None = None
) -> Tensor:
    """A tensor of the current session from a DLPack producer (a torch tensor, a numpy
    array, ...), as ``torch.from_dlpack``. Unlike torch's, it is a copy unless
    ``copy=False`` (then the producer's memory is shared and must not be written while the
    tensor is in use: `Session.input`'s ``copy=False``).

    Args:
        ext_tensor: an object with ``__dlpack__``.
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        copy (bool, optional): ``False`` shares the producer's memory. Default: ``None`` (a
            copy).

    Returns:
        Tensor: a new leaf of the current session.

    Raises:
        DLPackError: the producer's dtype or device cannot be shared with ``copy=False``.
    """
    from ._torch import _current

    sess = _current(device)
    return sess.input(ext_tensor, copy=False if copy is False else None)


def to_dlpack(tensor: Tensor) -> Any:
    """A DLPack capsule of `tensor`, as ``torch.to_dlpack``: ``tensor.__dlpack__()`` (a copy
    of a value a tape or snapshot reads, so nothing it reads can be written through it).

    Args:
        tensor (Tensor): the tensor.

    Returns:
        PyCapsule: the DLPack capsule.
    """
    return tensor.__dlpack__()


def adaptive_max_pool1d(input: Tensor, output_size: Any) -> tuple[Tensor, Tensor]:  # noqa: A002
    """``torch.adaptive_max_pool1d``: aten's form, which always returns the pair (the
    ``nn.functional`` form returns it only with ``return_indices=True``).

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        output_size (int or 1-tuple): the target output length.

    Returns:
        tuple[Tensor, Tensor]: the maxima and their int64 indices along ``L``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     v, i = et.adaptive_max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2)
        ...     v.tolist(), i.tolist()
        ([[[3.0, 5.0]]], [[[1, 3]]])
    """
    return _F.adaptive_max_pool1d_with_indices(input, output_size)


def max_pool1d_with_indices(
    input: Tensor,  # noqa: A002
    kernel_size: Any,
    stride: Any = (),
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: builtins.bool = False,
) -> tuple[Tensor, Tensor]:
    """``torch.max_pool1d_with_indices``: ``nn.functional.max_pool1d_with_indices`` with
    aten's defaults (an empty ``stride`` is the kernel's size).

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        kernel_size (int or 1-tuple): the window.
        stride (int or 1-tuple): the stride. Default: ``()`` (``kernel_size``).
        padding (int or 1-tuple): implicit negative-infinity padding. Default: ``0``.
        dilation (int or 1-tuple): the spacing of the window's elements. Default: ``1``.
        ceil_mode (bool): ceil instead of floor for the output length. Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the maxima and their int64 indices along ``L``.
    """
    return _F.max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)


def _numpy_dtype(who: str, dtype: object) -> np.dtype:
    """A dtype argument as the numpy dtype of its elements (torch's default dtype for
    ``None``)."""
    name = _torch._dtype_name(dtype) or str(_torch.get_default_dtype())
    try:
        return np.dtype(name)
    except TypeError:
        raise _errors.DTypeError(f"{who}: no {name} data can be read from bytes") from None


def frombuffer(
    buffer: Any,
    *,
    dtype: object,
    count: builtins.int = -1,
    offset: builtins.int = 0,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """A 1-D tensor of the elements of an object that exposes the buffer protocol (``bytes``,
    ``bytearray``, ``array.array``, ``memoryview``), as ``torch.frombuffer``; ``count``
    elements of ``dtype`` from byte ``offset``.

    Unlike torch's, the tensor is a copy in the current session (a session owns its
    buffers): writing to ``buffer`` afterwards does not change it.

    Args:
        buffer: the object exposing the buffer.
        dtype (eagertape.dtype): the elements' dtype.
        count (int): how many elements to read; ``-1`` reads to the end. Default: ``-1``.
        offset (int): how many bytes to skip first. Default: ``0``.
        requires_grad (bool): whether the result requires grad. Default: ``False``.

    Returns:
        Tensor: 1-D.

    Raises:
        ValueError: a ``count`` or ``offset`` outside the buffer, or a size that is not a
            multiple of the element size (numpy's check).
        DTypeError: a dtype with no numpy equivalent (``bfloat16``).

    Examples:
        >>> import array
        >>> import eagertape as et
        >>> et.frombuffer(array.array("i", [1, 2, 3]), dtype=et.int32).tolist()
        [1, 2, 3]
    """
    values = np.frombuffer(
        buffer, dtype=_numpy_dtype("frombuffer", dtype), count=count, offset=offset
    )
    return _torch.tensor(values, dtype=dtype, requires_grad=requires_grad)


def from_file(
    filename: str | os.PathLike[str],
    shared: builtins.bool | None = None,
    size: builtins.int = 0,
    *,
    dtype: object = None,
    layout: object = None,
    device: object = None,
    pin_memory: builtins.bool = False,
) -> Tensor:
    """A 1-D tensor of the first ``size`` elements of ``dtype`` stored in a file (raw bytes,
    native byte order), as ``torch.from_file``.

    The tensor is a copy in the current session: ``shared=True`` (torch's memory map, whose
    writes reach the file) is refused.

    Args:
        filename (str or os.PathLike): the file.
        shared (bool, optional): must be ``False`` or ``None``. Default: ``None``.
        size (int): the number of elements. Default: ``0``.
        dtype (eagertape.dtype, optional): the elements' dtype. Default: ``None`` (the
            default dtype).
        layout: accepted for torch's signature (``torch.strided`` only).
        device (str or torch.device, optional): checked against the session's device.
        pin_memory (bool): accepted for torch's signature.

    Returns:
        Tensor: 1-D, ``size`` elements.

    Raises:
        ArgumentError: ``shared=True``, a negative ``size``, or a file holding fewer than
            ``size`` elements (nothing is made).
        FileNotFoundError: no such file.
    """
    del pin_memory
    if shared:
        raise _errors.ArgumentError(
            "from_file: shared=True is not supported (the tensor is a copy in the session; "
            "its writes would not reach the file)"
        )
    if layout not in (None, torch.strided):
        raise _errors.ArgumentError(f"from_file: layout must be torch.strided, got {layout}")
    if builtins.isinstance(size, builtins.bool) or size < 0:
        raise _errors.ArgumentError(f"from_file: size must be a non-negative int, got {size!r}")
    np_dtype = _numpy_dtype("from_file", dtype)
    values = np.fromfile(os.fspath(filename), dtype=np_dtype, count=size)
    if values.size != size:
        raise _errors.ArgumentError(
            f"from_file: {os.fspath(filename)!r} holds {values.size} {np_dtype} elements, "
            f"fewer than size={size}"
        )
    return _torch.tensor(values, dtype=dtype or _torch.get_default_dtype(), device=device)


def _shape_checked(who: str, size: Any, other: Any, what: str) -> tuple[builtins.int, ...]:
    shape = tuple(size)
    if len(tuple(other)) != len(shape):
        raise _errors.ShapeError(
            f"{who}: mismatch in length of {what} and shape ({len(tuple(other))} and {len(shape)})"
        )
    return shape


def empty_strided(
    size: Sequence[builtins.int],
    stride: Sequence[builtins.int],
    *,
    dtype: object = None,
    layout: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
    pin_memory: builtins.bool = False,
) -> Tensor:
    """A tensor of shape ``size``, as ``torch.empty_strided``.

    An eagertape tensor owns a contiguous buffer: ``stride`` is checked (one non-negative
    int per dim) and the result is contiguous, its values zeros (as `empty`'s).

    Args:
        size (sequence of ints): the shape.
        stride (sequence of ints): the strides torch would lay it out with.
        dtype (eagertape.dtype, optional): the dtype. Default: ``None``.
        layout: accepted for torch's signature.
        device (str or torch.device, optional): checked against the session's device.
        requires_grad (bool): whether the result requires grad. Default: ``False``.
        pin_memory (bool): accepted for torch's signature.

    Returns:
        Tensor: of shape ``size``.

    Raises:
        ShapeError: ``stride`` of another length than ``size``.
        ArgumentError: a negative stride.
    """
    del layout, pin_memory
    shape = _shape_checked("empty_strided", size, stride, "strides")
    if any(s < 0 for s in stride):
        raise _errors.ArgumentError(f"empty_strided: strides must be non-negative, got {stride}")
    return _core.empty(shape, dtype=dtype, device=device, requires_grad=requires_grad)


def empty_permuted(
    size: Sequence[builtins.int],
    physical_layout: Sequence[builtins.int],
    *,
    dtype: object = None,
    layout: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
    pin_memory: builtins.bool = False,
) -> Tensor:
    """A tensor of shape ``size``, as ``torch.empty_permuted``.

    An eagertape tensor owns a contiguous buffer: ``physical_layout`` is checked (a
    permutation of the dims) and the result is contiguous, its values zeros (as `empty`'s).

    Args:
        size (sequence of ints): the shape.
        physical_layout (sequence of ints): the order of the dims in memory torch would use.
        dtype (eagertape.dtype, optional): the dtype. Default: ``None``.
        layout: accepted for torch's signature.
        device (str or torch.device, optional): checked against the session's device.
        requires_grad (bool): whether the result requires grad. Default: ``False``.
        pin_memory (bool): accepted for torch's signature.

    Returns:
        Tensor: of shape ``size``.

    Raises:
        ShapeError: ``physical_layout`` of another length than ``size``.
        ArgumentError: ``physical_layout`` not a permutation of the dims.
    """
    del layout, pin_memory
    shape = _shape_checked("empty_permuted", size, physical_layout, "physical_layout")
    if sorted(physical_layout) != list(range(len(shape))):
        raise _errors.ArgumentError(
            f"empty_permuted: physical_layout must be a permutation of the dims, got "
            f"{list(physical_layout)}"
        )
    return _core.empty(shape, dtype=dtype, device=device, requires_grad=requires_grad)


def gradient(
    input: Tensor,  # noqa: A002
    *,
    spacing: Any = 1,
    dim: builtins.int | Sequence[builtins.int] | None = None,
    edge_order: builtins.int = 1,
) -> tuple[Tensor, ...]:
    """Estimates the gradient of a function sampled at ``input``'s elements along each of
    ``dim``, by finite differences, as ``torch.gradient``: second-order accurate central
    differences inside, one-sided differences of order ``edge_order`` at the ends.

    Composed of the tape's ops (torch's formulas, in its order), on every carrier; its own
    gradient is theirs.

    Args:
        input (Tensor): the samples.
        spacing (number, sequence of numbers, or sequence of Tensors): the samples' spacing:
            one number for every dim, one per dim, or each dim's coordinates (1-D tensors of
            its size). Default: ``1``.
        dim (int or sequence of ints, optional): the dims to differentiate along. Default:
            ``None`` (all).
        edge_order (int): ``1`` or ``2``. Default: ``1``.

    Returns:
        tuple[Tensor, ...]: one estimate per dim, each of ``input``'s shape (floating).

    Raises:
        ArgumentError: an ``edge_order`` other than 1 or 2, or a ``spacing`` of another length
            than ``dim``.
        ShapeError: a dim shorter than ``edge_order + 1``, or coordinates not 1-D of that
            dim's size.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     (g,) = et.gradient(et.tensor([1.0, 4.0, 9.0, 16.0]))
        ...     g.tolist()
        [3.0, 4.0, 6.0, 7.0]
    """
    if dim is None:
        dims = list(range(input.dim()))
    elif isinstance(dim, builtins.int):
        dims = [dim]
    else:
        dims = list(dim)
    if isinstance(spacing, Sequence) and spacing and isinstance(spacing[0], Tensor | torch.Tensor):
        return _core._gradient_coordinates(input, dims, list(spacing), edge_order)
    if isinstance(spacing, Tensor | torch.Tensor):
        spacing = spacing.item()
    if isinstance(spacing, Sequence):
        spacing = [builtins.float(h) for h in spacing]
        if len(spacing) == 1 and len(dims) != 1:
            spacing = spacing * len(dims)
    return _core._gradient_uniform(input, dims, spacing, edge_order)


_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _recurrent(
    who: str,
    mode: str,
    input: Tensor,  # noqa: A002
    hx: Any,
    params: Sequence[Tensor],
    has_biases: builtins.bool,
    num_layers: builtins.int,
    dropout: builtins.float,
    train: builtins.bool,
    bidirectional: builtins.bool,
    batch_first: builtins.bool,
) -> tuple[Tensor, Tensor, Tensor | None]:
    """aten's recurrent forms over `_core._rnn` (the function `nn.RNN`/`LSTM`/`GRU` run):
    the sizes read off the flat weights, torch's ``_flat_weights`` order."""
    if (
        not isinstance(input, Tensor)
        or isinstance(params, Tensor)
        or not isinstance(hx, Tensor | Sequence)
    ):
        raise TypeError(
            f"{who}(): expected (input, hx, params, has_biases, num_layers, dropout, train, "
            "bidirectional, batch_first) with input a Tensor (the packed-sequence form is not "
            "supported: pack with nn.utils.rnn and call the module)"
        )
    params = list(params)
    per_layer = 2 + 2 * builtins.int(builtins.bool(has_biases))
    directions = 2 if bidirectional else 1
    groups = num_layers * directions
    if groups < 1 or len(params) not in (groups * per_layer, groups * (per_layer + 1)):
        raise _errors.ArgumentError(
            f"{who}(): expected {groups * per_layer} parameters ({per_layer} per layer and "
            f"direction{', or one more with a projection' if mode == 'LSTM' else ''}), got "
            f"{len(params)}"
        )
    projected = len(params) == groups * (per_layer + 1)
    hidden_size = builtins.int(params[1].shape[0]) // _GATES[mode]
    proj_size = builtins.int(params[per_layer].shape[0]) if projected else 0
    h0, c0 = (hx[0], hx[1]) if mode == "LSTM" else (hx, None)
    return _core._rnn(
        input,
        mode,
        h0,
        c0,
        params,
        hidden_size,
        proj_size,
        num_layers,
        builtins.bool(has_biases),
        builtins.bool(batch_first),
        builtins.bool(bidirectional),
        builtins.float(dropout),
        builtins.bool(train),
    )


def lstm(
    input: Tensor,  # noqa: A002
    hx: Sequence[Tensor],
    params: Sequence[Tensor],
    has_biases: builtins.bool,
    num_layers: builtins.int,
    dropout: builtins.float,
    train: builtins.bool,
    bidirectional: builtins.bool,
    batch_first: builtins.bool,
) -> tuple[Tensor, Tensor, Tensor]:
    """``torch.lstm``: aten's multi-layer LSTM over flat weights (what ``nn.LSTM`` runs).

    Args:
        input (Tensor): ``(L, N, H_in)`` (``(N, L, H_in)`` with ``batch_first``).
        hx (sequence of Tensors): ``[h_0, c_0]``, each ``(D * num_layers, N, H)``.
        params (sequence of Tensors): the weights in ``nn.LSTM._flat_weights``' order
            (``w_ih, w_hh[, b_ih, b_hh][, w_hr]`` per layer and direction).
        has_biases (bool): whether ``params`` holds the biases.
        num_layers (int): the number of layers.
        dropout (float): the dropout between layers (in training).
        train (bool): training mode.
        bidirectional (bool): two directions.
        batch_first (bool): ``input`` and output batch-first.

    Returns:
        tuple[Tensor, Tensor, Tensor]: ``(output, h_n, c_n)``.

    Raises:
        ArgumentError: ``params`` of another count than the layers need.
        TypeError: the packed-sequence form (``torch.lstm(data, batch_sizes, ...)``).
    """
    output, h, c = _recurrent(
        "lstm",
        "LSTM",
        input,
        hx,
        params,
        has_biases,
        num_layers,
        dropout,
        train,
        bidirectional,
        batch_first,
    )
    assert c is not None  # (an LSTM's)
    return output, h, c


def _single_state(who: str, mode: str) -> Any:
    def form(
        input: Tensor,  # noqa: A002
        hx: Tensor,
        params: Sequence[Tensor],
        has_biases: builtins.bool,
        num_layers: builtins.int,
        dropout: builtins.float,
        train: builtins.bool,
        bidirectional: builtins.bool,
        batch_first: builtins.bool,
    ) -> tuple[Tensor, Tensor]:
        output, h, _ = _recurrent(
            who,
            mode,
            input,
            hx,
            params,
            has_biases,
            num_layers,
            dropout,
            train,
            bidirectional,
            batch_first,
        )
        return output, h

    form.__name__ = form.__qualname__ = who
    form.__doc__ = f"""``torch.{who}``: aten's multi-layer {mode.replace("_", " ").title()}
    over flat weights (what ``nn.{"GRU" if mode == "GRU" else "RNN"}`` runs).

    Args:
        input (Tensor): ``(L, N, H_in)`` (``(N, L, H_in)`` with ``batch_first``).
        hx (Tensor): ``h_0``, ``(D * num_layers, N, H)``.
        params (sequence of Tensors): the weights in the module's ``_flat_weights``' order
            (``w_ih, w_hh[, b_ih, b_hh]`` per layer and direction).
        has_biases (bool): whether ``params`` holds the biases.
        num_layers (int): the number of layers.
        dropout (float): the dropout between layers (in training).
        train (bool): training mode.
        bidirectional (bool): two directions.
        batch_first (bool): ``input`` and output batch-first.

    Returns:
        tuple[Tensor, Tensor]: ``(output, h_n)``.

    Raises:
        ArgumentError: ``params`` of another count than the layers need.
        TypeError: the packed-sequence form.
    """
    return form


gru = _single_state("gru", "GRU")
rnn_tanh = _single_state("rnn_tanh", "RNN_TANH")
rnn_relu = _single_state("rnn_relu", "RNN_RELU")
