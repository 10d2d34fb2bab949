"""torch's own forms, in the ``torch`` namespace, of ops whose everyday form is in
``torch.nn.functional``: aten's signatures (``torch.alpha_dropout(input, p, train)`` with
``train`` required, ``torch.hinge_embedding_loss(..., reduction=1)`` with the reduction as
aten's integer: 0 ``"none"``, 1 ``"mean"``, 2 ``"sum"``), and the in-place dropouts
(``torch.dropout_``). Each converts its arguments and delegates to the functional form; what
it computes, and its errors, are that form's."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

from . import _errors
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
