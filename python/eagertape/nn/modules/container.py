"""``torch.nn.modules.container``'s import path: the classes of `eagertape.nn.container` and
`eagertape.nn.parameter_container`."""

from ..container import *  # noqa: F403
from ..parameter_container import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "MLP",
    "ModuleDict",
    "ModuleList",
    "Sequential",
    "ParameterDict",
    "ParameterList",
]
