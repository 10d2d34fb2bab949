"""``torch.nn.modules.pixelshuffle``'s import path: the classes of `eagertape.nn.pixelshuffle`."""

from ..pixelshuffle import *  # noqa: F403
from ..pixelshuffle import __all__ as __all__  # noqa: F401
