"""``torch.nn.modules.conv``'s import path: the classes of `eagertape.nn.conv`,
`eagertape.nn.conv_transpose` and their lazy forms."""

from ..conv import *  # noqa: F403
from ..conv_transpose import *  # noqa: F403
from ..lazy import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "ConvTranspose1d",
    "ConvTranspose2d",
    "ConvTranspose3d",
    "LazyConv1d",
    "LazyConv2d",
    "LazyConv3d",
    "LazyConvTranspose1d",
    "LazyConvTranspose2d",
    "LazyConvTranspose3d",
]
