"""``torch.nn.modules.conv``'s import path: the classes of `eagertape.nn.conv` and
`eagertape.nn.conv_transpose`."""

from ..conv import *  # noqa: F403
from ..conv_transpose import *  # noqa: F403

# (a literal list: the form type checkers read; both modules' `__all__`)
# ruff: noqa: F405
__all__ = [
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "ConvTranspose1d",
    "ConvTranspose2d",
    "ConvTranspose3d",
]
