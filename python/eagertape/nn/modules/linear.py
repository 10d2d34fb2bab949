"""``torch.nn.modules.linear``'s import path: the classes of `eagertape.nn.linear` and
`LazyLinear`."""

from ..lazy import *  # noqa: F403
from ..linear import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "Bilinear",
    "Identity",
    "Linear",
    "LazyLinear",
]
