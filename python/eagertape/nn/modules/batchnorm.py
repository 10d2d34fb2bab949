"""``torch.nn.modules.batchnorm``'s import path: the classes of `eagertape.nn.batchnorm` and
their lazy forms."""

from ..batchnorm import *  # noqa: F403
from ..lazy import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "LazyBatchNorm1d",
    "LazyBatchNorm2d",
    "LazyBatchNorm3d",
]
