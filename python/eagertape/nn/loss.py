"""The losses as modules (torch's ``nn.L1Loss``, ``nn.CrossEntropyLoss``, ...): each holds
its constructor's options and calls its function in ``forward(input, target)``. torch's
``size_average``/``reduce`` are taken and turned into ``reduction`` by the function, as
torch's legacy rule does. A class ``weight`` (or ``pos_weight``) is kept as given, as an
attribute: torch registers it as a buffer, so unlike torch it is not in ``state_dict()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .._core import (
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cosine_embedding_loss,
    cross_entropy,
    ctc_loss,
    hinge_embedding_loss,
    huber_loss,
    kl_div,
    l1_loss,
    margin_ranking_loss,
    mse_loss,
    multi_margin_loss,
    multilabel_margin_loss,
    multilabel_soft_margin_loss,
    nll_loss,
    poisson_nll_loss,
    smooth_l1_loss,
    soft_margin_loss,
    triplet_margin_loss,
)
from .._errors import ConfigError
from .functional import gaussian_nll_loss, triplet_margin_with_distance_loss
from .module import Module

if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    from .._core import Reduction

    _KLReduction: TypeAlias = Literal["none", "mean", "sum", "batchmean"]

__all__ = [
    "CTCLoss",
    "CosineEmbeddingLoss",
    "GaussianNLLLoss",
    "HingeEmbeddingLoss",
    "MarginRankingLoss",
    "MultiLabelMarginLoss",
    "MultiLabelSoftMarginLoss",
    "MultiMarginLoss",
    "PoissonNLLLoss",
    "SoftMarginLoss",
    "TripletMarginLoss",
    "TripletMarginWithDistanceLoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "CrossEntropyLoss",
    "HuberLoss",
    "KLDivLoss",
    "L1Loss",
    "MSELoss",
    "NLLLoss",
    "SmoothL1Loss",
]


class _Loss(Module):
    def __init__(self, size_average: Any = None, reduce: Any = None, reduction: str = "mean"):
        super().__init__()
        self.size_average = size_average
        self.reduce = reduce
        self.reduction = reduction

    def _legacy(self) -> dict[str, Any]:
        return {"size_average": self.size_average, "reduce": self.reduce}

    def extra_repr(self) -> str:
        return "" if self.reduction == "mean" else f"reduction={self.reduction!r}"


class L1Loss(_Loss):
    """Creates a criterion that measures the mean absolute error (MAE) between each element
    of the input ``x`` and target ``y``: ``l_n = |x_n - y_n|``, then reduced.

    Input: any shape; target: the same shape; output: a scalar, or the input's shape with
    ``reduction="none"``. Both ``input`` and ``target`` get gradients.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Raises:
        ArgumentError: ``reduction`` is not one of the values above (when called).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0, 3.0, 4.0])
        ...     y = et.tensor([1.0, 0.0, 5.0, 4.0])
        ...     et.nn.L1Loss()(x, y).item()
        1.0
    """

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against ``target``.

        Args:
            input (Tensor): the prediction.
            target (Tensor): the target, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return l1_loss(input, target, reduction=cast("Reduction", self.reduction), **self._legacy())


class MSELoss(_Loss):
    """Creates a criterion that measures the mean squared error (squared L2 norm) between each
    element of the input ``x`` and target ``y``: ``l_n = (x_n - y_n)**2``, then reduced.

    Input: any shape; target: the same shape; output: a scalar, or the input's shape with
    ``reduction="none"``. Both ``input`` and ``target`` get gradients.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Raises:
        ArgumentError: ``reduction`` is not one of the values above (when called).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0, 3.0, 4.0])
        ...     y = et.tensor([1.0, 0.0, 5.0, 4.0])
        ...     et.nn.MSELoss()(x, y).item()
        2.0
    """

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against ``target``.

        Args:
            input (Tensor): the prediction.
            target (Tensor): the target, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return mse_loss(
            input, target, reduction=cast("Reduction", self.reduction), **self._legacy()
        )


class NLLLoss(_Loss):
    """The negative log likelihood loss: ``l_n = -w[y_n] * x[n, y_n]`` for class indices ``y``.

    The input holds log-probabilities (e.g. from ``F.log_softmax``) of shape ``(N, C)``,
    ``(C)`` or ``(N, C, d1, ..., dK)``; the target holds class indices (int64) in ``[0, C)`` of
    shape ``(N)``, ``()`` or ``(N, d1, ..., dK)``. With ``reduction="mean"`` the sum is divided by
    the total weight of the targets that are not ``ignore_index``. Only ``input`` gets a
    gradient; probability targets are refused (use ``CrossEntropyLoss``).

    Args:
        weight (Tensor, optional): a manual rescaling weight given to each class, of
            size ``C``: an eagertape tensor, a list or a numpy array, read as constant numbers
            when the loss is computed (no gradient). It is kept as a plain attribute (torch
            registers a buffer), so it is not in ``state_dict()``; a tensor ties the module to
            the session and tape generation that made it, a list or array works in any session.
            Default: ``None`` (every class weighs 1).
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        ignore_index (int): a target value that is ignored and does not contribute to the
            gradient. Default: ``-100``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Raises:
        ClassIndexError: a class index outside ``[0, C)`` that is not ``ignore_index``.
        ShapeError: a target or ``weight`` whose shape does not fit the input.
        DTypeError: a floating (probability) target.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     logp = et.tensor([[-1.0, -2.0], [-3.0, -0.5]])
        ...     et.nn.NLLLoss()(logp, et.tensor([0, 1])).item()
        0.75
    """

    def __init__(
        self,
        weight: Any = None,
        size_average: Any = None,
        ignore_index: int = -100,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight
        self.ignore_index = ignore_index

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of the log-probabilities ``input`` against ``target``.

        Args:
            input (Tensor): log-probabilities, classes on dim 1 (dim 0 if unbatched).
            target (Tensor): class indices (int64).

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return nll_loss(
            input,
            target,
            weight=self.weight,
            ignore_index=self.ignore_index,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class CrossEntropyLoss(_Loss):
    """Computes the cross entropy loss between input logits and target.

    The input holds unnormalized logits of shape ``(C)``, ``(N, C)`` or ``(N, C, d1, ..., dK)``
    (classes on dim 1, or dim 0 for an unbatched input); ``log_softmax`` over the class dim is
    part of the loss. The target holds either class indices (integers in ``[0, C)``, of the
    input's shape without the class dim) or class probabilities (floats of the input's shape).
    For class indices and ``reduction="mean"``, the sum is divided by the total weight of the
    targets that are not ``ignore_index``; for probabilities, by the number of positions.
    ``input`` gets a gradient, and so does a probability target that requires grad.

    Args:
        weight (Tensor, optional): a manual rescaling weight given to each class, of
            size ``C``: an eagertape tensor, a list or a numpy array, read as constant numbers
            when the loss is computed (no gradient). It is kept as a plain attribute (torch
            registers a buffer), so it is not in ``state_dict()``; a tensor ties the module to
            the session and tape generation that made it, a list or array works in any session.
            Default: ``None`` (every class weighs 1).
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        ignore_index (int): a class index that is ignored and does not contribute to the
            gradient (class-index targets only). Default: ``-100``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.
        label_smoothing (float): in ``[0.0, 1.0]``: the amount of smoothing; the target becomes
            a mix of the original and the uniform distribution. Default: ``0.0``.

    Raises:
        ClassIndexError: a class index outside ``[0, C)`` that is not ``ignore_index``.
        ShapeError: a target or ``weight`` whose shape does not fit the input.
        ArgumentError: ``label_smoothing`` outside ``[0, 1]``, or an unknown ``reduction``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     logits = et.tensor([[0.0, 0.0], [0.0, 0.0]])
        ...     loss = et.nn.CrossEntropyLoss()(logits, et.tensor([0, 1]))
        ...     round(loss.item(), 4)
        0.6931
    """

    def __init__(
        self,
        weight: Any = None,
        size_average: Any = None,
        ignore_index: int = -100,
        reduce: Any = None,
        reduction: str = "mean",
        label_smoothing: float = 0.0,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of the logits ``input`` against ``target``.

        Args:
            input (Tensor): logits, classes on dim 1 (dim 0 if unbatched).
            target (Tensor): class indices, or class probabilities of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return cross_entropy(
            input,
            target,
            weight=self.weight,
            ignore_index=self.ignore_index,
            reduction=cast("Reduction", self.reduction),
            label_smoothing=self.label_smoothing,
            **self._legacy(),
        )


class BCELoss(_Loss):
    """Creates a criterion that measures the binary cross entropy between the target and the
    input probabilities: ``l_n = -w_n * (y_n * log(x_n) + (1 - y_n) * log(1 - x_n))``.

    The input holds probabilities in ``[0, 1]`` (e.g. after ``sigmoid``); each log is clamped
    to at least ``-100``, as torch's. Input: any shape; target: the same shape; output: a
    scalar, or the input's shape with ``reduction="none"``. ``input`` and ``target`` get
    gradients; ``weight`` does not.

    Args:
        weight (Tensor, optional): a manual rescaling weight, broadcast against the input. Kept
            as a plain attribute, not a buffer (not in ``state_dict()``). Default: ``None``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Raises:
        ArgumentError: an input element outside ``[0, 1]`` (or NaN).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     p = et.tensor([0.5, 0.5])
        ...     loss = et.nn.BCELoss()(p, et.tensor([1.0, 0.0]))
        ...     round(loss.item(), 4)
        0.6931
    """

    def __init__(
        self,
        weight: Any = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of the probabilities ``input`` against ``target``.

        Args:
            input (Tensor): probabilities in ``[0, 1]``.
            target (Tensor): the target probabilities, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return binary_cross_entropy(
            input,
            target,
            weight=self.weight,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class BCEWithLogitsLoss(_Loss):
    """This loss combines a ``Sigmoid`` layer and the ``BCELoss`` in one single class.

    ``l_n = -w_n * (p * y_n * log(sigmoid(x_n)) + (1 - y_n) * log(1 - sigmoid(x_n)))``, computed
    in the numerically stable form, with ``p`` the ``pos_weight`` of the class. Input: any shape
    (logits); target: the same shape; output: a scalar, or the input's shape with
    ``reduction="none"``. ``input`` and ``target`` get gradients; ``weight`` and ``pos_weight``
    do not.

    Args:
        weight (Tensor, optional): a manual rescaling weight, broadcast against the input. Kept
            as a plain attribute, not a buffer (not in ``state_dict()``). Default: ``None``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.
        pos_weight (Tensor, optional): a weight of positive examples, broadcast against the
            input (one per class, along the last dim). Kept as a plain attribute. Default:
            ``None``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     logits = et.tensor([0.0, 0.0])
        ...     loss = et.nn.BCEWithLogitsLoss()(logits, et.tensor([1.0, 0.0]))
        ...     round(loss.item(), 4)
        0.6931
    """

    def __init__(
        self,
        weight: Any = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        pos_weight: Any = None,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight
        self.pos_weight = pos_weight

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of the logits ``input`` against ``target``.

        Args:
            input (Tensor): the logits.
            target (Tensor): the target probabilities, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return binary_cross_entropy_with_logits(
            input,
            target,
            weight=self.weight,
            reduction=cast("Reduction", self.reduction),
            pos_weight=self.pos_weight,
            **self._legacy(),
        )


class HuberLoss(_Loss):
    """Creates a criterion that uses a squared term if the absolute element-wise error falls
    below ``delta`` and a delta-scaled L1 term otherwise.

    ``l_n = 0.5 * (x_n - y_n)**2`` if ``|x_n - y_n| < delta``, else
    ``delta * (|x_n - y_n| - 0.5 * delta)``. Input: any shape; target: the same shape; output: a
    scalar, or the input's shape with ``reduction="none"``. Both ``input`` and ``target`` get
    gradients.

    Args:
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. Default: ``"mean"``.
        delta (float): the threshold at which to change between delta-scaled L1 and L2 loss;
            must be positive. Default: ``1.0``.

    Raises:
        ArgumentError: ``delta <= 0`` or an unknown ``reduction`` (when called).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.0, 0.0])
        ...     et.nn.HuberLoss(reduction="none")(x, et.tensor([0.5, 3.0])).tolist()
        [0.125, 2.5]
    """

    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(None, None, reduction)
        self.delta = delta

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against ``target``.

        Args:
            input (Tensor): the prediction.
            target (Tensor): the target, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return huber_loss(
            input, target, reduction=cast("Reduction", self.reduction), delta=self.delta
        )


class SmoothL1Loss(_Loss):
    """Creates a criterion that uses a squared term if the absolute element-wise error falls
    below ``beta`` and an L1 term otherwise.

    ``l_n = 0.5 * (x_n - y_n)**2 / beta`` if ``|x_n - y_n| < beta``, else
    ``|x_n - y_n| - 0.5 * beta``; ``beta=0`` gives ``L1Loss``. Input: any shape; target: the
    same shape; output: a scalar, or the input's shape with ``reduction="none"``. Both
    ``input`` and ``target`` get gradients.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.
        beta (float): the threshold at which to change between L1 and L2 loss; non-negative.
            Default: ``1.0``.

    Raises:
        ArgumentError: ``beta < 0`` or an unknown ``reduction`` (when called).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.0, 0.0])
        ...     et.nn.SmoothL1Loss(reduction="none", beta=2.0)(x, et.tensor([0.5, 3.0])).tolist()
        [0.0625, 2.0]
    """

    def __init__(
        self,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        beta: float = 1.0,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against ``target``.

        Args:
            input (Tensor): the prediction.
            target (Tensor): the target, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return smooth_l1_loss(
            input,
            target,
            reduction=cast("Reduction", self.reduction),
            beta=self.beta,
            **self._legacy(),
        )


class KLDivLoss(_Loss):
    """The Kullback-Leibler divergence loss: ``l = y * (log(y) - x)`` element-wise.

    The input holds log-probabilities; the target holds probabilities, or log-probabilities
    with ``log_target=True`` (then ``l = exp(y) * (y - x)``). ``reduction="mean"`` averages
    over every element, as torch's; ``"batchmean"`` divides the sum by the batch size (the
    input's first dim), which is the mathematical KL divergence. Input: any shape; target: the
    same shape.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): ``"none"`` | ``"batchmean"`` | ``"sum"`` | ``"mean"``. When
            ``size_average`` or ``reduce`` is given, it overrides this (torch's legacy rule).
            Default: ``"mean"``.
        log_target (bool): whether the target is given in log space. Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     logp = et.tensor([[0.0, 0.0]]).log_softmax(1)
        ...     et.nn.KLDivLoss(reduction="batchmean")(logp, et.tensor([[0.5, 0.5]])).item()
        0.0
    """

    def __init__(
        self,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        log_target: bool = False,
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the divergence of ``target`` from ``input``.

        Args:
            input (Tensor): log-probabilities.
            target (Tensor): probabilities (log-probabilities with ``log_target``), of
                ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return kl_div(
            input,
            target,
            reduction=cast("_KLReduction", self.reduction),
            log_target=self.log_target,
            **self._legacy(),
        )


class MarginRankingLoss(_Loss):
    """Creates a criterion that measures the loss given inputs ``x1``, ``x2`` and a label
    tensor ``y`` with values 1 or -1: ``l = max(0, -y * (x1 - x2) + margin)``.

    ``y = 1`` means ``x1`` should rank higher than ``x2``, ``y = -1`` the opposite. Inputs:
    ``(N)`` or ``()``; target: the same shape; output: a scalar, or ``(N)`` with
    ``reduction="none"``.

    Args:
        margin (float): the margin. Default: ``0.0``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x1, x2 = et.tensor([1.0, 2.0]), et.tensor([2.0, 1.0])
        ...     et.nn.MarginRankingLoss(reduction="none")(x1, x2, et.tensor([1.0, 1.0])).tolist()
        [1.0, 0.0]
    """

    def __init__(
        self,
        margin: float = 0.0,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Any, input2: Any, target: Any) -> Any:
        """Computes the loss of the ranking of ``input1`` and ``input2`` given ``target``.

        Args:
            input1 (Tensor): the first scores.
            input2 (Tensor): the second scores, of ``input1``'s shape.
            target (Tensor): 1 or -1 per element.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return margin_ranking_loss(
            input1,
            input2,
            target,
            margin=self.margin,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class HingeEmbeddingLoss(_Loss):
    """Measures the loss given an input tensor ``x`` and a labels tensor ``y`` (containing 1 or
    -1): ``l_n = x_n`` where ``y_n = 1`` and ``max(0, margin - x_n)`` where ``y_n = -1``.

    Usually ``x`` is a distance (e.g. the L1 pairwise distance) between two inputs. Input: any
    shape; target: the same shape; output: a scalar, or the input's shape with
    ``reduction="none"``.

    Args:
        margin (float): the margin. Default: ``1.0``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.5, 0.25])
        ...     et.nn.HingeEmbeddingLoss(reduction="none")(x, et.tensor([1.0, -1.0])).tolist()
        [0.5, 0.75]
    """

    def __init__(
        self,
        margin: float = 1.0,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` given the labels ``target``.

        Args:
            input (Tensor): the input (e.g. distances).
            target (Tensor): 1 or -1 per element, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return hinge_embedding_loss(
            input,
            target,
            margin=self.margin,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class SoftMarginLoss(_Loss):
    """Creates a criterion that optimizes a two-class classification logistic loss between
    input ``x`` and target ``y`` (containing 1 or -1): ``l = log(1 + exp(-y * x))``.

    With ``reduction="mean"`` the sum is divided by the number of elements. Input: any shape;
    target: the same shape; output: a scalar, or the input's shape with ``reduction="none"``.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     loss = et.nn.SoftMarginLoss()(et.tensor([0.0]), et.tensor([1.0]))
        ...     round(loss.item(), 4)
        0.6931
    """

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against ``target``.

        Args:
            input (Tensor): the prediction.
            target (Tensor): the target, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return soft_margin_loss(
            input, target, reduction=cast("Reduction", self.reduction), **self._legacy()
        )


class CosineEmbeddingLoss(_Loss):
    """Creates a criterion that measures the loss given input tensors ``x1``, ``x2`` and a
    label tensor ``y`` with values 1 or -1.

    ``l = 1 - cos(x1, x2)`` where ``y = 1`` and ``max(0, cos(x1, x2) - margin)`` where
    ``y = -1``, the cosine taken over dim 1 (dim 0 for 1-D inputs). Inputs: ``(N, D)`` or
    ``(D)``; target: ``(N)`` or ``()``; output: a scalar, or ``(N)`` with ``reduction="none"``.

    Args:
        margin (float): between ``-1`` and ``1``; ``0`` to ``0.5`` is suggested. Default:
            ``0.0``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x1 = et.tensor([[1.0, 0.0], [1.0, 0.0]])
        ...     x2 = et.tensor([[0.0, 1.0], [1.0, 0.0]])
        ...     loss = et.nn.CosineEmbeddingLoss(reduction="none")
        ...     loss(x1, x2, et.tensor([1.0, -1.0])).tolist()
        [1.0, 1.0]
    """

    def __init__(
        self,
        margin: float = 0.0,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Any, input2: Any, target: Any) -> Any:
        """Computes the loss of the cosine similarity of ``input1`` and ``input2``.

        Args:
            input1 (Tensor): ``(N, D)`` or ``(D)``.
            input2 (Tensor): of ``input1``'s shape.
            target (Tensor): 1 or -1 per sample.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return cosine_embedding_loss(
            input1,
            input2,
            target,
            margin=self.margin,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class PoissonNLLLoss(_Loss):
    """Negative log likelihood loss with Poisson distribution of target.

    ``l = exp(x) - y * x`` with ``log_input=True``, else ``l = x - y * log(x + eps)``; with
    ``full``, Stirling's approximation ``y * log(y) - y + 0.5 * log(2 * pi * y)`` of
    ``log(y!)`` is added where ``y > 1``. Input: any shape; target: the same shape; output: a
    scalar, or the input's shape with ``reduction="none"``.

    Args:
        log_input (bool): whether the input is the log of the rate (``True``) or the rate
            itself. Default: ``True``.
        full (bool): whether to add the Stirling approximation term. Default: ``False``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        eps (float): a small value added inside the log when ``log_input=False``. Default:
            ``1e-8``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.0, 0.0])
        ...     et.nn.PoissonNLLLoss(reduction="none")(x, et.tensor([1.0, 3.0])).tolist()
        [1.0, 1.0]
    """

    def __init__(
        self,
        log_input: bool = True,
        full: bool = False,
        size_average: Any = None,
        eps: float = 1e-8,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def forward(self, log_input: Any, target: Any) -> Any:
        """Computes the loss of the predicted rate ``log_input`` against ``target``.

        Args:
            log_input (Tensor): the predicted log-rate (the rate with ``log_input=False``).
            target (Tensor): the observed counts, of ``log_input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return poisson_nll_loss(
            log_input,
            target,
            log_input=self.log_input,
            full=self.full,
            eps=self.eps,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class GaussianNLLLoss(_Loss):
    """Gaussian negative log likelihood loss.

    The targets are treated as samples from Gaussian distributions with expectations and
    variances predicted by the network: ``l = 0.5 * (log(max(var, eps)) + (input - target)**2
    / max(var, eps))``, plus ``0.5 * log(2 * pi)`` with ``full``. The clamp at ``eps`` changes
    the value only: ``var`` keeps its own gradient, as torch's. ``var`` has the input's shape,
    one dim fewer, or a last dim of 1 (homoscedastic), or is a number (the functional form).
    Output: a scalar, or the input's shape with ``reduction="none"``. The arguments are
    keyword-only, as torch's.

    Args:
        full (bool): include the constant term in the loss. Default: ``False``.
        eps (float): the value ``var`` is clamped to from below, for stability. Default:
            ``1e-6``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     mu, y = et.tensor([1.0, 2.0]), et.tensor([1.0, 0.0])
        ...     et.nn.GaussianNLLLoss(reduction="none")(mu, y, et.tensor([1.0, 1.0])).tolist()
        [0.0, 2.0]
    """

    def __init__(self, *, full: bool = False, eps: float = 1e-6, reduction: str = "mean") -> None:
        super().__init__(None, None, reduction)
        self.full = full
        self.eps = eps

    def forward(self, input: Any, target: Any, var: Any) -> Any:  # noqa: A002
        """Computes the loss of ``target`` under Gaussians of mean ``input``, variance ``var``.

        Args:
            input (Tensor): the expectations.
            target (Tensor): the samples, of ``input``'s shape.
            var (Tensor): the variances (positive): ``input``'s shape, one dim fewer, or a
                last dim of 1.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return gaussian_nll_loss(
            input, target, var, full=self.full, eps=self.eps, reduction=self.reduction
        )


class MultiLabelSoftMarginLoss(_Loss):
    """Creates a criterion that optimizes a multi-label one-versus-all loss based on max-entropy,
    between input ``x`` and target ``y`` of size ``(N, C)``.

    ``l_n = -1/C * sum_i w_i * (y[n, i] * log(sigmoid(x[n, i])) + (1 - y[n, i]) *
    log(sigmoid(-x[n, i])))``, ``y`` holding 0 or 1. Input: ``(N, C)`` or ``(C)``; target: the
    same shape; output: a scalar, or ``(N)`` with ``reduction="none"``.

    Args:
        weight (Tensor, optional): a manual rescaling weight given to each class, of size
            ``C``. Kept as a plain attribute, not a buffer (not in ``state_dict()``). Default:
            ``None``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     loss = et.nn.MultiLabelSoftMarginLoss()
        ...     round(loss(et.tensor([[0.0, 0.0]]), et.tensor([[1.0, 0.0]])).item(), 4)
        0.6931
    """

    def __init__(
        self,
        weight: Any = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.weight = weight

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against the multi-label ``target``.

        Args:
            input (Tensor): ``(N, C)`` or ``(C)`` scores.
            target (Tensor): 0 or 1 per class, of ``input``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return multilabel_soft_margin_loss(
            input,
            target,
            weight=self.weight,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class MultiMarginLoss(_Loss):
    """Creates a criterion that optimizes a multi-class classification hinge loss (margin-based
    loss) between input ``x`` and target class indices ``y``.

    For each sample, ``l = sum_{i != y} w[y] * max(0, margin - x[y] + x[i])**p / C``. Input:
    ``(N, C)`` or ``(C)``; target: int64 class indices of shape ``(N)`` or ``()``; output: a
    scalar, or ``(N)`` with ``reduction="none"``.

    Args:
        p (int): ``1`` or ``2``. Default: ``1``.
        margin (float): the margin. Default: ``1.0``.
        weight (Tensor, optional): a manual rescaling weight given to each class, of size
            ``C``. Kept as a plain attribute, not a buffer (not in ``state_dict()``). Default:
            ``None``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Raises:
        ArgumentError: ``p`` is neither 1 nor 2 (when called).
        ShapeError: an input of more than 2 dims, or a target that does not fit it.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[0.1, 0.2, 0.4, 0.8]])
        ...     round(et.nn.MultiMarginLoss()(x, et.tensor([3])).item(), 4)
        0.325
    """

    def __init__(
        self,
        p: int = 1,
        margin: float = 1.0,
        weight: Any = None,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.p = p
        self.margin = margin
        self.weight = weight

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against the class indices ``target``.

        Args:
            input (Tensor): ``(N, C)`` or ``(C)`` scores.
            target (Tensor): int64 class indices, ``(N)`` or ``()``.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return multi_margin_loss(
            input,
            target,
            p=self.p,
            margin=self.margin,
            weight=self.weight,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class TripletMarginLoss(_Loss):
    """Creates a criterion that measures the triplet loss given input tensors ``a``, ``p``,
    ``n`` (anchor, positive and negative examples) and a margin.

    ``l = max(d(a, p) - d(a, n) + margin, 0)`` with ``d(x, y) = ||x - y + eps||_p`` over the
    last dim (``F.pairwise_distance``). Inputs: ``(N, D)`` or ``(D)``, all of the same shape;
    output: a scalar, or ``(N)`` with ``reduction="none"``.

    Args:
        margin (float): the margin. Default: ``1.0``.
        p (float): the norm degree for the pairwise distance. Default: ``2.0``.
        eps (float): a small constant added to the differences. Default: ``1e-6``.
        swap (bool): use the distance swap (``d(a, n)`` replaced by ``min(d(a, n), d(p, n))``).
            Default: ``False``.
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a, p, n = et.tensor([[0.0, 0.0]]), et.tensor([[0.0, 1.0]]), et.tensor([[0.0, 3.0]])
        ...     et.nn.TripletMarginLoss(margin=3.0, eps=0.0)(a, p, n).item()
        1.0
    """

    def __init__(
        self,
        margin: float = 1.0,
        p: float = 2.0,
        eps: float = 1e-6,
        swap: bool = False,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
    ) -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin
        self.p = p
        self.eps = eps
        self.swap = swap

    def forward(self, anchor: Any, positive: Any, negative: Any) -> Any:
        """Computes the triplet loss of ``anchor``, ``positive`` and ``negative``.

        Args:
            anchor (Tensor): ``(N, D)`` or ``(D)``.
            positive (Tensor): of ``anchor``'s shape.
            negative (Tensor): of ``anchor``'s shape.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return triplet_margin_loss(
            anchor,
            positive,
            negative,
            margin=self.margin,
            p=self.p,
            eps=self.eps,
            swap=self.swap,
            reduction=cast("Reduction", self.reduction),
            **self._legacy(),
        )


class TripletMarginWithDistanceLoss(_Loss):
    """Creates a criterion that measures the triplet loss given input tensors ``a``, ``p`` and
    ``n`` (anchor, positive and negative examples) and a real-valued distance function.

    ``l = max(d(a, p) - d(a, n) + margin, 0)``; ``distance_function`` runs on the tensors as
    given and is recorded like any other code, so each argument gets its gradient through it.
    Inputs: the same number of dims; output: a scalar, or the distances' shape with
    ``reduction="none"``. The arguments are keyword-only, as torch's.

    Args:
        distance_function (Callable, optional): a function of two tensors returning their
            distances (non-negative). Default: ``None`` (``F.pairwise_distance``).
        margin (float): the margin; must be positive. Default: ``1.0``.
        swap (bool): use the distance swap (``d(a, n)`` replaced by ``min(d(a, n), d(p, n))``).
            Default: ``False``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. Default: ``"mean"``.

    Raises:
        ConfigError: ``margin <= 0``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a, p, n = et.tensor([[0.0, 0.0]]), et.tensor([[0.0, 1.0]]), et.tensor([[0.0, 3.0]])
        ...     sq = lambda u, v: ((u - v) ** 2).sum(-1)
        ...     loss = et.nn.TripletMarginWithDistanceLoss(distance_function=sq, margin=9.0)
        ...     loss(a, p, n).item()
        1.0
    """

    def __init__(
        self,
        *,
        distance_function: Any = None,
        margin: float = 1.0,
        swap: bool = False,
        reduction: str = "mean",
    ) -> None:
        super().__init__(None, None, reduction)
        if margin <= 0:
            raise ConfigError(
                f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got "
                f"{margin} instead"
            )
        self.distance_function = distance_function
        self.margin = margin
        self.swap = swap

    def forward(self, anchor: Any, positive: Any, negative: Any) -> Any:
        """Computes the triplet loss of ``anchor``, ``positive`` and ``negative``.

        Args:
            anchor (Tensor): the anchors.
            positive (Tensor): the positive examples.
            negative (Tensor): the negative examples.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return triplet_margin_with_distance_loss(
            anchor,
            positive,
            negative,
            distance_function=self.distance_function,
            margin=self.margin,
            swap=self.swap,
            reduction=self.reduction,
        )


class MultiLabelMarginLoss(_Loss):
    """Creates a criterion that optimizes a multi-class multi-classification hinge loss
    (margin-based loss) between input ``x`` and target class indices ``y``.

    For each sample, ``l = sum_{j, i} max(0, 1 - (x[y[j]] - x[i])) / C`` over the target
    classes ``y[j]`` and the classes ``i`` not among them. The target holds int64 class ids of
    the input's shape, each sample's list ended by the first ``-1``. Input: ``(C)`` or
    ``(N, C)``; output: a scalar, or ``(N)`` with ``reduction="none"``.

    Args:
        size_average (bool, optional): deprecated (see ``reduction``). ``False`` sums the
            losses instead of averaging them; ignored when ``reduce`` is ``False``. Default:
            ``None``.
        reduce (bool, optional): deprecated (see ``reduction``). ``False`` returns a loss per
            element and ignores ``size_average``. Default: ``None``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. When ``size_average`` or ``reduce`` is given, it overrides this (torch's
            legacy rule). Default: ``"mean"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[0.1, 0.2, 0.4, 0.8]])
        ...     y = et.tensor([[3, 0, -1, 1]])
        ...     round(et.nn.MultiLabelMarginLoss()(x, y).item(), 4)
        0.85
    """

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        """Computes the loss of ``input`` against the class ids ``target``.

        Args:
            input (Tensor): ``(N, C)`` or ``(C)`` scores.
            target (Tensor): int64 class ids of ``input``'s shape, each row ended by ``-1``.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return multilabel_margin_loss(
            input, target, reduction=cast("Reduction", self.reduction), **self._legacy()
        )


class CTCLoss(_Loss):
    """The Connectionist Temporal Classification loss.

    Calculates the loss between a continuous (unsegmented) time series and a target sequence
    by summing over the probability of its possible alignments, by LibTorch's kernel.
    ``log_probs``: ``(T, N, C)`` or ``(T, C)`` log-probabilities (e.g. ``F.log_softmax`` over
    dim 2); ``targets``: int64 class ids, padded ``(N, S)`` or the ``N`` target sequences
    concatenated (1-D for an unbatched input); the lengths: one per sample, as tensors or
    sequences of ints. With ``reduction="mean"`` each loss is divided by its target length
    (at least 1) and the results averaged, as torch's. Only ``log_probs`` gets a gradient.

    Args:
        blank (int): the blank label. Default: ``0``.
        reduction (str): the reduction applied to the output: ``"none"`` | ``"mean"`` |
            ``"sum"``. Default: ``"mean"``.
        zero_infinity (bool): whether to zero infinite losses (an input too short for its
            target) and the associated gradients. Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> with et.Session():
        ...     logp = et.tensor(np.log(np.full((3, 1, 2), 0.5)))
        ...     loss = et.nn.CTCLoss()(logp, et.tensor([[1]]), [3], [1])
        ...     round(loss.item(), 4)
        0.2877
    """

    def __init__(self, blank: int = 0, reduction: str = "mean", zero_infinity: bool = False):
        super().__init__(None, None, reduction)
        self.blank = blank
        self.zero_infinity = zero_infinity

    def forward(self, log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any) -> Any:
        """Computes the CTC loss of ``log_probs`` against ``targets``.

        Args:
            log_probs (Tensor): ``(T, N, C)`` or ``(T, C)`` log-probabilities.
            targets (Tensor): int64 class ids, ``(N, S)`` padded or concatenated.
            input_lengths (Tensor or Sequence[int]): each input's length (at most ``T``).
            target_lengths (Tensor or Sequence[int]): each target's length.

        Returns:
            Tensor: the loss: a scalar, or the unreduced losses with ``reduction="none"``.
        """
        return ctc_loss(
            log_probs,
            targets,
            input_lengths,
            target_lengths,
            blank=self.blank,
            reduction=cast("Reduction", self.reduction),
            zero_infinity=self.zero_infinity,
        )
