"""``torch.nn.modules.container``'s import path: the classes of `eagertape.nn.container`."""

from ..container import *  # noqa: F403
from ..container import __all__ as __all__  # noqa: F401
