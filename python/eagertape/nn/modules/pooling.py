"""``torch.nn.modules.pooling``'s import path: the classes of `eagertape.nn.pooling`,
`eagertape.nn.adaptive_pooling3d`, `eagertape.nn.lp_pooling` and `eagertape.nn.unpooling`."""

from ..adaptive_pooling3d import *  # noqa: F403
from ..lp_pooling import *  # noqa: F403
from ..pooling import *  # noqa: F403
from ..unpooling import *  # noqa: F403

# (a literal list: the form type checkers read)
# ruff: noqa: F405
__all__ = [
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool3d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AvgPool3d",
    "Fold",
    "MaxPool3d",
    "Unfold",
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AvgPool1d",
    "AvgPool2d",
    "MaxPool1d",
    "MaxPool2d",
    "LPPool1d",
    "LPPool2d",
    "LPPool3d",
    "FractionalMaxPool2d",
    "FractionalMaxPool3d",
    "MaxUnpool1d",
    "MaxUnpool2d",
    "MaxUnpool3d",
]
