"""``torch.nn.modules.lazy``'s import path: `LazyModuleMixin`."""

from ..lazy import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "LazyModuleMixin",
]
