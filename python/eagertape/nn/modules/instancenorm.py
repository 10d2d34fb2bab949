"""``torch.nn.modules.instancenorm``'s import path: the classes of `eagertape.nn.instancenorm`
and their lazy forms."""

from ..instancenorm import *  # noqa: F403
from ..lazy import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "InstanceNorm1d",
    "InstanceNorm2d",
    "InstanceNorm3d",
    "LazyInstanceNorm1d",
    "LazyInstanceNorm2d",
    "LazyInstanceNorm3d",
]
