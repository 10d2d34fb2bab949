"""The losses as modules (torch's ``nn.L1Loss``, ``nn.CrossEntropyLoss``, ...): each holds
its constructor's options and calls its function in ``forward(input, target)``. torch's
``size_average``/``reduce`` are taken and turned into ``reduction`` by the function, as
torch's legacy rule does. A class ``weight`` (or ``pos_weight``) is kept as given, as an
attribute: torch registers it as a buffer, so unlike torch it is not in ``state_dict()``.
"""

from __future__ import annotations

from typing import Any

from .._core import (
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cross_entropy,
    huber_loss,
    kl_div,
    l1_loss,
    mse_loss,
    nll_loss,
    smooth_l1_loss,
)
from .module import Module

__all__ = [
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
    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        return l1_loss(input, target, reduction=self.reduction, **self._legacy())


class MSELoss(_Loss):
    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        return mse_loss(input, target, reduction=self.reduction, **self._legacy())


class NLLLoss(_Loss):
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
        return nll_loss(
            input,
            target,
            weight=self.weight,
            ignore_index=self.ignore_index,
            reduction=self.reduction,
            **self._legacy(),
        )


class CrossEntropyLoss(_Loss):
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
        return cross_entropy(
            input,
            target,
            weight=self.weight,
            ignore_index=self.ignore_index,
            reduction=self.reduction,
            label_smoothing=self.label_smoothing,
            **self._legacy(),
        )


class BCELoss(_Loss):
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
        return binary_cross_entropy(
            input, target, weight=self.weight, reduction=self.reduction, **self._legacy()
        )


class BCEWithLogitsLoss(_Loss):
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
        return binary_cross_entropy_with_logits(
            input,
            target,
            weight=self.weight,
            reduction=self.reduction,
            pos_weight=self.pos_weight,
            **self._legacy(),
        )


class HuberLoss(_Loss):
    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(None, None, reduction)
        self.delta = delta

    def forward(self, input: Any, target: Any) -> Any:  # noqa: A002
        return huber_loss(input, target, reduction=self.reduction, delta=self.delta)


class SmoothL1Loss(_Loss):
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
        return smooth_l1_loss(
            input, target, reduction=self.reduction, beta=self.beta, **self._legacy()
        )


class KLDivLoss(_Loss):
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
        return kl_div(
            input, target, reduction=self.reduction, log_target=self.log_target, **self._legacy()
        )
