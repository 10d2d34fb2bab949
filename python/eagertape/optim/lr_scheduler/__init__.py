"""Learning-rate schedulers with ``torch.optim.lr_scheduler``'s classes and semantics, on an
optimizer's ``param_groups`` (setting a group's ``lr`` sets the core optimizer's; the
momentum-cycling schedulers set ``momentum`` or ``betas`` the same way).

Each follows torch's recursive ("chainable") form: ``step()`` computes the new rates from
the groups' current ones, so schedulers compose as torch's do (two schedulers stepping the
same optimizer multiply their effects; ``ChainedScheduler`` and ``SequentialLR`` combine
them). ``step(epoch)`` (deprecated in torch) uses the closed form where torch has one.
``state_dict()`` holds everything but the optimizer (callables left out, as torch);
``get_last_lr()`` is what the last step set. The rates equal torch's step for step.
"""

from __future__ import annotations

from ._base import (
    ConstantLR,
    CosineAnnealingLR,
    ExponentialLR,
    LambdaLR,
    LinearLR,
    LRScheduler,
    MultiplicativeLR,
    MultiStepLR,
    PolynomialLR,
    StepLR,
)
from ._composite import ChainedScheduler, ReduceLROnPlateau, SequentialLR
from ._cyclic import CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR

__all__ = [
    "LRScheduler",
    "LambdaLR",
    "MultiplicativeLR",
    "StepLR",
    "MultiStepLR",
    "ConstantLR",
    "LinearLR",
    "ExponentialLR",
    "PolynomialLR",
    "CosineAnnealingLR",
    "CosineAnnealingWarmRestarts",
    "CyclicLR",
    "OneCycleLR",
    "SequentialLR",
    "ChainedScheduler",
    "ReduceLROnPlateau",
]
